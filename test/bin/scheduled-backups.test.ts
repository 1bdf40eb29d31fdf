// Scheduled backups (BACKUP_CRON): a served instance under a load of writes backs up every second
// into BACKUP_DIR, keeps BACKUP_KEEP of its own backups and never touches other files there, seals
// the key with BACKUP_PASSPHRASE_FILE, and each kept backup restores into a new data directory
// where a server has the records and opens the sealed secrets. Real processes, real HTTP, real files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { ConfigError, loadConfig } from '../../config/index.js';
import { isSealedKey } from '../../core/sealed-key.js';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli, keyedCall } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());
const SCHEDULED = /^chatbot-platform-\d{8}T\d{6}Z\.sqlite$/;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('backups every second under writes: KEEP kept, others untouched, each one restores', async (t) => {
  const data = temporaryDirectory();
  const backups = temporaryDirectory();
  const secrets = temporaryDirectory();
  t.teardown(() => [data, backups, secrets].forEach(({ remove }) => remove()));
  const passphraseFile = path.join(secrets.dir, 'passphrase');
  writeFileSync(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 });
  // Files this job did not write: never deleted, whatever their age or name.
  writeFileSync(path.join(backups.dir, 'notes.txt'), 'mine');
  writeFileSync(path.join(backups.dir, 'chatbot-platform-manual.sqlite'), 'a manual backup');
  writeFileSync(path.join(backups.dir, 'chatbot-platform-2020.sqlite'), 'an old one, named otherwise');

  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'enterprise', '--json'], { DATA_DIR: data.dir });
  const { live_key: key } = JSON.parse(created.stdout) as { live_key: string };
  const env = { BACKUP_CRON: '* * * * * *', BACKUP_DIR: backups.dir, BACKUP_KEEP: '2', BACKUP_PASSPHRASE_FILE: passphraseFile };
  const server = await serve(t, { DATA_DIR: data.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  const call = keyedCall(key);
  const bot = (await call(server.uri, 'POST', '/api/v1/chatbots', { name: 'Support' })).json as { id: string };
  const hook = (await call(server.uri, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example/in', chatbot_id: bot.id })).json as { id: string };
  const conversations: string[] = [];
  for (let n = 0; n < 10; n++) conversations.push((await call(server.uri, 'POST', `/api/v1/chatbots/${bot.id}/conversations`, {})).json.id);

  // Writers go on while the backups run; backups counted from here hold everything written above.
  const done = () => server.output().split('\n').filter((line) => line.includes('"scheduled backup done"')).length;
  const before = done();
  let stop = false;
  let written = 0;
  const writers = Array.from({ length: 2 }, async () => {
    while (!stop) {
      const started = await call(server.uri, 'POST', `/api/v1/chatbots/${bot.id}/conversations`, {});
      if (started.status !== 201) throw new Error(`a write failed: ${started.status} ${JSON.stringify(started.json)}`);
      written++;
    }
  });
  const deadline = Date.now() + 90_000;
  while (done() < before + 4 && Date.now() < deadline) await pause(100);
  const ready = await call(server.uri, 'GET', '/ready');
  stop = true;
  await Promise.all(writers);
  t.ok(done() >= before + 4, `at least four backups after the data was written (${done() - before}; ${written} writes meanwhile)`);
  t.notOk(/scheduled backups failed/.test(server.output()), 'no backup failed');
  t.match(
    (ready.json.loops as Array<{ name: string; failing: boolean }>).find((loop) => loop.name === 'scheduled backups'),
    { failing: false },
    '/ready reports the loop',
  );
  server.server.kill('SIGTERM');
  await new Promise((resolve) => server.server.once('exit', resolve));

  const names = readdirSync(backups.dir).sort();
  const kept = names.filter((name) => SCHEDULED.test(name));
  t.equal(kept.length, 2, `BACKUP_KEEP of them are kept (${names.join(', ')})`);
  for (const other of ['notes.txt', 'chatbot-platform-manual.sqlite', 'chatbot-platform-2020.sqlite']) t.ok(names.includes(other), `${other} is untouched`);
  t.same(
    names.filter((name) => name.endsWith('.key')),
    kept.map((name) => `${name}.key`),
    'a key beside each kept backup, and none left by the deleted ones',
  );
  t.notOk(names.some((name) => name.includes('.partial')), 'no partial file left');

  for (const name of kept) {
    const file = path.join(backups.dir, name);
    t.ok(isSealedKey(readFileSync(`${file}.key`)), `${name}.key is sealed with the passphrase`);
    const restored = temporaryDirectory();
    t.teardown(restored.remove);
    const back = await run(['restore', '--from', file, '--passphrase-file', passphraseFile], { DATA_DIR: restored.dir, LOG_LEVEL: 'warn' });
    t.equal(back.code, 0, back.stderr);
    t.same(readFileSync(path.join(restored.dir, 'webhook-secret.key')), readFileSync(path.join(data.dir, 'webhook-secret.key')), 'the server key came back');
    const copy = await serve(t, { DATA_DIR: restored.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const missing: string[] = [];
    for (const id of conversations) if ((await call(copy.uri, 'GET', `/api/v1/chatbots/${bot.id}/conversations/${id}`)).status !== 200) missing.push(id);
    t.same(missing, [], `${name}: every conversation written before it is there`);
    t.equal((await call(copy.uri, 'POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, {})).status, 200, `${name}: a sealed secret opens`);
    copy.server.kill('SIGTERM');
    await new Promise((resolve) => copy.server.once('exit', resolve));
  }
});

t.test('an API-only instance runs no backups; /ready lists the loop only where it runs', async (t) => {
  const data = temporaryDirectory();
  t.teardown(data.remove);
  const env = { DATA_DIR: data.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', BACKUP_CRON: '* * * * * *', BACKUP_DIR: path.join(data.dir, 'b') };
  const api = await serve(t, { ...env, ROLES: 'api' });
  const ready = (await (await fetch(`${api.uri}/ready`)).json()) as { loops: Array<{ name: string }> };
  t.notOk(
    ready.loops.some((loop) => loop.name === 'scheduled backups'),
    'not on an API instance',
  );
  api.server.kill('SIGTERM');
  await new Promise((resolve) => api.server.once('exit', resolve));
  t.notOk(existsSync(path.join(data.dir, 'b')), 'and it wrote nothing');
});

t.test('configuration: a bad expression, and MongoDB, are configuration errors', async (t) => {
  const load = (env: Record<string, string>) => () => loadConfig({ env, file: null });
  t.throws(load({ BACKUP_CRON: '61 * * * *' }), new ConfigError(['BACKUP_CRON (backups.cron): "backups.cron" must be a cron expression (5 fields, or 6 with seconds first), e.g. "0 3 * * *"']));
  t.throws(load({ BACKUP_CRON: 'nightly' }), ConfigError);
  t.throws(load({ BACKUP_KEEP: '0' }), /BACKUP_KEEP \(backups.keep\)/);
  t.throws(
    load({ BACKUP_CRON: '0 3 * * *', DATABASE_URL: 'mongodb://127.0.0.1:1/x' }),
    /^Invalid configuration: BACKUP_CRON \(backups\.cron\): scheduled backups copy the embedded SQLite store; on MongoDB back up with mongodump/,
  );
  const config = loadConfig({ env: { DATA_DIR: '/srv/cbp' }, file: null });
  t.same(config.backups, { cron: null, dir: path.join('/srv/cbp', 'backups'), keep: 7, passphrase_file: null }, 'defaults: none, in DATA_DIR/backups, 7 kept');

  const cli = await run(['accounts', 'list'], { BACKUP_CRON: '0 3 * * *', DATABASE_URL: 'mongodb://127.0.0.1:1/x' });
  t.equal(cli.code, 78, 'the process refuses to start: a configuration error');
  t.match(cli.stderr, /scheduled backups copy the embedded SQLite store/);
  t.notMatch(cli.stderr, /\n\s+at /, 'one line, no stack');
});
