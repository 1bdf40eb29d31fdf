// GET /chatbots/{id}/knowledge/embeddings: how far hybrid retrieval has embedded the chatbot's
// knowledge, so an owner can tell when meaning is in use and why it is not; …/embeddings/items: the
// same per knowledge item, a page at a time.
import Joi from 'joi';
import type { Request } from '@hapi/hapi';
import { listQuerySchema, notFound, pageSchema, paginate, tenantOf, withTimeFilter, type BuiltInPluginApi, type ListParams, type PluginRoute } from '../../../core/index.js';
import type { KnowledgeCollections } from '../collections.js';
import { knowledgeParams } from '../schemas.js';
import type { SemanticKnowledge } from './semantic-knowledge.js';

const embeddingStatusResponse = Joi.object({
  chatbot_id: Joi.string().required(),
  retrieval: Joi.string().valid('lexical', 'hybrid').required(),
  embedding_provider: Joi.string().allow(null).required(),
  model: Joi.string().allow(null).required().description('The provider’s embedding model; null without a usable provider'),
  chunks: Joi.number().integer().min(0).required().description('Passages and Q&A pairs of the knowledge'),
  embedded: Joi.number().integer().min(0).required().description('Of them, those with vectors of this model'),
  running: Joi.boolean().required().description('An embedding run is due or under way (on a worker instance)'),
  last_error: Joi.object({
    message: Joi.string().required(),
    retry_after: Joi.string().isoDate().allow(null).required().description('When the next run starts; null: given up after too many failures, until the settings are saved again'),
  })
    .allow(null)
    .required()
    .label('EmbeddingFailure')
    .description('Why the last run failed; null when it did not'),
}).label('KnowledgeEmbeddings');

const itemEmbeddingsResponse = Joi.object({
  item_id: Joi.string().required(),
  type: Joi.string().required(),
  title: Joi.string().allow(null).required(),
  status: Joi.string().required().description('The item’s processing status: its chunks exist once it is `ready`'),
  chunks: Joi.number().integer().min(0).required().description('The item’s passages or Q&A pair'),
  embedded: Joi.number().integer().min(0).required().description('Of them, those with vectors of the embedding provider’s model (0 without one)'),
}).label('KnowledgeItemEmbeddings');

export function embeddingRoutes(api: BuiltInPluginApi, semantic: SemanticKnowledge, knowledge: KnowledgeCollections): PluginRoute[] {
  async function chatbotOf(request: Request) {
    const id = (request.params as { id: string }).id;
    const chatbot = await api.services.chatbots.profile(tenantOf(request), id);
    if (!chatbot) throw notFound('chatbot', id);
    return chatbot;
  }

  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge/embeddings',
      options: {
        description: 'How far the knowledge is embedded for hybrid retrieval',
        notes:
          'For `answer.retrieval: hybrid`: how many of the chatbot’s chunks have vectors of its embedding provider’s model. ' +
          'Embedding runs in the background on a worker instance (made due when the settings are saved and by questions that find ' +
          'chunks without vectors); until every chunk has them, those without are found by words only. A failed run is tried ' +
          'again later, then given up until the settings are saved again. A provider that is gone or names no embedding model: ' +
          '`model` null, `embedded` 0.',
        tags: ['api', 'knowledge'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params: knowledgeParams },
        response: { schema: embeddingStatusResponse },
        handler: async (request) => {
          const chatbot = await chatbotOf(request);
          const { retrieval, embedding_provider: providerId } = chatbot.settings.answer;
          const status = await semantic.status(tenantOf(request), chatbot.id, providerId);
          return { chatbot_id: chatbot.id, retrieval, embedding_provider: providerId, ...status };
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge/embeddings/items',
      options: {
        description: 'How far each knowledge item is embedded',
        notes:
          'The knowledge items, a page at a time in the order of `GET /chatbots/{id}/knowledge`, each with how many of its chunks ' +
          'have vectors of the chatbot’s embedding provider’s model. An item still processing has no chunks yet; one whose ' +
          '`embedded` is below its `chunks` is found by words only until a run embeds the rest.',
        tags: ['api', 'knowledge'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params: knowledgeParams, query: listQuerySchema },
        response: { schema: pageSchema(itemEmbeddingsResponse) },
        handler: async (request) => {
          const chatbot = await chatbotOf(request);
          const tenant = tenantOf(request);
          const params = request.query as ListParams;
          const page = await paginate(knowledge.items.forTenant(tenant), params, {
            filter: withTimeFilter({ chatbot_id: chatbot.id }, params),
            present: (item) => ({ item_id: item.id, type: item.type, title: item.title, status: item.status }),
          });
          const progress = await semantic.itemProgress(tenant, chatbot.id, chatbot.settings.answer.embedding_provider, page.data.map((item) => item.item_id));
          return { ...page, data: page.data.map((item) => ({ ...item, ...progress.get(item.item_id)! })) };
        },
      },
    },
  ];
}
