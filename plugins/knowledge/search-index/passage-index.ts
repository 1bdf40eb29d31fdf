// Ranking a chatbot's chunks for a question, in memory: posting lists over the analysed terms the
// store keeps with each chunk, BM25 with field weights (a word of the title, a heading or a Q&A
// question counts more than one of the body), and how much of the question each chunk covers.
//
// Top-k with MaxScore: the question's words are taken from the rarest (heaviest) down, each
// posting list walked whole, until the words left could not lift a chunk none of the walked words
// found above the k-th score found so far; the common words left are then only looked up (binary
// search) in the chunks already found. A question made of one rare word and "use the api" walks
// one short list and looks "use" and "api" up a few times, instead of walking 10,000 postings.
import type { QuerySlot, Vocabulary } from './vocabulary.js';

const K1 = 1.2;
const B = 0.75;
/** Extra occurrences a term gets for standing in these fields (BM25F, folded into one field). */
export const FIELD_BOOST = { title: 1.5, heading: 1, question: 2 } as const;
/**
 * Both the rank and the confidence of a chunk are coverage^exponent (how much of the question it
 * holds) times a floor plus the rest of BM25 as a share of the best the question could reach (how
 * strongly it holds it). The confidence leans on coverage, on the scale of a Q&A match's share of
 * the message, so `min_confidence` means the same for both; the rank leans more on BM25, which
 * orders long real documents better (on the real-text benchmark's hand-written questions, 33 of 72
 * first sources right against 29 ranked by the confidence).
 */
const CONFIDENCE = { coverageExponent: 0.7, bm25Floor: 0.75 } as const;
const RANK = { coverageExponent: 0.3, bm25Floor: 0.3 } as const;

export interface RankedChunk {
  /** The chunk's position in the index. */
  position: number;
  /** 0..1, what results are ordered by: see RANK. */
  score: number;
  /** 0..1, what the answer engine compares to `min_confidence`: see CONFIDENCE. */
  confidence: number;
  /** 0..1: the question's weight the chunk holds (terms reached by typo, synonym or compound count less). */
  coverage: number;
}

interface PostingList {
  /** Chunk positions, ascending. */
  chunks: Int32Array;
  /** BM25's saturated term frequency of each (tf·(k1+1) / (tf + k1·length norm)), idf left out. */
  impacts: Float32Array;
}

/** Collects chunks one by one (each chunk's terms with their field-boosted frequencies). */
export class PassageIndexBuilder {
  private readonly lists = new Map<string, { chunks: number[]; frequencies: number[] }>();
  private readonly lengths: number[] = [];

  /** Adds the next chunk (position = chunks added before it). */
  add(frequencies: Iterable<[string, number]>, length: number): void {
    const position = this.lengths.length;
    this.lengths.push(length);
    for (const [term, frequency] of frequencies) {
      let list = this.lists.get(term);
      if (!list) this.lists.set(term, (list = { chunks: [], frequencies: [] }));
      list.chunks.push(position);
      list.frequencies.push(frequency);
    }
  }

  /** How many chunks hold each term (the document frequency of IDF). */
  documentFrequencies(): Map<string, number> {
    const frequencies = new Map<string, number>();
    for (const [term, list] of this.lists) frequencies.set(term, list.chunks.length);
    return frequencies;
  }

  finish(): PassageIndex {
    const count = this.lengths.length;
    const averageLength = count > 0 ? this.lengths.reduce((sum, length) => sum + length, 0) / count || 1 : 1;
    const norms = this.lengths.map((length) => K1 * (1 - B + (B * length) / averageLength));
    const postings = new Map<string, PostingList>();
    for (const [term, list] of this.lists) {
      const impacts = new Float32Array(list.chunks.length);
      for (let i = 0; i < impacts.length; i++) {
        const tf = list.frequencies[i]!;
        impacts[i] = (tf * (K1 + 1)) / (tf + norms[list.chunks[i]!]!);
      }
      postings.set(term, { chunks: Int32Array.from(list.chunks), impacts });
    }
    this.lists.clear();
    return new PassageIndex(postings, count);
  }
}

/** One word of the question as the search walks it: its weight and the posting lists of its terms. */
interface SearchSlot {
  weight: number;
  lists: Array<{ list: PostingList; idf: number; weight: number }>;
}

