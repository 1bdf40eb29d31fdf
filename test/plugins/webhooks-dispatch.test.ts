// The dispatcher's sending under load, against real local receivers that hold their answers until
// told: the cap per endpoint and the one in all hold (concurrent requests counted at the receivers),
// a slow endpoint does not hold up a fast one, an outcome that could not be written means the
// delivery is sent again (at least once, never lost), and a stop gives back what it had claimed
// but not started.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { Fetcher } from '../../core/http/fetcher.js';
import { Dispatcher, newDelivery } from '../../plugins/webhooks/dispatcher.js';
import { declareWebhooks, deliveryIdOf, type WebhookCollections } from '../../plugins/webhooks/collections.js';
import { buildTestServer, builtInApiOf, TestClock } from '../helpers/server.js';

const LOOPBACK = ['127.0.0.1/32'];

/** A receiver that answers 200 at once, or (held) only when released; it counts requests open at once. */
interface CountingReceiver {
  url: string;
  ids: string[];
  open: number;
  maxOpen: number;
  /** Answers every request held so far, and from now on at once. */
  releaseAll(): void;
  waitFor(count: number): Promise<void>;
}

async function countingReceiver(t: Test, options: { hold: boolean; shared?: { open: number; maxOpen: number } }): Promise<CountingReceiver> {
  const held: Array<() => void> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let holding = options.hold;
  const receiver: CountingReceiver = {
    url: '',
    ids: [],
    open: 0,
    maxOpen: 0,
    releaseAll() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    waitFor(count) {
      if (receiver.ids.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.ids.push(String(request.headers['webhook-id']));
      for (const counter of [receiver, options.shared].filter((c) => c !== undefined)) {
        counter.open++;
        counter.maxOpen = Math.max(counter.maxOpen, counter.open);
      }
      const answer = () => {
        for (const counter of [receiver, options.shared].filter((c) => c !== undefined)) counter.open--;
        response.writeHead(200).end('ok');
      };
      if (holding) held.push(answer);
      else answer();
      for (const waiter of waiters.filter((w) => receiver.ids.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  t.teardown(async () => {
    receiver.releaseAll();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return receiver;
}

async function setup(t: Test, webhooks: Record<string, unknown>) {
  const clock = new TestClock();
  const api = await buildTestServer(t, { clock, config: { webhooks: { allowed_cidrs: LOOPBACK, ...webhooks } } });
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const register = async (url: string) => {
    const response = await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url, chatbot_id: bot.id, events: ['conversation.started'] } });
    if (response.statusCode !== 201) throw new Error(`webhook failed ${response.statusCode}: ${response.payload}`);
    return response.json as { id: string };
  };
  const publish = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await api.platform.events.publish(tenant, { type: 'conversation.started', chatbotId: bot.id, data: { id: `conv_${i}` } });
    }
  };
  return { api, clock, tenant, register, publish, dispatcher: api.server.plugins.webhooks.dispatcher };
}

t.test('a slow endpoint does not hold up a fast one, and gets no more than its cap at once', async (t) => {
  const { register, publish, dispatcher } = await setup(t, { concurrency: 8, concurrency_per_endpoint: 3 });
  const slow = await countingReceiver(t, { hold: true });
  const fast = await countingReceiver(t, { hold: false });
  await register(slow.url);
  await register(fast.url);

  await publish(12);
  // Counted, not timed: the fast endpoint gets all 12 while the slow one answers nothing.
  await fast.waitFor(12);
  t.equal(new Set(fast.ids).size, 12, 'the fast endpoint got every event while the slow one held its answers');
  t.ok(slow.ids.length <= 3, `the slow endpoint has ${slow.ids.length} requests, at most its 3 slots`);

  slow.releaseAll();
  await dispatcher.drain();
  t.equal(new Set(slow.ids).size, 12, 'the slow endpoint gets everything once it answers');
  t.equal(slow.maxOpen, 3, 'never more than 3 at once to it, and 3 reached');
});

t.test('the cap in all holds across endpoints', async (t) => {
  const { register, publish, dispatcher } = await setup(t, { concurrency: 4, concurrency_per_endpoint: 3 });
  const both = { open: 0, maxOpen: 0 };
  const receivers = [await countingReceiver(t, { hold: true, shared: both }), await countingReceiver(t, { hold: true, shared: both })];
  for (const receiver of receivers) await register(receiver.url);

  await publish(10);
  await Promise.all(receivers.map((receiver) => receiver.waitFor(1)));
  // Both have started; the first 4 requests are all the slots there are until one is answered.
  while (both.open < 4) await new Promise((resolve) => setImmediate(resolve));
  t.equal(both.open, 4, '4 open at once in all');
  t.ok(receivers.every((receiver) => receiver.open <= 3), `at most 3 at one endpoint: ${receivers.map((r) => r.open).join(' + ')}`);

  for (const receiver of receivers) receiver.releaseAll();
  await dispatcher.drain();
  t.same(receivers.map((receiver) => new Set(receiver.ids).size), [10, 10], 'everything delivered');
  t.equal(both.maxOpen, 4, 'never more than 4 at once in all');
  t.ok(receivers.every((receiver) => receiver.maxOpen <= 3), 'never more than 3 at once to one endpoint');
});

t.test('an outcome the store did not take: the delivery is sent again after its lease (at least once)', async (t) => {
  const { api, clock, tenant, register } = await setup(t, {});
  const receiver = await countingReceiver(t, { hold: false });
  const webhook = await register(receiver.url);

  // The event and its delivery as a fan-out leaves them, for a dispatcher of our own whose outcome
  // writes fail (the store refusing writes, or a crash right after the send: the same for the lease).
  const declared = declareWebhooks(api.platform.store);
  const eventId = 'evt_01m80000000000000000000000';
  await api.platform.events.collection.forTenant(tenant).insert({
    id: eventId,
    type: 'conversation.started',
    chatbot_id: null,
    created_at: clock.now().toISOString(),
    data: { id: 'conv_lost' },
    dispatch_at: null,
  });
  const deliveryId = deliveryIdOf(eventId, webhook.id);
  await declared.deliveries.forTenant(tenant).insert(newDelivery(deliveryId, webhook.id, { id: eventId, type: 'conversation.started', chatbot_id: null }, clock.now().toISOString()));
  let storeRefuses = true;
  const claims = declared.deliveries.claims!;
  const collections: WebhookCollections = {
    webhooks: declared.webhooks,
    deliveries: {
      ...declared.deliveries,
      claims: {
        ...claims,
        completeAll: (args) => (storeRefuses ? Promise.reject(new Error('the store refused the write')) : claims.completeAll(args)),
      },
    },
  };
  const config = api.platform.config;
  const fetcher = new Fetcher({ allowedCidrs: LOOPBACK, egressCidrs: [], limits: config.fetch });
  const dispatcher = new Dispatcher(builtInApiOf(api, 'webhooks'), collections, fetcher, () => api.platform.secrets());
  t.teardown(() => dispatcher.stop());

  await dispatcher.drain();
  t.same(receiver.ids, [eventId], 'sent');
  const stored = await declared.deliveries.forTenant(tenant).get(deliveryId);
  t.match(stored, { status: 'pending', attempt_count: 0 }, 'but its outcome was not written');
  t.same(await claims.claimDue({ now: clock.now(), owner: 'another', leaseMs: 1000, limit: 10 }), [], 'and its lease still holds it');

  storeRefuses = false;
  clock.advance(config.webhooks.timeout_ms + 5_000 + 1);
  await dispatcher.drain();
  t.same(receiver.ids, [eventId, eventId], 'sent again once the lease ran out, with the same webhook-id');
  t.match(await declared.deliveries.forTenant(tenant).get(deliveryId), { status: 'succeeded', attempt_count: 1 });
});

t.test('a stop gives back the deliveries claimed but not started, and keeps those in flight leased', async (t) => {
  const { api, clock, register, publish, dispatcher } = await setup(t, { concurrency_per_endpoint: 2 });
  const receiver = await countingReceiver(t, { hold: true });
  await register(receiver.url);

  await publish(8);
  await receiver.waitFor(2); // 2 in flight, and (an endpoint holds twice its slots) 2 claimed and waiting
  await dispatcher.stop(50);
  const claims = declareWebhooks(api.platform.store).deliveries.claims!;
  const claimable = await claims.claimDue({ now: clock.now(), owner: 'another', leaseMs: 60_000, limit: 100 });
  t.equal(claimable.length, 6, 'the 2 waiting are due again at once, beside the 4 never claimed');
  const inFlight = new Set(receiver.ids);
  t.notOk(claimable.some(({ record }) => inFlight.has(record.event_id)), 'the 2 in flight stay leased: sent again only when their lease ends');
  t.equal(receiver.ids.length, 2, 'nothing was started after the stop');
});
