// One chatbot's knowledge, indexed in memory for answering: the vocabulary (IDF, typos, compounds,
// synonyms), the passage index and the Q&A index, built from the chunks the store keeps.
import { analyzerFor, namesIn, termCount, type QaMatch, type QaPair } from '../../../core/index.js';
import type { StoredChunk } from '../collections.js';
import { bandsOf, calibrate } from './calibration.js';
import { FIELD_BOOST, PassageIndex, PassageIndexBuilder, type RankedChunk } from './passage-index.js';
import { QaIndex, type AnalysedQaPair } from './qa-index.js';
import { Vocabulary, type VocabularyCounters } from './vocabulary.js';

/** A message of this many analysed terms is long: it is also read sentence by sentence. */
const LONG_MESSAGE_TERMS = 10;
/** A sentence of a long message is not the whole message: its matches count this much. */
const PART_DISCOUNT = 0.9;
/** Sentences read of a long message, at most (the whole message is read too). */
const MAX_SENTENCES = 12;
/** Where a sentence ends: its punctuation (any script's full stop, question and exclamation marks) or a line break. */
export const SENTENCE_END = /(?<=[.!?;…。？！])\s+|\n+/u;
/**
 * Synchronous work a build does between two turns of the event loop, at most about this long: a
 * page of 500 Q&A pairs with long answers is seconds of analysis, and every request waits for it.
 */
const BUILD_SLICE_MS = 10;
/**
 * Rankings of recent questions an index keeps, least recently asked dropped first. Visitors ask the
 * same questions over and over, and an index is one knowledge revision: a new revision is a new
 * index, so a kept ranking is never stale. They take at most a twentieth of the index's own memory,
 * within these bounds, each counted by its size (keptBytes): a question of 1,000 characters with a
 * page of 50 results weighs twenty times a short one with 5.
 */
const RANKINGS_KEPT = { minBytes: 64 * 1024, maxBytes: 2 * 1024 * 1024, shareOfIndex: 1 / 20 } as const;
/** A kept ranking's approximate size: its key's characters, its results (a result refers to a chunk or pair the index holds anyway). */
const keptBytes = (key: string, results: number) => 64 + 2 * key.length + 96 * results;

/** What a search result needs of a chunk, kept in memory so a search reads nothing from the store. */
export type IndexedChunk = Pick<StoredChunk, 'id' | 'item_id' | 'kind' | 'title' | 'heading_path' | 'url' | 'text'>;

export interface RankedPassage extends RankedChunk {
  chunk: IndexedChunk;
}

export class KnowledgeIndex {
  private constructor(
    readonly language: string,
    private readonly chunks: IndexedChunk[],
    private readonly vocabulary: Vocabulary,
    private readonly passages: PassageIndex,
    private readonly qa: QaIndex,
    /** Approximate bytes held, for the cache's memory budget (the kept rankings' share included). */
    readonly bytes: number,
    rankingsBytes: number,
  ) {
    this.recent = new RecentRankings(rankingsBytes);
  }

  get size(): number {
    return this.chunks.length;
  }

  /** A raw score of this index on the scale every language shares (calibration.ts). */
  private calibrated(raw: number): number {
    return calibrate(raw, bandsOf(this.language));
  }

  get qaPairs(): number {
    return this.qa.size;
  }

  get vocabularySize(): number {
    return this.vocabulary.size;
  }

  /** Work done by searches so far, counted (not timed) so tests can bound it. */
  get counters(): VocabularyCounters & { prunedSearches: number; skippedLookups: number } {
    return { ...this.vocabulary.counters, prunedSearches: this.passages.prunedSearches, skippedLookups: this.passages.skippedLookups };
  }

  /** Rankings of recent questions (search and Q&A), by their readings' terms: see RANKINGS_KEPT. */
  private readonly recent: RecentRankings;

  /** How many rankings are kept, and their approximate bytes. */
  get keptRankings(): { rankings: number; bytes: number } {
    return this.recent.size;
  }

  /**
   * The chunks that best answer `query`, best first. A long message is also read sentence by
   * sentence (see questionsIn), and the reading whose best chunk scores highest is taken.
   */
  search(query: string, limit: number): RankedPassage[] {
    const readings = this.questionsIn(query);
    const key = `search ${limit}\n${keyOf(readings)}`;
    let ranked = this.recent.get<RankedPassage[]>(key);
    if (!ranked) this.recent.set(key, (ranked = this.rank(readings, limit)), keptBytes(key, ranked.length));
    return ranked.map((passage) => ({ ...passage }));
  }

