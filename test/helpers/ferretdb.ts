// FerretDB 1.24, a real MongoDB-wire server with an embedded SQLite backend, as the MongoDB test
// server: built once from the Go module proxy into a cache outside the repo, then started per test
// process on a free port with a temporary directory. No mongod can be installed on these machines.
//
// `go install …@v1.24.2` does not work here: it reads the module's version list, which the proxy
// refuses. So the module is downloaded by exact version and built from a copy of its source.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

export function ferretDbBinaryPath(): string {
  if (process.env.FERRETDB_BIN) return process.env.FERRETDB_BIN;
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(cache, 'chatbot-platform', `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
}

/** Builds FerretDB into the cache unless it is there. Throws, loudly, when it cannot. */
export function ensureFerretDb(log: (line: string) => void = () => undefined): string {
  const binary = ferretDbBinaryPath();
  if (existsSync(binary)) return binary;
  const lock = `${binary}.lock`;
  mkdirSync(path.dirname(binary), { recursive: true });
  if (!acquireBuildLock(lock, () => existsSync(ferretDbBinaryPath()))) {
    if (existsSync(binary)) return binary;
    throw new Error(`FerretDB build lock ${lock} is stale or held too long; remove it and retry`);
  }
  try {
    if (existsSync(binary)) return binary;
    log(`Building FerretDB ${FERRETDB_VERSION} into ${binary} (once; about 1 to 2 minutes)…`);
    const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '' };
    const go = (args: string[], cwd?: string) =>
      execFileSync('go', args, { env, cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    let source: string;
    try {
      source = (JSON.parse(go(['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`])) as { Dir: string }).Dir;
    } catch (error) {
      throw new Error(`Cannot download ${MODULE}@${FERRETDB_VERSION} (is Go installed and the module proxy reachable?): ${describe(error)}`);
    }
    const work = mkdtempSync(path.join(tmpdir(), 'ferretdb-src-'));
    try {
      cpSync(source, work, { recursive: true });
      chmodSync(work, 0o755);
      execFileSync('chmod', ['-R', 'u+w', work]);
      // The module archive leaves the version file empty; FerretDB refuses to start without it.
      writeFileSync(path.join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
      const partial = `${binary}.partial`;
      go(['build', '-trimpath', '-o', partial, './cmd/ferretdb'], work);
      renameSync(partial, binary);
    } catch (error) {
      throw new Error(`Building FerretDB failed: ${describe(error)}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    log('FerretDB built.');
    return binary;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A directory as a lock: parallel test processes wait for the one that builds (here FerretDB, and
 * the mongo tools of test/helpers/mongo-tools.ts). False when `built()` says another finished first,
 * or the wait ran past ten minutes.
 */
export function acquireBuildLock(lock: string, built: () => boolean): boolean {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      if (Date.now() > deadline) return false;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      if (built()) return false;
    }
  }
}

function describe(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr;
  return `${(error as Error).message}${stderr ? `\n${stderr}` : ''}`;
}

export interface FerretDbServer {
  /** A connection URL for the given database. */
  url(database: string): string;
  /** The SQLite file FerretDB keeps the given database in (its SQLite backend: one file a database). */
  databaseFile(database: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startFerretDb(): Promise<FerretDbServer> {
  const binary = ensureFerretDb();
  const dir = mkdtempSync(path.join(tmpdir(), 'ferretdb-data-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const base = `mongodb://127.0.0.1:${port}`;

  // Ready when it answers a ping; give up (loudly) if it exits or takes over 30 s.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`FerretDB exited with ${child.exitCode}: ${stderr}`);
    const client = new MongoClient(`${base}/ping`, { serverSelectionTimeoutMS: 500 });
    try {
      await client.db().command({ ping: 1 });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`FerretDB did not answer on port ${port} within 30 s: ${stderr}`);
      }
    } finally {
      await client.close();
    }
  }

  // The test process may exit while FerretDB still runs; it is killed with it.
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  return {
    url: (database) => `${base}/${database}`,
    databaseFile: (database) => path.join(dir, `${database}.sqlite`),
    async stop() {
      process.removeListener('exit', killNow);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<FerretDbServer> | null = null;

/** One FerretDB per test process, stopped when the process exits. */
export function sharedFerretDb(): Promise<FerretDbServer> {
  shared ??= startFerretDb();
  return shared;
}

let databaseCounter = 0;

/** A database name no other test in this run uses. */
export function uniqueDatabaseName(prefix = 't'): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${databaseCounter++}`;
}
