// GET and PUT /chatbots/{id}/settings: the chatbot's behaviour.
import { apiError, tenantOf, type BuiltInPluginApi, type PluginRoute } from '../../core/index.js';
import { chatbotIdOf, chatbotIdParams } from './schemas.js';
import type { ChatbotService } from './service.js';
import { presentSettings, settingsInputFor, settingsResponse, type BehaviourSettings } from './settings.js';
import type { ChatbotDoc } from './collections.js';

export function settingsRoutes(api: BuiltInPluginApi, chatbots: ChatbotService): PluginRoute[] {
  const platform = api.privileged.platform;
  const settingsInput = settingsInputFor(Object.keys(platform.config.llm.providers));
  /** `answer.provider` must name a provider the operator configured (config `llm.providers`). */
  function assertProviderKnown(settings: BehaviourSettings): void {
    const provider = settings.answer.provider;
    if (provider === null || provider in platform.config.llm.providers) return;
    const known = Object.keys(platform.config.llm.providers);
    const message = `"answer.provider" must be one of the providers this server offers (${known.length > 0 ? known.join(', ') : 'none configured'})`;
    throw apiError(400, 'validation_failed', message, {
      details: [{ path: 'answer.provider', message, type: 'any.only' }],
    });
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
          'operator configured (`llm.providers`). Archived chatbots are read-only (409 `chatbot_archived`).',
        tags: ['api', 'chatbots'],
        plugins: { platform: { chatbotKey: true, errors: { 409: ['chatbot_archived'] } } },
        validate: { params: chatbotIdParams, payload: settingsInput.required() },
        response: { schema: settingsResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.find(tenant, chatbotIdOf(request));
          chatbots.assertWritable(chatbot);
          const { personality, language, welcome_message, ...settings } = request.payload as BehaviourSettings &
            Pick<ChatbotDoc, 'personality' | 'language' | 'welcome_message'>;
          assertProviderKnown(settings);
          const updated = await chatbots.update(tenant, chatbot, {
            personality,
            language,
            welcome_message: welcome_message === '' ? null : welcome_message,
            settings,
          });
          return presentSettings(updated);
        },
      },
    },
  ];
}
