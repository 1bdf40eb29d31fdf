// The live event feed (core/event-feed.ts): one poll per tenant with readers, events passed on once
// each, late commits within the look-back still delivered, a burst past the poll limit announced,
// store failures survived, and no polling without readers. Both stores.
import t from 'tap';
import { EventFeed, type FeedReader } from '../../core/event-feed.js';
import type { EventDoc, EventEnvelope } from '../../core/events.js';
import type { Collection, TenantScope } from '../../core/store/types.js';
import { lowestIdAt } from '../../core/ids.js';
import { buildTestServer } from '../helpers/server.js';

function collectingReader(accepts: (event: EventEnvelope) => boolean = () => true) {
  const received: EventEnvelope[] = [];
  let overflows = 0;
  const waiters: Array<() => void> = [];
  const reader: FeedReader = {
    accepts,
    deliver(events) {
      received.push(...events);
      waiters.splice(0).forEach((wake) => wake());
    },
    overflow() {
      overflows++;
      waiters.splice(0).forEach((wake) => wake());
    },
  };
  /** Resolves once `condition` holds (checked after each delivery), failing after 10 s. */
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`not reached; received ${received.length}`)), 10_000);
      const check = () => {
        if (condition()) {
          clearTimeout(deadline);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { reader, received, until, overflows: () => overflows };
}

/**
 * The events collection as the feed reads it, its reads counted per tenant and failing while
 * `failNextReads` is above zero. A poll reads each tenant once, and the feed starts the next poll
 * only after the last one finished: so once a tenant's read count has gone up by n + 1, at least
 * n whole polls of it are done. That is what "after the next polls" waits for, not a sleep.
 */
function observedEvents(collection: Collection<EventDoc>) {
  const reads = new Map<string, number>();
  const waiters: Array<() => void> = [];
  const keyOf = (scope: TenantScope) => `${scope.accountId}:${scope.mode}`;
  const state = { failNextReads: 0 };
  const observed = {
    ...collection,
    forTenant: (scope: TenantScope) => {
      const repository = collection.forTenant(scope);
      return {
        ...repository,
        list: (query: Parameters<typeof repository.list>[0]) => {
          reads.set(keyOf(scope), (reads.get(keyOf(scope)) ?? 0) + 1);
          waiters.splice(0).forEach((wake) => wake());
          if (state.failNextReads > 0) {
            state.failNextReads--;
            return Promise.reject(new Error('store unavailable'));
          }
          return repository.list(query);
        },
      };
    },
  } as Collection<EventDoc>;
  const readsOf = (scope: TenantScope) => reads.get(keyOf(scope)) ?? 0;
  /** Resolves once `polls` more polls of the tenant have completed (failing after 10 s). */
  const afterPolls = (scope: TenantScope, polls: number) => {
    const target = readsOf(scope) + polls + 1;
    return new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`${polls} polls not done; ${readsOf(scope)} reads`)), 10_000);
      const check = () => {
        if (readsOf(scope) >= target) {
          clearTimeout(deadline);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  };
  return { observed, state, readsOf, afterPolls };
}

t.test('events of the tenant, each once, in order, filtered per reader; late commits within the look-back', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const other = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const errors: unknown[] = [];
  const events = observedEvents(api.platform.events.collection);
  const feed = new EventFeed(events.observed, api.clock.now, (error) => errors.push(error), 20);
  t.teardown(() => feed.stop());

  await api.platform.events.publish(tenant, { type: 'chatbot.created', data: { before: true } });
  api.clock.advance(1000);
  const all = collectingReader();
  const leadsOnly = collectingReader((event) => event.type.startsWith('lead.'));
  const unsubscribeAll = feed.subscribe(tenant, all.reader);
  feed.subscribe(tenant, leadsOnly.reader);
  t.equal(feed.readerCount, 2);

  await api.platform.events.publishAll(tenant, [
    { type: 'chatbot.updated', data: { n: 1 } },
    { type: 'lead.captured', data: { n: 2 } },
  ]);
  await api.platform.events.publish({ accountId: other.id, mode: 'live' }, { type: 'lead.captured', data: { other: true } });
  await api.platform.events.publish({ accountId: acme.id, mode: 'test' }, { type: 'lead.captured', data: { sandbox: true } });
  // An event whose id is older than what was already passed on (a slow commit, another instance's clock).
  await api.platform.events.collection.forTenant(tenant).insert({
    id: lowestIdAt('evt', api.clock.now().getTime() - 5_000).replace(/0+$/, (zeros) => `${zeros.slice(1)}1`),
    type: 'lead.updated',
    chatbot_id: null,
    created_at: new Date(api.clock.now().getTime() - 5_000).toISOString(),
    data: { late: true },
    dispatch_at: null,
  });
  await all.until(() => all.received.length >= 3);
  await leadsOnly.until(() => leadsOnly.received.length >= 2);
  // Two more whole polls, each reading the look-back again: nothing is passed on twice.
  await events.afterPolls(tenant, 2);
  t.same(new Set(all.received.map((event) => JSON.stringify(event.data))), new Set([{ n: 1 }, { n: 2 }, { late: true }].map((data) => JSON.stringify(data))), 'this tenant’s new events, the late one too; not the one from before, nor other tenants’');
  t.equal(all.received.length, 3, 'each once');
  t.same(leadsOnly.received.map((event) => event.type).sort(), ['lead.captured', 'lead.updated'], 'a reader’s filter');
  t.ok(all.received.every((event) => event.account_id === acme.id && event.livemode), 'envelopes of the tenant');

  unsubscribeAll();
  unsubscribeAll();
  t.equal(feed.readerCount, 1, 'unsubscribing twice removes one reader');
  await feed.stop();
  t.same(errors, []);
});

