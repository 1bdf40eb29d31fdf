// The parser pool and the ZIP check: untrusted content is read in worker threads whose time and
// memory are limited; a worker that overruns, runs out of memory or dies fails only its own task.
// store-independent: the test server only shows the main thread keeps answering while workers parse.
import { deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import t, { type Test } from 'tap';
import { ExtractionError } from '../../plugins/knowledge/parsing/errors.js';
import { ParserBusyError, ParserPool } from '../../plugins/knowledge/parsing/pool.js';
import { runParseTask } from '../../plugins/knowledge/parsing/tasks.js';
import { assertZipWithinLimits, rebuildZip, unpackZipWithinLimits } from '../../plugins/knowledge/parsing/zip-limits.js';
import { processItem } from '../../plugins/knowledge/processor.js';
import type { Item } from '../../plugins/knowledge/collections.js';
import { crawl, type PageFetcher } from '../../plugins/knowledge/crawl.js';
import { docxBase64, pdfBase64, withDeclaredSizes, zeroBombDocx } from '../helpers/documents.js';
import { buildTestServer } from '../helpers/server.js';
import { htmlPage, startSite } from '../helpers/site.js';

// 240 s, twice tap's default for a file: 50 s alone in a CI run (parser workers), 120 s when another job loaded the machine. A hang still fails it.
t.setTimeout(240_000);

const TEST_WORKER = new URL('../helpers/parser-worker.mjs', import.meta.url);

/** A pool whose workers also know the test-only tasks (spin, allocate, exit, echo). */
function testPool(t: Test, limits: ConstructorParameters<typeof ParserPool>[0] = {}) {
  const pool = new ParserPool(limits, TEST_WORKER);
  t.teardown(() => pool.close());
  // The test tasks are not ParseTasks: one cast here, so the production type stays closed.
  const runTest = (task: { kind: `test-${string}`; value?: unknown }, signal?: AbortSignal) => pool.run(task as never, signal) as Promise<unknown>;
  return { pool, runTest };
}

const echo = { kind: 'test-echo', value: 'fresh worker' } as const;

t.test('the main thread stays free while a worker spins; aborting ends that worker only', async (t) => {
  const api = await buildTestServer(t);
  const { runTest } = testPool(t);
  const stop = new AbortController();
  let settled = false;
  const spinning = runTest({ kind: 'test-spin' }, stop.signal).finally(() => {
    settled = true;
  });
  for (let i = 0; i < 5; i++) {
    const health = await api.request('GET', '/health');
    t.equal(health.statusCode, 200, `/health answers while the worker spins (${i + 1})`);
  }
  t.notOk(settled, 'the spinning task was still running during those requests');
  stop.abort(new Error('stopped by the test'));
  await t.rejects(spinning, /stopped by the test/, 'the caller sees its own abort reason');
  t.equal(await runTest(echo), 'fresh worker', 'the next task gets a new worker');
});

t.test('a task over the time limit fails with a readable message; the next task runs', async (t) => {
  // Long enough for a worker to start (~0.4 s here), which the limit includes.
  const { runTest } = testPool(t, { timeLimitMs: 3000 });
  const error = await runTest({ kind: 'test-spin' }).catch((caught: unknown) => caught);
  t.ok(error instanceof ExtractionError, 'an ExtractionError, shown as the item error');
  t.match((error as Error).message, 'The document took longer than 3 s to read');
  t.equal(await runTest(echo), 'fresh worker');
});

t.test('a worker out of memory fails its task with a readable message; the next task runs', async (t) => {
  const { runTest } = testPool(t, { heapMb: 64 });
  const error = await runTest({ kind: 'test-allocate' }).catch((caught: unknown) => caught);
  t.ok(error instanceof ExtractionError);
  t.equal((error as Error).message, 'The document needed more memory than 64 MB to read');
  t.equal(await runTest(echo), 'fresh worker');
});

t.test('a worker that exits mid-task fails that task only', async (t) => {
  const { runTest } = testPool(t);
  await t.rejects(runTest({ kind: 'test-exit' }), { name: 'ExtractionError', message: /reader stopped unexpectedly/ });
  t.equal(await runTest(echo), 'fresh worker');
});

t.test('the queue is bounded, and a waiting task can be aborted', async (t) => {
  const { runTest } = testPool(t, { threads: 1, queue: 2, timeLimitMs: 60_000 });
  const stopSpin = new AbortController();
  const spinning = runTest({ kind: 'test-spin' }, stopSpin.signal);
  const leaveQueue = new AbortController();
  const leaving = runTest(echo, leaveQueue.signal);
  const waiting = runTest({ kind: 'test-echo', value: 'after the spin' });
  await t.rejects(runTest(echo), ParserBusyError, 'a third waiting task is refused');
  leaveQueue.abort(new Error('left the queue'));
  await t.rejects(leaving, /left the queue/);
  stopSpin.abort(new Error('done spinning'));
  await t.rejects(spinning, /done spinning/);
  t.equal(await waiting, 'after the spin', 'the waiting task ran once the worker was free');
  const aborted = new AbortController();
  aborted.abort(new Error('already aborted'));
  await t.rejects(runTest(echo, aborted.signal), /already aborted/, 'an aborted signal runs nothing');
});

t.test('closing the pool refuses what waits', async (t) => {
  const pool = new ParserPool({ threads: 1 }, TEST_WORKER);
  const spinning = pool.run({ kind: 'test-spin' } as never).catch((error: unknown) => error);
  const waiting = pool.run({ kind: 'test-echo', value: 1 } as never).catch((error: unknown) => error);
  await pool.close();
  t.type(await waiting, ParserBusyError);
  t.type(await spinning, Error);
});

t.test('extraction errors cross the thread boundary as ExtractionError', async (t) => {
  const { pool } = testPool(t);
  const task = { kind: 'document', format: 'pdf', content: Buffer.from('not a pdf').toString('base64'), title: null, language: 'en' } as const;
  const error = await pool.run(task).catch((caught: unknown) => caught);
  t.ok(error instanceof ExtractionError);
  t.match((error as Error).message, /^The PDF could not be read/);
  const document = await pool.run({ ...task, content: pdfBase64(['Every device has a two year warranty.']) });
  t.match(document.chunks[0]!.text, /two year warranty/);
});

t.test('the worker tasks, run in-process: every kind, and errors as { kind, message }', async (t) => {
  // The same function the workers run, called here directly, so its logic is tested (and
  // measured by coverage, which does not follow worker threads) apart from the pool.
  const document = await runParseTask({
    kind: 'document',
    format: 'docx',
    content: await docxBase64([{ heading: 'Installation' }, { paragraph: 'Wait for the green light.' }]),
    title: null,
    language: 'en',
  });
  t.match(document, { ok: true, value: { title: 'Installation', chunks: [{ heading_path: ['Installation'], text: /green light/ }] } });
  const named = await runParseTask({ kind: 'document', format: 'html', content: '<h1>Inside</h1><p>Text.</p>', title: 'Given', language: 'en' });
  t.match(named, { ok: true, value: { title: 'Given' } }, "the item's own title wins");

  const html = '<html><head><title>Help</title></head><body><article><h1>Help</h1><p>Ask us anything at all, any day.</p></article><a href="/faq#top">FAQ</a> <a href="mailto:x@y.test">mail</a></body></html>';
  const page = await runParseTask({ kind: 'page', url: 'https://site.test/help', contentType: 'text/html', body: Buffer.from(html), language: 'en', withLinks: true });
  t.match(page, { ok: true, value: { title: 'Help', links: ['https://site.test/faq'], chunks: [{ url: 'https://site.test/help', position: 0 }] } });
  const pdf = await runParseTask({
    kind: 'page',
    url: 'https://site.test/terms.pdf',
    contentType: 'application/pdf',
    body: Buffer.from(pdfBase64(['Warranty: two years.']), 'base64'),
    language: 'en',
    withLinks: true,
  });
  t.match(pdf, { ok: true, value: { title: null, links: [], chunks: [{ text: /two years/ }] } });
  const text = await runParseTask({ kind: 'page', url: 'https://site.test/a.txt', contentType: 'text/plain', body: Buffer.from('Plain.'), language: 'en', withLinks: false });
  t.match(text, { ok: true, value: { chunks: [{ text: 'Plain.' }], charCount: 6 } });

  const sitemap = await runParseTask({
    kind: 'sitemap',
    body: Buffer.from('<urlset><url><loc> https://site.test/a </loc></url><url><loc>https://site.test/b</loc></url><url><lastmod>x</lastmod></url></urlset>'),
    maxUrls: 1,
  });
  t.same(sitemap, { ok: true, value: { pages: ['https://site.test/a'], sitemaps: [] } }, 'trimmed, capped, entries without <loc> skipped');
  const index = await runParseTask({ kind: 'sitemap', body: Buffer.from('<sitemapindex><sitemap><loc>https://site.test/s.xml</loc></sitemap></sitemapindex>'), maxUrls: 10 });
  t.same(index, { ok: true, value: { pages: [], sitemaps: ['https://site.test/s.xml'] } });
  t.same(await runParseTask({ kind: 'sitemap', body: Buffer.from('<urlset>' + '<url>'.repeat(20_000)), maxUrls: 10 }), { ok: true, value: { pages: [], sitemaps: [] } }, 'unreadable XML is no sitemap');

  const refused = await runParseTask({ kind: 'document', format: 'docx', content: Buffer.from('not a zip').toString('base64'), title: null, language: 'en' });
  t.same(refused, { ok: false, error: { kind: 'extraction', message: 'The DOCX file could not be read: it is not a ZIP archive' } });
  const deep = await runParseTask({ kind: 'document', format: 'html', content: '<div>'.repeat(50_000), title: null, language: 'en' });
  t.same(deep, { ok: false, error: { kind: 'extraction', message: 'The HTML could not be read: it is nested too deeply' } });
  await t.rejects(runParseTask({ kind: 'nonsense' } as never), 'a bug is thrown, not dressed up as the document\'s fault');
});

t.test('a page served as HTML without an <html> element is read, not a crash', async (t) => {
  const { pool } = testPool(t);
  for (const body of ['Just words, no tags at all.', '<p>Just words, no tags at all.</p> <a href="/next#part">next</a>']) {
    const page = await pool.run({ kind: 'page', url: 'https://site.test/', contentType: 'text/html', body: Buffer.from(body), language: 'en', withLinks: true });
    t.match(page.chunks[0]?.text, /^Just words, no tags at all\./, body);
    t.same(page.links, body.includes('href') ? ['https://site.test/next'] : []);
  }
});

t.test('ZIP check: refused from the directory before anything is unpacked', async (t) => {
  const bomb = await zeroBombDocx(200 * 1024 * 1024);
  t.ok(bomb.length < 1024 * 1024, `200 MB of zeros packs into ${bomb.length} bytes`);
  t.throws(() => assertZipWithinLimits(bomb, 'DOCX'), new ExtractionError('The DOCX file is larger than 50 MiB when unpacked'));

  const lying = withDeclaredSizes(bomb, 1000);
  t.throws(
    () => assertZipWithinLimits(lying, 'DOCX'),
    { name: 'ExtractionError', message: 'The DOCX file could not be read: its part "word/document.xml" unpacks to more than the 1000 bytes it declares' },
    'a directory that lies is caught by the capped inflate',
  );

  const many = new JSZip();
  for (let i = 0; i < 1001; i++) many.file(`part-${i}.xml`, '<x/>');
  const manyParts = await many.generateAsync({ type: 'nodebuffer' });
  t.throws(() => assertZipWithinLimits(manyParts, 'DOCX'), { message: 'The DOCX file has 1001 parts; at most 1000 are accepted' });

  const small = new JSZip();
  small.file('a.xml', 'a'.repeat(600));
  small.file('b.xml', 'b'.repeat(600));
  const twoParts = await small.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const limits = { maxEntries: 10, maxUnpackedBytes: 1000 };
  t.throws(() => assertZipWithinLimits(twoParts, 'DOCX', limits), { message: /larger than 0 MiB when unpacked/ }, 'the total counts, not each part');
  t.doesNotThrow(() => assertZipWithinLimits(twoParts, 'DOCX', { maxEntries: 10, maxUnpackedBytes: 1200 }));

  const zip64 = Buffer.from(twoParts);
  zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 16); // the directory offset says "see the ZIP64 record"
  t.throws(() => assertZipWithinLimits(zip64, 'DOCX'), { message: 'The DOCX file could not be read: ZIP64 archives are not accepted' });
  t.throws(() => assertZipWithinLimits(Buffer.from('not a zip'), 'DOCX'), { message: /not a ZIP archive/ });
  const docx = Buffer.from(await docxBase64([{ paragraph: 'Fine.' }]), 'base64');
  t.doesNotThrow(() => assertZipWithinLimits(docx, 'DOCX'), 'a real DOCX passes');
});

