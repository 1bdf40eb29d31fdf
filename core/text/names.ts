// Words of a message written as the names of products, brands and services are ("iPhone",
// "PayPal", "DHL"). The analysis lowercases everything, so this reads the message as typed. A
// question that names something the knowledge never mentions ("How do I reset my iPhone
// password?" to a shop whose Q&A says how to reset the account's password) is about that thing:
// the engine offers what it knows (suggestions) instead of answering the general question.
//
// Only inner capitals and all-capital words count. A capital at the start of a word says too little:
// German writes every noun so, and a place ("Do you ship to Portugal?") is usually asked about
// with the general answer in mind ("every country in the European Union").
//
// Linear in the message: one pass over its words, no backtracking pattern.

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** A lower-case letter right before an upper-case one: "iPhone", "PayPal", "McDonald". */
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;
const CAPITAL = /\p{Lu}/gu;
const LOWER = /\p{Ll}/u;

/**
 * The words of `message` written as names, as typed (duplicates removed). In a message typed in
 * capitals ("DO YOU SHIP ABROAD") capitals say nothing: then only inner capitals count.
 */
export function namesIn(message: string): string[] {
  const words = Array.from(message.matchAll(WORD), (match) => match[0]);
  const shouted = words.filter(allCapitals).length;
  const capitalsSayNothing = shouted * 2 > words.length;
  const names = new Set<string>();
  for (const word of words) {
    if (INNER_CAPITAL.test(word) || (!capitalsSayNothing && allCapitals(word))) names.add(word);
  }
  return [...names];
}

/** Two or more letters, all capitals (digits allowed): "DHL", "USB"; not "4K" (one letter), not "I". */
function allCapitals(word: string): boolean {
  return !LOWER.test(word) && (word.match(CAPITAL)?.length ?? 0) >= 2;
}
