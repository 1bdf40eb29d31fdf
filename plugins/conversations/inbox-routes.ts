// The inbox (Dashboard II, docs/ARCHITECTURE.md A6): every chatbot's conversations in one list with counts by
// status, and a live stream of what happens to them. Public /api/v1 routes like the rest, for the
// dashboard and for any helpdesk integration; agents may call them.
import type { Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import {
  apiError,
  assertChatbotKeyAllows,
  callerOf,
  chatbotKeyScope,
  EventStream,
  eventStreamResponse,
  foldForSearch,
  listQuerySchema,
  pageSchema,
  paginate,
  paginateMatching,
  presentMaker,
  seesEventType,
  tenantOf,
  type BuiltInPluginApi,
  type EventEnvelope,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import { conversationFilter } from './routes.js';
import { assigneeFilter, conversationResponse } from './schemas.js';
import type { ConversationService } from './service.js';
import { CHANNELS, CONVERSATION_STATUSES, presentConversation, RESOLUTIONS, type Conversation } from './collections.js';

/** Every chatbot's conversations (chatbot keys: their chatbot's), for agents too. */
const inboxAccess = { platform: { chatbotKey: 'scoped' as const, agent: true } };
/** Events of the stream: what changes a conversation or its transcript. */
const STREAMED = /^(conversation|message)\./;
/** What a client that stops reading may leave unread before its stream is ended. */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** A `q` search reads at most this many conversations a page (see paginateMatching). */
const SEARCH_SCAN_LIMIT = 5000;
const SEARCH_SLICE = 500;

const inboxFilters = {
  chatbot_id: Joi.string().max(64).description('One chatbot’s conversations'),
  status: Joi.string().valid(...CONVERSATION_STATUSES),
  channel: Joi.string().valid(...CHANNELS),
  has_lead: Joi.boolean(),
  resolution: Joi.string().valid(...RESOLUTIONS),
  assignee: assigneeFilter,
};

/** The list's filters with `assignee` as the store reads it: `mine` is the caller's member, `unassigned` nobody. */
function inboxFilter(request: Request, chatbotId: string | null, params: ListParams & { assignee?: string }): Filter {
  const filter = conversationFilter(chatbotId, params);
  if (params.assignee === 'unassigned') filter.assignee_id = null;
  else if (params.assignee === 'mine') filter.assignee_id = signedInMember(request);
  else if (params.assignee) filter.assignee_id = params.assignee;
  return filter;
}

/**
 * "Mine": the signed-in member, or the member who made the key or OAuth client (a helpdesk
 * integration acting for one agent). The operator's credentials are nobody's: 403, as presence
 * answers them, since the request is well formed and only the caller cannot have a "mine".
 */
function signedInMember(request: Request): string {
  const caller = callerOf(request);
  const memberId = caller.member?.id ?? presentMaker(caller.maker).member_id;
  if (!memberId) {
    throw apiError(403, 'member_required', '"assignee=mine" needs a member: sign in to the dashboard, or use a key or OAuth client a member made; the operator’s credentials have no conversations of their own');
  }
  return memberId;
}

function visitorMatcher(q: string): (conversation: Conversation) => boolean {
  const needle = foldForSearch(q.trim());
  return (conversation) => {
    const visitor = conversation.visitor as Record<string, unknown>;
    const haystack = [conversation.id, visitor.name, visitor.email, visitor.phone, visitor.id].filter((value) => typeof value === 'string').join('\n');
    return foldForSearch(haystack).includes(needle);
  };
}

export function inboxRoutes(api: BuiltInPluginApi, service: ConversationService): { routes: PluginRoute[]; closeStreams(): void } {
  /** The chatbot the filters and the key confine the inbox to, or null for every chatbot. */
  function chatbotOf(request: Request, chatbotId: string | undefined): string | null {
    if (chatbotId) assertChatbotKeyAllows(request, chatbotId);
    return chatbotId ?? chatbotKeyScope(request);
  }

  const platform = api.privileged.platform;
  const openStreams = new Set<EventStream>();
  const caps = platform.config.server;
  // Per credential (a key, an OAuth client, a member), so that one cannot take every stream of its
  // account; per tenant a larger cap bounds what one account holds on an instance.
  const perCredential = new StreamCounts();
  const perTenant = new StreamCounts();
  let closing = false;

  const routes: PluginRoute[] = [
    {
      method: 'GET',
      path: '/conversations',
      options: {
        description: 'List the conversations of every chatbot (the inbox)',
        notes:
          'Newest first. Filters: `chatbot_id`, `status`, `channel`, `has_lead`, `resolution`, `assignee` (`mine`: the ' +
          'signed-in member’s, or that of the member who made the key or client; 403 `member_required` for the operator’s keys; `unassigned`; or a member’s id), the start time, and `q`: ' +
          'part of the visitor’s name, e-mail, phone or id, or of the conversation id, ignoring case and accents. A `q` ' +
          'search reads at most 5,000 conversations per page, so a page may hold fewer than `limit`; follow `next_cursor`. ' +
          'Chatbot keys see their chatbot’s conversations only.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...inboxAccess.platform, errors: { 403: ['member_required'] } } },
        validate: { query: listQuerySchema.keys({ ...inboxFilters, q: Joi.string().trim().min(1).max(200) }) },
        response: { schema: pageSchema(conversationResponse).label('InboxConversationList') },
        handler: async (request) => {
          const params = request.query as ListParams & { chatbot_id?: string; q?: string; assignee?: string };
          const filter = inboxFilter(request, chatbotOf(request, params.chatbot_id), params);
          const repository = service.conversations(tenantOf(request));
          if (!params.q) return paginate(repository, params, { filter, present: presentConversation });
          return paginateMatching(repository, params, {
            filter,
            present: presentConversation,
            matches: visitorMatcher(params.q),
            matchKey: foldForSearch(params.q.trim()),
            scanLimit: SEARCH_SCAN_LIMIT,
            sliceSize: SEARCH_SLICE,
          });
        },
      },
    },
    {
      method: 'GET',
      path: '/conversations/counts',
      options: {
        description: 'How many conversations are in each status (the inbox’s badges)',
        notes: 'Filters as the list (`chatbot_id`, `channel`, `assignee`; no `q`). `handoff` is how many are with a person or wait for one.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...inboxAccess.platform, errors: { 403: ['member_required'] } } },
        validate: { query: Joi.object({ chatbot_id: inboxFilters.chatbot_id, channel: inboxFilters.channel, assignee: inboxFilters.assignee }) },
        response: {
          schema: Joi.object(Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, Joi.number().integer().min(0).required()]))).label('ConversationCounts'),
        },
        handler: async (request) => {
          const params = request.query as ListParams & { chatbot_id?: string; assignee?: string };
          const filter = inboxFilter(request, chatbotOf(request, params.chatbot_id), params);
          const groups = await service.conversations(tenantOf(request)).countBy('status', filter);
          const counts: Record<string, number> = Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, 0]));
          for (const group of groups) if (typeof group.value === 'string' && group.value in counts) counts[group.value] = group.count;
          return counts;
        },
      },
    },
    {
      method: 'GET',
      path: '/conversations/stream',
      options: {
        description: 'Live conversation events (server-sent events)',
        notes:
          'A text/event-stream of the tenant’s conversation.* and message.* events as they happen, from any instance: ' +
          'each is `id: <event id>`, `event: <type>` and `data:` the event envelope of `GET /events`. `ready` comes ' +
          'first; `reset` means events may have been missed (over 500 within 10 seconds) and the view should be reloaded; ' +
          'a comment line every 15 seconds keeps proxies from closing the connection. Events reach the stream within ' +
          'about a second. Filter: `chatbot_id`. Chatbot keys get their chatbot’s events only. The stream ends within ' +
          '15 seconds of its credential being revoked or its session ended, and when its client leaves over 1 MB ' +
          `unread. At most ${caps.streams_per_credential} streams per credential (an API key, an OAuth client, a member ` +
          `with all their sessions) and ${caps.streams_per_tenant} per account and mode on one instance (429 ` +
          '`too_many_streams`); 503 `unavailable` while the instance shuts down.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...inboxAccess.platform, errors: { 429: ['too_many_streams'] } } },
        validate: { query: Joi.object({ chatbot_id: inboxFilters.chatbot_id }) },
        response: { status: { 200: true } },
        handler: (request, h: ResponseToolkit) => {
          const chatbotId = chatbotOf(request, (request.query as { chatbot_id?: string }).chatbot_id);
          if (closing) throw apiError(503, 'unavailable', 'This instance is shutting down: connect again');
          const caller = callerOf(request);
          const tenantKey = `${caller.tenant.accountId}:${caller.tenant.mode}`;
          const credentialKey = `${tenantKey}:${caller.credentialId}`;
          if (perCredential.count(credentialKey) >= caps.streams_per_credential) {
            throw tooManyStreams(`At most ${caps.streams_per_credential} streams of one credential may be open on one instance`);
          }
          if (perTenant.count(tenantKey) >= caps.streams_per_tenant) {
            throw tooManyStreams(`At most ${caps.streams_per_tenant} streams of one account and mode may be open on one instance`);
          }
          perCredential.add(credentialKey);
          perTenant.add(tenantKey);
          const stream = new EventStream();
          let closed = false;
          const close = () => {
            if (closed) return;
            closed = true;
            clearInterval(heartbeat);
            unsubscribe();
            openStreams.delete(stream);
            perCredential.remove(credentialKey);
            perTenant.remove(tenantKey);
            stream.end();
          };
          const unsubscribe = platform.eventFeed.subscribe(caller.tenant, {
            accepts: (event: EventEnvelope) =>
              STREAMED.test(event.type) && seesEventType(caller, event.type) && (chatbotId === null || event.chatbot_id === chatbotId),
            deliver: (events) => {
              for (const event of events) stream.send(event.type, event, event.id);
              // A client that stopped reading: end it rather than hold its backlog (it reloads when it reconnects).
              if (stream.writableLength > MAX_UNREAD_BYTES) close();
            },
            overflow: () => stream.send('reset', {}),
          });
          // A comment line keeps proxies from closing the stream; each beat also checks the credential
          // again: a revoked key, a removed member or an ended session stops receiving within one.
          const heartbeat = setInterval(() => {
            stream.comment('keep-alive');
            api.privileged.auth.credentialStillValid(caller).then(
              (valid) => valid || close(),
              () => undefined, // the store is down: keep the stream, check again next time
            );
          }, platform.config.server.stream_heartbeat_ms);
          heartbeat.unref();
          openStreams.add(stream);
          request.raw.req.once('close', close);
          stream.once('close', close);
          stream.send('ready', {});
          return eventStreamResponse(h, stream);
        },
      },
    },
  ];
  return {
    routes,
    // At shutdown: streams never end by themselves, and the server waits for open responses.
    closeStreams: () => {
      closing = true;
      for (const stream of openStreams) stream.end();
    },
  };
}

function tooManyStreams(message: string) {
  return apiError(429, 'too_many_streams', message, { headers: { 'Retry-After': '15' } });
}

/** Open streams by key; a key whose last stream closed is forgotten. */
class StreamCounts {
  private readonly counts = new Map<string, number>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.counts.set(key, this.count(key) + 1);
  }

  remove(key: string): void {
    const left = this.count(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}
