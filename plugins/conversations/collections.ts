// The conversations and messages collections, and their API forms.
import type { Collection, CsatScale, CollectionDeclarer, Repository, Stored } from '../../core/index.js';
import { declareAttachments, presentAttachment, type AttachmentCollections, type MessageAttachment } from './attachments.js';

export const CONVERSATION_STATUSES = ['open', 'handoff', 'ended'] as const;
export const CHANNELS = ['api', 'widget'] as const;
export const RESOLUTIONS = ['resolved', 'unresolved', 'escalated'] as const;
export const ENDED_REASONS = ['api', 'visitor', 'inactivity'] as const;
export const ROLES = ['user', 'assistant', 'agent'] as const;
export const ANSWER_TYPES = ['rule', 'qa', 'knowledge', 'llm', 'clarify', 'fallback'] as const;

export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type Resolution = (typeof RESOLUTIONS)[number];
export type EndedReason = (typeof ENDED_REASONS)[number];
export type Role = (typeof ROLES)[number];
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** The visitor's rating of the whole conversation, given once after it ended. */
export interface Csat {
  score: number;
  scale: CsatScale;
  comment: string | null;
  rated_at: string;
}

export interface Visitor {
  id?: string;
  name?: string;
  email?: string;
  phone?: string;
  locale?: string;
  /** Set by the widget for a visitor the site named: true when the site proved it (identity verification). */
  verified?: boolean;
}

export interface ConversationDoc {
  chatbot_id: string;
  status: ConversationStatus;
  channel: (typeof CHANNELS)[number];
  /** The language replies are written in: the visitor's when given at start, else the chatbot's. */
  language: string;
  visitor: Visitor;
  metadata: Record<string, unknown>;
  message_count: number;
  /** Visitor messages only: when to ask for contact details. */
  user_message_count: number;
  resolution: Resolution | null;
  /** Who decided the resolution: the rules at the end (`auto`) or a caller (`api`), which then sticks. */
  resolution_source: 'auto' | 'api' | null;
  /**
   * When the resolution it has now was set on the ended conversation (at the end, or changed after
   * it): the hour analytics count it in. Null while open; absent on records ended by earlier builds.
   */
  resolution_at?: string | null;
  ended_reason: EndedReason | null;
  lead_id: string | null;
  /** What the resolution rules look at. */
  had_fallback: boolean;
  had_negative_feedback: boolean;
  had_handoff: boolean;
  /**
   * Handed off when nobody could answer (outside business hours, no member available): the visitor
   * was asked for an e-mail. Cleared when an agent writes or the conversation goes back to the bot.
   * Absent on records of earlier builds (false).
   */
  handoff_offline?: boolean;
  /**
   * The member a handed-off conversation is assigned to (null: unassigned), and their name as it was
   * then. Cleared when it goes back to the bot; kept when it ends (who handled it). Absent on records
   * of earlier builds (unassigned).
   */
  assignee_id?: string | null;
  assignee_name?: string | null;
  /** When the current assignment was made. */
  assigned_at?: string | null;
  /**
   * When it was last handed off: who waited longest is picked up first. Absent on records of
   * earlier builds, which sort first (they waited longer than any handed off since).
   */
  handoff_at?: string | null;
  /** The visitor's rating after the end; absent or null until rated. */
  csat?: Csat | null;
  /**
   * The same as `csat.rated_at`, at the top level: analytics read ratings by the hour they were
   * given in, through an index on it.
   */
  csat_at?: string | null;
  /** When the visitor asked, from the widget, for the conversation to be deleted; absent or null until then. */
  deletion_requested_at?: string | null;
  /** When the chatbot asked for contact details; the next visitor message may answer it. */
  lead_requested_at: string | null;
  /**
   * Files attached so far, counted in the conversation's own versioned change so that two files
   * sent at once cannot both take the last place (a count of the attachment records cannot order
   * them on a store that applies a commit write by write). Absent on conversations from before it:
   * their records are counted.
   */
  attachment_count?: number;
  /** When inactivity ends the conversation (the claims' due field); null once ended. */
  close_at: string | null;
  /** Failed tries in a row to end it for inactivity; see retryAfterFailure. */
  close_failures?: number;
  started_at: string;
  last_message_at: string | null;
  ended_at: string | null;
  /** The same as started_at: the field the time filters of lists read. */
  created_at: string;
  updated_at: string;
}

export type Conversation = Stored<ConversationDoc>;

export interface Source {
  document_id: string;
  title: string | null;
  url: string | null;
  snippet: string;
  score: number;
}

/** An item a `clarify` reply offered: what the visitor may choose (`POST …/messages` with `suggestion_id`). */
export interface StoredSuggestion {
  knowledge_id: string;
  /** What the visitor sees: a Q&A pair's question, or a passage's document title and heading. */
  question: string;
  /** The passage of a document that was offered; null for a Q&A pair. Not shown: the item is what is chosen. */
  chunk_id: string | null;
}

