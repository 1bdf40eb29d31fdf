// The int8 vector scan shared with scan threads (plugins/knowledge/semantic/scan-threads.ts): the
// same numbers, to the bit, as the serving thread scanning alone, whichever thread scanned a block;
// the threads really take blocks; a thread that claims a block and never reports it costs a search
// one wait, never a wrong result or a hang; closed threads leave every search to the serving thread.
// store-independent: it opens no store (the SQLite pass runs it once).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { loadConfig } from '../../config/index.js';
import { MAX_SCAN_THREADS, VectorScanThreads, WAIT_MS } from '../../plugins/knowledge/semantic/scan-threads.js';
import { Int8Rows } from '../../plugins/knowledge/semantic/int8-scan.js';
import { bucketCounts, normalised, VectorIndex, type Similarities } from '../../plugins/knowledge/semantic/vectors.js';
import { seededRandom } from '../helpers/seeded-random.js';

const STALLING_WORKER = new URL('../helpers/stalling-scan-worker.mjs', import.meta.url);
const LATE_WORKER = new URL('../helpers/late-scan-worker.mjs', import.meta.url);
const run = promisify(execFile);

/**
 * `chunks` chunks of 96 numbers, one zero vector, and 12 questions. `phrasings`: every 11th chunk
 * has two (the index then ranks its chunks' best rows; with one row each, it uses the scan's counts).
 */
function corpus(seed: number, { chunks = 8000, phrasings = false } = {}) {
  const next = seededRandom(seed);
  const dims = 96;
  const vector = () => Float32Array.from({ length: dims }, () => next() - 0.5);
  const entries = Array.from({ length: chunks }, (_, chunk) => ({
    chunkId: `chk_${chunk}`,
    vectors: Array.from({ length: phrasings && chunk % 11 === 0 ? 2 : 1 }, vector),
  }));
  entries[5]!.vectors = [new Float32Array(dims)];
  return { entries, questions: Array.from({ length: 12 }, vector) };
}

/** Two searches' results as plain numbers, to compare to the bit. */
function plain(result: Similarities) {
  return { scores: Array.from(result.scores), typical: result.typical, best: result.best };
}

/** Searches until the threads have done `enough()` (each search gives them another chance), at most `tries` searches. */
function searchUntil(index: VectorIndex, question: Float32Array, enough: () => boolean, tries: number): number {
  let searches = 0;
  while (!enough() && searches < tries) {
    index.similarities(question);
    searches++;
  }
  return searches;
}

/** With `threads`, an index searches to the same numbers as without; the threads take blocks. */
async function sameAsAlone(t: Test, threads: VectorScanThreads, seed: number, phrasings = false) {
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(seed, { phrasings });
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  t.ok(shared.approximate);
  for (const [at, question] of questions.entries()) {
    // A search in which a thread scanned blocks (a thread starts with the first index, a few tens
    // of milliseconds, and may wake after the serving thread claimed every block of a search).
    const before = threads.stats.helperBlocks;
    let result = plain(shared.similarities(question));
    for (let tries = 0; threads.stats.helperBlocks === before && tries < 20_000; tries++) result = plain(shared.similarities(question));
    t.ok(threads.stats.helperBlocks > before, `question ${at}: threads scanned ${threads.stats.helperBlocks - before} of its blocks`);
    t.same(result, plain(alone.similarities(question)), `question ${at}: the same numbers`);
  }
  t.equal(shared.similarities(new Float32Array(96)).scores[0], 0, 'a zero question is similar to nothing');
}

for (const threadCount of [1, 2]) {
  t.test(`${threadCount} scan thread(s): the same scores, median and best as the serving thread alone`, (t) => sameAsAlone(t, new VectorScanThreads(threadCount), threadCount));
}

t.test('chunks of two phrasings (a chunk ranks by its best row): the same numbers with threads', (t) => sameAsAlone(t, new VectorScanThreads(2), 6, true));

