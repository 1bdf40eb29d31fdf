// What the webhook routes do, without HTTP: endpoints created within the per-chatbot limit, the
// rules of a change, secret rotation with a grace period, test events and replays of deliveries.
import { apiError, newId, notFound, QuotaFullError, type BuiltInPluginApi, type SecretBox, type TenantScope } from '../../core/index.js';
import { newDelivery, type Dispatcher } from './dispatcher.js';
import { newSigningSecret } from './signing.js';
import { deliveryIdOf, webhookQuotaOf, type Delivery, type Webhook, type WebhookCollections, type WebhookDoc, type WebhookSecret } from './collections.js';

export interface WebhookInput {
  url: string;
  chatbot_id: string | null;
  events: string[];
  description: string | null;
}

export type WebhookPatch = Partial<Pick<WebhookDoc, 'url' | 'events' | 'description' | 'status'>>;

/**
 * The fields a PATCH writes: `*` among the events stands for all of them; turning an endpoint on
 * clears why and since when it was off (and its failing streak); turning it off records the API as
 * the reason. A status it already has changes nothing but `updated_at`.
 */
export function webhookChanges(webhook: Webhook, patch: WebhookPatch, now: string): Partial<WebhookDoc> {
  const changes: Partial<WebhookDoc> = { ...patch, updated_at: now };
  if (patch.events) changes.events = patch.events.includes('*') ? ['*'] : patch.events;
  if (patch.status === 'enabled' && webhook.status !== 'enabled') {
    Object.assign(changes, { disabled_reason: null, disabled_at: null, failing_since: null });
  }
  if (patch.status === 'disabled' && webhook.status !== 'disabled') Object.assign(changes, { disabled_reason: 'api', disabled_at: now });
  return changes;
}

/** The secrets after a rotation: the new one, and those still valid, which expire after `graceSeconds` unless sooner. */
function rotatedSecrets(current: WebhookSecret[], fresh: WebhookSecret, now: Date, graceSeconds: number): WebhookSecret[] {
  const nowIso = now.toISOString();
  const retiring = current
    .filter((s) => s.expires_at === null || s.expires_at > nowIso)
    .map((s) => ({ ...s, expires_at: s.expires_at ?? new Date(now.getTime() + graceSeconds * 1000).toISOString() }));
  return [fresh, ...retiring].filter((s) => s.expires_at === null || s.expires_at > nowIso);
}

