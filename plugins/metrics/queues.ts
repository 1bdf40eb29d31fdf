// Queue depths, read at scrape time from the store: for every work queue (each collection that
// declares claims: knowledge items to process, webhook deliveries, events to fan out, analytics
// roll-up cursors, reactions, conversations to close), how many records are due and not leased.
// Each is one count on the due field's index, bounded by DEPTH_CAP, and the figures are kept for
// CACHE_MS so a fast or duplicated scraper cannot turn into load on the store.
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { METRIC_PREFIX, type ClaimQueue } from '../../core/index.js';

/** Counting stops here: past it, "at least this many" says all an alert needs. */
export const DEPTH_CAP = 10_000;
/** Scrapes within this long of the last count get its figures. */
export const CACHE_MS = 5_000;

export function registerQueueDepths(
  registry: Registry,
  queues: ReadonlyMap<string, ClaimQueue<unknown>>,
  now: () => Date,
  logger: Logger,
): void {
  // Ages by the platform clock, so tests can move past CACHE_MS without waiting.
  let last: { at: number; depths: Array<[string, number]> } | null = null;
  let counting: Promise<Array<[string, number]>> | null = null;

  async function countAll(): Promise<Array<[string, number]>> {
    const at = now();
    return Promise.all(
      [...queues].map(async ([name, queue]): Promise<[string, number]> => [name, await queue.countDue({ now: at, limit: DEPTH_CAP })]),
    );
  }

  /** The cached figures, or one count shared by every scrape that arrives while it runs. */
  async function depths(): Promise<Array<[string, number]>> {
    const age = last ? now().getTime() - last.at : -1;
    if (last && age >= 0 && age < CACHE_MS) return last.depths; // a clock set back counts again
    counting ??= countAll()
      .then((counted) => {
        last = { at: now().getTime(), depths: counted };
        return counted;
      })
      .finally(() => (counting = null));
    return counting;
  }

  new Gauge({
    name: `${METRIC_PREFIX}queue_depth`,
    help: `Records due and waiting in each work queue, from the shared store (the same on every instance), counted up to ${DEPTH_CAP}, refreshed at most every ${CACHE_MS / 1000} s`,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [queue, depth] of await depths()) this.set({ queue }, depth);
      } catch (error) {
        // The rest of the scrape is still worth having; the queues are missing until the store answers.
        logger.warn({ err: error }, 'queue depths could not be counted for /metrics');
      }
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}queue_depth_cap`,
    help: 'queue_depth counts up to this; a depth equal to it means at least this many',
    registers: [registry],
  }).set(DEPTH_CAP);
}
