// The vector side of hybrid retrieval in isolation (plugins/knowledge/semantic/vectors.ts): vectors
// stored and read back exactly, a chunk's best phrasing counts, a query of another model's size
// matches nothing, and cosines read against the knowledge's median (or, for a small knowledge base,
// against unrelated sentences) on the answer scale, keeping the best 20. A large index scans int8
// copies in WebAssembly: its cosines near the exact ones, its best exact, its bytes those of the .wat.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { generateVectorScan, VECTOR_SCAN_FILE } from '../../bin/build/vector-scan.js';
import {
  APPROXIMATE_FROM,
  median,
  medianCosine,
  packVectors,
  rankedValues,
  MIN_CHUNKS_FOR_BASELINE,
  RESCORED,
  semanticConfidences,
  SEMANTIC_CANDIDATES,
  unpackVectors,
  VectorIndex,
} from '../../plugins/knowledge/semantic/vectors.js';
import { seededRandom } from '../helpers/seeded-random.js';

const unit = (...values: number[]) => Float32Array.from(values);

t.test('a chunk’s vectors survive the store as one run of float32 bytes', async (t) => {
  const phrasings = [
    [0.25, -1.5, 3.125, 0, 1e-7],
    [1, 2, 3, 4, 5],
  ];
  const packed = packVectors(phrasings);
  t.equal(packed.dimensions, 5);
  t.equal(packed.vectors.byteLength, 2 * 5 * 4, '4 bytes a number, nothing else');
  // As a store hands bytes back: a Buffer at an offset of a larger allocation, not a multiple of 4.
  const shifted = Buffer.concat([Buffer.from([9]), packed.vectors]).subarray(1);
  t.same(unpackVectors({ vectors: shifted, dimensions: 5 }).map((vector) => [...vector]), phrasings.map((vector) => [...Float32Array.from(vector)]), 'float32 values back exactly');
  t.same(packVectors([[1, 2], [3]]).vectors.byteLength, 8, 'a vector of another width is left out');
  t.same(unpackVectors({ vectors: Buffer.alloc(12), dimensions: 5 }), [], 'bytes that are no whole vectors match nothing');
  t.same(unpackVectors({ vectors: Buffer.alloc(12) }), [], 'nor do bytes without a width');
  // Records stored before the bytes column: an array of base64 strings, one a vector.
  const legacy = phrasings.map((vector) => Buffer.from(Float32Array.from(vector).buffer).toString('base64'));
  t.same(unpackVectors({ vectors: legacy }).map((vector) => [...vector]), phrasings.map((vector) => [...Float32Array.from(vector)]), 'records from before are read too');
});

t.test('a chunk scores its best vector; another dimension matches nothing', async (t) => {
  const index = VectorIndex.build([
    { chunkId: 'pair', vectors: [unit(1, 0, 0), unit(0, 1, 0)] },
    { chunkId: 'passage', vectors: [unit(0, 0, 1)] },
  ]);
  t.equal(index.chunks, 2);
  const { chunkIds, scores } = index.similarities(unit(0, 2, 0));
  t.same(chunkIds, ['pair', 'passage']);
  t.same([...scores], [1, 0], 'the pair’s second phrasing is the question, whatever the lengths');
  t.same(index.similarities(unit(1, 0)).chunkIds, [], 'a query of another model’s size matches no chunk');
  t.same(VectorIndex.build([]).similarities(unit(1)).chunkIds, []);
});

t.test('confidences: read against the median, or the baseline of a small knowledge base', async (t) => {
  // Ten chunks whose cosines with the question are 0.1 … 0.9 and 1: the median (0.6) is typical.
  const many = { chunkIds: Array.from({ length: 10 }, (_, i) => `c${i}`), scores: Float32Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]) };
  const confidences = semanticConfidences(many);
  t.equal(confidences.get('c9'), 1, 'the question itself: 1');
  t.ok(Math.abs(confidences.get('c8')! - 0.75) < 1e-3, `0.9 against a typical 0.6: (0.9 − 0.6) / (1 − 0.6) = 0.75 (${confidences.get('c8')})`);
  t.notOk(confidences.has('c5'), 'at the typical or below: no confidence, not listed');
  t.same([...confidences.keys()], ['c9', 'c8', 'c7', 'c6'], 'best first');

  const few = { chunkIds: ['a', 'b'], scores: Float32Array.from([0.8, 0.55]) };
  t.ok(few.scores.length < MIN_CHUNKS_FOR_BASELINE);
  t.same(semanticConfidences(few).get('a'), 0.8, 'no baseline known: the cosine as it is');
  const against = semanticConfidences({ ...few, baseline: 0.5 });
  t.equal(against.get('a'), 0.6, 'with unrelated text at 0.5: (0.8 − 0.5) / 0.5');
  t.equal(against.get('b'), 0.1);

  const crowd = { chunkIds: Array.from({ length: 100 }, (_, i) => `c${i}`), scores: Float32Array.from({ length: 100 }, (_, i) => i / 100) };
  t.equal(semanticConfidences(crowd).size, SEMANTIC_CANDIDATES, 'at most the best 20');
  t.equal([...semanticConfidences(crowd).keys()][0], 'c99');
});

