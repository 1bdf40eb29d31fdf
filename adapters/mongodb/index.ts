// The clustered store: MongoDB (or any MongoDB-wire server such as FerretDB) through the official
// driver. Writes use majority write concern, so an acknowledged write survives a primary failover.
import { MongoClient, type Db, type Document } from 'mongodb';
import { StoreUnavailableError, StoreUsageError } from '../../core/store/errors.js';
import { applyWrite, assertWriteLanded, collectionHandle, declareCollection } from '../../core/store/handle.js';
import type { Capability, Collection, CollectionDefinition, CounterStore, Store, TenantScope, WriteOp } from '../../core/store/types.js';
import { MongoCollectionTable, type ServerTraits } from './collection.js';
import { isDuplicateKeyError, mapMongoError } from './errors.js';
import { COUNTER_SLOTS, KNOWN_MIGRATIONS, runMigrations } from './migrations.js';
import { assertServerNotOlder, describePendingChanges, STORE_SCHEMA_VERSION, type StoredSchema } from '../../core/store/schema-version.js';

const SCHEMA_VERSION_ID = 'schema_version';

export const DEFAULT_DATABASE = 'chatbot_platform';

// No `atomic_commit`: commit() writes in order without a transaction (see Store.commit), which
// works on every deployment, FerretDB included.
const CAPABILITIES: ReadonlySet<Capability> = new Set(['counters', 'claims', 'grouped_counts', 'term_search']);

export interface MongoStoreOptions {
  /** How long to look for a server before an operation fails (ms). */
  serverSelectionTimeoutMs?: number;
  /**
   * Whether versioned writes claim their version first (collection.ts, versioned writes). By default
   * learned from the server at init: on for FerretDB, whose updates are not atomic, off otherwise.
   */
  versionClaims?: boolean;
}

