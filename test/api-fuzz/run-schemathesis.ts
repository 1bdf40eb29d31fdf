// The whole API, fuzzed from its own OpenAPI document by schemathesis (issue 11): a real server per
// store (SQLite, then FerretDB), an enterprise key, every phase (examples, coverage, fuzzing,
// stateful), every check, a fixed seed. Any server error, response that breaks its schema,
// undocumented status, accepted invalid input or refused valid input fails the run, and so does an
// operation of the document left untested (but those EXCLUDED_OPERATIONS names).
//
// The budget: every operation is run through the examples and fuzzing phases with `--examples`
// generated cases each, with no time limit (schemathesis's --max-time stops wherever it is, so the
// operations late in its order went untested: 10 of 109 once on FerretDB). The coverage phase
// (boundary and invalid values, a few dozen cases an operation, not bounded by --max-examples)
// then has what is left of `--seconds-per-operation` × the operations: on a slow machine those
// extra cases are what drops, never an operation; the run prints how many operations it reached.
// The stateful phase runs `--stateful-time` seconds. `npm run test:api` runs both stores
// (`-- --store=sqlite` one): about 4 minutes on 2 cores with the defaults. The last step of `npm test`.
//
// schemathesis is a Python tool: it is installed once into a venv in the cache (PyPI), like
// FerretDB is built once from the Go module proxy.
//
// Outbound requests of the server under test (webhook targets and knowledge URLs the fuzzer makes
// up) are confined to loopback by EGRESS_ALLOWED_CIDRS, and loopback itself is refused as private:
// nothing the fuzzer generates ever leaves the machine.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CIDR_PATTERN } from '../../core/client-address.js';
import { startFerretDb } from '../helpers/ferretdb.js';

export const SCHEMATHESIS_VERSION = '4.32.5';
const SEED = 20261123;

/**
 * Operations of the OpenAPI document the fuzzer leaves out, each with why and where it is tested
 * instead. Every other operation must be tested, or the run fails.
 */
