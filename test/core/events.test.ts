// Domain events: written with their change, enveloped as the API documents, heard by subscribers.
// On the store of the pass (TEST_STORE).
import pino from 'pino';
import t, { type Test } from 'tap';
import { EventBus } from '../../core/events.js';
import type { TenantScope } from '../../core/store/types.js';
import { openTestStoreHarness } from '../helpers/server.js';

const LIVE: TenantScope = { accountId: 'acct_1', mode: 'live' };
const TEST: TenantScope = { accountId: 'acct_1', mode: 'test' };
const now = () => new Date('2026-11-21T09:30:00.000Z');

async function setup(t: Test) {
  const harness = await openTestStoreHarness();
  t.teardown(() => harness.close());
  const logged: unknown[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const events = new EventBus(harness.store, logger, now);
  const things = harness.store.collection<{ name: string }>({ name: 'things', scope: 'tenant' });
  await harness.store.init();
  return { harness, events, things, logged };
}

t.test('publish writes the change and the event, and returns the envelope', async (t) => {
  const { events, things, harness } = await setup(t);
  const envelope = await events.publish(TEST, { type: 'thing.created', chatbotId: 'cb_1', data: { name: 'x' } }, [
    things.forTenant(TEST).ops.insert({ id: 'thing_1', name: 'x' }),
  ]);
  t.match(envelope, {
    id: /^evt_[0-9a-z]{26}$/,
    type: 'thing.created',
    created_at: '2026-11-21T09:30:00.000Z',
    livemode: false,
    account_id: 'acct_1',
    chatbot_id: 'cb_1',
    data: { name: 'x' },
  });
  t.ok(await things.forTenant(TEST).get('thing_1'));
  const raw = await harness.raw('events', envelope.id);
  t.equal(raw?.mode, 'test', 'stored in the mode of its change');
  t.equal(raw?.doc.type, 'thing.created');
  t.equal(await events.collection.forTenant(LIVE).get(envelope.id), null, 'not visible to live');
});

t.test('a failed change writes no event', async (t) => {
  const { events, things } = await setup(t);
  await things.forTenant(LIVE).insert({ id: 'thing_1', name: 'x' });
  await t.rejects(
    events.publish(LIVE, { type: 'thing.created', data: {} }, [things.forTenant(LIVE).ops.insert({ id: 'thing_1', name: 'dup' })]),
  );
  t.equal(await events.collection.forTenant(LIVE).count(), 0);
});

t.test('subscribers: by type and *, after the commit; a failing one is logged, not fatal', async (t) => {
  const { events, logged } = await setup(t);
  const heard: string[] = [];
  events.subscribe('thing.created', (event, scope) => {
    heard.push(`typed:${event.type}:${scope.mode}`);
  });
  events.subscribe('*', async (event) => {
    heard.push(`all:${event.type}`);
  });
  events.subscribe('thing.created', () => {
    throw new Error('subscriber broke');
  });
  const envelope = await events.publish(LIVE, { type: 'thing.created', data: {} });
  await events.publish(LIVE, { type: 'thing.deleted', data: {} });
  t.same(heard, ['typed:thing.created:live', 'all:thing.created', 'all:thing.deleted']);
  t.equal(await events.collection.forTenant(LIVE).count(), 2, 'both events stored despite the failure');
  t.match(logged, [{ msg: 'event subscriber failed', event_id: envelope.id }]);
});

t.test('durable reactions: committed with the event, retried with backoff, run by another instance after a crash', async (t) => {
  const harness = await openTestStoreHarness();
  t.teardown(() => harness.close());
  let clock = new Date('2026-11-21T09:30:00.000Z');
  const at = () => new Date(clock);
  const logger = pino({ level: 'silent' });
  const first = new EventBus(harness.store, logger, at);
  const things = harness.store.collection<{ name: string }>({ name: 'things', scope: 'tenant' });
  const peer = await harness.openPeer();
  const second = new EventBus(peer, logger, at);
  peer.collection<{ name: string }>({ name: 'things', scope: 'tenant' });

  // The first instance's reaction fails once, then "dies" (never finishes) on the second event.
  const ran: string[] = [];
  let mode: 'fail' | 'hang' | 'work' = 'fail';
  let hangStarted: () => void = () => undefined;
  const hanging = new Promise<void>((resolve) => (hangStarted = resolve));
  first.subscribeDurably('thing.deleted', 'cleanup', async (event) => {
    if (mode === 'fail') throw new Error('store hiccup');
    if (mode === 'hang') {
      hangStarted();
      return new Promise<void>(() => undefined);
    }
    ran.push(`first:${event.id}`);
  });
  second.subscribeDurably('thing.deleted', 'cleanup', async (event) => {
    ran.push(`second:${event.id}`);
  });
  await harness.store.init();
  await peer.init();
  const jobs = first.reactions.collection.forTenant(LIVE);

  const failed = await first.publish(LIVE, { type: 'thing.deleted', data: {} }, [things.forTenant(LIVE).ops.insert({ id: 'thing_1', name: 'a' })]);
  const [job] = await jobs.list({ limit: 10 });
  t.equal(job?.event_id, failed.id, 'the reaction is a job committed with its event');
  t.equal(job?.failures, 1, 'its failure is counted');
  t.equal(job?.last_error, 'store hiccup');
  t.ok(job!.run_at! > clock.toISOString(), 'and it is due later, not now');
  mode = 'work';
  await first.reactions.drain();
  t.same(ran, [], 'not before its retry time');
  clock = new Date(clock.getTime() + 40_000);
  await first.reactions.drain();
  t.same(ran, [`first:${failed.id}`], 'then retried and done');
  t.equal(await jobs.count(), 0, 'a done job is deleted');

  // A publisher that dies mid-reaction: the job stays in the store, and the other instance runs it.
  mode = 'hang';
  const orphaned = first.publish(LIVE, { type: 'thing.deleted', data: {} }, [things.forTenant(LIVE).ops.insert({ id: 'thing_2', name: 'b' })]);
  void orphaned;
  // The reaction starts after the commit: once it hangs, the job is in the store (a fixed tick was
  // not enough for FerretDB's commit to come back).
  await hanging;
  t.equal(await jobs.count(), 1, 'the job is stored');
  await second.reactions.drain();
  t.equal(ran.length, 1, 'the other instance leaves it while the publisher may still be at it');
  clock = new Date(clock.getTime() + 31_000);
  await second.reactions.drain();
  t.match(ran[1], /^second:evt_/, 'after the recovery delay the other instance runs it');
  t.equal(await jobs.count(), 0);
});

t.test('a reaction that keeps failing is given up and kept as failed, visibly', async (t) => {
  const harness = await openTestStoreHarness();
  t.teardown(() => harness.close());
  let clock = new Date('2026-11-21T09:30:00.000Z');
  const events = new EventBus(harness.store, pino({ level: 'silent' }), () => new Date(clock));
  let calls = 0;
  events.subscribeDurably('thing.deleted', 'always-broken', async () => {
    calls++;
    throw new Error('broken for good');
  });
  await harness.store.init();
  await events.publish(LIVE, { type: 'thing.deleted', data: {} });
  for (let i = 0; i < 10; i++) {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await events.reactions.drain();
  }
  const [job] = await events.reactions.collection.forTenant(LIVE).list({ limit: 10 });
  t.equal(calls, 8, 'tried eight times, no more');
  t.equal(job?.status, 'failed');
  t.equal(job?.run_at, null, 'no longer due');
  t.equal(job?.last_error, 'broken for good');
  t.throws(() => events.subscribeDurably('thing.deleted', 'always-broken', async () => undefined), /already registered/);
});