/** The database named in the URL's path, else chatbot_platform. */
export function databaseNameOf(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

export function openMongoStore(url: string, options: MongoStoreOptions = {}): Store {
  const client = new MongoClient(url, {
    writeConcern: { w: 'majority' },
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
    appName: 'chatbot-platform',
  });
  return new MongoStore(client, client.db(databaseNameOf(url)), options.versionClaims);
}

class MongoStore implements Store {
  readonly engine = 'mongodb' as const;
  readonly capabilities = CAPABILITIES;
  private readonly tables = new Map<string, MongoCollectionTable>();
  private initialized = false;
  private closed = false;
  /** Filled at init, before any collection is used. */
  private readonly server: ServerTraits = { versionClaims: false };

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly versionClaims: boolean | undefined,
  ) {}

  isDeclared(name: string): boolean {
    return this.tables.has(name);
  }

  collection<T>(definition: CollectionDefinition): Collection<T> {
    const table = declareCollection(this.tables, definition, this.initialized, () => new MongoCollectionTable(this.db.collection(definition.name), definition, this.server));
    return collectionHandle<T>(table, (work) => this.guard(async () => work(), table));
  }

  async init(): Promise<void> {
    await this.guard(async () => {
      await this.client.connect();
      this.server.versionClaims = this.versionClaims ?? (await isFerretDb(this.db));
      assertServerNotOlder(await this.storedSchema(), { version: STORE_SCHEMA_VERSION, migrations: KNOWN_MIGRATIONS });
      await runMigrations(this.db);
      for (const table of this.tables.values()) await this.syncCollection(table);
      // Raised only: the filter matches a lower value or none, and an upsert that finds a higher
      // (or equal) one collides on _id, which is the answer "already there".
      await this.db
        .collection<{ _id: string; value: number }>('_meta')
        .updateOne({ _id: SCHEMA_VERSION_ID, value: { $lt: STORE_SCHEMA_VERSION } }, { $set: { value: STORE_SCHEMA_VERSION } }, { upsert: true })
        .catch((error: unknown) => {
          if (!isDuplicateKeyError(error)) throw error;
        });
    });
    this.initialized = true;
  }

  async pendingChanges(): Promise<string[]> {
    return this.guard(async () => {
      await this.client.connect();
      return describePendingChanges(await this.storedSchema(), {
        version: STORE_SCHEMA_VERSION,
        migrations: KNOWN_MIGRATIONS,
        collections: [...this.tables.values()].map((table) => table.definition),
      });
    });
  }

  /** What the database records of its shape; a new one (or one older than the records) has none of it. */
  private async storedSchema(): Promise<StoredSchema> {
    const applied = await this.db.collection<{ _id: number }>('_migrations').find({}).toArray();
    const registry = await this.db.collection<{ _id: string; definition: string }>('_collections').find({}).toArray();
    const recorded = await this.db.collection<{ _id: string; value: number }>('_meta').findOne({ _id: SCHEMA_VERSION_ID });
    return {
      version: recorded ? recorded.value : null,
      appliedMigrations: applied.map((record) => record._id),
      collections: new Map(registry.map((record) => [record._id, JSON.parse(record.definition) as CollectionDefinition])),
      // A restore may leave _migrations out (docs/backups.md): a store with collections is not new.
      empty: applied.length === 0 && registry.length === 0,
    };
  }

  /** Creates the declared indexes (idempotent), drops ours no longer declared, records the definition. */
  private async syncCollection(table: MongoCollectionTable): Promise<void> {
    const planned = table.plannedIndexes();
    const existing = await table.collection
      .listIndexes()
      .toArray()
      .catch(() => [] as Document[]); // a collection that does not exist yet has no indexes
    const wanted = new Set(planned.map((index) => index.name));
    await table.upgradeDocuments();
    for (const index of planned) {
      if (existing.some((found) => found.name === index.name)) continue;
      await table.collection.createIndex(index.key, { name: index.name, unique: index.unique });
    }
    for (const found of existing) {
      const name = String(found.name);
      if (name.startsWith('ix_') && !wanted.has(name)) await table.collection.dropIndex(name);
    }
    await this.db
      .collection<{ _id: string; definition: string; updated_at: string }>('_collections')
      .updateOne(
        { _id: table.definition.name, definition: { $ne: JSON.stringify(table.definition) } },
        { $set: { definition: JSON.stringify(table.definition), updated_at: new Date().toISOString() } },
        { upsert: true },
      )
      .catch((error: unknown) => {
        // Two instances starting together: the loser's upsert hits the _id; the record is written.
        if (!isDuplicateKeyError(error)) throw error;
      });
  }

  async commit(ops: WriteOp[]): Promise<void> {
    const steps = ops.map((op) => ({ op, table: this.table(op.collection) }));
    for (const { op, table } of steps) await this.guard(async () => assertWriteLanded(op, await applyWrite(table, op)), table);
  }

  // Counters are slots: an increment by n from the value v inserts one document for the range
  // v+1 … v+n, with _id "<counter>#<v+1>" and value v+n; the counter is the highest value. A
  // duplicate _id means another increment took v+1 first, so it reads the value again and retries.
  // Unique inserts are atomic on every MongoDB-wire server, where an $inc is not (FerretDB 1.x loses
  // concurrent increments). One insert whatever n: an ordered insertMany of n slots relied on the
  // server reporting how many landed before a duplicate, which FerretDB reports wrongly.
  // (A slot of n = 1 is the one-increment slot of earlier builds: "<counter>#v", value v.)
  readonly counters: CounterStore = {
    increment: async (scope, name, expiresAt, by = 1) =>
      this.guard(async () => {
        const key = counterId(scope, name);
        const slots = this.slots();
        // Every retry follows another increment that landed, so this bound is never reached by
        // progress, only by a store that refuses every insert as a duplicate.
        for (let attempt = 0; attempt < 10_000; attempt++) {
          const first = (await this.counterValue(key)) + 1;
          const last = first + by - 1;
          try {
            await slots.insertOne({ _id: `${key}#${first}`, key, value: last, expires_at: expiresAt.getTime() });
            return last;
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error;
          }
        }
        throw new StoreUnavailableError(`Counter ${key} is too contended`);
      }),
    get: async (scope, name) => this.guard(() => this.counterValue(counterId(scope, name))),
    sweepExpired: async (now) =>
      this.guard(async () => (await this.slots().deleteMany({ expires_at: { $lte: now.getTime() } })).deletedCount),
  };

  private slots() {
    return this.db.collection<{ _id: string; key: string; value: number; expires_at: number }>(COUNTER_SLOTS);
  }

  private async counterValue(key: string): Promise<number> {
    const [last] = await this.slots().find({ key }).sort({ value: -1 }).limit(1).toArray();
    return last?.value ?? 0;
  }

  async ping(): Promise<void> {
    await this.guard(() => this.db.command({ ping: 1 }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }

  private table(name: string): MongoCollectionTable {
    const table = this.tables.get(name);
    if (!table) throw new StoreUsageError(`Collection ${name} was not declared`);
    return table;
  }

  /** Runs driver work, mapping driver errors to the store's typed errors. */
  private async guard<R>(work: () => Promise<R>, table?: MongoCollectionTable): Promise<R> {
    if (this.closed) throw new StoreUnavailableError('The store is closed');
    try {
      return await work();
    } catch (error) {
      throw mapMongoError(error, table?.definition.name ?? 'store', (index) => table?.fieldsOfIndex(index));
    }
  }
}

/** FerretDB says what it is in buildInfo (`ferretdbVersion`); MongoDB does not have the field. */
async function isFerretDb(db: Db): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

function counterId(scope: TenantScope | null, name: string): string {
  return `${scope ? `${scope.accountId}/${scope.mode}` : ''}|${name}`;
}