  private rank(readings: string[][], limit: number): RankedPassage[] {
    let best: RankedChunk[] = [];
    const shared = this.vocabulary.message();
    for (const [reading, terms] of readings.entries()) {
      const ranked = this.passages.search(this.vocabulary.slots(terms, shared), this.vocabulary, limit);
      if (reading > 0) {
        for (const chunk of ranked) {
          chunk.score *= PART_DISCOUNT;
          chunk.confidence *= PART_DISCOUNT;
        }
      }
      if (ranked.length > 0 && (best.length === 0 || ranked[0]!.score > best[0]!.score)) best = ranked;
    }
    return best.map((ranked) => ({ ...ranked, confidence: this.calibrated(ranked.confidence), chunk: this.chunks[ranked.position]! }));
  }

  /** The Q&A pair that best matches `message` (or one of its sentences), or null when none shares a word with it. */
  matchQa(message: string): QaMatch | null {
    if (this.qa.size === 0) return null;
    const readings = this.questionsIn(message);
    const key = `qa\n${keyOf(readings)}`;
    let match = this.recent.get<QaMatch | null>(key);
    if (match === undefined) this.recent.set(key, (match = this.matchReadings(readings)), keptBytes(key, match ? 1 + match.others.length : 0));
    return match && { ...match, others: match.others.map((other) => ({ ...other })) };
  }

  private matchReadings(readings: string[][]): QaMatch | null {
    let best: QaMatch | null = null;
    const shared = this.vocabulary.message();
    for (const [reading, terms] of readings.entries()) {
      const match = this.qa.match(this.vocabulary.slots(terms, shared));
      if (match && reading > 0) {
        match.score = partOf(match.score);
        for (const other of match.others) other.score = partOf(other.score);
      }
      if (match && (!best || match.score > best.score)) best = match;
    }
    if (!best) return null;
    best.score = this.calibrated(best.score);
    best.runnerUp = this.calibrated(best.runnerUp);
    for (const other of best.others) other.score = this.calibrated(other.score);
    return best;
  }

  /**
   * The words `message` writes as names ("iPhone", "DHL": core/text/names.ts) that the knowledge
   * never uses, as typed. A name misspelt ("PayPall") is known when the vocabulary reads it as a
   * known term, as it reads any word; one that analyses to stop words only names nothing.
   */
  unknownNames(message: string): string[] {
    const analyzer = analyzerFor(this.language);
    const shared = this.vocabulary.message();
    return namesIn(message).filter((name) => {
      const slots = this.vocabulary.slots(analyzer.terms(name), shared);
      return slots.length > 0 && slots.every((slot) => slot.alternatives.length === 0);
    });
  }

  /** The Q&A pair of the item `itemId`, or null when the index has none (gone, or not a pair). */
  qaPair(itemId: string): QaPair | null {
    return this.qa.pairOf(itemId);
  }

  private byId: Map<string, IndexedChunk> | null = null;

  /** The chunk `chunkId`, or null when the index has none (hybrid retrieval finds chunks by id). */
  chunkById(chunkId: string): IndexedChunk | null {
    this.byId ??= new Map(this.chunks.map((chunk) => [chunk.id, chunk]));
    return this.byId.get(chunkId) ?? null;
  }

  /** The chunk `chunkId` of the item `itemId` as a search result of `query`, or null when the index has none. */
  chunk(itemId: string, chunkId: string): IndexedChunk | null {
    return this.chunks.find((chunk) => chunk.id === chunkId && chunk.item_id === itemId) ?? null;
  }

  /**
   * The analysed terms of the message, and, when it is long, of each sentence and each two
   * sentences in a row: a visitor who tells a story around the question ("I bought … for my dad,
   * … now I'm moving to Lisbon: do you ship there?") asks it in one of them, and the story's words,
   * unknown to the knowledge, would otherwise bury it.
   */
  private questionsIn(message: string): string[][] {
    const analyzer = analyzerFor(this.language);
    const whole = analyzer.terms(message);
    if (whole.length < LONG_MESSAGE_TERMS) return [whole];
    const sentences = message
      .split(SENTENCE_END)
      .map((sentence) => analyzer.terms(sentence))
      .filter((terms) => terms.length > 0)
      .slice(0, MAX_SENTENCES);
    if (sentences.length < 2) return [whole];
    const readings = [whole, ...sentences];
    for (let i = 1; i < sentences.length; i++) readings.push([...sentences[i - 1]!, ...sentences[i]!]);
    return readings;
  }