t.test('a thread descheduled between its claim and reading the fields: the next search, of another index, stays right', async (t) => {
  const threads = new VectorScanThreads(1, LATE_WORKER);
  t.teardown(() => threads.close());
  const big = corpus(21, { chunks: 20_000 });
  const small = corpus(22, { chunks: 3000 });
  const first = VectorIndex.build(big.entries, { approximateFrom: 1, threads });
  const second = VectorIndex.build(small.entries, { approximateFrom: 1, threads });
  const [firstAlone, secondAlone] = [VectorIndex.build(big.entries, { approximateFrom: 1 }), VectorIndex.build(small.entries, { approximateFrom: 1 })];
  // The thread's first claim: it sleeps 150 ms, the search gives the block up after WAIT_MS.
  searchUntil(first, big.questions[0]!, () => threads.stats.givenUp > 0, 20_000);
  t.equal(threads.stats.givenUp, 1, 'the block was given up on');
  // At once, while the thread still sleeps, a search of the other index writes its fields.
  t.same(plain(second.similarities(small.questions[0]!)), plain(secondAlone.similarities(small.questions[0]!)), 'the other index, while the thread sleeps');
  // The thread wakes and finds another search's fields; it takes blocks again only once it is past them.
  const beforeWaking = threads.stats.helperBlocks;
  const deadline = Date.now() + 15_000;
  while (threads.stats.helperBlocks === beforeWaking && Date.now() < deadline) {
    second.similarities(small.questions[1]!);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  for (const [at, question] of small.questions.slice(0, 4).entries()) {
    t.same(plain(second.similarities(question)), plain(secondAlone.similarities(question)), `the other index after the thread woke, question ${at}`);
  }
  t.same(plain(first.similarities(big.questions[1]!)), plain(firstAlone.similarities(big.questions[1]!)), 'the first index too');
  const before = threads.stats.helperBlocks;
  searchUntil(first, big.questions[2]!, () => threads.stats.helperBlocks > before, 20_000);
  t.ok(threads.stats.helperBlocks > before, 'the thread scans blocks again');
  t.same(plain(first.similarities(big.questions[2]!)), plain(firstAlone.similarities(big.questions[2]!)));
});

t.test('the built scan thread (dist/server/scan-worker.mjs, what `npm start` runs) does the same', (t) =>
  sameAsAlone(t, new VectorScanThreads(1, new URL('../../dist/server/scan-worker.mjs', import.meta.url)), 4),
);

t.test('the scan counts its cosines in the buckets rankedValues counts them in, whichever thread scanned them', async (t) => {
  const threads = new VectorScanThreads(2);
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(5);
  const rows: Float32Array[] = entries.map((entry) => entry.vectors[0]!);
  // The question itself and its opposite among the rows: cosines at (or, rounded, just past) 1 and −1, the end buckets.
  const question = normalised(questions[0]!);
  rows.push(question, Float32Array.from(question, (value) => -value));
  const flat = new Float32Array(rows.length * 96);
  rows.forEach((row, at) => flat.set(normalised(row), at * 96));
  const scan = new Int8Rows(flat, rows.length, 96, threads);
  const out = new Float32Array(rows.length);
  let counted: Int32Array | null = null;
  for (let tries = 0; threads.stats.helperBlocks === 0 && tries < 20_000; tries++) counted = scan.dotsWith(question, out);
  t.ok(threads.stats.helperBlocks > 0, 'threads scanned blocks of the last scan');
  t.ok(counted, 'the counts are known');
  t.same(Array.from(counted!), Array.from(bucketCounts(out)), 'the same count in every bucket as counted in JavaScript');
  t.ok(out[rows.length - 2]! > 0.99 && out[rows.length - 1]! < -0.99, 'the end buckets were reached');
  t.equal(scan.dotsWith(new Float32Array(96), out), null, 'a zero question: no counts (every cosine is 0)');
});

t.test('a thread that claims a block and never reports it: the search scans it after WAIT_MS, and is right', async (t) => {
  const threads = new VectorScanThreads(1, STALLING_WORKER);
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(7, { phrasings: true });
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  // Until the thread runs, searches claim every block themselves; then it claims one of each search.
  const searches = searchUntil(shared, questions[0]!, () => threads.stats.givenUp > 0, 2_000);
  t.ok(threads.stats.givenUp > 0, `a block was given up on after ${WAIT_MS} ms (after ${searches} searches)`);
  for (const [at, question] of questions.slice(0, 4).entries()) {
    t.same(plain(shared.similarities(question)), plain(alone.similarities(question)), `question ${at}: the same numbers`);
  }
  t.equal(threads.stats.helperBlocks, 0, 'nothing was taken from the thread that never reported');
  // Its bucket counts may hold part of a block given up on: a scan that gave up reports none.
  const rows = new Int8Rows(Float32Array.from({ length: 3000 * 96 }, (_, at) => Math.sin(at)), 3000, 96, threads);
  const givenUp = threads.stats.givenUp;
  let counted: Int32Array | null = new Int32Array(0);
  for (let tries = 0; threads.stats.givenUp === givenUp && tries < 2_000; tries++) counted = rows.dotsWith(questions[0]!, new Float32Array(3000));
  t.ok(threads.stats.givenUp > givenUp, 'a block of this scan was given up on');
  t.equal(counted, null, 'so its counts are not reported');
});

t.test('closed threads: searches go on in the serving thread alone, and right', async (t) => {
  const threads = new VectorScanThreads(1);
  const { entries, questions } = corpus(9);
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  await threads.close();
  const before = threads.stats.helperBlocks;
  t.same(plain(shared.similarities(questions[1]!)), plain(alone.similarities(questions[1]!)));
  t.equal(threads.stats.helperBlocks, before, 'no thread took part');
  const later = VectorIndex.build(entries, { approximateFrom: 1, threads });
  t.same(plain(later.similarities(questions[2]!)), plain(alone.similarities(questions[2]!)), 'an index built after closing scans alone');
  await threads.close();
});

t.test('a thread that dies: the logger is told, and searches go on right without it', async (t) => {
  const logged: unknown[] = [];
  const threads = new VectorScanThreads(1, new URL('../helpers/failing-scan-worker.mjs', import.meta.url), { error: (...line: unknown[]) => logged.push(line) });
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(8, { chunks: 3000 });
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  for (let waited = 0; threads.stats.died === 0 && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(threads.stats.died, 1, 'the thread died');
  t.match(JSON.stringify(logged), /a vector scan thread died/, 'and the logger was told');
  t.same(plain(shared.similarities(questions[0]!)), plain(alone.similarities(questions[0]!)), 'searches are right without it');
  t.equal(threads.stats.givenUp, 0, 'and never wait for it (it claimed nothing)');
});

t.test('no threads (a one-core machine): the serving thread scans alone', async (t) => {
  const threads = new VectorScanThreads(0);
  const { entries, questions } = corpus(3);
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  t.same(plain(shared.similarities(questions[0]!)), plain(alone.similarities(questions[0]!)));
  t.equal(threads.stats.helperBlocks, 0);
  await threads.close();
});

t.test('a dropped index’s memory is let go by the threads too (12 of 37 MB built and dropped)', async (t) => {
  const fixture = fileURLToPath(new URL('../fixtures/dropped-indexes.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', fixture], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  const { before, after, helperBlocks } = JSON.parse(stdout) as { before: number; after: number; helperBlocks: number };
  t.ok(helperBlocks > 0, `the thread scanned blocks of them (${helperBlocks})`);
  t.ok(after - before < 150, `resident memory grew by ${after - before} MB (a thread keeping them: about 440)`);
});

t.test('the number of threads: 0 to MAX_SCAN_THREADS, as the configuration allows', async (t) => {
  for (const bad of [-1, 1.5, MAX_SCAN_THREADS + 1]) t.throws(() => new VectorScanThreads(bad), RangeError, `${bad} threads refused`);
  const config = (value: string) => loadConfig({ file: null, env: { KNOWLEDGE_VECTOR_SCAN_THREADS: value } }).knowledge.vector_scan_threads;
  t.equal(config(String(MAX_SCAN_THREADS)), MAX_SCAN_THREADS, 'the most the scan can tag is allowed');
  t.throws(() => config(String(MAX_SCAN_THREADS + 1)), 'one more is refused at start');
  t.equal(config('0'), 0);
  t.ok([0, 1].includes(loadConfig({ file: null, env: {} }).knowledge.vector_scan_threads), 'the default: one thread with a second core, else none');
});
