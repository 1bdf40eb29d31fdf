// What the conversations plugin offers other areas (`server.plugins.conversations.facts`): the
// records of conversations and messages, read only; for analytics by time range, a page at a time,
// for learning from use, saved replies' variables and plugins (`api.services.conversations.facts`) one by one. Each time a figure is
// counted by is written on the record in the same write as the change it dates (a start, an end, a
// resolution, a rating), so a crash never loses or doubles a fact and reading a range twice gives
// the same answer.
import type { TenantScope } from '../store/types.js';

/** Records whose time is in [fromMs, toMs), of one chatbot when `chatbotId` is set. */
export interface FactRange {
  fromMs: number;
  toMs: number;
  chatbotId?: string | null;
}

export interface ConversationFact {
  /** `conv_<ulid>`: the id starts with the time the conversation started. */
  id: string;
  chatbot_id: string;
  language: string;
  ended_at: string | null;
  resolution: 'resolved' | 'unresolved' | 'escalated' | null;
  /**
   * When the resolution it has now was set on the ended conversation (at the end, or changed
   * later); null while it is open, or when it ended before the field existed (then: `ended_at`).
   */
  resolution_at: string | null;
  /** The visitor's rating on the 1–5 scale of `csat_average` (core/csat.ts), and when it was given; null until rated. */
  csat_points: number | null;
  csat_at: string | null;
}

export interface MessageFact {
  /** `msg_<ulid>`: the id starts with the time the message was written. */
  id: string;
  chatbot_id: string;
  conversation_id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  answer_type: 'rule' | 'qa' | 'knowledge' | 'llm' | 'clarify' | 'fallback' | null;
  response_time_ms: number | null;
  /** A language model's reply: its tokens (0 on every other message). */
  tokens_in: number;
  tokens_out: number;
  feedback: 'up' | 'down' | null;
  /** When the rating it has now was given; null when unrated, or rated before the field existed. */
  feedback_at: string | null;
  /** A `clarify` reply's suggestions, best first; empty on other messages. */
  suggestions: Array<{ knowledge_id: string; question: string }>;
  /** A visitor message sent by choosing a suggestion: the item chosen; null when typed. */
  suggestion_id: string | null;
}

export interface ConversationParticipant {
  id: string;
  chatbot_id: string;
  visitor_name: string | null;
  visitor_email: string | null;
}

/** Each iterable reads its range in pages (of a few hundred records), in id order. */
export interface ConversationFacts {
  /** Conversations started in the range (by id). */
  started(tenant: TenantScope, range: FactRange): AsyncIterable<ConversationFact>;
  /** Conversations ended in the range (by `ended_at`). */
  ended(tenant: TenantScope, range: FactRange): AsyncIterable<ConversationFact>;
  /** Ended conversations whose resolution was set (or changed) in the range (by `resolution_at`). */
  resolutionsSet(tenant: TenantScope, range: FactRange): AsyncIterable<ConversationFact>;
  /** Conversations the visitor rated in the range (by `csat_at`). */
  csatGiven(tenant: TenantScope, range: FactRange): AsyncIterable<ConversationFact>;
  /** Messages written in the range (by id). */
  written(tenant: TenantScope, range: FactRange): AsyncIterable<MessageFact>;
  /** Replies rated in the range (by `feedback_at`). */
  rated(tenant: TenantScope, range: FactRange): AsyncIterable<MessageFact>;
  /** The visitor message a reply answered: the message just before it when that is the visitor's, else null. */
  questionBefore(tenant: TenantScope, reply: { id: string; conversation_id: string }): Promise<MessageFact | null>;
  /** The message just before this one in its conversation, whoever wrote it; null for the first. */
  messageBefore(tenant: TenantScope, message: { id: string; conversation_id: string }): Promise<MessageFact | null>;
  /** One message, or null when the tenant has none by that id. */
  message(tenant: TenantScope, messageId: string): Promise<MessageFact | null>;
  /** One conversation, or null when the tenant has none by that id. */
  conversation(tenant: TenantScope, conversationId: string): Promise<ConversationFact | null>;
  /** Who a conversation is with, for texts written to them (saved replies' variables); null when the tenant has none by that id. */
  participant(tenant: TenantScope, conversationId: string): Promise<ConversationParticipant | null>;
  /** A conversation's visitor (`user`) messages, oldest first, read a page at a time. */
  visitorMessages(tenant: TenantScope, conversationId: string): AsyncIterable<MessageFact>;
  /** The language of each of these conversations that exists; at most 100 ids per call. */
  languages(tenant: TenantScope, conversationIds: string[]): Promise<Map<string, string>>;
  /** When the tenant's first conversation still stored started, or null. */
  firstStartedAt(tenant: TenantScope): Promise<string | null>;
}
