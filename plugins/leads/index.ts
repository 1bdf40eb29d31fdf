// Leads: contact details captured by chatbots. This area stores them and publishes lead.captured;
// its API (`/leads`) comes with the leads issue.
import type { Plugin } from '@hapi/hapi';
import { leadRecorder } from './recorder.js';
import { declareLeads } from './store.js';

export const leadsPlugin: Plugin<void> = {
  name: 'leads',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    const leads = declareLeads(platform.store);
    server.expose('recorder', leadRecorder(platform, leads));
    // A deleted chatbot takes its leads with it.
    platform.events.subscribeDurably('chatbot.deleted', 'leads.delete-for-chatbot', async (event, tenant) => {
      await leads.forTenant(tenant).deleteMany({ chatbot_id: event.chatbot_id! });
    });
  },
};
