// `backup --to` while a load of writes runs, `restore --from` into a new data directory, and a
// server on the restored store that has every write acknowledged before the backup began and opens
// the sealed secrets (the server key came along). Real processes, real HTTP, real files (issue 32).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli, keyedCall } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

t.test('a backup under load restores every acknowledged write, and the key with it', async (t) => {
  const original = temporaryDirectory();
  const restored = temporaryDirectory();
  const backups = temporaryDirectory();
  t.teardown(() => [original, restored, backups].forEach(({ remove }) => remove()));
  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'enterprise', '--json'], { DATA_DIR: original.dir });
  const { live_key: key } = JSON.parse(created.stdout) as { live_key: string };
  const { uri } = await serve(t, { DATA_DIR: original.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  const call = keyedCall(key);
  const bot = (await call(uri, 'POST', '/api/v1/chatbots', { name: 'Support' })).json as { id: string };
  // A sealed secret: only the server key the store was set up with opens it.
  const hook = (await call(uri, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example/in', chatbot_id: bot.id })).json as { id: string };

  // Four writers start conversations until told to stop; each 201 is an acknowledged write.
  const acknowledged: Array<{ id: string; at: number }> = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const started = await call(uri, 'POST', `/api/v1/chatbots/${bot.id}/conversations`, { metadata: { n: acknowledged.length } });
      if (started.status !== 201) throw new Error(`a write failed: ${started.status} ${JSON.stringify(started.json)}`);
      acknowledged.push({ id: started.json.id, at: performance.now() });
    }
  });
  while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 10));

  const file = path.join(backups.dir, 'nightly', 'chatbots.sqlite');
  const backupStart = performance.now();
  const made = await run(['backup', '--to', file, '--json'], { DATA_DIR: original.dir, LOG_LEVEL: 'warn' });
  const duringBackup = acknowledged.filter((write) => write.at > backupStart).length;
  stop = true;
  await Promise.all(writers);
  t.equal(made.code, 0, made.stderr);
  const report = JSON.parse(made.stdout) as { file: string; bytes: number; key_file: string };
  t.match(report, { file, bytes: Number, key_file: `${file}.key` });
  t.equal(statSync(file).mode & 0o777, 0o600, 'the backup is private');
  t.equal(statSync(`${file}.key`).mode & 0o777, 0o600, 'the key beside it too');
  t.ok(duringBackup > 0, `writes went on while it ran (${duringBackup} during the backup, ${acknowledged.length} in all)`);
  const before = acknowledged.filter((write) => write.at < backupStart);

  const again = await run(['backup', '--to', file], { DATA_DIR: original.dir });
  t.equal(again.code, 1, 'a backup never overwrites a file');
  t.match(again.stderr, /exists: a backup never overwrites a file/);

  const back = await run(['restore', '--from', file], { DATA_DIR: restored.dir, LOG_LEVEL: 'warn' });
  t.equal(back.code, 0, back.stderr);
  t.match(back.stdout, /^Restored /);
  t.equal(statSync(path.join(restored.dir, 'chatbot-platform.sqlite')).mode & 0o777, 0o600, 'the restored database is private');
  const twice = await run(['restore', '--from', file], { DATA_DIR: restored.dir });
  t.equal(twice.code, 1, 'never over a database');
  t.match(twice.stderr, /exists: restore into a data directory without a database/);

  // A server on the restored store: it starts only with the key the store was set up with.
  const copy = await serve(t, { DATA_DIR: restored.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  const missing: string[] = [];
  for (const write of before) {
    if ((await call(copy.uri, 'GET', `/api/v1/chatbots/${bot.id}/conversations/${write.id}`)).status !== 200) missing.push(write.id);
  }
  t.same(missing, [], `all ${before.length} writes acknowledged before the backup began are there`);
  const rotated = await call(copy.uri, 'POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, {});
  t.equal(rotated.status, 200, 'a sealed secret opens: the server key came along');
});

t.test('refusals: no --to, a MongoDB store, no backup, not a database', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const noTarget = await run(['backup'], { DATA_DIR: dir });
  t.equal(noTarget.code, 2, 'a usage error');
  t.match(noTarget.stderr, /--to <file> is required\n\nUsage: chatbot-platform/);
  const mongo = await run(['backup', '--to', path.join(dir, 'x')], { DATABASE_URL: 'mongodb://127.0.0.1:1/x' });
  t.equal(mongo.code, 1);
  t.match(mongo.stderr, /mongodump/);
  const nothing = await run(['backup', '--to', path.join(dir, 'x')], { DATA_DIR: dir });
  t.match(nothing.stderr, /There is no database to back up/);
  const absent = await run(['restore', '--from', path.join(dir, 'absent.sqlite')], { DATA_DIR: path.join(dir, 'new') });
  t.match(absent.stderr, /There is no backup at/);
  const notes = path.join(dir, 'notes.sqlite');
  writeFileSync(notes, 'These are notes. '.repeat(300));
  const notDatabase = await run(['restore', '--from', notes], { DATA_DIR: path.join(dir, 'new') });
  t.equal(notDatabase.code, 1);
  t.match(notDatabase.stderr, /is not a SQLite database/);
  t.notOk(existsSync(path.join(dir, 'new', 'chatbot-platform.sqlite')), 'nothing was put in place');
  // A log left by a database deleted without it: SQLite would replay it onto the restored copy.
  const leftOver = path.join(dir, 'left-over');
  mkdirSync(leftOver);
  writeFileSync(path.join(leftOver, 'chatbot-platform.sqlite-wal'), 'an old log');
  const overLog = await run(['restore', '--from', notes], { DATA_DIR: leftOver });
  t.equal(overLog.code, 1);
  t.match(overLog.stderr, /chatbot-platform\.sqlite-wal exists: restore into a data directory without a database/);
});

