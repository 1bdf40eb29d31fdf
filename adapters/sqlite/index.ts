// The embedded default store: one SQLite file (WAL), shared safely by several processes.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { StoreUnavailableError, StoreUsageError } from '../../core/store/errors.js';
import { assertCollectionDefinition } from '../../core/store/fields.js';
import type {
  Capability,
  ClaimQueue,
  Collection,
  CollectionDefinition,
  CounterStore,
  Repository,
  Scalar,
  Store,
  Stored,
  TenantScope,
  WriteOp,
  WriteOps,
} from '../../core/store/types.js';
import { SqliteCollectionTable } from './collection.js';
import { mapSqliteError } from './errors.js';
import { runMigrations } from './migrations.js';

export interface SqliteStoreOptions {
  /** How long a writer waits for another connection's lock before giving up. */
  busyTimeoutMs?: number;
}

export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): Store {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the
  // last transactions, which is the usual trade for a server.
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  db.pragma('foreign_keys = ON');
  return new SqliteStore(db);
}

const CAPABILITIES: ReadonlySet<Capability> = new Set(['atomic_commit', 'counters', 'claims', 'grouped_counts']);

class SqliteStore implements Store {
  readonly engine = 'sqlite' as const;
  readonly capabilities = CAPABILITIES;
  private readonly tables = new Map<string, SqliteCollectionTable>();
  private initialized = false;
  private closed = false;

  constructor(private readonly db: Database.Database) {}

  collection<T>(definition: CollectionDefinition): Collection<T> {
    assertCollectionDefinition(definition);
    const existing = this.tables.get(definition.name);
    if (existing) {
      if (JSON.stringify(existing.definition) !== JSON.stringify(definition)) {
        throw new StoreUsageError(`Collection ${definition.name} is declared twice with different definitions`);
      }
    } else {
      if (this.initialized) throw new StoreUsageError(`Declare ${definition.name} before init()`);
      this.tables.set(definition.name, new SqliteCollectionTable(this.db, definition));
    }
    return new SqliteCollection<T>(this, this.table(definition.name));
  }

  async init(): Promise<void> {
    this.guard(() => {
      runMigrations(this.db);
      for (const table of this.tables.values()) this.syncCollection(table);
    });
    this.initialized = true;
  }