export class WebhookService {
  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly collections: WebhookCollections,
    private readonly dispatcher: Dispatcher,
    private readonly secrets: () => Promise<SecretBox>,
  ) {}

  private webhooksOf(tenant: TenantScope) {
    return this.collections.webhooks.forTenant(tenant);
  }

  async find(tenant: TenantScope, id: string): Promise<Webhook> {
    const webhook = await this.webhooksOf(tenant).get(id);
    if (!webhook) throw notFound('webhook', id);
    return webhook;
  }

  /** A new endpoint and its signing secret (shown once). */
  async create(tenant: TenantScope, input: WebhookInput): Promise<{ webhook: Webhook; secret: string }> {
    const now = this.api.now().toISOString();
    const secret = newSigningSecret();
    const doc: WebhookDoc & { id: string } = {
      id: newId('wh', this.api.now().getTime()),
      chatbot_id: input.chatbot_id,
      url: input.url,
      description: input.description,
      events: input.events.includes('*') ? ['*'] : input.events,
      status: 'enabled',
      disabled_reason: null,
      disabled_at: null,
      secrets: [{ sealed: (await this.secrets()).seal(secret), created_at: now, expires_at: null }],
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    await this.insertWithinLimit(tenant, doc);
    return { webhook: { ...doc, version: 1 }, secret };
  }

  async update(tenant: TenantScope, webhook: Webhook, patch: WebhookPatch): Promise<Webhook> {
    const changes = webhookChanges(webhook, patch, this.api.now().toISOString());
    const updated = await this.webhooksOf(tenant).update(webhook.id, changes, { ifVersion: webhook.version });
    if (!updated) throw notFound('webhook', webhook.id);
    return updated;
  }

  /** The endpoint, its delivery log and its quota slot, in one commit. */
  async remove(tenant: TenantScope, webhook: Webhook): Promise<void> {
    await this.api.commit([
      this.webhooksOf(tenant).ops.delete(webhook.id),
      this.collections.deliveries.forTenant(tenant).ops.deleteMany({ webhook_id: webhook.id }),
      this.api.privileged.platform.quotas.releaseOps(tenant, webhookQuotaOf(webhook.chatbot_id), webhook.id),
    ]);
  }

  async rotateSecret(tenant: TenantScope, webhook: Webhook, graceSeconds: number): Promise<{ webhook: Webhook; secret: string }> {
    const now = this.api.now();
    const secret = newSigningSecret();
    const fresh = { sealed: (await this.secrets()).seal(secret), created_at: now.toISOString(), expires_at: null };
    const updated = await this.webhooksOf(tenant).update(
      webhook.id,
      { secrets: rotatedSecrets(webhook.secrets, fresh, now, graceSeconds), updated_at: now.toISOString() },
      { ifVersion: webhook.version },
    );
    if (!updated) throw notFound('webhook', webhook.id);
    return { webhook: updated, secret };
  }

  /** A webhook.test event delivered to this endpoint only. */
  async sendTest(tenant: TenantScope, webhook: Webhook): Promise<Delivery> {
    assertEnabled(webhook);
    const now = this.api.now();
    const eventId = newId('evt', now.getTime());
    const delivery = newDelivery(
      deliveryIdOf(eventId, webhook.id),
      webhook.id,
      { id: eventId, type: 'webhook.test', chatbot_id: webhook.chatbot_id },
      now.toISOString(),
    );
    // Not api.events.publishAll: it has no way to keep the event out of the fan-out.
    await this.api.privileged.platform.outbox.publishAll(
      tenant,
      [{ id: eventId, type: 'webhook.test', chatbotId: webhook.chatbot_id, data: { webhook_id: webhook.id, message: 'A test event from the API' } }],
      [this.collections.deliveries.forTenant(tenant).ops.insert(delivery)],
      { dispatch: false },
    );
    this.dispatcher.nudge();
    return { ...delivery, version: 1 };
  }

  /** A delivery of this endpoint due again now, keeping its event id. */
  async retryDelivery(tenant: TenantScope, webhook: Webhook, deliveryId: string): Promise<Delivery> {
    const deliveries = this.collections.deliveries.forTenant(tenant);
    const delivery = await deliveries.get(deliveryId);
    if (!delivery || delivery.webhook_id !== webhook.id) throw notFound('delivery', deliveryId);
    assertEnabled(webhook);
    const now = this.api.now().toISOString();
    const updated = await deliveries.update(
      delivery.id,
      { status: 'pending', next_attempt_at: now, completed_at: null, updated_at: now },
      { ifVersion: delivery.version },
    );
    if (!updated) throw notFound('delivery', deliveryId);
    this.dispatcher.nudge();
    return updated;
  }

  /**
   * At most `max_per_chatbot` per chatbot, and as many account-wide: each webhook holds a quota slot
   * taken in the same commit (core/quota.ts), so racing creates cannot pass the limit. The count is
   * checked too, for webhooks made before slots existed.
   */
  private async insertWithinLimit(tenant: TenantScope, doc: WebhookDoc & { id: string }): Promise<void> {
    const limit = this.api.privileged.platform.config.webhooks.max_per_chatbot;
    const full = () =>
      apiError(
        409,
        'webhook_limit_reached',
        doc.chatbot_id ? `Chatbot ${doc.chatbot_id} has ${limit} webhooks already; delete one first` : `The account has ${limit} account-wide webhooks already`,
      );
    const webhooks = this.webhooksOf(tenant);
    if ((await webhooks.count({ chatbot_id: doc.chatbot_id })) >= limit) throw full();
    const spec = {
      quota: webhookQuotaOf(doc.chatbot_id),
      limit,
      holders: async () => (await webhooks.list({ filter: { chatbot_id: doc.chatbot_id }, limit: 10_000 })).map((webhook) => webhook.id),
      holder: doc.id,
      stillHolds: async (id: string) => Boolean(await webhooks.get(id)),
    };
    try {
      await this.api.privileged.platform.quotas.withSlot(tenant, spec, (slot) => this.api.commit([...(slot ? [slot] : []), webhooks.ops.insert(doc)]));
    } catch (error) {
      if (error instanceof QuotaFullError) throw full();
      throw error;
    }
  }
}

/** Test events and replays go to enabled endpoints only. */
function assertEnabled(webhook: Webhook): void {
  if (webhook.status !== 'enabled') throw apiError(409, 'conflict', `Webhook ${webhook.id} is disabled; enable it first`);
}
