// What the conversations plugin offers other channels (`server.plugins.conversations.visitors`,
// and plugins' `api.services.conversations.visitors`): the visitor's side of a conversation, for
// channels other than the API (the website widget). The rules (paused and archived chatbots, ended
// conversations, the answer engine, leads, events) stay in the conversations plugin; a channel only
// presents what it gets. No HTTP here: a turn yields its events and each channel renders them.
import Joi from 'joi';
import { MAX_ATTACHMENT_BYTES } from '../../config/plans.js';
import type { CsatScale } from '../csat.js';
import type { TenantScope } from '../store/types.js';
import type { ChatbotProfile, ChatbotSummary } from './chatbots.js';
import type { LeadDetails } from './leads.js';

/** The longest chat message, in characters (docs/ARCHITECTURE.md A1), on every channel. */
export const MAX_MESSAGE_LENGTH = 4000;

/**
 * What every channel's "send a message" body holds for the visitor (the API's and the widget's):
 * typed `content`, or a suggestion of the last reply chosen by `suggestion_id` (then `content` is
 * optional: the suggestion's question is stored). One definition, so the two channels cannot drift.
 */
export function visitorSaysKeys() {
  return {
    content: Joi.string()
      .trim()
      .min(1)
      .max(MAX_MESSAGE_LENGTH)
      .when('suggestion_id', { is: Joi.exist(), then: Joi.optional(), otherwise: Joi.required() })
      .description('The message; optional with `suggestion_id` (the suggestion’s question is stored)'),
    suggestion_id: Joi.string()
      .max(200)
      .description(
        'Choosing a suggestion of the conversation’s last reply (a `clarify`): that item is answered, nothing is guessed. 422 `suggestion_not_offered` for an item the last reply did not offer',
      ),
  };
}

/**
 * A file sent into a conversation, as both channels take it: the bytes in base64 (as knowledge
 * documents are sent) and the name it had. The type is read from the bytes.
 */
export function attachmentUploadKeys() {
  return {
    name: Joi.string().trim().min(1).max(255).required().description('The file’s name as the sender had it; kept with the extension of what the bytes are'),
    content_base64: Joi.string()
      .base64()
      .max(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4)
      .required()
      .description('The file, base64: a PNG, JPEG, GIF or WebP image or a PDF, within the plan’s size (the type is read from the bytes)'),
  };
}

/** What a message says of its file: the bytes are read at the attachment's route. */
export const messageAttachmentSchema = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  content_type: Joi.string().valid('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf').required().description('Read from the bytes'),
  size: Joi.number().integer().min(1).required().description('Bytes'),
}).label('MessageAttachment');

