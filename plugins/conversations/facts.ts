// The conversations plugin's side of core/contracts/conversation-facts.ts: its records read by time
// range for analytics, a page at a time, through the fields and indexes store.ts declares for it;
// and single records for the knowledge base's learning from use.
import {
  csatPoints,
  idRange,
  recordsInPages,
  type ConversationFact,
  type ConversationFacts,
  type FactRange,
  type Filter,
  type MessageFact,
  type Stored,
  type TenantScope,
} from '../../core/index.js';
import { previousMessage, type ConversationCollections, type ConversationDoc, type MessageDoc } from './collections.js';

const PAGE = 500;

const iso = (ms: number) => new Date(ms).toISOString();

function conversationFact(conversation: Stored<ConversationDoc>): ConversationFact {
  return {
    id: conversation.id,
    chatbot_id: conversation.chatbot_id,
    language: conversation.language,
    ended_at: conversation.ended_at,
    resolution: conversation.resolution,
    resolution_at: conversation.resolution_at ?? null,
    csat_points: conversation.csat ? csatPoints(conversation.csat.scale, conversation.csat.score) : null,
    csat_at: conversation.csat_at ?? null,
  };
}

function messageFact(message: Stored<MessageDoc>): MessageFact {
  return {
    id: message.id,
    chatbot_id: message.chatbot_id,
    conversation_id: message.conversation_id,
    role: message.role,
    content: message.content,
    answer_type: message.answer_type,
    response_time_ms: message.response_time_ms,
    tokens_in: message.usage?.tokens_in ?? 0,
    tokens_out: message.usage?.tokens_out ?? 0,
    feedback: message.feedback,
    feedback_at: message.feedback_at ?? null,
    suggestions: (message.suggestions ?? []).map(({ knowledge_id, question }) => ({ knowledge_id, question })),
    suggestion_id: message.suggestion_id ?? null,
  };
}

export function conversationFacts(collections: ConversationCollections): ConversationFacts {
  const messageBefore: ConversationFacts['messageBefore'] = async (tenant, message) => {
    const before = await previousMessage(collections.messages.forTenant(tenant), message);
    return before && messageFact(before);
  };
  const scoped = (range: FactRange, filter: Filter): Filter => (range.chatbotId ? { ...filter, chatbot_id: range.chatbotId } : filter);
  const byTime = (range: FactRange) => ({ gte: iso(range.fromMs), lt: iso(range.toMs) });

  async function* conversations(tenant: TenantScope, range: FactRange, field: 'id' | 'ended_at' | 'resolution_at' | 'csat_at') {
    const condition = field === 'id' ? idRange('conv', range.fromMs, range.toMs) : byTime(range);
    for await (const conversation of recordsInPages(collections.conversations.forTenant(tenant), scoped(range, { [field]: condition }), PAGE, field)) {
      yield conversationFact(conversation);
    }
  }

  async function* messages(tenant: TenantScope, range: FactRange, field: 'id' | 'feedback_at') {
    const condition = field === 'id' ? idRange('msg', range.fromMs, range.toMs) : byTime(range);
    for await (const message of recordsInPages(collections.messages.forTenant(tenant), scoped(range, { [field]: condition }), PAGE, field)) {
      yield messageFact(message);
    }
  }

  return {
    started: (tenant, range) => conversations(tenant, range, 'id'),
    ended: (tenant, range) => conversations(tenant, range, 'ended_at'),
    resolutionsSet: (tenant, range) => conversations(tenant, range, 'resolution_at'),
    csatGiven: (tenant, range) => conversations(tenant, range, 'csat_at'),
    written: (tenant, range) => messages(tenant, range, 'id'),
    rated: (tenant, range) => messages(tenant, range, 'feedback_at'),
    async questionBefore(tenant, reply) {
      const before = await messageBefore(tenant, reply);
      return before?.role === 'user' ? before : null;
    },
    messageBefore,
    async message(tenant, messageId) {
      const message = await collections.messages.forTenant(tenant).get(messageId);
      return message && messageFact(message);
    },
    async conversation(tenant, conversationId) {
      const conversation = await collections.conversations.forTenant(tenant).get(conversationId);
      return conversation && conversationFact(conversation);
    },
    async participant(tenant, conversationId) {
      const conversation = await collections.conversations.forTenant(tenant).get(conversationId);
      if (!conversation) return null;
      const { name, email } = conversation.visitor ?? {};
      return { id: conversation.id, chatbot_id: conversation.chatbot_id, visitor_name: name ?? null, visitor_email: email ?? null };
    },
    async *visitorMessages(tenant, conversationId) {
      const filter = { conversation_id: conversationId, role: 'user' };
      for await (const message of recordsInPages(collections.messages.forTenant(tenant), filter, PAGE)) yield messageFact(message);
    },
    async languages(tenant, ids) {
      if (ids.length > 100) throw new RangeError('at most 100 conversation ids per call');
      const languages = new Map<string, string>();
      if (ids.length === 0) return languages;
      for (const conversation of await collections.conversations.forTenant(tenant).list({ filter: { id: { in: ids } }, limit: ids.length })) {
        languages.set(conversation.id, conversation.language);
      }
      return languages;
    },
    async firstStartedAt(tenant) {
      const [first] = await collections.conversations.forTenant(tenant).list({ sort: { field: 'id', direction: 'asc' }, limit: 1 });
      return first?.started_at ?? null;
    },
  };
}
