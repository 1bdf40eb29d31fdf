// Saved replies ("canned responses"): texts an account's agents insert into their answers in the
// inbox (`/refund` → the refund policy), for every chatbot or one, with variables filled in from
// the conversation. The `/saved-replies` routes; the dashboard's reply box searches them.
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { savedReplyRoutes } from './routes.js';
import { declareSavedReplies, declareSavedReplyUses } from './collections.js';

export const savedRepliesPlugin: BuiltInPlugin = {
  name: 'saved-replies',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const collection = declareSavedReplies(api);
    // `saved_reply_uses` predates the rule that an area's collections start with its name.
    const uses = declareSavedReplyUses(api.privileged);
    // A deleted chatbot takes its own saved replies (and their uses) with it; those for every chatbot stay.
    api.events.subscribeDurably('chatbot.deleted', 'saved-replies.delete-for-chatbot', async (event, tenant) => {
      const replies = collection.forTenant(tenant);
      for (;;) {
        const doomed = await replies.list({ filter: { chatbot_id: event.chatbot_id! }, limit: 200 });
        if (doomed.length === 0) return;
        const ids = doomed.map((reply) => reply.id);
        // Uses first: a crash in between leaves replies whose next run deletes them, never uses of nothing.
        await uses.forTenant(tenant).deleteMany({ saved_reply_id: { in: ids } });
        await replies.deleteMany({ id: { in: ids } });
      }
    });
    const routes = savedReplyRoutes({ api, collection, uses, chatbots: api.services.chatbots, conversations: api.services.conversations.facts });
    // Saved replies are part of answering conversations: the conversations scopes cover them.
    api.route(withScopes(routes, areaScope('conversations')));
  },
};
