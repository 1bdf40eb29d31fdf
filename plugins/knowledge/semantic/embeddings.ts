// Embeddings of a chatbot's chunks, one record per chunk and model: a passage has one vector (its
// title and text), a Q&A pair one per phrasing (its question and each alternative). The record's id
// is derived from the chunk and the model, so an embedding run that crashed and runs again, or two
// instances embedding at once, cannot store a chunk twice.
import { createHash } from 'node:crypto';
import type { Collection, CollectionDeclarer } from '../../../core/index.js';
import type { ChunkDoc } from '../collections.js';

export interface EmbeddingDoc {
  chatbot_id: string;
  chunk_id: string;
  /** The provider and model the vectors come from (`mp_…:model`): another model's vectors are another space. */
  model_key: string;
  /** Base64 float32 vectors (vectors.ts), in the order of textsOf. */
  vectors: string[];
  created_at: string;
}

export function declareEmbeddings(store: CollectionDeclarer): Collection<EmbeddingDoc> {
  return store.collection<EmbeddingDoc>({
    name: 'knowledge_embeddings',
    scope: 'tenant',
    indexes: [{ fields: ['chatbot_id', 'model_key'] }, { fields: ['chunk_id'] }],
  });
}

export function embeddingId(chunkId: string, modelKey: string): string {
  return `kve_${chunkId}_${createHash('sha256').update(modelKey).digest('hex').slice(0, 16)}`;
}

/** Longest text sent for one passage: embedding models read a few thousand tokens at most. */
const MAX_TEXT = 4000;

/** What is embedded of a chunk: a pair's phrasings (what a visitor's question is compared with), or a passage. */
export function textsOf(chunk: Pick<ChunkDoc, 'kind' | 'qa' | 'title' | 'text'>): string[] {
  // Empty texts are left out (providers refuse them), long ones cut: one refused text fails its whole batch.
  const texts = chunk.kind === 'qa' && chunk.qa ? [chunk.qa.question, ...chunk.qa.alternatives] : [`${chunk.title ? `${chunk.title}\n` : ''}${chunk.text}`];
  return texts.map((text) => text.slice(0, MAX_TEXT)).filter((text) => text.trim().length > 0);
}
