// The part of a Collection that is the same for every adapter: binding a tenant scope, building
// write ops, and routing each call through the adapter's error mapping. An adapter implements
// only CollectionEngine, the engine-specific work on one collection.
import { RecordNotFoundError, StoreUsageError } from './errors.js';
import { assertCollectionDefinition, assertFieldPath, assertNotBinary, assertSearchTerms } from './fields.js';
import type {
  ClaimedRecord,
  ClaimQueue,
  Collection,
  CollectionDefinition,
  DocumentUpgrade,
  Filter,
  GroupCount,
  ListQuery,
  Repository,
  Scalar,
  Stored,
  TenantScope,
  TermSearchResult,
  WriteOp,
  WriteOps,
} from './types.js';

type Doc = Record<string, unknown>;
type MaybePromise<T> = T | Promise<T>;

/**
 * Tenant repositories kept per collection, least recently used dropped first. Each is ~5 KB (its
 * closures; measured), so with ~25 tenant collections the bound holds them to ~12 MB; past it, the
 * busiest tenants keep theirs and the others are rebuilt per call, as before there was a cache.
 */
const MAX_CACHED_REPOSITORIES = 100;

/** What an adapter does for one collection. `scope` is null for global collections. */
export interface CollectionEngine {
  readonly definition: CollectionDefinition;
  get(scope: TenantScope | null, id: string): MaybePromise<Stored<Doc> | null>;
  list(scope: TenantScope | null, query: ListQuery): MaybePromise<Stored<Doc>[]>;
  count(scope: TenantScope | null, filter?: Filter): MaybePromise<number>;
  countBy(scope: TenantScope | null, field: string, filter?: Filter): MaybePromise<GroupCount[]>;
  searchTerms(
    scope: TenantScope | null,
    args: { terms: string[]; filter?: Filter; limit: number },
  ): MaybePromise<TermSearchResult<Doc>>;
  findUniqueAcrossTenants(field: string, value: Scalar): MaybePromise<{ record: Stored<Doc>; scope: TenantScope } | null>;
  insert(scope: TenantScope | null, doc: Doc & { id: string }): MaybePromise<Stored<Doc>>;
  update(scope: TenantScope | null, id: string, changes: Doc, ifVersion?: number): MaybePromise<Stored<Doc> | null>;
  delete(scope: TenantScope | null, id: string, ifVersion?: number): MaybePromise<boolean>;
  deleteMany(scope: TenantScope | null, filter: Filter): MaybePromise<number>;
  claimDue(args: { now: Date; owner: string; leaseMs: number; limit: number; filter?: Filter }): MaybePromise<
    ClaimedRecord<Doc>[]
  >;
  completeClaim(args: { id: string; owner: string; now: Date; changes: Doc }): MaybePromise<boolean>;
  completeClaims(args: { owner: string; now: Date; completions: Array<{ id: string; changes: Doc }> }): MaybePromise<string[]>;
  releaseClaim(args: { id: string; owner: string; now: Date }): MaybePromise<boolean>;
  extendLease(args: { id: string; owner: string; now: Date; leaseMs: number }): MaybePromise<boolean>;
  countDue(args: { now: Date; limit: number }): MaybePromise<number>;
  deleteExpired(args: { field: string; before: Date; limit: number }): MaybePromise<number>;
}

/**
 * Runs one engine call, mapping the driver's errors to typed store errors. `access` is 'read' for
 * calls that write nothing (an adapter may skip write bookkeeping: SQLite's checkpoint requests);
 * a call not marked so is taken to write.
 */
export type EngineRunner = <R>(work: () => MaybePromise<R>, access?: 'read') => Promise<R>;