t.test('the median cosine with a set of vectors', async (t) => {
  t.equal(medianCosine(unit(1, 0), []), 0);
  t.equal(medianCosine(unit(2, 0), [unit(1, 0), unit(0, 1), unit(-1, 0)]), 0, 'of 1, 0 and −1');
});

/** Seeded numbers in −0.5 … 0.5: the same vectors every run. */
function random(seed: number): () => number {
  const next = seededRandom(seed);
  return () => next() - 0.5;
}

t.test('a large index scans int8 copies: cosines within a few thousandths, the best exact to the bit', async (t) => {
  const next = random(31);
  const dims = 202; // not a multiple of 32 (rows are padded) nor of 4 (the exact dot's last sums)
  // 1,500 chunks, some with two phrasings, and a zero vector (similar to nothing).
  const entries = Array.from({ length: 1500 }, (_, chunk) => ({
    chunkId: `chk_${chunk}`,
    vectors: Array.from({ length: chunk % 7 === 0 ? 2 : 1 }, () => Float32Array.from({ length: dims }, next)),
  }));
  entries[3]!.vectors = [new Float32Array(dims)];
  const fast = VectorIndex.build(entries);
  const exact = VectorIndex.build(entries, { approximateFrom: Infinity });
  t.ok(1500 * dims >= APPROXIMATE_FROM && fast.approximate, 'above APPROXIMATE_FROM the int8 scan is used');
  t.notOk(exact.approximate);
  t.ok(fast.bytes > exact.bytes, 'the int8 copies are counted in the index’s bytes');

  let largestError = 0;
  let squaredErrors = 0;
  let compared = 0;
  for (let question = 0; question < 20; question++) {
    // A question near one chunk's phrasing (so the best are well apart from the crowd), or random.
    const near = entries[(question * 97) % entries.length]!.vectors[0]!;
    const query = question % 2 === 0 ? Float32Array.from(near, (value) => value + next() * 0.3) : Float32Array.from({ length: dims }, next);
    const approximate = fast.similarities(query);
    const precise = exact.similarities(query);
    t.same(approximate.chunkIds, precise.chunkIds);
    for (let chunk = 0; chunk < precise.scores.length; chunk++) {
      const error = Math.abs(approximate.scores[chunk]! - precise.scores[chunk]!);
      largestError = Math.max(largestError, error);
      squaredErrors += error * error;
      compared++;
    }
    // The RESCORED best are scored exactly (in WebAssembly, to the bit as in JavaScript), so the confidences a reply uses are the exact ones.
    const best = [...precise.scores.keys()].sort((a, b) => precise.scores[b]! - precise.scores[a]!).slice(0, SEMANTIC_CANDIDATES);
    t.same(best.map((chunk) => approximate.scores[chunk]), best.map((chunk) => precise.scores[chunk]), `question ${question}: the best ${SEMANTIC_CANDIDATES} exact`);
    // The typical cosine (the median) is read from approximate ones: a confidence may move a little.
    const [fastConfidences, exactConfidences] = [semanticConfidences(approximate), semanticConfidences(precise)];
    t.same([...fastConfidences.keys()], [...exactConfidences.keys()], `question ${question}: the same chunks, in the same order`);
    const moved = Math.max(...[...exactConfidences].map(([chunk, confidence]) => Math.abs(fastConfidences.get(chunk)! - confidence)));
    t.ok(moved < 0.005, `question ${question}: each confidence within 0.005 (${moved.toFixed(5)})`);
    t.equal(approximate.scores[3], 0, 'a zero vector scores 0');
  }
  t.ok(largestError > 0, `the scan is approximate below the best (${largestError.toFixed(5)})`);
  // A number of a row is off by up to half a step of 1/127 of the row's largest.
  const typicalError = Math.sqrt(squaredErrors / compared);
  t.ok(typicalError < 0.001, `cosines within 0.001 of the exact ones, typically (root mean square ${typicalError.toFixed(5)})`);
  t.ok(largestError < 0.005, `every cosine within 0.005 of the exact one (${largestError.toFixed(5)})`);
  t.ok(RESCORED >= SEMANTIC_CANDIDATES);
  t.same([...fast.similarities(new Float32Array(dims)).scores.slice(0, 3)], [0, 0, 0], 'a zero question is similar to nothing');
});

