// Vectors as the store keeps them and as a search reads them. A chunk's vectors are stored as one
// run of little-endian float32 numbers in the store's binary type (a BLOB in SQLite, BinData in
// MongoDB): float32 keeps the model's answer as given, at 4 bytes a number. In memory every vector
// is normalised once, so a cosine is one dot product; a large index also keeps int8 copies for a
// fast approximate scan (int8-scan.ts).
import { COSINE_BUCKETS, Int8Rows } from './int8-scan.js';
import type { VectorScanThreads } from './scan-threads.js';

/**
 * A chunk's vectors as one run of bytes: float32, one vector after another, and their width. A
 * vector of another width than the first is left out (a search would match nothing with it).
 */
export function packVectors(vectors: readonly (readonly number[])[]): { vectors: Buffer; dimensions: number } {
  const dimensions = vectors[0]?.length ?? 0;
  const kept = vectors.filter((vector) => vector.length === dimensions);
  const floats = new Float32Array(kept.length * dimensions);
  kept.forEach((vector, at) => floats.set(vector, at * dimensions));
  return { vectors: Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength), dimensions };
}

/** The vectors of a record as packVectors stored them, or as base64 strings, one a vector (records from before). */
export function unpackVectors(stored: { vectors: Uint8Array | readonly string[]; dimensions?: number }): Float32Array[] {
  if (Array.isArray(stored.vectors)) return stored.vectors.map((encoded) => floatsOf(Buffer.from(encoded as string, 'base64')));
  const floats = floatsOf(stored.vectors as Uint8Array);
  const dimensions = stored.dimensions ?? 0;
  if (dimensions <= 0 || floats.length % dimensions !== 0) return [];
  return Array.from({ length: floats.length / dimensions }, (_, at) => floats.subarray(at * dimensions, (at + 1) * dimensions));
}

/** Bytes read as float32, copied into a buffer of their own: a stored Buffer may start at an offset a Float32Array cannot view. */
function floatsOf(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) return new Float32Array(0);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The vector scaled to length 1 (a zero vector stays zero: it is similar to nothing). */
export function normalised(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const length = Math.sqrt(sum);
  const out = new Float32Array(vector.length);
  if (length > 0) for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / length;
  return out;
}

/**
 * From this many numbers (rows × dimensions) an index also keeps int8 copies of its vectors and
 * scans those (int8-scan.ts): below it the exact scan takes under half a millisecond anyway.
 */
export const APPROXIMATE_FROM = 262_144;

/**
 * With the int8 scan, this many of the best chunks are scored again exactly (in WebAssembly, a few
 * hundredths of a millisecond): five times the SEMANTIC_CANDIDATES a reply can use, so that a chunk
 * the scan put a few thousandths too low still gets its exact score and place (checked against the
 * exact scan by test/plugins/semantic-vectors.test.ts, and by bench/vector-search.ts on 64
 * questions of 20,000 chunks, random and skewed).
 */
export const RESCORED = 100;

/**
 * The embedded chunks of one chatbot under one model, for cosine search: every vector of every
 * chunk (a Q&A pair has one per phrasing) in one flat array, normalised.
 */
export class VectorIndex {
  /** The approximate dot of each row, filled by the int8 scan (reused: a search is synchronous). */
  private readonly rowScores: Float32Array | null;
  /** Whether chunk i is row i for every i (no chunk of several phrasings, none without a vector). */
  private readonly oneRowEach: boolean;

  private constructor(
    readonly dimensions: number,
    /** The chunk of each row; a chunk's rows are consecutive. */
    private readonly rowChunk: Int32Array,
    /** The first row of each chunk, and after the last the row count. */
    private readonly chunkRows: Int32Array,
    private readonly chunkIds: string[],
    /** The rows for the exact scan; empty when the int8 copies' memory holds them (`int8`). */
    private readonly rows: Float32Array,
    private readonly int8: Int8Rows | null,
  ) {
    this.rowScores = int8 ? new Float32Array(rowChunk.length) : null;
    this.oneRowEach = rowChunk.length === chunkIds.length && rowChunk.every((chunk, row) => chunk === row);
  }