t.test('ZIP check: an entry hidden past the count the end record declares is refused, and readers only see checked entries', async (t) => {
  // A directory of two entries whose end record says one: JSZip (mammoth's reader) reads both, so
  // checking only the declared count let a 200 MiB part through (found in review).
  const entry = (name: string, data: Buffer) => {
    const packed = deflateRawSync(data, { level: 9 });
    return { name: Buffer.from(name), data, packed };
  };
  const entries = [entry('a.txt', Buffer.from('hello')), entry('word/document.xml', Buffer.alloc(200 * 1024 * 1024, 0x41))];
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const { name, data, packed } of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    parts.push(local, name, packed);
    offset += 30 + name.length + packed.length;
  }
  const directory: Buffer[] = [];
  entries.forEach(({ name, data, packed }, i) => {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offsets[i]!, 42);
    directory.push(header, name);
  });
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // "one entry here"
  end.writeUInt16LE(1, 10); // "one entry in all"
  end.writeUInt32LE(Buffer.concat(directory).length, 12);
  end.writeUInt32LE(offset, 16);
  const hidden = Buffer.concat([...parts, ...directory, end]);
  t.ok(hidden.length < 1024 * 1024, `a ${hidden.length}-byte upload`);
  t.throws(() => assertZipWithinLimits(hidden, 'DOCX'), { name: 'ExtractionError', message: /directory is damaged/ });

  // What a reader gets is rebuilt from the checked entries only.
  const docx = Buffer.from(await docxBase64([{ paragraph: 'Fine.' }]), 'base64');
  const rebuilt = await JSZip.loadAsync(await rebuildZip(unpackZipWithinLimits(docx, 'DOCX')));
  const original = await JSZip.loadAsync(docx);
  t.same(Object.keys(rebuilt.files).filter((name) => !name.endsWith('/')).sort(), Object.keys(original.files).filter((name) => !name.endsWith('/')).sort());
  t.equal(await rebuilt.file('word/document.xml')!.async('string'), await original.file('word/document.xml')!.async('string'));
});

