// Chatbots: the resource, its lifecycle, its settings and its scoped API key.
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin, type ChatbotDirectory, type TenantScope } from '../../core/index.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { chatbotRoutes } from './routes.js';
import { ChatbotService } from './service.js';
import { settingsRoutes } from './settings-routes.js';
import { completeSettings } from './settings.js';
import { declareChatbots } from './collections.js';

export const chatbotsPlugin: BuiltInPlugin = {
  name: 'chatbots',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [
    { type: 'chatbot.created', description: 'A chatbot was created' },
    { type: 'chatbot.updated', description: 'A chatbot changed: its fields, its settings or its status (paused, resumed, archived, restored)' },
    { type: 'chatbot.deleted', description: 'A chatbot was deleted for good; every area deletes its records for it' },
  ],
  register(api) {
    const chatbots = new ChatbotService(api, declareChatbots(api));
    api.privileged.provide('directory', {
      async find(tenant, chatbotId) {
        const chatbot = await chatbots.repository(tenant).get(chatbotId);
        return chatbot && { id: chatbot.id, status: chatbot.status, language: chatbot.language };
      },
      async profile(tenant, chatbotId) {
        const chatbot = await chatbots.repository(tenant).get(chatbotId);
        if (!chatbot) return null;
        const { id, status, language, name, personality, welcome_message } = chatbot;
        return { id, status, language, name, personality, welcome_message, settings: completeSettings(chatbot.settings) };
      },
    } satisfies ChatbotDirectory);
    // Scanned, not queried: settings are one nested field, and a plan's chatbots are few.
    api.privileged.provide('modelProviderUsers', async (tenant: TenantScope, providerId: string, use?: 'embedding') =>
      (await chatbots.repository(tenant).list({ limit: 10_000 }))
        .filter(({ settings }) => (use !== 'embedding' && settings?.answer?.provider === providerId) || settings?.answer?.embedding_provider === providerId)
        .map((chatbot) => chatbot.id),
    );
    // Other areas delete a deleted chatbot's records through durable reactions; one left by another
    // instance runs only once the chatbot is really gone (its delete may have failed after the job
    // was written, on a store without atomic commits).
    api.privileged.platform.outbox.reactions.confirmWith('chatbot.deleted', async (event, tenant) => !(await chatbots.repository(tenant).get(event.chatbot_id!)));
    api.route(withScopes([...chatbotRoutes(api, chatbots), ...lifecycleRoutes(api, chatbots), ...settingsRoutes(api, chatbots)], areaScope('chatbots')));
  },
};
