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
const FACTOR = { typo1: 0.8, typo2: 0.6, prefix: 0.75, compound: 0.85, compoundPart: 0.6, synonym: 0.85, derived: 0.75 } as const;
/** A word and a known term one of which begins the other (stems that disagree: "accept", "accepton"). */
const MIN_PREFIX = 5;
/** Linking elements between the parts of a compound ("Versand-s-kosten", "Rücksend-e-etikett"). */
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];
/** Languages that write compounds as one word. */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'fi']);
/** Parts shorter than this are too easily found inside unrelated words. */
const MIN_PART = 3;
/**
 * Other languages write compounds apart, but people run them together ("giftcard", "beansclub"):
 * an unknown word made of two known terms is asked as them. Only with longer parts, since such
 * a word is rarely a compound at all ("format" is no "for" + "mat").
 */
const MIN_RUN_TOGETHER_PART = 4;
const RUN_TOGETHER_LINKS = ['', 's'];
/**
 * Endings the stemmer leaves on one form of a word and not on another of the same family: the
 * noun and the verb ("liefer-ung"/"lief-ern" → "liefer"/"lief", "livr-aison"/"livr-er",
 * "livr-at"/"livr-are", "deliv-eri"/"deliv-er"). A term and the same term less one of these (or
 * less one last letter, a verb's stem letter: "retourn"/"retour", "return"/"retur") meet.
 */
const DERIVATIONAL_ENDINGS: Record<string, string[]> = {
  en: ['eri', 'ment', 'ion', 'ing', 'al', 'ness'],
  de: ['ung', 'er', 'en', 'et', 'ig', 'lich', 'heit', 'keit', 'bar'],
  fr: ['aison', 'ation', 'ition', 'ement', 'ment', 'age', 'ure', 'eur'],
  ro: ['are', 'ire', 'ere', 'at', 'it', 'ut', 'et', 'ar', 'tor', 'ment', 'ul'],
};
/** A root shorter than this is shared by unrelated words ("pai", "and"). */
const MIN_ROOT = 4;
/** Derived terms one root leads to at most: a common root's family counts, not every word that starts like it. */
const MAX_DERIVED = 8;
/** How much more a word the knowledge never uses weighs than its rarest term (see idf). */
const UNKNOWN_WEIGHT = 1.5;
/** Typo candidates scanned for one word at most: beyond, the word is taken as unknown. */
const MAX_TYPO_CANDIDATES = 2000;
/** A mistyped word is not stemmed: an ending of up to this many letters may be left on it. */
const MAX_UNSTEMMED_ENDING = 4;
/** Words shorter than this are not read as a mistyped stem plus an ending. */
const MIN_STEM_TYPO_WORD = 10;
/**
 * Distinct words one reading of a message considers at most. A question is a few words (the
 * longest of the answer-quality sets has 27); a message past 64 is a story or a paste, and each
 * word costs a typo scan, a compound split and a walk of its postings, in the Q&A match and in the
 * passage search, for each of up to 24 readings. The heaviest are kept: by IDF they decide both
 * scores, and the lightest left out change a score least (unknown words weigh the most, so an
 * unrelated story stays unrelated).
 */
const MAX_READING_TERMS = 64;
/**
 * Two words are tried as one compound only when at most this many words apart in the reading:
 * the words of a split compound are asked near each other ("Kosten für den Versand"), and trying
 * every pair is quadratic (a 1,000-word message, a million pairs). A question of up to 9 words
 * still tries every pair.
 */
const COMPOUND_WINDOW = 8;
/**
 * Typo candidates scanned for one message at most, over all its words and readings: five words at
 * MAX_TYPO_CANDIDATES each (each candidate costs up to two edit distances). A message with more
 * unknown words than that is rarely a typo; its remaining unknown words are taken as unknown.
 */
const MAX_MESSAGE_TYPO_CANDIDATES = 10_000;

