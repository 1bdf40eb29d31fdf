// What a reply offers when no answer is sure enough but some knowledge is plausible: up to three
// items, best first, as the visitor would recognise them (a Q&A pair by its question, a passage by
// its document's title and heading), never two that say the same thing.
import { analyzerFor, type Passage, type QaMatch } from '../../../core/index.js';
import type { StoredSuggestion } from '../collections.js';

/** Suggestions offered at most. */
export const MAX_SUGGESTIONS = 3;
/**
 * A suggestion after the first must score at least this share of the first: a distant one is
 * noise. Fitted with the anchors (bench/calibrate.ts).
 */
export const SHARE_OF_BEST = 0.6;
/** Two labels whose analysed words overlap this much (Jaccard) say the same thing: the lower one is dropped. */
const NEAR_DUPLICATE = 0.75;

export interface Candidate extends StoredSuggestion {
  /** As the reply's confidence. */
  score: number;
}

/**
 * The Q&A pairs and passages a reply may suggest, scored as the knowledge index scored them (on
 * the scale every language shares), best first. The best pair leads its runners-up whatever the
 * tie discount took off its confidence.
 */
export function candidatesOf(qa: QaMatch | null, passages: Passage[]): Candidate[] {
  const candidates: Candidate[] = [];
  if (qa) {
    const lead = Math.max(qa.score, qa.others[0]?.score ?? 0);
    candidates.push({ knowledge_id: qa.pair.document_id, question: qa.pair.question, chunk_id: null, score: lead });
    for (const other of qa.others) candidates.push({ knowledge_id: other.pair.document_id, question: other.pair.question, chunk_id: null, score: other.score });
  }
  for (const passage of passages) {
    if (passage.kind !== 'passage') continue;
    candidates.push({ knowledge_id: passage.document_id, question: passageLabel(passage), chunk_id: passage.chunk_id, score: passage.confidence });
  }
  return candidates.sort((a, b) => b.score - a.score);
}

/** Up to MAX_SUGGESTIONS of the candidates when the best reaches `floor`, else none: one per item, no near-duplicates. */
export function suggestionsFrom(candidates: Candidate[], floor: number, language: string, shareOfBest = SHARE_OF_BEST): Candidate[] {
  const best = candidates[0];
  if (!best || best.score < floor) return [];
  const analyzer = analyzerFor(language);
  const chosen: Array<{ candidate: Candidate; terms: Set<string> }> = [];
  for (const candidate of candidates) {
    if (chosen.length === MAX_SUGGESTIONS) break;
    if (candidate.score < best.score * shareOfBest) break;
    if (chosen.some(({ candidate: taken }) => taken.knowledge_id === candidate.knowledge_id)) continue;
    const terms = new Set(analyzer.terms(candidate.question));
    if (chosen.some((taken) => overlap(taken.terms, terms) >= NEAR_DUPLICATE)) continue;
    chosen.push({ candidate, terms });
  }
  return chosen.map(({ candidate }) => candidate);
}

/** A passage as a suggestion names it: its document's title and its own heading ("Brewing guide › Espresso"). */
export function passageLabel(passage: Pick<Passage, 'title' | 'heading_path'>): string {
  const heading = passage.heading_path[passage.heading_path.length - 1];
  const title = passage.title?.trim();
  if (title && heading && heading.trim().toLowerCase() !== title.toLowerCase()) return `${title} › ${heading.trim()}`;
  return title || heading?.trim() || '…';
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}
