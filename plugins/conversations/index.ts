// Conversations: chat over the API (replies from the answer engine, streamed or not), handoff to
// humans, feedback, export, and the closing of inactive conversations.
import {
  areaScope,
  attachmentBodyLimit,
  MODES,
  modelClients,
  TokenBudget,
  PLUGIN_API_VERSION,
  withScopes,
  type BuiltInPlugin,
  type ConversationFacts,
  type TenantScope,
  type VisitorConversations,
} from '../../core/index.js';
import { createAnswerEngine } from './answer/engine.js';
import { attachmentRoutes } from './attachment-routes.js';
import { deleteFiles } from './attachments.js';
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

export const conversationsPlugin: BuiltInPlugin = {
  name: 'conversations',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [
    { type: 'conversation.started', description: 'A conversation started (through the API or the widget)' },
    { type: 'message.created', description: 'A message was written in a conversation: by the visitor, the chatbot or an agent' },
    { type: 'message.rated', description: 'A reply of the chatbot was rated, or its rating changed' },
    { type: 'conversation.handoff', description: 'A conversation was handed off to a person: the chatbot stops answering' },
    { type: 'conversation.assigned', description: 'Who has a handed-off conversation changed (assigned, reassigned or unassigned)' },
    { type: 'conversation.ended', description: 'A conversation ended (by a person, through the API, or after inactivity)' },
    { type: 'conversation.rated', description: 'The visitor rated the conversation after its end' },
    { type: 'conversation.deletion_requested', description: 'The visitor asked, from the widget, for the conversation to be deleted: deleting it is the owner’s act' },
    { type: 'chatbot.error', description: 'The chatbot could not work out a reply (its language model or its retrieval failed) and gave its fallback' },
  ],
  register(api) {
    const { config } = api.privileged.platform;
    // `messages`, `assignment_turns` and `conversation_typing` predate the rule that an area's collections start with its name.
    const collections = declareConversations(api.privileged);
    const budget = new TokenBudget(config, api.privileged.platform.accounts, api.counters, () => api.now());
    const llm = new LlmClient(config.llm, modelClients(config), () => api.privileged.services['model-providers'].registry, budget, api.logger);
    const engine = createAnswerEngine(api.services.knowledge, llm, api.logger);
    const availability = api.privileged.services.presence.availability;
    const roster = new AssignmentRoster(api, collections.conversations, declareAssignmentTurns(api.privileged), availability);
    const directory = api.services.chatbots;
    const profiles = (tenant: TenantScope, chatbotId: string) => directory.profile(tenant, chatbotId);
    const service = new ConversationService(api, collections, engine, api.services.leads, availability, roster, profiles);
    const chatbots = chatbotLookup(directory);
    const typingRecords = declareTyping(api.privileged);
    const typing = new TypingStore(api, typingRecords);
    // A member available now may take what waits, in every mode of their account.
    availability.onAvailable(async (accountId) => {
      for (const mode of MODES) await service.pickUpWaiting({ accountId, mode });
    });
    const inactivity = new InactivityCloser(api, service);
    api.privileged.provide('inactivity', inactivity);
    api.privileged.provide('visitors', visitorChannel(service, typing));
    api.privileged.provide('facts', conversationFacts(collections));

    // A deleted chatbot takes its conversations with it.
    api.events.subscribeDurably('chatbot.deleted', 'conversations.delete-for-chatbot', async (event, tenant) => {
      const chatbotId = event.chatbot_id!;
      await api.commit([
        collections.conversations.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        collections.messages.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        typingRecords.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
        ...deleteFiles(collections.files, tenant, { chatbot_id: chatbotId }),
      ]);
    });

    tellMembersWhoAreNotLooking(api, collections, directory, availability);

    api.services.leads.onDeleted((tenant, leadId) => service.forgetLead(tenant, leadId));

    api.privileged.server.ext('onPostStart', () => inactivity.start());
    const inbox = inboxRoutes(api, service);
    api.privileged.server.ext('onPreStop', () => inbox.closeStreams());
    api.route(
      withScopes(
        [...inbox.routes, ...conversationRoutes(service, chatbots), ...messageRoutes(api, service, chatbots), ...attachmentRoutes(service, chatbots, attachmentBodyLimit(config)), ...typingRoutes(service, chatbots, typing), exportRoute(service, chatbots)],
        areaScope('conversations'),
      ),
    );
  },
};
