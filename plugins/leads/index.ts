// Leads: contact details captured by chatbots (conversations, the widget form) or sent through the
// API, one lead per e-mail and per phone number per chatbot; the `/leads` routes and their export.
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { exportRoute } from './export.js';
import { leadRecorder } from './recorder.js';
import { leadRoutes } from './routes.js';
import { LeadService } from './service.js';
import { declareLeads } from './collections.js';

export const leadsPlugin: BuiltInPlugin = {
  name: 'leads',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [
    { type: 'lead.captured', description: 'A lead was captured: by a chatbot in a conversation, by the widget form, or through the API' },
    { type: 'lead.updated', description: 'A lead changed (`previous_attributes` holds what it was)' },
  ],
  register(api) {
    const directory = api.services.chatbots;
    const service = new LeadService(api, declareLeads(api), directory);
    api.privileged.provide('recorder', leadRecorder(service));
    // A deleted chatbot takes its leads with it, and their personal data out of its lead events.
    api.events.subscribeDurably('chatbot.deleted', 'leads.delete-for-chatbot', (event, tenant) => service.deleteForChatbot(tenant, event.chatbot_id!));
    api.route(withScopes([...leadRoutes(service, directory), exportRoute(service)], areaScope('leads')));
  },
};