// The casts below only re-attach T: engines store and return plain JSON documents.
export function collectionHandle<T>(engine: CollectionEngine, run: EngineRunner): Collection<T> {
  const { definition } = engine;
  /** A filter's or a sort's fields, checked against the binary field (a query there would differ per store). */
  const queryable = (filter?: Filter, ...fields: string[]) => assertNotBinary(definition, [...Object.keys(filter ?? {}), ...fields]);

  function repository(scope: TenantScope | null): Repository<T> {
    const name = definition.name;
    const ops: WriteOps<T> = {
      insert: (doc) => ({ kind: 'insert', collection: name, scope, doc: doc as Doc & { id: string } }),
      update: (id, changes, options) => ({
        kind: 'update',
        collection: name,
        scope,
        id,
        changes: changes as Doc,
        ifVersion: options?.ifVersion,
      }),
      delete: (id, options) => ({ kind: 'delete', collection: name, scope, id, ifVersion: options?.ifVersion }),
      deleteMany: (filter) => {
        queryable(filter);
        return { kind: 'deleteMany', collection: name, scope, filter };
      },
    };
    const bound: Repository<T> = {
      ops: Object.freeze(ops),
      get: (id) => run(() => engine.get(scope, id), 'read') as never,
      findOne: (filter) => run(async () => (queryable(filter), (await engine.list(scope, { filter, limit: 1 }))[0] ?? null), 'read') as never,
      insert: (doc) => run(() => engine.insert(scope, doc as Doc & { id: string })) as never,
      update: (id, changes, options) => run(() => engine.update(scope, id, changes as Doc, options?.ifVersion)) as never,
      delete: (id, options) => run(() => engine.delete(scope, id, options?.ifVersion)),
      deleteMany: (filter) => run(() => (queryable(filter), engine.deleteMany(scope, filter))),
      list: (query) => run(() => (queryable(query.filter, ...(query.sort ? [query.sort.field] : [])), engine.list(scope, query)), 'read') as never,
      count: (filter) => run(() => (queryable(filter), engine.count(scope, filter)), 'read'),
      countBy: (field, filter) => run(() => (queryable(filter, field), engine.countBy(scope, field, filter)), 'read'),
      searchTerms: (args) => {
        if (!definition.search) throw new StoreUsageError(`${definition.name} does not declare search`);
        const terms = assertSearchTerms(definition.name, args.terms);
        if (terms.length === 0) return Promise.resolve({ hits: [], documentFrequency: {}, total: 0 });
        return run(() => engine.searchTerms(scope, { ...args, terms }), 'read') as never;
      },
    };
    return Object.freeze(bound);
  }

  const claims: ClaimQueue<T> | null = definition.claims
    ? {
        claimDue: (args) => run(() => (queryable(args.filter), engine.claimDue(args))) as never,
        complete: (args) => run(() => engine.completeClaim(args as { id: string; owner: string; now: Date; changes: Doc })),
        completeAll: (args) =>
          run(() => engine.completeClaims(args as { owner: string; now: Date; completions: Array<{ id: string; changes: Doc }> })),
        release: (args) => run(() => engine.releaseClaim(args)),
        extendLease: (args) => run(() => engine.extendLease(args)),
        countDue: (args) => run(() => engine.countDue(args), 'read'),
      }
    : null;

  // A repository holds nothing but its scope, so one per tenant scope serves every call: building
  // its dozen closures on each forTenant() was measurable on a keyed read (issue 17). Frozen, as it
  // is shared. The bound keeps many tenants from growing the map without limit.
  const tenantRepositories = new Map<string, Repository<T>>();
  let globalRepository: Repository<T> | null = null;

  return {
    definition,
    claims,
    forTenant(scope) {
      if (definition.scope !== 'tenant') throw new StoreUsageError(`${definition.name} is global`);
      if (!scope?.accountId) throw new StoreUsageError(`${definition.name} needs a tenant scope`);
      // Checked before the lookup: with the mode one of two words, the key names one scope only
      // (an unchecked mode could make "live:x" + "y" collide with "live" + "x:y").
      if (scope.mode !== 'live' && scope.mode !== 'test') throw new StoreUsageError(`${definition.name}: a scope's mode is live or test`);
      const key = `${scope.mode}:${scope.accountId}`;
      let cached = tenantRepositories.get(key);
      if (cached) {
        tenantRepositories.delete(key); // to the end: Map order is recency order
      } else {
        cached = repository(Object.freeze({ accountId: scope.accountId, mode: scope.mode }));
        if (tenantRepositories.size >= MAX_CACHED_REPOSITORIES) tenantRepositories.delete(tenantRepositories.keys().next().value!);
      }
      tenantRepositories.set(key, cached);
      return cached;
    },
    global() {
      if (definition.scope !== 'global') throw new StoreUsageError(`${definition.name} is a tenant collection`);
      return (globalRepository ??= repository(null));
    },
    findUniqueAcrossTenants: (field, value) => run(() => engine.findUniqueAcrossTenants(field, value), 'read') as never,
    deleteExpired: (args) => {
      assertFieldPath(args.field);
      return run(() => engine.deleteExpired(args));
    },
  };
}

