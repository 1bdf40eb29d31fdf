// Start-up benchmark (issue 17): how long from spawning the process until the server listens, and
// its resident memory once up and once idle, for each way to run it: the TypeScript sources through
// tsx (what `npm start` ran before the build), the build in dist/ (`npm start` now), the single
// binary (when dist/chatbot-platform exists), and, as the baseline, a bare hapi server in plain
// JavaScript. Each run is a fresh process on a fresh SQLite file.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BINARY_PATH } from '../bin/build/binary.js';
import { buildServer, SERVER_BUILD } from '../bin/build/server.js';
import { residentMiB } from './processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BARE_HAPI = `
import Hapi from '@hapi/hapi';
const server = Hapi.server({ host: '127.0.0.1', port: 0 });
server.route({ method: 'GET', path: '/health', handler: () => ({ status: 'ok' }) });
await server.start();
console.log(JSON.stringify({ msg: 'listening', uri: server.info.uri }));
`;

interface Variant {
  name: string;
  command: string;
  args: string[];
}

export interface StartupFigures {
  name: string;
  /** Spawn to the first "listening" line, ms, one per run. */
  readyMs: number[];
  /** Resident memory 3 s after listening, MB, one per run. */
  rssMb: number[];
  /** Resident memory after `idleSeconds` without requests (one run), MB. */
  idleRssMb: number;
}

export interface StartupResult {
  runs: number;
  idleSeconds: number;
  variants: StartupFigures[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export { median };

/** One start: the time to listen, and the resident memory after each wait given (seconds after listening). */
async function startOnce(variant: Variant, waits: number[]): Promise<{ readyMs: number; rssMb: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
  const started = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: root,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? dir, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const readyMs = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('listening')) resolve(performance.now() - started);
      });
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => reject(new Error(`${variant.name} exited with ${code}: ${output.slice(-2000)}`)));
    });
    const rssMb: number[] = [];
    let waited = 0;
    for (const wait of waits) {
      await new Promise((resolve) => setTimeout(resolve, (wait - waited) * 1000));
      waited = wait;
      rssMb.push(residentMiB(child.pid!).rss);
    }
    return { readyMs, rssMb };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startupBenchmark(options: { runs: number; idleSeconds: number }): Promise<StartupResult> {
  if (!existsSync(path.join(SERVER_BUILD, 'cli.mjs'))) await buildServer();
  const variants: Variant[] = [
    { name: 'bare hapi (plain JavaScript, baseline)', command: process.execPath, args: ['--input-type=module', '-e', BARE_HAPI] },
    { name: 'sources through tsx', command: process.execPath, args: ['--import', 'tsx', 'bin/cli.ts', 'serve'] },
    { name: 'dist/server/ build (npm start)', command: process.execPath, args: ['dist/server/cli.mjs', 'serve'] },
  ];
  if (existsSync(BINARY_PATH)) variants.push({ name: 'single binary (dist/chatbot-platform)', command: BINARY_PATH, args: ['serve'] });

  const figures: StartupFigures[] = [];
  for (const variant of variants) {
    const readyMs: number[] = [];
    const rssMb: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const once = await startOnce(variant, [3]);
      readyMs.push(once.readyMs);
      rssMb.push(once.rssMb[0]!);
    }
    const idle = await startOnce(variant, [options.idleSeconds]);
    figures.push({ name: variant.name, readyMs, rssMb, idleRssMb: idle.rssMb[0]! });
  }
  return { runs: options.runs, idleSeconds: options.idleSeconds, variants: figures };
}
