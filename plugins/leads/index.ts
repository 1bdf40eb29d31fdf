// Leads: contact details captured by chatbots (conversations, the widget form) or sent through the
// API, one lead per e-mail and per phone number per chatbot; the `/leads` routes and their export.
import type { Plugin } from '@hapi/hapi';
import { areaScope, withScopes } from '../../core/index.js';
import { exportRoute } from './export.js';
import { leadRecorder } from './recorder.js';
import { leadRoutes } from './routes.js';
import { LeadService } from './service.js';
import { declareLeads } from './collections.js';

export const leadsPlugin: Plugin<void> = {
  name: 'leads',
  version: '1.0.0',
  dependencies: ['chatbots'],
  register(server) {
    const platform = server.platform;
    const directory = server.plugins.chatbots.directory;
    const service = new LeadService(platform, declareLeads(platform.store), directory);
    server.expose('recorder', leadRecorder(service));
    // A deleted chatbot takes its leads with it, and their personal data out of its lead events.
    platform.events.subscribeDurably('chatbot.deleted', 'leads.delete-for-chatbot', (event, tenant) =>
      service.deleteForChatbot(tenant, event.chatbot_id!),
    );
    server.route(withScopes([...leadRoutes(service, directory), exportRoute(service)], areaScope('leads')));
  },
};
