// Chatbot status transitions (docs/ARCHITECTURE.md A4): active ⇄ paused; active|paused → archived → active.
// Asking for the state a chatbot is already in changes nothing and answers 200.
import Joi from 'joi';
import {
  apiError,
  apiKeyWithSecretResponse,
  callerOf,
  gracePeriodOf,
  makerOfKey,
  presentKey,
  rotateKeyInput,
  rotationRefusal,
  tenantOf,
  type BuiltInPluginApi,
  type PluginRoute,
} from '../../core/index.js';
import { chatbotIdOf, chatbotIdParams, chatbotResponse } from './schemas.js';
import type { ChatbotService } from './service.js';
import { presentChatbot, type ChatbotStatus } from './collections.js';

interface Transition {
  action: 'pause' | 'resume' | 'archive' | 'restore';
  from: ChatbotStatus[];
  to: ChatbotStatus;
  description: string;
  /** What the transition answers besides `conflict`: an archived chatbot is read-only, a restored one counts again. */
  errors?: { 409: string[] };
}

const TRANSITIONS: Transition[] = [
  { action: 'pause', from: ['active'], to: 'paused', description: 'Pause a chatbot: it stops answering visitors', errors: { 409: ['chatbot_archived'] } },
  { action: 'resume', from: ['paused'], to: 'active', description: 'Resume a paused chatbot', errors: { 409: ['chatbot_archived'] } },
  { action: 'archive', from: ['active', 'paused'], to: 'archived', description: 'Archive a chatbot: read-only' },
  { action: 'restore', from: ['archived'], to: 'active', description: 'Restore an archived chatbot to active', errors: { 409: ['chatbot_limit_reached'] } },
];

export function lifecycleRoutes(api: BuiltInPluginApi, chatbots: ChatbotService): PluginRoute[] {
  const platform = api.privileged.platform;
  const transitionRoutes: PluginRoute[] = TRANSITIONS.map((transition) => ({
    method: 'POST',
    path: `/chatbots/{id}/${transition.action}`,
    options: {
      description: transition.description,
      notes: `Allowed from ${transition.from.join(' or ')}; already ${transition.to} is a no-op. Publishes chatbot.updated.`,
      tags: ['api', 'chatbots'],
      plugins: { platform: { errors: transition.errors } },
      validate: { params: chatbotIdParams, payload: Joi.object({}).allow(null) },
      response: { schema: chatbotResponse },
      handler: async (request) => {
        const caller = callerOf(request);
        const chatbot = await chatbots.find(caller.tenant, chatbotIdOf(request));
        if (chatbot.status === transition.to) return presentChatbot(chatbot);
        if (!transition.from.includes(chatbot.status)) {
          if (chatbot.status === 'archived') chatbots.assertWritable(chatbot);
          throw apiError(409, 'conflict', `Chatbot ${chatbot.id} is ${chatbot.status}; only a ${transition.from.join(' or ')} chatbot can be ${transition.action}d`);
        }
        const changes = { status: transition.to };
        if (transition.action === 'restore') {
          return presentChatbot(await chatbots.withQuotaSlot(caller, chatbot.id, (slot) => chatbots.update(caller.tenant, chatbot, changes, { before: slot })));
        }
        // Archiving frees the chatbot's slot in the same commit (pausing keeps it: paused ones count).
        const after = transition.action === 'archive' ? [chatbots.releaseQuotaSlot(caller.tenant, chatbot.id)] : [];
        return presentChatbot(await chatbots.update(caller.tenant, chatbot, changes, { after }));
      },
    },
  }));

  const rotateRoute: PluginRoute = {
    method: 'POST',
    path: '/chatbots/{id}/api-key/rotate',
    options: {
      description: 'Rotate the chatbot’s API key',
      notes:
        'Issues a new chatbot key (its secret shown once); the current one keeps working for ' +
        '`grace_period_seconds` (default 24 h). Needs an account key. The new key keeps the old one’s maker: only ' +
        'someone at or above the maker’s role may rotate it (403 `insufficient_role`).',
      tags: ['api', 'chatbots'],
      validate: {
        params: chatbotIdParams,
        payload: rotateKeyInput,
      },
      response: { status: { 201: Joi.object({ api_key: Joi.string().required(), key: apiKeyWithSecretResponse }) } },
      handler: async (request, h) => {
        const tenant = tenantOf(request);
        const chatbot = await chatbots.find(tenant, chatbotIdOf(request));
        const now = api.now();
        const current = (await platform.apiKeys.forTenant(tenant).list({ filter: { chatbot_id: chatbot.id }, limit: 100 }))
          .filter((key) => rotationRefusal(key, now) === null)
          .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
        if (!current) throw apiError(409, 'conflict', `Chatbot ${chatbot.id} has no active key to rotate`);
        const createdBy = await api.privileged.auth.makerForReplacement(callerOf(request), makerOfKey(current), 'rotate a chatbot key');
        const graceSeconds = gracePeriodOf(request.payload, platform.config.keys.rotation_grace_seconds);
        const { issued } = await api.privileged.auth.rotateApiKey(tenant, current, { graceSeconds, createdBy, now });
        platform.apiKeyCache.forgetKey(current.id);
        return h
          .response({ api_key: issued.secret, key: { ...presentKey(issued.record, tenant.mode), secret: issued.secret } })
          .code(201);
      },
    },
  };

  return [...transitionRoutes, rotateRoute];
}
