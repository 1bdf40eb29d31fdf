// Vector search alone, in process (issue 31's goal: at most 2 ms p99 at 20,000 passages): one
// question's cosine with every chunk of a chatbot (plugins/knowledge/semantic/vectors.ts), timed
// over many questions, against baselines in the same run: the same index searched exactly (the
// float32 scan in JavaScript that indexes below APPROXIMATE_FROM use), and the bare multiply-add
// loop over one flat Float32Array, the least any exact scan in JavaScript must do. A scan does the
// same work whatever the vectors hold, so random unit vectors time it as real embeddings would. How
// near the int8 scan's results are to the exact ones is printed too (the best 20 chunks, the same
// or not; the typical and the largest difference of a cosine), for random vectors and for skewed
// ones shaped as real embeddings often are (`--shape=skewed`: a direction every vector shares, and
// a few dimensions far larger than the rest, which a scale per vector must stretch over); the
// quality of hybrid retrieval is another bench (bench/quality.ts). The search is timed twice: with
// the scan threads a server runs by default on this machine (`--threads=N` for another number;
// plugins/knowledge/semantic/scan-threads.ts), and with the serving thread scanning alone.
//
//   npx tsx bench/vector-search.ts [--chunks=20000] [--dims=768,1536] [--questions=300] [--shape=random|skewed] [--threads=1]
import os from 'node:os';
import { defaultConfig } from '../config/defaults.js';
import { VectorScanThreads, WAIT_MS } from '../plugins/knowledge/semantic/scan-threads.js';
import { semanticConfidences, VectorIndex } from '../plugins/knowledge/semantic/vectors.js';
import { seededRandom } from '../test/helpers/seeded-random.js';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const CHUNKS = Number(args.chunks ?? 20_000);
const DIMS = (args.dims ?? '384,768,1536').split(',').map(Number);
const QUESTIONS = Number(args.questions ?? 300);
const SHAPE = args.shape ?? 'random';
const THREADS = Number(args.threads ?? defaultConfig().knowledge.vector_scan_threads);
const scanThreads = new VectorScanThreads(THREADS);

/** Seeded numbers in −0.5 … 0.5: the same vectors every run. */
function random(seed: number): () => number {
  const next = seededRandom(seed);
  return () => next() - 0.5;
}

/** A vector of `dims` numbers: random, or skewed (a shared direction, and every 97th dimension eight times the rest). */
function vectorOf(next: () => number, dims: number): Float32Array {
  if (SHAPE === 'random') return Float32Array.from({ length: dims }, next);
  return Float32Array.from({ length: dims }, (_, i) => (next() + 0.35 * Math.sin(i)) * (i % 97 === 0 ? 8 : 1));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

type Timing = { p50: number; p99: number; mean: number };

/**
 * Each run timed QUESTIONS times, the runs taking turns question by question: this VM's speed
 * drifts by tens of percent within minutes, which would favour whichever was timed in a faster
 * stretch (the search with threads and alone are timed so).
 */
function timeTogether(...runs: Array<() => void>): Timing[] {
  for (let i = 0; i < 20; i++) for (const run of runs) run(); // warm-up: compiled before it is timed
  const times = runs.map(() => [] as number[]);
  for (let i = 0; i < QUESTIONS; i++) {
    runs.forEach((run, at) => {
      const started = performance.now();
      run();
      times[at]!.push(performance.now() - started);
    });
  }
  return times.map((each) => {
    each.sort((a, b) => a - b);
    return { p50: percentile(each, 0.5), p99: percentile(each, 0.99), mean: each.reduce((a, b) => a + b, 0) / each.length };
  });
}

const print = (line: string) => process.stdout.write(`${line}\n`);
print(`# vector search, ${CHUNKS} chunks (${SHAPE}), ${QUESTIONS} questions, ${THREADS} scan thread(s); ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`);
print('| dims | search p50 ms | search p99 ms | one thread p50 ms | one thread p99 ms | exact p50 ms | exact p99 ms | bare loop p50 ms | bare loop p99 ms | search / exact (mean) | best 20 as exact | typical cosine error | largest cosine error | index MB |');
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const dims of DIMS) {
  const next = random(dims);
  const entries = Array.from({ length: CHUNKS }, (_, chunk) => ({ chunkId: `chk_${chunk}`, vectors: [vectorOf(next, dims)] }));
  const index = VectorIndex.build(entries, { threads: scanThreads });
  const aloneIndex = VectorIndex.build(entries);
  const exactIndex = VectorIndex.build(entries, { approximateFrom: Infinity });
  const flat = new Float32Array(CHUNKS * dims);
  entries.forEach((entry, chunk) => flat.set(entry.vectors[0]!, chunk * dims));
  const queries = Array.from({ length: 64 }, () => vectorOf(next, dims));
  let q = 0;
  let sink = 0;
  // The exact scan apart: between two of its 60 MB reads, a search would find nothing in the caches.
  const [search, alone] = timeTogether(
    () => (sink += semanticConfidences(index.similarities(queries[q++ % queries.length]!)).size),
    () => (sink += semanticConfidences(aloneIndex.similarities(queries[q++ % queries.length]!)).size),
  ) as [Timing, Timing];
  const [exact] = timeTogether(() => (sink += semanticConfidences(exactIndex.similarities(queries[q++ % queries.length]!)).size)) as [Timing];
  // The int8 scan against the exact one, question by question.
  let sameBest = 0;
  let largestError = 0;
  let squaredErrors = 0;
  for (const query of queries) {
    const fast = index.similarities(query).scores;
    const slow = exactIndex.similarities(query).scores;
    for (let chunk = 0; chunk < slow.length; chunk++) {
      largestError = Math.max(largestError, Math.abs(fast[chunk]! - slow[chunk]!));
      squaredErrors += (fast[chunk]! - slow[chunk]!) ** 2;
    }
    const top = (scores: Float32Array) => [...semanticConfidences({ chunkIds: entries.map((entry) => entry.chunkId), scores }).keys()].join();
    if (top(fast) === top(slow)) sameBest++;
  }
  const [bare] = timeTogether(() => {
    const query = queries[q++ % queries.length]!;
    let best = -Infinity;
    for (let row = 0, offset = 0; row < CHUNKS; row++, offset += dims) {
      let dot = 0;
      for (let i = 0; i < dims; i++) dot += flat[offset + i]! * query[i]!;
      if (dot > best) best = dot;
    }
    sink += best;
  });
  const f = (value: number) => value.toFixed(2);
  print(
    `| ${dims} | ${f(search.p50)} | ${f(search.p99)} | ${f(alone.p50)} | ${f(alone.p99)} | ${f(exact.p50)} | ${f(exact.p99)} | ${f(bare.p50)} | ${f(bare.p99)} | ×${(search.mean / exact.mean).toFixed(3)} | ` +
      `${sameBest}/${queries.length} | ${Math.sqrt(squaredErrors / (CHUNKS * queries.length)).toFixed(4)} | ${largestError.toFixed(4)} | ${(index.bytes / 1_048_576).toFixed(1)} |`,
  );
  if (!index.approximate) print(`(${dims} dims: below APPROXIMATE_FROM, both searches are exact)`);
  if (sink === 42) print(''); // keeps the work from being optimised away
}
print(`scan threads: ${scanThreads.stats.helperBlocks} blocks scanned by them, ${scanThreads.stats.givenUp} given up on after ${WAIT_MS} ms`);
await scanThreads.close();
