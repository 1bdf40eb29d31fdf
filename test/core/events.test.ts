// Domain events: written with their change, enveloped as API.md §5 says, heard by subscribers.
import pino from 'pino';
import t, { type Test } from 'tap';
import { EventBus } from '../../core/events.js';
import type { TenantScope } from '../../core/store/types.js';
import { openSqliteTestHarness } from '../helpers/sqlite.js';

const LIVE: TenantScope = { accountId: 'acct_1', mode: 'live' };
const TEST: TenantScope = { accountId: 'acct_1', mode: 'test' };
const now = () => new Date('2026-11-21T09:30:00.000Z');

async function setup(t: Test) {
  const harness = await openSqliteTestHarness();
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
