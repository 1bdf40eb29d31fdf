import type { RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, itemPath } from './resource.js';

const replyPath = (replyId: string, ...rest: string[]) => itemPath('/api/v1/saved-replies', replyId, ...rest);

/** Canned replies agents insert with `/shortcut`, with variables filled in per conversation. */
export class SavedReplies extends Resource {
  /** Newest first; `chatbot_id`: those usable in its conversations; `q`: part of the shortcut, title or text. */
  list(query?: Query<'listSavedReplies'>, options?: RequestOptions) {
    return this.paged('listSavedReplies', '/api/v1/saved-replies', query, options);
  }
  create(body: Body<'createSavedReply'>, options?: RequestOptions) {
    return this.call('createSavedReply', { method: 'POST', path: '/api/v1/saved-replies', body, options });
  }
  get(replyId: string, options?: RequestOptions) {
    return this.call('getSavedReply', { method: 'GET', path: replyPath(replyId), options });
  }
  update(replyId: string, body: Body<'updateSavedReply'>, options?: RequestOptions) {
    return this.call('updateSavedReply', { method: 'PATCH', path: replyPath(replyId), body, options });
  }
  delete(replyId: string, options?: RequestOptions) {
    return this.call('deleteSavedReply', { method: 'DELETE', path: replyPath(replyId), options });
  }
  /** The reply's text for a conversation, its variables filled in (`missing`: those without a value); counts as a use. */
  render(replyId: string, body: Body<'renderSavedReply'>, options?: RequestOptions) {
    return this.call('renderSavedReply', { method: 'POST', path: replyPath(replyId, 'render'), body, options });
  }
}
