// The embedded default store: one SQLite file (WAL), shared safely by several processes.
import { prepared } from './statements.js';
import Database from 'better-sqlite3';
import { sqliteNativeBinding } from '../../core/paths.js';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { StoreUnavailableError, StoreUsageError } from '../../core/store/errors.js';
import { applyWrite, assertWriteLanded, collectionHandle, declareCollection, type EngineRunner } from '../../core/store/handle.js';
import type { Capability, Collection, CollectionDefinition, CounterStore, Store, TenantScope, WriteOp } from '../../core/store/types.js';
import { WalCheckpointer } from './checkpointer.js';
import { SqliteCollectionTable } from './collection.js';
import { mapSqliteError } from './errors.js';
import { KNOWN_MIGRATIONS, runMigrations } from './migrations.js';
import { assertServerNotOlder, describePendingChanges, STORE_SCHEMA_VERSION, type StoredSchema } from '../../core/store/schema-version.js';

export interface SqliteStoreOptions {
  /** How long a writer waits for another connection's lock before giving up. */
  busyTimeoutMs?: number;
  /** Checkpoint the log on a thread of its own (checkpointer.ts); default on for a file. */
  checkpointThread?: boolean;
}

/** The store, and its checkpoint thread (null for `:memory:` or when turned off). */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): Store & { readonly checkpointer: WalCheckpointer | null } {
  if (file !== ':memory:') createPrivately(file);
  // The driver takes a loaded addon too (lib/database.js); its types admit a path only.
  const db = new Database(file, { nativeBinding: sqliteNativeBinding() as string | undefined });
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the
  // last transactions, which is the usual trade for a server.
  db.pragma('synchronous = NORMAL');
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('foreign_keys = ON');
  let checkpointer: WalCheckpointer | null = null;
  if (file !== ':memory:' && options.checkpointThread !== false) {
    checkpointer = new WalCheckpointer(file, busyTimeoutMs, (pages) => db.pragma(`wal_autocheckpoint = ${pages}`));
  }
  return new SqliteStore(db, checkpointer);
}

