// What only the SQLite adapter promises: WAL, recorded migrations, declared indexes kept in step.
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { Worker } from 'node:worker_threads';
import { BACKSTOP_PAGES, CHECKPOINT_EVERY_WRITES, START_AFTER_WRITES, WalCheckpointer } from '../../adapters/sqlite/checkpointer.js';
import { openSqliteStore } from '../../adapters/sqlite/index.js';
import { STORE_SCHEMA_VERSION } from '../../core/store/schema-version.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

t.test('WAL, migrations recorded once, collections registered', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'nested', 'store.sqlite');
  const store = openSqliteStore(file);
  store.collection({ name: 'things', scope: 'tenant', indexes: [{ fields: ['status'] }] });
  await store.init();
  await store.init();
  await store.close();

  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  t.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  const migrations = db.prepare('SELECT version, name FROM _migrations ORDER BY version').all();
  t.same(migrations, [
    { version: 1, name: 'counters' },
    { version: 2, name: 'collections registry' },
    { version: 3, name: 'schema version record' },
  ]);
  t.same(db.prepare(`SELECT name, value FROM _meta`).all(), [{ name: 'schema_version', value: String(STORE_SCHEMA_VERSION) }], 'the schema version recorded');
  const registered = db.prepare('SELECT name, definition FROM _collections').all() as Array<{ name: string; definition: string }>;
  t.same(registered.map((r) => r.name), ['things']);
  t.same(JSON.parse(registered[0]!.definition).indexes, [{ fields: ['status'] }]);
});

t.test('an index added or removed in a declaration is created or dropped at the next start', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const indexesOf = () => {
    const db = new Database(file, { readonly: true });
    const names = (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c_things' AND name LIKE 'ix_%'").all() as Array<{ sql: string }>).map((r) => r.sql);
    db.close();
    return names;
  };
  const first = openSqliteStore(file);
  first.collection({ name: 'things', scope: 'tenant', indexes: [{ fields: ['status'] }] });
  await first.init();
  await first.close();
  t.equal(indexesOf().filter((sql) => sql.includes("'$.status'")).length, 1);

  const second = openSqliteStore(file);
  second.collection({ name: 'things', scope: 'tenant', indexes: [{ fields: ['color'], unique: true }] });
  await second.init();
  await second.close();
  const after = indexesOf();
  t.equal(after.filter((sql) => sql.includes("'$.status'")).length, 0, 'the dropped index is gone');
  t.equal(after.filter((sql) => sql.includes('UNIQUE') && sql.includes("'$.color'")).length, 1, 'the new one exists');
});

t.test('a sparse index leaves null records out, serves a range and an equality, and replaces the full one at the next start', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const tenant = { accountId: 'acc_1', mode: 'live' as const };
  const open = async (sparse: boolean) => {
    const store = openSqliteStore(file);
    const things = store.collection<{ id?: string; ended_at: string | null }>({ name: 'things', scope: 'tenant', indexes: [{ fields: ['ended_at'], sparse }] });
    await store.init();
    return { store, things: things.forTenant(tenant) };
  };
  const full = await open(false);
  for (let i = 0; i < 20; i++) await full.things.insert({ id: `th_${i}`, ended_at: i % 5 === 0 ? `2026-12-0${1 + (i % 9)}T00:00:00.000Z` : null });
  await full.store.close();

  const { store, things } = await open(true);
  t.teardown(() => store.close());
  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'c_things' AND sql LIKE '%ended_at%'").all() as Array<{ name: string; sql: string }>;
  t.equal(indexes.length, 1, 'the full index was replaced');
  t.match(indexes[0]!.sql, /WHERE json_extract\(doc, '\$\.ended_at'\) IS NOT NULL$/);
  const entries = db.prepare(`SELECT count(*) AS n FROM c_things INDEXED BY ${indexes[0]!.name} WHERE json_extract(doc, '$.ended_at') IS NOT NULL`).get() as { n: number };
  t.equal(entries.n, 4, 'only the records with a value are in it');
  const plan = (sql: string) => {
    const params = ['acc_1', 'live', 'x', 'y'].slice(0, sql.split('?').length - 1);
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join(' ');
  };
  t.match(plan("SELECT id FROM c_things WHERE account_id = ? AND mode = ? AND json_extract(doc, '$.ended_at') >= ? AND json_extract(doc, '$.ended_at') < ?"), indexes[0]!.name, 'a range uses it');
  t.match(plan("SELECT id FROM c_things WHERE account_id = ? AND mode = ? AND json_extract(doc, '$.ended_at') = ?"), indexes[0]!.name, 'an equality too');
  // Results are the same whatever the index: nulls are found by a scan.
  t.equal((await things.list({ filter: { ended_at: { gte: '2026-12-01', lt: '2026-12-09' } }, sort: { field: 'ended_at', direction: 'asc' }, limit: 100 })).length, 4);
  t.equal((await things.list({ filter: { ended_at: null }, limit: 100 })).length, 16, 'a filter for null still finds every null record');
  await things.insert({ id: 'th_null', ended_at: null });
  await things.insert({ id: 'th_set', ended_at: '2026-12-09T00:00:00.000Z' });
  t.equal((db.prepare(`SELECT count(*) AS n FROM c_things INDEXED BY ${indexes[0]!.name} WHERE json_extract(doc, '$.ended_at') IS NOT NULL`).get() as { n: number }).n, 5, 'a new record with a value joins it, one without does not');
});

t.test('a closed store answers StoreUnavailableError', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const store = openSqliteStore(path.join(dir, 's.sqlite'));
  const things = store.collection<{ n: number }>({ name: 'things', scope: 'global' });
  await store.init();
  await store.close();
  await t.rejects(store.ping(), { name: 'StoreUnavailableError' });
  await t.rejects(things.global().get('x'), { name: 'StoreUnavailableError' });
});