export interface MessageDoc {
  chatbot_id: string;
  conversation_id: string;
  role: Role;
  content: string;
  answer_type: AnswerType | null;
  confidence: number | null;
  sources: Source[];
  response_time_ms: number | null;
  /** A language model's reply: the tokens it used. Absent on other messages and earlier records. */
  usage?: { tokens_in: number; tokens_out: number } | null;
  feedback: 'up' | 'down' | null;
  feedback_comment: string | null;
  /** When the rating it has now was given: the hour analytics count it in. Absent on earlier records. */
  feedback_at?: string | null;
  /** A `clarify` reply's suggestions, best first; absent on other messages and earlier records. */
  suggestions?: StoredSuggestion[];
  /** A visitor message sent by choosing a suggestion: the item chosen. Absent when typed. */
  suggestion_id?: string | null;
  /**
   * The signed-in member who wrote an agent message, with their name and avatar as they were then
   * (what the visitor saw). Null for API keys, the bot and the visitor; absent on earlier records.
   */
  author_id?: string | null;
  author_name?: string | null;
  author_avatar_url?: string | null;
  /** A file sent as the message (its content is then empty): what it is; the bytes are the attachment's. Absent on others. */
  attachment?: MessageAttachment | null;
  created_at: string;
}

export interface MessageAuthor {
  member_id: string;
  name: string;
  avatar_url: string | null;
}

export type Message = Stored<MessageDoc>;

export interface ConversationCollections {
  conversations: Collection<ConversationDoc>;
  messages: Collection<MessageDoc>;
  files: AttachmentCollections;
}

export function declareConversations(store: CollectionDeclarer): ConversationCollections {
  return {
    conversations: store.collection<ConversationDoc>({
      name: 'conversations',
      scope: 'tenant',
      indexes: [
        { fields: ['chatbot_id'] },
        { fields: ['chatbot_id', 'status'] },
        { fields: ['chatbot_id', 'channel'] },
        { fields: ['chatbot_id', 'resolution'] },
        // The inbox lists every chatbot's conversations by status (handed-off ones first).
        { fields: ['status'] },
        // Sparse: null until set, queried for a value only (every turn writes the conversation).
        { fields: ['lead_id'], sparse: true },
        // "Mine" and "unassigned" in the inbox; a member's open handoffs, counted by automatic assignment.
        { fields: ['assignee_id', 'status'] },
        // Analytics read ends and resolutions by the hour they happened in.
        { fields: ['ended_at'], sparse: true },
        { fields: ['resolution_at'], sparse: true },
        { fields: ['csat_at'], sparse: true },
      ],
      claims: { dueField: 'close_at' },
    }),
    messages: store.collection<MessageDoc>({
      name: 'messages',
      scope: 'tenant',
      // feedback_at: analytics read ratings by the hour they were given in.
      indexes: [{ fields: ['conversation_id'] }, { fields: ['chatbot_id'] }, { fields: ['feedback_at'], sparse: true }],
    }),
    files: declareAttachments(store),
  };
}

/** The message just before `message` in its conversation (ids sort by time), whoever wrote it; null for the first. */
export async function previousMessage(messages: Repository<MessageDoc>, message: { id: string; conversation_id: string }): Promise<Message | null> {
  const filter = { conversation_id: message.conversation_id, id: { lt: message.id } };
  const [before] = await messages.list({ filter, sort: { field: 'id', direction: 'desc' }, limit: 1 });
  return before ?? null;
}

export function presentConversation(conversation: Conversation) {
  return {
    id: conversation.id,
    chatbot_id: conversation.chatbot_id,
    status: conversation.status,
    channel: conversation.channel,
    language: conversation.language,
    visitor: conversation.visitor,
    metadata: conversation.metadata,
    message_count: conversation.message_count,
    resolution: conversation.resolution,
    ended_reason: conversation.ended_reason,
    lead_id: conversation.lead_id,
    handoff_offline: conversation.handoff_offline ?? false,
    assignee: conversation.assignee_id ? { member_id: conversation.assignee_id, name: conversation.assignee_name ?? '' } : null,
    csat: conversation.csat ?? null,
    deletion_requested_at: conversation.deletion_requested_at ?? null,
    started_at: conversation.started_at,
    last_message_at: conversation.last_message_at,
    ended_at: conversation.ended_at,
  };
}

export type ConversationView = ReturnType<typeof presentConversation>;

export function presentMessage(message: Message) {
  return {
    id: message.id,
    conversation_id: message.conversation_id,
    chatbot_id: message.chatbot_id,
    role: message.role,
    content: message.content,
    answer_type: message.answer_type,
    confidence: message.confidence,
    sources: message.sources,
    suggestions: (message.suggestions ?? []).map(({ knowledge_id, question }) => ({ knowledge_id, question })),
    suggestion_id: message.suggestion_id ?? null,
    response_time_ms: message.response_time_ms,
    usage: message.usage ?? null,
    feedback: message.feedback,
    feedback_comment: message.feedback_comment,
    author: message.author_id ? { member_id: message.author_id, name: message.author_name ?? '', avatar_url: message.author_avatar_url ?? null } : null,
    attachment: message.attachment ? presentAttachment(message.attachment) : null,
    created_at: message.created_at,
  };
}

export type MessageView = ReturnType<typeof presentMessage>;
