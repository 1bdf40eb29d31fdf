// Knowledge indexes in memory, one per chatbot (and language), each kept under the knowledge
// revision it was built at: every question reads the revision (a counter and a count, one cheap
// read), so a change made on any instance is seen by every instance at the next question. Builds
// are shared (a burst of questions builds once) and the least recently used indexes are dropped
// when the memory budget is exceeded.
import type { Logger } from 'pino';
import type { TenantScope } from '../../../core/store/types.js';
import type { StoredChunk } from '../store.js';
import { KnowledgeIndex } from './knowledge-index.js';

export interface IndexSource {
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
  /** The chatbot's chunks, page by page, in id order. */
  chunks(tenant: TenantScope, chatbotId: string): AsyncIterable<StoredChunk[]>;
}

interface Entry {
  revision: string;
  index: Promise<KnowledgeIndex>;
  /** Known once the build is done. */
  bytes: number;
}

export interface IndexCacheStats {
  indexes: number;
  bytes: number;
  builds: number;
  hits: number;
}

export class KnowledgeIndexCache {
  private readonly entries = new Map<string, Entry>();
  private builds = 0;
  private hits = 0;

  constructor(
    private readonly source: IndexSource,
    private readonly budgetBytes: number,
    private readonly logger?: Logger,
  ) {}

  async indexFor(tenant: TenantScope, chatbotId: string, language: string): Promise<KnowledgeIndex> {
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${language}`;
    const revision = await this.source.revision(tenant, chatbotId);
    let entry = this.entries.get(key);
    this.entries.delete(key); // re-inserted below: Map order is the recency order
    if (entry && entry.revision === revision) {
      this.hits++;
    } else {
      this.builds++;
      const built: Entry = { revision, bytes: 0, index: KnowledgeIndex.build(language, this.source.chunks(tenant, chatbotId)) };
      built.index.then(
        (index) => {
          built.bytes = index.bytes;
          this.evict(built);
        },
        // A failed build is not kept: the next question tries again.
        () => this.entries.get(key) === built && this.entries.delete(key),
      );
      entry = built;
    }
    this.entries.set(key, entry);
    return entry.index;
  }

  stats(): IndexCacheStats {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.bytes;
    return { indexes: this.entries.size, bytes, builds: this.builds, hits: this.hits };
  }

  /** Drops the least recently used indexes until the budget holds; the one just built stays. */
  private evict(keep: Entry): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    for (const [key, entry] of this.entries) {
      if (total <= this.budgetBytes) return;
      if (entry === keep || entry.bytes === 0) continue; // the one just built, and builds in flight
      this.entries.delete(key);
      total -= entry.bytes;
    }
    if (total > this.budgetBytes) {
      this.logger?.warn({ bytes: keep.bytes, budget_bytes: this.budgetBytes }, 'one knowledge index is larger than knowledge.index_memory_mb');
    }
  }
}