export class PassageIndex {
  /** Scratch per chunk, reused by every search (searches are synchronous, never interleaved). */
  private readonly bm25: Float64Array;
  private readonly covered: Float64Array;
  private readonly seen: Uint8Array;
  /** Per chunk, the last slot walk that counted it (a slot counts once per chunk). */
  private readonly countedBy: Int32Array;
  private walks = 0;
  /** Searches that stopped walking before the last word (MaxScore) and only looked the rest up. */
  prunedSearches = 0;
  /** Chunks found by a pruned search whose remaining words were not looked up: they could not reach the top k. */
  skippedLookups = 0;

  constructor(
    private readonly postings: Map<string, PostingList>,
    readonly size: number,
  ) {
    this.bm25 = new Float64Array(size);
    this.covered = new Float64Array(size);
    this.seen = new Uint8Array(size);
    this.countedBy = new Int32Array(size);
  }

  /** Bytes held by the postings and scratch arrays (for the cache's memory budget). */
  get bytes(): number {
    let bytes = this.size * 21;
    for (const [term, list] of this.postings) bytes += list.chunks.byteLength + list.impacts.byteLength + term.length * 2 + 64;
    return bytes;
  }

  /** The `limit` best chunks for the question's slots, best first (ties by position). */
  search(slots: QuerySlot[], vocabulary: Vocabulary, limit: number): RankedChunk[] {
    const totalWeight = slots.reduce((sum, slot) => sum + slot.weight, 0);
    if (totalWeight <= 0 || limit <= 0) return [];
    const rank = new Blend(RANK, totalWeight);
    const confidence = new Blend(CONFIDENCE, totalWeight);

    // Heaviest words first; `remaining[i]` is the weight of the words from i on.
    const searchSlots = slots
      .map((slot) => this.searchSlot(slot, vocabulary))
      .filter((slot) => slot.lists.length > 0)
      .sort((a, b) => b.weight - a.weight);
    const remaining = new Float64Array(searchSlots.length + 1);
    for (let i = searchSlots.length - 1; i >= 0; i--) remaining[i] = remaining[i + 1]! + searchSlots[i]!.weight;

    const touched: number[] = [];
    let walked = 0;
    /** The k-th best score when the walk stopped: what a chunk must reach to make the top k. */
    let threshold = 0;
    for (; walked < searchSlots.length; walked++) {
      // A chunk none of the walked words found holds at most the words left: can it still make the top k?
      if (walked > 0 && touched.length >= limit) {
        const ceiling = rank.of(remaining[walked]! * (K1 + 1), remaining[walked]!);
        // No chunk found so far can score above what the walked words give at most: if even that
        // is below the ceiling, the k-th cannot be above it either, and there is nothing to check.
        const walkedWeight = remaining[0]! - remaining[walked]!;
        if (ceiling < rank.of(walkedWeight * (K1 + 1), walkedWeight)) {
          threshold = this.kthScore(touched, limit, rank);
          if (ceiling < threshold) break;
        }
      }
      this.walk(searchSlots[walked]!, touched);
    }
    if (walked < searchSlots.length) {
      // The words left are looked up in the chunks found, except in those that could not reach the
      // top k even holding every one of them: their scores only rise, and k chunks already stand
      // at the threshold or above, so such a chunk is left out either way.
      this.prunedSearches++;
      const left = remaining[walked]!;
      for (const chunk of touched) {
        if (rank.of(this.bm25[chunk]! + left * (K1 + 1), this.covered[chunk]! + left) < threshold) {
          this.skippedLookups++;
          continue;
        }
        for (let i = walked; i < searchSlots.length; i++) this.lookUp(searchSlots[i]!, chunk);
      }
    }

    const top: RankedChunk[] = [];
    for (const chunk of touched) {
      const bm25 = this.bm25[chunk]!;
      const covered = this.covered[chunk]!;
      this.bm25[chunk] = 0;
      this.covered[chunk] = 0;
      this.seen[chunk] = 0;
      // A score is at most its strength (coverage counts at most 1): when even that stays below the
      // k-th of a full top, the chunk is out without working out its coverage's power.
      const strength = rank.strength(bm25);
      if (top.length === limit && strength < top[limit - 1]!.score) continue;
      const score = rank.coverage(covered) * strength;
      if (top.length === limit && !ranksBefore(score, chunk, top[limit - 1]!)) continue;
      let at = top.length;
      while (at > 0 && ranksBefore(score, chunk, top[at - 1]!)) at--;
      top.splice(at, 0, { position: chunk, score, confidence: confidence.of(bm25, covered), coverage: Math.min(1, covered / totalWeight) });
      if (top.length > limit) top.pop();
    }
    return top;
  }

