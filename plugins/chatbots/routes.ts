// Chatbot resource routes: create, list, get, update, delete.
import Joi from 'joi';
import {
  callerOf,
  foldForSearch,
  issueKey,
  listQuerySchema,
  newId,
  pageSchema,
  paginate,
  tenantOf,
  withTimeFilter,
  type Filter,
  type ListParams,
  type BuiltInPluginApi,
  type PluginRoute,
} from '../../core/index.js';
import {
  chatbotIdOf,
  chatbotIdParams,
  chatbotResponse,
  createChatbotInput,
  createdChatbotResponse,
  deletedResponse,
  updateChatbotInput,
} from './schemas.js';
import type { ChatbotService } from './service.js';
import { chatbotFields, defaultSettings } from './settings.js';
import { CHATBOT_STATUSES, presentChatbot, type ChatbotDoc } from './collections.js';

interface ChatbotInput {
  name?: string;
  language?: string;
  personality?: ChatbotDoc['personality'];
  welcome_message?: string | null;
}

/** An empty welcome message means none. */
function normaliseWelcome(input: ChatbotInput): ChatbotInput {
  return input.welcome_message === '' ? { ...input, welcome_message: null } : input;
}

export function chatbotRoutes(api: BuiltInPluginApi, chatbots: ChatbotService): PluginRoute[] {
  return [
    {
      method: 'POST',
      path: '/chatbots',
      options: {
        description: 'Create a chatbot',
        notes:
          '`name` is required; `language` defaults to `en` and `personality` to `friendly`. The response carries ' +
          '`api_key`, a key of the calling key’s mode that works only for this chatbot, shown this once. ' +
          'Active and paused chatbots count against the plan’s limit (409 `chatbot_limit_reached`).',
        tags: ['api', 'chatbots'],
        plugins: { platform: { errors: { 409: ['chatbot_limit_reached'] } } },
        validate: { payload: createChatbotInput },
        response: { status: { 201: createdChatbotResponse } },
        handler: async (request, h) => {
          const caller = callerOf(request);
          const input = normaliseWelcome(request.payload as ChatbotInput);
          const now = api.now();
          const doc: ChatbotDoc & { id: string } = {
            id: newId('cb', now.getTime()),
            name: input.name!,
            name_folded: foldForSearch(input.name!),
            language: input.language!,
            personality: input.personality!,
            welcome_message: input.welcome_message ?? null,
            status: 'active',
            settings: defaultSettings(),
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          };
          const key = issueKey(api.privileged.platform.apiKeys, caller.tenant, {
            name: `Chatbot ${doc.id}`,
            kind: 'chatbot',
            chatbotId: doc.id,
            createdBy: caller.maker,
            now,
          });
          const chatbot = presentChatbot({ ...doc, version: 1 });
          await chatbots.withQuotaSlot(caller, doc.id, (slot) =>
            api.events.publish(caller.tenant, { type: 'chatbot.created', chatbotId: doc.id, data: chatbot }, [
              ...slot,
              chatbots.repository(caller.tenant).ops.insert(doc),
              key.op,
            ]),
          );
          return h
            .response({ ...chatbot, api_key: key.secret })
            .code(201)
            .header('Location', `/api/v1/chatbots/${doc.id}`);
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots',
      options: {
        description: 'List chatbots',
        notes: 'Newest first. Filters: `status`, `language`, `q` (part of the name, ignoring case and accents).',
        tags: ['api', 'chatbots'],
        plugins: { platform: { agent: true } }, // agents find their conversations through it
        validate: {
          query: listQuerySchema.keys({
            status: Joi.string().valid(...CHATBOT_STATUSES),
            language: chatbotFields.language,
            q: Joi.string().trim().min(1).max(100),
          }),
        },
        response: { schema: pageSchema(chatbotResponse).label('ChatbotList') },
        handler: async (request) => {
          const params = request.query as ListParams & { status?: string; language?: string; q?: string };
          const filter: Filter = {};
          if (params.status) filter.status = params.status;
          if (params.language) filter.language = params.language;
          if (params.q) filter.name_folded = { contains: foldForSearch(params.q) };
          return paginate(chatbots.repository(tenantOf(request)), params, {
            filter: withTimeFilter(filter, params),
            present: presentChatbot,
          });
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}',
      options: {
        description: 'Get a chatbot',
        tags: ['api', 'chatbots'],
        plugins: { platform: { chatbotKey: true, agent: true } },
        validate: { params: chatbotIdParams },
        response: { schema: chatbotResponse },
        handler: async (request) => presentChatbot(await chatbots.find(tenantOf(request), chatbotIdOf(request))),
      },
    },
    {
      method: 'PATCH',
      path: '/chatbots/{id}',
      options: {
        description: 'Update a chatbot',
        notes: 'Changes only the fields sent. An archived chatbot is read-only (409 `chatbot_archived`).',
        tags: ['api', 'chatbots'],
        plugins: { platform: { errors: { 409: ['chatbot_archived'] } } },
        validate: { params: chatbotIdParams, payload: updateChatbotInput },
        response: { schema: chatbotResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.find(tenant, chatbotIdOf(request));
          chatbots.assertWritable(chatbot);
          const changes = normaliseWelcome(request.payload as ChatbotInput) as Partial<ChatbotDoc>;
          return presentChatbot(await chatbots.update(tenant, chatbot, changes));
        },
      },
    },
    {
      method: 'DELETE',
      path: '/chatbots/{id}',
      options: {
        description: 'Delete a chatbot and everything under it, for good',
        notes:
          'Removes the chatbot and its keys in one step and publishes `chatbot.deleted`; every other area ' +
          '(conversations, knowledge, leads, webhooks) deletes its records for the chatbot on that event.',
        tags: ['api', 'chatbots'],
        validate: { params: chatbotIdParams },
        response: { schema: deletedResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await chatbots.find(tenant, chatbotIdOf(request));
          await api.events.publish(
            tenant,
            { type: 'chatbot.deleted', chatbotId: chatbot.id, data: presentChatbot(chatbot) },
            [
              chatbots.repository(tenant).ops.delete(chatbot.id, { ifVersion: chatbot.version }),
              api.privileged.platform.apiKeys.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbot.id }),
              chatbots.releaseQuotaSlot(tenant, chatbot.id),
            ],
          );
          api.privileged.platform.apiKeyCache.forgetAccount(tenant.accountId); // the chatbot's keys are gone
          return { id: chatbot.id, deleted: true };
        },
      },
    },
  ];
}