/**
 * The database holds every tenant's data: its folder is created 0700 and the file 0600 (SQLite
 * gives its -wal and -shm files the database file's mode). An existing file keeps its mode: an
 * operator may have chosen it.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

const CAPABILITIES: ReadonlySet<Capability> = new Set([
  'atomic_commit',
  'counters',
  'claims',
  'grouped_counts',
  'term_search',
]);

class SqliteStore implements Store {
  readonly engine = 'sqlite' as const;
  readonly capabilities = CAPABILITIES;
  private readonly tables = new Map<string, SqliteCollectionTable>();
  private initialized = false;
  private closed = false;

  constructor(
    private readonly db: Database.Database,
    /** Null for an in-memory database and where turned off: SQLite checkpoints inside commits then. */
    readonly checkpointer: WalCheckpointer | null = null,
  ) {}

  isDeclared(name: string): boolean {
    return this.tables.has(name);
  }

  collection<T>(definition: CollectionDefinition): Collection<T> {
    const table = declareCollection(this.tables, definition, this.initialized, () => new SqliteCollectionTable(this.db, definition));
    return collectionHandle<T>(table, this.runner(table));
  }

  async init(): Promise<void> {
    this.guard(() => {
      assertServerNotOlder(this.storedSchema(), { version: STORE_SCHEMA_VERSION, migrations: KNOWN_MIGRATIONS });
      runMigrations(this.db);
      for (const table of this.tables.values()) this.syncCollection(table);
      this.db
        .prepare(
          `INSERT INTO _meta (name, value) VALUES ('schema_version', ?)
           ON CONFLICT(name) DO UPDATE SET value = excluded.value WHERE CAST(value AS INTEGER) < CAST(excluded.value AS INTEGER)`,
        )
        .run(String(STORE_SCHEMA_VERSION));
    });
    this.initialized = true;
  }

  async pendingChanges(): Promise<string[]> {
    return this.guard(() =>
      describePendingChanges(this.storedSchema(), {
        version: STORE_SCHEMA_VERSION,
        migrations: KNOWN_MIGRATIONS,
        collections: [...this.tables.values()].map((table) => table.definition),
      }),
    );
  }

  /** What the file records of its shape; a new file (or one older than the records) has none of it. */
  private storedSchema(): StoredSchema {
    const exists = (name: string) => Boolean(this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name));
    const appliedMigrations = exists('_migrations') ? (this.db.prepare('SELECT version FROM _migrations').all() as { version: number }[]).map((row) => row.version) : [];
    const collections = new Map<string, CollectionDefinition>(
      exists('_collections')
        ? (this.db.prepare('SELECT name, definition FROM _collections').all() as { name: string; definition: string }[]).map((row) => [row.name, JSON.parse(row.definition) as CollectionDefinition])
        : [],
    );
    const recorded = exists('_meta') ? (this.db.prepare(`SELECT value FROM _meta WHERE name = 'schema_version'`).get() as { value: string } | undefined) : undefined;
    return { version: recorded ? Number(recorded.value) : null, appliedMigrations, collections, empty: appliedMigrations.length === 0 && collections.size === 0 };
  }

  /** Creates the table and the declared indexes, drops indexes no longer declared, records the definition. */
  private syncCollection(table: SqliteCollectionTable): void {
    const planned = table.plannedIndexes();
    this.db
      .transaction(() => {
        this.db.exec(table.createTableSql());
        table.addMissingColumns();
        table.upgradeDocuments();
        for (const index of planned) this.db.exec(index.sql);
        this.syncSearchTable(table);
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

  /** Creates (and fills) or drops the collection's FTS table as its definition says. */
  private syncSearchTable(table: SqliteCollectionTable): void {
    const exists = Boolean(
      this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table.searchTable),
    );
    if (table.definition.search) {
      for (const statement of table.searchTableSql()) this.db.exec(statement);
      if (!exists) this.db.exec(table.searchBackfillSql());
    } else if (exists) {
      for (const suffix of ['insert', 'delete', 'update']) this.db.exec(`DROP TRIGGER IF EXISTS ${table.searchTable}_${suffix}`);
      this.db.exec(`DROP TABLE ${table.searchTable}`);
    }
  }

  async commit(ops: WriteOp[]): Promise<void> {
    this.guard(() => {
      // Resolve every table first so an undeclared collection fails before anything is written.
      const steps = ops.map((op) => ({ op, table: this.table(op.collection) }));
      this.db.transaction(() => {
        for (const { op, table } of steps) {
          try {
            // The SQLite engine is synchronous, so every write runs inside this transaction. A
            // commit returns nothing, so an update's record is not read back.
            const result = op.kind === 'update' ? table.updateUnread(op.scope, op.id, op.changes, op.ifVersion) || null : applyWrite(table, op);
            assertWriteLanded(op, result);
          } catch (error) {
            throw mapSqliteError(error, table.definition.name, table.fieldsOfIndex);
          }
        }
      })();
    });
    this.checkpointer?.noteWrite();
  }

  readonly counters: CounterStore = {
    increment: async (scope, name, expiresAt, by = 1) =>
      this.guard(() => {
        const row = prepared(
          this.db,
          `INSERT INTO _counters (scope_key, name, value, expires_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (scope_key, name) DO UPDATE
               SET value = value + excluded.value, expires_at = max(expires_at, excluded.expires_at)
             RETURNING value`,
        ).get(scopeKey(scope), name, by, expiresAt.getTime()) as { value: number };
        this.checkpointer?.noteWrite();
        return row.value;
      }),
    get: async (scope, name) =>
      this.guard(() => {
        const row = prepared(this.db, 'SELECT value FROM _counters WHERE scope_key = ? AND name = ?').get(scopeKey(scope), name) as { value: number } | undefined;
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
    await this.checkpointer?.close();
    this.db.close();
  }

  private table(name: string): SqliteCollectionTable {
    const table = this.tables.get(name);
    if (!table) throw new StoreUsageError(`Collection ${name} was not declared`);
    return table;
  }

  /** Runs one collection call, mapping driver errors (thrown or rejected) to typed store errors. */
  private runner(table: SqliteCollectionTable): EngineRunner {
    return async (work, access) => {
      if (this.closed) throw new StoreUnavailableError('The store is closed');
      try {
        return await work();
      } catch (error) {
        throw mapSqliteError(error, table.definition.name, table.fieldsOfIndex);
      } finally {
        // Reads add nothing to the log: counting them asked the thread for a checkpoint every 64
        // keyed GETs (a postMessage and an empty checkpoint each, ~5% of a keyed GET's CPU).
        if (access !== 'read') this.checkpointer?.noteWrite();
      }
    };
  }

  /** Runs synchronous driver work, mapping driver errors to the store's typed errors. */
  private guard<R>(work: () => R): R {
    if (this.closed) throw new StoreUnavailableError('The store is closed');
    try {
      return work();
    } catch (error) {
      throw mapSqliteError(error, 'store', () => undefined);
    }
  }
}

function scopeKey(scope: TenantScope | null): string {
  return scope ? `${scope.accountId}/${scope.mode}` : '';
}
