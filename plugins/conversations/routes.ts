// Conversation routes (docs/ARCHITECTURE.md A4): start, list, get, update, delete, end, handoff and release.
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import {
  callerOf,
  notFound,
  pageSchema,
  paginate,
  tenantOf,
  withTimeFilter,
  type ChatbotDirectory,
  type ChatbotProfile,
  type ChatbotSummary,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import type { Assigner } from './assignment.js';
import {
  assignInput,
  chatbotParams,
  contactResponse,
  conversationListQuery,
  conversationParams,
  conversationResponse,
  endInput,
  handoffInput,
  patchInput,
  startInput,
} from './schemas.js';
import type { ConversationService } from './service.js';
import { presentConversation, type Resolution, type Visitor } from './collections.js';

const chatbotKey = { platform: { chatbotKey: true } };
/** Routes agents may call too (docs/ARCHITECTURE.md A6): reading conversations and working handed-off ones. */
const agentToo = { platform: { chatbotKey: true, agent: true } };

export interface ChatbotLookup {
  summary(request: Request): Promise<ChatbotSummary>;
  profile(request: Request): Promise<ChatbotProfile>;
}

/** The chatbot of the path, 404 when it is not the caller's. */
export function chatbotLookup(directory: ChatbotDirectory): ChatbotLookup {
  const idOf = (request: Request) => (request.params as { id: string }).id;
  return {
    async summary(request) {
      const chatbot = await directory.find(tenantOf(request), idOf(request));
      if (!chatbot) throw notFound('chatbot', idOf(request));
      return chatbot;
    },
    async profile(request) {
      const chatbot = await directory.profile(tenantOf(request), idOf(request));
      if (!chatbot) throw notFound('chatbot', idOf(request));
      return chatbot;
    },
  };
}

/** Who asks for an assignment: the caller's role (a key's: its maker's), and the member when signed in. */
export function assignerOf(request: Request): Assigner {
  const caller = callerOf(request);
  return { role: caller.role, memberId: caller.member?.id ?? null };
}

const ASSIGNMENT_RULES =
  'Owners and admins assign anyone; an agent assigns only themselves (signed in to the dashboard: “take”), only a ' +
  'conversation nobody else has (409 `conversation_assigned`), and unassigns only their own (403 `insufficient_role`). ' +
  'An unknown member is 404 `member_not_found`, one who has not accepted their invitation 409 `member_not_active`.';

/** The list filters of the conversation lists and export; every chatbot of the tenant when `chatbotId` is null. */
export function conversationFilter(chatbotId: string | null, params: ListParams): Filter {
  const filter: Filter = chatbotId ? { chatbot_id: chatbotId } : {};
  if (params.status) filter.status = params.status as string;
  if (params.channel) filter.channel = params.channel as string;
  if (params.resolution) filter.resolution = params.resolution as string;
  if (params.has_lead !== undefined) filter.lead_id = params.has_lead ? { ne: null } : null;
  return withTimeFilter(filter, params);
}

export function conversationRoutes(service: ConversationService, chatbots: ChatbotLookup): PluginRoute[] {
  const convIdOf = (request: Request) => (request.params as { convId: string }).convId;
  return [
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations',
      options: {
        description: 'Start a conversation',
        notes:
          'Optional `visitor` (your id for them, name, e-mail, phone, locale), `metadata` and `language` (what ' +
          'replies are written in; default the chatbot’s). Publishes conversation.started. A paused chatbot ' +
          'refuses (409 `chatbot_paused`), an archived one too (409 `chatbot_archived`).',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...chatbotKey.platform, errors: { 409: ['chatbot_archived', 'chatbot_paused'] } } },
        validate: { params: chatbotParams, payload: startInput },
        response: { status: { 201: conversationResponse } },
        handler: async (request, h) => {
          const chatbot = await chatbots.profile(request);
          const input = request.payload as { visitor: Visitor; metadata: Record<string, unknown>; language?: string };
          const conversation = await service.start(tenantOf(request), chatbot, { ...input, channel: 'api' });
          return h
            .response(presentConversation(conversation))
            .code(201)
            .header('Location', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}`);
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations',
      options: {
        description: 'List a chatbot’s conversations',
        notes: 'Newest first. Filters: `status`, `channel`, `has_lead`, `resolution`, and the start time (`created_after`, `created_before`).',
        tags: ['api', 'conversations'],
        plugins: agentToo,
        validate: { params: chatbotParams, query: conversationListQuery },
        response: { schema: pageSchema(conversationResponse).label('ConversationList') },
        handler: async (request) => {
          const chatbot = await chatbots.summary(request);
          const params = request.query as ListParams;
          return paginate(service.conversations(tenantOf(request)), params, {
            filter: conversationFilter(chatbot.id, params),
            present: presentConversation,
          });
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations/{convId}',
      options: {
        description: 'Get a conversation',
        tags: ['api', 'conversations'],
        plugins: agentToo,
        validate: { params: conversationParams },
        response: { schema: conversationResponse },
        handler: async (request) =>
          presentConversation(await service.find(tenantOf(request), await chatbots.summary(request), convIdOf(request))),
      },
    },
    {
      method: 'PATCH',
      path: '/chatbots/{id}/conversations/{convId}',
      options: {
        description: 'Set a conversation’s resolution or metadata',
        notes: 'A resolution set here sticks: ending the conversation later keeps it. `null` clears it.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...chatbotKey.platform, errors: { 409: ['chatbot_archived'] } } },
        validate: { params: conversationParams, payload: patchInput },
        response: { schema: conversationResponse },
        handler: async (request) => {
          const patch = request.payload as { resolution?: Resolution | null; metadata?: Record<string, unknown> };
          return presentConversation(await service.patch(tenantOf(request), await chatbots.summary(request), convIdOf(request), patch));
        },
      },
    },
    {
      method: 'DELETE',
      path: '/chatbots/{id}/conversations/{convId}',
      options: {
        description: 'Delete a conversation and its messages, for good',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...chatbotKey.platform, errors: { 409: ['chatbot_archived'] } } },
        validate: { params: conversationParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }) },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.summary(request);
          const conversation = await service.find(tenant, chatbot, convIdOf(request));
          service.assertChatbotAccepts(chatbot, 'change');
          await service.delete(tenant, conversation);
          return { id: conversation.id, deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/end',
      options: {
        description: 'End a conversation',
        notes:
          'Publishes conversation.ended. The resolution is `escalated` after a handoff, `resolved` when no reply was ' +
          'the fallback and none got a thumbs-down, `unresolved` otherwise, and null when the visitor never wrote; ' +
          '`resolution` in the body overrides it. Ending an ended conversation changes nothing.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 409: ['chatbot_archived'] } } },
        validate: { params: conversationParams, payload: endInput },
        response: { schema: conversationResponse },
        handler: async (request) => {
          const input = request.payload as { reason: 'api' | 'visitor'; resolution?: Resolution };
          return presentConversation(await service.end(tenantOf(request), await chatbots.summary(request), convIdOf(request), input));
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/handoff',
      options: {
        description: 'Hand a conversation to a human',
        notes:
          'The chatbot stops answering; agents write with `"role": "agent"` through the messages route. Publishes ' +
          'conversation.handoff. It is unassigned, unless `member_id` assigns it in the same change (then ' +
          'conversation.assigned follows) or the chatbot’s `settings.handoff.auto_assign` gives it to an available ' +
          'member. A conversation already handed off is left as it is; with `member_id`, it is assigned as by `…/assign`. ' +
          ASSIGNMENT_RULES,
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 403: ['insufficient_role'], 404: ['member_not_found'], 409: ['chatbot_archived', 'conversation_assigned', 'conversation_ended', 'member_not_active'] } } },
        validate: { params: conversationParams, payload: handoffInput },
        response: { schema: conversationResponse },
        handler: async (request) => {
          const memberId = (request.payload as { member_id?: string } | null)?.member_id;
          const assignTo = memberId ? { assigner: assignerOf(request), memberId } : undefined;
          return presentConversation(await service.handoff(tenantOf(request), await chatbots.profile(request), convIdOf(request), assignTo));
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/assign',
      options: {
        description: 'Assign a handed-off conversation to a member, or unassign it',
        notes:
          '`{"member_id": "usr_…"}` assigns it, `{"member_id": null}` unassigns it; publishes conversation.assigned ' +
          '(nothing when it changes nothing). The conversation must be handed off (409 `conversation_not_in_handoff`; ' +
          'ended: 409 `conversation_ended`). Going back to the bot unassigns it; ending it keeps who had it. ' +
          ASSIGNMENT_RULES,
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 403: ['insufficient_role'], 404: ['member_not_found'], 409: ['chatbot_archived', 'conversation_assigned', 'conversation_ended', 'conversation_not_in_handoff', 'member_not_active'] } } },
        validate: { params: conversationParams, payload: assignInput },
        response: { schema: conversationResponse },
        handler: async (request) => {
          const { member_id: memberId } = request.payload as { member_id: string | null };
          return presentConversation(
            await service.assign(tenantOf(request), await chatbots.summary(request), convIdOf(request), assignerOf(request), memberId),
          );
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/release',
      options: {
        description: 'Give a handed-off conversation back to the chatbot',
        notes: 'It is unassigned too (conversation.assigned is published when it was assigned).',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 409: ['chatbot_archived', 'conversation_ended'] } } },
        validate: { params: conversationParams, payload: Joi.object({}).allow(null) },
        response: { schema: conversationResponse },
        handler: async (request) =>
          presentConversation(await service.release(tenantOf(request), await chatbots.summary(request), convIdOf(request))),
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations/{convId}/contact',
      options: {
        description: 'How to reach the visitor of a conversation',
        notes:
          'The name, e-mail and phone of the conversation’s lead (`lead_id`): for the agent answering an offline handoff by ' +
          'e-mail. Agents may call it (the leads routes are for owners and admins). 404 `lead_not_found` when the visitor left none.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 404: ['lead_not_found'] } } },
        validate: { params: conversationParams, query: Joi.object({}) },
        response: { schema: contactResponse },
        handler: async (request) => service.contactOf(tenantOf(request), await chatbots.summary(request), convIdOf(request)),
      },
    },
  ];
}


