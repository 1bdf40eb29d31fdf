// The website widget: its settings API, the public routes a page's script talks to (CORS per
// chatbot, per-IP limits, conversation tokens) and the script itself (built from ./client).
import type { Plugin } from '@hapi/hapi';
import { areaScope, withScopes } from '../../core/index.js';
import { WidgetDirectory } from './directory.js';
import { registerWidgetAccess } from './public-access.js';
import { publicWidgetRoutes } from './public-routes.js';
import { scriptRoute } from './script-route.js';
import { widgetSettingsRoutes } from './settings-routes.js';
import { declareWidgetCollections } from './collections.js';

export const widgetPlugin: Plugin<void> = {
  name: 'widget',
  version: '1.0.0',
  dependencies: ['chatbots', 'conversations'],
  async register(server) {
    const platform = server.platform;
    const collections = declareWidgetCollections(platform.store);
    const widgets = new WidgetDirectory(platform, collections);
    const chatbots = server.plugins.chatbots.directory;

    // Every chatbot has its widget record from the start: the public routes find its account by it.
    platform.events.subscribeDurably('chatbot.created', 'widget.create-for-chatbot', async (event, tenant) => {
      await widgets.ensure(tenant, event.chatbot_id!);
    });
    platform.events.subscribeDurably('chatbot.deleted', 'widget.delete-for-chatbot', async (event, tenant) => {
      await widgets.deleteForChatbot(tenant, event.chatbot_id!);
    });

    await registerWidgetAccess(server, platform, widgets, collections);
    server.route([
      ...withScopes(widgetSettingsRoutes(platform, chatbots, widgets), areaScope('chatbots')),
      ...publicWidgetRoutes(collections, chatbots, server.plugins.conversations.visitors, platform.logger),
      scriptRoute(),
    ]);
  },
};
