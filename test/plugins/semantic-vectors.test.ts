// The vector side of hybrid retrieval in isolation (plugins/knowledge/semantic/vectors.ts): vectors
// stored and read back exactly, a chunk's best phrasing counts, a query of another model's size
// matches nothing, and cosines read against the knowledge's median (or, for a small knowledge base,
// against unrelated sentences) on the answer scale, keeping the best 20.
import t from 'tap';
import { decodeVector, encodeVector, medianCosine, MIN_CHUNKS_FOR_BASELINE, semanticConfidences, SEMANTIC_CANDIDATES, VectorIndex } from '../../plugins/knowledge/semantic/vectors.js';

const unit = (...values: number[]) => Float32Array.from(values);

t.test('vectors survive the store as base64 float32', async (t) => {
  const vector = [0.25, -1.5, 3.125, 0, 1e-7];
  t.same([...decodeVector(encodeVector(vector))], [...Float32Array.from(vector)], 'float32 values back exactly');
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
