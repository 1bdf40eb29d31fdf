// Ranking a chatbot's chunks for a question, in memory: posting lists over the analysed terms the
// store keeps with each chunk, BM25 with field weights (a word of the title, a heading or a Q&A
// question counts more than one of the body), and how much of the question each chunk covers.
import type { QuerySlot, Vocabulary } from './vocabulary.js';

const K1 = 1.2;
const B = 0.75;
/** Extra occurrences a term gets for standing in these fields (BM25F, folded into one field). */
export const FIELD_BOOST = { title: 1.5, heading: 1, question: 2 } as const;
/**
 * The score is coverage^COVERAGE_EXPONENT (how much of the question a chunk holds, on the scale
 * of a Q&A match's share of the message) times BM25_FLOOR plus the rest of BM25 as a share of the
 * best the question could reach (how strongly it holds it).
 */
const COVERAGE_EXPONENT = 0.7;
const BM25_FLOOR = 0.75;

export interface ChunkTerms {
  /** Term → occurrences, field boosts included. */
  frequencies: Map<string, number>;
  /** BM25's document length, field boosts included. */
  length: number;
}

export interface RankedChunk {
  /** The chunk's position in the index. */
  position: number;
  /** 0..1: see COVERAGE_EXPONENT. */
  score: number;
  /** 0..1: the question's weight the chunk holds (terms reached by typo, synonym or compound count less). */
  coverage: number;
}

export class PassageIndex {
  private readonly postings = new Map<string, { chunks: Int32Array; frequencies: Float32Array }>();
  private readonly lengths: Float32Array;
  private readonly averageLength: number;
  /** Scratch per chunk, reused by every search (searches are synchronous, never interleaved). */
  private readonly bm25: Float64Array;
  private readonly covered: Float64Array;
  private readonly slotBm25: Float64Array;
  private readonly slotCovered: Float64Array;

  /** Builds the postings from each chunk's terms; `chunks[i]` is position i. */
  constructor(chunks: ChunkTerms[]) {
    const building = new Map<string, { chunks: number[]; frequencies: number[] }>();
    this.lengths = new Float32Array(chunks.length);
    let totalLength = 0;
    chunks.forEach((chunk, position) => {
      this.lengths[position] = chunk.length;
      totalLength += chunk.length;
      for (const [term, frequency] of chunk.frequencies) {
        let list = building.get(term);
        if (!list) building.set(term, (list = { chunks: [], frequencies: [] }));
        list.chunks.push(position);
        list.frequencies.push(frequency);
      }
    });
    for (const [term, list] of building) {
      this.postings.set(term, { chunks: Int32Array.from(list.chunks), frequencies: Float32Array.from(list.frequencies) });
    }
    this.averageLength = chunks.length > 0 ? totalLength / chunks.length || 1 : 1;
    this.bm25 = new Float64Array(chunks.length);
    this.covered = new Float64Array(chunks.length);
    this.slotBm25 = new Float64Array(chunks.length);
    this.slotCovered = new Float64Array(chunks.length);
  }

  /** Bytes held by the postings and scratch arrays (for the cache's memory budget). */
  get bytes(): number {
    let bytes = this.lengths.byteLength * 17; // lengths, and four Float64 scratch arrays
    for (const [term, list] of this.postings) bytes += list.chunks.byteLength + list.frequencies.byteLength + term.length * 2 + 64;
    return bytes;
  }

  /** The `limit` best chunks for the question's slots, best first (ties by position). */
  search(slots: QuerySlot[], vocabulary: Vocabulary, limit: number): RankedChunk[] {
    const totalWeight = slots.reduce((sum, slot) => sum + slot.weight, 0);
    if (totalWeight <= 0 || limit <= 0) return [];
    const touched: number[] = [];
    const { bm25, covered, slotBm25, slotCovered } = this;

    for (const slot of slots) {
      const slotTouched: number[] = [];
      for (const alternative of slot.alternatives) {
        const list = this.postings.get(alternative.term);
        if (!list) continue;
        // A term reached another way weighs as that term does, discounted: never more than the word.
        const idf = Math.min(slot.weight, vocabulary.idf(alternative.term)) * alternative.factor;
        const weight = slot.weight * alternative.factor;
        for (let i = 0; i < list.chunks.length; i++) {
          const chunk = list.chunks[i]!;
          const tf = list.frequencies[i]!;
          const saturated = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[chunk]!) / this.averageLength));
          const value = idf * saturated;
          if (slotBm25[chunk] === 0 && slotCovered[chunk] === 0) slotTouched.push(chunk);
          // One slot counts once per chunk: by its best-matching term.
          if (value > slotBm25[chunk]!) slotBm25[chunk] = value;
          if (weight > slotCovered[chunk]!) slotCovered[chunk] = weight;
        }
      }
      for (const chunk of slotTouched) {
        if (bm25[chunk] === 0 && covered[chunk] === 0) touched.push(chunk);
        bm25[chunk] += slotBm25[chunk]!;
        covered[chunk] += slotCovered[chunk]!;
        slotBm25[chunk] = 0;
        slotCovered[chunk] = 0;
      }
    }

    const best = totalWeight * (K1 + 1);
    const top: RankedChunk[] = [];
    for (const chunk of touched) {
      const coverage = Math.min(1, covered[chunk]! / totalWeight);
      const score = coverage ** COVERAGE_EXPONENT * (BM25_FLOOR + (1 - BM25_FLOOR) * Math.min(1, bm25[chunk]! / best));
      bm25[chunk] = 0;
      covered[chunk] = 0;
      if (top.length === limit && !ranksBefore(score, chunk, top[top.length - 1]!)) continue;
      let at = top.length;
      while (at > 0 && ranksBefore(score, chunk, top[at - 1]!)) at--;
      top.splice(at, 0, { position: chunk, score, coverage });
      if (top.length > limit) top.pop();
    }
    return top;
  }
}

function ranksBefore(score: number, position: number, other: RankedChunk): boolean {
  return score > other.score || (score === other.score && position < other.position);
}
