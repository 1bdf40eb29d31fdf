// Knowledge indexes in memory, one per chatbot (and language), each kept under the knowledge
// revision it was built at. Every question reads the revision (a counter and a count, one cheap
// read), so a change made on any instance reaches every instance:
// - the first question of a chatbot waits for its index to be built;
// - after a change, the next question starts a rebuild in the background and waits for it at most
//   FRESH_WAIT_MS, else it is answered from the previous index (a large knowledge base being
//   imported is rebuilt over and over; questions meanwhile must not queue behind each build);
// - one build at a time per chatbot: changes made during a build are taken up by the next one;
// - MAX_BUILDS at a time across all chatbots, the others waiting their turn (first builds, which a
//   question waits for, before rebuilds, which the previous index covers).
// The least recently used indexes are dropped when the memory budget is exceeded.
import type { Logger } from 'pino';
import type { TenantScope } from '../../../core/index.js';
import type { StoredChunk } from '../collections.js';
import { KnowledgeIndex } from './knowledge-index.js';

/** How long a question waits for a rebuild before it is answered from the previous index. */
export const FRESH_WAIT_MS = 100;
/**
 * Builds running at once across the cache. After a restart, the first questions to N chatbots
 * would otherwise start N builds together: they share one event loop (a build yields every few
 * milliseconds, so N at once each take N times as long) and hold N half-built indexes in memory.
 */
export const MAX_BUILDS = 2;

export interface IndexSource {
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
  /** The chatbot's chunks, page by page, in id order. */
  chunks(tenant: TenantScope, chatbotId: string): AsyncIterable<StoredChunk[]>;
}

interface Entry {
  /** The newest index built, and the revision it was built at. */
  ready: { index: KnowledgeIndex; revision: string } | null;
  /** The build under way or waiting for its turn. */
  building: Promise<KnowledgeIndex> | null;
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
  /** Builds running now, and waiting for their turn. */
  running: number;
  waiting: number;
}

export class KnowledgeIndexCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counts = { builds: 0, hits: 0, stale: 0 };
  private running = 0;
  /** Builds waiting for their turn, first builds (a question waits for them) before rebuilds. */
  private readonly waiting = { first: [] as Array<() => void>, rebuild: [] as Array<() => void> };

  constructor(
    private readonly source: IndexSource,
    private readonly budgetBytes: number,
    private readonly logger?: Logger,
    /** Told of every question's lookup: hit when the index is current (the metrics' cache_lookups_total). */
    private readonly onLookup?: (hit: boolean) => void,
  ) {}

  async indexFor(tenant: TenantScope, chatbotId: string, language: string): Promise<KnowledgeIndex> {
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${language}`;
    const revision = await this.source.revision(tenant, chatbotId);
    const entry = this.entries.get(key) ?? { ready: null, building: null, wanted: revision };
    this.entries.delete(key); // re-inserted: Map order is the recency order
    this.entries.set(key, entry);
    entry.wanted = revision;

    const hit = entry.ready?.revision === revision;
    this.onLookup?.(hit);
    if (hit) {
      this.counts.hits++;
      return entry.ready!.index;
    }
    const building = entry.building ?? this.build(key, entry, tenant, chatbotId, language);
    if (!entry.ready) return building;
    const previous = entry.ready.index;
    let timer: NodeJS.Timeout | undefined;
    const fresh = await Promise.race([
      building.catch(() => previous),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FRESH_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (fresh) return fresh;
    this.counts.stale++;
    return previous;
  }

  /** Resolves once no build runs or waits, including rebuilds that builds started (tests wait for it). */
  async idle(): Promise<void> {
    for (;;) {
      const builds = [...this.entries.values()].flatMap((entry) => (entry.building ? [entry.building] : []));
      if (builds.length === 0) return;
      await Promise.allSettled(builds);
    }
  }

  stats(): IndexCacheStats {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.ready?.index.bytes ?? 0;
    return { indexes: this.entries.size, bytes, ...this.counts, running: this.running, waiting: this.waiting.first.length + this.waiting.rebuild.length };
  }

  private build(key: string, entry: Entry, tenant: TenantScope, chatbotId: string, language: string): Promise<KnowledgeIndex> {
    const first = entry.ready === null;
    const promise = (async () => {
      await this.turn(first);
      // The newest revision seen when the build starts: changes made while it waited are in it.
      const revision = entry.wanted;
      this.counts.builds++;
      let index: KnowledgeIndex;
      try {
        index = await KnowledgeIndex.build(language, this.source.chunks(tenant, chatbotId));
      } catch (error) {
        // Not kept: the next question tries again (and, with no index yet, sees the error).
        entry.building = null;
        this.logger?.error({ err: error, chatbot_id: chatbotId }, 'a knowledge index could not be built');
        throw error;
      } finally {
        this.passTurn();
      }
      entry.building = null;
      entry.ready = { index, revision };
      // Changed while building (a question saw a newer revision): build again at once.
      if (entry.wanted !== revision && this.entries.get(key) === entry) this.build(key, entry, tenant, chatbotId, language);
      this.evict(entry);
      return index;
    })();
    // A failure is logged above and reaches the questions that wait; a rebuild nobody waits for
    // must not end the process as an unhandled rejection.
    promise.catch(() => {});
    entry.building = promise;
    return promise;
  }

  /** Resolves when the build may run: at once while fewer than MAX_BUILDS run, else in its turn. */
  private turn(first: boolean): Promise<void> {
    if (this.running < MAX_BUILDS) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.waiting.first : this.waiting.rebuild).push(resolve));
  }

  /** A build ended: its turn passes to the next waiting one. */
  private passTurn(): void {
    const next = this.waiting.first.shift() ?? this.waiting.rebuild.shift();
    if (next) next();
    else this.running--;
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
