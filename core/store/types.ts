// The repository interface: the only way plugins and core touch storage (docs/ARCHITECTURE.md rule 2).
//
// A plugin declares a collection (name, scope, indexes, unique constraints) and gets back a handle.
// A tenant collection only hands out repositories bound to one account *and* mode, so every query
// is scoped by construction; a plugin cannot forget the filter. Global collections (accounts) are
// the few records that exist before a tenant is known.
//
// The interface is deliberately implementable without multi-document transactions and without
// full-text operators (MongoDB-wire servers such as FerretDB lack both): every operation touches
// one record atomically or is a filtered read. `commit()` is the one multi-record write; adapters
// that can make it atomic declare the `atomic_commit` capability.
//
// Conventions, stated once: `null` means "not found"; dates are ISO 8601 strings inside documents;
// documents are JSON (no Date, Buffer or undefined values); field names are lower snake case.

export type Mode = 'live' | 'test';
export const MODES: readonly Mode[] = ['live', 'test'];

export interface TenantScope {
  readonly accountId: string;
  readonly mode: Mode;
}

export type Scalar = string | number | boolean;

/** A condition on one field. A bare value (or null) means equality; null matches a missing field. */
export type FieldCondition =
  | Scalar
  | null
  | {
      eq?: Scalar | null;
      ne?: Scalar | null;
      in?: Scalar[];
      /** None of these; like `ne`, a missing or null field matches. */
      nin?: Scalar[];
      gt?: Scalar;
      gte?: Scalar;
      lt?: Scalar;
      lte?: Scalar;
      /** Case-sensitive substring match on a string field; normalise both sides first if needed. */
      contains?: string;
    };

/** Every condition must hold. Keys are field names, optionally dotted (`visitor.email`). */
export type Filter = Record<string, FieldCondition>;

export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  filter?: Filter;
  /** Ordered by this field, then by id in the same direction. Default: id descending. */
  sort?: SortOrder;
  /** Keyset position: only records strictly after (sort value, id) in the sort order. */
  after?: { value: Scalar | null; id: string };
  limit: number;
}

/** System fields every stored record carries. `version` starts at 1 and grows by 1 per write. */
export interface RecordMeta {
  id: string;
  version: number;
}

export type Stored<T> = T & RecordMeta;

export interface UpdateOptions {
  /** Optimistic concurrency: apply only if the stored version is this one, else VersionConflictError. */
  ifVersion?: number;
}

/** One record found by `searchTerms`, and how many of the query's distinct terms it holds. */
export interface TermSearchHit<T> {
  record: Stored<T>;
  matched: number;
}

export interface TermSearchResult<T> {
  /** Records holding at least one term, most terms matched first, then by id. */
  hits: TermSearchHit<T>[];
  /** For each distinct query term, how many records in scope (and filter) hold it. */
  documentFrequency: Record<string, number>;
  /** How many records are in scope (and filter): the N of an IDF. */
  total: number;
}

export interface GroupCount {
  value: Scalar | null;
  count: number;
}

/** A write that can be applied with others in one `Store.commit()`. Built by `repository.ops`. */
export type WriteOp =
  | { kind: 'insert'; collection: string; scope: TenantScope | null; doc: Record<string, unknown> & { id: string } }
  | {
      kind: 'update';
      collection: string;
      scope: TenantScope | null;
      id: string;
      changes: Record<string, unknown>;
      ifVersion?: number;
    }
  | { kind: 'delete'; collection: string; scope: TenantScope | null; id: string; ifVersion?: number }
  | { kind: 'deleteMany'; collection: string; scope: TenantScope | null; filter: Filter };

export interface WriteOps<T> {
  insert(doc: T & { id: string }): WriteOp;
  update(id: string, changes: Partial<T>, options?: UpdateOptions): WriteOp;
  delete(id: string, options?: UpdateOptions): WriteOp;
  deleteMany(filter: Filter): WriteOp;
}

