// The words a chatbot's knowledge holds, and how a question's words are read against them: the
// same term, a typo of a known term, the parts of a compound (German "Versandkosten" against
// "Kosten für den Versand", both ways), or a synonym from the language's small table. Each way in
// counts a little less than the term itself, so an exact match always wins.
import { editDistance } from './edit-distance.js';
import { isQuestionWord } from './question-words.js';
import { synonymsOf } from './synonyms.js';

/** A word of the question and the known terms that stand for it, each with how much it counts. */
export interface QuerySlot {
  /** The analysed word as asked. */
  term: string;
  /** How much the word weighs in the question (IDF; an unknown word weighs as the rarest). */
  weight: number;
  /** Known terms that match it: itself (1), a typo's correction, a synonym, a compound. */
  alternatives: Array<{ term: string; factor: number }>;
}

/** How much a term reached another way counts against the term itself. */
const FACTOR = { typo1: 0.8, typo2: 0.6, prefix: 0.75, compound: 0.85, compoundPart: 0.6, synonym: 0.85 } as const;
/** A word and a known term one of which begins the other (stems that disagree: "accept", "accepton"). */
const MIN_PREFIX = 5;
/** Linking elements between the parts of a compound ("Versand-s-kosten", "Rücksend-e-etikett"). */
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];
/** Languages that write compounds as one word. */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'fi']);
/** Parts shorter than this are too easily found inside unrelated words. */
const MIN_PART = 3;
/** How much more a word the knowledge never uses weighs than its rarest term (see idf). */
const UNKNOWN_WEIGHT = 1.5;
/** Typo candidates scanned for one word at most: beyond, the word is taken as unknown. */
const MAX_TYPO_CANDIDATES = 2000;

export class Vocabulary {
  /** Chunks (documents of the IDF) that hold each term. */
  private readonly documentFrequency: Map<string, number>;
  /** Known terms by first letter and length, for typo candidates. */
  private readonly byStart = new Map<string, string[]>();
  /** Compound terms by their parts ("kost" and "versand" → "versandkost"), built for compounding languages. */
  private readonly compoundsByPart = new Map<string, string[]>();

  /** `documentFrequency`: how many of the `documents` chunks hold each term. */
  constructor(
    readonly language: string,
    documentFrequency: Map<string, number>,
    private readonly documents: number,
  ) {
    this.documentFrequency = documentFrequency;
    for (const term of this.documentFrequency.keys()) {
      const key = bucketKey(term[0]!, term.length);
      const list = this.byStart.get(key);
      if (list) list.push(term);
      else this.byStart.set(key, [term]);
    }
    if (COMPOUNDING.has(this.language)) {
      for (const term of this.documentFrequency.keys()) {
        for (const part of this.splitCompound(term) ?? []) {
          const list = this.compoundsByPart.get(part);
          if (list) list.push(term);
          else this.compoundsByPart.set(part, [term]);
        }
      }
    }
  }

  get size(): number {
    return this.documentFrequency.size;
  }

  has(term: string): boolean {
    return this.documentFrequency.has(term);
  }

  frequency(term: string): number {
    return this.documentFrequency.get(term) ?? 0;
  }

  /**
   * BM25's IDF; a word the knowledge never uses weighs UNKNOWN_WEIGHT times the rarest term: it
   * is what most often tells a question the knowledge cannot answer ("reset my iPhone password"
   * against "reset my password").
   */
  idf(term: string | null): number {
    const df = term === null ? 0 : this.frequency(term);
    const idf = Math.log(1 + (this.documents - df + 0.5) / (df + 0.5));
    return df === 0 ? idf * UNKNOWN_WEIGHT : idf;
  }

  /** The question's analysed words (repeats removed) with the known terms each can match. */
  slots(queryTerms: string[]): QuerySlot[] {
    const distinct = [...new Set(queryTerms)];
    const slots: QuerySlot[] = [];
    for (const term of distinct) {
      if (this.has(term)) {
        slots.push({ term, weight: this.idf(term), alternatives: [{ term, factor: 1 }, ...this.related(term)] });
        continue;
      }
      if (isQuestionWord(this.language, term)) continue;
      // An unknown compound made of two known terms is asked as its parts, each half its weight;
      // one made of a known part and an unknown one, as the known part and the rest of the word.
      const parts = COMPOUNDING.has(this.language) ? (this.splitCompound(term) ?? this.splitCompound(term, { oneKnown: true })) : null;
      if (parts) {
        for (const part of parts) {
          const known = this.has(part);
          slots.push({
            term: part,
            weight: (known ? this.idf(part) : this.idf(null)) / 2,
            alternatives: known ? [{ term: part, factor: FACTOR.compound }, ...this.related(part)] : [],
          });
        }
        continue;
      }
      const corrected = this.correct(term);
      const synonyms = this.synonyms(term);
      const alternatives = corrected ? [corrected, ...synonyms] : synonyms;
      const best = alternatives.reduce<string | null>((found, alternative) => found ?? alternative.term, null);
      // A word reached only through another counts with that one's weight; an unknown one as the rarest.
      slots.push({ term, weight: best ? this.idf(best) : this.idf(null), alternatives });
    }
    this.joinCompounds(distinct, slots);
    return slots;
  }