export const EXCLUDED_OPERATIONS: ReadonlyArray<{ method: string; path: string; why: string }> = [
  {
    method: 'GET',
    path: '/api/v1/conversations/stream',
    why: 'a live event stream never ends, so the fuzzer would wait on it forever; its validation, auth and events are tested in test/plugins/inbox.test.ts',
  },
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of an OpenAPI document, as schemathesis labels them ("GET /api/v1/…"). */
export function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.keys(item)
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${route}`),
  );
}

const excludedLabels = new Set(EXCLUDED_OPERATIONS.map(({ method, path: route }) => `${method} ${route}`));
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
  /** operations of the document, and those it was to test (all but the excluded ones) */
  documented: number;
  expected: number;
  /** operations schemathesis tested (at least one generated case with its response checked) */
  tested: number;
  /** expected operations it did not test */
  untested: string[];
  /** generated cases each operation had at least */
  examples: number;
  /** seconds left for the coverage phase, and the operations it reached in them */
  coverageSeconds: number;
  coverageReached: number;
  seconds: number;
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
  /** generated cases per operation in the pass that tests every operation */
  examples: number;
  /** seconds per operation for the examples, fuzzing and coverage phases in all */
  secondsPerOperation: number;
  /** seconds for the stateful phase */
  statefulTime: number;
}

interface Run {
  phases: string;
  workers: string;
  maxExamples: number;
  seed: number;
  /** seconds; none: until every operation had its cases */
  time?: number;
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
    WIDGET_TYPING_PER_MINUTE: '1000000',
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
    // The document as the server serves it, read here without schemathesis's 10 s limit (a loaded
    // machine took longer once) and handed to it as a file.
    const documentFile = path.join(dir, 'openapi.json');
    const document = (await (await fetch(`${started.uri}/api/v1/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
    writeFileSync(documentFile, JSON.stringify(document));
    const documented = operationsOf(document);
    const expected = documented.filter((label) => !excludedLabels.has(label));
    const unknownExclusions = [...excludedLabels].filter((label) => !documented.includes(label));
    if (unknownExclusions.length > 0) throw new Error(`EXCLUDED_OPERATIONS names operations the document does not have: ${unknownExclusions.join(', ')}`);

    // Runs against the same server: every operation through the examples and fuzzing phases, the
    // coverage phase in the time left, then the stateful phase with one worker. Stateful scenarios
    // of two workers share the account, so one deletes what the other just made (a chatbot, and
    // with it the webhook the other then reads: ST302 "created resource not found", which is the
    // API working as documented).
    const budgetSeconds = limits.secondsPerOperation * expected.length;
    const results: Array<{ code: number | null; output: string; report: string }> = [];
    const execute = async (run: Run) => {
      const report = path.join(dir, `junit-${results.length}.xml`);
      const result = await runSchemathesis(st, dir, documentFile, started.uri, key, run, report);
      results.push(result);
      return result;
    };
    const storeStarted = performance.now();
    await execute({ phases: 'examples,fuzzing', workers: '2', maxExamples: limits.examples, seed: SEED });
    const left = Math.floor(budgetSeconds - (performance.now() - storeStarted) / 1000);
    const coverageSeconds = Math.max(left, MIN_COVERAGE_SECONDS);
    const coverage = await execute({ phases: 'coverage', workers: '2', maxExamples: limits.examples, seed: SEED, time: coverageSeconds });
    const coverageReached = (await testedOperations([coverage.report.replace(/\.xml$/, '.ndjson')])).size;
    await execute({ phases: 'stateful', workers: '1', maxExamples: limits.examples, seed: SEED, time: limits.statefulTime });
    const seconds = Math.round((performance.now() - storeStarted) / 1000);
    const summaries = results.map((result) => parseSummary(result.output));
    const byCheck: Record<string, number> = {};
    for (const summary of summaries) for (const [check, count] of Object.entries(summary.byCheck)) byCheck[check] = (byCheck[check] ?? 0) + count;
    const found = summaries.reduce((sum, summary) => sum + summary.failed, 0);
    const code = results.find((result) => result.code !== 0)?.code ?? 0;
    // A run that failed without naming failures (a crash, an error loading the schema) still fails.
    const failed = code === 0 ? found : Math.max(found, 1);
    const ndjson = results.map((result) => result.report.replace(/\.xml$/, '.ndjson'));
    const checksRun = await countChecks(ndjson);
    const testedLabels = await testedOperations(ndjson);
    const untested = expected.filter((label) => !testedLabels.has(label));
    const tested = expected.length - untested.length;
    // The JUnit report lists operations a time limit left untested too: clean ones count up to those tested.
    const passed = Math.min(tested, cleanOperations(results.map((result) => result.report)));
    return {
      store,
      documented: documented.length,
      expected: expected.length,
      tested,
      untested,
      examples: limits.examples,
      coverageSeconds,
      coverageReached,
      seconds,
      passed,
      failed: failed + (untested.length > 0 ? 1 : 0),
      byCheck,
      checksRun,
      code,
    };
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

/** The coverage phase runs at least this long, even when the pass over every operation used the budget. */
const MIN_COVERAGE_SECONDS = 15;

/** One schemathesis run over the document, its output echoed; resolves with its exit code and output. */
async function runSchemathesis(
  st: string,
  dir: string,
  documentFile: string,
  baseUrl: string,
  key: string,
  run: Run,
  report: string,
): Promise<{ code: number | null; output: string; report: string }> {
  // An operation's name is its label, "METHOD /path".
  const excluded = [...excludedLabels].flatMap((label) => ['--exclude-name', label]);
  const child = spawn(
    st,
    [
      '--no-color',
      'run',
      documentFile,
      '--url',
      baseUrl,
      '--header',
      `Authorization: Bearer ${key}`,
      '--checks',
      'all',
      // Replaced by resource_availability_after_cascades of hooks.py (a chatbot's deletion takes
      // its webhooks with it, which the built-in check cannot know).
      '--exclude-checks',
      'ensure_resource_availability',
      ...excluded,
      '--phases',
      run.phases,
      '--seed',
      String(run.seed),
      '--max-examples',
      String(run.maxExamples),
      ...(run.time === undefined ? [] : ['--max-time', String(run.time)]),
      '--workers',
      run.workers,
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
  child.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output, report };
}

/**
 * The operations with at least one generated case whose response was checked, from the NDJSON
 * event reports of the generated phases (each finished scenario names its operation and lists the
 * checks run per case). Stateful scenarios span operations and are not counted.
 */
async function testedOperations(files: string[]): Promise<Set<string>> {
  const tested = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for await (const line of createInterface({ input: createReadStream(file) })) {
      if (!line.trim()) continue;
      const finished = (JSON.parse(line) as { ScenarioFinished?: { phase: string; recorder?: { label?: string; checks?: Record<string, unknown[]> } } }).ScenarioFinished;
      if (!finished || finished.phase === 'stateful' || !finished.recorder?.label) continue;
      if (Object.values(finished.recorder.checks ?? {}).some((checks) => checks.length > 0)) tested.add(finished.recorder.label);
    }
  }
  return tested;
}

/**
 * Counts as schemathesis reports them: the unique failures it found (`… found N unique failures`)
 * and those by check (under `Failures:`). One operation may hold several failures, so failures are
 * not counted per operation.
 */
function parseSummary(output: string): { failed: number; byCheck: Record<string, number> } {
  const failed = Number(/found (\d+) unique failures?/.exec(output)?.[1] ?? 0);
  const byCheck: Record<string, number> = {};
  const section = /^Failures:\n((?:[ \t]+\S.*\n)+)/m.exec(output)?.[1] ?? '';
  for (const match of section.matchAll(/(ST\d+ [^:\n]+):\s*(\d+)/g)) byCheck[match[1]!] = Number(match[2]);
  return { failed, byCheck };
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
  const number = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
  const limits: Limits = {
    examples: number('examples', 5),
    secondsPerOperation: number('seconds-per-operation', 0.7),
    statefulTime: number('stateful-time', 20),
  };
  process.stdout.write(`# operations not fuzzed, by name (EXCLUDED_OPERATIONS):\n`);
  for (const { method, path: route, why } of EXCLUDED_OPERATIONS) process.stdout.write(`#   ${method} ${route}: ${why}\n`);
  const outcomes: Outcome[] = [];
  for (const store of stores) {
    process.stdout.write(`\n# schemathesis ${SCHEMATHESIS_VERSION} on ${store}, seed ${SEED}\n`);
    outcomes.push(await fuzzStore(store, st, limits));
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
      `# operations on ${outcome.store}: ${outcome.tested}/${outcome.expected} tested ` +
        `(${outcome.documented} in the document, ${outcome.documented - outcome.expected} excluded by name), ` +
        `with up to ${outcome.examples} generated cases each; the coverage phase reached ${outcome.coverageReached} in ${outcome.coverageSeconds} s; ` +
        `${outcome.seconds} s in all\n`,
    );
    if (outcome.untested.length > 0) process.stdout.write(`# NOT TESTED on ${outcome.store} (fails the run): ${outcome.untested.join(', ')}\n`);
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
