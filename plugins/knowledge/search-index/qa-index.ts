// Q&A matching: how well a visitor's message matches each Q&A pair, as a confidence from 0 to 1
// that means the same whatever the chatbot and its language. It is the geometric mean of two
// shares, both weighted by IDF over the chatbot's whole knowledge:
// - how much of the message the pair holds (its question or an alternative phrasing, and, counting
//   less, its answer): a message with words the knowledge never uses ("pizza", "Australia") is not
//   covered, so an unrelated question that shares one word with a pair stays low;
// - how much of the matched phrasing the message holds: "shipping time" against "shipping cost"
//   leaves half of the phrasing unmatched.
// Words reached through a typo, a synonym or a compound count less than the word itself.
import type { QaCandidate, QaMatch, QaPair } from '../../../core/index.js';
import type { QuerySlot, Vocabulary } from './vocabulary.js';

/** How much a word found only in the answer counts against the same word in the question. */
const ANSWER_FACTOR = 0.6;
/**
 * The score is queryShare^QUERY_EXPONENT × phrasingShare^(1 − QUERY_EXPONENT): what the message
 * asks matters more than words of the phrasing it leaves out ("take" in "how long does it take").
 */
const QUERY_EXPONENT = 0.7;
/** A lead over the runner-up from which the choice counts as clear. */
const CLEAR_MARGIN = 0.2;
/** How much a tie with the runner-up takes off the confidence (less for a partial lead). */
const TIE_DISCOUNT = 0.25;
/** A phrasing matched only through its answer still counts this share of itself. */
const MIN_PHRASING_SHARE = 0.25;
/** Pairs kept besides the best one, for suggestions. */
const OTHERS_KEPT = 4;
/** Bytes estimated for an object, a Map entry or an array beside its contents (V8, 64-bit). */
const OVERHEAD = 48;

/** A pair as the build hands it over: with the analysed terms of its phrasings and of its answer. */
export type AnalysedQaPair = QaPair & { phrasingTerms: string[][]; answerTerms: string[] };

interface Phrasing {
  pairIndex: number;
  text: string;
  /** Sum of the IDF of its terms. */
  weight: number;
}

export class QaIndex {
  private readonly phrasings: Phrasing[] = [];
  private readonly phrasingsByTerm = new Map<string, number[]>();
  private readonly pairsByAnswerTerm = new Map<string, number[]>();
  private readonly phrasingsOfPair: number[][] = [];
  /** The pairs as a match returns them: their analysed terms are dropped once indexed. */
  private readonly pairs: QaPair[];
  /** Approximate bytes held, for the cache's memory budget: the pairs' text, the phrasings and the term maps. */
  readonly bytes: number;

  constructor(
    pairs: AnalysedQaPair[],
    private readonly vocabulary: Vocabulary,
  ) {
    this.pairs = pairs.map(({ document_id, question, alternatives, answer }) => ({ document_id, question, alternatives, answer }));
    pairs.forEach((pair, pairIndex) => {
      this.phrasingsOfPair.push([]);
      pair.phrasingTerms.forEach((terms, i) => {
        const distinct = new Set(terms);
        if (distinct.size === 0) return;
        const index = this.phrasings.length;
        const text = i === 0 ? pair.question : pair.alternatives[i - 1]!;
        let weight = 0;
        for (const term of distinct) {
          weight += vocabulary.idf(term);
          push(this.phrasingsByTerm, term, index);
        }
        this.phrasings.push({ pairIndex, text, weight });
        this.phrasingsOfPair[pairIndex]!.push(index);
      });
      for (const term of new Set(pair.answerTerms)) push(this.pairsByAnswerTerm, term, pairIndex);
    });
    this.bytes = this.estimateBytes();
  }

  /** Strings at two bytes a character; numbers in arrays at eight. */
  private estimateBytes(): number {
    let bytes = this.phrasings.length * OVERHEAD;
    for (const { document_id, question, alternatives, answer } of this.pairs) {
      // The pair, its alternatives array, and each string's header.
      bytes += 2 * (document_id.length + question.length + answer.length) + OVERHEAD * (5 + alternatives.length);
      for (const alternative of alternatives) bytes += 2 * alternative.length;
    }
    for (const indexes of this.phrasingsOfPair) bytes += OVERHEAD + indexes.length * 8;
    for (const map of [this.phrasingsByTerm, this.pairsByAnswerTerm]) {
      for (const [term, indexes] of map) bytes += 2 * term.length + 2 * OVERHEAD + indexes.length * 8;
    }
    return bytes;
  }

  get size(): number {
    return this.pairs.length;
  }

  /** The pair of the item `documentId`, or null. */
  pairOf(documentId: string): QaPair | null {
    const pair = this.pairs.find((candidate) => candidate.document_id === documentId);
    return pair ? { ...pair } : null;
  }

