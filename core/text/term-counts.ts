// Maps keyed by words people typed. A plain object would answer "constructor" or "valueOf" from
// Object.prototype (a function, not a count) and take "__proto__" as its prototype, so knowledge
// search and chat answered 500 for those words. Counts are built without a prototype and read
// with own-key semantics, including maps read back from the store (plain JSON objects).

export type TermCounts = Record<string, number>;

/** An empty map for words: no prototype, so every word is an ordinary key. */
export function emptyTermCounts(): TermCounts {
  return Object.create(null) as TermCounts;
}

/** How many times each term occurs. */
export function countTerms(terms: Iterable<string>): TermCounts {
  const counts = emptyTermCounts();
  for (const term of terms) counts[term] = (Object.hasOwn(counts, term) ? counts[term]! : 0) + 1;
  return counts;
}

/** The count of `term` in a stored map: its own numeric entry, else 0. */
export function termCount(counts: TermCounts | null | undefined, term: string): number {
  if (!counts || !Object.hasOwn(counts, term)) return 0;
  const count = counts[term];
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}
