// Live events for long-lived readers (the dashboard's inbox stream): the tenant's events as the
// store holds them, so an event published by any instance reaches a reader connected to any other.
// One poll per tenant with readers, per instance, whatever the number of readers (not one per
// connection), and no poll at all while nobody listens.
//
// Event ids are time-ordered, but an event can become visible after a later one: its commit took
// longer, or another instance's clock is behind. So each poll reads again the last LOOKBACK_MS of
// the tenant's events and passes on those not seen yet, instead of only what follows the last id.
import { lowestIdAt } from './ids.js';
import { presentEvent, type EventDoc, type EventEnvelope } from './events.js';
import type { Collection, TenantScope } from './store/types.js';

export const FEED_POLL_MS = 1_000;
const LOOKBACK_MS = 10_000;
/** At most this many events a poll per tenant (the newest); past that, readers are told to reload. */
const POLL_LIMIT = 500;

export interface FeedReader {
  /** Events in id order, each once, only those `accepts` lets through. */
  deliver(events: EventEnvelope[]): void;
  /** Events may have been missed (more than POLL_LIMIT in the look-back): the reader should reload what it shows. */
  overflow(): void;
  accepts(event: EventEnvelope): boolean;
}

interface TenantFeed {
  scope: TenantScope;
  readers: Set<FeedReader>;
  /** Ids passed on within the lookback, with their time, to skip them when read again. */
  seen: Map<string, number>;
  /** The first read, which marks what was already stored as seen; polls wait for it. */
  ready: Promise<void>;
}

export class EventFeed {
  private readonly tenants = new Map<string, TenantFeed>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly events: Collection<EventDoc>,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
    private readonly pollMs = FEED_POLL_MS,
  ) {}

  /** Starts passing on the tenant's events published from now on; returns the unsubscribe. */
  subscribe(scope: TenantScope, reader: FeedReader): () => void {
    const key = `${scope.accountId}:${scope.mode}`;
    let feed = this.tenants.get(key);
    if (!feed) {
      const seen = new Map<string, number>();
      // What was stored before this moment counts as seen: a new reader gets what happens next.
      // Only before it: this first read may run after events published just now, which must
      // still be passed on (one of the same millisecond may come twice; none is lost).
      const since = this.now().getTime();
      const ready = this.read(scope, since).then((events) => {
        for (const event of events) if (Date.parse(event.created_at) < since) seen.set(event.id, Date.parse(event.created_at));
      }, this.onError);
      feed = { scope, readers: new Set(), seen, ready };
      this.tenants.set(key, feed);
    }
    const joined = feed;
    joined.readers.add(reader);
    this.schedule();
    // Idempotent, and never removes a later feed of the same tenant (one made after this one emptied).
    return () => {
      if (!joined.readers.delete(reader)) return;
      if (joined.readers.size === 0 && this.tenants.get(key) === joined) this.tenants.delete(key);
    };
  }

  get readerCount(): number {
    let count = 0;
    for (const feed of this.tenants.values()) count += feed.readers.size;
    return count;
  }

  /** Stops polling; readers still subscribed get nothing more. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  private schedule(): void {
    if (this.timer || this.stopped || this.tenants.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.pollAll().finally(() => {
        this.polling = null;
        this.schedule();
      });
    }, this.pollMs);
    this.timer.unref();
  }

  private async pollAll(): Promise<void> {
    for (const feed of [...this.tenants.values()]) {
      try {
        await this.poll(feed);
      } catch (error) {
        this.onError(error); // a store outage: try again next round
      }
    }
  }

  private async poll(feed: TenantFeed): Promise<void> {
    await feed.ready;
    const now = this.now().getTime();
    const events = await this.read(feed.scope, now);
    // A full poll whose oldest event is new to us may have left events out (a burst): readers reload.
    const missedSome = events.length >= POLL_LIMIT && !feed.seen.has(events[0]!.id);
    for (const [id, at] of feed.seen) if (at < now - 2 * LOOKBACK_MS) feed.seen.delete(id);
    const fresh = events.filter((event) => !feed.seen.has(event.id));
    for (const event of fresh) feed.seen.set(event.id, Date.parse(event.created_at));
    for (const reader of feed.readers) {
      if (missedSome) reader.overflow();
      const accepted = fresh.filter((event) => reader.accepts(event));
      if (accepted.length > 0) reader.deliver(accepted);
    }
  }

  /**
   * The newest POLL_LIMIT of the tenant's events of the last LOOKBACK_MS, oldest first. Newest
   * first in the store: during a burst the newest events are the ones readers have not seen yet.
   */
  private async read(scope: TenantScope, now: number): Promise<EventEnvelope[]> {
    const records = await this.events.forTenant(scope).list({
      filter: { id: { gt: lowestIdAt('evt', now - LOOKBACK_MS) } },
      sort: { field: 'id', direction: 'desc' },
      limit: POLL_LIMIT,
    });
    return records.reverse().map((record) => presentEvent(record, scope));
  }
}
