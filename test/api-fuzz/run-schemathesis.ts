// The whole API, fuzzed from its own OpenAPI document by schemathesis (issue 11): a real server per
// store (SQLite, then FerretDB), an enterprise key, every phase (examples, coverage, fuzzing,
// stateful), every check, a fixed seed, bounded in examples and time. Any server error, response
// that breaks its schema, undocumented status, accepted invalid input or refused valid input fails
// the run. `npm run test:api` runs both stores (`-- --store=sqlite` one; `--max-examples`,
// `--max-time` for the generated phases and `--stateful-time` bound it: about 4 minutes on 2 cores
// with the defaults). The last step of `npm test`.
//
// schemathesis is a Python tool: it is installed once into a venv in the cache (PyPI), like
// FerretDB is built once from the Go module proxy.
//
// Outbound requests of the server under test (webhook targets and knowledge URLs the fuzzer makes
// up) are confined to loopback by EGRESS_ALLOWED_CIDRS, and loopback itself is refused as private:
// nothing the fuzzer generates ever leaves the machine.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CIDR_PATTERN } from '../../core/client-address.js';
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
  /** operations schemathesis tested */
  tested: number;
  /** operations it found no failure in */
  passed: number;
  /** unique failures it found */
  failed: number;
  byCheck: Record<string, number>;
  /** Every check schemathesis ran, by name: how many responses passed and failed it. */
  checksRun: Record<string, { passed: number; failed: number }>;
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

interface Limits {
  maxExamples: string;
  /** seconds for the examples, coverage and fuzzing phases */
  generatedTime: string;
  /** seconds for the stateful phase */
  statefulTime: string;
}

async function fuzzStore(store: 'sqlite' | 'ferretdb', st: string, limits: Limits): Promise<Outcome> {
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
    // The fuzzer is one address sending thousands of requests a minute: the widget's per-IP limits
    // (tested in test/plugins/widget.test.ts) would answer most of them 429 and test nothing.
    WIDGET_REQUESTS_PER_MINUTE: '1000000',
    WIDGET_MESSAGES_PER_MINUTE: '1000000',
    WIDGET_FORMS_PER_MINUTE: '1000000',
    // The same for the token endpoint's per-client and per-address limits (test/plugins/security-hardening.test.ts).
    OAUTH_TOKENS_PER_MINUTE_PER_CLIENT: '1000000',
    OAUTH_TOKENS_PER_MINUTE_PER_ADDRESS: '1000000',
    // Every response checked by the server too: one that fails its schema is a 500 the fuzzer reports.
    RESPONSE_VALIDATION_PERCENT: '100',
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
    // Two runs against the same server: the generated phases with two workers, then the stateful
    // phase with one. Stateful scenarios of two workers share the account, so one deletes what the
    // other just made (a chatbot, and with it the webhook the other then reads: ST302 "created
    // resource not found", which is the API working as documented).
    const runs = [
      { phases: 'examples,coverage,fuzzing', workers: '2', time: limits.generatedTime },
      { phases: 'stateful', workers: '1', time: limits.statefulTime },
    ];
    const results: Array<{ code: number | null; output: string; report: string }> = [];
    for (const [index, { phases, workers, time }] of runs.entries()) {
      const report = path.join(dir, `junit-${index}.xml`);
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
          // Replaced by resource_availability_after_cascades of hooks.py (a chatbot's deletion takes
          // its webhooks with it, which the built-in check cannot know).
          '--exclude-checks',
          'ensure_resource_availability',
          // A live event stream never ends, so the fuzzer would wait on it forever; its validation,
          // auth and events are tested in test/plugins/inbox.test.ts.
          '--exclude-path',
          '/api/v1/conversations/stream',
          '--phases',
          phases,
          '--seed',
          SEED,
          '--max-examples',
          limits.maxExamples,
          '--max-time',
          time,
          '--workers',
          workers,
          '--report',
          'junit,ndjson',
          '--report-junit-path',
          report,
          '--report-ndjson-path',
          report.replace(/\.xml$/, '.ndjson'),
          '--generation-database',
          'none',
        ],
        {
          cwd: dir,
          env: { ...process.env, SCHEMATHESIS_HOOKS: path.join(root, 'test/api-fuzz/hooks.py'), FUZZ_CIDR_PATTERN: CIDR_PATTERN.source },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let output = '';
      run.stdout!.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        output += chunk.toString();
      });
      const [code] = (await once(run, 'exit')) as [number | null];
      results.push({ code, output, report });
    }
    const summaries = results.map((result) => parseSummary(result.output));
    const byCheck: Record<string, number> = {};
    for (const summary of summaries) for (const [check, count] of Object.entries(summary.byCheck)) byCheck[check] = (byCheck[check] ?? 0) + count;
    const found = summaries.reduce((sum, summary) => sum + summary.failed, 0);
    const code = results.find((result) => result.code !== 0)?.code ?? 0;
    // A run that failed without naming failures (a crash, an error loading the schema) still fails.
    const failed = code === 0 ? found : Math.max(found, 1);
    const tested = Math.max(...summaries.map((summary) => summary.tested));
    const checksRun = await countChecks(results.map((result) => result.report.replace(/\.xml$/, '.ndjson')));
    // The JUnit report lists operations a time limit left untested too: clean ones count up to those tested.
    const passed = Math.min(tested, cleanOperations(results.map((result) => result.report)));
    return { store, tested, passed, failed, byCheck, checksRun, code };
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    // The helper unrefs FerretDB's process, so waiting for its exit alone would let node run out of
    // work and quit before the summary (with exit 0): keep the loop alive meanwhile.
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await ferret?.stop();
    } finally {
      clearInterval(keepAlive);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Counts as schemathesis reports them: the operations tested (`Tested: N` in its summary), the
 * unique failures it found (`… found N unique failures`) and those by check (under `Failures:`).
 * One operation may hold several failures, so failures are not counted per operation.
 */
function parseSummary(output: string): { tested: number; failed: number; byCheck: Record<string, number> } {
  const tested = Number(/^\s*Tested:\s*(\d+)/m.exec(output)?.[1] ?? 0);
  const failed = Number(/found (\d+) unique failures?/.exec(output)?.[1] ?? 0);
  const byCheck: Record<string, number> = {};
  const section = /^Failures:\n((?:[ \t]+\S.*\n)+)/m.exec(output)?.[1] ?? '';
  for (const match of section.matchAll(/(ST\d+ [^:\n]+):\s*(\d+)/g)) byCheck[match[1]!] = Number(match[2]);
  return { tested, failed, byCheck };
}

/**
 * How many times each check ran and how it ended, from the NDJSON event reports: each finished
 * scenario's recorder lists, per test case, the checks run on its response (`{name, status}`).
 */
async function countChecks(files: string[]): Promise<Record<string, { passed: number; failed: number }>> {
  const counts: Record<string, { passed: number; failed: number }> = {};
  // A check result is `{name, status}` (and `failure_info` when it failed), found under `checks`.
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string' && (record.status === 'success' || record.status === 'failure') && Object.keys(record).length <= 3) {
      const count = (counts[record.name] ??= { passed: 0, failed: 0 });
      if (record.status === 'success') count.passed++;
      else count.failed++;
      return;
    }
    Object.values(record).forEach(visit);
  };
  for (const file of files) {
    if (!existsSync(file)) continue;
    for await (const line of createInterface({ input: createReadStream(file) })) {
      if (line.trim()) visit(JSON.parse(line));
    }
  }
  return counts;
}

