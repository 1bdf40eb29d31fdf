// Response-time percentiles that merge: a DDSketch-style sketch (Masson, Rim, Lee, VLDB 2019).
// A value v > 0 goes to the log-spaced bin ceil(log_γ v) with γ = (1 + α) / (1 − α); every value in
// a bin is within a relative error α of the bin's representative 2γ^i / (γ + 1). Bins are plain
// counters, so merging hour buckets into a day or a quarter is adding counts: the error stays α
// whatever is merged, which a mean of hourly percentiles could never promise.
//
// α = 1% (the issue allows 2%): response times from 1 ms to 10 minutes need at most
// log(600000) / log(γ) ≈ 666 bins, and a real hour holds a few dozen distinct ones.

export const SKETCH_RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + SKETCH_RELATIVE_ACCURACY) / (1 - SKETCH_RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

/** A sketch as stored in a bucket: counts by bin index (as object keys), and exact zeros apart. */
export interface SketchData {
  zero: number;
  bins: Record<string, number>;
}

export function emptySketch(): SketchData {
  return { zero: 0, bins: {} };
}

export function sketchAdd(sketch: SketchData, value: number): void {
  if (!(value > 0)) {
    sketch.zero += 1;
    return;
  }
  const index = String(Math.ceil(Math.log(value) / LOG_GAMMA));
  sketch.bins[index] = (sketch.bins[index] ?? 0) + 1;
}

export function sketchMerge(into: SketchData, other: SketchData): void {
  into.zero += other.zero;
  for (const [index, count] of Object.entries(other.bins)) into.bins[index] = (into.bins[index] ?? 0) + count;
}

export function sketchCount(sketch: SketchData): number {
  let total = sketch.zero;
  for (const count of Object.values(sketch.bins)) total += count;
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
  const indices = Object.keys(sketch.bins)
    .map(Number)
    .sort((a, b) => a - b);
  for (const index of indices) {
    seen += sketch.bins[String(index)]!;
    if (seen > rank) return (2 * GAMMA ** index) / (GAMMA + 1);
  }
  /* c8 ignore next */
  return null;
}
