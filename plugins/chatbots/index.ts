// Chatbots: the resource, its lifecycle, its settings and its scoped API key.
import type { Plugin } from '@hapi/hapi';
import { areaScope, withScopes, type ChatbotDirectory } from '../../core/index.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { chatbotRoutes } from './routes.js';
import { ChatbotService } from './service.js';
import { settingsRoutes } from './settings-routes.js';
import { completeSettings } from './settings.js';
import { declareChatbots } from './collections.js';

export const chatbotsPlugin: Plugin<void> = {
  name: 'chatbots',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    const chatbots = new ChatbotService(platform, declareChatbots(platform.store));
    server.expose('directory', {
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
    // Other areas delete a deleted chatbot's records through durable reactions; one left by another
    // instance runs only once the chatbot is really gone (its delete may have failed after the job
    // was written, on a store without atomic commits).
    platform.events.reactions.confirmWith('chatbot.deleted', async (event, tenant) => !(await chatbots.repository(tenant).get(event.chatbot_id!)));
    server.route(
      withScopes(
        [...chatbotRoutes(platform, chatbots), ...lifecycleRoutes(platform, chatbots), ...settingsRoutes(platform, chatbots)],
        areaScope('chatbots'),
      ),
    );
  },
};
