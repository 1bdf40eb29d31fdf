import type { RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, chatbotPath } from './resource.js';

export class Knowledge extends Resource {
  list(chatbotId: string, query?: Query<'listKnowledgeItems'>, options?: RequestOptions) {
    return this.paged('listKnowledgeItems', chatbotPath(chatbotId, 'knowledge'), query, options);
  }
  /** A Q&A pair, a text document or a URL; it is processed in the background until `status` is `ready`. */
  create(chatbotId: string, body: Body<'createKnowledgeItem'>, options?: RequestOptions) {
    return this.call('createKnowledgeItem', { method: 'POST', path: chatbotPath(chatbotId, 'knowledge'), body, options });
  }
  get(chatbotId: string, itemId: string, options?: RequestOptions) {
    return this.call('getKnowledgeItem', { method: 'GET', path: chatbotPath(chatbotId, 'knowledge', itemId), options });
  }
  update(chatbotId: string, itemId: string, body: Body<'updateKnowledgeItem'>, options?: RequestOptions) {
    return this.call('updateKnowledgeItem', { method: 'PATCH', path: chatbotPath(chatbotId, 'knowledge', itemId), body, options });
  }
  delete(chatbotId: string, itemId: string, options?: RequestOptions) {
    return this.call('deleteKnowledgeItem', { method: 'DELETE', path: chatbotPath(chatbotId, 'knowledge', itemId), options });
  }
  /** Fetches a URL item again. */
  refresh(chatbotId: string, itemId: string, options?: RequestOptions) {
    return this.call('refreshKnowledgeItem', { method: 'POST', path: chatbotPath(chatbotId, 'knowledge', itemId, 'refresh'), options });
  }
  /** Many items in one call (Q&A pairs, documents, URLs). */
  import(chatbotId: string, body: Body<'importKnowledge'>, options?: RequestOptions) {
    return this.call('importKnowledge', { method: 'POST', path: chatbotPath(chatbotId, 'knowledge', 'import'), body, options });
  }
  /** The passages and pairs the chatbot would answer from, best first. */
  search(chatbotId: string, body: Body<'searchKnowledge'>, options?: RequestOptions) {
    return this.call('searchKnowledge', { method: 'POST', path: chatbotPath(chatbotId, 'knowledge', 'search'), body, options });
  }
  /** A Q&A pair from a conversation's message (a question and the answer an agent gave). */
  fromMessage(chatbotId: string, body: Body<'createQaFromMessage'>, options?: RequestOptions) {
    return this.call('createQaFromMessage', { method: 'POST', path: chatbotPath(chatbotId, 'knowledge', 'qa-from-message'), body, options });
  }
  /** Where the chatbot's semantic index stands. */
  embeddings(chatbotId: string, options?: RequestOptions) {
    return this.call('getKnowledgeEmbeddings', { method: 'GET', path: chatbotPath(chatbotId, 'knowledge', 'embeddings'), options });
  }
  /** Each item with how many of its chunks have vectors of the embedding provider's model. */
  itemEmbeddings(chatbotId: string, query?: Query<'listKnowledgeItemEmbeddings'>, options?: RequestOptions) {
    return this.paged('listKnowledgeItemEmbeddings', chatbotPath(chatbotId, 'knowledge', 'embeddings', 'items'), query, options);
  }
  /** Every item as JSON Lines text. */
  export(chatbotId: string, query?: Query<'exportKnowledge'>, options?: RequestOptions) {
    return this.text('exportKnowledge', { method: 'GET', path: chatbotPath(chatbotId, 'knowledge', 'export'), query, accept: 'application/x-ndjson', options });
  }
}