export interface Repository<T> {
  get(id: string): Promise<Stored<T> | null>;
  findOne(filter: Filter): Promise<Stored<T> | null>;
  /** Throws UniqueConstraintError when a unique index (or the id) is already taken. */
  insert(doc: T & { id: string }): Promise<Stored<T>>;
  /**
   * Sets the given top-level fields (a field set to null is stored as null) and bumps the version.
   * Returns the record after the write, or null when it does not exist in this scope.
   */
  update(id: string, changes: Partial<T>, options?: UpdateOptions): Promise<Stored<T> | null>;
  /** True when a record was deleted. With ifVersion, a version mismatch throws VersionConflictError. */
  delete(id: string, options?: UpdateOptions): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  list(query: ListQuery): Promise<Stored<T>[]>;
  count(filter?: Filter): Promise<number>;
  /** Grouped counts (capability `grouped_counts`): how many records hold each value of `field`. */
  countBy(field: string, filter?: Filter): Promise<GroupCount[]>;
  /**
   * Term search (capability `term_search`, on collections that declare `search`): the records whose
   * search field, an array of analysed terms, holds any of `terms`. Scoring belongs to the caller,
   * so that results do not depend on the engine: this only finds candidates and counts.
   */
  searchTerms(args: { terms: string[]; filter?: Filter; limit: number }): Promise<TermSearchResult<T>>;
  /** The same writes, as values to hand to `Store.commit()` together with others. */
  readonly ops: WriteOps<T>;
}

export interface IndexDefinition {
  fields: string[];
  unique?: boolean;
  /**
   * Tenant collections prefix every index with (account, mode), so uniqueness is per tenant.
   * `acrossTenants` leaves the prefix off: unique across the whole store (e.g. a key's hash).
   */
  acrossTenants?: boolean;
  /**
   * For fields most records leave null and that are queried for values only (a range of times, an
   * id): a record with any of the index's fields null is left out of it, so writing such a record
   * costs the index nothing. A filter for null on the field does not use it. SQLite makes it a
   * partial index (every write to a record otherwise updates each of its collection's indexes);
   * MongoDB indexes every record, as without it (its sparse indexes leave out missing fields, not
   * nulls).
   */
  sparse?: boolean;
}

export interface CollectionDefinition {
  /** Lower snake case; also the table / collection name behind it. */
  name: string;
  scope: 'tenant' | 'global';
  indexes?: IndexDefinition[];
  /** Declares a work queue over this collection (capability `claims`); see ClaimQueue. */
  claims?: { dueField: string };
  /**
   * Declares term search (capability `term_search`) over `field`, an array of distinct analysed
   * terms (lower case, letters and digits only) that every record holds. See Repository.searchTerms.
   */
  search?: { field: string };
  /**
   * Documents stored before a field existed: at `init()`, before the indexes are created, every
   * document lacking `missing` gets the fields `fill` returns (e.g. a placeholder a new unique
   * index needs: MongoDB counts a missing field as null, so two old documents would collide).
   */
  upgrade?: DocumentUpgrade;
  /**
   * Declares `field`, at the top level, to hold bytes (a Uint8Array), kept in the store's binary
   * type: a BLOB column in SQLite, BinData in MongoDB (numbers in bulk, such as vectors, at their
   * size: base64 inside a JSON document is a third larger, and decoded on every read). Insert and
   * update set it like any field (null, or leaving it out, stores none); every read returns it as a
   * Buffer, or leaves it out when there is none. A filter, sort, grouped count, index, search or
   * claim on it is refused (StoreUsageError), as is a Uint8Array in any other field.
   */
  binary?: { field: string };
}

export interface DocumentUpgrade {
  missing: string;
  fill(doc: Record<string, unknown> & { id: string }): Record<string, unknown>;
}

export interface ClaimedRecord<T> {
  record: Stored<T>;
  /** The tenant the record belongs to (null in a global collection). */
  scope: TenantScope | null;
  /** How many times this record has been claimed, this claim included. */
  attempts: number;
  leaseExpiresAt: Date;
}

/**
 * Atomic work claiming with an owner token and a lease. A record is due when its `dueField` holds an
 * ISO time <= now; a record whose dueField is null is never due. Claiming marks the record leased to
 * `owner` until now + leaseMs and counts the attempt in the same atomic step; until the lease ends
 * nobody else can claim it. Only the owner of a live lease may complete or release it, so a worker
 * whose lease ran out cannot overwrite the work of the one that claimed the record next.
 */
