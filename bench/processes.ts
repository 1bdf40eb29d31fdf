// What the benchmarks that run the server, the load generator and the baseline each in its own
// process share: a free port, node children run to their end or kept running, and what /proc says
// about a process (CPU used, resident memory), which holds up when other work takes the cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs node with `args` (in the checkout) to its end; returns stdout (stderr is kept for the error). */
export function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`))));
  });
}

/** A long-running node child; stdout goes to `stdoutFile` when given (a server's log), else is drained with stderr, the last 20 KB kept for errors. */
export function start(args: string[], env: NodeJS.ProcessEnv, stdoutFile?: string): { child: ChildProcess; output: () => string } {
  const fd = stdoutFile ? openSync(stdoutFile, 'a') : null;
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', fd ?? 'pipe', 'pipe'] });
  if (fd !== null) closeSync(fd);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/**
 * The bare hapi baseline (bare-hapi.ts) in its own process, answering `body` (JSON text) at
 * GET /body; `uri` settles once it listens (rejects after 60 s). Stop `child` either way.
 */
export function startBareHapi(body?: string): { child: ChildProcess; uri: Promise<string> } {
  const bare = start(['--import', 'tsx', path.join(root, 'bench/bare-hapi.ts')], { PATH: process.env.PATH, ...(body === undefined ? {} : { BARE_BODY: body }) });
  return { child: bare.child, uri: listeningUri(bare, 'baseline server') };
}

/** The address a started server prints (`"uri":"http://…"`) once it listens; rejects after 60 s or when it exits first. */
export function listeningUri(started: { child: ChildProcess; output: () => string }, name: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const settle = (error?: Error, uri?: string) => {
      clearInterval(check);
      clearTimeout(timer);
      started.child.off('exit', exited);
      if (error) reject(error);
      else resolve(uri!);
    };
    const exited = (code: number | null) => settle(new Error(`${name} exited with ${code}: ${started.output()}`));
    const timer = setTimeout(() => settle(new Error(`${name} did not start: ${started.output()}`)), 60_000);
    const check = setInterval(() => {
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(started.output());
      if (match) settle(undefined, match[1]!);
    }, 50);
    started.child.once('exit', exited);
  });
}

/** SIGTERM, and SIGKILL if it has not exited 20 s later. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; NaN elsewhere). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks of 1/100 s
  } catch {
    return Number.NaN;
  }
}

/** Resident memory now and at its peak, MiB, from /proc. */
export function residentMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
