// Q&A matching: how well a visitor's message matches each question (and its other phrasings), as
// a 0..1 score. Terms are analysed like the knowledge base (stop words, stems, accents), weighted
// by IDF over the chatbot's own Q&A pairs, and compared by cosine; a word the pairs do not know is
// matched to a known one within one or two edits (typos), at a discount.
import type { KnowledgeRetriever, QaPair } from '../../../core/services/knowledge.js';
import type { TenantScope } from '../../../core/store/types.js';
import { analyzerFor } from '../../../core/text/analysis.js';

export interface QaMatch {
  pair: QaPair;
  /** The phrasing that matched best: the question or one of its alternatives. */
  phrasing: string;
  score: number;
}

/** How much a term reached through a typo counts, by edit distance. */
const TYPO_WEIGHT = [1, 0.8, 0.6];
/** Cached indexes (one per chatbot and language); the least recently used goes first. */
const MAX_CACHED = 200;

interface Phrasing {
  pairIndex: number;
  text: string;
  terms: Set<string>;
  norm: number;
}

export class QaIndex {
  private readonly phrasings: Phrasing[] = [];
  private readonly byTerm = new Map<string, number[]>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly vocabularyByLength = new Map<number, string[]>();

  constructor(
    private readonly pairs: QaPair[],
    private readonly language: string,
  ) {
    const analyzer = analyzerFor(language);
    pairs.forEach((pair, pairIndex) => {
      const pairTerms = new Set<string>();
      for (const text of [pair.question, ...pair.alternatives]) {
        const terms = new Set(analyzer.terms(text));
        if (terms.size === 0) continue;
        for (const term of terms) pairTerms.add(term);
        this.phrasings.push({ pairIndex, text, terms, norm: 0 });
      }
      for (const term of pairTerms) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    });
    this.phrasings.forEach((phrasing, index) => {
      phrasing.norm = Math.sqrt([...phrasing.terms].reduce((sum, term) => sum + this.idf(term) ** 2, 0));
      for (const term of phrasing.terms) {
        const list = this.byTerm.get(term) ?? [];
        list.push(index);
        this.byTerm.set(term, list);
      }
    });
    for (const term of this.documentFrequency.keys()) {
      const list = this.vocabularyByLength.get(term.length) ?? [];
      list.push(term);
      this.vocabularyByLength.set(term.length, list);
    }
  }

  get size(): number {
    return this.pairs.length;
  }

  /** The best match, or null when no question shares a term with the message. */
  match(message: string): QaMatch | null {
    const queryTerms = [...new Set(analyzerFor(this.language).terms(message))];
    if (queryTerms.length === 0 || this.phrasings.length === 0) return null;

    // Each query term stands for the known term it is (weight 1) or is closest to (a typo).
    const resolved = queryTerms.map((term) => this.resolve(term));
    const queryNorm = Math.sqrt(resolved.reduce((sum, r) => sum + (r ? this.idf(r.term) : this.idf(null)) ** 2, 0));

    const dot = new Map<number, number>();
    for (const r of resolved) {
      if (!r) continue;
      const weight = this.idf(r.term) ** 2 * r.weight;
      for (const index of this.byTerm.get(r.term) ?? []) dot.set(index, (dot.get(index) ?? 0) + weight);
    }
    let best: QaMatch | null = null;
    for (const [index, product] of dot) {
      const phrasing = this.phrasings[index]!;
      const score = Math.min(1, product / (queryNorm * phrasing.norm));
      const pair = this.pairs[phrasing.pairIndex]!;
      if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && pair.document_id < best.pair.document_id)) {
        best = { pair, phrasing: phrasing.text, score };
      }
    }
    return best && { ...best, score: Math.round(best.score * 10_000) / 10_000 };
  }

  /** IDF over the pairs; a term no pair holds weighs as if it were in half of one. */
  private idf(term: string | null): number {
    const df = term === null ? 0.5 : (this.documentFrequency.get(term) ?? 0.5);
    return Math.log(1 + this.pairs.length / df);
  }

  private resolve(term: string): { term: string; weight: number } | null {
    if (this.documentFrequency.has(term)) return { term, weight: 1 };
    // Short words have too many neighbours one edit away to guess from.
    const maxDistance = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
    let best: { term: string; distance: number } | null = null;
    for (let length = term.length - maxDistance; length <= term.length + maxDistance; length++) {
      for (const known of this.vocabularyByLength.get(length) ?? []) {
        const distance = editDistance(term, known, maxDistance);
        if (distance > maxDistance) continue;
        // The closest wins; between equals, the more frequent word is the likelier intended one.
        if (
          !best ||
          distance < best.distance ||
          (distance === best.distance && this.documentFrequency.get(known)! > this.documentFrequency.get(best.term)!)
        ) {
          best = { term: known, distance };
        }
      }
    }
    return best && { term: best.term, weight: TYPO_WEIGHT[best.distance]! };
  }
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), giving up as soon
 * as it must exceed `limit` (then it returns limit + 1).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * Q&A indexes per chatbot, rebuilt when the knowledge base's revision changes (one cheap read
 * per message), so a pair added on another instance is matched as soon as it is ready.
 */
export class QaMatcher {
  /** Index builds by key; a build in flight is shared, so a burst of messages builds once. */
  private readonly cache = new Map<string, { revision: string; index: Promise<QaIndex> }>();

  constructor(private readonly knowledge: KnowledgeRetriever) {}

  async indexFor(tenant: TenantScope, chatbotId: string, language: string): Promise<QaIndex> {
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${language}`;
    const revision = await this.knowledge.revision(tenant, chatbotId);
    let entry = this.cache.get(key);
    this.cache.delete(key);
    if (!entry || entry.revision !== revision) {
      const index = this.knowledge.qaPairs(tenant, chatbotId).then((pairs) => new QaIndex(pairs, language));
      entry = { revision, index };
      // A failed build is not kept: the next message tries again.
      index.catch(() => this.cache.get(key) === entry && this.cache.delete(key));
    }
    this.cache.set(key, entry);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return entry.index;
  }
}