  private searchSlot(slot: QuerySlot, vocabulary: Vocabulary): SearchSlot {
    const lists: SearchSlot['lists'] = [];
    for (const alternative of slot.alternatives) {
      const list = this.postings.get(alternative.term);
      if (!list) continue;
      // A term reached another way weighs as that term does, discounted: never more than the word.
      lists.push({ list, idf: Math.min(slot.weight, vocabulary.idf(alternative.term)) * alternative.factor, weight: slot.weight * alternative.factor });
    }
    // The best-matching term first: a chunk holding several of the slot's terms counts by the best.
    lists.sort((a, b) => b.weight - a.weight);
    return { weight: slot.weight, lists };
  }

  /** Adds the slot to every chunk its terms hold; one slot counts once per chunk, by its best term. */
  private walk(slot: SearchSlot, touched: number[]): void {
    const { bm25, covered, seen, countedBy } = this;
    if (this.walks === 0x7fffffff) {
      countedBy.fill(0);
      this.walks = 0;
    }
    const walk = ++this.walks;
    const single = slot.lists.length === 1;
    for (const { list, idf, weight } of slot.lists) {
      for (let i = 0; i < list.chunks.length; i++) {
        const chunk = list.chunks[i]!;
        if (!single) {
          if (countedBy[chunk] === walk) continue; // a better term of this slot already counted it
          countedBy[chunk] = walk;
        }
        if (seen[chunk] === 0) {
          seen[chunk] = 1;
          touched.push(chunk);
        }
        bm25[chunk] += idf * list.impacts[i]!;
        covered[chunk] += weight;
      }
    }
  }

  /** Adds the slot to a chunk already found, when it holds one of the slot's terms. */
  private lookUp(slot: SearchSlot, chunk: number): void {
    for (const { list, idf, weight } of slot.lists) {
      const at = binarySearch(list.chunks, chunk);
      if (at < 0) continue;
      this.bm25[chunk] += idf * list.impacts[at]!;
      this.covered[chunk] += weight;
      return; // the best term of the slot the chunk holds
    }
  }

  /** The k-th best score among the chunks found so far (what a newcomer must beat). */
  private kthScore(touched: number[], k: number, rank: Blend): number {
    // The k best in a min-heap; a chunk whose strength alone cannot beat the least of a full heap
    // is passed over before its coverage's power is worked out (most are: that power was the
    // search's largest cost).
    const heap = new Float64Array(k);
    let size = 0;
    for (const chunk of touched) {
      const strength = rank.strength(this.bm25[chunk]!);
      if (size === k && strength <= heap[0]!) continue;
      const score = rank.coverage(this.covered[chunk]!) * strength;
      if (size < k) siftUp(heap, size++, score);
      else if (score > heap[0]!) siftDown(heap, k, score);
    }
    return heap[0]!;
  }
}

/**
 * What a chunk's rank or confidence is made of: coverage^exponent (how much of the question it
 * holds) times a floor plus the rest of BM25 as a share of the best the question could reach (how
 * strongly it holds it). Both parts only rise, and coverage takes few distinct values in a search
 * (sums of the words' weights), so its power is worked out once per value.
 */
class Blend {
  private readonly best: number;
  private readonly powers = new Map<number, number>();

  constructor(
    private readonly shape: { coverageExponent: number; bm25Floor: number },
    private readonly totalWeight: number,
  ) {
    this.best = totalWeight * (K1 + 1);
  }

  /** The BM25 part, floor included: 0..1. */
  strength(bm25: number): number {
    return this.shape.bm25Floor + (1 - this.shape.bm25Floor) * Math.min(1, bm25 / this.best);
  }

  /** The coverage part: 0..1. */
  coverage(covered: number): number {
    let power = this.powers.get(covered);
    if (power === undefined) this.powers.set(covered, (power = Math.min(1, covered / this.totalWeight) ** this.shape.coverageExponent));
    return power;
  }

  of(bm25: number, covered: number): number {
    return this.coverage(covered) * this.strength(bm25);
  }
}

/** Adds `value` at the end of a min-heap of `size` values. */
function siftUp(heap: Float64Array, size: number, value: number): void {
  let at = size;
  while (at > 0) {
    const parent = (at - 1) >>> 1;
    if (heap[parent]! <= value) break;
    heap[at] = heap[parent]!;
    at = parent;
  }
  heap[at] = value;
}

/** Replaces the least value of a full min-heap of `size` values with `value`. */
function siftDown(heap: Float64Array, size: number, value: number): void {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= value) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = value;
}

function ranksBefore(score: number, position: number, other: RankedChunk): boolean {
  return score > other.score || (score === other.score && position < other.position);
}

function binarySearch(values: Int32Array, target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = values[middle]!;
    if (value === target) return middle;
    if (value < target) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