  /**
   * `approximateFrom`: the size from which the int8 scan is used (APPROXIMATE_FROM; tests set it).
   * `threads`: the scan threads that share the int8 scan (scan-threads.ts); without, the serving thread scans alone.
   */
  static build(
    entries: ReadonlyArray<{ chunkId: string; vectors: Float32Array[] }>,
    options: { approximateFrom?: number; threads?: VectorScanThreads | null } = {},
  ): VectorIndex {
    const dimensions = entries.find((entry) => entry.vectors.length > 0)?.vectors[0]!.length ?? 0;
    const usable = entries.map((entry) => ({ ...entry, vectors: entry.vectors.filter((vector) => vector.length === dimensions) }));
    const total = usable.reduce((sum, entry) => sum + entry.vectors.length, 0);
    const rows = new Float32Array(total * dimensions);
    const rowChunk = new Int32Array(total);
    const chunkRows = new Int32Array(usable.length + 1);
    const chunkIds: string[] = [];
    let row = 0;
    for (const entry of usable) {
      const chunk = chunkIds.push(entry.chunkId) - 1;
      chunkRows[chunk] = row;
      for (const vector of entry.vectors) {
        rows.set(normalised(vector), row * dimensions);
        rowChunk[row++] = chunk;
      }
    }
    chunkRows[usable.length] = row;
    const int8 = int8Rows(rows, total, dimensions, options.approximateFrom ?? APPROXIMATE_FROM, options.threads ?? null);
    return new VectorIndex(dimensions, rowChunk, chunkRows, chunkIds, int8 ? new Float32Array(0) : rows, int8);
  }

  get chunks(): number {
    return this.chunkIds.length;
  }

  /** Whether searches scan int8 copies (then score the best again exactly). */
  get approximate(): boolean {
    return this.int8 !== null;
  }

  get bytes(): number {
    const int8 = this.int8 ? this.int8.bytes + this.rowScores!.byteLength : 0;
    return this.rows.byteLength + this.rowChunk.byteLength + this.chunkRows.byteLength + this.chunkIds.length * 64 + int8;
  }

  /**
   * Each chunk's best cosine with `query` (over its vectors), in the order of `chunkIds`. A query
   * of another dimension matches nothing (no chunk). Typed arrays, not a map: a map of every chunk
   * per question cost as much as the dot products. With the int8 scan, every cosine is within a
   * few thousandths and the RESCORED best are exact.
   */
  similarities(query: Float32Array): Similarities {
    if (query.length !== this.dimensions || this.dimensions === 0) return { chunkIds: [], scores: new Float32Array(0) };
    const unit = normalised(query);
    const scores = new Float32Array(this.chunkIds.length).fill(-Infinity);
    if (!this.int8) {
      for (let row = 0; row < this.rowChunk.length; row++) {
        const chunk = this.rowChunk[row]!;
        scores[chunk] = Math.max(scores[chunk]!, this.exactDot(row, unit));
      }
      return { chunkIds: this.chunkIds, scores };
    }
    // When every chunk has one row, a row's score is its chunk's; else a chunk takes the best of its
    // rows (none: a chunk whose vectors were all of another size).
    const rowScores = this.oneRowEach ? scores : this.rowScores!;
    const counted = this.int8.dotsWith(unit, rowScores);
    if (!this.oneRowEach) {
      for (let row = 0; row < rowScores.length; row++) {
        const chunk = this.rowChunk[row]!;
        if (rowScores[row]! > scores[chunk]!) scores[chunk] = rowScores[row]!;
      }
    }
    // The median and the best in one reading of the scores: each was a pass over 20,000 of its own.
    // The scan counted the rows' cosines in buckets; they are the chunks' when each chunk has one row.
    const { median: typical, top } = rankedValues(scores, RESCORED, this.oneRowEach ? counted : null);
    const rowsOfTop: number[] = [];
    for (const chunk of top) for (let row = this.chunkRows[chunk]!; row < this.chunkRows[chunk + 1]!; row++) rowsOfTop.push(row);
    const exact = this.int8.exactDots(unit, rowsOfTop);
    for (const chunk of top) scores[chunk] = -Infinity;
    rowsOfTop.forEach((row, at) => {
      const chunk = this.rowChunk[row]!;
      scores[chunk] = Math.max(scores[chunk]!, exact[at]!);
    });
    const best = Array.from(top).sort((a, b) => scores[b]! - scores[a]!);
    return { chunkIds: this.chunkIds, scores, typical, best };
  }

