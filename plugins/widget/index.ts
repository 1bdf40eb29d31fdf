// The website widget: its settings API, the public routes a page's script talks to (CORS per
// chatbot, per-IP limits, conversation tokens) and the script itself (built from ./client).
import { areaScope, attachmentAllowance, attachmentBodyLimit, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin, type TenantScope } from '../../core/index.js';
import { WidgetDirectory } from './directory.js';
import { registerWidgetAccess } from './public-access.js';
import { publicWidgetRoutes } from './public-routes.js';
import { scriptRoute, uiStringsRoute } from './script-route.js';
import { widgetSettingsRoutes } from './settings-routes.js';
import { declareWidgetCollections } from './collections.js';

export const widgetPlugin: BuiltInPlugin = {
  name: 'widget',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  async register(api) {
    // `widgets` predates the rule that an area's collections start with its name.
    const collections = declareWidgetCollections(api.privileged);
    const widgets = new WidgetDirectory(api, collections);
    const chatbots = api.services.chatbots;

    // Every chatbot has its widget record from the start: the public routes find its account by it.
    api.events.subscribeDurably('chatbot.created', 'widget.create-for-chatbot', async (event, tenant) => {
      await widgets.ensure(tenant, event.chatbot_id!);
    });
    api.events.subscribeDurably('chatbot.deleted', 'widget.delete-for-chatbot', async (event, tenant) => {
      await widgets.deleteForChatbot(tenant, event.chatbot_id!);
    });

    await registerWidgetAccess(api, widgets, collections);
    api.route(withScopes(widgetSettingsRoutes(api, chatbots, widgets), areaScope('chatbots')));
    // The public routes take the visitor's token or no credentials, and the script is served outside /api/v1.
    const { platform } = api.privileged;
    const allowance = (tenant: TenantScope) => attachmentAllowance(platform.config, platform.accounts, tenant);
    const visitors = api.services.conversations.visitors;
    api.privileged.server.route([...publicWidgetRoutes(collections, chatbots, visitors, api.logger, () => platform.secrets(), allowance, attachmentBodyLimit(platform.config)), scriptRoute(), uiStringsRoute()]);
  },
};
