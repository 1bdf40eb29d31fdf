// The browser tests see what a real site sees: no request interception. With any Playwright route
// set, Playwright answers CORS preflights itself and the server's OPTIONS handlers never reach the
// browser (a poll's preflight answered 400 once passed every browser test that way). A test that
// must fault the network says why, on the line above, in a comment starting `// network fault:`,
// and routes only the one URL it faults; and no page skips its Content-Security-Policy.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const THIS_FILE = fileURLToPath(import.meta.url);
const TEST_ROOT = path.resolve(path.dirname(THIS_FILE), '..');
const SOURCE = /\.(ts|mts|cts|js|mjs)$/;
/** Playwright's interception calls, on a page or a context. */
const INTERCEPTION = /\.(route|routeFromHAR|routeWebSocket)\(\s*([^,)]*)/;
const FAULT_COMMENT = /^\s*\/\/ network fault: \S/;
/** A first argument that matches more than the one URL a test faults. */
const CATCH_ALL = /^(['"`])\*\*?(\/\*)?\1$|^\/\.\*\/$/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of a file, resolved to the files they name (`.js` in TypeScript sources). */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.resolve(path.dirname(file), match[1]!).replace(/\.js$/, '.ts'),
  );
}

/** The files that drive a browser: they import playwright-core, or a file that does. */
function browserFiles(texts: Map<string, string>): Set<string> {
  const drives = new Set([...texts].filter(([, text]) => /['"]playwright-core['"]/.test(text)).map(([file]) => file));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, text] of texts) {
      if (!drives.has(file) && importsOf(file, text).some((imported) => drives.has(imported))) {
        drives.add(file);
        grew = true;
      }
    }
  }
  return drives;
}

/** Each interception call in `text` that lacks its `// network fault:` reason or routes more than one URL. */
function unexplainedInterceptions(text: string): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const call = INTERCEPTION.exec(line);
    if (!call) return;
    const where = `line ${index + 1}: ${line.trim()}`;
    if (!FAULT_COMMENT.test(lines[index - 1] ?? '')) problems.push(`${where} (no "// network fault: why" on the line above)`);
    if (CATCH_ALL.test(call[2]!.trim())) problems.push(`${where} (routes every URL, not the one it faults)`);
  });
  return problems;
}

t.test('the check itself: an interception needs its reason above it and one URL', async (t) => {
  const call = (pattern: string) => `await context.${'route'}(${pattern}, (route) => route.abort());`;
  t.same(unexplainedInterceptions(`const x = 1;\n${call('MESSAGES')}`).length, 1, 'no comment: flagged');
  t.same(unexplainedInterceptions(`// network fault: the send must fail while the page is up\n${call('MESSAGES')}`), [], 'explained: accepted');
  t.same(unexplainedInterceptions(`// a comment, not the reason\n${call('MESSAGES')}`).length, 1, 'another comment does not count');
  t.same(unexplainedInterceptions(`// network fault: everything\n${call("'**/*'")}`).length, 1, 'a catch-all pattern is flagged, reason or not');
  t.same(unexplainedInterceptions(`// network fault: everything\n${call('/.*/')}`).length, 1, 'so is a catch-all regular expression');
});

t.test('no browser test or helper intercepts requests without saying why; none bypasses the CSP', async (t) => {
  const texts = new Map(sourceFiles(TEST_ROOT).map((file) => [file, readFileSync(file, 'utf8')]));
  const drivers = browserFiles(texts);
  const relative = (file: string) => path.relative(TEST_ROOT, file);
  // Not vacuous: the helpers and every browser test are among the files read.
  for (const expected of ['helpers/browser.ts', 'helpers/widget-site.ts', 'helpers/dashboard.ts', 'helpers/dashboard-daily.ts', 'browser/widget.test.ts', 'browser/docs-page.test.ts']) {
    t.ok(drivers.has(path.join(TEST_ROOT, expected)), `${expected} is read as a file that drives a browser`);
  }
  t.ok([...drivers].filter((file) => file.includes(`${path.sep}browser${path.sep}`)).length >= 12, 'and the browser tests');

  const problems = [...drivers].flatMap((file) => unexplainedInterceptions(texts.get(file)!).map((problem) => `${relative(file)} ${problem}`));
  t.same(problems, [], 'every interception says "// network fault: why" on the line above and routes one URL');

  const bypassing = [...texts]
    // browser.ts refuses the option, and this file names it.
    .filter(([file, text]) => file !== THIS_FILE && relative(file) !== path.join('helpers', 'browser.ts') && /bypassCSP/.test(text))
    .map(([file]) => relative(file));
  t.same(bypassing, [], 'no test sets bypassCSP: every page runs under its real Content-Security-Policy');
});
