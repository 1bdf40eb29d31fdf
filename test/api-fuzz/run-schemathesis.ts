// The whole API, fuzzed from its own OpenAPI document by schemathesis (issue 11): a real server per
// store (SQLite, then FerretDB), an enterprise key, every phase (examples, coverage, fuzzing,
// stateful), every check, a fixed seed, bounded in examples and time. Any server error, response
// that breaks its schema, undocumented status, accepted invalid input or refused valid input fails
// the run. `npm test` runs it after tap; `npm run test:api -- --store=sqlite` runs one store.
//
// schemathesis is a Python tool: it is installed once into a venv in the cache (PyPI), like
// FerretDB is built once from the Go module proxy.
//
// Outbound requests of the server under test (webhook targets and knowledge URLs the fuzzer makes
// up) are confined to loopback by EGRESS_ALLOWED_CIDRS, and loopback itself is refused as private:
// nothing the fuzzer generates ever leaves the machine.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerretDb } from '../helpers/ferretdb.js';

export const SCHEMATHESIS_VERSION = '4.32.5';
const SEED = '20261123';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/chatbot-platform.js');

function venvDir(): string {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(cache, 'chatbot-platform', `schemathesis-${SCHEMATHESIS_VERSION}`);
}

/** The `st` executable, installed into the cache's venv unless it is there. */
export function ensureSchemathesis(): string {
  const venv = venvDir();
  const st = path.join(venv, 'bin', 'st');
  if (existsSync(st)) return st;
  process.stderr.write(`Installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv} (once, from PyPI)…\n`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(path.dirname(venv), { recursive: true });
  try {
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], { stdio: 'inherit' });
  } catch (error) {
    rmSync(venv, { recursive: true, force: true }); // no half-installed venv for the next run to trust
    throw new Error(`Installing schemathesis failed (python3 with venv and PyPI are needed): ${(error as Error).message}`);
  }
  return st;
}

interface Outcome {
  store: string;
  passed: number;
  failed: number;
  code: number | null;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, _TAPJS_PROCESSINFO_COVERAGE_: '0', ...extra };
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; uri: string; tail: () => string }> {
  const child = spawn(process.execPath, [bin, 'serve'], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  const uri = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(tail);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', keep);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${tail.slice(-4000)}`)));
  });
  return { child, uri, tail: () => tail };
}

async function fuzzStore(store: 'sqlite' | 'ferretdb', st: string, maxExamples: string, maxTime: string): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), `cbp-st-${store}-`));
  const ferret = store === 'ferretdb' ? await startFerretDb() : null;
  const databaseUrl = ferret ? ferret.url(`st_${process.pid}`) : `sqlite:${path.join(dir, 'st.sqlite')}`;
  const env = childEnv({
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info', // the "listening" line says where; the request lines are kept only as a tail for errors
    EGRESS_ALLOWED_CIDRS: '127.0.0.0/8',
  });
  let server: ChildProcess | null = null;
  try {
    const created = execFileSync(process.execPath, [bin, 'accounts', 'create', '--name', 'Fuzz', '--plan', 'enterprise', '--json'], {
      env,
      cwd: root,
      encoding: 'utf8',
    });
    const { live_key: key } = JSON.parse(created) as { live_key: string };
    const started = await startServer(env);
    server = started.child;
    const report = path.join(dir, 'junit.xml');
    const run = spawn(
      st,
      [
        '--no-color',
        'run',
        `${started.uri}/api/v1/openapi.json`,
        '--header',
        `Authorization: Bearer ${key}`,
        '--checks',
        'all',
        '--phases',
        'examples,coverage,fuzzing,stateful',
        '--seed',
        SEED,
        '--max-examples',
        maxExamples,
        '--max-time',
        maxTime,
        '--workers',
        '2',
        '--report',
        'junit',
        '--report-junit-path',
        report,
        '--generation-database',
        'none',
      ],
      { cwd: dir, env: { ...process.env, SCHEMATHESIS_HOOKS: '' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const [code] = (await once(run, 'exit')) as [number | null];
    const { passed, failed } = countJunit(report);
    return { store, passed, failed: code === 0 ? failed : Math.max(failed, 1), code };
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await ferret?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Operations that passed and failed, from schemathesis's JUnit report (one test case per operation). */
function countJunit(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const xml = readFileSync(file, 'utf8');
  const cases = xml.split('<testcase').length - 1;
  const failed = xml.split(/<failure|<error/).length - 1;
  return { passed: Math.max(0, cases - failed), failed };
}

async function main(): Promise<number> {
  const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
  const stores = (args.get('store') ?? 'sqlite,ferretdb').split(',') as Array<'sqlite' | 'ferretdb'>;
  const st = ensureSchemathesis();
  const outcomes: Outcome[] = [];
  for (const store of stores) {
    process.stdout.write(`\n# schemathesis ${SCHEMATHESIS_VERSION} on ${store}, seed ${SEED}\n`);
    outcomes.push(await fuzzStore(store, st, args.get('max-examples') ?? '20', args.get('max-time') ?? '240'));
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  for (const outcome of outcomes) {
    process.stdout.write(`# schemathesis on ${outcome.store}: ${outcome.passed} operations passed, ${outcome.failed} failed (exit ${outcome.code})\n`);
  }
  // The same summary line tap prints, so .ci/run adds these operations to its count.
  process.stdout.write(`# { total: ${passed + failed}, pass: ${passed}${failed ? `, fail: ${failed}` : ''} }\n`);
  return failed === 0 && outcomes.every((outcome) => outcome.code === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