t.test('the key sealed with a passphrase: only that passphrase opens it, and a refusal is one line', async (t) => {
  const original = temporaryDirectory();
  const backups = temporaryDirectory();
  t.teardown(() => [original, backups].forEach(({ remove }) => remove()));
  await run(['accounts', 'create', '--name', 'Acme', '--plan', 'enterprise'], { DATA_DIR: original.dir });
  // The key a first serve would make (core/secret-box.ts): 32 random bytes, base64, one line.
  writeFileSync(path.join(original.dir, 'webhook-secret.key'), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  const passphrase = path.join(backups.dir, 'passphrase');
  const wrong = path.join(backups.dir, 'wrong');
  const empty = path.join(backups.dir, 'empty');
  writeFileSync(passphrase, 'correct horse battery staple\n');
  writeFileSync(wrong, 'correct horse battery stapler\n');
  writeFileSync(empty, '\n');
  const serverKey = readFileSync(path.join(original.dir, 'webhook-secret.key'));

  const file = path.join(backups.dir, 'sealed.sqlite');
  const noPassphrase = await run(['backup', '--to', file, '--passphrase-file', empty], { DATA_DIR: original.dir });
  t.equal(noPassphrase.code, 1);
  t.match(noPassphrase.stderr, /^The passphrase file .*empty is empty: its first line is the passphrase\n$/);
  t.notOk(existsSync(file), 'nothing written');
  const made = await run(['backup', '--to', file, '--passphrase-file', passphrase, '--json'], { DATA_DIR: original.dir });
  t.equal(made.code, 0, made.stderr);
  t.match(JSON.parse(made.stdout), { key_file: `${file}.key`, key_sealed: true });
  const sealed = readFileSync(`${file}.key`);
  t.equal(sealed.subarray(0, 7).toString(), 'CBPSEAL', 'the sealed format');
  t.notOk(sealed.includes(serverKey.toString().trim()) || sealed.includes(Buffer.from(serverKey.toString().trim(), 'base64')), 'the key is not in it as it is');
  t.equal(statSync(`${file}.key`).mode & 0o777, 0o600);

  const into = (name: string) => path.join(backups.dir, name);
  const without = await run(['restore', '--from', file], { DATA_DIR: into('a') });
  t.equal(without.code, 1);
  t.match(without.stderr, /^.*sealed\.sqlite\.key is sealed with a passphrase: give its file with --passphrase-file \(or BACKUP_PASSPHRASE_FILE\)\n$/);
  const mistaken = await run(['restore', '--from', file, '--passphrase-file', wrong], { DATA_DIR: into('a') });
  t.equal(mistaken.code, 1);
  t.match(mistaken.stderr, /^.*sealed\.sqlite\.key: the passphrase does not open it \(a wrong passphrase, or a changed file\)\n$/);
  t.notOk(existsSync(into('a')), 'a refused restore writes nothing');
  const changed = Buffer.from(sealed);
  changed[12] ^= 1; // a cost parameter: authenticated too
  writeFileSync(into('changed.sqlite'), readFileSync(file));
  writeFileSync(into('changed.sqlite.key'), changed);
  const tampered = await run(['restore', '--from', into('changed.sqlite'), '--passphrase-file', passphrase], { DATA_DIR: into('b') });
  t.equal(tampered.code, 1);
  t.match(tampered.stderr, /does not open it|damaged/);
  t.notMatch(tampered.stderr, /\n\s+at /, 'no stack');

  const opened = await run(['restore', '--from', file, '--passphrase-file', passphrase], { DATA_DIR: into('a') });
  t.equal(opened.code, 0, opened.stderr);
  t.same(readFileSync(path.join(into('a'), 'webhook-secret.key')), serverKey, 'the server key came back as it was');
  t.equal(statSync(path.join(into('a'), 'webhook-secret.key')).mode & 0o777, 0o600);
  // BACKUP_PASSPHRASE_FILE is the passphrase when the command names none.
  const byEnv = await run(['restore', '--from', file], { DATA_DIR: into('c'), BACKUP_PASSPHRASE_FILE: passphrase });
  t.equal(byEnv.code, 0, byEnv.stderr);
  t.same(readFileSync(path.join(into('c'), 'webhook-secret.key')), serverKey);

  const envKey = await run(['backup', '--to', into('env.sqlite'), '--passphrase-file', passphrase], {
    DATA_DIR: original.dir,
    WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  t.equal(envKey.code, 1);
  t.match(envKey.stderr, /^The server key is WEBHOOK_SECRET_KEY, so there is no key file to seal/);
});
