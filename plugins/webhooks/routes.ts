// Webhook routes (docs/ARCHITECTURE.md A4): create, list, get, update, delete, rotate the secret, send a test
// event, the delivery log and its retry; and the events (`/events`, event-routes.ts) they deliver.
import type { Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import {
  AddressPolicy,
  apiError,
  assertMaySubscribe,
  callerOf,
  notFound,
  pageSchema,
  paginate,
  tenantOf,
  urlAddressRefusal,
  urlRefusalMessage,
  withTimeFilter,
  type BuiltInPluginApi,
  type ChatbotDirectory,
  type Filter,
  type ListParams,
  type PluginRoute,
  type SecretBox,
} from '../../core/index.js';
import type { Dispatcher } from './dispatcher.js';
import { eventRoutes, eventTypeFilter } from './event-routes.js';
import {
  subscriptionInputs,
  deliveryListQuery,
  deliveryParams,
  deliveryResponse,
  rotateInput,
  webhookListQuery,
  webhookParams,
  webhookResponse,
  webhookWithSecretResponse,
} from './schemas.js';
import { WebhookService, type WebhookInput, type WebhookPatch } from './service.js';
import { presentDelivery, presentWebhook, type WebhookCollections } from './collections.js';

const webhooksFeature = { platform: { feature: 'webhooks' as const } };

export function webhookRoutes(
  api: BuiltInPluginApi,
  collections: WebhookCollections,
  directory: ChatbotDirectory,
  dispatcher: Dispatcher,
  secrets: () => Promise<SecretBox>,
): PluginRoute[] {
  const { config, eventTypes } = api.privileged.platform;
  const service = new WebhookService(api, collections, dispatcher, secrets);
  const { createInput, patchInput } = subscriptionInputs(eventTypes);
  const webhookOf = (request: Request) => service.find(tenantOf(request), (request.params as { whId: string }).whId);
  // The rules deliveries are sent under (index.ts's fetcher): an endpoint they would never reach is
  // refused when it is set, not accepted and then failed at every attempt.
  const addresses = new AddressPolicy({ allowedCidrs: config.webhooks.allowed_cidrs, egressCidrs: config.egress.allowed_cidrs, refuseNonPublic: true });

  function checkUrl(url: string | undefined): void {
    const refusal = url === undefined ? null : urlAddressRefusal(addresses, url);
    if (!refusal) return;
    const message = urlRefusalMessage(refusal, 'WEBHOOK_ALLOWED_CIDRS');
    throw apiError(400, 'webhook_address_not_allowed', message, { details: [{ path: 'url', message, type: 'string.address' }] });
  }

  async function createWebhook(request: Request, h: ResponseToolkit) {
    const tenant = tenantOf(request);
    const input = request.payload as WebhookInput;
    assertMaySubscribe(callerOf(request), input.events);
    checkUrl(input.url);
    if (input.chatbot_id && !(await directory.find(tenant, input.chatbot_id))) throw notFound('chatbot', input.chatbot_id);
    const { webhook, secret } = await service.create(tenant, input);
    return h.response(presentWebhook(webhook, secret)).code(201).header('Location', `/api/v1/webhooks/${webhook.id}`);
  }

  async function listWebhooks(request: Request) {
    const params = request.query as ListParams & { chatbot_id?: string; status?: string };
    const filter: Filter = {};
    if (params.chatbot_id) filter.chatbot_id = params.chatbot_id;
    if (params.status) filter.status = params.status;
    return paginate(collections.webhooks.forTenant(tenantOf(request)), params, { filter: withTimeFilter(filter, params), present: (w) => presentWebhook(w) });
  }

  async function updateWebhook(request: Request) {
    const webhook = await webhookOf(request);
    const patch = request.payload as WebhookPatch;
    if (patch.events) assertMaySubscribe(callerOf(request), patch.events);
    checkUrl(patch.url);
    return presentWebhook(await service.update(tenantOf(request), webhook, patch));
  }

  async function deleteWebhook(request: Request) {
    const webhook = await webhookOf(request);
    await service.remove(tenantOf(request), webhook);
    return { id: webhook.id, deleted: true };
  }

  async function rotateSecret(request: Request) {
    const webhook = await webhookOf(request);
    const { grace_seconds: grace = config.webhooks.rotation_grace_seconds } = request.payload as { grace_seconds?: number };
    const rotated = await service.rotateSecret(tenantOf(request), webhook, grace);
    return presentWebhook(rotated.webhook, rotated.secret);
  }

  async function sendTestEvent(request: Request, h: ResponseToolkit) {
    const webhook = await webhookOf(request);
    return h.response(presentDelivery(await service.sendTest(tenantOf(request), webhook))).code(202);
  }

  async function listDeliveries(request: Request) {
    const webhook = await webhookOf(request);
    const params = request.query as ListParams & { status?: string; event_type?: string };
    const filter: Filter = { webhook_id: webhook.id };
    if (params.status) filter.status = params.status;
    const eventType = eventTypeFilter(eventTypes, request, params.event_type);
    if (eventType) filter.event_type = eventType;
    return paginate(collections.deliveries.forTenant(tenantOf(request)), params, {
      filter: withTimeFilter(filter, params),
      present: presentDelivery,
    });
  }

  async function retryDelivery(request: Request, h: ResponseToolkit) {
    const webhook = await webhookOf(request);
    const { deliveryId } = request.params as { deliveryId: string };
    return h.response(presentDelivery(await service.retryDelivery(tenantOf(request), webhook, deliveryId))).code(202);
  }

  return [
    {
      method: 'POST',
      path: '/webhooks',
      options: {
        description: 'Register a webhook endpoint',
        notes:
          '`url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all: `["*"]`), ' +
          '`description`. Answers 201 with the signing `secret`, shown this once. An address this server does not send to ' +
          '(private, loopback or reserved unless the operator lists it in `WEBHOOK_ALLOWED_CIDRS`; outside ' +
          '`EGRESS_ALLOWED_CIDRS` when set) is 400 `webhook_address_not_allowed` when the host is an IP address or `localhost`; ' +
          'a host name is judged on its resolved address at each delivery, which fails if refused. At most 10 per chatbot ' +
          '(409 `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes only ' +
          'to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope): else 403 ' +
          '`insufficient_scope`.',
        tags: ['api', 'webhooks'],
        plugins: { platform: { ...webhooksFeature.platform, errors: { 400: ['webhook_address_not_allowed'], 404: ['chatbot_not_found'], 409: ['webhook_limit_reached'] } } },
        validate: { payload: createInput },
        response: { status: { 201: webhookWithSecretResponse } },
        handler: createWebhook,
      },
    },
    {
      method: 'GET',
      path: '/webhooks',
      options: {
        description: 'List webhook endpoints',
        notes: 'Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { query: webhookListQuery },
        response: { schema: pageSchema(webhookResponse).label('WebhookList') },
        handler: listWebhooks,
      },
    },
    {
      method: 'GET',
      path: '/webhooks/{whId}',
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
      path: '/webhooks/{whId}',
      options: {
        description: 'Change a webhook endpoint',
        notes:
          '`url`, `events`, `description`, `status` (`enabled` turns a disabled endpoint back on; `disabled` pauses it). ' +
          'An OAuth token subscribes only to the event types its scopes see, as for a new endpoint (403 `insufficient_scope`). ' +
          'A `url` this server does not send to is 400 `webhook_address_not_allowed`, as for a new endpoint.',
        tags: ['api', 'webhooks'],
        plugins: { platform: { ...webhooksFeature.platform, errors: { 400: ['webhook_address_not_allowed'] } } },
        validate: { params: webhookParams, payload: patchInput },
        response: { schema: webhookResponse },
        handler: updateWebhook,
      },
    },
    {
      method: 'DELETE',
      path: '/webhooks/{whId}',
      options: {
        description: 'Delete a webhook endpoint and its delivery log',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }) },
        handler: deleteWebhook,
      },
    },
    {
      method: 'POST',
      path: '/webhooks/{whId}/rotate-secret',
      options: {
        description: 'Rotate the signing secret',
        notes:
          'Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds` ' +
          '(default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, payload: rotateInput },
        response: { schema: webhookWithSecretResponse },
        handler: rotateSecret,
      },
    },
    {
      method: 'POST',
      path: '/webhooks/{whId}/test',
      options: {
        description: 'Send a webhook.test event to this endpoint',
        notes: 'Answers 202 with the delivery; its outcome shows in the delivery log. Only this endpoint receives it.',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: webhookParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: deliveryResponse } },
        handler: sendTestEvent,
      },
    },
    {
      method: 'GET',
      path: '/webhooks/{whId}/deliveries',
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
        handler: listDeliveries,
      },
    },
    {
      method: 'POST',
      path: '/webhooks/{whId}/deliveries/{deliveryId}/retry',
      options: {
        description: 'Send a delivery again now',
        notes:
          'Any delivery, succeeded or not (a replay): it is due at once and keeps its event id, so receivers can ' +
          'deduplicate. Answers 202. A disabled endpoint must be enabled first (409).',
        tags: ['api', 'webhooks'],
        plugins: webhooksFeature,
        validate: { params: deliveryParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: deliveryResponse } },
        handler: retryDelivery,
      },
    },
    ...eventRoutes(api),
  ];
}
