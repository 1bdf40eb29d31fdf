// Versioned migrations of the adapter's own collections, applied in order and recorded in
// _migrations. Each is idempotent: two instances starting together may both run one; the record
// insert (unique _id) makes only one of them record it.
import type { Db } from 'mongodb';
import { LEASES_COLLECTION } from './collection.js';
import { isDuplicateKeyError } from './errors.js';

export const COUNTER_SLOTS = '_counter_slots';

interface Migration {
  version: number;
  name: string;
  up(db: Db): Promise<void>;
}

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'counters',
    up: async (db) => {
      await db.collection('_counters').createIndex({ expires_at: 1 }, { name: 'ix_counters_expiry' });
    },
  },
  {
    version: 2,
    name: 'collections registry',
    up: async (db) => {
      // The registry's documents are keyed by collection name; creating it up front keeps listings tidy.
      const existing = await db.listCollections({ name: '_collections' }).toArray();
      if (existing.length === 0) await db.createCollection('_collections').catch(() => undefined);
    },
  },
  {
    version: 3,
    name: 'leases and counter slots',
    up: async (db) => {
      await db
        .collection(LEASES_COLLECTION)
        .createIndex({ collection: 1, record_id: 1, generation: -1 }, { name: 'ix_leases_record' });
      await db.collection(COUNTER_SLOTS).createIndex({ key: 1, value: -1 }, { name: 'ix_counter_slots_key' });
      await db.collection(COUNTER_SLOTS).createIndex({ expires_at: 1 }, { name: 'ix_counter_slots_expiry' });
    },
  },
];

/** The migrations this build knows, by version and name (for the schema check and migrate --dry-run). */
export const KNOWN_MIGRATIONS = MIGRATIONS.map(({ version, name }) => ({ version, name }));

export async function runMigrations(db: Db): Promise<number[]> {
  const records = db.collection<{ _id: number; name: string; applied_at: string }>('_migrations');
  const applied = new Set((await records.find({}).toArray()).map((record) => record._id));
  const newlyApplied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    await migration.up(db);
    try {
      await records.insertOne({ _id: migration.version, name: migration.name, applied_at: new Date().toISOString() });
      newlyApplied.push(migration.version);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  return newlyApplied;
}