/**
 * What the readings of one message share (the whole message, its sentences, pairs of them: see
 * KnowledgeIndex.questionsIn): each word's slots and each pair's compounds are worked out once,
 * and typo scans draw on one budget.
 */
export interface MessageMemo {
  readonly words: Map<string, QuerySlot[]>;
  /** "first second" → the known compounds the two make, in that order. */
  readonly joined: Map<string, string[]>;
  /** Typo candidates the message may still scan. */
  typoCandidates: number;
}

/** Work done reading questions, counted (not timed) so tests can bound it. */
export interface VocabularyCounters {
  /** Known terms compared with an unknown word as typo candidates. */
  typoCandidates: number;
  editDistances: number;
  /** Pairs of a question's words tried as a compound. */
  compoundPairs: number;
}

export class Vocabulary {
  /** Chunks (documents of the IDF) that hold each term. */
  private readonly documentFrequency: Map<string, number>;
  /** Known terms by first letter and length, for typo candidates. */
  private readonly byStart = new Map<string, string[]>();
  /** Compound terms by their parts ("kost" and "versand" → "versandkost"), built for compounding languages. */
  private readonly compoundsByPart = new Map<string, string[]>();
  /** Known terms by their roots ("liefer" and "lief" → "liefer"): see DERIVATIONAL_ENDINGS. */
  private readonly derivedByRoot = new Map<string, string[]>();
  readonly counters: VocabularyCounters = { typoCandidates: 0, editDistances: 0, compoundPairs: 0 };

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
    for (const term of this.documentFrequency.keys()) {
      for (const root of this.rootsOf(term)) {
        const list = this.derivedByRoot.get(root);
        if (!list) this.derivedByRoot.set(root, [term]);
        else if (list.length < MAX_DERIVED) list.push(term);
      }
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

  /** Linking elements this language puts between a compound's parts: a plural "s" at most where compounds are written apart ("beans club"). */
  private get links(): readonly string[] {
    return COMPOUNDING.has(this.language) ? LINKS : RUN_TOGETHER_LINKS;
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

  /** Approximate bytes held, for the cache's memory budget (the term strings are counted with the postings). */
  get bytes(): number {
    let bytes = this.size * 120;
    for (const [part, compounds] of this.compoundsByPart) bytes += part.length * 2 + 64 + compounds.length * 8;
    for (const [root, derived] of this.derivedByRoot) bytes += root.length * 2 + 64 + derived.length * 8;
    return bytes;
  }

  /** What the readings of a new message will share. */
  message(): MessageMemo {
    return { words: new Map(), joined: new Map(), typoCandidates: MAX_MESSAGE_TYPO_CANDIDATES };
  }

  /**
   * The question's analysed words (repeats removed, at most MAX_READING_TERMS) with the known terms
   * each can match. Pass every reading of one message the same `message` (see MessageMemo).
   */
  slots(queryTerms: string[], message: MessageMemo = this.message()): QuerySlot[] {
    const terms = this.considered(queryTerms);
    const slots: QuerySlot[] = [];
    for (const term of terms) {
      // Copies: joinCompounds adds to a reading's alternatives, and the message keeps the originals.
      for (const slot of this.wordSlots(term, message)) slots.push({ ...slot, alternatives: [...slot.alternatives] });
    }
    this.joinCompounds(terms, slots, message);
    return slots;
  }

  /**
   * The reading's distinct words, question words and numbers the knowledge does not use left out
   * (a number is a value asked about, "frame size for 185 cm", not a topic the knowledge lacks), at most MAX_READING_TERMS, in message order. */
  private considered(queryTerms: string[]): string[] {
    const terms = [...new Set(queryTerms)].filter((term) => this.has(term) || !(isQuestionWord(this.language, term) || isNumber(term)));
    if (terms.length <= MAX_READING_TERMS) return terms;
    const weight = (term: string) => this.idf(this.has(term) ? term : null);
    // A stable sort: between words of equal weight, the earlier ones are kept.
    const kept = new Set([...terms].sort((a, b) => weight(b) - weight(a)).slice(0, MAX_READING_TERMS));
    return terms.filter((term) => kept.has(term));
  }

  /** The slots one word of the question stands for, worked out once per message. */
  private wordSlots(term: string, message: MessageMemo): QuerySlot[] {
    let slots = message.words.get(term);
    if (!slots) message.words.set(term, (slots = this.slotsOf(term, message)));
    return slots;
  }

  private slotsOf(term: string, message: MessageMemo): QuerySlot[] {
    if (this.has(term)) return [{ term, weight: this.idf(term), alternatives: [{ term, factor: 1 }, ...this.related(term)] }];
    const respelled = this.withUmlauts(term);
    if (respelled !== term) return this.slotsOf(respelled, message);
    // An unknown compound made of two known terms is asked as its parts, each half its weight;
    // one made of a known part and an unknown one, as the known part and the rest of the word,
    // which is read as any unknown word (a typo, a derived form, a compound of its own:
    // "Laden-öffnungszeiten" → "Laden" + "Öffnung" (as "geöffnet") + "Zeiten").
    const parts = COMPOUNDING.has(this.language) ? (this.splitCompound(term) ?? this.splitCompound(term, { oneKnown: true })) : this.splitCompound(term);
    if (parts) {
      return parts.flatMap((part) => {
        if (!this.has(part)) return this.slotsOf(part, message).map((slot) => ({ ...slot, weight: slot.weight / 2 }));
        return [{ term: part, weight: this.idf(part) / 2, alternatives: [{ term: part, factor: FACTOR.compound }, ...this.related(part)] }];
      });
    }
    const corrected = this.correct(term, message);
    const related = [...this.synonyms(term), ...this.derived(term)];
    const alternatives = strongestOnce(corrected ? [corrected, ...related] : related);
    const best = alternatives.reduce<string | null>((found, alternative) => found ?? alternative.term, null);
    // A word reached only through another counts with that one's weight; an unknown one as the rarest.
    return [{ term, weight: best ? this.idf(best) : this.idf(null), alternatives }];
  }

  /** Synonyms, words of the same family, and compounds the term is part of: other known terms that say the same, or more. */
  private related(term: string): Array<{ term: string; factor: number }> {
    const related = [...this.synonyms(term), ...this.derived(term)];
    for (const compound of this.compoundsByPart.get(term) ?? []) related.push({ term: compound, factor: FACTOR.compoundPart });
    return strongestOnce(related);
  }

  /**
   * German typed without umlauts spells them ae, oe, ue ("Oeffnungszeiten", "frueh"), which
   * the folding of the analysis turns into a, o, u ("offnungszeit"): an unknown term is read
   * that way ("ue" after "q" is no umlaut: "Quelle").
   */
  private withUmlauts(term: string): string {
    return this.language === 'de' ? term.replace(/ae|oe|(?<!q)ue/g, (pair) => pair[0]!) : term;
  }

  /** Known terms of the term's family: the same root less a derivational ending (DERIVATIONAL_ENDINGS). */
  private derived(term: string): Array<{ term: string; factor: number }> {
    const found = new Set<string>();
    for (const root of [term, ...this.rootsOf(term)]) {
      if (root !== term && this.has(root)) found.add(root);
      for (const derived of this.derivedByRoot.get(root) ?? []) if (derived !== term) found.add(derived);
    }
    return [...found].map((derived) => ({ term: derived, factor: FACTOR.derived }));
  }

  private hasDerivationalEnding(term: string): boolean {
    return (DERIVATIONAL_ENDINGS[this.language] ?? []).some((ending) => term.length - ending.length >= MIN_ROOT && term.endsWith(ending));
  }

  /**
   * The term less each derivational ending it has, or less its last letter, leaving at least
   * MIN_ROOT letters; a German participle also less its "ge" ("geoffnet" → "offn", as "offnen").
   */
  private rootsOf(term: string): string[] {
    const roots: string[] = [];
    const add = (root: string) => {
      if (root.length < MIN_ROOT) return;
      roots.push(root);
      if (this.language === 'de' && root.startsWith('ge') && root.length - 2 >= MIN_ROOT && /e?t$/.test(term)) roots.push(root.slice(2));
    };
    add(term.slice(0, -1));
    for (const ending of DERIVATIONAL_ENDINGS[this.language] ?? []) {
      if (ending.length > 1 && term.endsWith(ending)) add(term.slice(0, -ending.length));
    }
    return roots;
  }

  private synonyms(term: string): Array<{ term: string; factor: number }> {
    return synonymsOf(this.language, term)
      .filter((synonym) => synonym !== term && this.has(synonym))
      .map((synonym) => ({ term: synonym, factor: FACTOR.synonym }));
  }

  /**
   * Two words of the question that the knowledge writes as one compound ("Kosten … Versand" and
   * "versandkost"): both match the compound. Only words at most COMPOUND_WINDOW apart are tried.
   */
  private joinCompounds(terms: string[], slots: QuerySlot[], message: MessageMemo): void {
    if (!COMPOUNDING.has(this.language) || terms.length < 2) return;
    for (let i = 0; i < terms.length; i++) {
      const first = terms[i]!;
      for (let j = Math.max(0, i - COMPOUND_WINDOW); j <= Math.min(terms.length - 1, i + COMPOUND_WINDOW); j++) {
        if (j === i) continue;
        const second = terms[j]!;
        for (const compound of this.compoundsOf(first, second, message)) {
          for (const slot of slots) {
            if ((slot.term === first || slot.term === second) && !slot.alternatives.some((a) => a.term === compound)) {
              slot.alternatives.push({ term: compound, factor: FACTOR.compound });
            }
          }
        }
      }
    }
  }

  /** The known compounds `first` and `second` make in that order, with each linking element; once per message. */
  private compoundsOf(first: string, second: string, message: MessageMemo): string[] {
    const key = `${first} ${second}`;
    let compounds = message.joined.get(key);
    if (compounds) return compounds;
    this.counters.compoundPairs++;
    compounds = [];
    for (const link of this.links) {
      const compound = first + link + second;
      if (this.has(compound)) compounds.push(compound);
    }
    message.joined.set(key, compounds);
    return compounds;
  }

  /**
   * Two known terms that make `term` (with a linking element between), the longest head first;
   * with `oneKnown`, a known part of 5+ letters and an unknown rest of 4+ ("Rückgabe" + "frist").
   */
  private splitCompound(term: string, options: { oneKnown?: boolean } = {}): [string, string] | null {
    const { oneKnown = false } = options;
    const minPart = !COMPOUNDING.has(this.language) ? MIN_RUN_TOGETHER_PART : oneKnown ? MIN_PART + 1 : MIN_PART;
    if (term.length < minPart * 2) return null;
    for (let at = minPart; at <= term.length - minPart; at++) {
      const head = term.slice(at);
      const headKnown = this.has(head);
      if (!headKnown && !oneKnown) continue;
      const modifier = term.slice(0, at);
      for (const link of this.links) {
        if (!modifier.endsWith(link)) continue;
        const stem = modifier.slice(0, modifier.length - link.length);
        if (stem.length < minPart || stem === term) continue;
        const stemKnown = this.has(stem);
        if (headKnown && stemKnown) return [stem, head];
        // A modifier that is a known word's derived form counts as known ("Öffnung-s-zeiten", "geöffnet").
        const stemDerived = oneKnown && !headKnown && !stemKnown && this.hasDerivationalEnding(stem) && this.derived(stem).length > 0;
        if (oneKnown && (headKnown ? head.length : stem.length) > MIN_PART + 1 && (headKnown || stemKnown || stemDerived)) return [stem, head];
      }
    }
    return null;
  }

  /**
   * The known term that is the word with one of its letters doubled: the commonest typo, and the
   * one left to short words, too short for an edit ("mesen" for "messen": "mes" and "mess").
   * A lookup per letter, no scan.
   */
  private withDoubledLetter(term: string): string | null {
    for (let at = 0; at < term.length; at++) {
      if (!/\p{L}/u.test(term[at]!)) continue;
      const doubled = term.slice(0, at + 1) + term.slice(at);
      if (this.has(doubled)) return doubled;
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
  private correct(term: string, message: MessageMemo): { term: string; factor: number } | null {
    const undoubled = this.withDoubledLetter(term);
    if (undoubled) return { term: undoubled, factor: FACTOR.typo1 };
    const maxDistance = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
    if (maxDistance === 0) return null;
    let best: { term: string; distance: number; whole: boolean } | null = null;
    let prefix: string | null = null;
    const better = (known: string, than: string | undefined) => than === undefined || this.frequency(known) > this.frequency(than);
    // A mistyped word is not stemmed like the word it stands for ("chnage" against "chang"):
    // without its last letter it may be one edit closer.
    const shortened = term.slice(0, -1);
    let scanned = 0;
    let stemTypo: string | null = null;
    scan: for (let length = term.length - Math.max(maxDistance, term.length >= MIN_STEM_TYPO_WORD ? MAX_UNSTEMMED_ENDING : 0); length <= term.length + 4; length++) {
      for (const known of this.byStart.get(bucketKey(term[0]!, length)) ?? []) {
        if (scanned >= MAX_TYPO_CANDIDATES || message.typoCandidates <= 0) break scan;
        scanned++;
        message.typoCandidates--;
        this.counters.typoCandidates++;
        if (Math.min(known.length, term.length) >= MIN_PREFIX && (known.startsWith(term) || term.startsWith(known))) {
          if (better(known, prefix ?? undefined)) prefix = known;
        }
        if (length > term.length + maxDistance) continue;
        if (length < term.length - maxDistance) {
          // A known stem the word begins with, one typo in it, an ending the stemmer left on the mistyped word ("subscritpion" → "subscrip").
          this.counters.editDistances++;
          if (length >= MIN_PREFIX + 1 && editDistance(term.slice(0, length), known, 1) <= 1 && better(known, stemTypo ?? undefined)) stemTypo = known;
          continue;
        }
        const limit = best ? Math.min(best.distance, maxDistance) : maxDistance;
        this.counters.editDistances += 2;
        const wholeDistance = editDistance(term, known, limit);
        const distance = Math.min(wholeDistance, editDistance(shortened, known, limit));
        if (distance > maxDistance) continue;
        // Between equals, a term the whole word is that close to beats one only its shortened form
        // is ("shpo": "shop" by a transposition, not "ship" through "shp").
        const whole = wholeDistance === distance;
        if (!best || distance < best.distance || (distance === best.distance && (whole > best.whole || (whole === best.whole && better(known, best.term))))) {
          best = { term: known, distance, whole };
        }
      }
    }
    // Distance 0 is the word less a last letter ("shipz" → "ship"): one edit, as strong as any.
    const oneEdit = best !== null && best.distance <= 1;
    if (best && (oneEdit || !prefix)) return { term: best.term, factor: oneEdit ? FACTOR.typo1 : FACTOR.typo2 };
    if (prefix) return { term: prefix, factor: FACTOR.prefix };
    return stemTypo ? { term: stemTypo, factor: FACTOR.typo2 } : null;
  }
}

/** Each term once, at the highest factor it is reached with, in the order first reached. */
function strongestOnce(alternatives: Array<{ term: string; factor: number }>): Array<{ term: string; factor: number }> {
  const strongest = new Map<string, number>();
  for (const { term, factor } of alternatives) strongest.set(term, Math.max(factor, strongest.get(term) ?? 0));
  return [...strongest].map(([term, factor]) => ({ term, factor }));
}

/** Digits only: a quantity, a year, a size. */
function isNumber(term: string): boolean {
  return /^\p{N}+$/u.test(term);
}

function bucketKey(first: string, length: number): string {
  return `${first}${length}`;
}
