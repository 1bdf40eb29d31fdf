// Webhook endpoints and their deliveries (one per event and endpoint, with every attempt).
import { createHash } from 'node:crypto';
import type { Collection, CollectionDeclarer, Stored } from '../../core/index.js';

export const WEBHOOK_STATUSES = ['enabled', 'disabled'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
/** Attempts kept on a delivery (the newest); older ones are dropped. */
export const MAX_ATTEMPTS_KEPT = 20;

export interface WebhookSecret {
  /** The secret, encrypted (SecretBox). */
  sealed: string;
  created_at: string;
  /** Null for the current secret; for a rotated one, when it stops signing. */
  expires_at: string | null;
}

export interface WebhookDoc {
  /** Null: every chatbot of the account (and account events such as chatbot.deleted). */
  chatbot_id: string | null;
  url: string;
  description: string | null;
  /** Event types, or ['*'] for all. */
  events: string[];
  status: (typeof WEBHOOK_STATUSES)[number];
  disabled_reason: 'api' | 'gone' | 'failing' | null;
  disabled_at: string | null;
  /** Newest first: the current secret, then rotated ones still in their grace period. */
  secrets: WebhookSecret[];
  /** Since when every attempt failed; null after a success. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type Webhook = Stored<WebhookDoc>;

export interface Attempt {
  at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
}

export interface DeliveryDoc {
  webhook_id: string;
  event_id: string;
  event_type: string;
  chatbot_id: string | null;
  status: (typeof DELIVERY_STATUSES)[number];
  attempt_count: number;
  /** When the next attempt is due (the claims' due field); null when nothing is due. */
  next_attempt_at: string | null;
  attempts: Attempt[];
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export type Delivery = Stored<DeliveryDoc>;

export interface WebhookCollections {
  webhooks: Collection<WebhookDoc>;
  deliveries: Collection<DeliveryDoc>;
}

export function declareWebhooks(store: CollectionDeclarer): WebhookCollections {
  return {
    webhooks: store.collection<WebhookDoc>({
      name: 'webhooks',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id'] }, { fields: ['status'] }],
    }),
    deliveries: store.collection<DeliveryDoc>({
      name: 'webhook_deliveries',
      scope: 'tenant',
      // (webhook_id, status) serves filters on webhook_id alone too: no index of its own, one fewer
      // for every insert and outcome write to keep up.
      indexes: [{ fields: ['webhook_id', 'status'] }, { fields: ['event_id'] }],
      claims: { dueField: 'next_attempt_at' },
    }),
  };
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * The delivery of an event to an endpoint has one id, whoever creates it: the event's time part and
 * 80 bits of a hash of the pair. A fan-out repeated after a crash therefore inserts nothing twice.
 */
export function deliveryIdOf(eventId: string, webhookId: string): string {
  const timePart = eventId.slice('evt_'.length, 'evt_'.length + 10);
  const hash = createHash('sha256').update(`${eventId}|${webhookId}`).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[hash[i]! & 31];
  return `whd_${timePart}${random}`;
}

export function presentWebhook(webhook: Webhook, secret?: string) {
  return {
    id: webhook.id,
    chatbot_id: webhook.chatbot_id,
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    status: webhook.status,
    disabled_reason: webhook.disabled_reason,
    disabled_at: webhook.disabled_at,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
    ...(secret ? { secret } : {}),
  };
}

export function presentDelivery(delivery: Delivery) {
  return {
    id: delivery.id,
    webhook_id: delivery.webhook_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    chatbot_id: delivery.chatbot_id,
    status: delivery.status,
    attempt_count: delivery.attempt_count,
    next_attempt_at: delivery.next_attempt_at,
    attempts: delivery.attempts,
    created_at: delivery.created_at,
    updated_at: delivery.updated_at,
    completed_at: delivery.completed_at,
  };
}

/** The quota a webhook counts against: its chatbot's, or the account-wide endpoints'. */
export function webhookQuotaOf(chatbotId: string | null): string {
  return `webhooks:${chatbotId ?? 'account'}`;
}
