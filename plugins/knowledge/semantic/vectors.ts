// Vectors as the store keeps them and as a search reads them. Stored as base64 of little-endian
// float32 inside the chunk's embedding record: the repository interface is JSON documents on both
// stores, so a vector is text there (4/3 of its bytes); float32 keeps the model's answer as given.
// In memory every vector is normalised once, so a cosine is one dot product.

export function encodeVector(vector: readonly number[]): string {
  const floats = Float32Array.from(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

export function decodeVector(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  // Copied into its own buffer: a Buffer's bytes may start at an offset a Float32Array cannot view.
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The vector scaled to length 1 (a zero vector stays zero: it is similar to nothing). */
export function normalised(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const length = Math.sqrt(sum);
  const out = new Float32Array(vector.length);
  if (length > 0) for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / length;
  return out;
}

/**
 * The embedded chunks of one chatbot under one model, for cosine search: every vector of every
 * chunk (a Q&A pair has one per phrasing) in one flat array, normalised.
 */
export class VectorIndex {
  private constructor(
    readonly dimensions: number,
    /** The chunk of each row. */
    private readonly rowChunk: Int32Array,
    private readonly chunkIds: string[],
    private readonly rows: Float32Array,
  ) {}

  static build(entries: ReadonlyArray<{ chunkId: string; vectors: Float32Array[] }>): VectorIndex {
    const dimensions = entries.find((entry) => entry.vectors.length > 0)?.vectors[0]!.length ?? 0;
    const usable = entries.map((entry) => ({ ...entry, vectors: entry.vectors.filter((vector) => vector.length === dimensions) }));
    const total = usable.reduce((sum, entry) => sum + entry.vectors.length, 0);
    const rows = new Float32Array(total * dimensions);
    const rowChunk = new Int32Array(total);
    const chunkIds: string[] = [];
    let row = 0;
    for (const entry of usable) {
      const chunk = chunkIds.push(entry.chunkId) - 1;
      for (const vector of entry.vectors) {
        rows.set(normalised(vector), row * dimensions);
        rowChunk[row++] = chunk;
      }
    }
    return new VectorIndex(dimensions, rowChunk, chunkIds, rows);
  }

  get chunks(): number {
    return this.chunkIds.length;
  }

  get bytes(): number {
    return this.rows.byteLength + this.rowChunk.byteLength + this.chunkIds.length * 64;
  }

  /**
   * Each chunk's best cosine with `query` (over its vectors), in the order of `chunkIds`. A query
   * of another dimension matches nothing (no chunk). Typed arrays, not a map: a map of every chunk
   * per question cost as much as the dot products.
   */
  similarities(query: Float32Array): Similarities {
    if (query.length !== this.dimensions || this.dimensions === 0) return { chunkIds: [], scores: new Float32Array(0) };
    const unit = normalised(query);
    const dims = this.dimensions;
    const rows = this.rows;
    const rowChunk = this.rowChunk;
    const scores = new Float32Array(this.chunkIds.length).fill(-Infinity);
    for (let row = 0, offset = 0; row < rowChunk.length; row++, offset += dims) {
      let dot = 0;
      for (let i = 0; i < dims; i++) dot += rows[offset + i]! * unit[i]!;
      const chunk = rowChunk[row]!;
      if (dot > scores[chunk]!) scores[chunk] = dot;
    }
    return { chunkIds: this.chunkIds, scores };
  }
}

export interface Similarities {
  chunkIds: readonly string[];
  /** The cosine of each chunk of `chunkIds`. */
  scores: Float32Array;
  /**
   * The question's typical cosine with unrelated text (PROBES), for a knowledge base too small to
   * have a typical of its own; 0 when not known.
   */
  baseline?: number;
}

/**
 * Unrelated sentences, in the languages the analysis covers: how near a question comes to text
 * that has nothing to do with it, under this model. A knowledge base of a few chunks cannot say
 * that itself (its median is one of its answers).
 */
export const PROBES = [
  'The weather tomorrow will be sunny with a light breeze in the afternoon.',
  'The orchestra played a symphony by Beethoven to a full concert hall.',
  'Das Museum zeigt Gemälde aus dem achtzehnten Jahrhundert.',
  'Die Mannschaft gewann das Spiel in der letzten Minute.',
  'Le chat dort au soleil sur le rebord de la fenêtre.',
  'La recette demande trois œufs et un peu de farine.',
  'Munții sunt acoperiți de zăpadă în timpul iernii.',
  'Elevii au învățat despre istoria orașului vechi.',
];

/** Below this many chunks, a knowledge base is too small for its median to say what "unrelated" scores. */
export const MIN_CHUNKS_FOR_BASELINE = 8;

/** The chunks a search looks at, best first: no more can reach the few results a reply uses. */
export const SEMANTIC_CANDIDATES = 20;

/**
 * The best chunks' cosines on the 0..1 scale of the answer bands (at most SEMANTIC_CANDIDATES, with
 * a confidence above 0). A model's cosines have no fixed meaning (unrelated texts score 0.1 with
 * some models, 0.5 with others), so a chunk's similarity is read against the question's typical
 * similarity to this knowledge (the median over its chunks): how far above the typical it is, as a
 * share of the room above it. A knowledge base too small for a median of its own is read against
 * the question's median with unrelated sentences (`baseline`, PROBES) instead.
 */
export function semanticConfidences({ chunkIds, scores, baseline = 0 }: Similarities): Map<string, number> {
  const typical = Math.max(0, scores.length >= MIN_CHUNKS_FOR_BASELINE ? median(scores) : baseline);
  // The best few, kept sorted in a small array: one pass over every chunk, no sort of them all.
  const best: number[] = [];
  for (let chunk = 0; chunk < scores.length; chunk++) {
    const score = scores[chunk]!;
    if (score <= typical || (best.length === SEMANTIC_CANDIDATES && score <= scores[best[best.length - 1]!]!)) continue;
    let at = best.length;
    while (at > 0 && scores[best[at - 1]!]! < score) at--;
    best.splice(at, 0, chunk);
    if (best.length > SEMANTIC_CANDIDATES) best.pop();
  }
  const confidences = new Map<string, number>();
  for (const chunk of best) {
    const confidence = typical >= 1 ? 0 : (scores[chunk]! - typical) / (1 - typical);
    confidences.set(chunkIds[chunk]!, Math.round(Math.min(1, Math.max(0, confidence)) * 10_000) / 10_000);
  }
  return confidences;
}

/** The median cosine of `query` with `vectors` (normalised here), 0 without any. */
export function medianCosine(query: Float32Array, vectors: readonly Float32Array[]): number {
  if (vectors.length === 0) return 0;
  const unit = normalised(query);
  const cosines = Float32Array.from(vectors, (vector) => {
    const other = normalised(vector);
    let dot = 0;
    for (let i = 0; i < Math.min(unit.length, other.length); i++) dot += unit[i]! * other[i]!;
    return dot;
  });
  return median(cosines);
}

function median(values: Float32Array): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)]!;
}
