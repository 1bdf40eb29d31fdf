// The test files the FerretDB (and real MongoDB) passes of `npm test` run: those under test/core and
// test/plugins that reach a store. A file that never does (parsers, text analysis, the in-memory
// index), or says in its first lines that it does not depend on the store
// (`// store-independent:` and why), runs the same code on every store, so the SQLite pass, which
// measures coverage, runs it once. Prints the files, one per line, for tap's command line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Imports through which a test reaches a store. */
const REACHES_A_STORE = /from '[./]*(helpers\/(server|sqlite|ferretdb|mongodb|widget-site)|core\/store\/open|adapters\/[^']+)(\.js)?'/;
const MARKED_INDEPENDENT = /^\/\/ store-independent:/m;

function testFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return testFiles(file);
    return name.endsWith('.test.ts') ? [file] : [];
  });
}

export function storeTestFiles(): string[] {
  return ['test/core', 'test/plugins']
    .flatMap((directory) => testFiles(path.join(root, directory)))
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      const head = source.split('\n').slice(0, 12).join('\n');
      return REACHES_A_STORE.test(source) && !MARKED_INDEPENDENT.test(head);
    })
    .map((file) => path.relative(root, file))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${storeTestFiles().join('\n')}\n`);
}
