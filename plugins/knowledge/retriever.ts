// The knowledge base as the answer engine sees it (core/services/knowledge.ts): ranked passages,
// and the Q&A pairs with a revision to cache them under.
import type { KnowledgeRetriever, QaPair } from '../../core/services/knowledge.js';
import type { Store, TenantScope } from '../../core/store/types.js';
import { searchPassages } from './search.js';
import { knowledgeRevisionCounter, type KnowledgeCollections } from './store.js';

const PAGE = 500;

export function knowledgeRetriever(store: Store, knowledge: KnowledgeCollections): KnowledgeRetriever {
  const chunksOf = (tenant: TenantScope) => knowledge.chunks.forTenant(tenant);
  return {
    searchPassages: (tenant, input) => searchPassages(chunksOf(tenant), input),

    // A counter moved after every change of the chunks (the worker's result, a deletion), and
    // their count, which also catches a change whose counter step was lost to a crash.
    async revision(tenant, chatbotId) {
      const [changes, count] = await Promise.all([
        store.counters.get(tenant, knowledgeRevisionCounter(chatbotId).name),
        chunksOf(tenant).count({ chatbot_id: chatbotId }),
      ]);
      return `${changes}:${count}`;
    },

    async qaPairs(tenant, chatbotId) {
      const chunks = chunksOf(tenant);
      const pairs: QaPair[] = [];
      let after: { id: string; value: null } | undefined;
      for (;;) {
        const page = await chunks.list({ filter: { chatbot_id: chatbotId, kind: 'qa' }, sort: { field: 'id', direction: 'asc' }, limit: PAGE, after });
        for (const chunk of page) {
          if (chunk.qa) pairs.push({ document_id: chunk.item_id, ...chunk.qa });
        }
        if (page.length < PAGE) return pairs;
        after = { id: page[page.length - 1]!.id, value: null };
      }
    },
  };
}