/** Operations without a failure in any of the JUnit reports (one test case per operation). */
function cleanOperations(files: string[]): number {
  const all = new Set<string>();
  const failing = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const testCase of readFileSync(file, 'utf8').split('<testcase').slice(1)) {
      const name = /\sname="([^"]*)"/.exec(testCase)?.[1] ?? '';
      // The stateful phase reports as one case of its own, not an operation.
      if (/^Stateful/i.test(name)) continue;
      all.add(name);
      if (/<failure|<error/.test(testCase.split('</testcase>')[0]!)) failing.add(name);
    }
  }
  return [...all].filter((name) => !failing.has(name)).length;
}

async function main(): Promise<number> {
  // Should node ever run out of work before the summary, the run fails rather than pass silently.
  process.exitCode = 1;
  const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
  const stores = (args.get('store') ?? 'sqlite,ferretdb').split(',') as Array<'sqlite' | 'ferretdb'>;
  const st = ensureSchemathesis();
  const outcomes: Outcome[] = [];
  for (const store of stores) {
    process.stdout.write(`\n# schemathesis ${SCHEMATHESIS_VERSION} on ${store}, seed ${SEED}\n`);
    outcomes.push(
      await fuzzStore(store, st, {
        maxExamples: args.get('max-examples') ?? '5',
        generatedTime: args.get('max-time') ?? '75',
        statefulTime: args.get('stateful-time') ?? '20',
      }),
    );
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  for (const outcome of outcomes) {
    const checks = Object.entries(outcome.byCheck).map(([check, count]) => `${check}: ${count}`).join(', ');
    const run = Object.entries(outcome.checksRun)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([check, count]) => `${check} ${count.passed} passed${count.failed ? `, ${count.failed} failed` : ''}`)
      .join('; ');
    process.stdout.write(`# checks on ${outcome.store}: ${run || 'none recorded'}\n`);
    process.stdout.write(
      `# schemathesis on ${outcome.store}: ${outcome.tested} operations tested, ${outcome.passed} without failures, ` +
        `${outcome.failed} unique failures${checks ? ` (${checks})` : ''} (exit ${outcome.code})\n`,
    );
  }
  // The same summary line tap prints, so .ci/run adds these to its count: each clean operation is a
  // pass, each unique failure a fail.
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
