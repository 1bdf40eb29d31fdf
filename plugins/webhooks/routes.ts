// Webhook routes (API.md §4): create, list, get, update, delete, rotate the secret, send a test
// event, the delivery log and its retry; and the events (`/events`) they deliver.
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { presentEvent } from '../../core/events.js';
import { apiError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageSchema, paginate, withTimeFilter, type ListParams } from '../../core/pagination.js';
import { assertMaySubscribe, assertSeesEventType, visibleEventTypes } from '../../core/access.js';
import { callerOf, tenantOf, type ChatbotDirectory, type Platform } from '../../core/platform.js';
import type { Filter, TenantScope } from '../../core/store/types.js';
import { newDelivery, type Dispatcher } from './dispatcher.js';
import {
  subscriptionInputs,
  deliveryListQuery,
  deliveryParams,
  deliveryResponse,
  eventListQuery,
  eventParams,
  eventResponse,
  rotateInput,
  webhookListQuery,
  webhookParams,
  webhookResponse,
} from './schemas.js';
import { QuotaFullError } from '../../core/quota.js';
import type { SecretBox } from '../../core/secret-box.js';
import { newSigningSecret } from './signing.js';
import { deliveryIdOf, presentDelivery, presentWebhook, webhookQuotaOf, type Webhook, type WebhookCollections, type WebhookDoc } from './store.js';

const webhooksFeature = { platform: { feature: 'webhooks' as const } };