/** An item as the store holds it, with only what processItem reads. */
function item(fields: Partial<Item>): Item {
  return { type: 'document', title: null, language: 'en', alternatives: [], sitemap: false, max_pages: null, ...fields } as Item;
}

t.test('term maps have no prototype, on the main thread too: "constructor" is a term like any other', async (t) => {
  const { pool } = testPool(t);
  const context = { fetcher: loopbackFetcher(), parser: pool, userAgent: 'test' };
  const processed = await processItem(
    item({ format: 'markdown', content: '# The constructor\n\nThe constructor of the toString valueOf house.' }),
    context,
  );
  const counts = processed.chunks[0]!.term_counts;
  t.equal(Object.getPrototypeOf(counts), null);
  t.equal(counts['constructor'], 2);
  t.equal(counts['hasOwnProperty'], undefined, 'nothing inherited');
  const qa = await processItem(item({ type: 'qa', question: 'Who is the constructor?', answer: 'Bob.', alternatives: ['__proto__'] }), context);
  t.equal(Object.getPrototypeOf(qa.chunks[0]!.term_counts), null);
  t.match(qa.chunks[0], { kind: 'qa', qa: { question: 'Who is the constructor?', answer: 'Bob.' } });
});

t.test('processItem and crawl stop on an aborted signal: before fetching, and between pages', async (t) => {
  const { pool } = testPool(t);
  const site = await startSite(t, {
    '/': htmlPage('Home', '<h1>Home</h1><p>Welcome.</p><a href="/a">A</a>'),
    '/a': htmlPage('A', '<h1>A</h1><p>Alpha.</p>'),
  });
  const fetcher = loopbackFetcher();
  const urlItem = item({ type: 'url', url: site.url('/'), max_pages: 2 });
  const aborted = new AbortController();
  aborted.abort(new Error('shutting down'));
  await t.rejects(processItem(urlItem, { fetcher, parser: pool, userAgent: 'test', signal: aborted.signal }), /shutting down/);
  t.equal(site.hits('/'), 0, 'nothing fetched');

  // Aborted once the first page has been read: the second is never fetched.
  const stop = new AbortController();
  const parser = new Proxy(pool, {
    get(target, property) {
      if (property !== 'run') return Reflect.get(target, property);
      return async (...args: Parameters<ParserPool['run']>) => {
        const result = await target.run(...args);
        stop.abort(new Error('stopped after a page'));
        return result;
      };
    },
  });
  await t.rejects(processItem(urlItem, { fetcher, parser, userAgent: 'test', signal: stop.signal }), /stopped after a page/);
  t.equal(site.hits('/'), 1);
  t.equal(site.hits('/a'), 0, 'the next page is not fetched');

  const processed = await processItem(urlItem, { fetcher, parser: pool, userAgent: 'test' });
  t.same(processed.pages.map((page) => page.url), [site.url('/'), site.url('/a')]);
  t.same(processed.chunks.map((chunk) => chunk.position), [0, 1], 'positions count across pages');
});

/**
 * Fetches over real HTTP from the loopback test site, honouring the signal as the platform's
 * Fetcher does (its address guard is tested with it; here only the crawl's use of it matters).
 */
function loopbackFetcher(): PageFetcher {
  return {
    async fetch(url, _types, options = {}) {
      const response = await fetch(url, { signal: options.signal ?? null });
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      return { url: response.url, contentType, body: Buffer.from(await response.arrayBuffer()) };
    },
  };
}

t.test('a crawl past its time budget keeps the pages it read and reads no more', async (t) => {
  const { pool } = testPool(t);
  const site = await startSite(t, {
    '/': htmlPage('Home', '<h1>Home</h1><p>Welcome.</p><a href="/a">A</a>'),
    '/a': htmlPage('A', '<h1>A</h1><p>Alpha.</p>'),
  });
  const pages = await crawl(loopbackFetcher(), pool, site.url('/'), { maxPages: 2, sitemap: false, userAgent: 'test', language: 'en', budgetMs: 0 });
  t.same(pages.map((page) => page.url), [site.url('/')], 'the named page is read, the budget stops the rest');
  t.equal(site.hits('/a'), 0, 'the next page is never fetched');
});