  private exactDot(row: number, unit: Float32Array): number {
    const rows = this.rows;
    const dims = this.dimensions;
    const offset = row * dims;
    // Four sums at a time: each multiply-add need not wait for the one before it (twice as fast).
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let i = 0;
    for (; i + 4 <= dims; i += 4) {
      a += rows[offset + i]! * unit[i]!;
      b += rows[offset + i + 1]! * unit[i + 1]!;
      c += rows[offset + i + 2]! * unit[i + 2]!;
      d += rows[offset + i + 3]! * unit[i + 3]!;
    }
    // The last few into the sums their places give: as the scan in WebAssembly adds them (int8-dots.wat, `exact`).
    if (i < dims) a += rows[offset + i]! * unit[i]!;
    if (i + 1 < dims) b += rows[offset + i + 1]! * unit[i + 1]!;
    if (i + 2 < dims) c += rows[offset + i + 2]! * unit[i + 2]!;
    return a + b + c + d;
  }
}

/** The int8 copies of a large index's rows, or null: a small index, or no memory for them (the exact scan serves). */
function int8Rows(rows: Float32Array, count: number, dims: number, approximateFrom: number, threads: VectorScanThreads | null): Int8Rows | null {
  if (count * dims < approximateFrom || dims === 0) return null;
  try {
    return new Int8Rows(rows, count, dims, threads);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The positions of the `count` highest of `scores` above `floor`, highest first: one pass over them
 * all with the best few kept sorted in a small array, no sort of them all.
 */
export function bestOf(scores: Float32Array, count: number, floor: number): number[] {
  const best: number[] = [];
  // What a score must pass: the floor, and once `count` are kept, the lowest of them.
  let bar = floor;
  for (let at = 0; at < scores.length; at++) {
    const score = scores[at]!;
    if (score <= bar) continue;
    let place = best.length;
    while (place > 0 && scores[best[place - 1]!]! < score) place--;
    best.splice(place, 0, at);
    if (best.length > count) best.pop();
    if (best.length === count) bar = Math.max(floor, scores[best[count - 1]!]!);
  }
  return best;
}

export interface Similarities {
  chunkIds: readonly string[];
  /** The cosine of each chunk of `chunkIds`. */
  scores: Float32Array;
  /**
   * The question's typical cosine with unrelated text (PROBES), for a knowledge base too small to
   * have a typical of its own; 0 when not known.
   */
  baseline?: number;
  /** A large index's median of `scores`, taken in the same reading as `best` (else semanticConfidences takes it). */
  typical?: number;
  /** A large index's best chunks (positions in `chunkIds`), best first, scored exactly: the only ones that can be answers. */
  best?: readonly number[];
}

/**
 * Unrelated sentences, in the languages the analysis covers: how near a question comes to text
 * that has nothing to do with it, under this model. A knowledge base of a few chunks cannot say
 * that itself (its median is one of its answers).
 */
export const PROBES = [
  'The weather tomorrow will be sunny with a light breeze in the afternoon.',
  'The orchestra played a symphony by Beethoven to a full concert hall.',
  'Das Museum zeigt Gemälde aus dem achtzehnten Jahrhundert.',
  'Die Mannschaft gewann das Spiel in der letzten Minute.',
  'Le chat dort au soleil sur le rebord de la fenêtre.',
  'La recette demande trois œufs et un peu de farine.',
  'Munții sunt acoperiți de zăpadă în timpul iernii.',
  'Elevii au învățat despre istoria orașului vechi.',
];

/** Below this many chunks, a knowledge base is too small for its median to say what "unrelated" scores. */
export const MIN_CHUNKS_FOR_BASELINE = 8;

/** The chunks a search looks at, best first: no more can reach the few results a reply uses. */
export const SEMANTIC_CANDIDATES = 20;

/**
 * The best chunks' cosines on the 0..1 scale of the answer bands (at most SEMANTIC_CANDIDATES, with
 * a confidence above 0). A model's cosines have no fixed meaning (unrelated texts score 0.1 with
 * some models, 0.5 with others), so a chunk's similarity is read against the question's typical
 * similarity to this knowledge (the median over its chunks): how far above the typical it is, as a
 * share of the room above it. A knowledge base too small for a median of its own is read against
 * the question's median with unrelated sentences (`baseline`, PROBES) instead.
 */
export function semanticConfidences({ chunkIds, scores, baseline = 0, ...ranked }: Similarities): Map<string, number> {
  const typical = Math.max(0, scores.length >= MIN_CHUNKS_FOR_BASELINE ? (ranked.typical ?? median(scores)) : baseline);
  const best = ranked.best
    ? ranked.best.filter((chunk) => scores[chunk]! > typical).slice(0, SEMANTIC_CANDIDATES)
    : bestOf(scores, SEMANTIC_CANDIDATES, typical);
  const confidences = new Map<string, number>();
  for (const chunk of best) {
    const confidence = typical >= 1 ? 0 : (scores[chunk]! - typical) / (1 - typical);
    confidences.set(chunkIds[chunk]!, Math.round(Math.min(1, Math.max(0, confidence)) * 10_000) / 10_000);
  }
  return confidences;
}

/** The median cosine of `query` with `vectors` (normalised here), 0 without any. */
export function medianCosine(query: Float32Array, vectors: readonly Float32Array[]): number {
  if (vectors.length === 0) return 0;
  const unit = normalised(query);
  const cosines = Float32Array.from(vectors, (vector) => {
    const other = normalised(vector);
    let dot = 0;
    for (let i = 0; i < Math.min(unit.length, other.length); i++) dot += unit[i]! * other[i]!;
    return dot;
  });
  return median(cosines);
}

/** Buckets of the cosine range (−1 … 1) that ranked values are counted in: a few values each on average. */
const BUCKETS = COSINE_BUCKETS;

/** A value's bucket; values outside −1 … 1 (−∞ for a chunk of another size) count in the end buckets. */
function bucketOf(value: number): number {
  if (value >= 1) return BUCKETS - 1;
  if (!(value > -1)) return 0;
  return ((value + 1) * (BUCKETS / 2)) | 0;
}

/** How many of `values` fall in each bucket (rankedValues' first pass; the int8 scan counts as it goes). */
export function bucketCounts(values: Float32Array): Int32Array {
  const counts = new Int32Array(BUCKETS);
  for (let at = 0; at < values.length; at++) counts[bucketOf(values[at]!)]!++;
  return counts;
}

/**
 * The median of `values` (the upper middle of an even count; 0 for none) and the positions of their
 * `count` highest (unordered; of equal values, any), in linear time. One pass counts the values in
 * buckets of the cosine range; the counts tell which bucket holds the middle and which the
 * `count`-th highest; a second pass takes out the middle's bucket and every value from the other
 * bucket up; quickselect finds the median among the first, and the highest are sorted out of the
 * second (a few more than `count`, unless many values are equal). The buckets keep the order, so
 * both answers are exact. Sorting 20,000 cosines took longer than the scan that made them.
 * `counted`: the first pass's counts when the scan that made the values counted them (int8-scan.ts).
 */
export function rankedValues(values: Float32Array, count: number, counted: Int32Array | null = null): { median: number; top: Int32Array } {
  if (values.length === 0) return { median: 0, top: new Int32Array(0) };
  const middle = Math.floor(values.length / 2);
  const counts = counted ?? bucketCounts(values);
  let middleBucket = 0;
  let below = 0;
  while (below + counts[middleBucket]! <= middle) below += counts[middleBucket++]!;
  let topBucket = BUCKETS - 1;
  let above = counts[topBucket]!;
  while (above < count && topBucket > 0) above += counts[--topBucket]!;
  const inMiddle = new Float32Array(counts[middleBucket]!);
  const candidates = new Int32Array(count === 0 ? 0 : above);
  for (let at = 0, kept = 0, taken = 0; at < values.length; at++) {
    const bucket = bucketOf(values[at]!);
    if (bucket === middleBucket) inMiddle[kept++] = values[at]!;
    if (count > 0 && bucket >= topBucket) candidates[taken++] = at;
  }
  const median = select(inMiddle, middle - below);
  if (candidates.length <= count) return { median, top: candidates };
  // The lowest bucket taken may hold more than are needed (all of them, when every value is the same).
  const sorted = Array.from(candidates).sort((a, b) => values[b]! - values[a]!);
  return { median, top: Int32Array.from(sorted.slice(0, count)) };
}

/** The value at the middle of `values` in sorted order (the upper middle of an even count), 0 for none (rankedValues). */
export function median(values: Float32Array): number {
  return rankedValues(values, 0).median;
}

/**
 * The value of rank `rank` in sorted order, found by quickselect in place: random pivots, so no
 * order of the values makes it quadratic, and a three-way partition, so many equal values do not.
 */
function select(values: Float32Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[low + Math.floor(Math.random() * (high - low + 1))]!;
    let lt = low;
    let gt = high;
    let at = low;
    while (at <= gt) {
      const value = values[at]!;
      if (value < pivot) {
        values[at++] = values[lt]!;
        values[lt++] = value;
      } else if (value > pivot) {
        values[at] = values[gt]!;
        values[gt--] = value;
      } else at++;
    }
    if (rank < lt) high = lt - 1;
    else if (rank > gt) low = gt + 1;
    else return pivot;
  }
  return values[rank]!;
}
