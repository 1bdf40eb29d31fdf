// Knowledge indexes in memory, one per chatbot (and language), each kept under the knowledge
// revision it was built at. Every question reads the revision (a counter and a count, one cheap
// read), so a change made on any instance reaches every instance:
// - the first question of a chatbot waits for its index to be built;
// - after a change, the next question starts a rebuild in the background and waits for it at most
//   FRESH_WAIT_MS, else it is answered from the previous index (a large knowledge base being
//   imported is rebuilt over and over; questions meanwhile must not queue behind each build);
// - one build at a time per chatbot: changes made during a build are taken up by the next one.
// The least recently used indexes are dropped when the memory budget is exceeded.
import type { Logger } from 'pino';
import type { TenantScope } from '../../../core/store/types.js';
import type { StoredChunk } from '../store.js';
import { KnowledgeIndex } from './knowledge-index.js';

/** How long a question waits for a rebuild before it is answered from the previous index. */
export const FRESH_WAIT_MS = 100;

export interface IndexSource {
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
  /** The chatbot's chunks, page by page, in id order. */
  chunks(tenant: TenantScope, chatbotId: string): AsyncIterable<StoredChunk[]>;
}

interface Entry {
  /** The newest index built, and the revision it was built at. */
  ready: { index: KnowledgeIndex; revision: string } | null;
  /** The build under way, and the revision it was started for. */
  building: { promise: Promise<KnowledgeIndex>; revision: string } | null;
  /** The newest revision a question saw: the next build's target. */
  wanted: string;
}

export interface IndexCacheStats {
  indexes: number;
  bytes: number;
  builds: number;
  hits: number;
  /** Questions answered from the previous index while a rebuild was under way. */
  stale: number;
}

export class KnowledgeIndexCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counts = { builds: 0, hits: 0, stale: 0 };

  constructor(
    private readonly source: IndexSource,
    private readonly budgetBytes: number,
    private readonly logger?: Logger,
  ) {}

  async indexFor(tenant: TenantScope, chatbotId: string, language: string): Promise<KnowledgeIndex> {
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${language}`;
    const revision = await this.source.revision(tenant, chatbotId);
    const entry = this.entries.get(key) ?? { ready: null, building: null, wanted: revision };
    this.entries.delete(key); // re-inserted: Map order is the recency order
    this.entries.set(key, entry);
    entry.wanted = revision;

    if (entry.ready?.revision === revision) {
      this.counts.hits++;
      return entry.ready.index;
    }
    const building = entry.building ?? this.build(key, entry, tenant, chatbotId, language);
    if (!entry.ready) return building.promise;
    const previous = entry.ready.index;
    let timer: NodeJS.Timeout | undefined;
    const fresh = await Promise.race([
      building.promise.catch(() => previous),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FRESH_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (fresh) return fresh;
    this.counts.stale++;
    return previous;
  }

  stats(): IndexCacheStats {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.ready?.index.bytes ?? 0;
    return { indexes: this.entries.size, bytes, ...this.counts };
  }

  private build(key: string, entry: Entry, tenant: TenantScope, chatbotId: string, language: string): NonNullable<Entry['building']> {
    this.counts.builds++;
    const revision = entry.wanted;
    const promise = KnowledgeIndex.build(language, this.source.chunks(tenant, chatbotId));
    const building = { promise, revision };
    entry.building = building;
    promise.then(
      (index) => {
        entry.building = null;
        entry.ready = { index, revision };
        // Changed while building (a question saw a newer revision): build again at once.
        if (entry.wanted !== revision && this.entries.get(key) === entry) this.build(key, entry, tenant, chatbotId, language);
        this.evict(entry);
      },
      (error: unknown) => {
        // Not kept: the next question tries again (and, with no index yet, sees the error).
        entry.building = null;
        this.logger?.error({ err: error, chatbot_id: chatbotId }, 'a knowledge index could not be built');
      },
    );
    return building;
  }

  /** Drops the least recently used indexes until the budget holds; the one just built stays. */
  private evict(keep: Entry): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.ready?.index.bytes ?? 0;
    for (const [key, entry] of this.entries) {
      if (total <= this.budgetBytes) return;
      if (entry === keep || entry.building) continue; // the one just built, and builds in flight
      this.entries.delete(key);
      total -= entry.ready?.index.bytes ?? 0;
    }
    if (total > this.budgetBytes) {
      this.logger?.warn({ bytes: keep.ready?.index.bytes, budget_bytes: this.budgetBytes }, 'one knowledge index is larger than knowledge.index_memory_mb');
    }
  }
}
