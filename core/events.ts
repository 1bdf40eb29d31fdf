// Domain events (docs/ARCHITECTURE.md rule 4): an event is written in the same commit as the change that
// caused it (the outbox the webhook dispatcher delivers), then handed to in-process subscribers.
import type { Logger } from 'pino';
import type { BackgroundLoopOptions } from './background.js';
import type { EventEnvelope } from './event-envelope.js';
import { newId } from './ids.js';
import { DurableReactions, type Reaction, type ReactionOptions } from './reactions.js';
import type { Collection, Store, Stored, TenantScope, WriteOp } from './store/types.js';

export type { EventEnvelope } from './event-envelope.js';

export interface EventDoc {
  type: string;
  chatbot_id: string | null;
  created_at: string;
  /** The resource as the API returns it. */
  data: Record<string, unknown>;
  /**
   * The outbox's recovery queue (claims' due field): the publishing instance fans the event out to
   * the webhooks subscribed to it right after the commit and clears this; should it crash first,
   * any instance picks the event up once this time has passed. Null once done, and for events
   * meant for one endpoint only.
   */
  dispatch_at: string | null;
}

export type StoredEvent = Stored<EventDoc>;

/** How long the publishing instance has to fan an event out before another instance may. */
export const DISPATCH_RECOVERY_MS = 30_000;

export interface EventInput {
  /** A pre-made `evt_` id, when the caller must refer to the event in the same commit. */
  id?: string;
  type: string;
  chatbotId?: string | null;
  data: Record<string, unknown>;
}

export type EventSubscriber = (event: EventEnvelope, scope: TenantScope) => Promise<void> | void;
/** The events of one commit (publishAll), in order; see EventBus.subscribeInBatches. */
export type EventBatchSubscriber = (events: EventEnvelope[], scope: TenantScope) => Promise<void> | void;

export function presentEvent(event: StoredEvent, scope: TenantScope): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    livemode: scope.mode === 'live',
    account_id: scope.accountId,
    chatbot_id: event.chatbot_id,
    data: event.data,
  };
}

export class EventBus {
  readonly collection: Collection<EventDoc>;
  readonly reactions: DurableReactions;
  private readonly subscribers = new Map<string, EventSubscriber[]>();
  private readonly batchSubscribers = new Map<string, EventBatchSubscriber[]>();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    private readonly now: () => Date,
    loopOptions: BackgroundLoopOptions = {},
  ) {
    this.reactions = new DurableReactions(store, logger, now, loopOptions);
    this.collection = store.collection<EventDoc>({
      name: 'events',
      scope: 'tenant',
      indexes: [{ fields: ['type'] }, { fields: ['chatbot_id'] }],
      claims: { dueField: 'dispatch_at' },
    });
  }

  /** `type` is an event type or '*' for every event. */
  subscribe(type: string, subscriber: EventSubscriber): void {
    const list = this.subscribers.get(type) ?? [];
    list.push(subscriber);
    this.subscribers.set(type, list);
  }

  /**
   * Like `subscribe`, but called once per commit with all of its events of `type` (or '*'), for
   * subscribers that do a store round trip per call: the webhook fan-out of a batch of 500
   * knowledge.ready events reads the endpoints once, not 500 times. Runs after the plain subscribers.
   */
  subscribeInBatches(type: string, subscriber: EventBatchSubscriber): void {
    const list = this.batchSubscribers.get(type) ?? [];
    list.push(subscriber);
    this.batchSubscribers.set(type, list);
  }

  /**
   * Work that must happen because of an event and must not be lost (cascading deletes of personal
   * data): committed as a job with the event, run right after it, retried by any instance until it
   * succeeds (see core/reactions.ts). Runs before the plain subscribers. `name` must be unique and
   * stable across releases; the reaction must be idempotent.
   */
  subscribeDurably(type: string, name: string, reaction: Reaction, options: ReactionOptions = {}): void {
    this.reactions.add(type, name, reaction, options);
  }

  /**
   * Commits `writes` and the event together (atomically where the store can), then runs the
   * subscribers. A subscriber's failure is logged and does not undo the committed change.
   */
  async publish(scope: TenantScope, input: EventInput, writes: WriteOp[] = []): Promise<EventEnvelope> {
    const [envelope] = await this.publishAll(scope, [input], writes);
    return envelope!;
  }

  /**
   * Several events in one commit, in order: those caused by one change (a reply that also hands
   * off), or a batch of changes written together, one event each (knowledge items processed
   * together). `dispatch: false` keeps them out of the webhook fan-out (a test event for one endpoint).
   */
  async publishAll(
    scope: TenantScope,
    inputs: EventInput[],
    writes: WriteOp[] = [],
    options: { dispatch?: boolean } = {},
  ): Promise<EventEnvelope[]> {
    const now = this.now();
    const docs: Array<EventDoc & { id: string }> = inputs.map((input) => ({
      id: input.id ?? newId('evt', now.getTime()),
      type: input.type,
      chatbot_id: input.chatbotId ?? null,
      created_at: now.toISOString(),
      data: input.data,
      dispatch_at: options.dispatch === false ? null : new Date(now.getTime() + DISPATCH_RECOVERY_MS).toISOString(),
    }));
    // The change goes before its event: on a store without atomic commit, a crash between the two
    // writes loses an event rather than inventing one for a change that never happened. Durable
    // reactions go before both there, so a crash cannot lose them; a job whose change then did not
    // happen is dropped when the event's publisher cannot confirm it (DurableReactions.confirmWith).
    const events = this.collection.forTenant(scope);
    const envelopes = docs.map((doc) => presentEvent({ ...doc, version: 1 }, scope));
    const jobs = this.reactions.jobsFor(scope, envelopes);
    const jobWrites = jobs.map((job) => job.write);
    const eventWrites = docs.map((doc) => events.ops.insert(doc));
    if (this.store.capabilities.has('atomic_commit')) {
      await this.store.commit([...writes, ...eventWrites, ...jobWrites]);
    } else {
      try {
        await this.store.commit([...jobWrites, ...writes, ...eventWrites]);
      } catch (error) {
        await this.reactions.discard(scope, jobs); // the change failed: its jobs go (or are dropped later, unconfirmed)
        throw error;
      }
    }
    await this.reactions.runCommitted(scope, jobs);
    for (const envelope of envelopes) await this.notify(envelope, scope);
    await this.notifyBatch(envelopes, scope);
    return envelopes;
  }

  private async notifyBatch(envelopes: EventEnvelope[], scope: TenantScope): Promise<void> {
    for (const [type, subscribers] of this.batchSubscribers) {
      const events = type === '*' ? envelopes : envelopes.filter((envelope) => envelope.type === type);
      if (events.length === 0) continue;
      for (const subscriber of subscribers) {
        try {
          await subscriber(events, scope);
        } catch (error) {
          this.logger.error({ err: error, event_ids: events.map((event) => event.id), event_type: type }, 'event subscriber failed');
        }
      }
    }
  }

  private async notify(envelope: EventEnvelope, scope: TenantScope): Promise<void> {
    const subscribers = [...(this.subscribers.get(envelope.type) ?? []), ...(this.subscribers.get('*') ?? [])];
    for (const subscriber of subscribers) {
      try {
        await subscriber(envelope, scope);
      } catch (error) {
        this.logger.error({ err: error, event_id: envelope.id, event_type: envelope.type }, 'event subscriber failed');
      }
    }
  }
}
