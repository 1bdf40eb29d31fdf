// Response-time percentiles that merge: a DDSketch-style sketch (Masson, Rim, Lee, VLDB 2019).
// A value v > 0 goes to the log-spaced bin ceil(log_γ v) with γ = (1 + α) / (1 − α); every value in
// a bin is within a relative error α of the bin's representative 2γ^i / (γ + 1). Bins are plain
// counters, so merging hour buckets into a day or a quarter is adding counts: the error stays α
// whatever is merged, which a mean of hourly percentiles could never promise.
//
// α = 1% (the issue allows 2%): response times from 1 ms to 10 minutes need at most
// log(600000) / log(γ) ≈ 666 bins, and a real hour holds a few dozen distinct ones. Values are
// clamped to [1 ms, 1e9 ms], so a sketch never spans more than about 1,040 bins.

export const SKETCH_RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + SKETCH_RELATIVE_ACCURACY) / (1 - SKETCH_RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

/**
 * A sketch as stored in a bucket: the count of each bin from bin `offset` on, densely (an array of
 * numbers parses and adds several times faster than an object keyed by bin), and exact zeros apart.
 * Buckets written before this layout hold `bins` (counts keyed by bin index) instead; they are
 * still read.
 */
export interface SketchData {
  zero: number;
  offset: number;
  counts: number[];
  /** The earlier layout (read only). */
  bins?: Record<string, number>;
}

/** Values are milliseconds: kept within [1 ms, about 11.6 days] so the dense range stays small. */
const MIN_VALUE = 1;
const MAX_VALUE = 1e9;

export function emptySketch(): SketchData {
  return { zero: 0, offset: 0, counts: [] };
}

function addToBin(sketch: SketchData, index: number, count: number): void {
  const { counts } = sketch;
  if (counts.length === 0) {
    sketch.offset = index;
    counts.push(count);
    return;
  }
  if (index < sketch.offset) {
    counts.unshift(...new Array<number>(sketch.offset - index).fill(0));
    sketch.offset = index;
  }
  const at = index - sketch.offset;
  while (counts.length <= at) counts.push(0);
  counts[at]! += count;
}

export function sketchAdd(sketch: SketchData, value: number): void {
  if (!(value > 0)) {
    sketch.zero += 1;
    return;
  }
  addToBin(sketch, Math.ceil(Math.log(Math.min(Math.max(value, MIN_VALUE), MAX_VALUE)) / LOG_GAMMA), 1);
}

/** Adds `other`'s counts into `into`; with `sign` -1, takes them away (from a sketch that holds them). */
export function sketchMerge(into: SketchData, other: SketchData, sign: 1 | -1 = 1): void {
  into.zero += sign * other.zero;
  if (other.bins) for (const [index, count] of Object.entries(other.bins)) addToBin(into, Number(index), sign * count);
  const counts = other.counts ?? [];
  if (counts.length === 0) return;
  // Widen once to cover `other`, then add element-wise.
  addToBin(into, other.offset, 0);
  addToBin(into, other.offset + counts.length - 1, 0);
  const shift = other.offset - into.offset;
  for (let i = 0; i < counts.length; i++) into.counts[shift + i]! += sign * counts[i]!;
}

export function sketchCount(sketch: SketchData): number {
  let total = sketch.zero;
  for (const count of sketch.counts) total += count;
  return total;
}

/**
 * The q-quantile (0..1): an estimate within SKETCH_RELATIVE_ACCURACY of the value at rank
 * floor(q·(n − 1)) of the sorted values. Null when the sketch is empty.
 */
export function sketchQuantile(sketch: SketchData, q: number): number | null {
  const total = sketchCount(sketch);
  if (total === 0) return null;
  const rank = Math.floor(q * (total - 1));
  if (rank < sketch.zero) return 0;
  let seen = sketch.zero;
  for (let i = 0; i < sketch.counts.length; i++) {
    seen += sketch.counts[i]!;
    if (seen > rank) return (2 * GAMMA ** (sketch.offset + i)) / (GAMMA + 1);
  }
  /* c8 ignore next */
  return null;
}
