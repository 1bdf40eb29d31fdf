// The documentation as a reader follows it. Every shell block of README.md, CONTRIBUTING.md and
// docs/*.md whose info string is `sh runnable` (or `bash runnable`) is run against a real server
// process on a fresh SQLite file, with `bash -euo pipefail`: it must exit 0, and each of its
// `# => …` lines must be a line of what it printed, in order (`…` stands for any text). The marker
// and the variables a block may use are documented in CONTRIBUTING.md ("Runnable examples").
// Blocks that need outside services (a language model, systemd, a MongoDB cluster) stay unmarked.
//
// The same files' relative links must point at files of this repository that exist (and, for a
// link into a Markdown file with an anchor, at one of its headings): no link leaves the repository.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BLOCK_TIMEOUT_MS = 30_000;
/** The info string of a runnable block's fence (the fence may be indented, inside a list item). */
const RUNNABLE_INFO = /^(?:sh|bash) runnable$/;

/** README.md, CONTRIBUTING.md and every docs/*.md, relative to the repository's root. */
function documentationFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()];
}

interface RunnableBlock {
  file: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  code: string;
  /** The `# => …` lines, in order, without the marker. */
  expected: string[];
}

interface Fence {
  /** Line indexes (0-based) of the opening and closing fence lines. */
  open: number;
  close: number;
  info: string;
  indent: string;
}

/**
 * The code blocks of a Markdown file, as CommonMark reads them: a fence of N backticks is closed
 * by a line of at least N backticks alone, so a ```` block may show a ``` block inside it.
 */
function codeFences(file: string, lines: string[]): Fence[] {
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = /^(\s*)(`{3,})(.*)$/.exec(lines[index]!);
    if (!opening) continue;
    const [, indent, ticks, info] = opening as unknown as [string, string, string, string];
    const closing = new RegExp(`^\\s*\`{${ticks.length},}\\s*$`);
    let close = index + 1;
    while (close < lines.length && !closing.test(lines[close]!)) close++;
    if (close === lines.length) throw new Error(`${file}:${index + 1}: a code block is never closed`);
    fences.push({ open: index, close, info: info.trim(), indent });
    index = close;
  }
  return fences;
}

