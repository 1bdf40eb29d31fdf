// Validation and response shapes of the webhook and event routes.
import Joi from 'joi';
import { idSchema, listQuerySchema, outboundUrlSchema } from '../../core/index.js';
import { DELIVERY_STATUSES, WEBHOOK_STATUSES } from './collections.js';


const isoTime = Joi.string().isoDate();
const url = outboundUrlSchema();
/** The event types an endpoint may subscribe to: the platform's and external plugins' (privileged.platform.eventTypes). */
function eventsOf(eventTypes: readonly string[]) {
  return Joi.array()
    .items(Joi.string().valid('*', ...eventTypes))
    .min(1)
    .max(eventTypes.length + 1)
    .unique();
}

export const webhookParams = Joi.object({ whId: idSchema('wh').required() });
export const deliveryParams = webhookParams.keys({ deliveryId: idSchema('whd').required() });
export const eventParams = Joi.object({ evtId: idSchema('evt').required() });

/** The bodies that name event types, for this server's list of them. */
export function subscriptionInputs(eventTypes: readonly string[]) {
  const events = eventsOf(eventTypes);
  const createInput = Joi.object({
    url: url.required(),
    chatbot_id: idSchema('cb').allow(null).default(null).description('The chatbot whose events it receives; null: every chatbot of the account'),
    events: events.default(['*']),
    description: Joi.string().trim().max(500).allow(null).default(null),
  })
    .required()
    .label('CreateWebhook');
  const patchInput = Joi.object({
    url,
    events,
    description: Joi.string().trim().max(500).allow(null),
    status: Joi.string()
      .valid(...WEBHOOK_STATUSES)
      .description('`enabled` turns a disabled endpoint back on'),
  })
    .min(1)
    .required()
    .label('WebhookPatch');
  return { createInput, patchInput };
}

export const rotateInput = Joi.object({
  grace_seconds: Joi.number().integer().min(0).max(30 * 86_400).description('How long the old secret keeps signing (default from config, 24 h)'),
})
  .empty(null)
  .default()
  .label('RotateWebhookSecret');

export const webhookListQuery = listQuerySchema.keys({ chatbot_id: idSchema('cb'), status: Joi.string().valid(...WEBHOOK_STATUSES) });
export const deliveryListQuery = listQuerySchema.keys({
  status: Joi.string().valid(...DELIVERY_STATUSES),
  event_type: Joi.string().max(100),
});
export const eventListQuery = listQuerySchema.keys({ type: Joi.string().max(100), chatbot_id: idSchema('cb') });

export const webhookResponse = Joi.object({
  id: Joi.string().required(),
  chatbot_id: Joi.string().allow(null).required(),
  url: Joi.string().required(),
  description: Joi.string().allow(null).required(),
  events: Joi.array().items(Joi.string()).required(),
  status: Joi.string()
    .valid(...WEBHOOK_STATUSES)
    .required(),
  disabled_reason: Joi.string().valid('api', 'gone', 'failing').allow(null).required(),
  disabled_at: isoTime.allow(null).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('Webhook');

/** The answer of creation and rotation: the only ones that show the signing secret (required, so clients need no check). */
export const webhookWithSecretResponse = webhookResponse
  .keys({ secret: Joi.string().pattern(/^whsec_/).required().description('Shown once: on create and on rotation') })
  .label('WebhookWithSecret');

export const deliveryResponse = Joi.object({
  id: Joi.string().required(),
  webhook_id: Joi.string().required(),
  event_id: Joi.string().required(),
  event_type: Joi.string().required(),
  chatbot_id: Joi.string().allow(null).required(),
  status: Joi.string()
    .valid(...DELIVERY_STATUSES)
    .required(),
  attempt_count: Joi.number().integer().min(0).required(),
  next_attempt_at: isoTime.allow(null).required(),
  attempts: Joi.array()
    .items(
      Joi.object({
        at: isoTime.required(),
        duration_ms: Joi.number().integer().min(0).required(),
        status_code: Joi.number().integer().allow(null).required(),
        error: Joi.string().allow(null).required(),
        response_excerpt: Joi.string().allow(null, '').required(),
      }),
    )
    .required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
  completed_at: isoTime.allow(null).required(),
}).label('WebhookDelivery');

export const eventResponse = Joi.object({
  id: Joi.string().required(),
  type: Joi.string().required(),
  created_at: isoTime.required(),
  livemode: Joi.boolean().required(),
  account_id: Joi.string().required(),
  chatbot_id: Joi.string().allow(null).required(),
  data: Joi.object().required(),
}).label('Event');
