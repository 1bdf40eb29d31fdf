// The knowledge base: documents, URLs and Q&A pairs a chatbot answers from, processed in the
// background and searched through an in-memory index per chatbot (./index/).
import type { Plugin } from '@hapi/hapi';
import { areaScope, Fetcher, withScopes } from '../../core/index.js';
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

export const knowledgePlugin: Plugin<void> = {
  name: 'knowledge',
  version: '1.0.0',
  dependencies: ['chatbots'],
  register(server) {
    const platform = server.platform;
    const knowledge = declareKnowledge(platform.store);
    // Documents and pages are read in worker threads with memory and time limits (parsing/pool.ts).
    const parser = new ParserPool();
    const worker = new KnowledgeWorker(platform, knowledge, new Fetcher({ allowedCidrs: platform.config.fetch.allowed_cidrs, egressCidrs: platform.config.egress.allowed_cidrs, limits: platform.config.fetch }), parser);
    server.expose('worker', worker);
    const retriever = knowledgeRetriever(platform.store, knowledge, {
      indexMemoryBytes: platform.config.knowledge.index_memory_mb * 1024 * 1024,
      logger: platform.logger,
      onIndexLookup: (hit) => platform.metrics.recordCacheLookup('knowledge_index', hit),
    });
    server.expose('retriever', retriever);

    // A deleted chatbot takes its knowledge with it.
    platform.events.subscribeDurably('chatbot.deleted', 'knowledge.delete-for-chatbot', async (event, tenant) => {
      const chatbotId = event.chatbot_id!;
      await platform.store.commit([
        knowledge.items.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        knowledge.chunks.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      ]);
    });

    // What the learning area changes in the knowledge, and the shapes its route answers with.
    server.expose('curation', new KnowledgeCurator(platform, knowledge, worker));
    server.expose('schemas', { chatbotParams: knowledgeParams, item: itemResponse, qaFromMessage: qaFromMessageInput });

    server.ext('onPostStart', () => {
      worker.startSchedule();
      worker.nudge(); // catch up with what was due while no instance ran
    });
    platform.background.add(worker); // stopped at shutdown: the item in progress is aborted and released
    server.ext('onPostStop', () => parser.close());
    server.route(withScopes(knowledgeRoutes(platform, knowledge, server.plugins.chatbots.directory, worker, retriever), areaScope('knowledge')));
  },
};
