// Several instances on one store, as a SaaS operator runs them: three API server processes share
// one rate limit exactly, and three worker processes never claim the same job while leases hold.
// Runs on the SQLite file and on FerretDB (and on MONGODB_URL's server when set).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { openStore } from '../../app/store.js';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { freshMongoUrl } from '../helpers/mongodb.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

// Eight server and worker processes on two stores: about 100 s alone, and over the 120 s a file
// gets by default when the machine is busy (a CI run on two cores timed out in the last FerretDB
// subtest). The bound stays: a hang still fails the file.
t.setTimeout(300_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/chatbot-platform.js');

/** One data directory for every child of this file, so they share its generated webhook key. */
const dataDir = temporaryDirectory();
t.teardown(dataDir.remove);

/** The children's coverage counts too (test/helpers/child-coverage.ts). */
function childEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH!, ...childCoverageEnv(), LOG_LEVEL: 'warn', DATA_DIR: dataDir.dir, ...env };
}

/** Runs a process to its end; `ready` resolves when it says "ready" on stderr. */
function run(args: string[], env: Record<string, string>): { ready: Promise<void>; done: Promise<string> } {
  const child = spawn(process.execPath, args, { env: childEnv(env), cwd: root });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (stderr.includes('ready\n')) markReady();
  });
  const done = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${stderr}`);
    return stdout;
  });
  return { ready, done };
}

const runToEnd = (args: string[], env: Record<string, string>) => run(args, env).done;

async function startServer(t: Test, databaseUrl: string): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve'], {
    env: childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
    cwd: root,
  });
  t.teardown(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const stores: Array<{ name: string; url: (t: Test) => Promise<string> }> = [
  {
    name: 'SQLite file',
    url: async (t) => {
      const { dir, remove } = temporaryDirectory();
      t.teardown(remove);
      return `sqlite:${path.join(dir, 'shared.sqlite')}`;
    },
  },
  { name: 'FerretDB', url: () => freshMongoUrl(false) },
  ...(process.env.MONGODB_URL ? [{ name: 'MongoDB (MONGODB_URL)', url: () => freshMongoUrl(true) }] : []),
];

for (const store of stores) {
  t.test(`${store.name}: three servers share one rate limit exactly`, async (t) => {
    const databaseUrl = await store.url(t);
    const created = await runToEnd([bin, 'accounts', 'create', '--name', 'Shared', '--plan', 'free', '--json'], {
      DATABASE_URL: databaseUrl,
    });
    const { live_key: key } = JSON.parse(created) as { live_key: string };
    const servers = await Promise.all([0, 1, 2].map(() => startServer(t, databaseUrl)));

    // 150 requests at once, spread over the three processes, against the free plan's 100 a day.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        fetch(`${servers[i % 3]}/api/v1/chatbots`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status),
      ),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    t.equal(count(200), 100, 'exactly the plan’s 100 requests were served');
    t.equal(count(429), 50, 'and every one past it refused');
  });

  t.test(`${store.name}: an OAuth token revoked on one server is refused by the other at once`, async (t) => {
    const databaseUrl = await store.url(t);
    const created = await runToEnd([bin, 'accounts', 'create', '--name', 'Integrations', '--plan', 'professional', '--json'], {
      DATABASE_URL: databaseUrl,
    });
    const { live_key: key } = JSON.parse(created) as { live_key: string };
    const [first, second] = await Promise.all([0, 1].map(() => startServer(t, databaseUrl)));
    const json = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const client = (await (
      await fetch(`${first}/api/v1/oauth/clients`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'CRM', scopes: ['leads:read'] }) })
    ).json()) as { id: string; client_secret: string };
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.id, client_secret: client.client_secret, ...fields }).toString(),
    });
    const { access_token: token } = (await (await fetch(`${first}/oauth/token`, form({ grant_type: 'client_credentials' }))).json()) as { access_token: string };
    const readLeads = (server: string) => fetch(`${server}/api/v1/leads`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    t.equal(await readLeads(second!), 200, 'a token from one server works on the other');
    t.equal((await fetch(`${first}/oauth/revoke`, form({ token }))).status, 200);
    t.equal(await readLeads(second!), 401, 'revoked on the first, refused by the second with no delay');
    t.equal(await readLeads(first!), 401);
  });

  t.test(`${store.name}: three workers never claim the same job while leases hold`, async (t) => {
    const databaseUrl = await store.url(t);
    const tenant = { accountId: 'acct_jobs', mode: 'live' as const };
    const seed = await openStore(databaseUrl);
    const jobs = seed.collection<{ run_at: string | null; n: number }>({ name: 'jobs', scope: 'tenant', claims: { dueField: 'run_at' } });
    await seed.init();
    const total = 240;
    for (let n = 0; n < total; n++) {
      await jobs.forTenant(tenant).insert({ id: `job_${String(n).padStart(4, '0')}`, run_at: '2026-01-01T00:00:00.000Z', n });
    }
    t.teardown(() => seed.close());

    const { dir, remove } = temporaryDirectory();
    t.teardown(remove);
    const goFile = path.join(dir, 'go');
    const startWorker = (now: string, barrier: boolean) => {
      const process = run(['--import', 'tsx', path.join(root, 'test/fixtures/claim-worker.ts')], {
        DATABASE_URL: databaseUrl,
        NOW: now,
        LEASE_MS: '60000',
        ...(barrier ? { GO_FILE: goFile } : {}),
      });
      return { ready: process.ready, result: process.done.then((line) => JSON.parse(line) as { owner: string; claimed: string[] }) };
    };
    const worker = (now: string) => startWorker(now, false).result;

    // All three connect first, then start claiming at the same moment.
    const racing = [0, 1, 2].map(() => startWorker('2026-06-01T00:00:00.000Z', true));
    await Promise.all(racing.map((w) => w.ready));
    writeFileSync(goFile, '');
    const results = await Promise.all(racing.map((w) => w.result));
    const all = results.flatMap((r) => r.claimed);
    t.equal(new Set(all).size, all.length, 'no job claimed by two workers');
    t.equal(all.length, total, 'every job claimed');
    t.ok(results.filter((r) => r.claimed.length > 0).length >= 2, `they raced: ${results.map((r) => r.claimed.length).join(' / ')} claims`);

    const during = await worker('2026-06-01T00:00:59.000Z');
    t.same(during.claimed, [], 'while the leases hold, nobody else gets a job');
    const after = await worker('2026-06-01T00:01:01.000Z');
    t.equal(after.claimed.length, total, 'once they have run out, every job can be claimed again');
    const reclaimed = await jobs.forTenant(tenant).get('job_0000');
    t.ok(reclaimed, 'the job is still there');
  });
}
