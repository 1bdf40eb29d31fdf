// GET /chatbots/{id}/knowledge/embeddings: how far hybrid retrieval has embedded the chatbot's
// knowledge, so an owner can tell when meaning is in use and why it is not.
import Joi from 'joi';
import { notFound, tenantOf, type BuiltInPluginApi, type PluginRoute } from '../../../core/index.js';
import { knowledgeParams } from '../schemas.js';
import type { SemanticKnowledge } from './semantic-knowledge.js';

const embeddingStatusResponse = Joi.object({
  chatbot_id: Joi.string().required(),
  retrieval: Joi.string().valid('lexical', 'hybrid').required(),
  embedding_provider: Joi.string().allow(null).required(),
  model: Joi.string().allow(null).required().description('The provider’s embedding model; null without a usable provider'),
  chunks: Joi.number().integer().min(0).required().description('Passages and Q&A pairs of the knowledge'),
  embedded: Joi.number().integer().min(0).required().description('Of them, those with vectors of this model'),
  running: Joi.boolean().required().description('An embedding run is under way on the instance that answered'),
  last_error: Joi.object({
    message: Joi.string().required(),
    retry_after: Joi.string().isoDate().required().description('When a question may start the next run'),
  })
    .allow(null)
    .required()
    .label('EmbeddingFailure')
    .description('Why the last run on the instance that answered failed; null when it did not'),
}).label('KnowledgeEmbeddings');

export function embeddingRoutes(api: BuiltInPluginApi, semantic: SemanticKnowledge): PluginRoute[] {
  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge/embeddings',
      options: {
        description: 'How far the knowledge is embedded for hybrid retrieval',
        notes:
          'For `answer.retrieval: hybrid`: how many of the chatbot’s chunks have vectors of its embedding provider’s model. ' +
          'Embedding runs in the background (started when the settings are saved and by questions that find chunks without ' +
          'vectors); until every chunk has them, those without are found by words only. `running` and `last_error` are of the ' +
          'instance that answered. A provider that is gone or names no embedding model: `model` null, `embedded` 0.',
        tags: ['api', 'knowledge'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params: knowledgeParams },
        response: { schema: embeddingStatusResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const id = (request.params as { id: string }).id;
          const chatbot = await api.services.chatbots.profile(tenant, id);
          if (!chatbot) throw notFound('chatbot', id);
          const { retrieval, embedding_provider: providerId } = chatbot.settings.answer;
          const status = await semantic.status(tenant, id, providerId);
          return { chatbot_id: id, retrieval, embedding_provider: providerId, ...status };
        },
      },
    },
  ];
}
