// The knowledge base: documents, URLs and Q&A pairs a chatbot answers from, processed in the
// background and searched through an in-memory index per chatbot (./index/).
import { areaScope, modelClients, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { KnowledgeCurator } from './curation.js';
import { ParserPool } from './parsing/pool.js';
import { knowledgeRetriever } from './retriever.js';
import { knowledgeRoutes } from './routes.js';
import { itemResponse, knowledgeParams, qaFromMessageInput } from './schemas.js';
import { declareKnowledge } from './collections.js';
import { KnowledgeWorker } from './worker.js';
import { declareEmbeddingJobs, declareEmbeddings } from './semantic/embeddings.js';
import { embeddingRoutes } from './semantic/routes.js';
import { VectorScanThreads } from './semantic/scan-threads.js';
import { SemanticKnowledge } from './semantic/semantic-knowledge.js';

/**
 * How long a question's embedding may take before the turn answers lexically: a chat turn is
 * otherwise tens of milliseconds, and a slow provider must not make every turn slow.
 */
const QUERY_EMBED_TIMEOUT_MS = 2_000;

declare module '../../core/index.js' {
  interface KnowledgePluginApi {
    worker: KnowledgeWorker;
    semantic: SemanticKnowledge;
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
    const embeddings = declareEmbeddings(api);
    const embeddingJobs = declareEmbeddingJobs(api);
    // Threads that share the scans of large vector indexes; started with the first such index.
    const scanThreads = new VectorScanThreads(config.knowledge.vector_scan_threads, undefined, api.logger);
    api.privileged.server.ext('onPostStop', () => scanThreads.close());
    const semantic = new SemanticKnowledge({
      chunks: knowledge.chunks,
      embeddings,
      jobs: embeddingJobs,
      // A worker-role loop, stopped with the others at shutdown: a run stops between two batches
      // (what it stored stays), and a batch in flight past the deadline is left to the next run.
      loop: (pass) => api.loop('knowledge embeddings', pass),
      counters: api.counters,
      // As much again as the lexical indexes may take: vectors are the larger part of a hybrid chatbot.
      indexMemoryBytes: config.knowledge.index_memory_mb * 1024 * 1024,
      scanThreads,
      providers: () => api.privileged.services['model-providers'].registry,
      client: modelClients(config).tenant,
      queryTimeoutMs: Math.min(QUERY_EMBED_TIMEOUT_MS, config.llm.timeout_ms),
      logger: api.logger,
      now: () => api.now(),
    });
    api.privileged.provide('semantic', semantic);
    const retriever = knowledgeRetriever(api, knowledge, {
      indexMemoryBytes: config.knowledge.index_memory_mb * 1024 * 1024,
      logger: api.logger,
      onIndexLookup: (hit) => metrics.recordCacheLookup('knowledge_index', hit),
      semantic,
    });
    api.privileged.provide('retriever', retriever);

    // A deleted chatbot takes its knowledge with it.
    api.events.subscribeDurably('chatbot.deleted', 'knowledge.delete-for-chatbot', async (event, tenant) => {
      const chatbotId = event.chatbot_id!;
      await api.commit([
        knowledge.items.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        knowledge.chunks.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        embeddings.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        embeddingJobs.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      ]);
    });

    // What the learning area changes in the knowledge, and the shapes its route answers with.
    api.privileged.provide('curation', new KnowledgeCurator(api, knowledge, worker));
    api.privileged.provide('schemas', { chatbotParams: knowledgeParams, item: itemResponse, qaFromMessage: qaFromMessageInput });

    api.privileged.server.ext('onPostStart', () => {
      worker.startSchedule();
      worker.nudge(); // catch up with what was due while no instance ran
      // As the knowledge worker: every minute beside the API, every 5 s on a worker-only instance,
      // which never hears the nudges of the API instances that make jobs due.
      semantic.startSchedule(config.server.roles.includes('api') ? '* * * * *' : '*/5 * * * * *');
    });
    api.privileged.server.ext('onPostStop', () => parser.close());
    api.route(withScopes([...knowledgeRoutes(api, knowledge, api.services.chatbots, worker, retriever), ...embeddingRoutes(api, semantic, knowledge)], areaScope('knowledge')));
  },
};
