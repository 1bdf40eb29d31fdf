// Canned responses: saved replies an account's agents insert when they answer a handed-off
// conversation ("/refund" → the refund policy), shared by every chatbot or kept to one, with a use
// count to see which ones matter. An external plugin of the chatbot platform: the platform loads it
// when PLUGINS names this package, and hands `register` its plugin API (docs/PLUGINS.md).
import { cannedResponseRoutes } from './routes.js';
import { declareCannedResponses } from './store.js';

/** @type {import('chatbot-platform/plugin').PlatformPlugin} */
const plugin = {
  name: 'canned-responses',
  version: '1.0.0',
  platformApi: '^1.0.0',
  events: [
    { type: 'canned_response.created', description: 'A canned response was created' },
    { type: 'canned_response.updated', description: 'A canned response was changed' },
    { type: 'canned_response.deleted', description: 'A canned response was deleted (also when its chatbot was)' },
  ],
  register(api) {
    const collection = declareCannedResponses(api);
    api.route(cannedResponseRoutes(api, collection));

    // A deleted chatbot takes its canned responses with it: a durable reaction, retried by any
    // instance until it succeeds, so none is left behind by a crash.
    api.events.subscribeDurably('chatbot.deleted', 'delete-for-chatbot', async (event, tenant) => {
      const responses = collection.forTenant(tenant);
      for (;;) {
        const doomed = await responses.list({ filter: { chatbot_id: event.chatbot_id }, limit: 200 });
        if (doomed.length === 0) return;
        await api.events.publishAll(
          tenant,
          doomed.map((record) => ({ type: 'canned_response.deleted', chatbotId: record.chatbot_id, data: { id: record.id, deleted: true } })),
          doomed.map((record) => responses.ops.delete(record.id)),
        );
      }
    });
  },
};

export default plugin;
