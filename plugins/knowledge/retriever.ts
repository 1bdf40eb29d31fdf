// The knowledge base as the answer engine and the search route see it (core/contracts/knowledge.ts):
// ranked passages and Q&A matches from the chatbot's in-memory index (./index/), rebuilt from the
// store when the knowledge revision moves.
import type { Logger } from 'pino';
import { ModelError, type KnowledgeRetriever, type SemanticQuery, type Store, type TenantScope } from '../../core/index.js';
import { semanticConfidences } from './semantic/vectors.js';
import { KnowledgeIndexCache } from './search-index/index-cache.js';
import type { KnowledgeIndex } from './search-index/knowledge-index.js';
import { fusePassages, fuseQa } from './semantic/fusion.js';
import type { SemanticKnowledge } from './semantic/semantic-knowledge.js';
import { toPassage } from './search.js';
import { knowledgeRevisionCounter, type KnowledgeCollections, type StoredChunk } from './collections.js';

/** Chunks read per page while building an index (18,000 real chunks: ~0.5 s in all; the build yields to the event loop every ~10 ms of work). */
const PAGE = 500;

/**
 * How often a chatbot's chunks are counted for its revision. The count only catches a change whose
 * counter step was lost to a crash, and counting walks an index entry per chunk (a tenth of a chat
 * turn at 3,000 chunks), so between counts a question reads the counter alone.
 */
export const CHUNK_COUNT_INTERVAL_MS = 5_000;
/** Chatbots whose last count is remembered; past it the oldest are forgotten (and counted again). */
const COUNTS_KEPT = 10_000;

export interface KnowledgeRetrieverWithCache extends KnowledgeRetriever {
  readonly indexes: KnowledgeIndexCache;
}

export function knowledgeRetriever(
  store: Pick<Store, 'counters'>,
  knowledge: KnowledgeCollections,
  options: { indexMemoryBytes: number; logger?: Logger; chunkCountIntervalMs?: number; onIndexLookup?: (hit: boolean) => void; semantic?: SemanticKnowledge },
): KnowledgeRetrieverWithCache {
  const chunksOf = (tenant: TenantScope) => knowledge.chunks.forTenant(tenant);
  const countInterval = options.chunkCountIntervalMs ?? CHUNK_COUNT_INTERVAL_MS;
  /** Per chatbot: the chunk count, when it was read, and the counter value it was read at. */
  const counts = new Map<string, { count: number; at: number; changes: number }>();

  // A counter moved after every change of the chunks (the worker's result, a deletion), and
  // their count. The count is read again whenever the counter moved (so one change is one
  // revision, one rebuild) and otherwise at most every CHUNK_COUNT_INTERVAL_MS, which catches a
  // change whose counter step was lost to a crash.
  async function revision(tenant: TenantScope, chatbotId: string): Promise<string> {
    const changes = await store.counters.get(tenant, knowledgeRevisionCounter(chatbotId).name);
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}`;
    const known = counts.get(key);
    const now = performance.now();
    let count = known?.count ?? 0;
    if (!known || known.changes !== changes || now - known.at >= countInterval) {
      count = await chunksOf(tenant).count({ chatbot_id: chatbotId });
      counts.delete(key); // re-inserted: Map order is the age order
      counts.set(key, { count, at: now, changes });
      if (counts.size > COUNTS_KEPT) counts.delete(counts.keys().next().value!);
    }
    return `${changes}:${count}`;
  }

  async function* chunks(tenant: TenantScope, chatbotId: string): AsyncIterable<StoredChunk[]> {
    const repository = chunksOf(tenant);
    let after: { id: string; value: null } | undefined;
    for (;;) {
      const page = await repository.list({ filter: { chatbot_id: chatbotId }, sort: { field: 'id', direction: 'asc' }, limit: PAGE, after });
      if (page.length > 0) yield page;
      if (page.length < PAGE) return;
      after = { id: page[page.length - 1]!.id, value: null };
    }
  }

  const indexes = new KnowledgeIndexCache({ revision, chunks }, options.indexMemoryBytes, options.logger, options.onIndexLookup);
  const semantic = options.semantic;

  /**
   * The best chunks' semantic confidences for the question. Worked out once per question: the Q&A
   * match and the passage search of one turn pass the same query object.
   */
  const confidencesOf = new WeakMap<SemanticQuery, Promise<Map<string, number>>>();
  function confidencesFor(tenant: TenantScope, chatbotId: string, query: SemanticQuery, index: KnowledgeIndex): Promise<Map<string, number>> {
    let confidences = confidencesOf.get(query);
    if (!confidences) {
      const knowledge = { size: index.size, has: (chunkId: string) => index.chunkById(chunkId) !== null };
      confidences = (async () => semanticConfidences(await semantic!.similarities(tenant, chatbotId, query, await revision(tenant, chatbotId), knowledge)))();
      confidencesOf.set(query, confidences);
    }
    return confidences;
  }

  return {
    indexes,
    revision,
    async searchPassages(tenant, input) {
      const index = await indexes.indexFor(tenant, input.chatbotId, input.language);
      const lexical = index.search(input.query, input.limit).map((ranked) => toPassage(ranked, input.query));
      if (!input.semantic || !semantic) return lexical;
      return fusePassages(lexical, await confidencesFor(tenant, input.chatbotId, input.semantic, index), index, input.query, input.limit);
    },
    async item(tenant, input) {
      const index = await indexes.indexFor(tenant, input.chatbotId, input.language);
      if (input.chunkId === null) {
        const pair = index.qaPair(input.itemId);
        return pair ? { kind: 'qa', pair } : null;
      }
      const chunk = index.chunk(input.itemId, input.chunkId);
      // Confidence 1: the visitor chose it, nothing was guessed.
      return chunk ? { kind: 'passage', passage: toPassage({ chunk, position: 0, score: 1, confidence: 1, coverage: 1 }, input.query) } : null;
    },
    async matchQa(tenant, input) {
      const index = await indexes.indexFor(tenant, input.chatbotId, input.language);
      const lexical = index.matchQa(input.message);
      if (!input.semantic || !semantic) return lexical;
      return fuseQa(lexical, await confidencesFor(tenant, input.chatbotId, input.semantic, index), index);
    },
    async embedQuery(tenant, input) {
      if (!semantic) throw new ModelError('provider_unknown', 'Hybrid retrieval is not available in this build');
      return semantic.embedQuery(tenant, input.providerId, input.text);
    },
    async unknownNames(tenant, input) {
      const index = await indexes.indexFor(tenant, input.chatbotId, input.language);
      return index.unknownNames(input.message);
    },
  };
}
