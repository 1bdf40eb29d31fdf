// Upgrades (issue 32): the store records the schema version that migrated it; a server older than
// its data refuses to start, in one line, before changing anything; `migrate --dry-run` lists what
// this version would change and changes nothing. Real processes on a real SQLite file and FerretDB.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import t from 'tap';
import { STORE_SCHEMA_VERSION } from '../../core/store/schema-version.js';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { freshMongoUrl } from '../helpers/mongodb.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

function sqliteOf(dir: string) {
  return new Database(path.join(dir, 'chatbot-platform.sqlite'));
}
function registryOf(db: Database.Database) {
  return db.prepare('SELECT name, definition FROM _collections ORDER BY name').all() as Array<{ name: string; definition: string }>;
}

t.test('SQLite: dry run on a new, an up-to-date and an older store; nothing changes until migrate', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const env = { DATA_DIR: dir };
  const fresh = await run(['migrate', '--dry-run'], { DATA_DIR: path.join(dir, 'not-yet') });
  t.equal(fresh.code, 0, fresh.stderr);
  t.match(fresh.stdout, new RegExp(`No store at .*not-yet/chatbot-platform.sqlite yet: migrate \\(or the first start\\) creates it at schema version ${STORE_SCHEMA_VERSION}`));
  t.notOk(existsSync(path.join(dir, 'not-yet')), 'the dry run made no directory, file or key');

  t.equal((await run(['migrate'], env)).code, 0);
  const current = await run(['migrate', '--dry-run'], env);
  t.equal(current.code, 0, current.stderr);
  t.match(current.stdout, /The store is up to date .*: nothing to change/);

  // A store as an older version left it: no version recorded, chatbots without their last index,
  // no leads collection yet.
  const db = sqliteOf(dir);
  db.prepare(`DELETE FROM _meta`).run();
  const chatbots = JSON.parse((db.prepare(`SELECT definition FROM _collections WHERE name = 'chatbots'`).get() as { definition: string }).definition);
  const dropped = chatbots.indexes.pop() as { fields: string[] };
  db.prepare(`UPDATE _collections SET definition = ? WHERE name = 'chatbots'`).run(JSON.stringify(chatbots));
  db.prepare(`DELETE FROM _collections WHERE name = 'leads'`).run();
  const before = registryOf(db);
  db.close();

  const older = await run(['migrate', '--dry-run'], env);
  t.equal(older.code, 0, older.stderr);
  t.match(older.stdout, `schema version (none recorded) → ${STORE_SCHEMA_VERSION}`);
  t.match(older.stdout, `collection chatbots: add index (${dropped.fields.join(', ')})`);
  t.match(older.stdout, /create collection leads/);
  t.match(older.stdout, /Nothing was changed/);
  const after = sqliteOf(dir);
  t.same(registryOf(after), before, 'the dry run changed nothing');
  t.same(after.prepare(`SELECT count(*) AS n FROM _meta`).get(), { n: 0 }, 'no version recorded by it');
  after.close();

  t.equal((await run(['migrate'], env)).code, 0);
  t.match((await run(['migrate', '--dry-run'], env)).stdout, /up to date/, 'migrate did what the dry run listed');
});

t.test('SQLite: a server older than its data refuses to start, in one line, and touches nothing', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' };
  t.equal((await run(['migrate'], env)).code, 0);
  const db = sqliteOf(dir);
  db.prepare(`UPDATE _meta SET value = ? WHERE name = 'schema_version'`).run(String(STORE_SCHEMA_VERSION + 1));
  // What a newer server may have made: an index this one does not declare (it would drop it).
  db.prepare(`CREATE INDEX ix_chatbots_newer ON c_chatbots (id)`).run();
  db.close();

  for (const args of [['serve'], ['migrate'], ['migrate', '--dry-run'], ['accounts', 'list']]) {
    const refused = await run(args, env);
    t.equal(refused.code, 78, `${args.join(' ')}: exit 78`);
    t.equal(refused.stderr.trim().split('\n').length, 1, `${args.join(' ')}: one line`);
    t.match(refused.stderr, /migrated by a newer version of chatbot-platform \(store schema \d+, this server knows \d+\)/);
  }
  const after = sqliteOf(dir);
  t.ok(after.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'ix_chatbots_newer'`).get(), 'the newer index is still there');
  t.equal((after.prepare(`SELECT value FROM _meta WHERE name = 'schema_version'`).get() as { value: string }).value, String(STORE_SCHEMA_VERSION + 1));
  // An adapter migration this build does not know tells the same.
  after.prepare(`UPDATE _meta SET value = ? WHERE name = 'schema_version'`).run(String(STORE_SCHEMA_VERSION));
  after.prepare(`INSERT INTO _migrations (version, name, applied_at) VALUES (999, 'from the future', 'x')`).run();
  after.close();
  const unknownMigration = await run(['serve'], env);
  t.equal(unknownMigration.code, 78);
  t.match(unknownMigration.stderr, /migrated by a newer version/);
});

t.test('MongoDB (FerretDB): the version is recorded, and a newer one refuses the older server', async (t) => {
  const url = await freshMongoUrl(false);
  const env = { DATABASE_URL: url, WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), PORT: '0', HOST: '127.0.0.1' };
  const fresh = await run(['migrate', '--dry-run'], env);
  t.equal(fresh.code, 0, fresh.stderr);
  t.match(fresh.stdout, /a new store: create \d+ collections/);
  t.equal((await run(['migrate'], env)).code, 0);
  t.match((await run(['migrate', '--dry-run'], env)).stdout, /up to date/);

  const client = new MongoClient(url);
  t.teardown(() => client.close());
  const meta = client.db().collection<{ _id: string; value: number }>('_meta');
  t.same(await meta.findOne({ _id: 'schema_version' }), { _id: 'schema_version', value: STORE_SCHEMA_VERSION }, 'recorded');
  await meta.updateOne({ _id: 'schema_version' }, { $set: { value: STORE_SCHEMA_VERSION + 1 } });
  for (const args of [['serve'], ['migrate', '--dry-run']]) {
    const refused = await run(args, env);
    t.equal(refused.code, 78, `${args.join(' ')}: exit 78`);
    t.equal(refused.stderr.trim().split('\n').length, 1, 'one line');
    t.match(refused.stderr, /migrated by a newer version/);
  }
  t.same(await meta.findOne({ _id: 'schema_version' }), { _id: 'schema_version', value: STORE_SCHEMA_VERSION + 1 }, 'not lowered');
});
