// Approximate dot products of one question with every vector of a large index, in WebAssembly SIMD
// over int8 copies of the vectors (int8-dots.wat), and exact ones with the best few. The exact scan
// in JavaScript reads four bytes a number and does one multiply-add at a time (40 ms for 20,000
// vectors of 768 numbers on the workplace VM); this one reads one byte a number and does eight at a
// time (bench/vector-search.ts).
//
// Each vector keeps its own scale (its largest magnitude maps to ±127), so a number is off by at
// most half a step of 1/127 of that; the question is scaled to ±2047. For unit vectors of a few
// hundred dimensions and more, a cosine moves by a few thousandths: enough to rank and to take a
// median, and the best hundred are scored again exactly (VectorIndex.similarities). 4 bits a number
// were tried: the bare scan a fifth faster, but on vectors with a few dimensions far larger than the rest (as
// real embeddings often have) the scale per vector left 15 steps for all the others, and only 10 of
// 64 questions kept their best 20 (bench/RESULTS.md).
import { INT8_DOTS_WASM } from './int8-dots.wasm.js';
import type { VectorScanThreads } from './scan-threads.js';

/** Compiled once; each index instantiates it with a memory of its own (and each scan thread, with the same memory). */
const dotsModule = new WebAssembly.Module(Buffer.from(INT8_DOTS_WASM, 'base64'));

const ROW_RANGE = 127;
/** The question's range: the largest that keeps every sum within i32 up to 8,192 dimensions (the .wat says why). */
const QUERY_RANGE = 2047;
/** Numbers in a block of the scan: 16 bytes, eight 16-bit lanes of two. */
const BLOCK = 16;
const PAGE = 65_536;
/** Buckets of the cosine range (−1 … 1) that a scan counts its cosines in (rankedValues in vectors.ts; the .wat's bucketOf). */
export const COSINE_BUCKETS = 4096;

type Dots = (rows: number, count: number, width: number, query: number, scales: number, back: number, out: number, counts: number) => void;
type Exact = (floats: number, stride: number, query: number, rows: number, count: number, out: number) => void;

const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

/** The byte of a row that holds number `i` (the .wat's block layout: j and 8 + j share lane j). */
function byteOf(i: number): number {
  const inBlock = i % BLOCK;
  // Lane j is bytes 2j (low) and 2j + 1 (high), little-endian.
  return i - inBlock + (inBlock % 8) * 2 + (inBlock >> 3);
}

/**
 * A large index's rows in one WebAssembly memory: int8 copies for the approximate scan of them all,
 * and the float32 rows themselves for the exact scores of the best (`exactDots`, also in SIMD: in
 * JavaScript, the best hundred took as long as the median of all).
 */
export class Int8Rows {
  private readonly dots: Dots;
  private readonly exact: Exact;
  /** Numbers in a row as stored: its own padded with zeros to whole blocks. */
  private readonly padded: number;
  private readonly at: Record<'query' | 'exactQuery' | 'cosines' | 'helperCosines' | 'counts' | 'scales' | 'rowList' | 'exactOut' | 'int8' | 'floats', number>;
  private readonly query: Int16Array;
  private readonly exactQuery: Float64Array;
  private readonly cosines: Float32Array;
  private readonly rowList: Int32Array;
  private readonly exactOut: Float64Array;
  /** Each scan thread's cosines, one area after another (`threads.scan` copies them into `cosines`). */
  private readonly helperCosines: Float32Array;
  /** The bucket counts of the cosines each thread scanned: the serving thread's, then each scan thread's. */
  private readonly counts: Int32Array[];
  private readonly memoryBytes: number;
  /** The number the scan threads know this index's memory by. */
  private readonly scanIndex: number;

