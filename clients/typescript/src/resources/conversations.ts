import { conversationStreamEvents, type ConversationStreamEvent } from '../conversation-stream.js';
import type { RequestOptions } from '../http.js';
import { turnEvents, type TurnStreamEvent } from '../streaming.js';
import type { Body, Query } from '../types.js';
import { Resource, chatbotPath } from './resource.js';

/** A file to send by its bytes: `sendAttachment` sends them base64, as `content_base64`. */
export interface AttachmentFile {
  /** The file's name as the sender had it (the server keeps it with the extension of what the bytes are). */
  name: string;
  data: Uint8Array;
}

/** What a conversation's file may be: its type is read from its bytes when it is sent. */
const ATTACHMENT_TYPES = 'image/png, image/jpeg, image/gif, image/webp, application/pdf';

/** Bytes as base64, a piece at a time (one spread of a whole file would overflow the stack). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export class Conversations extends Resource {
  /** A chatbot's conversations, newest first. */
  list(chatbotId: string, query?: Query<'listConversations'>, options?: RequestOptions) {
    return this.paged('listConversations', chatbotPath(chatbotId, 'conversations'), query, options);
  }
  /** The inbox: conversations across the account's chatbots. */
  listInbox(query?: Query<'listInboxConversations'>, options?: RequestOptions) {
    return this.paged('listInboxConversations', '/api/v1/conversations', query, options);
  }
  /** How many conversations are in each status (the inbox's badges), with the inbox's filters. */
  counts(query?: Query<'getConversationCounts'>, options?: RequestOptions) {
    return this.call('getConversationCounts', { method: 'GET', path: '/api/v1/conversations/counts', query, options });
  }
  /**
   * The account's conversation.* and message.* events as they happen (what the dashboard's inbox
   * listens to): `ready` first, then each event; `reset` when some may have been missed. It does not
   * end by itself: `break` closes the connection, and so does aborting `options.signal`, which ends
   * the iteration. A chatbot's key gets its chatbot's events only.
   */
  async *events(query?: Query<'streamConversationEvents'>, options?: RequestOptions): AsyncGenerator<ConversationStreamEvent> {
    const call = { method: 'GET', path: '/api/v1/conversations/stream', query, accept: 'text/event-stream', options } as const;
    let response: Response;
    try {
      response = await this.transport.send(call);
    } catch (error) {
      if (options?.signal?.aborted) return;
      throw error;
    }
    yield* conversationStreamEvents(response, call, options?.signal);
  }
  /** Conversations of a chatbot as text: JSON Lines (each with its messages) by default, `format: 'csv'` for CSV. */
  export(chatbotId: string, query?: Query<'exportConversations'>, options?: RequestOptions) {
    const path = chatbotPath(chatbotId, 'conversations', 'export');
    return this.text('exportConversations', { method: 'GET', path, query, accept: 'application/x-ndjson, text/csv', options });
  }
  create(chatbotId: string, body: Body<'createConversation'> = {}, options?: RequestOptions) {
    return this.call('createConversation', { method: 'POST', path: chatbotPath(chatbotId, 'conversations'), body, options });
  }
  get(chatbotId: string, conversationId: string, options?: RequestOptions) {
    return this.call('getConversation', { method: 'GET', path: chatbotPath(chatbotId, 'conversations', conversationId), options });
  }
  update(chatbotId: string, conversationId: string, body: Body<'updateConversation'>, options?: RequestOptions) {
    return this.call('updateConversation', { method: 'PATCH', path: chatbotPath(chatbotId, 'conversations', conversationId), body, options });
  }
  delete(chatbotId: string, conversationId: string, options?: RequestOptions) {
    return this.call('deleteConversation', { method: 'DELETE', path: chatbotPath(chatbotId, 'conversations', conversationId), options });
  }
  end(chatbotId: string, conversationId: string, body: Body<'endConversation'> = {}, options?: RequestOptions) {
    return this.call('endConversation', { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'end'), body, options });
  }
  /** Hands the conversation to people: the chatbot stops replying until it is released. */
  handoff(chatbotId: string, conversationId: string, body: Body<'handoffConversation'> = {}, options?: RequestOptions) {
    return this.call('handoffConversation', { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'handoff'), body, options });
  }
  release(chatbotId: string, conversationId: string, options?: RequestOptions) {
    return this.call('releaseConversation', { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'release'), options });
  }
  assign(chatbotId: string, conversationId: string, body: Body<'assignConversation'>, options?: RequestOptions) {
    return this.call('assignConversation', { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'assign'), body, options });
  }
  /** The messages, newest first (`order: 'asc'` for oldest first). */
  messages(chatbotId: string, conversationId: string, query?: Query<'listMessages'>, options?: RequestOptions) {
    return this.paged('listMessages', chatbotPath(chatbotId, 'conversations', conversationId, 'messages'), query, options);
  }
  /** A message and the chatbot's reply, whole: `reply` is null while the conversation is handed off. */
  send(chatbotId: string, conversationId: string, body: Body<'sendMessage'>, options?: RequestOptions) {
    return this.call('sendMessage', { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'messages'), body, options });
  }
  /**
   * A message and the chatbot's reply as it is written: `message`, `delta` events, then `done`
   * with the same turn as `send` answers. Errors before the stream are thrown by the first step;
   * it is not sent again after a broken connection (a streamed answer is not kept for replay).
   */
  async *stream(chatbotId: string, conversationId: string, body: Body<'sendMessage'>, options?: RequestOptions): AsyncGenerator<TurnStreamEvent> {
    const call = { method: 'POST', path: chatbotPath(chatbotId, 'conversations', conversationId, 'messages'), body, accept: 'text/event-stream', options } as const;
    yield* turnEvents(await this.transport.send(call), call);
  }
  /**
   * Sends a file to the visitor as an agent, in a handed-off conversation: a PNG, JPEG, GIF or WebP
   * image or a PDF, as the API takes it (`{ name, content_base64 }`) or by its bytes
   * (`{ name, data }`, sent base64). The turn's message has `attachment` (`id`, `name`,
   * `content_type`, `size`) and empty `content`; `reply` is null.
   */
  sendAttachment(chatbotId: string, conversationId: string, body: Body<'sendAttachment'> | AttachmentFile, options?: RequestOptions) {
    const sent: Body<'sendAttachment'> = 'data' in body ? { name: body.name, content_base64: base64Of(body.data) } : body;
    const path = chatbotPath(chatbotId, 'conversations', conversationId, 'attachments');
    return this.call('sendAttachment', { method: 'POST', path, body: sent, options });
  }
  // The answer's type is written out: inferred, the declarations would say
  // `Uint8Array<ArrayBufferLike>`, which TypeScript before 5.7 (its Uint8Array not generic) cannot read.
  /**
   * A file of the conversation: its bytes as they were sent. Its name, `content_type` and size are
   * on the message's `attachment`.
   */
  getAttachment(chatbotId: string, conversationId: string, attachmentId: string, options?: RequestOptions): Promise<Uint8Array> {
    const path = chatbotPath(chatbotId, 'conversations', conversationId, 'attachments', attachmentId);
    return this.bytes('getAttachment', { method: 'GET', path, accept: ATTACHMENT_TYPES, options });
  }
  /** The contact details the visitor left (their lead). */
  contact(chatbotId: string, conversationId: string, options?: RequestOptions) {
    return this.call('getConversationContact', { method: 'GET', path: chatbotPath(chatbotId, 'conversations', conversationId, 'contact'), options });
  }
  /** Who typed in the last 6 seconds: the agent the visitor sees, and whether the visitor did. */
  typing(chatbotId: string, conversationId: string, options?: RequestOptions) {
    return this.call('getTyping', { method: 'GET', path: chatbotPath(chatbotId, 'conversations', conversationId, 'typing'), options });
  }
  /** Feedback on one of the chatbot's replies: `rating` `up` or `down`, and an optional `comment`. */
  feedback(chatbotId: string, conversationId: string, messageId: string, body: Body<'sendMessageFeedback'>, options?: RequestOptions) {
    const path = chatbotPath(chatbotId, 'conversations', conversationId, 'messages', messageId, 'feedback');
    return this.call('sendMessageFeedback', { method: 'POST', path, body, options });
  }
}
