// Liveness, readiness and store selection.
import t from 'tap';
import { databaseNameOf } from '../../adapters/mongodb/index.js';
import { runMaintenance } from '../../core/maintenance.js';
import { openStore } from '../../app/store.js';
import { buildTestServer, TEST_STORE } from '../helpers/server.js';

t.test('/health and /ready', async (t) => {
  const api = await buildTestServer(t);
  const health = await api.request('GET', '/health');
  t.equal(health.statusCode, 200);
  t.same(health.json, { status: 'ok' });
  const ready = await api.request('GET', '/ready');
  t.match(ready.json, { status: 'ready', store: api.platform.store.engine, roles: { api: 'ready', worker: 'ready' } });
  t.equal(api.platform.store.engine, TEST_STORE === 'sqlite' ? 'sqlite' : 'mongodb');

  await api.platform.store.close();
  const down = await api.request('GET', '/ready');
  t.equal(down.statusCode, 503);
  t.equal(down.json.code, 'unavailable');
  t.equal((await api.request('GET', '/health')).statusCode, 200, 'the process is still up');
  const duringOutage = await api.request('GET', '/api/v1/chatbots', { headers: { authorization: `Bearer sk_live_${'a'.repeat(32)}` } });
  t.equal(duringOutage.statusCode, 503, 'requests that need the store say it is unavailable');
  t.equal(duringOutage.json.code, 'unavailable');
});

t.test('openStore picks the adapter from the URL and refuses others', async (t) => {
  await t.rejects(openStore('postgres://db/x'), /Unsupported DATABASE_URL/);
  const mongo = await openStore('mongodb://127.0.0.1:1/x'); // not connected until init()
  t.equal(mongo.engine, 'mongodb');
  await mongo.close();
  t.equal(databaseNameOf('mongodb://a:1,b:2/bots?replicaSet=rs0'), 'bots', 'the database from the URL path');
  t.equal(databaseNameOf('mongodb+srv://cluster.example.net/?retryWrites=true'), 'chatbot_platform', 'else the default');
});

t.test('maintenance sweeps rate-limit counters whose window has ended', async (t) => {
  const api = await buildTestServer(t);
  api.clock.set('2026-11-21T10:00:30.000Z');
  const acme = await api.account('professional');
  await api.request('GET', '/api/v1/account', { key: acme.live });
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const minuteKey = `requests:minute:${Date.parse('2026-11-21T10:00:00Z') / 1000}`;
  t.equal(await api.platform.store.counters.get(tenant, minuteKey), 1);

  t.same(await runMaintenance(api.platform), { counters: 0, idempotency_keys: 0, events: 0, reaction_jobs: 0, webhook_deliveries: 0, oauth_tokens: 0, dashboard_sessions: 0 }, 'nothing has ended yet');
  api.clock.set('2026-11-21T11:01:01.000Z'); // the minute window ended an hour ago
  const swept = await runMaintenance(api.platform);
  t.ok(swept.counters! >= 1, 'the ended minute window went');
  t.equal(await api.platform.store.counters.get(tenant, minuteKey), 0);
  const dayKey = `requests:day:${Date.parse('2026-11-21T00:00:00Z') / 1000}`;
  t.equal(await api.platform.store.counters.get(tenant, dayKey), 1, 'the day window stays');
});

t.test('maintenance deletes idempotency keys past their 24 hours', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const create = (key: string) =>
    api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: key }, headers: { 'idempotency-key': key } });
  await create('old-1');
  await create('old-2');
  api.clock.advance(20 * 3600 * 1000);
  await create('recent');
  const keys = api.platform.idempotencyKeys.forTenant({ accountId: acme.id, mode: 'live' });
  t.equal(await keys.count(), 3);
  api.clock.advance(5 * 3600 * 1000); // the first two are 25 h old, the last 5 h
  const result = await runMaintenance(api.platform);
  t.equal(result.idempotency_keys, 2);
  t.same((await keys.list({ limit: 10 })).map((k) => k.key), ['recent']);
  t.equal((await create('recent')).headers['idempotent-replayed'], 'true', 'a live key still replays');
});

t.test('maintenance deletes events, and the webhook deliveries of them, past the retention', async (t) => {
  const api = await buildTestServer(t, { config: { retention: { events_days: 2 }, webhooks: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Old' } })).json;
  await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: 'http://127.0.0.1:9/nowhere', chatbot_id: bot.id } });
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await api.server.plugins.webhooks.dispatcher.drain();
  api.clock.advance(3 * 86_400_000);
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await api.server.plugins.webhooks.dispatcher.drain();
  const events = api.platform.events.collection.forTenant(tenant);
  t.equal(await events.count(), 3, 'chatbot.created and two conversation.started');
  const result = await runMaintenance(api.platform);
  t.equal(result.events, 2, 'the two older than two days');
  t.equal(result.webhook_deliveries, 1, 'the delivery of the old conversation.started');
  t.same((await events.list({ limit: 10 })).map((e) => e.type), ['conversation.started']);
});

t.test('maintenance deletes reaction jobs given up on, once their events are past the retention', async (t) => {
  const api = await buildTestServer(t, { config: { retention: { events_days: 2 } } });
  const tenant = { accountId: 'acct_swept', mode: 'live' as const };
  const event = { id: 'evt_01jswept000000000000000000', type: 'chatbot.deleted', created_at: api.clock.now().toISOString(), livemode: true, account_id: tenant.accountId, chatbot_id: 'cb_gone', data: {} };
  const jobs = api.platform.events.reactions.jobsFor(tenant, [event]);
  await api.platform.store.commit(jobs.map((job) => job.write));
  api.clock.advance(3 * 86_400_000);
  const result = await runMaintenance(api.platform);
  t.equal(result.reaction_jobs, jobs.length);
  t.equal(await api.platform.events.reactions.collection.forTenant(tenant).count(), 0);
});
