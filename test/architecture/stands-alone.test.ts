// The repository stands alone (docs/ARCHITECTURE.md rule 13): no file cites a design document a
// clone does not have. The rules are in docs/ARCHITECTURE.md, the decisions in docs/API-DECISIONS.md;
// a citation of a bare `API.md` or `ARCHITECTURE.md`, or of a folder beside the checkout, points
// outside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `API.md` or `ARCHITECTURE.md` not preceded by a path (`docs/ARCHITECTURE.md` is ours), or `../shared`. */
const OUTSIDE = /(^|[^\w/.-])(API|ARCHITECTURE)\.md|\.\.\/shared\b/;
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && file !== THIS_FILE && file !== 'package-lock.json');

t.test('no file cites a document outside the repository', async (t) => {
  t.ok(tracked.length > 300 && tracked.includes('docs/ARCHITECTURE.md'), `${tracked.length} tracked files read`);
  const citations: string[] = [];
  for (const file of tracked) {
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      continue; // a file deleted in the working tree but not yet in the index
    }
    text.split('\n').forEach((line, index) => {
      if (OUTSIDE.test(line)) citations.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  t.same(citations, [], citations.length > 0 ? `cite docs/ARCHITECTURE.md instead:\n${citations.join('\n')}` : 'none');
});

t.test('the pattern finds what it is for', async (t) => {
  t.ok(OUTSIDE.test('// The error shape of API.md §2'), 'a bare API.md');
  t.ok(OUTSIDE.test('(ARCHITECTURE.md rule 4)'), 'a bare ARCHITECTURE.md');
  t.ok(OUTSIDE.test('see ../shared/design'), 'a folder beside the checkout');
  t.notOk(OUTSIDE.test('(docs/ARCHITECTURE.md A2)'), 'our own docs/ARCHITECTURE.md');
  t.notOk(OUTSIDE.test('docs/API-DECISIONS.md'), 'our decisions');
});
