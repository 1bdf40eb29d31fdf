// What the server measures for Prometheus (GET /metrics, plugins/metrics): one registry per server
// instance, so tests that start several servers in one process never meet "already registered".
// Disabled, `platform.metrics` is DISABLED_METRICS: every record call is an empty function and the
// store is not wrapped, so switching metrics off costs nothing on the request path.
//
// Every figure is this process's own (requests it served, deliveries it sent, lookups of its
// caches); Prometheus sums the instances. Queue depths are the exception: they are read from the
// shared store, so every instance reports the same value (take max, not sum, across instances).
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { ClaimQueue, Store } from '../store/types.js';
import { instrumentStore } from './store.js';

/** Every metric name starts with this, prom-client's default process metrics too. */
export const METRIC_PREFIX = 'chatbot_platform_';

/**
 * Store calls: SQLite answers in tens of microseconds, a MongoDB server in about a millisecond; a
 * slow one in tens of milliseconds is what to see.
 */
const STORE_BUCKETS_SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface PlatformMetrics {
  readonly enabled: boolean;
  /** The server's own registry; null when metrics are off. */
  readonly registry: Registry | null;
  /** The claim queues the store declared (name → queue), for the queue depths; empty when off. */
  readonly claimQueues: ReadonlyMap<string, ClaimQueue<unknown>>;
  /** The store, timed per operation; the store itself when off. Called once, where the store is opened. */
  instrumentStore(store: Store): Store;
  /**
   * One lookup of an in-memory cache. `cache` is a fixed name per cache (`knowledge_index`,
   * `api_key`), never anything taken from a request: each name is a label value kept for ever.
   */
  recordCacheLookup(cache: string, hit: boolean): void;
  /**
   * The end of one delivery attempt, as the delivery's status after it: `succeeded`, `pending`
   * (a retry is scheduled), `failed` (given up) or `cancelled` (the endpoint went away).
   */
  recordWebhookDelivery(status: string | undefined): void;
}

export const DISABLED_METRICS: PlatformMetrics = Object.freeze({
  enabled: false,
  registry: null,
  claimQueues: new Map(),
  instrumentStore: (store: Store) => store,
  recordCacheLookup: () => {},
  recordWebhookDelivery: () => {},
});

/** The delivery statuses a counter may carry: anything else would be a label value nobody declared. */
const DELIVERY_OUTCOMES = new Set(['succeeded', 'pending', 'failed', 'cancelled']);

export function createMetrics(settings: { enabled: boolean }): PlatformMetrics {
  if (!settings.enabled) return DISABLED_METRICS;
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });

  const cacheLookups = new Counter({
    name: `${METRIC_PREFIX}cache_lookups_total`,
    help: 'Lookups of in-memory caches by cache and result (hit or miss), this process',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  const webhookDeliveries = new Counter({
    name: `${METRIC_PREFIX}webhook_deliveries_total`,
    help: 'Webhook delivery attempts sent by this process, by outcome: succeeded, pending (retry scheduled), failed (given up), cancelled',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const storeOperations = new Histogram({
    name: `${METRIC_PREFIX}store_operation_duration_seconds`,
    help: 'Store calls by operation and collection (empty for store-wide calls: commit, counters, ping), this process',
    labelNames: ['operation', 'collection'] as const,
    buckets: STORE_BUCKETS_SECONDS,
    registers: [registry],
  });
  // Children made once per (cache, result): a lookup then costs one increment, not a label lookup.
  const lookupCounters = new Map<string, { hit: Counter.Internal; miss: Counter.Internal }>();
  const claimQueues = new Map<string, ClaimQueue<unknown>>();

  return {
    enabled: true,
    registry,
    claimQueues,
    instrumentStore: (store) =>
      instrumentStore(store, storeOperations, (name, queue) => claimQueues.set(name, queue as ClaimQueue<unknown>)),
    recordCacheLookup(cache, hit) {
      let counters = lookupCounters.get(cache);
      if (!counters) {
        counters = { hit: cacheLookups.labels(cache, 'hit'), miss: cacheLookups.labels(cache, 'miss') };
        // Both series from the first lookup, so a hit ratio is 0, not missing, while nothing hits.
        counters.hit.inc(0);
        counters.miss.inc(0);
        lookupCounters.set(cache, counters);
      }
      (hit ? counters.hit : counters.miss).inc();
    },
    recordWebhookDelivery(status) {
      webhookDeliveries.labels(status && DELIVERY_OUTCOMES.has(status) ? status : 'unknown').inc();
    },
  };
}
