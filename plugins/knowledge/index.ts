// The knowledge base: documents, URLs and Q&A pairs a chatbot answers from, processed in the
// background and searched through an in-memory index per chatbot (./index/).
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { KnowledgeCurator } from './curation.js';
import { ParserPool } from './parsing/pool.js';
import { knowledgeRetriever } from './retriever.js';
import { knowledgeRoutes } from './routes.js';
import { itemResponse, knowledgeParams, qaFromMessageInput } from './schemas.js';
import { declareKnowledge } from './collections.js';
import { KnowledgeWorker } from './worker.js';

declare module '../../core/index.js' {
  interface KnowledgePluginApi {
    worker: KnowledgeWorker;
  }
}

export const knowledgePlugin: BuiltInPlugin = {
  name: 'knowledge',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [
    { type: 'knowledge.ready', description: 'A knowledge item was processed: its chunks are searchable' },
    { type: 'knowledge.failed', description: 'A knowledge item could not be processed (`error` says why)' },
  ],
  register(api) {
    const { config, metrics } = api.privileged.platform;
    const knowledge = declareKnowledge(api);
    // Documents and pages are read in worker threads with memory and time limits (parsing/pool.ts).
    const parser = new ParserPool();
    // Its loops are stopped at shutdown: the item in progress is aborted and released.
    const worker = new KnowledgeWorker(api, knowledge, api.fetcher(), parser);
    api.privileged.provide('worker', worker);
    const retriever = knowledgeRetriever(api, knowledge, {
      indexMemoryBytes: config.knowledge.index_memory_mb * 1024 * 1024,
      logger: api.logger,
      onIndexLookup: (hit) => metrics.recordCacheLookup('knowledge_index', hit),
    });
    api.privileged.provide('retriever', retriever);

    // A deleted chatbot takes its knowledge with it.
    api.events.subscribeDurably('chatbot.deleted', 'knowledge.delete-for-chatbot', async (event, tenant) => {
      const chatbotId = event.chatbot_id!;
      await api.commit([
        knowledge.items.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        knowledge.chunks.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      ]);
    });

    // What the learning area changes in the knowledge, and the shapes its route answers with.
    api.privileged.provide('curation', new KnowledgeCurator(api, knowledge, worker));
    api.privileged.provide('schemas', { chatbotParams: knowledgeParams, item: itemResponse, qaFromMessage: qaFromMessageInput });

    api.privileged.server.ext('onPostStart', () => {
      worker.startSchedule();
      worker.nudge(); // catch up with what was due while no instance ran
    });
    api.privileged.server.ext('onPostStop', () => parser.close());
    api.route(withScopes(knowledgeRoutes(api, knowledge, api.services.chatbots, worker, retriever), areaScope('knowledge')));
  },
};
