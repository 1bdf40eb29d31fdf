// The webhook dispatcher.
//   1. Fan-out: right after an event's commit, the publishing instance turns it into one delivery
//      per subscribed endpoint (ids derived from the pair, so doing it twice adds nothing) and
//      clears the event's `dispatch_at`, in a background loop of its own: the events of every
//      commit since its last pass together, so a burst of chat turns reads each chatbot's endpoints
//      once and clears the events in one commit, no request waits for it, and no slow endpoint
//      holds it up (sending is the other loop). An instance that crashed before that leaves the
//      event due: any instance claims it from the store (owner token and lease) and fans it out.
//   2. Deliveries due (`next_attempt_at`) are claimed the same way, in batches, and handed to the
//      sending slots (send-slots.ts: a cap per endpoint and one in all, so a slow endpoint only
//      holds its own). Each is signed (the event's body serialised once per batch) and POSTed over
//      keep-alive connections; the outcomes and attempts of sends finishing close together are
//      written back in one commit (outcomes.ts), with the next attempt on the retry schedule. A
//      crash between a send and its outcome's commit leaves the lease to run out: sent again.
// Work starts at once in-process; a node-cron tick every five seconds picks up retries and
// whatever a crashed instance left behind.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  FetchError,
  groupByTenant,
  presentEvent,
  RecordNotFoundError,
  retryAfterFailure,
  settlesWithin,
  UniqueConstraintError,
  VersionConflictError,
  type BackgroundLoop,
  type BuiltInPluginApi,
  type ClaimedRecord,
  type EventDoc,
  type EventEnvelope,
  type Fetcher,
  type Filter,
  type SecretBox,
  type StoredEvent,
  type TenantScope,
} from '../../core/index.js';
import { OutcomeWriter } from './outcomes.js';
import { SendSlots } from './send-slots.js';
import { signatureHeaders } from './signing.js';
import {
  deliveryIdOf,
  MAX_ATTEMPTS_KEPT,
  presentWebhook,
  type Attempt,
  type DeliveryDoc,
  type Webhook,
  type WebhookCollections,
} from './collections.js';

const EVENT_BATCH = 100;
/** Events marked fanned out per commit: a backlog after a stall is cleared in bounded transactions. */
const MARK_BATCH = 500;
/** Fanning out a batch takes milliseconds; a crashed instance's batch is taken over after this. */
const EVENT_LEASE_MS = 15_000;
const EXCERPT_BYTES = 1024;
/** A Retry-After longer than this is taken as this. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;
/** Deliveries inserted per commit by a fan-out. */
const INSERT_BATCH = 500;
/** Unsealed signing secrets kept (by endpoint and version); unsealing is an AES decryption per secret. */
const SECRETS_CACHED = 1000;

/** A claimed delivery, read and signed, ready for its slot. */
interface PreparedDelivery {
  claimed: ClaimedRecord<DeliveryDoc>;
  webhook: Webhook;
  url: string;
  body: string;
  headers: Record<string, string>;
}

