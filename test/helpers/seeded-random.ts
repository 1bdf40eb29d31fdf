// A deterministic random generator (mulberry32): the same numbers on every run from the same seed,
// for tests and benchmarks whose inputs must not change between runs.

/** Numbers in 0 … 1 (1 excluded), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
