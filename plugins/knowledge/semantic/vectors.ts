// Vectors as the store keeps them and as a search reads them. Stored as base64 of little-endian
// float32 inside the chunk's embedding record: the repository interface is JSON documents on both
// stores, so a vector is text there (4/3 of its bytes); float32 keeps the model's answer as given.
// In memory every vector is normalised once, so a cosine is one dot product; a large index also
// keeps int8 copies for a fast approximate scan (int8-scan.ts).
import { Int8Rows } from './int8-scan.js';

export function encodeVector(vector: readonly number[]): string {
  const floats = Float32Array.from(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

export function decodeVector(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  // Copied into its own buffer: a Buffer's bytes may start at an offset a Float32Array cannot view.
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

/** With the int8 scan, this many of the best chunks are scored again exactly. */
export const RESCORED = 40;

/**
 * The embedded chunks of one chatbot under one model, for cosine search: every vector of every
 * chunk (a Q&A pair has one per phrasing) in one flat array, normalised.
 */
export class VectorIndex {
  /** The approximate dot of each row, filled by the int8 scan (reused: a search is synchronous). */
  private readonly rowScores: Float32Array | null;

  private constructor(
    readonly dimensions: number,
    /** The chunk of each row; a chunk's rows are consecutive. */
    private readonly rowChunk: Int32Array,
    /** The first row of each chunk, and after the last the row count. */
    private readonly chunkRows: Int32Array,
    private readonly chunkIds: string[],
    private readonly rows: Float32Array,
    private readonly int8: Int8Rows | null,
  ) {
    this.rowScores = int8 ? new Float32Array(rowChunk.length) : null;
  }

  /** `approximateFrom`: the size from which the int8 scan is used (APPROXIMATE_FROM; tests set it). */
  static build(entries: ReadonlyArray<{ chunkId: string; vectors: Float32Array[] }>, options: { approximateFrom?: number } = {}): VectorIndex {
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
    return new VectorIndex(dimensions, rowChunk, chunkRows, chunkIds, rows, int8Rows(rows, total, dimensions, options.approximateFrom ?? APPROXIMATE_FROM));
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
    const rowScores = this.rowScores!;
    this.int8.dotsWith(unit, rowScores);
    for (let row = 0; row < rowScores.length; row++) {
      const chunk = this.rowChunk[row]!;
      if (rowScores[row]! > scores[chunk]!) scores[chunk] = rowScores[row]!;
    }
    for (const chunk of bestOf(scores, RESCORED, -Infinity)) {
      let best = -Infinity;
      for (let row = this.chunkRows[chunk]!; row < this.chunkRows[chunk + 1]!; row++) best = Math.max(best, this.exactDot(row, unit));
      scores[chunk] = best;
    }
    return { chunkIds: this.chunkIds, scores };
  }

  private exactDot(row: number, unit: Float32Array): number {
    const rows = this.rows;
    const dims = this.dimensions;
    const offset = row * dims;
    let dot = 0;
    for (let i = 0; i < dims; i++) dot += rows[offset + i]! * unit[i]!;
    return dot;
  }
}

/** Int8 copies of a large index's rows, or null: a small index, or no memory for them (the exact scan serves). */
function int8Rows(rows: Float32Array, count: number, dims: number, approximateFrom: number): Int8Rows | null {
  if (count * dims < approximateFrom || dims === 0) return null;
  try {
    return new Int8Rows(rows, count, dims);
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
export function semanticConfidences({ chunkIds, scores, baseline = 0 }: Similarities): Map<string, number> {
  const typical = Math.max(0, scores.length >= MIN_CHUNKS_FOR_BASELINE ? median(scores) : baseline);
  const confidences = new Map<string, number>();
  for (const chunk of bestOf(scores, SEMANTIC_CANDIDATES, typical)) {
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

/** Buckets of the median's first pass over cosines (−1 … 1): a few values each on average. */
const MEDIAN_BUCKETS = 4096;

/**
 * The value at the middle of `values` in sorted order (the upper middle of an even count), in
 * linear time: one pass counts the values in buckets of the cosine range, a second takes out those
 * of the bucket that holds the middle, and quickselect finds it among them. Sorting 20,000 cosines
 * took longer than the scan that made them. Values outside −1 … 1 (−∞ for a chunk of another size)
 * count in the end buckets; the buckets keep the order, so the answer is exact. 0 for no values.
 */
export function median(values: Float32Array): number {
  if (values.length === 0) return 0;
  const middle = Math.floor(values.length / 2);
  const bucketOf = (value: number) => Math.min(MEDIAN_BUCKETS - 1, Math.max(0, Math.floor(((value + 1) / 2) * MEDIAN_BUCKETS)));
  const counts = new Int32Array(MEDIAN_BUCKETS);
  for (let at = 0; at < values.length; at++) counts[bucketOf(values[at]!)]!++;
  let bucket = 0;
  let before = 0;
  while (before + counts[bucket]! <= middle) before += counts[bucket++]!;
  const inBucket = new Float32Array(counts[bucket]!);
  for (let at = 0, kept = 0; at < values.length; at++) if (bucketOf(values[at]!) === bucket) inBucket[kept++] = values[at]!;
  return select(inBucket, middle - before);
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
