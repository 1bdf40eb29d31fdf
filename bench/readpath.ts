// The readpath benchmark: what a keyed request costs next to a bare hapi server, every part in its
// own process (issue 17: "≥ 0.6× bare hapi on the keyed GET, with rate limits on").
//
//   - the platform's server: `node bin/chatbot-platform.js serve` (or the compiled build when one
//     exists, see serverEntry) on a fresh SQLite file, logging at the default level (info: one
//     access log line per request) into a file, as production writes to its collector;
//   - two Enterprise accounts: one as created (Enterprise has no request limits, so no counter is
//     kept) and one with per-minute and per-day limits far above the load, so every request is
//     counted in both windows as on a limited plan;
//   - the baseline: a bare hapi server (./bare-hapi.ts) returning the keyed GET's body byte for
//     byte, and echoing the write's body;
//   - the load generator: autocannon (./readpath-load.ts) in a child process per run.
//
// READPATH_RUNS: a comma-separated subset of get-limited, get, patch, post-idempotent.
// READPATH_SERVER_NODE_ARGS: extra node flags for the platform's server only, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof" (the profile is written when the server stops).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, freePort, run, start, startBareHapi, stop } from './processes.js';
import type { ReadpathLoadJob, ReadpathLoadOutput } from './readpath-load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export interface ReadpathOptions {
  /** Seconds per measured run. */
  seconds: number;
  /** Seconds of unmeasured load on each server first (the JIT warms up). */
  warmupSeconds: number;
  connections: number;
}

export interface ReadpathRow {
  name: string;
  result: ReadpathRunOutput;
  /** The bare hapi run this row is compared with. */
  baseline: 'get' | 'post';
}

export interface ReadpathResult {
  options: ReadpathOptions;
  serverCommand: string;
  bodyBytes: number;
  bareGet: ReadpathRunOutput;
  barePost: ReadpathRunOutput;
  rows: ReadpathRow[];
  /** Access log lines the server wrote during the run (proof that logging was on). */
  logLines: number;
  loadAverage: { start: number; end: number };
}

/**
 * How to start the CLI: bin/chatbot-platform.js, as `npm start` does (the build in dist/ when there
 * is one, else the sources through tsx), or $READPATH_SERVER_ENTRY: another build's cli.mjs, or a
 * .ts entry run through tsx (bin/cli.ts: the sources as they are now, with no build).
 */
function serverEntry(): string[] {
  const entry = path.resolve(root, process.env.READPATH_SERVER_ENTRY ?? 'bin/chatbot-platform.js');
  return entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
}

export type ReadpathRunOutput = ReadpathLoadOutput & { cpuMicrosPerRequest: number };

