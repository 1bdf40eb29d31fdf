// The knowledge base as the answer engine sees it (core/services/knowledge.ts): ranked passages,
// and the Q&A pairs with a revision to cache them under.
import type { KnowledgeRetriever, QaPair } from '../../core/services/knowledge.js';
import type { TenantScope } from '../../core/store/types.js';
import { searchPassages } from './search.js';
import type { KnowledgeCollections } from './store.js';

const PAGE = 500;

export function knowledgeRetriever(knowledge: KnowledgeCollections): KnowledgeRetriever {
  const chunksOf = (tenant: TenantScope) => knowledge.chunks.forTenant(tenant);
  return {
    searchPassages: (tenant, input) => searchPassages(chunksOf(tenant), input),

    // Processing replaces an item's chunks with new ones (new ids), so the count and the newest id of
    // the Q&A chunks change with every addition, edit and removal.
    async qaRevision(tenant, chatbotId) {
      const filter = { chatbot_id: chatbotId, kind: 'qa' };
      const chunks = chunksOf(tenant);
      const [count, newest] = await Promise.all([chunks.count(filter), chunks.list({ filter, limit: 1 })]);
      return `${count}:${newest[0]?.id ?? ''}`;
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