export interface ClaimQueue<T> {
  claimDue(args: { now: Date; owner: string; leaseMs: number; limit: number; filter?: Filter }): Promise<
    ClaimedRecord<T>[]
  >;
  /** Ends the lease and applies `changes` (set the due field to null for done, or to a retry time). */
  complete(args: { id: string; owner: string; now: Date; changes: Partial<T> }): Promise<boolean>;
  /**
   * `complete` for many records of one owner (a batch of work), each with its own changes; in one
   * transaction where the store has them (atomic_commit), else one by one. Returns the ids it
   * completed: those whose live lease `owner` held.
   */
  completeAll(args: { owner: string; now: Date; completions: Array<{ id: string; changes: Partial<T> }> }): Promise<string[]>;
  /** Gives the record back untouched but for the lease, due again at once. */
  release(args: { id: string; owner: string; now: Date }): Promise<boolean>;
  extendLease(args: { id: string; owner: string; now: Date; leaseMs: number }): Promise<boolean>;
  /**
   * How many records a claimDue at `now` could take (due, and held by no live lease), across
   * tenants, counted up to `limit`: a queue's depth for monitoring, on the due field's index.
   */
  countDue(args: { now: Date; limit: number }): Promise<number>;
}

export interface Collection<T> {
  readonly definition: CollectionDefinition;
  /** The repository of one tenant. Only for tenant collections. */
  forTenant(scope: TenantScope): Repository<T>;
  /** The repository of a global collection. */
  global(): Repository<T>;
  /**
   * The one cross-tenant read: the record holding `value` in a field with an `acrossTenants` unique
   * index, and the tenant it belongs to. Used by authentication, which must find a key before it
   * knows the account.
   */
  findUniqueAcrossTenants(field: string, value: Scalar): Promise<{ record: Stored<T>; scope: TenantScope } | null>;
  /** Present when the definition declares `claims`. */
  readonly claims: ClaimQueue<T> | null;
  /**
   * Housekeeping across tenants: deletes up to `limit` records whose `field` holds an ISO time
   * before `before` (expired idempotency keys, old events). Returns how many it deleted.
   */
  deleteExpired(args: { field: string; before: Date; limit: number }): Promise<number>;
}

/**
 * Atomic counters (capability `counters`), e.g. rate-limit windows shared by every instance.
 * Each increment adds one and sees its own value: n concurrent increments from 0 return 1..n.
 */
export interface CounterStore {
  /**
   * Adds `by` (default one, a positive integer: a batch of requests counted in memory) and returns
   * the new value. The counter can be swept once expiresAt has passed.
   */
  increment(scope: TenantScope | null, name: string, expiresAt: Date, by?: number): Promise<number>;
  get(scope: TenantScope | null, name: string): Promise<number>;
  sweepExpired(now: Date): Promise<number>;
}

export type Capability = 'atomic_commit' | 'counters' | 'claims' | 'grouped_counts' | 'term_search';

export interface Store {
  readonly engine: 'sqlite' | 'mongodb';
  readonly capabilities: ReadonlySet<Capability>;
  /** Declare a collection. Call before `init()`; declaring the same name twice must match exactly. */
  collection<T>(definition: CollectionDefinition): Collection<T>;
  /** Whether a collection of this name was declared (by any area). */
  isDeclared(name: string): boolean;
  /**
   * Runs pending migrations and creates the declared collections' tables and indexes (idempotent),
   * then records the schema version (core/store/schema-version.ts). A store migrated by a newer
   * server is refused first (StoreNewerThanServerError), before anything changes.
   */
  init(): Promise<void>;
  /** What init() would change, one line each (empty: up to date); changes nothing. Call before init(). */
  pendingChanges(): Promise<string[]>;
  /**
   * Applies the writes in order. With `atomic_commit` all or none apply. Without it they apply one
   * by one in order, and a failure leaves the earlier ones applied; callers put the write that
   * must not be lost (the state change) first and its event after it.
   * An update or delete whose record is missing throws RecordNotFoundError.
   */
  commit(ops: WriteOp[]): Promise<void>;
  readonly counters: CounterStore;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What declares an area's collections: the store itself, a plugin's `api` (names that start with
 * the plugin's) or a built-in area's `api.privileged` (older names). Declarers take this, not a Store.
 */
export type CollectionDeclarer = Pick<Store, 'collection'>;
