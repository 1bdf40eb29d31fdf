// The store, timed: every repository, claim-queue, counter and commit call observes its duration
// in one histogram by operation and collection. Wrapped once where the store is opened
// (core/server.ts), so every adapter is measured the same way and nothing else knows.
// Per call: two performance.now() and one observation on a child made once per label pair; the
// wrappers themselves are made once per repository.
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
    return this.settle(operation, performance.now(), call());
  }

  /**
   * Observes `pending` once it settles, as started at `started`. The repository methods call this
   * directly: no closure per call on the request path.
   */
  async settle<R>(operation: string, started: number, pending: Promise<R>): Promise<R> {
    try {
      return await pending;
    } finally {
      this.child(operation).observe((performance.now() - started) / 1000);
    }
  }

  private child(operation: string): Histogram.Internal<'operation' | 'collection'> {
    let child = this.children.get(operation);
    if (!child) {
      child = this.histogram.labels(operation, this.collection);
      this.children.set(operation, child);
    }
    return child;
  }
}

/**
 * A repository, timed. One per inner repository (timedCollection keeps them), as the store keeps
 * one inner repository per tenant scope. Each method reads the clock before the call starts.
 */
class TimedRepository<T> implements Repository<T> {
  readonly ops: Repository<T>['ops'];

  constructor(
    private readonly inner: Repository<T>,
    private readonly timers: OperationTimers,
  ) {
    this.ops = inner.ops;
    Object.freeze(this);
  }

  get(id: string) {
    return this.timers.settle('get', performance.now(), this.inner.get(id));
  }
  findOne(filter: Filter) {
    return this.timers.settle('findOne', performance.now(), this.inner.findOne(filter));
  }
  insert(doc: T & { id: string }) {
    return this.timers.settle('insert', performance.now(), this.inner.insert(doc));
  }
  update(id: string, changes: Partial<T>, options?: UpdateOptions) {
    return this.timers.settle('update', performance.now(), this.inner.update(id, changes, options));
  }
  delete(id: string, options?: UpdateOptions) {
    return this.timers.settle('delete', performance.now(), this.inner.delete(id, options));
  }
  deleteMany(filter: Filter) {
    return this.timers.settle('deleteMany', performance.now(), this.inner.deleteMany(filter));
  }
  list(query: ListQuery) {
    return this.timers.settle('list', performance.now(), this.inner.list(query));
  }
  count(filter?: Filter) {
    return this.timers.settle('count', performance.now(), this.inner.count(filter));
  }
  countBy(field: string, filter?: Filter) {
    return this.timers.settle('countBy', performance.now(), this.inner.countBy(field, filter));
  }
  searchTerms(args: { terms: string[]; filter?: Filter; limit: number }) {
    return this.timers.settle('searchTerms', performance.now(), this.inner.searchTerms(args));
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
  // Keyed by the inner repository, which the store keeps per scope (core/store/handle.ts): a
  // wrapper lives as long as its repository, and a keyed request builds none.
  const timed = new WeakMap<Repository<T>, TimedRepository<T>>();
  const wrap = (repository: Repository<T>): Repository<T> => {
    let wrapper = timed.get(repository);
    if (!wrapper) timed.set(repository, (wrapper = new TimedRepository(repository, timers)));
    return wrapper;
  };
  return {
    definition: inner.definition,
    claims: inner.claims ? timedClaims(inner.claims, timers) : null,
    forTenant: (scope: TenantScope) => wrap(inner.forTenant(scope)),
    global: () => wrap(inner.global()),
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
    isDeclared: (name) => store.isDeclared(name),
    init: () => store.init(),
    pendingChanges: () => store.pendingChanges(),
    commit: (ops: WriteOp[]) => timers.time('commit', () => store.commit(ops)),
    counters,
    ping: () => timers.time('ping', () => store.ping()),
    close: () => store.close(),
  };
}