export function webhookRoutes(
  platform: Platform,
  collections: WebhookCollections,
  directory: ChatbotDirectory,
  dispatcher: Dispatcher,
  secrets: () => Promise<SecretBox>,
): ServerRoute[] {
  const webhooksOf = (tenant: TenantScope) => collections.webhooks.forTenant(tenant);
  const { createInput, patchInput } = subscriptionInputs(platform.eventTypes);

  /**
   * The event-type filter of a feed of events: the type asked for (403 when the caller does not see
   * it), else, for an OAuth token, the types its scopes see (the platform's, external plugins' too).
   */
  function eventTypeFilter(request: Request, asked: string | undefined): Filter[string] | undefined {
    const caller = callerOf(request);
    if (asked) {
      assertSeesEventType(caller, asked);
      return asked;
    }
    const visible = visibleEventTypes(caller, platform.eventTypes);
    return visible ? { in: visible } : undefined;
  }

  async function webhookOf(request: Request): Promise<Webhook> {
    const { whId } = request.params as { whId: string };
    const webhook = await webhooksOf(tenantOf(request)).get(whId);
    if (!webhook) throw notFound('webhook', whId);
    return webhook;
  }

  /**
   * At most `max_per_chatbot` per chatbot, and as many account-wide: each webhook holds a quota slot
   * taken in the same commit (core/quota.ts), so racing creates cannot pass the limit. The count is
   * checked too, for webhooks made before slots existed.
   */
  async function insertWithinLimit(tenant: TenantScope, doc: WebhookDoc & { id: string }): Promise<void> {
    const limit = platform.config.webhooks.max_per_chatbot;
    const full = () =>
      apiError(
        409,
        'webhook_limit_reached',
        doc.chatbot_id ? `Chatbot ${doc.chatbot_id} has ${limit} webhooks already; delete one first` : `The account has ${limit} account-wide webhooks already`,
      );
    if ((await webhooksOf(tenant).count({ chatbot_id: doc.chatbot_id })) >= limit) throw full();
    const spec = {
      quota: webhookQuotaOf(doc.chatbot_id),
      limit,
      holders: async () => (await webhooksOf(tenant).list({ filter: { chatbot_id: doc.chatbot_id }, limit: 10_000 })).map((webhook) => webhook.id),
      holder: doc.id,
      stillHolds: async (id: string) => Boolean(await webhooksOf(tenant).get(id)),
    };
    try {
      await platform.quotas.withSlot(tenant, spec, (slot) => platform.store.commit([...(slot ? [slot] : []), webhooksOf(tenant).ops.insert(doc)]));
    } catch (error) {
      if (error instanceof QuotaFullError) throw full();
      throw error;
    }
  }

  return [
    {
      method: 'POST',
      path: '/api/v1/webhooks',
      options: {
        description: 'Register a webhook endpoint',
        notes:
          '`url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all: `["*"]`), ' +
          '`description`. Answers 201 with the signing `secret`, shown this once. At most 10 per chatbot ' +
          '(409 `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes only ' +
          'to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope): else 403 ' +
          '`insufficient_scope`.',
        tags: ['api', 'webhooks'],
        plugins: { platform: { ...webhooksFeature.platform, errors: { 404: ['chatbot_not_found'], 409: ['webhook_limit_reached'] } } },
        validate: { payload: createInput },
        response: { status: { 201: webhookResponse } },
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const input = request.payload as { url: string; chatbot_id: string | null; events: string[]; description: string | null };
          assertMaySubscribe(callerOf(request), input.events);
          if (input.chatbot_id && !(await directory.find(tenant, input.chatbot_id))) throw notFound('chatbot', input.chatbot_id);
          const now = platform.now().toISOString();
          const secret = newSigningSecret();
          const doc: WebhookDoc & { id: string } = {
            id: newId('wh', platform.now().getTime()),
            chatbot_id: input.chatbot_id,
            url: input.url,
            description: input.description,
            events: input.events.includes('*') ? ['*'] : input.events,
            status: 'enabled',
            disabled_reason: null,
            disabled_at: null,
            secrets: [{ sealed: (await secrets()).seal(secret), created_at: now, expires_at: null }],
            failing_since: null,
            created_at: now,
            updated_at: now,
          };
          await insertWithinLimit(tenant, doc);
          const webhook = { ...doc, version: 1 };
          return h.response(presentWebhook(webhook, secret)).code(201).header('Location', `/api/v1/webhooks/${webhook.id}`);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/webhooks',
      options: {
        description: 'List webhook endpoints',
        notes: 'Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { query: webhookListQuery },
        response: { schema: pageSchema(webhookResponse).label('WebhookList') },
        handler: async (request) => {
          const params = request.query as ListParams & { chatbot_id?: string; status?: string };
          const filter: Filter = {};
          if (params.chatbot_id) filter.chatbot_id = params.chatbot_id;
          if (params.status) filter.status = params.status;
          return paginate(webhooksOf(tenantOf(request)), params, { filter: withTimeFilter(filter, params), present: (w) => presentWebhook(w) });
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/webhooks/{whId}',
      options: {
        description: 'Get a webhook endpoint',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams },
        response: { schema: webhookResponse },
        handler: async (request) => presentWebhook(await webhookOf(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/api/v1/webhooks/{whId}',
      options: {
        description: 'Change a webhook endpoint',
        notes:
          '`url`, `events`, `description`, `status` (`enabled` turns a disabled endpoint back on; `disabled` pauses it). ' +
          'An OAuth token subscribes only to the event types its scopes see, as for a new endpoint (403 `insufficient_scope`).',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, payload: patchInput },
        response: { schema: webhookResponse },
        handler: async (request) => {
          const webhook = await webhookOf(request);
          const patch = request.payload as Partial<Pick<WebhookDoc, 'url' | 'events' | 'description' | 'status'>>;
          if (patch.events) assertMaySubscribe(callerOf(request), patch.events);
          const now = platform.now().toISOString();
          const changes: Partial<WebhookDoc> = { ...patch, updated_at: now };
          if (patch.events) changes.events = patch.events.includes('*') ? ['*'] : patch.events;
          if (patch.status === 'enabled' && webhook.status !== 'enabled') {
            Object.assign(changes, { disabled_reason: null, disabled_at: null, failing_since: null });
          }
          if (patch.status === 'disabled' && webhook.status !== 'disabled') Object.assign(changes, { disabled_reason: 'api', disabled_at: now });
          const updated = await webhooksOf(tenantOf(request)).update(webhook.id, changes, { ifVersion: webhook.version });
          if (!updated) throw notFound('webhook', webhook.id);
          return presentWebhook(updated);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/webhooks/{whId}',
      options: {
        description: 'Delete a webhook endpoint and its delivery log',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }) },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const webhook = await webhookOf(request);
          await platform.store.commit([
            webhooksOf(tenant).ops.delete(webhook.id),
            collections.deliveries.forTenant(tenant).ops.deleteMany({ webhook_id: webhook.id }),
            platform.quotas.releaseOps(tenant, webhookQuotaOf(webhook.chatbot_id), webhook.id),
          ]);
          return { id: webhook.id, deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/v1/webhooks/{whId}/rotate-secret',
      options: {
        description: 'Rotate the signing secret',
        notes:
          'Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds` ' +
          '(default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, payload: rotateInput },
        response: { schema: webhookResponse },
        handler: async (request) => {
          const webhook = await webhookOf(request);
          const { grace_seconds: grace = platform.config.webhooks.rotation_grace_seconds } = request.payload as { grace_seconds?: number };
          const now = platform.now();
          const secret = newSigningSecret();
          const stillValid = webhook.secrets.filter((s) => s.expires_at === null || s.expires_at > now.toISOString());
          const retiring = stillValid.map((s) => ({
            ...s,
            expires_at: s.expires_at ?? new Date(now.getTime() + grace * 1000).toISOString(),
          }));
          const kept = [{ sealed: (await secrets()).seal(secret), created_at: now.toISOString(), expires_at: null }, ...retiring].filter(
            (s) => s.expires_at === null || s.expires_at > now.toISOString(),
          );
          const updated = await webhooksOf(tenantOf(request)).update(
            webhook.id,
            { secrets: kept, updated_at: now.toISOString() },
            { ifVersion: webhook.version },
          );
          if (!updated) throw notFound('webhook', webhook.id);
          return presentWebhook(updated, secret);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/v1/webhooks/{whId}/test',
      options: {
        description: 'Send a webhook.test event to this endpoint',
        notes: 'Answers 202 with the delivery; its outcome shows in the delivery log. Only this endpoint receives it.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: deliveryResponse } },
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const webhook = await webhookOf(request);
          if (webhook.status !== 'enabled') throw apiError(409, 'conflict', `Webhook ${webhook.id} is disabled; enable it first`);
          const now = platform.now();
          const eventId = newId('evt', now.getTime());
          const delivery = newDelivery(
            deliveryIdOf(eventId, webhook.id),
            webhook.id,
            { id: eventId, type: 'webhook.test', chatbot_id: webhook.chatbot_id },
            now.toISOString(),
          );
          await platform.events.publishAll(
            tenant,
            [{ id: eventId, type: 'webhook.test', chatbotId: webhook.chatbot_id, data: { webhook_id: webhook.id, message: 'A test event from the API' } }],
            [collections.deliveries.forTenant(tenant).ops.insert(delivery)],
            { dispatch: false },
          );
          dispatcher.nudge();
          return h.response(presentDelivery({ ...delivery, version: 1 })).code(202);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/webhooks/{whId}/deliveries',
      options: {
        description: 'The delivery log of an endpoint',
        notes:
          'Newest first, each delivery with its attempts (status, duration, the start of the answer). Filters: `status`, ' +
          '`event_type`. An OAuth token sees the deliveries of the event types its scopes see (`lead.*` with ' +
          '`leads:read`, …; see `GET /events`); an `event_type` it does not see is 403 `insufficient_scope`.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, query: deliveryListQuery },
        response: { schema: pageSchema(deliveryResponse).label('WebhookDeliveryList') },
        handler: async (request) => {
          const webhook = await webhookOf(request);
          const params = request.query as ListParams & { status?: string; event_type?: string };
          const filter: Filter = { webhook_id: webhook.id };
          if (params.status) filter.status = params.status;
          const eventType = eventTypeFilter(request, params.event_type);
          if (eventType) filter.event_type = eventType;
          return paginate(collections.deliveries.forTenant(tenantOf(request)), params, {
            filter: withTimeFilter(filter, params),
            present: presentDelivery,
          });
        },
      },
    },
    {
      method: 'POST',
      path: '/api/v1/webhooks/{whId}/deliveries/{deliveryId}/retry',
      options: {
        description: 'Send a delivery again now',
        notes:
          'Any delivery, succeeded or not (a replay): it is due at once and keeps its event id, so receivers can ' +
          'deduplicate. Answers 202. A disabled endpoint must be enabled first (409).',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: deliveryParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: deliveryResponse } },
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const webhook = await webhookOf(request);
          const { deliveryId } = request.params as { deliveryId: string };
          const deliveries = collections.deliveries.forTenant(tenant);
          const delivery = await deliveries.get(deliveryId);
          if (!delivery || delivery.webhook_id !== webhook.id) throw notFound('delivery', deliveryId);
          if (webhook.status !== 'enabled') throw apiError(409, 'conflict', `Webhook ${webhook.id} is disabled; enable it first`);
          const now = platform.now().toISOString();
          const updated = await deliveries.update(
            delivery.id,
            { status: 'pending', next_attempt_at: now, completed_at: null, updated_at: now },
            { ifVersion: delivery.version },
          );
          if (!updated) throw notFound('delivery', deliveryId);
          dispatcher.nudge();
          return h.response(presentDelivery(updated)).code(202);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/events',
      options: {
        description: 'List events',
        notes:
          'What happened in the account (this mode), newest first: the payloads webhooks deliver. Filters: `type`, ' +
          '`chatbot_id`, time. An OAuth token sees the event types its scopes see, each type the read scope of its area: ' +
          '`message.*` and `conversation.*` with `conversations:read`, `lead.*` with `leads:read`, `chatbot.*` with ' +
          '`chatbots:read`, `knowledge.*` with `knowledge:read`, `webhook.*` with `webhooks:read` (external plugins’ ' +
          'types: API keys and members only). A `type` it does not see is 403 `insufficient_scope`.',
        tags: ['api', 'events'],
        validate: { query: eventListQuery },
        response: { schema: pageSchema(eventResponse).label('EventList') },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const params = request.query as ListParams & { type?: string; chatbot_id?: string };
          const filter: Filter = {};
          const type = eventTypeFilter(request, params.type);
          if (type) filter.type = type;
          if (params.chatbot_id) filter.chatbot_id = params.chatbot_id;
          return paginate(platform.events.collection.forTenant(tenant), params, {
            filter: withTimeFilter(filter, params),
            present: (event) => presentEvent(event, tenant),
          });
        },
      },
    },
    {
      method: 'GET',
      path: '/api/v1/events/{evtId}',
      options: {
        description: 'Get an event',
        notes: 'An OAuth token gets events of the types its scopes see (see `GET /events`); another is 403 `insufficient_scope`.',
        tags: ['api', 'events'],
        validate: { params: eventParams },
        response: { schema: eventResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const { evtId } = request.params as { evtId: string };
          const event = await platform.events.collection.forTenant(tenant).get(evtId);
          if (!event) throw notFound('event', evtId);
          assertSeesEventType(callerOf(request), event.type);
          return presentEvent(event, tenant);
        },
      },
    },
  ];
}
