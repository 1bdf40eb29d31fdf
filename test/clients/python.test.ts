// The Python client (clients/python) against a live server: pytest runs the client scenario, sync
// and async, in its own process, with the keys and address of test/helpers/client-scenario.ts, on
// the store of TEST_STORE. The venv (the pins of clients/python/test-requirements.txt, from PyPI)
// is made once in the cache for each checkout (its name carries a hash of the checkout's path, so
// two checkouts never test each other's client); the client is installed into it editable each run.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { ensureVenv } from '../../bin/build/python-client.js';
import { startClientScenario } from '../helpers/client-scenario.js';

// The first run on a machine installs the venv from PyPI (half a minute or more): more than tap's
// 120 s per file may be needed then.
t.setTimeout(600_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.join(root, 'clients/python');
/** The tests of clients/python/tests (140): the scenario sync (7, one needing no server) and async
 * (6); the rest of the surface sync (4, one against a local server answering 502/504/500) and async
 * (1); the review fixes (7, against a scripted local server or none); mypy's verdict on
 * typing_checks/calls.py (1); every /api/v1/ operation with a method or a reason (1), each of the 102
 * methods' requests against a mock transport (102), and a keyword-named query, an export's Accept and
 * a null sent as such (1); the added operations against the live server (3: an agent's file sent and
 * read back among them); event streams against hostile or broken bodies (7, no server). */
const EXPECTED_TESTS = 140;

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: clientDir, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

t.test('the Python client passes its scenario against a live server, sync and async', async (t) => {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
  const venv = ensureVenv(`python-client-tests-${checkout}`, path.join(clientDir, 'test-requirements.txt'));
  const python = path.join(venv, 'bin', 'python');
  // --no-build-isolation: setuptools is in the venv, so this step needs no network.
  const installed = await run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--no-build-isolation', '-e', clientDir]);
  t.equal(installed.code, 0, `pip install -e clients/python: ${installed.output}`);

  const typed = await run(python, ['-m', 'mypy', 'chatbot_platform', 'tests']);
  t.equal(typed.code, 0, `mypy --strict on the hand-written layer and the tests: ${typed.output}`);

  const scenario = await startClientScenario(t);
  const reports = mkdtempSync(path.join(tmpdir(), 'cbp-pytest-'));
  t.teardown(() => rmSync(reports, { recursive: true, force: true }));
  const junit = path.join(reports, 'junit.xml');
  const result = await run(python, ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', `--junitxml=${junit}`, 'tests'], scenario.env());
  t.equal(result.code, 0, `pytest exits 0:\n${result.output}`);
  const suite = /<testsuite [^>]*>/.exec(readFileSync(junit, 'utf8'))?.[0] ?? '';
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? NaN);
  const passed = count('tests') - count('failures') - count('errors') - count('skipped');
  t.equal(passed, EXPECTED_TESTS, `${EXPECTED_TESTS} pytest tests passed (${count('failures')} failed, ${count('errors')} errors, ${count('skipped')} skipped)`);

  // The README's first call, as a developer runs it: the key and address from the environment.
  const example = readFileSync(path.join(clientDir, 'examples/quickstart.py'), 'utf8');
  t.ok(readFileSync(path.join(clientDir, 'README.md'), 'utf8').includes(example.trim()), 'the README shows the quickstart as it is run here');
  const env = scenario.env();
  const quickstart = await run(python, ['examples/quickstart.py'], { CHATBOT_PLATFORM_API_KEY: env.CHATBOT_PLATFORM_API_KEY!, CHATBOT_PLATFORM_BASE_URL: env.CHATBOT_PLATFORM_BASE_URL! });
  t.equal(quickstart.code, 0, `the quickstart runs: ${quickstart.output}`);
  t.match(quickstart.output, /^2 to 3 working days\.\n2 to 3 working days\.\nchatbot_not_found req_\S+\n$/, 'the answer, the same streamed, no lead yet, and a typed error');
});