  /** Creates the table and the declared indexes, drops indexes no longer declared, records the definition. */
  private syncCollection(table: SqliteCollectionTable): void {
    const planned = table.plannedIndexes();
    this.db
      .transaction(() => {
        this.db.exec(table.createTableSql());
        for (const index of planned) this.db.exec(index.sql);
        const existing = this.db
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE 'ix\\_%' ESCAPE '\\'`)
          .all(table.table) as { name: string }[];
        const wanted = new Set(planned.map((index) => index.name));
        for (const { name } of existing) if (!wanted.has(name)) this.db.exec(`DROP INDEX ${name}`);
        this.db
          .prepare(
            `INSERT INTO _collections (name, definition, updated_at) VALUES (?, ?, ?)
             ON CONFLICT(name) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at
             WHERE definition <> excluded.definition`,
          )
          .run(table.definition.name, JSON.stringify(table.definition), new Date().toISOString());
      })
      .immediate();
  }

  async commit(ops: WriteOp[]): Promise<void> {
    this.guard(() => {
      // Resolve every table first so an undeclared collection fails before anything is written.
      const steps = ops.map((op) => ({ op, table: this.table(op.collection) }));
      this.db.transaction(() => {
        for (const { op, table } of steps) {
          try {
            table.applyStrict(op);
          } catch (error) {
            throw mapSqliteError(error, table.definition.name, table.fieldsOfIndex);
          }
        }
      })();
    });
  }

  readonly counters: CounterStore = {
    increment: async (scope, name, by, expiresAt) =>
      this.guard(() => {
        const row = this.db
          .prepare(
            `INSERT INTO _counters (scope_key, name, value, expires_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (scope_key, name) DO UPDATE
               SET value = value + excluded.value, expires_at = max(expires_at, excluded.expires_at)
             RETURNING value`,
          )
          .get(scopeKey(scope), name, by, expiresAt.getTime()) as { value: number };
        return row.value;
      }),
    get: async (scope, name) =>
      this.guard(() => {
        const row = this.db
          .prepare('SELECT value FROM _counters WHERE scope_key = ? AND name = ?')
          .get(scopeKey(scope), name) as { value: number } | undefined;
        return row?.value ?? 0;
      }),
    sweepExpired: async (now) =>
      this.guard(() => this.db.prepare('DELETE FROM _counters WHERE expires_at <= ?').run(now.getTime()).changes),
  };

  async ping(): Promise<void> {
    this.guard(() => this.db.prepare('SELECT 1').get());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  table(name: string): SqliteCollectionTable {
    const table = this.tables.get(name);
    if (!table) throw new StoreUsageError(`Collection ${name} was not declared`);
    return table;
  }

  /** Runs synchronous driver work, mapping driver errors to the store's typed errors. */
  guard<R>(work: () => R, table?: SqliteCollectionTable): R {
    if (this.closed) throw new StoreUnavailableError('The store is closed');
    try {
      return work();
    } catch (error) {
      throw mapSqliteError(error, table?.definition.name ?? 'store', (index) => table?.fieldsOfIndex(index));
    }
  }
}

function scopeKey(scope: TenantScope | null): string {
  return scope ? `${scope.accountId}/${scope.mode}` : '';
}

class SqliteCollection<T> implements Collection<T> {
  readonly definition: CollectionDefinition;
  readonly claims: ClaimQueue<T> | null;

  constructor(
    private readonly store: SqliteStore,
    private readonly table: SqliteCollectionTable,
  ) {
    this.definition = table.definition;
    this.claims = this.definition.claims ? this.claimQueue() : null;
  }

  forTenant(scope: TenantScope): Repository<T> {
    if (this.definition.scope !== 'tenant') throw new StoreUsageError(`${this.definition.name} is global`);
    if (!scope?.accountId) throw new StoreUsageError(`${this.definition.name} needs a tenant scope`);
    return this.repository(Object.freeze({ accountId: scope.accountId, mode: scope.mode }));
  }

  global(): Repository<T> {
    if (this.definition.scope !== 'global') throw new StoreUsageError(`${this.definition.name} is a tenant collection`);
    return this.repository(null);
  }

  async findUniqueAcrossTenants(field: string, value: Scalar): Promise<{ record: Stored<T>; scope: TenantScope } | null> {
    return this.run(() => this.table.findUniqueAcrossTenants(field, value)) as never;
  }

  private run<R>(work: () => R): R {
    return this.store.guard(work, this.table);
  }

  private repository(scope: TenantScope | null): Repository<T> {
    const table = this.table;
    const name = this.definition.name;
    type Doc = Record<string, unknown>;
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
      deleteMany: (filter) => ({ kind: 'deleteMany', collection: name, scope, filter }),
    };
    // The casts below only re-attach T: the table stores and returns plain JSON documents.
    return {
      ops,
      get: async (id) => this.run(() => table.get(scope, id)) as never,
      findOne: async (filter) => this.run(() => table.list(scope, { filter, limit: 1 })[0] ?? null) as never,
      insert: async (doc) => this.run(() => table.insert(scope, doc as Doc & { id: string })) as never,
      update: async (id, changes, options) =>
        this.run(() => table.update(scope, id, changes as Doc, options?.ifVersion)) as never,
      delete: async (id, options) => this.run(() => table.delete(scope, id, options?.ifVersion)),
      deleteMany: async (filter) => this.run(() => table.deleteMany(scope, filter)),
      list: async (query) => this.run(() => table.list(scope, query)) as never,
      count: async (filter) => this.run(() => table.count(scope, filter)),
      countBy: async (field, filter) => this.run(() => table.countBy(scope, field, filter)),
    };
  }

  private claimQueue(): ClaimQueue<T> {
    const table = this.table;
    return {
      claimDue: async (args) => this.run(() => table.claimDue(args)) as never,
      complete: async (args) => this.run(() => table.completeClaim(args as never)),
      release: async (args) => this.run(() => table.releaseClaim(args)),
      extendLease: async (args) => this.run(() => table.extendLease(args)),
    };
  }
}
