// GET and PUT /chatbots/{id}/settings: the chatbot's behaviour.
import { apiError, notFound, tenantOf, type BuiltInPluginApi, type PluginRoute, type TenantScope } from '../../core/index.js';
import { chatbotIdOf, chatbotIdParams } from './schemas.js';
import type { ChatbotService } from './service.js';
import { MODEL_PROVIDER_ID, presentSettings, settingsInputFor, settingsResponse, type BehaviourSettings } from './settings.js';
import type { ChatbotDoc } from './collections.js';

export function settingsRoutes(api: BuiltInPluginApi, chatbots: ChatbotService): PluginRoute[] {
  const platform = api.privileged.platform;
  const settingsInput = settingsInputFor(Object.keys(platform.config.llm.providers));
  /**
   * `answer.provider` must name a provider the operator configured (config `llm.providers`) or one of
   * the account's model providers (read when used: that area registers after this one).
   */
  async function assertProviderKnown(tenant: TenantScope, settings: BehaviourSettings): Promise<void> {
    const provider = settings.answer.provider;
    if (provider === null || provider in platform.config.llm.providers) return;
    if (MODEL_PROVIDER_ID.test(provider)) {
      // The id is well formed (the schema says so): one the account lacks is a missing resource.
      if (await api.privileged.services['model-providers'].registry.resolve(tenant, provider)) return;
      throw notFound('model_provider', provider);
    }
    const known = Object.keys(platform.config.llm.providers);
    const message = `"answer.provider" must be one of the providers this server offers (${known.length > 0 ? known.join(', ') : 'none configured'}) or the id of one of the account’s model providers`;
    throw apiError(400, 'validation_failed', message, {
      details: [{ path: 'answer.provider', message, type: 'any.only' }],
    });
  }

  /** `answer.embedding_provider` must be one of the account's model providers, naming an embedding model. */
  async function assertEmbeddingProviderUsable(tenant: TenantScope, settings: BehaviourSettings): Promise<void> {
    const id = settings.answer.embedding_provider;
    if (id === null) return;
    const provider = await api.privileged.services['model-providers'].registry.resolve(tenant, id);
    if (!provider) throw notFound('model_provider', id);
    if (!provider.embedding_model) {
      throw apiError(409, 'model_provider_without_embedding_model', `Model provider ${id} names no embedding model: set its embedding_model first`);
    }
  }

  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/settings',
      options: {
        description: 'Get a chatbot’s settings',
        tags: ['api', 'chatbots'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params: chatbotIdParams },
        response: { schema: settingsResponse },
        handler: async (request) => presentSettings(await chatbots.find(tenantOf(request), chatbotIdOf(request))),
      },
    },
    {
      method: 'PUT',
      path: '/chatbots/{id}/settings',
      options: {
        description: 'Replace a chatbot’s settings',
        notes:
          'Replaces the whole settings object: a field left out takes its default. `personality`, `language` and ' +
          '`welcome_message` are the chatbot’s own fields. `answer.provider` names a language-model provider the ' +
          'operator configured (`llm.providers`) or the id of one of the account’s model providers (`/model-providers`; one it lacks: 404 `model_provider_not_found`). ' +
          '`answer.embedding_provider` (for `answer.retrieval: hybrid`) is one of the account’s model providers with an embedding model ' +
          '(without one: 409 `model_provider_without_embedding_model`). Archived chatbots are read-only (409 `chatbot_archived`).',
        tags: ['api', 'chatbots'],
        plugins: { platform: { chatbotKey: true, errors: { 404: ['model_provider_not_found'], 409: ['chatbot_archived', 'model_provider_without_embedding_model'] } } },
        validate: { params: chatbotIdParams, payload: settingsInput.required() },
        response: { schema: settingsResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.find(tenant, chatbotIdOf(request));
          chatbots.assertWritable(chatbot);
          const { personality, language, welcome_message, ...settings } = request.payload as BehaviourSettings &
            Pick<ChatbotDoc, 'personality' | 'language' | 'welcome_message'>;
          await assertProviderKnown(tenant, settings);
          await assertEmbeddingProviderUsable(tenant, settings);
          const updated = await chatbots.update(tenant, chatbot, {
            personality,
            language,
            welcome_message: welcome_message === '' ? null : welcome_message,
            settings,
          });
          // Hybrid retrieval: the knowledge is embedded in the background from now on (a run that
          // gave up after failures starts again: saving is the owner's way to say "try again").
          // The settings are saved by now: a failure to schedule the run is logged, not answered
          // as a 5xx of a save that happened (the next question asks for the run again).
          const { retrieval, embedding_provider: embeddingProvider } = settings.answer;
          if (retrieval === 'hybrid' && embeddingProvider) {
            await api.privileged.services.knowledge.semantic
              .prepare(tenant, chatbot.id, embeddingProvider, { force: true })
              .catch((error: unknown) => api.logger.warn({ err: error, chatbot_id: chatbot.id }, 'scheduling the embedding run failed; the next question asks for it'));
          }
          return presentSettings(updated);
        },
      },
    },
  ];
}