  /** The best pair for the question's slots, or null when none shares a word with it. */
  match(slots: QuerySlot[]): QaMatch | null {
    const totalWeight = slots.reduce((sum, slot) => sum + slot.weight, 0);
    if (totalWeight <= 0 || this.phrasings.length === 0) return null;

    // Per phrasing: the message weight it covers (a word found only in the pair's answer counts
    // ANSWER_FACTOR of itself), and its own weight the message covers.
    const coveredQuery = new Map<number, number>();
    const coveredPhrasing = new Map<number, number>();
    for (const slot of slots) {
      const inPhrasing = new Map<number, { query: number; own: number }>();
      const inAnswer = new Map<number, number>();
      for (const { term, factor } of slot.alternatives) {
        const own = this.vocabulary.idf(term) * factor;
        for (const index of this.phrasingsByTerm.get(term) ?? []) {
          const seen = inPhrasing.get(index);
          if (!seen || slot.weight * factor > seen.query) inPhrasing.set(index, { query: slot.weight * factor, own });
        }
        for (const pairIndex of this.pairsByAnswerTerm.get(term) ?? []) {
          inAnswer.set(pairIndex, Math.max(inAnswer.get(pairIndex) ?? 0, slot.weight * factor * ANSWER_FACTOR));
        }
      }
      const touched = new Set(inPhrasing.keys());
      for (const pairIndex of inAnswer.keys()) for (const index of this.phrasingsOfPair[pairIndex]!) touched.add(index);
      for (const index of touched) {
        const phrasing = inPhrasing.get(index);
        const query = Math.max(phrasing?.query ?? 0, inAnswer.get(this.phrasings[index]!.pairIndex) ?? 0);
        coveredQuery.set(index, (coveredQuery.get(index) ?? 0) + query);
        if (phrasing) coveredPhrasing.set(index, (coveredPhrasing.get(index) ?? 0) + phrasing.own);
      }
    }

    // Each pair is scored by its best phrasing.
    const scores = new Map<number, { score: number; phrasing: string }>();
    for (const [index, query] of coveredQuery) {
      const phrasing = this.phrasings[index]!;
      const queryShare = Math.min(1, query / totalWeight);
      const phrasingShare = Math.min(1, (coveredPhrasing.get(index) ?? 0) / phrasing.weight);
      const score = queryShare ** QUERY_EXPONENT * Math.max(phrasingShare, MIN_PHRASING_SHARE) ** (1 - QUERY_EXPONENT);
      const seen = scores.get(phrasing.pairIndex);
      if (!seen || score > seen.score) scores.set(phrasing.pairIndex, { score, phrasing: phrasing.text });
    }

    let best: { pairIndex: number; score: number; phrasing: string } | null = null;
    let runnerUp = 0;
    for (const [pairIndex, { score, phrasing }] of scores) {
      const pair = this.pairs[pairIndex]!;
      if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && pair.document_id < this.pairs[best.pairIndex]!.document_id)) {
        if (best) runnerUp = Math.max(runnerUp, best.score);
        best = { pairIndex, score, phrasing };
      } else {
        runnerUp = Math.max(runnerUp, score);
      }
    }
    if (!best) return null;
    const { pairIndex, score, phrasing } = best;
    const pair = { ...this.pairs[pairIndex]! };
    // Two pairs matching about as well is a guess between them: the confidence says so.
    const margin = Math.min(1, (score - runnerUp) / CLEAR_MARGIN);
    const confidence = score * (1 - TIE_DISCOUNT * (1 - margin));
    return { pair, phrasing, score: round(confidence), runnerUp: round(runnerUp), others: othersOf(scores, pairIndex, this.pairs) };
  }
}

/** The pairs after the best, best first (ties to the lower id), at most OTHERS_KEPT: what a reply may suggest. */
function othersOf(
  scores: Map<number, { score: number; phrasing: string }>,
  bestIndex: number,
  pairs: QaPair[],
): QaCandidate[] {
  const others: Array<{ pairIndex: number; score: number; phrasing: string }> = [];
  for (const [pairIndex, { score, phrasing }] of scores) {
    if (pairIndex === bestIndex) continue;
    others.push({ pairIndex, score, phrasing });
    // Kept sorted and short while filling: a long message touches every pair, and a full sort would be n log n each time.
    others.sort((a, b) => b.score - a.score || (pairs[a.pairIndex]!.document_id < pairs[b.pairIndex]!.document_id ? -1 : 1));
    if (others.length > OTHERS_KEPT) others.pop();
  }
  return others.map(({ pairIndex, score, phrasing }) => ({ pair: { ...pairs[pairIndex]! }, phrasing, score: round(score) }));
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