  /** Synonyms, and compounds the term is part of: other known terms that say the same, or more. */
  private related(term: string): Array<{ term: string; factor: number }> {
    const related = this.synonyms(term);
    for (const compound of this.compoundsByPart.get(term) ?? []) related.push({ term: compound, factor: FACTOR.compoundPart });
    return related;
  }

  private synonyms(term: string): Array<{ term: string; factor: number }> {
    return synonymsOf(this.language, term)
      .filter((synonym) => synonym !== term && this.has(synonym))
      .map((synonym) => ({ term: synonym, factor: FACTOR.synonym }));
  }

  /**
   * Two words of the question that the knowledge writes as one compound ("Kosten … Versand" and
   * "versandkost"): both match the compound.
   */
  private joinCompounds(terms: string[], slots: QuerySlot[]): void {
    if (!COMPOUNDING.has(this.language) || terms.length < 2) return;
    for (const first of terms) {
      for (const second of terms) {
        if (first === second) continue;
        for (const link of LINKS) {
          const compound = first + link + second;
          if (!this.has(compound)) continue;
          for (const slot of slots) {
            if ((slot.term === first || slot.term === second) && !slot.alternatives.some((a) => a.term === compound)) {
              slot.alternatives.push({ term: compound, factor: FACTOR.compound });
            }
          }
        }
      }
    }
  }

  /**
   * Two known terms that make `term` (with a linking element between), the longest head first;
   * with `oneKnown`, a known part of 5+ letters and an unknown rest of 4+ ("Rückgabe" + "frist").
   */
  private splitCompound(term: string, options: { oneKnown?: boolean } = {}): [string, string] | null {
    const { oneKnown = false } = options;
    const minPart = oneKnown ? MIN_PART + 1 : MIN_PART;
    if (term.length < minPart * 2) return null;
    for (let at = minPart; at <= term.length - minPart; at++) {
      const head = term.slice(at);
      const headKnown = this.has(head);
      if (!headKnown && !oneKnown) continue;
      const modifier = term.slice(0, at);
      for (const link of LINKS) {
        if (!modifier.endsWith(link)) continue;
        const stem = modifier.slice(0, modifier.length - link.length);
        if (stem.length < minPart || stem === term) continue;
        const stemKnown = this.has(stem);
        if (headKnown && stemKnown) return [stem, head];
        if (oneKnown && (headKnown ? head.length : stem.length) > MIN_PART + 1 && (headKnown || stemKnown)) return [stem, head];
      }
    }
    return null;
  }

  /**
   * The known term closest to an unknown word: one edit for words of 4+ letters, two for 8+, or
   * else a known term that begins with the word or that it begins with (5+ letters shared: stems
   * of one word that came out differently). Candidates share the first letter (people rarely
   * mistype it, and that keeps the scan to a few hundred terms); between equals, the more frequent
   * term wins.
   */
  private correct(term: string): { term: string; factor: number } | null {
    const maxDistance = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
    if (maxDistance === 0) return null;
    let best: { term: string; distance: number } | null = null;
    let prefix: string | null = null;
    const better = (known: string, than: string | undefined) => than === undefined || this.frequency(known) > this.frequency(than);
    let scanned = 0;
    for (let length = term.length - maxDistance; length <= term.length + 4; length++) {
      for (const known of this.byStart.get(bucketKey(term[0]!, length)) ?? []) {
        if (++scanned > MAX_TYPO_CANDIDATES) break;
        if (Math.min(known.length, term.length) >= MIN_PREFIX && (known.startsWith(term) || term.startsWith(known))) {
          if (better(known, prefix ?? undefined)) prefix = known;
        }
        if (length > term.length + maxDistance) continue;
        // A mistyped word is not stemmed like the word it stands for ("chnage" against "chang"):
        // without its last letter it may be one edit closer.
        const limit = best ? Math.min(best.distance, maxDistance) : maxDistance;
        const distance = Math.min(editDistance(term, known, limit), editDistance(term.slice(0, -1), known, limit));
        if (distance > maxDistance) continue;
        if (!best || distance < best.distance || (distance === best.distance && better(known, best.term))) best = { term: known, distance };
      }
    }
    if (best?.distance === 1 || (best && !prefix)) return { term: best.term, factor: best.distance === 1 ? FACTOR.typo1 : FACTOR.typo2 };
    return prefix ? { term: prefix, factor: FACTOR.prefix } : null;
  }
}

function bucketKey(first: string, length: number): string {
  return `${first}${length}`;
}
