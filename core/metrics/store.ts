// The store, timed: every repository, claim-queue, counter and commit call observes its duration
// in one histogram by operation and collection. Wrapped once where the store is opened
// (core/server.ts), so every adapter is measured the same way and nothing else knows.
// Per call: two performance.now() and one observation on a child made once per label pair.
import { performance } from 'node:perf_hooks';
import type { Histogram } from 'prom-client';
import type {
  ClaimQueue,
  Collection,
  CollectionDefinition,
  CounterStore,
  Filter,
  ListQuery,
  Repository,
  Scalar,
  Store,
  TenantScope,
  UpdateOptions,
  WriteOp,
} from '../store/types.js';

type OperationHistogram = Histogram<'operation' | 'collection'>;

/** The histogram's children of one collection (or of the store-wide calls), made on first use. */
class OperationTimers {
  private readonly children = new Map<string, Histogram.Internal<'operation' | 'collection'>>();

  constructor(
    private readonly histogram: OperationHistogram,
    private readonly collection: string,
  ) {}

  time<R>(operation: string, call: () => Promise<R>): Promise<R> {
    let child = this.children.get(operation);
    if (!child) {
      child = this.histogram.labels(operation, this.collection);
      this.children.set(operation, child);
    }
    const started = performance.now();
    const observe = child.observe;
    return call().then(
      (value) => {
        observe((performance.now() - started) / 1000);
        return value;
      },
      (error: unknown) => {
        observe((performance.now() - started) / 1000);
        throw error;
      },
    );
  }
}

class TimedRepository<T> implements Repository<T> {
  constructor(
    private readonly inner: Repository<T>,
    private readonly timers: OperationTimers,
  ) {}

  get ops() {
    return this.inner.ops;
  }
  get(id: string) {
    return this.timers.time('get', () => this.inner.get(id));
  }
  findOne(filter: Filter) {
    return this.timers.time('findOne', () => this.inner.findOne(filter));
  }
  insert(doc: T & { id: string }) {
    return this.timers.time('insert', () => this.inner.insert(doc));
  }
  update(id: string, changes: Partial<T>, options?: UpdateOptions) {
    return this.timers.time('update', () => this.inner.update(id, changes, options));
  }
  delete(id: string, options?: UpdateOptions) {
    return this.timers.time('delete', () => this.inner.delete(id, options));
  }
  deleteMany(filter: Filter) {
    return this.timers.time('deleteMany', () => this.inner.deleteMany(filter));
  }
  list(query: ListQuery) {
    return this.timers.time('list', () => this.inner.list(query));
  }
  count(filter?: Filter) {
    return this.timers.time('count', () => this.inner.count(filter));
  }
  countBy(field: string, filter?: Filter) {
    return this.timers.time('countBy', () => this.inner.countBy(field, filter));
  }
  searchTerms(args: { terms: string[]; filter?: Filter; limit: number }) {
    return this.timers.time('searchTerms', () => this.inner.searchTerms(args));
  }
}

function timedClaims<T>(inner: ClaimQueue<T>, timers: OperationTimers): ClaimQueue<T> {
  return {
    claimDue: (args) => timers.time('claims.claimDue', () => inner.claimDue(args)),
    complete: (args) => timers.time('claims.complete', () => inner.complete(args)),
    completeAll: (args) => timers.time('claims.completeAll', () => inner.completeAll(args)),
    release: (args) => timers.time('claims.release', () => inner.release(args)),
    extendLease: (args) => timers.time('claims.extendLease', () => inner.extendLease(args)),
    countDue: (args) => timers.time('claims.countDue', () => inner.countDue(args)),
  };
}

function timedCollection<T>(inner: Collection<T>, histogram: OperationHistogram): Collection<T> {
  const timers = new OperationTimers(histogram, inner.definition.name);
  return {
    definition: inner.definition,
    claims: inner.claims ? timedClaims(inner.claims, timers) : null,
    forTenant: (scope: TenantScope) => new TimedRepository(inner.forTenant(scope), timers),
    global: () => new TimedRepository(inner.global(), timers),
    findUniqueAcrossTenants: (field: string, value: Scalar) =>
      timers.time('findUniqueAcrossTenants', () => inner.findUniqueAcrossTenants(field, value)),
    deleteExpired: (args) => timers.time('deleteExpired', () => inner.deleteExpired(args)),
  };
}

/**
 * The store with every call timed. `onClaimQueue` learns each collection that declares claims, so
 * the queue depths cover every work queue without the plugins that own them doing anything.
 */
export function instrumentStore(
  store: Store,
  histogram: OperationHistogram,
  onClaimQueue: (name: string, queue: ClaimQueue<unknown>) => void,
): Store {
  const timers = new OperationTimers(histogram, '');
  const counters: CounterStore = {
    increment: (scope, name, expiresAt, by) => timers.time('counters.increment', () => store.counters.increment(scope, name, expiresAt, by)),
    get: (scope, name) => timers.time('counters.get', () => store.counters.get(scope, name)),
    sweepExpired: (now) => timers.time('counters.sweepExpired', () => store.counters.sweepExpired(now)),
  };
  return {
    engine: store.engine,
    capabilities: store.capabilities,
    collection<T>(definition: CollectionDefinition): Collection<T> {
      const collection = timedCollection(store.collection<T>(definition), histogram);
      if (collection.claims) onClaimQueue(definition.name, collection.claims as ClaimQueue<unknown>);
      return collection;
    },
    init: () => store.init(),
    commit: (ops: WriteOp[]) => timers.time('commit', () => store.commit(ops)),
    counters,
    ping: () => timers.time('ping', () => store.ping()),
    close: () => store.close(),
  };
}