  /**
   * `rows`: `count` vectors of `dims` numbers, one after another. `threads`: scan threads to share
   * each scan with (none: the serving thread scans alone). Throws a RangeError when the memory
   * cannot be had.
   */
  constructor(
    rows: Float32Array,
    private readonly count: number,
    private readonly dims: number,
    private readonly threads: VectorScanThreads | null = null,
  ) {
    this.padded = Math.ceil(dims / BLOCK) * BLOCK;
    const sizes = {
      query: this.padded * 2,
      exactQuery: this.padded * 8,
      cosines: count * 4,
      helperCosines: count * 4 * (threads?.threads ?? 0),
      counts: COSINE_BUCKETS * 4 * (1 + (threads?.threads ?? 0)),
      scales: count * 4,
      rowList: count * 4,
      exactOut: count * 8,
      int8: count * this.padded,
      floats: count * this.padded * 4,
    };
    let end = 0;
    const at = {} as Record<keyof typeof sizes, number>;
    for (const [part, size] of Object.entries(sizes) as [keyof typeof sizes, number][]) {
      at[part] = end;
      end = align16(end + size);
    }
    this.at = at;
    // Shared, so that the scan threads read the same rows; sized once (a shared memory's buffer
    // cannot be swapped for a larger one under the views).
    const pages = Math.max(1, Math.ceil(end / PAGE));
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const instance = new WebAssembly.Instance(dotsModule, { env: { memory } });
    this.memoryBytes = memory.buffer.byteLength;
    this.dots = instance.exports.dots as Dots;
    this.exact = instance.exports.exact as Exact;
    const { buffer } = memory;
    this.query = new Int16Array(buffer, at.query, this.padded);
    this.exactQuery = new Float64Array(buffer, at.exactQuery, this.padded);
    this.cosines = new Float32Array(buffer, at.cosines, count);
    this.helperCosines = new Float32Array(buffer, at.helperCosines, count * (threads?.threads ?? 0));
    this.counts = Array.from({ length: 1 + (threads?.threads ?? 0) }, (_, thread) => new Int32Array(buffer, at.counts + thread * COSINE_BUCKETS * 4, COSINE_BUCKETS));
    this.rowList = new Int32Array(buffer, at.rowList, count);
    this.exactOut = new Float64Array(buffer, at.exactOut, count);
    const scales = new Float32Array(buffer, at.scales, count);
    const floats = new Float32Array(buffer, at.floats, count * this.padded);
    const int8 = new Int8Array(buffer, at.int8, count * this.padded);
    const places = Int32Array.from({ length: dims }, (_, i) => byteOf(i));
    for (let row = 0; row < count; row++) {
      const offset = row * dims;
      floats.set(rows.subarray(offset, offset + dims), row * this.padded);
      let largest = 0;
      for (let i = 0; i < dims; i++) largest = Math.max(largest, Math.abs(rows[offset + i]!));
      if (largest === 0) continue; // a zero vector stays zero: its scale 0 makes every dot 0
      scales[row] = largest / ROW_RANGE;
      const scale = ROW_RANGE / largest;
      const at = row * this.padded;
      for (let i = 0; i < dims; i++) int8[at + places[i]!] = Math.round(rows[offset + i]! * scale);
    }
    this.scanIndex = threads ? threads.register(this, dotsModule, memory) : 0;
  }

  get bytes(): number {
    return this.memoryBytes;
  }

  /**
   * Each row's dot product with `query` (of `dims` numbers), approximately, into `out`. Returns how
   * many of them fall in each of COSINE_BUCKETS buckets (counted during the scan, by the thread that
   * scanned each row), or null when that is not known: then the caller counts them itself.
   */
  dotsWith(query: Float32Array, out: Float32Array): Int32Array | null {
    let largest = 0;
    for (let i = 0; i < this.dims; i++) largest = Math.max(largest, Math.abs(query[i]!));
    if (largest === 0) {
      out.fill(0);
      return null;
    }
    const scale = QUERY_RANGE / largest;
    for (let i = 0; i < this.dims; i++) this.query[i] = Math.round(query[i]! * scale);
    const back = largest / QUERY_RANGE;
    const { at, padded, count } = this;
    const [counts, ...threadCounts] = this.counts as [Int32Array, ...Int32Array[]];
    counts.fill(0);
    const scanHere = (first: number, rows: number) =>
      this.dots(at.int8 + first * padded, rows, padded, at.query, at.scales + first * 4, back, at.cosines + first * 4, at.counts);
    let complete = true;
    if (!this.threads) scanHere(0, count);
    else {
      // The rows each thread scanned of this search: their counts are added to the serving thread's.
      const helped = new Int32Array(threadCounts.length);
      complete = this.threads.scan({
        index: this.scanIndex,
        rows: at.int8,
        count,
        width: padded,
        query: at.query,
        scales: at.scales,
        back,
        helperOut: at.helperCosines,
        helperCounts: at.counts + COSINE_BUCKETS * 4,
        buckets: COSINE_BUCKETS,
        scanHere,
        takeFrom: (helper, first, rows) => {
          helped[helper]! += rows;
          this.cosines.set(this.helperCosines.subarray(helper * count + first, helper * count + first + rows), first);
        },
      });
      helped.forEach((rows, helper) => {
        if (!rows) return;
        const theirs = threadCounts[helper]!;
        let counted = 0;
        for (let bucket = 0; bucket < COSINE_BUCKETS; bucket++) {
          counts[bucket]! += theirs[bucket]!;
          counted += theirs[bucket]!;
        }
        // Counts that do not add up to the rows the thread reported hold another search's (a
        // block it finished late): the caller counts in JavaScript instead.
        if (counted !== rows) complete = false;
      });
    }
    out.set(this.cosines);
    return complete ? counts : null;
  }

  /**
   * The exact dot products of `query` with the rows `rows` (at most `count` of them), in that order:
   * the same numbers as VectorIndex's exact dot in JavaScript, to the bit.
   */
  exactDots(query: Float32Array, rows: ArrayLike<number>): Float64Array {
    this.exactQuery.set(query);
    this.rowList.set(rows);
    this.exact(this.at.floats, this.padded * 4, this.at.exactQuery, this.at.rowList, rows.length, this.at.exactOut);
    return this.exactOut.subarray(0, rows.length);
  }
}
