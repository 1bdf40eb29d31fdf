// The live event feed (core/event-feed.ts): one poll per tenant with readers, events passed on once
// each, late commits within the look-back still delivered, a burst past the poll limit announced,
// store failures survived, and no polling without readers. Both stores.
import t from 'tap';
import { EventFeed, type FeedReader } from '../../core/event-feed.js';
import type { EventEnvelope } from '../../core/events.js';
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

t.test('events of the tenant, each once, in order, filtered per reader; late commits within the look-back', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const other = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const errors: unknown[] = [];
  const feed = new EventFeed(api.platform.events.collection, api.clock.now, (error) => errors.push(error), 20);
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
  // A few more polls: nothing is passed on twice.
  await new Promise((resolve) => setTimeout(resolve, 150));
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
  let failNextReads = 0;
  const collection = api.platform.events.collection;
  const flaky = {
    ...collection,
    forTenant: (scope: typeof tenant) => {
      const repository = collection.forTenant(scope);
      return {
        ...repository,
        list: (query: Parameters<typeof repository.list>[0]) => {
          if (failNextReads > 0) {
            failNextReads--;
            return Promise.reject(new Error('store unavailable'));
          }
          return repository.list(query);
        },
      };
    },
  } as typeof collection;
  const feed = new EventFeed(flaky, api.clock.now, (error) => errors.push(error), 20);
  t.teardown(() => feed.stop());
  const reader = collectingReader();
  const unsubscribe = feed.subscribe(tenant, reader.reader);

  await api.platform.events.publishAll(
    tenant,
    Array.from({ length: 501 }, (_, n) => ({ type: 'chatbot.updated', data: { n } })),
  );
  // Nothing is lost silently: either every event arrived (a store that commits the batch bit by bit
  // lets polls see it in parts), or the reader was told to reload.
  await reader.until(() => reader.overflows() >= 1 || reader.received.length === 501);
  t.equal(new Set(reader.received.map((event) => event.id)).size, reader.received.length, 'no event twice');
  if (reader.overflows() === 0) t.equal(reader.received.length, 501, 'every event of the burst arrived');
  else t.ok(reader.received.length <= 501, `told to reload after ${reader.received.length} of the burst`);

  failNextReads = 2;
  await api.platform.events.publish(tenant, { type: 'lead.captured', data: { after: 'outage' } });
  await reader.until(() => reader.received.some((event) => event.type === 'lead.captured'));
  t.ok(errors.length >= 2, 'the failed polls were reported');
  t.match(String(errors[0]), /store unavailable/);

  unsubscribe();
  t.equal(feed.readerCount, 0);
  const before = errors.length;
  failNextReads = 100;
  await new Promise((resolve) => setTimeout(resolve, 150));
  t.equal(failNextReads, 100, 'without readers the feed reads nothing');
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
