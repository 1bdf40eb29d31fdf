// The store's schema version (core/store/schema-version.ts) must move with the built-in collection
// definitions: this fails while they differ from the newest recorded fingerprint, so a release that
// changes a definition cannot ship without a new STORE_SCHEMA_HISTORY entry (and an older server keeps
// refusing the data it would damage). Also: what the dry run says, line by line.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import t from 'tap';
import { createServer } from '../../app/server.js';
import { loadConfig } from '../../config/index.js';
import {
  describePendingChanges,
  STORE_SCHEMA_HISTORY,
  STORE_SCHEMA_VERSION,
  StoreNewerThanServerError,
  type StoredSchema,
} from '../../core/store/schema-version.js';
import type { CollectionDefinition } from '../../core/store/types.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

t.test('the built-in collection definitions match the fingerprint of this schema version', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const config = loadConfig({ env: {}, file: null, overrides: { data_dir: dir, database: { url: `sqlite:${file}` }, log: { level: 'silent' } } });
  const { server } = await createServer(config, { logger: pino({ level: 'silent' }) });
  await server.stop();
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT name, definition FROM _collections ORDER BY name').all() as Array<{ name: string; definition: string }>;
  db.close();
  const fingerprint = createHash('sha256')
    .update(rows.map((row) => `${row.name}\n${row.definition}\n`).join(''))
    .digest('hex');
  t.equal(
    fingerprint,
    STORE_SCHEMA_HISTORY[STORE_SCHEMA_VERSION],
    `collection definitions changed: add ${STORE_SCHEMA_VERSION + 1}: '${fingerprint}' to STORE_SCHEMA_HISTORY`,
  );
  const versions = Object.keys(STORE_SCHEMA_HISTORY).map(Number);
  t.same(versions, versions.map((_, i) => i + 1), 'versions count up from 1 without a gap');
  t.equal(new Set(Object.values(STORE_SCHEMA_HISTORY)).size, versions.length, 'no version repeats an older one’s definitions');
});

const chatbots: CollectionDefinition = { name: 'chatbots', scope: 'tenant', indexes: [{ fields: ['created_at'] }, { fields: ['name'], unique: true }] };
const stored = (over: Partial<StoredSchema> = {}): StoredSchema => ({
  version: STORE_SCHEMA_VERSION,
  appliedMigrations: [1, 2],
  collections: new Map([['chatbots', chatbots]]),
  empty: false,
  ...over,
});
const migrations = [
  { version: 1, name: 'counters' },
  { version: 2, name: 'collections registry' },
];

t.test('the dry run names each change init() would make', async (t) => {
  const server = { version: STORE_SCHEMA_VERSION, migrations, collections: [chatbots] };
  t.same(describePendingChanges(stored(), server), [], 'up to date');
  t.same(describePendingChanges(stored({ empty: true, appliedMigrations: [] }), server), [`a new store: create 1 collections at schema version ${STORE_SCHEMA_VERSION}`]);

  const changed: CollectionDefinition = {
    ...chatbots,
    indexes: [{ fields: ['created_at'], sparse: true }, { fields: ['status', 'created_at'] }],
    search: { field: 'terms' },
    upgrade: { missing: 'status', fill: () => ({ status: 'active' }) },
  };
  const leads: CollectionDefinition = { name: 'leads', scope: 'tenant', indexes: [{ fields: ['email'] }] };
  const lines = describePendingChanges(stored({ version: null, appliedMigrations: [1] }), {
    version: STORE_SCHEMA_VERSION,
    migrations,
    collections: [leads, { ...changed, name: 'chatbots' }],
  });
  t.same(lines, [
    `schema version (none recorded) → ${STORE_SCHEMA_VERSION}`,
    'adapter migration 2: collections registry',
    'collection chatbots: add index (created_at) sparse',
    'collection chatbots: add index (status, created_at)',
    'collection chatbots: drop index (created_at)',
    'collection chatbots: drop index (name) unique',
    'collection chatbots: give stored documents without status its default',
    'collection chatbots: build term search over terms',
    'create collection leads with 1 indexes',
  ]);
  t.throws(() => describePendingChanges(stored({ version: STORE_SCHEMA_VERSION + 1 }), server), StoreNewerThanServerError, 'a newer store is refused here too');
  t.throws(() => describePendingChanges(stored({ appliedMigrations: [1, 2, 3] }), server), StoreNewerThanServerError, 'as is an unknown migration');
});
