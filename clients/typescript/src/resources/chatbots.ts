import type { RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, chatbotPath } from './resource.js';

export class Chatbots extends Resource {
  /** The account's chatbots, newest first. */
  list(query?: Query<'listChatbots'>, options?: RequestOptions) {
    return this.paged('listChatbots', '/api/v1/chatbots', query, options);
  }
  /** A new chatbot; its own API key is in the answer, shown this once. */
  create(body: Body<'createChatbot'>, options?: RequestOptions) {
    return this.call('createChatbot', { method: 'POST', path: '/api/v1/chatbots', body, options });
  }
  get(chatbotId: string, options?: RequestOptions) {
    return this.call('getChatbot', { method: 'GET', path: chatbotPath(chatbotId), options });
  }
  update(chatbotId: string, body: Body<'updateChatbot'>, options?: RequestOptions) {
    return this.call('updateChatbot', { method: 'PATCH', path: chatbotPath(chatbotId), body, options });
  }
  delete(chatbotId: string, options?: RequestOptions) {
    return this.call('deleteChatbot', { method: 'DELETE', path: chatbotPath(chatbotId), options });
  }
  archive(chatbotId: string, options?: RequestOptions) {
    return this.call('archiveChatbot', { method: 'POST', path: chatbotPath(chatbotId, 'archive'), options });
  }
  restore(chatbotId: string, options?: RequestOptions) {
    return this.call('restoreChatbot', { method: 'POST', path: chatbotPath(chatbotId, 'restore'), options });
  }
  pause(chatbotId: string, options?: RequestOptions) {
    return this.call('pauseChatbot', { method: 'POST', path: chatbotPath(chatbotId, 'pause'), options });
  }
  resume(chatbotId: string, options?: RequestOptions) {
    return this.call('resumeChatbot', { method: 'POST', path: chatbotPath(chatbotId, 'resume'), options });
  }
  /** A new API key for the chatbot; the old one stops working. */
  rotateApiKey(chatbotId: string, options?: RequestOptions) {
    return this.call('rotateChatbotApiKey', { method: 'POST', path: chatbotPath(chatbotId, 'api-key', 'rotate'), options });
  }
  getSettings(chatbotId: string, options?: RequestOptions) {
    return this.call('getChatbotSettings', { method: 'GET', path: chatbotPath(chatbotId, 'settings'), options });
  }
  setSettings(chatbotId: string, body: Body<'setChatbotSettings'>, options?: RequestOptions) {
    return this.call('setChatbotSettings', { method: 'PUT', path: chatbotPath(chatbotId, 'settings'), body, options });
  }
  getWidget(chatbotId: string, options?: RequestOptions) {
    return this.call('getWidgetSettings', { method: 'GET', path: chatbotPath(chatbotId, 'widget'), options });
  }
  setWidget(chatbotId: string, body: Body<'setWidgetSettings'>, options?: RequestOptions) {
    return this.call('setWidgetSettings', { method: 'PUT', path: chatbotPath(chatbotId, 'widget'), body, options });
  }
  /** Makes (or replaces) the widget's identity secret: shown once, in this answer. */
  makeWidgetIdentitySecret(chatbotId: string, options?: RequestOptions) {
    return this.call('createWidgetIdentitySecret', { method: 'POST', path: chatbotPath(chatbotId, 'widget', 'identity-secret'), body: {}, options });
  }
  /** Answered, clarified and fallback turns, the suggestions chosen, the questions that fell back. */
  quality(chatbotId: string, query?: Query<'getChatbotQuality'>, options?: RequestOptions) {
    return this.call('getChatbotQuality', { method: 'GET', path: chatbotPath(chatbotId, 'quality'), query, options });
  }
}
