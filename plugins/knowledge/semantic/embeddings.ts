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
  /**
   * The vectors, in the order of textsOf: float32 numbers, `dimensions` to a vector, one vector
   * after another (vectors.ts: packVectors), in the store's binary type. Records stored before
   * hold an array of base64 strings, one a vector, in the document; both are read (unpackVectors).
   */
  vectors: Buffer | string[];
  /** Numbers in one vector (absent in a record from before, whose strings each hold one). */
  dimensions?: number;
  created_at: string;
}

export function declareEmbeddings(store: CollectionDeclarer): Collection<EmbeddingDoc> {
  return store.collection<EmbeddingDoc>({
    name: 'knowledge_embeddings',
    scope: 'tenant',
    indexes: [{ fields: ['chatbot_id', 'model_key'] }, { fields: ['chunk_id'] }],
    binary: { field: 'vectors' },
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

/**
 * A chatbot's embedding run for one provider, as a job of the worker role: due (`run_at`) when a
 * question finds chunks without vectors or the settings turn hybrid on, claimed by one worker
 * instance at a time (the lease is extended batch by batch), and backed off after a failure as
 * every background job is (core/background.ts: retryAfterFailure), then given up.
 */
export interface EmbeddingJobDoc {
  chatbot_id: string;
  provider_id: string;
  /** When a worker should run it; null when it is done, or given up. */
  run_at: string | null;
  /** Failed runs in a row. */
  failures: number;
  /** Why the last run failed (a provider's reason as said), and when the next starts (null: given up). */
  last_error: { message: string; retry_after: string | null } | null;
  updated_at: string;
}

export function declareEmbeddingJobs(store: CollectionDeclarer): Collection<EmbeddingJobDoc> {
  return store.collection<EmbeddingJobDoc>({
    name: 'knowledge_embedding_jobs',
    scope: 'tenant',
    indexes: [{ fields: ['chatbot_id'] }],
    claims: { dueField: 'run_at' },
  });
}

export function embeddingJobId(chatbotId: string, providerId: string): string {
  return `kej_${chatbotId}_${createHash('sha256').update(providerId).digest('hex').slice(0, 16)}`;
}
