// store-independent: it opens no store (the SQLite pass runs it once).
// The widget script as built (issue 12): within its size budget, naming no other host, writing no
// markup from strings; and its pure parts (display-rule patterns, the event-stream reader) on
// their edge cases, in Node.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { buildAndReport, buildWidget, WIDGET_GZIP_BUDGET, WIDGET_OUTPUT, WIDGET_SOURCE, WIDGET_UI_OUTPUT } from '../../web/widget/build.js';
import { patternMatches, shownOnPage } from '../../web/widget/src/rules.js';
import { readEvents } from '../../web/widget/src/sse.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** XML namespace names Preact sets on SVG and MathML elements: identifiers, never fetched. */
const NAMESPACES = new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML']);

t.test('the built script: one small file that asks no other host for anything', async (t) => {
  const built = await buildWidget();
  const code = readFileSync(WIDGET_OUTPUT, 'utf8');
  t.equal(code, built.code, 'dist/widget.js is what was built');
  const gzipped = gzipSync(code, { level: 9 }).length;
  t.equal(gzipped, built.gzipBytes, 'build.ts reports the gzipped size');
  t.ok(gzipped < WIDGET_GZIP_BUDGET, `${(gzipped / 1024).toFixed(1)} KB gzipped, under ${WIDGET_GZIP_BUDGET / 1024} KB`);
  t.equal(WIDGET_GZIP_BUDGET, 30 * 1024);
  // A visitor's first load in any language but English is the script and their language's words: both within it.
  const words = readdirSync(WIDGET_UI_OUTPUT).map((name) => gzipSync(readFileSync(path.join(WIDGET_UI_OUTPUT, name)), { level: 9 }).length);
  t.equal(words.length, 7, 'the seven languages loaded on demand are built (German, French, Romanian and the four right-to-left ones)');
  t.ok(gzipped + Math.max(...words) <= WIDGET_GZIP_BUDGET, `with the largest words file: ${((gzipped + Math.max(...words)) / 1024).toFixed(1)} KB gzipped`);
  t.ok(/^("use strict";)?\(\(\)=>\{[^]*\}\)\(\);\s*$/.test(code), 'one IIFE: nothing leaks into the page’s globals');
  t.ok(/^[\x00-\x7f]*$/.test(code), 'ASCII only, whatever charset the page is served in');

  const urls = code.match(/https?:\/\/[^\s"'`)\\]*/g) ?? [];
  t.ok(urls.length > 0, 'the scan finds the namespace names, so it would find others');
  t.same(urls.filter((url) => !NAMESPACES.has(url)), [], 'no URL of another host (no CDN, no fonts, no analytics)');
  t.notOk(/\beval\(|new Function\(/.test(code), 'no eval');

  const sources = readdirSync(path.dirname(WIDGET_SOURCE)).map((name) => readFileSync(path.join(path.dirname(WIDGET_SOURCE), name), 'utf8'));
  t.ok(sources.length >= 8, 'read the sources');
  for (const unsafe of [/dangerouslySetInnerHTML/, /innerHTML/, /insertAdjacentHTML/, /document\.write/, /\son[a-z]+=["']/]) {
    t.notOk(sources.some((source) => unsafe.test(source)), `the sources never use ${unsafe.source}`);
  }

  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
  t.equal(scripts.prepare, 'npm run build', 'npm ci builds it');
  t.match(scripts.build, /^tsx web\/widget\/build\.ts && /, 'with the rest of the build');
  t.equal(scripts['build:widget'], 'tsx web/widget/build.ts', 'npm run build:widget alone');
  t.match(scripts.typecheck, 'tsc --noEmit -p web/widget', 'and the type check covers it');
});

t.test('npm run build:widget prints the size against the budget', async (t) => {
  const lines: string[] = [];
  t.equal(await buildAndReport((line) => lines.push(line)), true, 'within budget');
  t.match(lines, [/^widget: web\/widget\/dist\/widget\.js \d+\.\d KB, \d+\.\d KB gzipped \(budget 30\.0 KB\)$/]);
  // What `prepare` runs, without npm around it.
  const output = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'web/widget/build.ts'], { encoding: 'utf8' });
  t.equal(output, `${lines[0]}\n`, 'the same line from the command');
});

t.test('display rule patterns: * is any run, the rest literal; the query only when the pattern has one', async (t) => {
  const page = new URL('https://shop.example/blog/2026/boots.html?utm_source=mail#reviews');
  const cases: Array<[string, boolean]> = [
    ['/blog/*', true],
    ['/blog/2026/boots.html', true],
    ['/blog', false],
    ['/Blog/*', false],
    ['/blog/2026/boots?html', false],
    ['/blog/2026/boots.htm', false],
    ['/blog/*/boots.html', true],
    ['*boots*', true],
    ['*', true],
    ['/blog/*?utm_source=mail', true],
    ['/blog/*?utm_source=ads', false],
    ['/blog/2026/boots.html#reviews', false],
    ['https://shop.example/blog/*', true],
    ['https://*.example/blog/*', true],
    ['https://shop.example/blog/*?utm_source=*', true],
    ['http://shop.example/blog/*', false],
    ['https://other.example/blog/*', false],
    ['/blog/(2026)/*', false],
  ];
  for (const [pattern, expected] of cases) t.equal(patternMatches(pattern, page), expected, `${pattern} ${expected ? 'matches' : 'does not match'}`);
  t.equal(patternMatches('/a+b/(x)', new URL('https://s.example/a+b/(x)')), true, 'regular-expression characters are literal');

  t.equal(shownOnPage({ show_on: [], hide_on: [] }, page), true, 'no rules: everywhere');
  t.equal(shownOnPage({ show_on: ['/blog/*'], hide_on: [] }, page), true);
  t.equal(shownOnPage({ show_on: ['/pricing'], hide_on: [] }, page), false, 'show_on limits');
  t.equal(shownOnPage({ show_on: ['/blog/*'], hide_on: ['*.html'] }, page), false, 'hide_on wins');
});

t.test('patterns match as the regular expression they describe would, without its backtracking', async (t) => {
  // The reference: the pattern as an anchored regular expression, `*` as `.*` (what patternMatches
  // built before), on short random paths where its backtracking costs nothing.
  const reference = (pattern: string, target: string) =>
    new RegExp(`^${pattern.split('*').map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(target);
  const random = seededRandom(33);
  const pick = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  let compared = 0;
  for (let i = 0; i < 5000; i++) {
    const target = `/${pick('ab/', Math.floor(random() * 12))}`;
    const pattern = `/${pick('ab/*', Math.floor(random() * 8))}`;
    const page = new URL(`https://s.example${target}`);
    if (patternMatches(pattern, page) !== reference(pattern, page.pathname)) t.fail(`${pattern} on ${target}`);
    compared++;
  }
  t.equal(compared, 5000, `${compared} random pairs agree with the regular expression`);
  // 50 stars against a 2,000-character path that almost matches: the regular expression would try
  // every way of splitting it (beyond any timeout); this is one left-to-right pass.
  const hostile = `/${'a*'.repeat(50)}b`;
  t.equal(patternMatches(hostile, new URL(`https://s.example/${'a'.repeat(2000)}`)), false, 'an owner’s pattern of many stars stays cheap');
  t.equal(patternMatches(hostile, new URL(`https://s.example/${'a'.repeat(2000)}b`)), true);
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(chunks: string[]) {
  const events = [];
  for await (const event of readEvents(streamOf(chunks))) events.push(event);
  return events;
}

t.test('the event-stream reader: events split anywhere, CRLF, comments, multi-line data', async (t) => {
  const body = 'event: message\ndata: {"id":"msg_1"}\n\n: keep-alive\n\nevent: delta\ndata: {"content":"Hel"}\n\nevent: delta\ndata: {"content":"lo"}\n\nevent: done\ndata: {"reply":null}\n\n';
  const expected = [
    { event: 'message', data: '{"id":"msg_1"}' },
    { event: 'delta', data: '{"content":"Hel"}' },
    { event: 'delta', data: '{"content":"lo"}' },
    { event: 'done', data: '{"reply":null}' },
  ];
  t.same(await eventsOf([body]), expected, 'one chunk');
  t.same(await eventsOf(body.split('')), expected, 'one character at a time');
  const crlf = body.replace(/\n/g, '\r\n');
  t.same(await eventsOf([crlf]), expected, 'CRLF line ends');
  t.same(await eventsOf(crlf.split(/(?<=\r)/)), expected, 'CRLF split between \\r and \\n');
  t.same(await eventsOf(['data: a\ndata: b\n\n']), [{ event: 'message', data: 'a\nb' }], 'data lines join; the default event is message');
  t.same(await eventsOf(['event: done\ndata: {"x":1}']), [{ event: 'done', data: '{"x":1}' }], 'a last event without its blank line still counts');
  t.same(await eventsOf(['data: Grüße ✓\n\n'].flatMap((text) => [text.slice(0, 9), text.slice(9)])), [{ event: 'message', data: 'Grüße ✓' }], 'UTF-8 split inside a character');
});
