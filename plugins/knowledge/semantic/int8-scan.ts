// Approximate dot products of one question with every vector of a large index, in WebAssembly SIMD
// over int8 copies of the vectors (int8-dots.wat). The exact scan in JavaScript reads four bytes a
// number and does one multiply-add at a time (40 ms for 20,000 vectors of 768 numbers on the
// workplace VM); this one reads one byte a number and does eight at a time (bench/vector-search.ts).
//
// Each vector keeps its own scale (its largest magnitude maps to ±127), so a number loses at most
// half a step of 1/127 of that; the question is scaled to ±2047. For unit vectors of a few hundred
// dimensions and more, a dot product moves by a few thousandths: enough to rank, and the best few
// are scored again exactly (VectorIndex.similarities).
import { INT8_DOTS_WASM } from './int8-dots.wasm.js';

/** Compiled once; each index instantiates it with a memory of its own. */
const dotsModule = new WebAssembly.Module(Buffer.from(INT8_DOTS_WASM, 'base64'));

const ROW_RANGE = 127;
/** The question's range: the largest that keeps every sum within i32 up to 8,192 dimensions (the .wat says why). */
const QUERY_RANGE = 2047;
const PAGE = 65_536;

type Dots = (rows: number, count: number, width: number, query: number, out: number) => void;

const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

export class Int8Rows {
  private readonly dots: Dots;
  private readonly width: number;
  private readonly rowsAt: number;
  private readonly outAt: number;
  private readonly query: Int16Array;
  private readonly raw: Int32Array;
  private readonly rowScales: Float32Array;
  private readonly memoryBytes: number;

  /** `rows`: `count` vectors of `dims` numbers, one after another. Throws a RangeError when the memory cannot be had. */
  constructor(rows: Float32Array, private readonly count: number, private readonly dims: number) {
    // A row is padded with zeros to a multiple of 16: the scan reads 16 numbers at a time.
    this.width = align16(dims);
    this.outAt = align16(this.width * 2);
    this.rowsAt = align16(this.outAt + count * 4);
    const instance = new WebAssembly.Instance(dotsModule, {});
    const memory = instance.exports.memory as WebAssembly.Memory;
    const pages = Math.ceil((this.rowsAt + count * this.width) / PAGE);
    if (pages > 1) memory.grow(pages - 1);
    this.memoryBytes = memory.buffer.byteLength;
    this.dots = instance.exports.dots as Dots;
    // Views made after the memory grew: growing detaches the buffer they would have viewed.
    this.query = new Int16Array(memory.buffer, 0, this.width);
    this.raw = new Int32Array(memory.buffer, this.outAt, count);
    this.rowScales = new Float32Array(count);
    const int8 = new Int8Array(memory.buffer, this.rowsAt, count * this.width);
    for (let row = 0; row < count; row++) {
      const offset = row * dims;
      let largest = 0;
      for (let i = 0; i < dims; i++) largest = Math.max(largest, Math.abs(rows[offset + i]!));
      if (largest === 0) continue; // a zero vector stays zero: its scale 0 makes every dot 0
      this.rowScales[row] = largest / ROW_RANGE;
      const scale = ROW_RANGE / largest;
      const at = row * this.width;
      for (let i = 0; i < dims; i++) int8[at + i] = Math.round(rows[offset + i]! * scale);
    }
  }

  get bytes(): number {
    return this.memoryBytes + this.rowScales.byteLength;
  }

  /** Each row's dot product with `query` (of `dims` numbers), approximately, into `out`. */
  dotsWith(query: Float32Array, out: Float32Array): void {
    let largest = 0;
    for (let i = 0; i < this.dims; i++) largest = Math.max(largest, Math.abs(query[i]!));
    if (largest === 0) {
      out.fill(0);
      return;
    }
    const scale = QUERY_RANGE / largest;
    for (let i = 0; i < this.dims; i++) this.query[i] = Math.round(query[i]! * scale);
    this.dots(this.rowsAt, this.count, this.width, 0, this.outAt);
    const back = largest / QUERY_RANGE;
    for (let row = 0; row < this.count; row++) out[row] = this.raw[row]! * this.rowScales[row]! * back;
  }
}