t.test('a burst past the poll limit is announced; a failing store is survived; no readers, no polls', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const errors: unknown[] = [];
  const events = observedEvents(api.platform.events.collection);
  const feed = new EventFeed(events.observed, api.clock.now, (error) => errors.push(error), 20);
  t.teardown(() => feed.stop());
  const reader = collectingReader();
  const unsubscribe = feed.subscribe(tenant, reader.reader);

  const burst = await api.platform.events.publishAll(
    tenant,
    Array.from({ length: 501 }, (_, n) => ({ type: 'chatbot.updated', data: { n } })),
  );
  // Nothing is lost silently: either every event arrived (a store that commits the batch bit by bit
  // lets polls see it in parts), or the reader was told to reload. A poll reads the newest 500
  // (the feed's limit) and passes on all it had not: so when told to reload, the reader still has
  // those 500, and at most the oldest one of the burst is missing.
  await reader.until(() => reader.overflows() >= 1 || reader.received.length === 501);
  const received = reader.received.map((event) => event.id);
  t.equal(new Set(received).size, received.length, 'no event twice');
  const burstIds = burst.map((event) => event.id).sort();
  t.same([...received].sort().filter((id) => !burstIds.includes(id)), [], 'only events of the burst');
  const newest = burstIds.slice(-500);
  if (reader.overflows() === 0) t.same([...received].sort(), burstIds, 'every event of the burst arrived');
  else t.same(newest.filter((id) => !received.includes(id)), [], `told to reload after ${received.length} of the burst, the newest 500 among them`);

  events.state.failNextReads = 2;
  await api.platform.events.publish(tenant, { type: 'lead.captured', data: { after: 'outage' } });
  await reader.until(() => reader.received.some((event) => event.type === 'lead.captured'));
  t.ok(errors.length >= 2, 'the failed polls were reported');
  t.match(String(errors[0]), /store unavailable/);

  unsubscribe();
  t.equal(feed.readerCount, 0);
  const before = errors.length;
  const readsBefore = events.readsOf(tenant);
  // Another tenant's reader keeps the feed polling: once two of its polls are done, a tenant
  // without readers would have been read in them too.
  const other = { accountId: (await api.account('starter')).id, mode: 'live' as const };
  const unsubscribeOther = feed.subscribe(other, collectingReader().reader);
  await events.afterPolls(other, 2);
  unsubscribeOther();
  t.equal(events.readsOf(tenant), readsBefore, 'without readers the feed reads nothing of the tenant');
  t.equal(errors.length, before);
});

t.test('an old unsubscribe never silences a later reader of the same tenant', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const feed = new EventFeed(api.platform.events.collection, api.clock.now, () => undefined, 20);
  t.teardown(() => feed.stop());
  const first = collectingReader();
  const unsubscribeFirst = feed.subscribe(tenant, first.reader);
  unsubscribeFirst();
  const second = collectingReader();
  feed.subscribe(tenant, second.reader);
  unsubscribeFirst(); // a stream's close handlers run twice
  t.equal(feed.readerCount, 1);
  await api.platform.events.publish(tenant, { type: 'lead.captured', data: { n: 1 } });
  await second.until(() => second.received.length === 1);
  t.equal(first.received.length, 0);
});
