// The int8 vector scan shared with scan threads (plugins/knowledge/semantic/scan-threads.ts): the
// same numbers, to the bit, as the serving thread scanning alone, whichever thread scanned a block;
// the threads really take blocks; a thread that claims a block and never reports it costs a search
// one wait, never a wrong result or a hang; closed threads leave every search to the serving thread.
import t, { type Test } from 'tap';
import { loadConfig } from '../../config/index.js';
import { MAX_SCAN_THREADS, VectorScanThreads, WAIT_MS } from '../../plugins/knowledge/semantic/scan-threads.js';
import { VectorIndex, type Similarities } from '../../plugins/knowledge/semantic/vectors.js';
import { seededRandom } from '../helpers/seeded-random.js';

const STALLING_WORKER = new URL('../helpers/stalling-scan-worker.mjs', import.meta.url);

/** 3,000 chunks of 96 numbers (some with two phrasings, one zero vector), and 12 questions. */
function corpus(seed: number) {
  const next = seededRandom(seed);
  const dims = 96;
  const vector = () => Float32Array.from({ length: dims }, () => next() - 0.5);
  const entries = Array.from({ length: 3000 }, (_, chunk) => ({
    chunkId: `chk_${chunk}`,
    vectors: Array.from({ length: chunk % 11 === 0 ? 2 : 1 }, vector),
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
async function sameAsAlone(t: Test, threads: VectorScanThreads, seed: number) {
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(seed);
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  t.ok(shared.approximate);
  // A thread starts with the first index (a few tens of milliseconds): searches go on without it meanwhile.
  searchUntil(shared, questions[0]!, () => threads.stats.helperBlocks > 0, 20_000);
  t.ok(threads.stats.helperBlocks > 0, `the threads scanned blocks (${threads.stats.helperBlocks})`);
  for (const [at, question] of questions.entries()) {
    t.same(plain(shared.similarities(question)), plain(alone.similarities(question)), `question ${at}: the same numbers`);
  }
  t.equal(shared.similarities(new Float32Array(96)).scores[0], 0, 'a zero question is similar to nothing');
  t.equal(threads.stats.givenUp, 0, 'no block was given up on');
}

for (const threadCount of [1, 2]) {
  t.test(`${threadCount} scan thread(s): the same scores, median and best as the serving thread alone`, (t) => sameAsAlone(t, new VectorScanThreads(threadCount), threadCount));
}

t.test('the built scan thread (dist/server/scan-worker.mjs, what `npm start` runs) does the same', (t) =>
  sameAsAlone(t, new VectorScanThreads(1, new URL('../../dist/server/scan-worker.mjs', import.meta.url)), 4),
);

t.test('a thread that claims a block and never reports it: the search scans it after WAIT_MS, and is right', async (t) => {
  const threads = new VectorScanThreads(1, STALLING_WORKER);
  t.teardown(() => threads.close());
  const { entries, questions } = corpus(7);
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  // Until the thread runs, searches claim every block themselves; then it claims one of each search.
  const searches = searchUntil(shared, questions[0]!, () => threads.stats.givenUp > 0, 2_000);
  t.ok(threads.stats.givenUp > 0, `a block was given up on after ${WAIT_MS} ms (after ${searches} searches)`);
  for (const [at, question] of questions.slice(0, 4).entries()) {
    t.same(plain(shared.similarities(question)), plain(alone.similarities(question)), `question ${at}: the same numbers`);
  }
  t.equal(threads.stats.helperBlocks, 0, 'nothing was taken from the thread that never reported');
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

t.test('no threads (a one-core machine): the serving thread scans alone', async (t) => {
  const threads = new VectorScanThreads(0);
  const { entries, questions } = corpus(3);
  const shared = VectorIndex.build(entries, { approximateFrom: 1, threads });
  const alone = VectorIndex.build(entries, { approximateFrom: 1 });
  t.same(plain(shared.similarities(questions[0]!)), plain(alone.similarities(questions[0]!)));
  t.equal(threads.stats.helperBlocks, 0);
  await threads.close();
});

t.test('the number of threads: 0 to MAX_SCAN_THREADS, as the configuration allows', async (t) => {
  for (const bad of [-1, 1.5, MAX_SCAN_THREADS + 1]) t.throws(() => new VectorScanThreads(bad), RangeError, `${bad} threads refused`);
  const config = (value: string) => loadConfig({ file: null, env: { KNOWLEDGE_VECTOR_SCAN_THREADS: value } }).knowledge.vector_scan_threads;
  t.equal(config(String(MAX_SCAN_THREADS)), MAX_SCAN_THREADS, 'the most the scan can tag is allowed');
  t.throws(() => config(String(MAX_SCAN_THREADS + 1)), 'one more is refused at start');
  t.equal(config('0'), 0);
  t.ok([0, 1].includes(loadConfig({ file: null, env: {} }).knowledge.vector_scan_threads), 'the default: one thread with a second core, else none');
});