  /**
   * Builds the index from pages of chunks (as the store returns them), yielding to the event loop
   * every BUILD_SLICE_MS of work so that other requests run in between, however large the chunks.
   */
  static async build(language: string, pages: AsyncIterable<StoredChunk[]>): Promise<KnowledgeIndex> {
    const analyzer = analyzerFor(language);
    const passages = new PassageIndexBuilder();
    const chunks: IndexedChunk[] = [];
    const pairs: AnalysedQaPair[] = [];
    // Titles and headings repeat across a document's chunks: analyse each once.
    const analysed = new Map<string, string[]>();
    const termsOf = (text: string) => {
      let terms = analysed.get(text);
      if (!terms) analysed.set(text, (terms = [...new Set(analyzer.terms(text))]));
      return terms;
    };
    let bytes = 0;
    let sliceStart = performance.now();

    for await (const page of pages) {
      for (const record of page) {
        // The stored counts, plus the field boosts of the title, the headings or a Q&A question.
        const boosts = new Map<string, number>();
        const boost = (terms: Iterable<string>, by: number) => {
          for (const term of terms) boosts.set(term, (boosts.get(term) ?? 0) + by);
        };
        if (record.qa) {
          const phrasingTerms = [record.qa.question, ...record.qa.alternatives].map((text) => analyzer.terms(text));
          boost(new Set(phrasingTerms.flat()), FIELD_BOOST.question);
          pairs.push({ document_id: record.item_id, ...record.qa, phrasingTerms, answerTerms: analyzer.terms(record.qa.answer) });
        } else {
          if (record.title) boost(termsOf(record.title), FIELD_BOOST.title);
          for (const heading of record.heading_path) boost(termsOf(heading), FIELD_BOOST.heading);
        }
        let length = record.length;
        for (const by of boosts.values()) length += by;
        passages.add(frequenciesOf(record, boosts), length);
        const { id, item_id, kind, title, heading_path, url, text } = record;
        chunks.push({ id, item_id, kind, title, heading_path, url, text });
        const headings = heading_path.reduce((sum, heading) => sum + heading.length, 0);
        bytes += 2 * (text.length + (title?.length ?? 0) + headings + id.length + item_id.length + (url?.length ?? 0)) + 200;
        // By time, not by chunk count: one chunk may be a line or a 10,000-character answer.
        if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
    }
    const vocabulary = new Vocabulary(language, passages.documentFrequencies(), chunks.length);
    const passageIndex = passages.finish();
    // Pairs in id order, whatever order the store returned them in: ties go to the lower id.
    pairs.sort((a, b) => (a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : 0));
    const qa = new QaIndex(pairs, vocabulary);
    const indexBytes = bytes + passageIndex.bytes + vocabulary.bytes + qa.bytes;
    const { minBytes, maxBytes, shareOfIndex } = RANKINGS_KEPT;
    const rankingsBytes = Math.min(maxBytes, Math.max(minBytes, Math.floor(indexBytes * shareOfIndex)));
    return new KnowledgeIndex(language, chunks, vocabulary, passageIndex, qa, indexBytes + rankingsBytes, rankingsBytes);
  }
}

/** The readings of a message as a cache key: messages that read the same rank the same. */
function keyOf(readings: string[][]): string {
  return readings.map((terms) => terms.join(' ')).join('\n');
}

/** Rankings by key within a budget of bytes, least recently used dropped first. */
class RecentRankings {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key); // re-inserted: Map order is the use order
    this.entries.set(key, entry);
    return entry.value as T;
  }

  set(key: string, value: unknown, bytes: number): void {
    if (bytes > this.budget) return;
    const replaced = this.entries.get(key);
    if (replaced) {
      this.entries.delete(key);
      this.bytes -= replaced.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  /** What is kept (tests read it). */
  get size(): { rankings: number; bytes: number } {
    return { rankings: this.entries.size, bytes: this.bytes };
  }
}

function partOf(score: number): number {
  return Math.round(score * PART_DISCOUNT * 10_000) / 10_000;
}

/** A chunk's stored term counts with the boosts added (a boosted term the text lacks is added). */
function* frequenciesOf(record: StoredChunk, boosts: Map<string, number>): Iterable<[string, number]> {
  for (const term of record.terms) {
    const boost = boosts.get(term);
    if (boost !== undefined) boosts.delete(term);
    yield [term, termCount(record.term_counts, term) + (boost ?? 0)];
  }
  yield* boosts;
}
