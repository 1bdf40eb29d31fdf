// The MongoDB backup steps of docs/backups.md, against FerretDB: data made through the API of a
// served instance, mongodump to an archive, mongorestore into a new empty database, and a server
// started on it with the same WEBHOOK_SECRET_KEY has the records, opens the sealed secrets and has
// every index of the original. Real processes (the platform, FerretDB, the tools), real HTTP.
// mongodump and mongorestore come from test/tools/install-mongo-tools.ts (built once, cached).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli, keyedCall } from '../helpers/cli-process.js';
import { sharedFerretDb } from '../helpers/ferretdb.js';
import { builtMongoTools } from '../helpers/mongo-tools.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());
const runTool = promisify(execFile);

const tools = builtMongoTools();

t.test('mongodump, mongorestore into a new database, and a server on it with the same key', { skip: tools ? false : 'mongodump and mongorestore are not built here (npm test\'s pretest says why)' }, async (t) => {
  if (!tools) return;
  const ferret = await sharedFerretDb(); // stopped when the test process exits
  const dir = temporaryDirectory();
  t.teardown(dir.remove);
  const secretKey = Buffer.alloc(32, 42).toString('base64');
  const [source, copy] = ['cbp_live', 'cbp_restored'];
  const env = (database: string) => ({ DATABASE_URL: ferret.url(database), WEBHOOK_SECRET_KEY: secretKey, DATA_DIR: dir.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });

  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'enterprise', '--json'], env(source));
  t.equal(created.code, 0, created.stderr);
  const { live_key: key } = JSON.parse(created.stdout) as { live_key: string };
  const live = await serve(t, env(source));
  const call = keyedCall(key);
  const bot = (await call(live.uri, 'POST', '/api/v1/chatbots', { name: 'Support' })).json as { id: string };
  const hook = await call(live.uri, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example/in', chatbot_id: bot.id });
  t.equal(hook.status, 201, 'a webhook: its signing secret is sealed with the server key');
  const conversations: string[] = [];
  for (let n = 0; n < 5; n++) conversations.push((await call(live.uri, 'POST', `/api/v1/chatbots/${bot.id}/conversations`, { metadata: { n } })).json.id);

  // The documented steps (docs/backups.md, "MongoDB"), the archive into another database.
  const archive = path.join(dir.dir, 'chatbot-platform.archive');
  await runTool(tools.mongodump, ['--uri', ferret.url(source), `--archive=${archive}`]);
  live.server.kill('SIGTERM');
  await new Promise((resolve) => live.server.once('exit', resolve));
  await runTool(tools.mongorestore, [
    '--uri', ferret.url(''), `--archive=${archive}`, `--nsFrom=${source}.*`, `--nsTo=${copy}.*`,
    // FerretDB refuses the index option mongorestore sends ("ns"): the server makes the indexes at
    // start instead, its own migrations' ones too once their records are left out.
    '--noIndexRestore', `--nsExclude=${source}._migrations`,
  ]);

  const restored = await serve(t, env(copy));
  const missing: string[] = [];
  for (const id of conversations) if ((await call(restored.uri, 'GET', `/api/v1/chatbots/${bot.id}/conversations/${id}`)).status !== 200) missing.push(id);
  t.same(missing, [], 'every conversation is there');
  t.equal((await call(restored.uri, 'GET', `/api/v1/chatbots/${bot.id}`)).json.name, 'Support');
  const rotated = await call(restored.uri, 'POST', `/api/v1/webhooks/${hook.json.id}/rotate-secret`, {});
  t.equal(rotated.status, 200, `a sealed secret opens with the same WEBHOOK_SECRET_KEY (${rotated.json.error?.message ?? 'rotated'})`);

  // Every index of the original is on the copy (the unique ones keep their promise).
  const client = new MongoClient(ferret.url(''));
  const indexes = async (database: string) => {
    const names: string[] = [];
    for (const { name } of await client.db(database).listCollections().toArray()) {
      for (const index of await client.db(database).collection(name).indexes()) names.push(`${name}.${index.name}${index.unique ? ' (unique)' : ''}`);
    }
    return names.sort();
  };
  const [before, after] = [await indexes(source), await indexes(copy)];
  await client.close();
  t.ok(before.some((name) => name.endsWith('(unique)')), 'the original has unique indexes');
  t.same(before.filter((name) => !after.includes(name)), [], `every index of the original is on the copy (${before.length})`);
  restored.server.kill('SIGTERM');
  await new Promise((resolve) => restored.server.once('exit', resolve));

  // A server with another key refuses the copy at start: the key is part of the backup.
  const otherKey = await run(['serve'], { ...env(copy), WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') });
  t.not(otherKey.code, 0);
  t.match(otherKey.stdout + otherKey.stderr, /server secret key differs/);
});