t.test('a large index with a chunk of no vector and one of two: each chunk keeps its own score', async (t) => {
  // As many rows as chunks, but not one each: the scan's scores are a row's, not a chunk's.
  const next = random(11);
  const dims = 64;
  const entries = Array.from({ length: 600 }, (_, chunk) => ({ chunkId: `chk_${chunk}`, vectors: [Float32Array.from({ length: dims }, next)] }));
  entries[100]!.vectors = [new Float32Array(dims + 1)]; // of another size than the first: no row
  entries[300]!.vectors.push(Float32Array.from({ length: dims }, next)); // two phrasings
  const fast = VectorIndex.build(entries, { approximateFrom: 1 });
  const exact = VectorIndex.build(entries, { approximateFrom: Infinity });
  t.ok(fast.approximate);
  for (const chunk of [1, 150, 299, 300, 301, 599]) {
    const own = entries[chunk]!.vectors[0]!;
    const [best] = semanticConfidences(fast.similarities(own)).keys();
    t.equal(best, `chk_${chunk}`, `a question equal to chunk ${chunk} finds chunk ${chunk} first`);
    // The same chunks in the same order as the exact scan; a confidence moves a little with the approximate median.
    const [approximate, precise] = [semanticConfidences(fast.similarities(own)), semanticConfidences(exact.similarities(own))];
    t.same([...approximate.keys()], [...precise.keys()], 'the same chunks as the exact scan, in the same order');
    t.ok(Math.max(...[...precise].map(([id, confidence]) => Math.abs(approximate.get(id)! - confidence))) < 0.005, 'each confidence within 0.005');
  }
  t.equal(fast.similarities(entries[1]!.vectors[0]!).scores[100], -Infinity, 'the chunk without a vector scores nothing');
});

t.test('the committed scan is the compiled .wat', async (t) => {
  t.equal(readFileSync(VECTOR_SCAN_FILE, 'utf8'), await generateVectorScan(), 'int8-dots.wasm.ts is current: run `npm run build:vector-scan` after changing int8-dots.wat');
});

t.test('the median is the sorted middle, whatever the order and however many equal values', async (t) => {
  const next = random(7);
  const sortedMiddle = (values: Float32Array) => Float32Array.from(values).sort()[Math.floor(values.length / 2)]!;
  const cases = [
    Float32Array.from([0.5]),
    Float32Array.from([0.2, 0.1]),
    Float32Array.from({ length: 1001 }, next),
    Float32Array.from({ length: 1000 }, next),
    Float32Array.from({ length: 500 }, (_, i) => i / 500), // sorted
    Float32Array.from({ length: 500 }, (_, i) => 1 - i / 500), // reversed
    Float32Array.from({ length: 999 }, (_, i) => (i % 3) / 10), // few distinct values
    new Float32Array(300).fill(0.25),
    Float32Array.from([-Infinity, -Infinity, 0.3, -Infinity]), // chunks of another size score −∞
    Float32Array.from([1.0000001, 0.99999994, 1, -1, -1.0000001, 0.5, 0.5000001]), // at and past the ends of the range
    Float32Array.from({ length: 2000 }, (_, i) => 0.3 + (i % 50) * 1e-6), // all in one bucket
  ];
  t.equal(median(new Float32Array(0)), 0, 'no values: 0');
  for (const values of cases) t.equal(median(values), sortedMiddle(values), `${values.length} values`);

  // The highest, from the same reading: exactly as many as asked (all when fewer), the highest values.
  const highestValues = (values: Float32Array, count: number) => Array.from(values).sort((a, b) => b - a).slice(0, count);
  for (const values of cases) {
    for (const count of [1, 20, 100, 5000]) {
      const { median: middle, top } = rankedValues(values, count);
      t.equal(middle, sortedMiddle(values));
      t.equal(new Set(top).size, Math.min(count, values.length), `${values.length} values, the ${count} highest: as many positions, no position twice`);
      t.same(Array.from(top, (at) => values[at]!).sort((a, b) => b - a), highestValues(values, count), `${values.length} values: the ${count} highest`);
    }
  }
  t.same(rankedValues(new Float32Array(0), 5), { median: 0, top: new Int32Array(0) });
});