/** One autocannon run against the server of `pid`, with that server's CPU per request. */
async function load(dir: string, job: ReadpathLoadJob, pid: number): Promise<ReadpathRunOutput> {
  const file = path.join(dir, `load-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(job));
  const cpuBefore = cpuSeconds(pid);
  const out = await run(['--import', 'tsx', path.join(here, 'readpath-load.ts'), file], { PATH: process.env.PATH });
  const cpu = cpuSeconds(pid) - cpuBefore;
  rmSync(file, { force: true });
  const result = JSON.parse(out.trim().split('\n').pop()!) as ReadpathLoadOutput;
  return { ...result, cpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests) };
}

export async function readpathBenchmark(options: ReadpathOptions): Promise<ReadpathResult> {
  const loadAtStart = loadavg()[0]!;
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-bench-readpath-'));
  const port = await freePort();
  const adminToken = randomBytes(24).toString('hex');
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_TOKEN: adminToken,
  };
  const entry = serverEntry();
  const account = JSON.parse(await run([...entry, 'accounts', 'create', '--name', 'Bench', '--plan', 'enterprise', '--json'], env)) as { live_key: string };
  const serverNodeArgs = process.env.READPATH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const logFile = path.join(dir, 'server.log');
  const server = start([...serverNodeArgs, ...entry, 'serve'], env, logFile);
  let bare: ReturnType<typeof startBareHapi> | null = null;
  const base = `http://127.0.0.1:${port}`;

  try {
    for (let i = 0; ; i++) {
      if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error(`server did not start: ${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const call = async (method: string, url: string, auth: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
      return text;
    };

    // The limited account: Enterprise with limits no run reaches, so every request is counted.
    const limited = JSON.parse(
      await call('POST', '/admin/v1/accounts', adminToken, {
        name: 'Bench limited',
        plan: 'enterprise',
        limits: { requests_per_minute: 1_000_000_000, requests_per_day: 1_000_000_000 },
      }),
    ) as { live_key: string };
    const open = JSON.parse(await call('POST', '/api/v1/chatbots', account.live_key, { name: 'Readpath bench' })) as { id: string };
    const bot = JSON.parse(await call('POST', '/api/v1/chatbots', limited.live_key, { name: 'Readpath bench' })) as { id: string };
    const body = await call('GET', `/api/v1/chatbots/${bot.id}`, limited.live_key);

    bare = startBareHapi(body);
    const bareUri = await bare.uri;

    const { connections, seconds } = options;
    const keyed = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
    const writeBody = JSON.stringify({ name: 'Readpath bench' });
    const jobs = {
      bareGet: { url: `${bareUri}/body`, method: 'GET', connections, seconds } as ReadpathLoadJob,
      barePost: { url: `${bareUri}/echo`, method: 'POST', connections, seconds, headers: { 'content-type': 'application/json' }, body: writeBody } as ReadpathLoadJob,
      get: { url: `${base}/api/v1/chatbots/${open.id}`, method: 'GET', connections, seconds, headers: keyed(account.live_key) } as ReadpathLoadJob,
      getLimited: { url: `${base}/api/v1/chatbots/${bot.id}`, method: 'GET', connections, seconds, headers: keyed(limited.live_key) } as ReadpathLoadJob,
      patch: { url: `${base}/api/v1/chatbots/${bot.id}`, method: 'PATCH', connections, seconds, headers: keyed(limited.live_key), body: writeBody } as ReadpathLoadJob,
      postIdempotent: {
        url: `${base}/api/v1/chatbots/${bot.id}/conversations`,
        method: 'POST',
        connections,
        seconds,
        headers: keyed(limited.live_key),
        body: '{}',
        uniqueIdempotencyKey: true,
      } as ReadpathLoadJob,
    };
    const serverPid = server.child.pid!;
    const barePid = bare.child.pid!;
    const warm = (job: ReadpathLoadJob, pid: number) => load(dir, { ...job, seconds: options.warmupSeconds }, pid);
    await warm(jobs.bareGet, barePid);
    await warm(jobs.getLimited, serverPid);

    // READPATH_RUNS=get-limited,patch (say) runs only those, e.g. to profile one kind of request.
    const wanted = process.env.READPATH_RUNS?.split(',') ?? ['get-limited', 'get', 'patch', 'post-idempotent'];
    const measure = async (id: string, name: string, job: ReadpathLoadJob, baseline: 'get' | 'post') => {
      if (wanted.includes(id)) rows.push({ name, result: await load(dir, job, serverPid), baseline });
    };
    const rows: ReadpathRow[] = [];
    const bareGet = await load(dir, jobs.bareGet, barePid);
    await measure('get-limited', 'keyed GET /api/v1/chatbots/{id}, Enterprise with request limits (minute and day counted)', jobs.getLimited, 'get');
    await measure('get', 'keyed GET /api/v1/chatbots/{id}, Enterprise as created (no limits, no counters)', jobs.get, 'get');
    const barePost = await load(dir, jobs.barePost, barePid);
    await measure('patch', 'keyed PATCH /api/v1/chatbots/{id} (rename; limits counted)', jobs.patch, 'post');
    await measure('post-idempotent', 'keyed POST …/conversations with a new Idempotency-Key each (limits counted)', jobs.postIdempotent, 'post');

    await stop(server.child);
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    return {
      options,
      serverCommand: `node ${[...serverNodeArgs, ...entry.map((arg) => (path.isAbsolute(arg) ? path.relative(root, arg) : arg)), 'serve'].join(' ')}`,
      bodyBytes: Buffer.byteLength(body),
      bareGet,
      barePost,
      rows,
      logLines: log.split('\n').filter((line) => line.includes('"responseTime"') || line.includes('request completed')).length,
      loadAverage: { start: loadAtStart, end: loadavg()[0]! },
    };
  } finally {
    await stop(server.child);
    if (bare) await stop(bare.child);
    if (statSync(dir, { throwIfNoEntry: false })) rmSync(dir, { recursive: true, force: true });
  }
}