t.test('declaring search on an existing collection indexes its records; removing it drops the index', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const tenant = { accountId: 'acct_1', mode: 'live' as const };
  const before = openSqliteStore(file);
  await before.collection<{ terms: string[] }>({ name: 'notes', scope: 'tenant' });
  await before.init();
  await before.collection<{ terms: string[] }>({ name: 'notes', scope: 'tenant' }).forTenant(tenant).insert({ id: 'n1', terms: ['alpha'] });
  await before.close();

  const searchable = openSqliteStore(file);
  const notes = searchable.collection<{ terms: string[] }>({ name: 'notes', scope: 'tenant', search: { field: 'terms' } });
  await searchable.init();
  t.same((await notes.forTenant(tenant).searchTerms({ terms: ['alpha'], limit: 5 })).hits.map((h) => h.record.id), ['n1'], 'backfilled');
  await searchable.close();

  const plain = openSqliteStore(file);
  plain.collection({ name: 'notes', scope: 'tenant' });
  await plain.init();
  await plain.close();
  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  t.notOk(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 's_notes'").get(), 'the FTS table is gone');
  t.notOk(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'c_notes'").get(), 'and its triggers');
});

t.test('a new database is private to the server user: folder 0700, file, WAL and shared memory 0600', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const folder = path.join(dir, 'private');
  const file = path.join(folder, 'store.sqlite');
  const store = openSqliteStore(file);
  const things = store.collection<{ name: string }>({ name: 'things', scope: 'tenant' });
  await store.init();
  await things.forTenant({ accountId: 'acct_1', mode: 'live' }).insert({ id: 'thing_1', name: 'written' });
  t.equal(statSync(folder).mode & 0o777, 0o700, 'the folder');
  for (const suffix of ['', '-wal', '-shm']) t.equal(statSync(`${file}${suffix}`).mode & 0o777, 0o600, `store.sqlite${suffix}`);
  await store.close();
});

t.test('the log is checkpointed on a thread of its own, not inside commits', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const store = openSqliteStore(file);
  const things = store.collection<{ n: number; text: string }>({ name: 'things', scope: 'global', indexes: [] });
  await store.init();
  t.ok(store.checkpointer, 'a file store has a checkpointer');
  const writes = START_AFTER_WRITES + 20 * CHECKPOINT_EVERY_WRITES;
  for (let i = 0; i < writes; i++) {
    if (i === START_AFTER_WRITES - 10) t.notOk(store.checkpointer!.running, 'no thread before START_AFTER_WRITES writes: a short-lived store never starts one');
    await store.commit([things.global().ops.insert({ id: `t${i}`, n: i, text: 'x'.repeat(500) })]);
    // A turn of the event loop now and then, as a server has between requests, for the replies.
    if (i % CHECKPOINT_EVERY_WRITES === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  for (let wait = 0; store.checkpointer!.stats.checkpoints === 0 && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
  t.ok(store.checkpointer!.stats.checkpoints > 0, `the thread checkpointed (${store.checkpointer!.stats.checkpoints} times)`);
  t.equal(store.checkpointer!.stats.failures, 0, `no failure (${store.checkpointer!.stats.lastError})`);
  await store.close();

  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  t.equal((db.prepare('SELECT count(*) AS n FROM c_things').get() as { n: number }).n, writes, 'every write kept');

  const plain = openSqliteStore(path.join(dir, 'plain.sqlite'), { checkpointThread: false });
  t.equal(plain.checkpointer, null, 'turned off: SQLite checkpoints inside commits');
  await plain.close();
  const memory = openSqliteStore(':memory:');
  t.equal(memory.checkpointer, null, 'an in-memory database has no log to checkpoint');
  await memory.close();
});

t.test('the checkpoint thread raises the serving connection’s automatic checkpoint, and a dead thread puts it back', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'store.sqlite');
  const store = openSqliteStore(file, { checkpointThread: false }); // creates the database and its log
  await store.init();
  const settings: number[] = [];
  const checkpointer = new WalCheckpointer(file, 5000, (pages) => settings.push(pages));
  for (let i = 0; i < START_AFTER_WRITES; i++) checkpointer.noteWrite();
  t.ok(checkpointer.running, 'started');
  t.same(settings, [BACKSTOP_PAGES], 'raised to the backstop');
  const worker = (checkpointer as unknown as { worker: Worker }).worker;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  await worker.terminate(); // as if the thread had died
  await exited;
  t.notOk(checkpointer.running);
  t.same(settings, [BACKSTOP_PAGES, 1000], 'SQLite’s default is back');
  for (let i = 0; i < 200; i++) checkpointer.noteWrite(); // nothing to ask, nothing thrown
  await checkpointer.close();
  await store.close();
});

t.test('reads do not count as writes for the checkpoint thread', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const store = openSqliteStore(path.join(dir, 'store.sqlite'));
  t.teardown(() => store.close());
  const things = store.collection<{ name: string }>({ name: 'things', scope: 'tenant', indexes: [] });
  await store.init();
  const repository = things.forTenant({ accountId: 'acct_acme', mode: 'live' });
  await repository.insert({ id: 'thing_1', name: 'read often' });
  for (let i = 0; i < START_AFTER_WRITES + 100; i++) {
    await repository.get('thing_1');
    await repository.list({ limit: 1 });
  }
  t.notOk(store.checkpointer!.running, 'a read-only load starts no checkpoint thread: reads add nothing to the log');
  for (let i = 0; i < START_AFTER_WRITES; i++) await repository.update('thing_1', { name: `write ${i}` });
  t.ok(store.checkpointer!.running, 'writes still do');
});