/**
 * The registry step of Store.collection(), the same for every adapter: validate the definition,
 * refuse a second, different declaration of a name, and refuse declarations after init().
 */
export function declareCollection<E extends { definition: CollectionDefinition }>(
  registry: Map<string, E>,
  definition: CollectionDefinition,
  initialized: boolean,
  createEngine: () => E,
): E {
  assertCollectionDefinition(definition);
  const existing = registry.get(definition.name);
  if (existing) {
    if (JSON.stringify(existing.definition) !== JSON.stringify(definition)) {
      throw new StoreUsageError(`Collection ${definition.name} is declared twice with different definitions`);
    }
    return existing;
  }
  if (initialized) throw new StoreUsageError(`Declare ${definition.name} before init()`);
  const engine = createEngine();
  registry.set(definition.name, engine);
  return engine;
}

/** The tenant columns of a record: the scope's, or empty for a global collection. */
export function tenantOf(definition: CollectionDefinition, scope: TenantScope | null): { accountId: string; mode: string } {
  if (definition.scope === 'global') {
    if (scope) throw new StoreUsageError(`${definition.name} is a global collection`);
    return { accountId: '', mode: '' };
  }
  if (!scope?.accountId || (scope.mode !== 'live' && scope.mode !== 'test')) {
    throw new StoreUsageError(`${definition.name} is a tenant collection: a scope is required`);
  }
  return scope;
}

/** The due field of a collection that declares claims. */
export function dueFieldOf(definition: CollectionDefinition): string {
  const dueField = definition.claims?.dueField;
  if (!dueField) throw new StoreUsageError(`${definition.name} does not declare claims`);
  return dueField;
}

/** findUniqueAcrossTenants is only for a field with its own acrossTenants unique index. */
export function assertUniqueAcrossTenants(definition: CollectionDefinition, field: string): void {
  const declared = definition.indexes?.some(
    (index) => index.acrossTenants && index.unique && index.fields.length === 1 && index.fields[0] === field,
  );
  if (!declared) throw new StoreUsageError(`${definition.name}.${field} has no acrossTenants unique index`);
}

/**
 * Applies one write of commit() through an engine: the same dispatch for every adapter. With a
 * synchronous engine (SQLite, inside its transaction) the result is synchronous too.
 */
export function applyWrite(engine: CollectionEngine, op: WriteOp): MaybePromise<unknown> {
  switch (op.kind) {
    case 'insert':
      return engine.insert(op.scope, op.doc);
    case 'update':
      return engine.update(op.scope, op.id, op.changes, op.ifVersion);
    case 'delete':
      return engine.delete(op.scope, op.id, op.ifVersion);
    case 'deleteMany':
      return engine.deleteMany(op.scope, op.filter);
  }
}

/** Inside commit() every write must land: an update or delete that found nothing fails it. */
export function assertWriteLanded(op: WriteOp, result: unknown): void {
  if ((op.kind === 'update' && result === null) || (op.kind === 'delete' && result === false)) {
    throw new RecordNotFoundError(op.collection, op.id);
  }
}

/** The fields an upgrade sets, which must include the one it fills in (or it would run forever). */
export function filledBy(upgrade: DocumentUpgrade, doc: Record<string, unknown> & { id: string }): Record<string, unknown> {
  const fields = upgrade.fill(doc);
  if (fields[upgrade.missing] === undefined || fields[upgrade.missing] === null) {
    throw new StoreUsageError(`The upgrade of ${upgrade.missing} must set ${upgrade.missing}`);
  }
  return fields;
}
