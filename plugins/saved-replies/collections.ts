// The saved replies collection: texts an account's agents insert when they answer a handed-off
// conversation, for every chatbot of the account or for one. A shortcut names one reply per scope
// (the account, or one chatbot), held by a unique index so that two creates at once cannot both win.
import { foldForSearch, type Collection, type CollectionDeclarer, type Stored } from '../../core/index.js';

/** The scope key of replies for every chatbot; chatbot ids never take this form. */
export const ACCOUNT_SCOPE = 'account';

export interface SavedReplyDoc {
  /** Null: every chatbot of the account. */
  chatbot_id: string | null;
  /** The chatbot id, or `account`: one field the unique index and the list's `in` filter can use (a filter cannot say "or null"). */
  scope_key: string;
  /** What an agent types after `/`: lower-case letters, digits and dashes. */
  shortcut: string;
  title: string;
  body: string;
  /** Shortcut, title and body folded (case, accents), for `q`. */
  search_text: string;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export type SavedReply = Stored<SavedReplyDoc>;

export function declareSavedReplies(store: CollectionDeclarer): Collection<SavedReplyDoc> {
  return store.collection<SavedReplyDoc>({
    name: 'saved_replies',
    scope: 'tenant',
    indexes: [{ fields: ['scope_key', 'shortcut'], unique: true }, { fields: ['chatbot_id'] }],
  });
}

/**
 * One use of a saved reply (rendered for a conversation). Uses are records, not a count on the
 * reply: an insert is atomic on every store, where a read-and-write of a count is not (two agents
 * using a reply at once on FerretDB kept one use, before the adapter claimed versions there; and
 * records need no retry when many agents use one reply).
 */
export interface SavedReplyUseDoc {
  saved_reply_id: string;
  conversation_id: string;
  /** The member who used it, or the maker of the key or OAuth client (core/auth/makers.ts). */
  used_by: string;
  created_at: string;
}

export function declareSavedReplyUses(store: CollectionDeclarer): Collection<SavedReplyUseDoc> {
  return store.collection<SavedReplyUseDoc>({ name: 'saved_reply_uses', scope: 'tenant', indexes: [{ fields: ['saved_reply_id'] }] });
}

export const scopeKeyOf = (chatbotId: string | null): string => chatbotId ?? ACCOUNT_SCOPE;

export function searchTextOf(reply: Pick<SavedReplyDoc, 'shortcut' | 'title' | 'body'>): string {
  return foldForSearch([reply.shortcut, reply.title, reply.body].join('\n'));
}

export function presentSavedReply(reply: SavedReply, useCount: number) {
  return {
    id: reply.id,
    chatbot_id: reply.chatbot_id,
    shortcut: reply.shortcut,
    title: reply.title,
    body: reply.body,
    use_count: useCount,
    last_used_at: reply.last_used_at,
    created_at: reply.created_at,
    updated_at: reply.updated_at,
  };
}
