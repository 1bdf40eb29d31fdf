// Conversations: chat over the API (replies from the answer engine, streamed or not), handoff to
// humans, feedback, export, and the closing of inactive conversations.
import type { Plugin } from '@hapi/hapi';
import { areaScope, MODES, withScopes, type ConversationFacts, type TenantScope, type VisitorConversations } from '../../core/index.js';
import { createAnswerEngine } from './answer/engine.js';
import { AssignmentRoster, declareAssignmentTurns } from './assignment.js';
import { LlmClient } from './answer/llm.js';
import { exportRoute } from './export.js';
import { conversationFacts } from './facts.js';
import { InactivityCloser } from './inactivity.js';
import { inboxRoutes } from './inbox-routes.js';
import { tellMembersWhoAreNotLooking } from './member-notices.js';
import { messageRoutes } from './message-routes.js';
import { chatbotLookup, conversationRoutes } from './routes.js';
import { ConversationService } from './service.js';
import { declareConversations } from './collections.js';
import { declareTyping, typingRoutes, TypingStore } from './typing.js';
import { visitorChannel } from './visitor-channel.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    conversations: { inactivity: InactivityCloser; visitors: VisitorConversations; facts: ConversationFacts };
  }
}

export const conversationsPlugin: Plugin<void> = {
  name: 'conversations',
  version: '1.0.0',
  dependencies: ['chatbots', 'knowledge', 'leads', 'presence'],
  register(server) {
    const platform = server.platform;
    const collections = declareConversations(platform.store);
    const llm = new LlmClient(platform.config.llm, platform.config.egress.allowed_cidrs);
    const engine = createAnswerEngine(server.plugins.knowledge.retriever, llm, platform.logger);
    const availability = server.plugins.presence.availability;
    const roster = new AssignmentRoster(platform, collections.conversations, declareAssignmentTurns(platform.store), availability);
    const directory = server.plugins.chatbots.directory;
    const profiles = (tenant: TenantScope, chatbotId: string) => directory.profile(tenant, chatbotId);
    const service = new ConversationService(platform, collections, engine, server.plugins.leads.recorder, availability, roster, profiles);
    const chatbots = chatbotLookup(directory);
    const typingRecords = declareTyping(platform.store);
    const typing = new TypingStore(platform, typingRecords);
    // A member available now may take what waits, in every mode of their account.
    availability.onAvailable(async (accountId) => {
      for (const mode of MODES) await service.pickUpWaiting({ accountId, mode });
    });
    const inactivity = new InactivityCloser(platform, service);
    server.expose('inactivity', inactivity);
    server.expose('visitors', visitorChannel(service, typing));
    server.expose('facts', conversationFacts(collections));

    // A deleted chatbot takes its conversations with it.
    platform.events.subscribeDurably('chatbot.deleted', 'conversations.delete-for-chatbot', async (event, tenant) => {
      const chatbotId = event.chatbot_id!;
      await platform.store.commit([
        collections.conversations.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        collections.messages.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        typingRecords.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      ]);
    });

    tellMembersWhoAreNotLooking(platform, collections, server.plugins.chatbots.directory, availability);

    server.plugins.leads.recorder.onDeleted((tenant, leadId) => service.forgetLead(tenant, leadId));

    server.ext('onPostStart', () => inactivity.start());
    platform.background.add(inactivity);
    const inbox = inboxRoutes(platform, service);
    server.ext('onPreStop', () => inbox.closeStreams());
    server.route(
      withScopes(
        [...inbox.routes, ...conversationRoutes(service, chatbots), ...messageRoutes(platform, service, chatbots), ...typingRoutes(service, chatbots, typing), exportRoute(service, chatbots)],
        areaScope('conversations'),
      ),
    );
  },
};
