// Message routes: list, send (the reply in the same response, or streamed as server-sent events),
// and feedback on a reply.
import type { Request } from '@hapi/hapi';
import {
  assertMemberRole,
  callerOf,
  pageSchema,
  paginate,
  respondWithEvents,
  tenantOf,
  turnOnTheWire,
  wantsEventStream,
  withTimeFilter,
  type BuiltInPluginApi,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import type { ChatbotLookup } from './routes.js';
import { feedbackInput, messageInput, messageListQuery, messageParams, messageResponse, conversationParams, turnResponse } from './schemas.js';
import type { ConversationService } from './service.js';
import { presentMessage, type MessageAuthor } from './collections.js';
import { streamedTurn } from './turn-events.js';

const chatbotKey = { platform: { chatbotKey: true } };
/** Agents read transcripts and reply (as `agent`) in handed-off conversations (docs/ARCHITECTURE.md A6). */
const agentToo = { platform: { chatbotKey: true, agent: true } };

/** The signed-in member writing, as the visitor will see them; a key or token writes for nobody. */
export function authorOf(request: Request): MessageAuthor | null {
  const member = callerOf(request).member ? request.app.dashboardSession?.member : undefined;
  return member ? { member_id: member.id, name: member.name, avatar_url: member.avatar_url ?? null } : null;
}

export function messageRoutes(api: Pick<BuiltInPluginApi, 'logger'>, service: ConversationService, chatbots: ChatbotLookup): PluginRoute[] {
  const convIdOf = (request: Request) => (request.params as { convId: string }).convId;

  const asIs = { turn: <T>(turn: T) => turn, message: <M>(message: M) => message };

  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations/{convId}/messages',
      options: {
        description: 'List a conversation’s messages',
        notes: 'Newest first unless `order=asc`. Filter: `role`.',
        tags: ['api', 'conversations'],
        plugins: agentToo,
        validate: { params: conversationParams, query: messageListQuery },
        response: { schema: pageSchema(messageResponse).label('MessageList') },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const conversation = await service.find(tenant, await chatbots.summary(request), convIdOf(request));
          const params = request.query as ListParams & { role?: string };
          const filter: Filter = { conversation_id: conversation.id };
          if (params.role) filter.role = params.role;
          return paginate(service.messages(tenant), params, { filter: withTimeFilter(filter, params), present: presentMessage });
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/messages',
      options: {
        description: 'Send a message; the chatbot’s reply comes back in the response',
        notes:
          'A visitor message (`role` `user`) gets the chatbot’s reply: 201 with `message`, `reply` and `conversation`. ' +
          'With `Accept: text/event-stream` the answer streams as server-sent events: `message` (the stored visitor ' +
          'message), `delta` events (`{"content": "…"}`), then `done` with the same body as the JSON response, or ' +
          '`error` with the error body. `done` is authoritative: when a language model fails mid-stream, the reply ' +
          'stored and sent in `done` is the fallback. While handed off the chatbot does not reply (`reply` null) and ' +
          'agents write with `role` `agent`; an agent message sent by a signed-in member carries its `author` (name and ' +
          'avatar, shown to the visitor), one sent with an API key none. Each message publishes message.created. A dashboard agent writing as the ' +
          'visitor is 403 `insufficient_role`.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 403: ['insufficient_role'], 422: ['suggestion_not_offered'], 409: ['chatbot_archived', 'chatbot_paused', 'conversation_ended', 'conversation_not_in_handoff'] } } },
        validate: { params: conversationParams, payload: messageInput },
        response: { status: { 201: turnResponse, 200: true } }, // 200: the event stream
        handler: async (request, h) => {
          const { content, role, suggestion_id: suggestionId } = request.payload as { content?: string; role: 'user' | 'agent'; suggestion_id?: string };
          const tenant = tenantOf(request);
          if (role !== 'agent') assertMemberRole(request, ['owner', 'admin'], 'write as the visitor');
          if (role === 'agent') {
            const turn = await service.agentMessage(tenant, await chatbots.profile(request), convIdOf(request), content!, authorOf(request));
            return h.response(turn).code(201);
          }
          const chatbot = await chatbots.profile(request);
          const said = { content, suggestionId };
          if (!wantsEventStream(request)) return h.response(await service.visitorTurn(tenant, chatbot, convIdOf(request), said)).code(201);
          const events = await streamedTurn(service, tenant, chatbot, convIdOf(request), said);
          return respondWithEvents(request, h, turnOnTheWire(events, asIs), { logger: api.logger, message: 'streamed turn failed' });
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/messages/{msgId}/feedback',
      options: {
        description: 'Rate a reply: thumbs up or down',
        notes:
          '`rating` `up` or `down`, optional `comment`. Only replies (assistant or agent) can be rated; rating again ' +
          'replaces the rating. A thumbs-down makes an automatically resolved conversation unresolved.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...chatbotKey.platform, errors: { 409: ['chatbot_archived'] } } },
        validate: { params: messageParams, payload: feedbackInput },
        response: { schema: messageResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.summary(request);
          const conversation = await service.find(tenant, chatbot, convIdOf(request));
          const message = await service.findMessage(tenant, conversation, (request.params as { msgId: string }).msgId);
          const input = request.payload as { rating: 'up' | 'down'; comment: string | null };
          return presentMessage(await service.feedback(tenant, chatbot, conversation, message, input));
        },
      },
    },
  ];
}
