// Edit distance for typo tolerance: how far a visitor's word is from a word the knowledge holds.

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), giving up as soon
 * as it must exceed `limit` (then it returns limit + 1).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (rows[0]!.length < width) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(width * 2);
  // Three rows in rotation: the one before the previous one serves transpositions.
  let previousPrevious = rows[0]!;
  let previous = rows[1]!;
  let current = rows[2]!;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    const spare = previousPrevious;
    previousPrevious = previous;
    previous = current;
    current = spare;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** Rows reused by every call (calls are synchronous); grown for longer words. */
const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
