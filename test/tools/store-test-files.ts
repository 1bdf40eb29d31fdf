// The test files the FerretDB (and real MongoDB) passes of `npm test` run: every file under
// test/core, test/plugins, test/clients (the client libraries against a live server) and the example plugins' tests (examples/*/test) except those that say in their first lines that they do not depend on
// the store (`// store-independent:` and why: parsers, text analysis, the in-memory index, whose
// code is the same on every store), which the SQLite pass, measuring coverage, runs once. Opting out
// is explicit, so a new test runs on every store unless it says otherwise.
//
// `tsx test/tools/store-test-files.ts` prints the files; with `--run` it runs tap on them (with
// TEST_STORE from the environment), keeps their coverage as the pass named TEST_STORE for
// test/tools/coverage.ts and exits with tap's code, refusing to run an empty list.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { savePass } from './coverage.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MARKED_INDEPENDENT = /^\/\/ store-independent:/m;

function testFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return testFiles(file);
    return name.endsWith('.test.ts') ? [file] : [];
  });
}

export function storeTestFiles(): string[] {
  const examples = readdirSync(path.join(root, 'examples')).map((name) => path.join('examples', name, 'test'));
  return ['test/core', 'test/plugins', 'test/clients', ...examples]
    .filter((directory) => statSync(path.join(root, directory), { throwIfNoEntry: false })?.isDirectory())
    .flatMap((directory) => testFiles(path.join(root, directory)))
    .filter((file) => !MARKED_INDEPENDENT.test(readFileSync(file, 'utf8').split('\n').slice(0, 12).join('\n')))
    .map((file) => path.relative(root, file))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = storeTestFiles();
  if (!process.argv.includes('--run')) {
    process.stdout.write(`${files.join('\n')}\n`);
  } else {
    if (files.length === 0) {
      process.stderr.write('store-test-files: no test files found\n');
      process.exit(1);
    }
    // Coverage is measured for the merged report (npm run coverage, floors in .c8rc.json); as on
    // the SQLite pass, tap itself prints no report and holds no floor (package.json's tap section).
    const tap = spawnSync(path.join(root, 'node_modules/.bin/tap'), files, { cwd: root, stdio: 'inherit' });
    if (tap.status === 0) savePass(process.env.TEST_STORE ?? 'store', { first: false });
    process.exit(tap.status ?? 1);
  }
}