function runnableBlocks(file: string, text: string): RunnableBlock[] {
  const lines = text.split('\n');
  return codeFences(file, lines)
    .filter((fence) => RUNNABLE_INFO.test(fence.info))
    .map((fence) => {
      const body = lines.slice(fence.open + 1, fence.close).map((line) => (line.startsWith(fence.indent) ? line.slice(fence.indent.length) : line));
      const expected = body.map((line) => /^\s*# => (.*)$/.exec(line)?.[1]?.trimEnd()).filter((line): line is string => line !== undefined);
      return { file, line: fence.open + 1, code: body.join('\n'), expected };
    });
}

/** Which lines are inside a code block (its fence lines included). */
function codeLines(file: string, lines: string[]): boolean[] {
  const inside = lines.map(() => false);
  for (const fence of codeFences(file, lines)) for (let index = fence.open; index <= fence.close; index++) inside[index] = true;
  return inside;
}

/** `…` in an expected line stands for any text; the rest is literal and the line must match whole. */
function linePattern(expected: string): RegExp {
  return new RegExp(`^${expected.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** The expected lines not found in `output`, each searched after the previous one's match. */
function missingExpectations(output: string, expected: string[]): string[] {
  const lines = output.split('\n').map((line) => line.trimEnd());
  const missing: string[] = [];
  let from = 0;
  for (const line of expected) {
    const pattern = linePattern(line);
    const at = lines.findIndex((candidate, index) => index >= from && pattern.test(candidate));
    if (at === -1) missing.push(line);
    else from = at + 1;
  }
  return missing;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string, markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = markdown.split('\n');
  const inCode = codeLines(file, lines);
  lines.forEach((line, index) => {
    const heading = !inCode[index] && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) return;
    const anchor = headingAnchor(heading[1]!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  });
  return anchors;
}

/** Every link target of a Markdown file outside code blocks and code spans: `[text](target)`. */
function linkTargets(file: string, markdown: string): Array<{ line: number; target: string }> {
  const targets: Array<{ line: number; target: string }> = [];
  const lines = markdown.split('\n');
  const inCode = codeLines(file, lines);
  lines.forEach((line, index) => {
    if (inCode[index]) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push({ line: index + 1, target: match[1]! });
  });
  return targets;
}

/** Why a relative link of `file` is broken, or null when it points at an existing file (and heading). */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not a file of ours
  const [filePart, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = filePart === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(filePart));
  const relative = path.relative(ROOT, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return `leaves the repository (${relative})`;
  if (!existsSync(resolved)) return `no such file: ${relative}`;
  if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!anchorsOf(relative, readFileSync(resolved, 'utf8')).has(anchor)) return `no heading #${anchor} in ${relative}`;
  }
  return null;
}

t.test('the marker is read as CONTRIBUTING.md documents it', async (t) => {
  const text = ['```sh', 'not me', '```', '```sh runnable', 'echo one', '# => one', 'echo "two three"', '# => two …', '```'].join('\n');
  const blocks = runnableBlocks('x.md', text);
  t.equal(blocks.length, 1, 'only the marked block');
  t.same(blocks[0], { file: 'x.md', line: 4, code: 'echo one\n# => one\necho "two three"\n# => two …', expected: ['one', 'two …'] });
  t.same(missingExpectations('one\ntwo three\n', ['one', 'two …']), []);
  t.same(missingExpectations('two three\none\n', ['one', 'two …']), ['two …'], 'in order');
  t.same(missingExpectations('one two\n', ['one']), ['one'], 'a whole line, not a part of one');
  t.same(missingExpectations('a.c\n', ['a.c']), [], 'literal');
  t.same(missingExpectations('abc\n', ['a.c']), ['a.c'], 'a dot is a dot');
  t.same(runnableBlocks('x.md', '- item:\n\n  ```sh runnable\n  echo "  two"\n  # => two\n  ```\n')[0]?.code, 'echo "  two"\n# => two', 'in a list item, without its indentation');
  t.same(runnableBlocks('x.md', '````md\n```sh runnable\necho shown, not run\n```\n````\n'), [], 'a block shown inside a longer fence is not run');
  t.throws(() => runnableBlocks('x.md', '```sh runnable\necho'), /never closed/);
});

t.test('links: relative ones point at files of this repository', async (t) => {
  t.equal(headingAnchor('Running many instances on MongoDB (operators)'), 'running-many-instances-on-mongodb-operators');
  t.equal(headingAnchor('`PLUGINS` and the API'), 'plugins-and-the-api');
  // A sibling folder of the checkout (written in parts: no file of this repository may cite one).
  t.match(brokenLink('README.md', ['..', 'shared', 'notes.md'].join('/')), /leaves the repository/, 'a file outside is refused');
  t.match(brokenLink('README.md', 'docs/nothing.md'), /no such file/);
  t.match(brokenLink('README.md', 'docs/configuration.md#no-such-heading'), /no heading/);
  t.equal(brokenLink('README.md', 'https://example.com/x'), null);

  const broken: string[] = [];
  let checked = 0;
  for (const file of documentationFiles()) {
    for (const { line, target } of linkTargets(file, readFileSync(path.join(ROOT, file), 'utf8'))) {
      checked++;
      const why = brokenLink(file, target);
      if (why) broken.push(`${file}:${line} (${target}): ${why}`);
    }
  }
  t.ok(checked > 50, `${checked} links checked`);
  t.same(broken, [], broken.join('\n') || 'every relative link resolves');
});

t.test('every runnable example runs against a real server', async (t) => {
  const blocks = documentationFiles().flatMap((file) => runnableBlocks(file, readFileSync(path.join(ROOT, file), 'utf8')));
  t.ok(blocks.length >= 10, `${blocks.length} runnable blocks`);
  // The API walk must prove the chatbot answers from the pair it was taught, not with the fallback.
  t.ok(
    blocks.some((block) => block.file === 'docs/api-guide.md' && block.expected.includes('Delivery takes 2 to 3 working days.')),
    'the API walk checks the Q&A answer',
  );

  // The examples read JSON with jq, as a reader's shell would (CONTRIBUTING.md lists it).
  const jq = await runBlock('jq --version', process.env, ROOT);
  t.equal(jq.code, 0, 'jq is installed (apt-get install -y jq): the examples use it');

  const { dir, remove } = temporaryDirectory('cbp-docs-');
  t.teardown(remove);
  const dataDir = path.join(dir, 'data');
  const { run, serve } = checkoutCli(ROOT, childCoverageEnv());
  const created = await run(['accounts', 'create', '--name', 'Docs', '--plan', 'professional', '--json'], { DATA_DIR: dataDir });
  t.equal(created.code, 0, created.stderr);
  const keys = JSON.parse(created.stdout) as { live_key: string; test_key: string };
  const adminToken = 'docs-admin-token-0123456789';
  const { uri } = await serve(t, {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_TOKEN: adminToken,
    // The webhook example's receiver listens on this machine.
    WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
  });

  // `chatbot-platform` as the docs write it: the checkout's CLI on the same data directory.
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'chatbot-platform'), `#!/bin/sh\nexec "${process.execPath}" "${ROOT}/bin/chatbot-platform.js" "$@"\n`);
  chmodSync(path.join(bin, 'chatbot-platform'), 0o755);
  const work = path.join(dir, 'work');
  mkdirSync(work);
  const env = {
    ...process.env,
    ...childCoverageEnv(),
    PATH: `${bin}:${process.env.PATH}`,
    BASE: uri,
    KEY: keys.live_key,
    TEST_KEY: keys.test_key,
    ADMIN_TOKEN: adminToken,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };

  for (const block of blocks) {
    await t.test(`${block.file}:${block.line}`, async (t) => {
      const result = await runBlock(block.code, env, work);
      t.equal(result.code, 0, `exit 0${result.code === 0 ? '' : `\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`}`);
      const missing = missingExpectations(result.stdout, block.expected);
      t.same(missing, [], missing.length ? `expected lines missing from:\n${result.stdout}` : `${block.expected.length} expected lines printed`);
    });
  }
});

function runBlock(code: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', code], { env, cwd, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // The block's whole process group: a block may start a helper in the background.
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${BLOCK_TIMEOUT_MS / 1000} s)`;
      process.kill(-child.pid!, 'SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    let exitCode: number | null = null;
    child.on('exit', (code) => {
      exitCode = code;
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGKILL'); // anything the block left running
      } catch {
        // the group is gone already
      }
    });
    // After its output is read to the end.
    child.on('close', () => resolve({ code: exitCode, stdout, stderr }));
  });
}