export class Dispatcher {
  readonly owner = `webhooks-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** Sends deliveries, and relays what a crashed instance left. */
  private readonly loop: BackgroundLoop;
  /** Fans out the events published here (`pending`). */
  private readonly fanOutLoop: BackgroundLoop;

  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly collections: WebhookCollections,
    private readonly fetcher: Fetcher,
    private readonly secrets: () => Promise<SecretBox>,
  ) {
    this.loop = api.loop('webhook dispatcher', () => this.pass());
    // The fan-out ends a publish (it writes deliveries, sends nothing), so it runs on API-only
    // instances too (config/roles.ts): their events would otherwise pile up here, and reach the
    // workers only through the relay, DISPATCH_RECOVERY_MS later.
    this.fanOutLoop = api.privileged.loopOnEveryInstance('webhook fan-out', () => this.fanOutPending());
    const settings = api.privileged.platform.config.webhooks;
    this.slots = new SendSlots<PreparedDelivery>(
      { total: settings.concurrency, perEndpoint: Math.min(settings.concurrency_per_endpoint, settings.concurrency) },
      (prepared) => this.send(prepared),
      (endpoint, halfEmpty) => this.sent(endpoint, halfEmpty),
    );
    this.outcomes = new OutcomeWriter(collections.deliveries.claims!, this.owner, () => api.now(), api.logger);
  }

  private get settings() {
    return this.api.privileged.platform.config.webhooks;
  }

  private get metrics() {
    return this.api.privileged.platform.metrics;
  }

  private readonly slots: SendSlots<PreparedDelivery>;
  private readonly outcomes: OutcomeWriter;
  /** Endpoints whose deliveries a targeted claim should take: made by a fan-out here, or room freed. */
  private readonly wanted = new Set<string>();
  /** The claim was skipped for want of room: the next send to finish nudges the loop. */
  private waitingForRoom = false;
  /** Outcome writes and their follow-ups, not awaited by the send (see attempt). */
  private readonly background = new Set<Promise<void>>();
  /** Unsealed secrets by `${webhook id}@${version}`. */
  private readonly unsealed = new Map<string, Array<{ secret: string; expiresAt: string | null }>>();

  /** Events published here and not fanned out yet, by commit. */
  private pending: Array<{ tenant: TenantScope; events: EventEnvelope[] }> = [];
  /**
   * Which claims the next pass makes. Claiming is a write (a lease), so the sending loop claims
   * only when there may be something: events left by a crash on the tick every five seconds, a
   * nudge or a drain; deliveries of any endpoint then too (those a fan-out here made, or that an
   * endpoint's freed slots can take, are claimed through `wanted`). A flag is cleared before its
   * claim and set again by anything found, so a setting made meanwhile is kept.
   */
  private readonly due = { relay: true, deliveries: true };

  /** Work through what is due, in the background; calls while running fold into one more pass. */
  nudge(): void {
    this.due.relay = this.due.deliveries = true;
    this.fanOutLoop.nudge();
    this.loop.nudge();
  }

  /** Until nothing is due now and every send and outcome is done (tests, callers that want the result). */
  async drain(): Promise<void> {
    // Sending can publish events (webhook.disabled), which the fan-out loop takes up again; a send
    // that failed can be due again at once (a schedule of zero seconds).
    let busy: boolean;
    do {
      await this.fanOutLoop.drain();
      this.due.relay = this.due.deliveries = true;
      await this.loop.drain();
      busy = this.slots.held > 0 || this.background.size > 0;
      await this.slots.idle();
      await this.settled();
    } while (busy || this.pending.length > 0);
  }

  /** Every five seconds: retries, and events and deliveries a crashed instance left. */
  startSchedule(): void {
    this.loop.startSchedule('*/5 * * * * *', () => {
      this.due.relay = this.due.deliveries = true;
    });
  }

  /** One pass of the sending loop: (when due) events left by a crash, then due deliveries. */
  private async pass(): Promise<number> {
    const relayed = await this.claimIfDue('relay', () => this.relayOnce());
    if (relayed > 0) this.due.deliveries = true; // what it fanned out, or found made before the crash
    const claimed = await this.claimIfDue('deliveries', () => this.deliverOnce());
    return relayed + claimed + (claimed === 0 ? await this.claimWanted() : 0);
  }

  /**
   * Runs `claim` when its flag says so, clearing the flag first; a claim that found something (a
   * full batch may leave more) or failed (tried again on the next pass or tick) sets it again.
   */
  private async claimIfDue(flag: keyof Dispatcher['due'], claim: () => Promise<number>): Promise<number> {
    if (!this.due[flag]) return 0;
    this.due[flag] = false;
    try {
      const found = await claim();
      if (found > 0) this.due[flag] = true;
      return found;
    } catch (error) {
      this.due[flag] = true;
      throw error;
    }
  }

  /**
   * Stops both loops, releases the deliveries claimed but not started (due again at once, for any
   * instance), waits for those in flight up to `deadlineMs` (one cut off is sent again when its
   * lease ends) and writes the outcomes of those sent,
   * then fans out the events published here that are still pending: a few reads and one commit,
   * rather than leaving them to another instance's relay after their lease.
   */
  async stop(deadlineMs?: number): Promise<void> {
    await Promise.all([this.fanOutLoop.stop(deadlineMs), this.loop.stop(deadlineMs)]);
    await this.release(this.slots.close());
    await settlesWithin(this.slots.idle(), deadlineMs ?? Number.POSITIVE_INFINITY);
    await settlesWithin(this.settled(), deadlineMs ?? Number.POSITIVE_INFINITY);
    await this.fanOutPending();
  }

  /** Takes the events of one commit just published by this instance for the fan-out loop. */
  dispatchPublished(tenant: TenantScope, published: EventEnvelope[]): void {
    if (this.fanOutLoop.isStopped) return; // left due: any instance relays them
    const events = published.filter((event) => event.type !== 'webhook.test'); // a test event has its one delivery already
    if (events.length === 0) return;
    this.pending.push({ tenant, events });
    this.fanOutLoop.nudge();
  }

  /**
   * Fans out every pending event, one tenant at a time: the endpoints read once per chatbot and the
   * events' `dispatch_at` cleared in one commit. A tenant whose fan-out fails keeps its events due,
   * for the relay to take up after their lease. Returns how many events it took.
   */
  private async fanOutPending(): Promise<number> {
    if (this.pending.length === 0) return 0;
    let taken = 0;
    for (const { tenant, items } of groupByTenant(this.pending.splice(0), (commit) => commit.tenant)) {
      const events = items.flatMap((commit) => commit.events);
      taken += events.length;
      try {
        await this.fanOut(tenant, events);
        // Where commits are not atomic, a failure part-way leaves the rest due, and the relay fans
        // them out again (deliveries have derived ids: nothing is sent twice).
        const stored = this.api.privileged.platform.outbox.collection.forTenant(tenant);
        for (let start = 0; start < events.length; start += MARK_BATCH) {
          await this.api.commit(events.slice(start, start + MARK_BATCH).map((event) => stored.ops.update(event.id, { dispatch_at: null })));
        }
      } catch (error) {
        this.api.logger.error({ err: error, event_ids: events.map((event) => event.id) }, 'event fan-out failed; the relay retries it');
      }
    }
    return taken;
  }

  /** Fans out one batch of events a crashed instance left due; returns how many it claimed. */
  async relayOnce(): Promise<number> {
    const claimed = await this.api.privileged.platform.outbox.collection.claims!.claimDue({
      now: this.api.now(),
      owner: this.owner,
      leaseMs: EVENT_LEASE_MS,
      limit: EVENT_BATCH,
    });
    for (const { record, scope, attempts } of claimed) {
      let dispatchAt: string | null = null;
      try {
        await this.fanOut(scope!, [record]);
      } catch (error) {
        // Claims count every try of this event, so they are its failures so far, this one included.
        const { retryAt } = retryAfterFailure(this.api.now(), attempts - 1);
        this.api.logger.error({ err: error, event_id: record.id, retry_at: retryAt }, 'event fan-out failed');
        dispatchAt = retryAt?.toISOString() ?? null;
      }
      await this.api.privileged.platform.outbox.collection.claims!.complete({
        id: record.id,
        owner: this.owner,
        now: this.api.now(),
        changes: { dispatch_at: dispatchAt } as Partial<EventDoc>,
      });
    }
    return claimed.length;
  }

  /** One delivery per subscribed endpoint and event; the endpoints are read once per chatbot. */
  private async fanOut(tenant: TenantScope, events: Array<Pick<StoredEvent, 'id' | 'type' | 'chatbot_id'>>): Promise<void> {
    const webhooks = this.collections.webhooks.forTenant(tenant);
    const accountWide = await webhooks.list({ filter: { chatbot_id: null, status: 'enabled' }, limit: 1000 });
    const chatbotOwn = new Map<string, Webhook[]>();
    for (const chatbotId of new Set(events.map((event) => event.chatbot_id))) {
      if (chatbotId) chatbotOwn.set(chatbotId, await webhooks.list({ filter: { chatbot_id: chatbotId, status: 'enabled' }, limit: 1000 }));
    }
    const deliveries = this.collections.deliveries.forTenant(tenant);
    const now = this.api.now().toISOString();
    const made: Array<DeliveryDoc & { id: string }> = [];
    for (const event of events) {
      const candidates = [...(event.chatbot_id ? chatbotOwn.get(event.chatbot_id)! : []), ...accountWide];
      for (const webhook of candidates) {
        if (!webhook.events.includes('*') && !webhook.events.includes(event.type)) continue;
        made.push(newDelivery(deliveryIdOf(event.id, webhook.id), webhook.id, event, now));
      }
    }
    for (let start = 0; start < made.length; start += INSERT_BATCH) {
      const batch = made.slice(start, start + INSERT_BATCH);
      try {
        await this.api.commit(batch.map((delivery) => deliveries.ops.insert(delivery)));
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
        // Some were made before a crash: one at a time, those already there skipped.
        for (const delivery of batch) {
          await deliveries.insert(delivery).catch((insertError: unknown) => {
            if (!(insertError instanceof UniqueConstraintError)) throw insertError;
          });
        }
      }
      // Due now, even if a later batch of this fan-out fails: the sending loop claims them.
      for (const delivery of batch) this.wanted.add(delivery.webhook_id);
      this.loop.nudge();
    }
  }

  /**
   * Claims a batch of due deliveries of any endpoint but those holding all they may, and hands
   * them to the sending slots without waiting for them; returns how many it claimed.
   */
  async deliverOnce(): Promise<number> {
    const room = Math.min(this.slots.room(), this.claimBatch());
    if (room <= 0) return this.noRoom('deliveries');
    const full = this.slots.full();
    return this.claimAndQueue(room, full.length > 0 ? { webhook_id: { nin: full } } : undefined);
  }

  /**
   * Claims the due deliveries of the endpoints a fan-out here just gave some, or whose slots just
   * freed up, up to what they may hold: when another endpoint holds all it may, only theirs, rather
   * than a scan past the busy endpoint's backlog.
   */
  private async claimWanted(): Promise<number> {
    const endpoints = [...this.wanted].filter((endpoint) => this.slots.roomFor(endpoint) > 0);
    if (endpoints.length === 0) return 0;
    const room = Math.min(this.slots.room(), endpoints.reduce((sum, endpoint) => sum + this.slots.roomFor(endpoint), 0));
    if (room <= 0) return this.noRoom(null);
    for (const endpoint of endpoints) this.wanted.delete(endpoint);
    // With no endpoint holding all it may, a claim in due order needs no filter (the cheapest: a
    // filter on the endpoint is evaluated row by row, about 3× the time on SQLite).
    const filter = this.slots.full().length > 0 ? { webhook_id: { in: endpoints } } : undefined;
    const claimed = await this.claimAndQueue(room, filter).catch((error: unknown) => {
      for (const endpoint of endpoints) this.wanted.add(endpoint); // tried again on the next pass or tick
      throw error;
    });
    if (claimed === room) for (const endpoint of endpoints) this.wanted.add(endpoint); // there may be more
    return claimed;
  }

  /** Every slot is held: the next send to finish nudges the loop, and the flag stays up. */
  private noRoom(flag: keyof Dispatcher['due'] | null): number {
    if (flag) this.due[flag] = true;
    this.waitingForRoom = true;
    return 0;
  }

  private claimBatch(): number {
    return 2 * Math.min(this.settings.concurrency_per_endpoint, this.settings.concurrency);
  }

  private async claimAndQueue(limit: number, filter: Filter | undefined): Promise<number> {
    const claimed = await this.collections.deliveries.claims!.claimDue({
      now: this.api.now(),
      owner: this.owner,
      leaseMs: this.settings.timeout_ms + 5_000,
      limit,
      filter,
    });
    if (claimed.length === 0) return 0;
    const refused = (await this.prepare(claimed)).filter((delivery) => !this.slots.add(delivery.webhook.id, delivery));
    await this.release(refused); // the dispatcher stopped meanwhile
    return claimed.length;
  }

  /** Gives claimed deliveries back, due again at once; a failure leaves them to their lease's end. */
  private async release(deliveries: PreparedDelivery[]): Promise<void> {
    for (const { claimed } of deliveries) {
      await this.collections.deliveries.claims!.release({ id: claimed.record.id, owner: this.owner, now: this.api.now() }).catch((error: unknown) =>
        this.api.logger.error({ err: error, delivery_id: claimed.record.id }, 'webhook delivery could not be released; its lease runs out'),
      );
    }
  }

  /** After each send: claims for the endpoint when it has room for a batch, or for any when all slots were held. */
  private sent(endpoint: string, halfEmpty: boolean): void {
    if (halfEmpty) this.wanted.add(endpoint);
    if (!halfEmpty && !this.waitingForRoom) return;
    this.waitingForRoom = false;
    this.loop.nudge();
  }

  /**
   * Reads what a batch of claimed deliveries needs, once per endpoint and event, and signs each.
   * A delivery whose endpoint was deleted or disabled meanwhile, or whose event is gone, is
   * cancelled; one that cannot be prepared counts as a failed attempt. Returns those to send.
   */
  private async prepare(claimed: Array<ClaimedRecord<DeliveryDoc>>): Promise<PreparedDelivery[]> {
    const prepared: PreparedDelivery[] = [];
    for (const { tenant, items } of groupByTenant(claimed, (delivery) => delivery.scope!)) {
      let webhooks: Map<string, Webhook>;
      let events: Map<string, StoredEvent>;
      try {
        webhooks = byId(await this.collections.webhooks.forTenant(tenant).list({
          filter: { id: { in: [...new Set(items.map((delivery) => delivery.record.webhook_id))] } },
          limit: items.length,
        }));
        events = byId(await this.api.privileged.platform.outbox.collection.forTenant(tenant).list({
          filter: { id: { in: [...new Set(items.map((delivery) => delivery.record.event_id))] } },
          limit: items.length,
        }));
      } catch (error) {
        for (const delivery of items) void this.attemptBroke(delivery, error);
        continue;
      }
      // Serialised once per event, whatever the number of endpoints it goes to.
      const bodies = new Map<string, string>();
      for (const delivery of items) {
        const webhook = webhooks.get(delivery.record.webhook_id);
        const event = events.get(delivery.record.event_id);
        if (!webhook || webhook.status !== 'enabled' || !event) {
          // Nothing is sent. A retry can revive it.
          void this.cancel(delivery);
          continue;
        }
        try {
          let body = bodies.get(event.id);
          if (body === undefined) bodies.set(event.id, (body = JSON.stringify(presentEvent(event, tenant))));
          const secrets = await this.signingSecrets(webhook);
          // The signature's timestamp is the wall clock: receivers compare it with theirs to refuse replays.
          const headers = signatureHeaders(secrets, event.id, Math.floor(Date.now() / 1000), body);
          prepared.push({ claimed: delivery, webhook, url: webhook.url, body, headers });
        } catch (error) {
          void this.attemptBroke(delivery, error);
        }
      }
    }
    return prepared;
  }

  /** The endpoint's secrets still signing now, unsealed once per version of the endpoint. */
  private async signingSecrets(webhook: Webhook): Promise<string[]> {
    const key = `${webhook.id}@${webhook.version}`;
    let secrets = this.unsealed.get(key);
    if (!secrets) {
      const box = await this.secrets();
      secrets = webhook.secrets.map((secret) => ({ secret: box.unseal(secret.sealed), expiresAt: secret.expires_at }));
      if (this.unsealed.size >= SECRETS_CACHED) this.unsealed.clear();
      this.unsealed.set(key, secrets);
    }
    const now = this.api.now().toISOString();
    return secrets.filter(({ expiresAt }) => expiresAt === null || expiresAt > now).map(({ secret }) => secret);
  }

  private async cancel(claimed: ClaimedRecord<DeliveryDoc>): Promise<void> {
    const at = this.api.now().toISOString();
    this.metrics.recordWebhookDelivery('cancelled');
    try {
      await this.outcomes.write(claimed.record.id, { status: 'cancelled', next_attempt_at: null, completed_at: at, updated_at: at });
    } catch (error) {
      this.api.logger.error({ err: error, delivery_id: claimed.record.id }, 'webhook delivery could not be cancelled; its lease runs out');
    }
  }

  /** A slot's work: one attempt, its outcome written; never rejects. */
  private async send(prepared: PreparedDelivery): Promise<void> {
    try {
      await this.attempt(prepared);
    } catch (error) {
      await this.attemptBroke(prepared.claimed, error);
    }
  }

  /**
   * Something other than the endpoint failed (the store, the secret box, a bug): counted as a failed
   * attempt on the same retry schedule, so the delivery ends failed instead of being retried for ever.
   */
  private async attemptBroke(claimed: ClaimedRecord<DeliveryDoc>, error: unknown): Promise<void> {
    const delivery = claimed.record;
    this.api.logger.error({ err: error, delivery_id: delivery.id }, 'webhook delivery attempt failed inside the server');
    const now = this.api.now();
    const attempt = attemptOf(now, performance.now(), null, 'The delivery could not be prepared (internal error); it is retried', null);
    const attemptCount = delivery.attempt_count + 1;
    const next = this.nextAttemptAt(now, attemptCount, null);
    this.metrics.recordWebhookDelivery(next ? 'pending' : 'failed');
    await this.outcomes.write(delivery.id, {
      status: next ? 'pending' : 'failed',
      attempt_count: attemptCount,
      attempts: [...delivery.attempts, attempt].slice(-MAX_ATTEMPTS_KEPT),
      next_attempt_at: next,
      completed_at: next ? null : now.toISOString(),
      updated_at: now.toISOString(),
    }).catch((completeError: unknown) =>
      // The store itself is failing: the lease runs out and the delivery is claimed again then.
      this.api.logger.error({ err: completeError, delivery_id: delivery.id }, 'webhook delivery could not be rescheduled'),
    );
  }

  private async attempt({ claimed, webhook, url, body, headers }: PreparedDelivery): Promise<void> {
    const tenant = claimed.scope!;
    const delivery = claimed.record;
    const timeoutMs = this.settings.timeout_ms;
    // A delivery that waited for its slot behind a slow endpoint may be near the end of its lease:
    // renewed before sending, or left to whoever holds it now.
    if (claimed.leaseExpiresAt.getTime() - this.api.now().getTime() < timeoutMs + 1000) {
      const renewed = await this.collections.deliveries.claims!.extendLease({ id: delivery.id, owner: this.owner, now: this.api.now(), leaseMs: timeoutMs + 5_000 });
      if (!renewed) return;
    }
    // The slot is free once the endpoint answered: the outcome joins the next batch written, and
    // what follows from it (the endpoint's failure streak) runs after that, in the background.
    const finish = (changes: Partial<DeliveryDoc>, then: () => Promise<void>) => {
      this.metrics.recordWebhookDelivery(changes.status);
      this.inBackground(
        this.outcomes.write(delivery.id, { ...changes, updated_at: this.api.now().toISOString() }).then((written) => (written ? then() : undefined)),
        delivery.id,
      );
    };

    const now = this.api.now();
    const started = performance.now();
    let attempt: Attempt;
    let retryAfterMs: number | null = null;
    try {
      const answer = await this.fetcher.post(url, { body, headers, timeoutMs, excerptBytes: EXCERPT_BYTES });
      attempt = attemptOf(now, started, answer.statusCode, null, answer.excerpt);
      if (answer.statusCode === 429 || answer.statusCode === 503) retryAfterMs = retryAfterOf(answer.headers['retry-after'], now);
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      attempt = attemptOf(now, started, null, error.message, null);
    }

    const attempts = [...delivery.attempts, attempt].slice(-MAX_ATTEMPTS_KEPT);
    const attemptCount = delivery.attempt_count + 1;
    const at = now.toISOString();
    const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
    if (succeeded) {
      finish({ status: 'succeeded', attempt_count: attemptCount, attempts, next_attempt_at: null, completed_at: at }, async () => {
        if (webhook.failing_since) await this.collections.webhooks.forTenant(tenant).update(webhook.id, { failing_since: null });
      });
      return;
    }

    const gone = attempt.status_code === 410;
    const failingSince = webhook.failing_since ?? at;
    const failingTooLong = now.getTime() - new Date(failingSince).getTime() >= this.settings.disable_after_hours * 3600_000;
    const next = gone ? null : this.nextAttemptAt(now, attemptCount, retryAfterMs);
    finish({ status: next ? 'pending' : 'failed', attempt_count: attemptCount, attempts, next_attempt_at: next, completed_at: next ? null : at }, async () => {
      if (gone || failingTooLong) await this.disable(tenant, webhook, gone ? 'gone' : 'failing');
      else if (!webhook.failing_since) await this.collections.webhooks.forTenant(tenant).update(webhook.id, { failing_since: at });
    });
  }

  /** Work after a send, awaited by drain() and stop(); a failure is logged (the lease runs out and the delivery is sent again). */
  private inBackground(work: Promise<unknown>, deliveryId: string): void {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => this.api.logger.error({ err: error, delivery_id: deliveryId }, 'webhook delivery outcome could not be written; it is sent again when its lease ends'),
      )
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  /** Until every outcome and what follows from it is written. */
  private async settled(): Promise<void> {
    await this.outcomes.flush();
    while (this.background.size > 0) await Promise.all(this.background);
  }

  /** The schedule's delay after the nth failed attempt, ±10%, or later if the endpoint asked; null when spent. */
  private nextAttemptAt(now: Date, failedAttempts: number, retryAfterMs: number | null): string | null {
    const schedule = this.settings.retry_schedule_seconds;
    const seconds = schedule[failedAttempts - 1];
    if (seconds === undefined) return null;
    const jittered = seconds * 1000 * (0.9 + Math.random() * 0.2);
    return new Date(now.getTime() + Math.max(jittered, retryAfterMs ?? 0)).toISOString();
  }

  /** Disables an endpoint and records `webhook.disabled` (delivered to the account's other endpoints). */
  private async disable(tenant: TenantScope, webhook: Webhook, reason: 'gone' | 'failing'): Promise<void> {
    const at = this.api.now().toISOString();
    const changes = { status: 'disabled' as const, disabled_reason: reason, disabled_at: at, updated_at: at };
    try {
      await this.api.events.publish(
        tenant,
        { type: 'webhook.disabled', chatbotId: webhook.chatbot_id, data: presentWebhook({ ...webhook, ...changes, version: webhook.version + 1 }) },
        // On the version read: of deliveries failing at once, one disables and records the event.
        [this.collections.webhooks.forTenant(tenant).ops.update(webhook.id, changes, { ifVersion: webhook.version })],
      );
    } catch (error) {
      if (!(error instanceof VersionConflictError || error instanceof RecordNotFoundError)) throw error;
    }
  }
}

export function newDelivery(
  id: string,
  webhookId: string,
  event: Pick<StoredEvent, 'id' | 'type' | 'chatbot_id'>,
  now: string,
): DeliveryDoc & { id: string } {
  return {
    id,
    webhook_id: webhookId,
    event_id: event.id,
    event_type: event.type,
    chatbot_id: event.chatbot_id,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    attempts: [],
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

function attemptOf(at: Date, started: number, statusCode: number | null, error: string | null, excerpt: string | null): Attempt {
  return {
    at: at.toISOString(),
    duration_ms: Math.round(performance.now() - started),
    status_code: statusCode,
    error: error ?? (statusCode !== null && (statusCode < 200 || statusCode >= 300) ? describeStatus(statusCode) : null),
    response_excerpt: excerpt,
  };
}

function describeStatus(statusCode: number): string {
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  if (statusCode === 410) return 'HTTP 410: the endpoint is gone; it was disabled';
  return `HTTP ${statusCode}`;
}

/** Retry-After as delta seconds or an HTTP date, in milliseconds from now. */
function retryAfterOf(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}

function byId<T extends { id: string }>(records: T[]): Map<string, T> {
  return new Map(records.map((record) => [record.id, record]));
}