export interface MessageAttachmentView {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

/** A file of a conversation with its bytes, to serve. */
export interface ConversationFile {
  attachment: MessageAttachmentView;
  bytes: Buffer;
}

export interface VisitorConversation {
  id: string;
  chatbot_id: string;
  status: 'open' | 'handoff' | 'ended';
  lead_id: string | null;
  started_at: string;
  /** Handed off while nobody could answer, and no e-mail left yet: the widget asks for one. */
  asks_for_email: boolean;
}

/** The member who wrote an agent message, or who is typing, as the visitor sees them: never their e-mail. */
export interface VisitorAgent {
  name: string;
  avatar_url: string | null;
}

export interface VisitorMessage {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  /** An agent message's member; null for the bot's, the visitor's and those sent with an API key. */
  author: VisitorAgent | null;
  sources: Array<{ title: string | null; url: string | null }>;
  /** A reply that was not sure offers these (best first): sending one back as `suggestionId` answers it. */
  suggestions: Array<{ knowledge_id: string; question: string }>;
  feedback: 'up' | 'down' | null;
  /** A file sent as the message (its content is then empty); null for words. */
  attachment: MessageAttachmentView | null;
  created_at: string;
  /** A reply that did not know: the fallback, or suggestions instead of an answer. */
  unsure: boolean;
}

/** The visitor's rating of a whole conversation (1–5 `stars`, or `thumbs`: 1 up, 0 down). */
export interface VisitorRating {
  score: number;
  scale: CsatScale;
  comment: string | null;
  rated_at: string;
}

export interface VisitorTurn {
  message: VisitorMessage;
  reply: VisitorMessage | null;
  conversation: VisitorConversation;
}

/**
 * What a turn yields as it happens: the visitor's `message` once stored, the reply's text in
 * `delta`s (a reply made at once, not by a streaming model, arrives in pieces too), then the whole
 * turn in `done`. A failure after the first event ends the iteration with the error.
 */
export type TurnEvent<Message, Turn> =
  | { type: 'message'; message: Message }
  | { type: 'delta'; content: string }
  | { type: 'done'; turn: Turn };

export type VisitorTurnEvent = TurnEvent<VisitorMessage, VisitorTurn>;

/** The visitor's message in a conversation: what a turn is asked for. */
export interface VisitorTurnInput {
  conversationId: string;
  /** Typed text; with `suggestionId` optional (the suggestion's question is stored). */
  content?: string;
  /** A suggestion of the conversation's last reply, chosen. */
  suggestionId?: string;
}

export interface VisitorConversations {
  start(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    input: { channel: 'widget'; language?: string; pageUrl?: string | null; visitor?: { id: string; name?: string; email?: string; verified: boolean } },
  ): Promise<VisitorConversation>;
  /** 404 conversation_not_found unless it is this chatbot's. */
  find(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string): Promise<VisitorConversation>;
  /** Messages in order, only those after `afterId` when given (404 message_not_found for a foreign id). */
  messages(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    conversation: VisitorConversation,
    options: { afterId: string | null; limit: number },
  ): Promise<{ messages: VisitorMessage[]; hasMore: boolean }>;
  /** The visitor's message and the reply, at once. */
  reply(tenant: TenantScope, chatbot: ChatbotProfile, input: VisitorTurnInput): Promise<VisitorTurn>;
  /**
   * The same turn as its events, for a channel that shows the reply as it is written. What
   * refuses the turn (a paused or archived chatbot, an ended or foreign conversation) rejects here,
   * before any event; the turn then runs to its end whether or not the events are read.
   */
  streamReply(tenant: TenantScope, chatbot: ChatbotProfile, input: VisitorTurnInput): Promise<AsyncIterable<VisitorTurnEvent>>;
  /**
   * The visitor sends a file (the chatbot does not reply to it): 415 `unsupported_attachment_type`,
   * 413 `attachment_too_large`, 403 `attachments_not_allowed` on the account's plan, 409
   * `attachment_limit_reached`.
   */
  attach(tenant: TenantScope, chatbot: ChatbotProfile, conversationId: string, file: { name: string; bytes: Buffer }): Promise<VisitorTurn>;
  /** A file of the conversation with its bytes: 404 `attachment_not_found` for another conversation's. */
  file(tenant: TenantScope, conversationId: string, attachmentId: string): Promise<ConversationFile>;
  /** The agent typing in the conversation now, or null. */
  agentTyping(tenant: TenantScope, conversation: VisitorConversation): Promise<VisitorAgent | null>;
  /** The visitor typing (or stopped): 409 conversation_not_in_handoff unless an agent has the conversation. */
  markVisitorTyping(tenant: TenantScope, conversation: VisitorConversation, typing: boolean): Promise<void>;
  rate(tenant: TenantScope, chatbot: ChatbotProfile, conversationId: string, messageId: string, rating: 'up' | 'down'): Promise<VisitorMessage>;
  /**
   * Rates the ended conversation, once (publishes `conversation.rated`): 409 `conversation_not_ended`
   * before its end, 409 `already_rated` after a first rating.
   */
  rateConversation(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string, rating: Omit<VisitorRating, 'rated_at'>): Promise<VisitorRating>;
  /**
   * The visitor asks for the conversation's deletion: recorded and published as
   * `conversation.deletion_requested` once; resolves with when it was first asked.
   */
  requestDeletion(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string): Promise<string>;
  /** A lead given through a form: recorded as `source` and linked both ways with the conversation. */
  captureLead(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    input: { conversationId: string | null; source: 'widget_form' | 'handoff_offline' | 'widget_identity'; details: LeadDetails },
  ): Promise<{ id: string; created: boolean }>;
}
