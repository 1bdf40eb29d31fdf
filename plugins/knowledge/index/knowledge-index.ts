// One chatbot's knowledge, indexed in memory for answering: the vocabulary (IDF, typos, compounds,
// synonyms), the passage index and the Q&A index, built from the chunks the store keeps.
import type { QaMatch, QaPair } from '../../../core/services/knowledge.js';
import { analyzerFor } from '../../../core/text/analysis.js';
import { termCount } from '../../../core/text/term-counts.js';
import type { StoredChunk } from '../store.js';
import { FIELD_BOOST, PassageIndex, type ChunkTerms, type RankedChunk } from './passage-index.js';
import { QaIndex } from './qa-index.js';
import { Vocabulary } from './vocabulary.js';

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
    /** Approximate bytes held, for the cache's memory budget. */
    readonly bytes: number,
  ) {}

  get size(): number {
    return this.chunks.length;
  }

  get qaPairs(): number {
    return this.qa.size;
  }

  get vocabularySize(): number {
    return this.vocabulary.size;
  }

  /** The chunks that best answer `query`, best first. */
  search(query: string, limit: number): RankedPassage[] {
    const slots = this.vocabulary.slots(analyzerFor(this.language).terms(query));
    return this.passages.search(slots, this.vocabulary, limit).map((ranked) => ({ ...ranked, chunk: this.chunks[ranked.position]! }));
  }

  /** The Q&A pair that best matches `message`, or null when none shares a word with it. */
  matchQa(message: string): QaMatch | null {
    if (this.qa.size === 0) return null;
    return this.qa.match(this.vocabulary.slots(analyzerFor(this.language).terms(message)));
  }

  /**
   * Builds the index from pages of chunks (as the store returns them). Each page is indexed in
   * one synchronous step; awaiting the next page lets other requests run between them.
   */
  static async build(language: string, pages: AsyncIterable<StoredChunk[]>): Promise<KnowledgeIndex> {
    const analyzer = analyzerFor(language);
    const vocabulary = new Vocabulary(language);
    const chunks: IndexedChunk[] = [];
    const chunkTerms: ChunkTerms[] = [];
    const pairs: Array<QaPair & { phrasingTerms: string[][]; answerTerms: string[] }> = [];
    // Titles and headings repeat across a document's chunks: analyse each once.
    const analysed = new Map<string, string[]>();
    const termsOf = (text: string) => {
      let terms = analysed.get(text);
      if (!terms) analysed.set(text, (terms = [...new Set(analyzer.terms(text))]));
      return terms;
    };
    let bytes = 0;

    for await (const page of pages) {
      for (const record of page) {
        const frequencies = new Map<string, number>();
        let length = record.length;
        for (const term of record.terms) frequencies.set(term, termCount(record.term_counts, term));
        const boost = (terms: string[], by: number) => {
          for (const term of terms) {
            frequencies.set(term, (frequencies.get(term) ?? 0) + by);
            length += by;
          }
        };
        if (record.qa) {
          const phrasingTerms = [record.qa.question, ...record.qa.alternatives].map((text) => analyzer.terms(text));
          boost([...new Set(phrasingTerms.flat())], FIELD_BOOST.question);
          pairs.push({ document_id: record.item_id, ...record.qa, phrasingTerms, answerTerms: analyzer.terms(record.qa.answer) });
        } else {
          if (record.title) boost(termsOf(record.title), FIELD_BOOST.title);
          for (const heading of record.heading_path) boost(termsOf(heading), FIELD_BOOST.heading);
        }
        vocabulary.addDocument(frequencies.keys());
        chunkTerms.push({ frequencies, length });
        const { id, item_id, kind, title, heading_path, url, text } = record;
        chunks.push({ id, item_id, kind, title, heading_path, url, text });
        bytes += 2 * (text.length + (title?.length ?? 0) + heading_path.reduce((sum, heading) => sum + heading.length, 0)) + 200;
        bytes += frequencies.size * 80; // the build's maps, and the vocabulary entries they leave
      }
    }
    vocabulary.finish(chunks.length);
    // Stable order whatever order the store returned: results tie-break on position.
    const passages = new PassageIndex(chunkTerms);
    pairs.sort((a, b) => (a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : 0));
    const qa = new QaIndex(pairs, vocabulary);
    return new KnowledgeIndex(language, chunks, vocabulary, passages, qa, bytes + passages.bytes);
  }
}
