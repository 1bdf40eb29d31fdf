// Saved reply routes: list (with `q` and `chatbot_id`), create, read, change, delete, and render
// (the reply's text for one conversation, variables filled in, counted as a use). Agents may list,
// read and render; owners and admins write (API-DECISIONS.md). Chatbot-scoped keys see their
// chatbot's replies and those for every chatbot, and change their chatbot's only.
import type { Request } from '@hapi/hapi';
import {
  apiError,
  assertChatbotKeyAllows,
  callerOf,
  chatbotKeyScope,
  foldForSearch,
  newId,
  notFound,
  paginate,
  paginateMatching,
  tenantOf,
  UniqueConstraintError,
  withTimeFilter,
  type ChatbotDirectory,
  type Collection,
  type ConversationFacts,
  type Filter,
  type ListParams,
  type BuiltInPluginApi,
  type PluginRoute,
  type Repository,
  type TenantScope,
} from '../../core/index.js';
import {
  createSavedReplyInput,
  deletedSavedReplyResponse,
  renderedReplyResponse,
  renderInput,
  savedReplyListQuery,
  savedReplyListResponse,
  savedReplyParams,
  savedReplyResponse,
  updateSavedReplyInput,
} from './schemas.js';
import { ACCOUNT_SCOPE, presentSavedReply, scopeKeyOf, searchTextOf, type SavedReply, type SavedReplyDoc, type SavedReplyUseDoc } from './collections.js';
import { fillVariables, unknownVariables, VARIABLE_LIST } from './variables.js';

/** A `q` search reads at most this many replies per page, in slices (see paginateMatching). */
const SEARCH_SCAN_LIMIT = 5000;
const SEARCH_SLICE = 500;

const readers = { platform: { chatbotKey: 'scoped' as const, agent: true } };
const writers = { platform: { chatbotKey: 'scoped' as const } };

type ReplyInput = { shortcut: string; title: string; body: string; chatbot_id: string | null };

export interface SavedReplyDependencies {
  api: BuiltInPluginApi;
  collection: Collection<SavedReplyDoc>;
  uses: Collection<SavedReplyUseDoc>;
  chatbots: ChatbotDirectory;
  conversations: ConversationFacts;
}

