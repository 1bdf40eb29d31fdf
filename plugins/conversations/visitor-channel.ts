// The visitor's side of conversations for other channels (the widget), as core/contracts/conversations.ts
// describes it: the same service and rules as the API, presented without what only the account sees
// (confidence, answer types, snippets, metadata).
import { notFound, type ChatbotProfile, type VisitorConversation, type VisitorConversations, type VisitorMessage, type VisitorTurn } from '../../core/index.js';
import type { ConversationService, TurnResult } from './service.js';
import { presentMessage, type Conversation, type ConversationView, type MessageView } from './collections.js';
import { presentTurnEvents, streamedTurn } from './turn-events.js';
import type { TypingMarks } from './typing.js';

function visitorConversation(conversation: Conversation | ConversationView): VisitorConversation {
  return {
    id: conversation.id,
    chatbot_id: conversation.chatbot_id,
    status: conversation.status,
    lead_id: conversation.lead_id,
    started_at: conversation.started_at,
    asks_for_email: conversation.status === 'handoff' && (conversation.handoff_offline ?? false) && conversation.lead_id === null,
  };
}

function visitorMessage(message: MessageView, chatbot: ChatbotProfile): VisitorMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    sources: message.sources.map((source) => ({ title: source.title, url: source.url })),
    suggestions: message.suggestions,
    author: message.author ? { name: message.author.name, avatar_url: message.author.avatar_url } : null,
    feedback: message.feedback,
    attachment: message.attachment,
    created_at: message.created_at,
    unsure: isUnsure(message, chatbot),
  };
}

function visitorTurn(result: TurnResult, chatbot: ChatbotProfile): VisitorTurn {
  return {
    message: visitorMessage(result.message, chatbot),
    reply: result.reply ? visitorMessage(result.reply, chatbot) : null,
    conversation: visitorConversation(result.conversation),
  };
}

/** The fallback, suggestions instead of an answer, or a Q&A answer below the threshold of answering (a reply of earlier builds: "did you mean"). */
function isUnsure(message: MessageView, chatbot: ChatbotProfile): boolean {
  if (message.answer_type === 'fallback' || message.answer_type === 'clarify') return true;
  return message.answer_type === 'qa' && (message.confidence ?? 0) < chatbot.settings.answer.min_confidence;
}

export function visitorChannel(service: ConversationService, typing: TypingMarks): VisitorConversations {
  return {
    async start(tenant, chatbot, input) {
      const conversation = await service.start(tenant, chatbot, {
        visitor: input.visitor ?? {},
        metadata: input.pageUrl ? { page_url: input.pageUrl } : {},
        ...(input.language ? { language: input.language } : {}),
        channel: input.channel,
      });
      return visitorConversation(conversation);
    },
    async find(tenant, chatbot, conversationId) {
      return visitorConversation(await service.find(tenant, chatbot, conversationId));
    },
    async messages(tenant, chatbot, conversation, { afterId, limit }) {
      let after: { value: string; id: string } | undefined;
      if (afterId) {
        const anchor = await service.messages(tenant).get(afterId);
        if (!anchor || anchor.conversation_id !== conversation.id) throw notFound('message', afterId);
        after = { value: anchor.created_at, id: anchor.id };
      }
      const page = await service.messages(tenant).list({
        filter: { conversation_id: conversation.id },
        sort: { field: 'created_at', direction: 'asc' },
        ...(after ? { after } : {}),
        limit: limit + 1,
      });
      return { messages: page.slice(0, limit).map((message) => visitorMessage(presentMessage(message), chatbot)), hasMore: page.length > limit };
    },
    async reply(tenant, chatbot, { conversationId, content, suggestionId }) {
      return visitorTurn(await service.visitorTurn(tenant, chatbot, conversationId, { content, suggestionId }), chatbot);
    },
    async streamReply(tenant, chatbot, { conversationId, content, suggestionId }) {
      return presentTurnEvents(await streamedTurn(service, tenant, chatbot, conversationId, { content, suggestionId }), {
        message: (message) => visitorMessage(message, chatbot),
        turn: (result) => visitorTurn(result, chatbot),
      });
    },
    async rate(tenant, chatbot, conversationId, messageId, rating) {
      const conversation = await service.find(tenant, chatbot, conversationId);
      const message = await service.findMessage(tenant, conversation, messageId);
      return visitorMessage(presentMessage(await service.feedback(tenant, chatbot, conversation, message, { rating, comment: null })), chatbot);
    },
    async attach(tenant, chatbot, conversationId, { name, bytes }) {
      return visitorTurn(await service.attach(tenant, chatbot, conversationId, { role: 'user', author: null, name, bytes }), chatbot);
    },
    file(tenant, conversationId, attachmentId) {
      return service.file(tenant, conversationId, attachmentId);
    },
    async agentTyping(tenant, conversation) {
      const agent = await typing.agentTyping(tenant, conversation.id);
      return agent ? { name: agent.name, avatar_url: agent.avatar_url } : null;
    },
    markVisitorTyping(tenant, conversation, typingNow) {
      return typing.markVisitor(tenant, conversation, typingNow);
    },
    async rateConversation(tenant, chatbot, conversationId, rating) {
      return (await service.rate(tenant, chatbot, conversationId, rating)).csat!;
    },
    async requestDeletion(tenant, chatbot, conversationId) {
      return (await service.requestDeletion(tenant, chatbot, conversationId)).deletion_requested_at!;
    },
    captureLead(tenant, chatbot, input) {
      return service.captureFormLead(tenant, chatbot, input);
    },
  };
}
