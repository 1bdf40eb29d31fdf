// Webhook benchmark: deliveries per second from the outbox to a local receiver (a burst of events),
// and event-to-receiver latency when events come at a steady rate. Each part in its own process:
//   - the server (./webhooks-server.ts): the platform on a fresh SQLite file with its dispatcher,
//     writing the events when told (as the platform does after a change). Run as production runs
//     the server: bundled by esbuild with the options of `npm run build` (bin/build/server.ts) into
//     dist/bench/, beside dist/server/ whose worker bundles it starts (so `npm run build` first);
//     WEBHOOKS_SERVER=sources runs the TypeScript sources through tsx instead;
//   - the receiver: this process, answering 204 and noting when each event first arrives;
//   - the baseline (./webhooks-baseline.ts): the same receiver POSTed to directly with got, 16 at a
//     time over keep-alive connections, as many POSTs as the burst has events.
// CPU per delivery (the server's user + system time from /proc over the burst, its event writes
// included) and per baseline POST say what each costs even when other work takes cores away.
// Latency is from the start of an event's write (wall clock, in the event) to its arrival.
// WEBHOOKS_SERVER_NODE_ARGS: extra node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeBundleOptions, ROOT, SERVER_BUILD } from '../bin/build/server.js';
import { cpuSeconds } from './processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Latency {
  events: number;
  p50: number;
  p95: number;
  max: number;
}

export interface WebhookBenchResult {
  burst: number;
  deliveriesPerSecond: number;
  /** How long the server took to write the burst's events (the dispatcher sends meanwhile). */
  burstWriteSeconds: number;
  /** The server's CPU time (user + system) over the burst, per delivery; NaN off Linux. */
  serverCpuMicrosPerDelivery: number;
  baselinePostsPerSecond: number;
  /** The baseline process's CPU time over its POSTs, per POST. */
  baselineCpuMicrosPerPost: number;
  /** How the server ran: 'build' (bundled as production) or 'sources' (tsx). */
  serverRun: 'build' | 'sources';
  steady: Array<{ rate: number; seconds: number; latencyMs: Latency }>;
  loadAverage: { start: number; end: number };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const wallClock = () => performance.timeOrigin + performance.now();

interface Job {
  burst?: number;
  steady?: { rate: number; seconds: number };
  stop?: boolean;
}

export async function webhookBenchmark(options: { burst: number; steady: Array<{ rate: number; seconds: number }> }): Promise<WebhookBenchResult> {
  const loadStart = loadavg()[0]!;
  // The receiver notes when each event's payload (keyed by its data.id) first arrives, and its write time.
  const arrivals = new Map<string, { at: number; written: number }>();
  let onArrival: () => void = () => undefined;
  const receiver = createHttpServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const at = wallClock();
    // Deliveries carry the event; the baseline's bare POSTs only a webhook-id header.
    const data = (JSON.parse(body) as { data?: { id?: string; t?: number } }).data;
    const id = String(data?.id ?? request.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, { at, written: data?.t ?? at });
    response.writeHead(204).end();
    onArrival();
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const allArrived = (count: number) =>
    new Promise<void>((resolve) => {
      onArrival = () => arrivals.size >= count && resolve();
      onArrival();
    });

  const serverNodeArgs = process.env.WEBHOOKS_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const serverRun = process.env.WEBHOOKS_SERVER === 'sources' ? 'sources' : 'build';
  const serverScript = serverRun === 'build' ? await bundleServer() : path.join(here, 'webhooks-server.ts');
  const server = fork(serverScript, [receiverUrl], {
    execArgv: [...(serverRun === 'build' ? [] : ['--import', 'tsx']), ...serverNodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`))));
  exited.catch(() => undefined); // awaited through the races below; a normal stop is no error
  const answer = () => Promise.race([new Promise<{ writeSeconds: number }>((resolve) => server.once('message', resolve)), exited]);
  const ask = (job: Job) => {
    const answered = answer();
    server.send(job);
    return answered;
  };
  try {
    await answer(); // ready

    // Burst: events written to the outbox as fast as they commit; from the request to the last arrival.
    const burstStarted = wallClock();
    const cpuBefore = cpuSeconds(server.pid!);
    const { writeSeconds: burstWriteSeconds } = await ask({ burst: options.burst });
    await allArrived(options.burst);
    const deliveriesPerSecond = options.burst / ((wallClock() - burstStarted) / 1000);
    const serverCpuMicrosPerDelivery = ((cpuSeconds(server.pid!) - cpuBefore) * 1e6) / options.burst;

    // Steady: `rate` events per second; latency from the start of each write to its arrival.
    const steady: WebhookBenchResult['steady'] = [];
    for (const { rate, seconds } of options.steady) {
      const before = new Set(arrivals.keys());
      await ask({ steady: { rate, seconds } });
      const expected = before.size + Math.round(rate * seconds);
      await allArrived(expected);
      const latency = [...arrivals]
        .filter(([id]) => !before.has(id))
        .map(([, { at, written }]) => at - written)
        .sort((a, b) => a - b);
      steady.push({ rate, seconds, latencyMs: { events: latency.length, p50: percentile(latency, 0.5), p95: percentile(latency, 0.95), max: latency[latency.length - 1]! } });
    }
    server.send({ stop: true });
    await new Promise((resolve) => server.once('exit', resolve));

    // Baseline: the same receiver, POSTed to directly from another process, 16 at a time.
    const baseline = JSON.parse(await runNode([path.join(here, 'webhooks-baseline.ts'), receiverUrl, String(options.burst), '16'])) as {
      seconds: number;
      cpuSeconds: number;
    };
    return {
      burst: options.burst,
      deliveriesPerSecond,
      burstWriteSeconds,
      serverCpuMicrosPerDelivery,
      baselinePostsPerSecond: options.burst / baseline.seconds,
      baselineCpuMicrosPerPost: (baseline.cpuSeconds * 1e6) / options.burst,
      serverRun,
      steady,
      loadAverage: { start: loadStart, end: loadavg()[0]! },
    };
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

/**
 * The bench server bundled as `npm run build` bundles the server (same esbuild options), into
 * dist/bench/: two folders below the root like dist/server/, whose worker bundles it starts.
 */
async function bundleServer(): Promise<string> {
  if (!existsSync(path.join(SERVER_BUILD, 'checkpoint-worker.mjs'))) throw new Error('no build in dist/server/: run npm run build first (or WEBHOOKS_SERVER=sources)');
  const outfile = path.join(ROOT, 'dist', 'bench', 'webhooks-server.mjs');
  await build({ ...nodeBundleOptions('dist'), entryPoints: [path.join(here, 'webhooks-server.ts')], outfile });
  return outfile;
}

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}