export function savedReplyRoutes({ api, collection, uses, chatbots, conversations }: SavedReplyDependencies): PluginRoute[] {
  const repository = (request: Request): Repository<SavedReplyDoc> => collection.forTenant(tenantOf(request));

  /** Replies as the API shows them, with their use counts (one grouped count for a page). */
  async function present(tenant: TenantScope, replies: SavedReply[]) {
    if (replies.length === 0) return [];
    const counts = await uses.forTenant(tenant).countBy('saved_reply_id', { saved_reply_id: { in: replies.map((reply) => reply.id) } });
    const countOf = new Map(counts.map((group) => [group.value, group.count]));
    return replies.map((reply) => presentSavedReply(reply, countOf.get(reply.id) ?? 0));
  }
  const presentOne = async (request: Request, reply: SavedReply) => (await present(tenantOf(request), [reply]))[0]!;

  /** The reply of the path, 404 when it is not the caller's (a chatbot key: not its chatbot's nor the account's). */
  async function replyOf(request: Request): Promise<SavedReply> {
    const id = (request.params as { replyId: string }).replyId;
    const reply = await repository(request).get(id);
    const keyChatbot = chatbotKeyScope(request);
    if (!reply || (keyChatbot && reply.chatbot_id !== null && reply.chatbot_id !== keyChatbot)) throw notFound('saved_reply', id);
    return reply;
  }

  /** A chatbot named in a body must be one of the caller's (404) and, for a chatbot key, its own (403). */
  async function checkChatbot(request: Request, chatbotId: string | null): Promise<void> {
    if (chatbotId === null) {
      if (chatbotKeyScope(request)) throw apiError(403, 'key_scope_chatbot', 'A chatbot key may only write its own chatbot’s saved replies');
      return;
    }
    assertChatbotKeyAllows(request, chatbotId);
    if (!(await chatbots.find(tenantOf(request), chatbotId))) throw notFound('chatbot', chatbotId);
  }

  function checkVariables(body: string | undefined): void {
    const unknown = body === undefined ? [] : unknownVariables(body);
    if (unknown.length === 0) return;
    const names = unknown.map((name) => `{${name}}`).join(', ');
    const message = `Unknown variable${unknown.length > 1 ? 's' : ''} ${names}; a saved reply may use ${VARIABLE_LIST}`;
    throw apiError(400, 'unknown_variable', message, { details: [{ path: 'body', message, type: 'variable.unknown' }] });
  }

  const shortcutTaken = (shortcut: string, chatbotId: string | null) =>
    apiError(409, 'shortcut_taken', `Another saved reply ${chatbotId ? `of chatbot ${chatbotId}` : 'for every chatbot'} has the shortcut /${shortcut}`);

  async function uniqueWrite<T>(write: Promise<T>, shortcut: string, chatbotId: string | null): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw shortcutTaken(shortcut, chatbotId);
      throw error;
    }
  }

  async function list(request: Request) {
    const params = request.query as ListParams & { chatbot_id?: string; q?: string };
    if (params.chatbot_id) assertChatbotKeyAllows(request, params.chatbot_id);
    const chatbot = params.chatbot_id ?? chatbotKeyScope(request);
    const filter: Filter = withTimeFilter(chatbot ? { scope_key: { in: [chatbot, ACCOUNT_SCOPE] } } : {}, params);
    const keep = (reply: SavedReply) => reply;
    const needle = params.q ? foldForSearch(params.q) : null;
    const page = needle === null
      ? await paginate(repository(request), params, { filter, present: keep })
      : await paginateMatching(repository(request), params, {
          filter,
          present: keep,
          matches: (reply) => reply.search_text.includes(needle),
          matchKey: needle,
          scanLimit: SEARCH_SCAN_LIMIT,
          sliceSize: SEARCH_SLICE,
        });
    return { ...page, data: await present(tenantOf(request), page.data) };
  }

  /** The name an agent signs with: the member's (of a session, or who made the key or OAuth client). */
  async function agentName(request: Request): Promise<string | null> {
    const caller = callerOf(request);
    const memberId = caller.member?.id ?? caller.maker;
    const member = await api.privileged.platform.members.global().get(memberId);
    return member && member.account === caller.account.id ? member.name : null;
  }

  /** A use is a record of its own (store.ts says why); `last_used_at` is the time of the latest, written without a version check. */
  async function recordUse(request: Request, reply: SavedReply, conversationId: string): Promise<void> {
    const now = api.now().toISOString();
    const caller = callerOf(request);
    await uses.forTenant(caller.tenant).insert({ id: newId('sru'), saved_reply_id: reply.id, conversation_id: conversationId, used_by: caller.member?.id ?? caller.maker, created_at: now });
    await repository(request).update(reply.id, { last_used_at: now });
  }

  return [
    {
      method: 'GET',
      path: '/saved-replies',
      options: {
        description: 'List saved replies',
        notes:
          'Newest first. `chatbot_id`: the replies usable in that chatbot’s conversations (its own and those for every ' +
          'chatbot); `q`: part of the shortcut, title or text, ignoring case and accents (a `q` search reads at most 5,000 ' +
          'replies per page, so a page may hold fewer than `limit`; follow `next_cursor`). Agents may call it; chatbot keys ' +
          'see their chatbot’s replies and those for every chatbot.',
        tags: ['api', 'saved-replies'],
        plugins: readers,
        validate: { query: savedReplyListQuery },
        response: { schema: savedReplyListResponse },
        handler: (request) => list(request),
      },
    },
    {
      method: 'POST',
      path: '/saved-replies',
      options: {
        description: 'Create a saved reply',
        notes:
          '`chatbot_id` null or left out makes it usable in every chatbot’s conversations (a chatbot key: left out is its chatbot). A shortcut is unique per ' +
          'scope (the account’s replies for every chatbot, or one chatbot’s): 409 `shortcut_taken`. A variable the server ' +
          'does not know is 400 `unknown_variable`, naming it. Unknown chatbot: 404 `chatbot_not_found`. Owners and admins only.',
        tags: ['api', 'saved-replies'],
        plugins: { platform: { ...writers.platform, errors: { 400: ['unknown_variable'], 404: ['chatbot_not_found'], 409: ['shortcut_taken'] } } },
        validate: { payload: createSavedReplyInput },
        response: { status: { 201: savedReplyResponse } },
        handler: async (request, h) => {
          const input = request.payload as Omit<ReplyInput, 'chatbot_id'> & { chatbot_id?: string | null };
          const chatbotId = input.chatbot_id === undefined ? chatbotKeyScope(request) : input.chatbot_id;
          checkVariables(input.body);
          await checkChatbot(request, chatbotId);
          const now = api.now().toISOString();
          const doc: SavedReplyDoc & { id: string } = {
            id: newId('sr'),
            chatbot_id: chatbotId,
            scope_key: scopeKeyOf(chatbotId),
            shortcut: input.shortcut,
            title: input.title,
            body: input.body,
            search_text: searchTextOf(input),
            last_used_at: null,
            created_at: now,
            updated_at: now,
          };
          const stored = await uniqueWrite(repository(request).insert(doc), input.shortcut, chatbotId);
          return h.response(presentSavedReply(stored, 0)).code(201).header('Location', `/api/v1/saved-replies/${stored.id}`);
        },
      },
    },
    {
      method: 'GET',
      path: '/saved-replies/{replyId}',
      options: {
        description: 'Get a saved reply',
        notes: 'An unknown id, or another account’s, is 404 `saved_reply_not_found`. Agents may call it.',
        tags: ['api', 'saved-replies'],
        plugins: readers,
        validate: { params: savedReplyParams },
        response: { schema: savedReplyResponse },
        handler: async (request) => presentOne(request, await replyOf(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/saved-replies/{replyId}',
      options: {
        description: 'Change a saved reply',
        notes: 'The fields sent; 409 `shortcut_taken` and 400 `unknown_variable` as for creation. Owners and admins only.',
        tags: ['api', 'saved-replies'],
        plugins: { platform: { ...writers.platform, errors: { 400: ['unknown_variable'], 404: ['chatbot_not_found'], 409: ['shortcut_taken'] } } },
        validate: { params: savedReplyParams, payload: updateSavedReplyInput },
        response: { schema: savedReplyResponse },
        handler: async (request) => {
          const reply = await replyOf(request);
          const input = request.payload as Partial<ReplyInput>;
          checkVariables(input.body);
          if (chatbotKeyScope(request) && reply.chatbot_id === null) await checkChatbot(request, null);
          if (input.chatbot_id !== undefined) await checkChatbot(request, input.chatbot_id);
          const next = { ...reply, ...input };
          const changes: Partial<SavedReplyDoc> = {
            ...input,
            ...(input.chatbot_id !== undefined ? { scope_key: scopeKeyOf(input.chatbot_id) } : {}),
            search_text: searchTextOf(next),
            updated_at: api.now().toISOString(),
          };
          const updated = await uniqueWrite(repository(request).update(reply.id, changes, { ifVersion: reply.version }), next.shortcut, next.chatbot_id);
          if (!updated) throw notFound('saved_reply', reply.id);
          return presentOne(request, updated);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/saved-replies/{replyId}',
      options: {
        description: 'Delete a saved reply',
        notes: '404 `saved_reply_not_found`. Owners and admins only.',
        tags: ['api', 'saved-replies'],
        plugins: writers,
        validate: { params: savedReplyParams },
        response: { schema: deletedSavedReplyResponse },
        handler: async (request) => {
          const reply = await replyOf(request);
          if (chatbotKeyScope(request) && reply.chatbot_id === null) await checkChatbot(request, null);
          await api.commit([repository(request).ops.delete(reply.id), uses.forTenant(tenantOf(request)).ops.deleteMany({ saved_reply_id: reply.id })]);
          return { id: reply.id, deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/saved-replies/{replyId}/render',
      options: {
        description: 'A saved reply’s text for one conversation, its variables filled in',
        notes:
          'What the dashboard calls when an agent picks a reply: `{visitor.name}` and `{visitor.email}` from the ' +
          'conversation’s visitor, `{chatbot.name}` from its chatbot, `{agent.name}` the caller’s name (a dashboard member, ' +
          'or the member who made the key or OAuth client). A variable without a value becomes an empty string and is ' +
          'named in `missing`. Counts a use (`use_count`, `last_used_at`); sends nothing. Unknown conversation: 404 ' +
          '`conversation_not_found`; a reply of another chatbot than the conversation’s: 409 `saved_reply_not_for_chatbot` (both exist and the request is well formed; they do not go together). ' +
          'Agents may call it.',
        tags: ['api', 'saved-replies'],
        plugins: { platform: { ...readers.platform, access: 'read' as const, errors: { 404: ['conversation_not_found'], 409: ['saved_reply_not_for_chatbot'] } } },
        validate: { params: savedReplyParams, payload: renderInput },
        response: { schema: renderedReplyResponse },
        handler: async (request) => {
          const reply = await replyOf(request);
          const { conversation_id: conversationId } = request.payload as { conversation_id: string };
          const tenant = tenantOf(request);
          const conversation = await conversations.participant(tenant, conversationId);
          const keyChatbot = chatbotKeyScope(request);
          if (!conversation || (keyChatbot && conversation.chatbot_id !== keyChatbot)) throw notFound('conversation', conversationId);
          if (reply.chatbot_id !== null && reply.chatbot_id !== conversation.chatbot_id) {
            const message = `Saved reply ${reply.id} belongs to chatbot ${reply.chatbot_id}, not to the conversation’s chatbot ${conversation.chatbot_id}`;
            throw apiError(409, 'saved_reply_not_for_chatbot', message);
          }
          const [chatbot, agent] = await Promise.all([chatbots.profile(tenant, conversation.chatbot_id), agentName(request)]);
          const rendered = fillVariables(reply.body, {
            'visitor.name': conversation.visitor_name,
            'visitor.email': conversation.visitor_email,
            'chatbot.name': chatbot?.name ?? null,
            'agent.name': agent,
          });
          await recordUse(request, reply, conversationId);
          return { saved_reply_id: reply.id, conversation_id: conversationId, ...rendered };
        },
      },
    },
  ];
}
