// Batched request counting (core/rate-limit.ts RequestCounts): far from a limit an instance counts in
// memory and adds its count to the store on a flush; within the last `exact_within` requests every
// request is counted in the store as it arrives, so 429s stay exact; the store adds batches atomically.
import pino from 'pino';
import t from 'tap';
import { createServer } from '../../app/server.js';
import { ADMIN_TOKEN, assertError, buildTestServer } from '../helpers/server.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const MINUTE = '2026-11-21T10:00:00.000Z';
/** The store's own count of an account's requests in the minute window that starts at MINUTE. */
const counterName = `requests:minute:${Date.parse(MINUTE) / 1000}`;

/** A flush interval no test reaches: flushes happen when a test asks for them. */
const config = { rate_limits: { flush_interval_ms: 60_000, exact_within: 3 } };

async function limitedAccount(api: Awaited<ReturnType<typeof buildTestServer>>, perMinute: number) {
  const account = await api.account('enterprise');
  const patched = await api.request('PATCH', `/admin/v1/accounts/${account.id}`, {
    headers: admin,
    payload: { limits: { requests_per_minute: perMinute } },
  });
  if (patched.statusCode !== 200) throw new Error(`PATCH limits: ${patched.statusCode}`);
  return account;
}

t.test('far from the limit: counted in memory, exact headers, in the store after a flush', async (t) => {
  const api = await buildTestServer(t, { config });
  api.clock.set(MINUTE);
  const acme = await limitedAccount(api, 100);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const used: string[] = [];
  for (let i = 0; i < 10; i++) used.push((await api.request('GET', '/api/v1/account', { key: acme.live })).headers['x-ratelimit-used'] as string);
  t.same(used, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 'this instance counts every request');
  t.equal(await api.platform.store.counters.get(tenant, counterName), 1, 'only the first request of the window went to the store');
  await api.platform.requestCounts.flush();
  t.equal(await api.platform.store.counters.get(tenant, counterName), 10, 'the flush added the other nine in one write');
});

t.test('within exact_within of the limit every request goes to the store: 429 exactly past it', async (t) => {
  const api = await buildTestServer(t, { config });
  api.clock.set('2026-11-21T10:00:10.000Z');
  const acme = await limitedAccount(api, 10);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await api.request('GET', '/api/v1/account', { key: acme.live })).statusCode);
  t.same(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
  t.equal(await api.platform.store.counters.get(tenant, counterName), 12, 'the store holds every request, refused ones too, unflushed');
  const refused = await api.request('GET', '/api/v1/account', { key: acme.live });
  assertError(t, refused, 429, 'rate_limited');
  t.equal(refused.headers['x-ratelimit-remaining'], '0');
  t.equal(refused.headers['x-ratelimit-limit'], '10');
  t.equal(refused.headers['retry-after'], '50');
});

t.test('another instance sees this one’s batched requests after a flush: the documented lag', async (t) => {
  const api = await buildTestServer(t, { config });
  api.clock.set(MINUTE);
  const second = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.server.stop());
  const acme = await limitedAccount(api, 100);
  const onSecond = () => second.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${acme.live}` } });

  const onFirst = async () => (await api.request('GET', '/api/v1/account', { key: acme.live })).headers['x-ratelimit-used'];
  for (let i = 0; i < 20; i++) await onFirst();
  t.equal((await onSecond()).headers['x-ratelimit-used'], '2', 'the first instance held 19 in memory: the second saw its first only');
  await api.platform.requestCounts.flush();
  t.equal((await onSecond()).headers['x-ratelimit-used'], '3', 'the second learns of a flush with its own next flush, not before');
  await second.platform.requestCounts.flush();
  t.equal((await onSecond()).headers['x-ratelimit-used'], '23', 'after it: both instances’ requests');
  t.equal(await onFirst(), '22', 'the first has not heard of the second’s yet (its flush had nothing to send)');
  await api.platform.requestCounts.flush();
  t.equal(await onFirst(), '24', 'its next flush sent one and brought back the total');
});

t.test('an instance idle for more than two flush intervals asks the store again before counting in memory', async (t) => {
  // Instance A saw the window's first request, then went quiet while B served most of the limit.
  // Counting on from its old answer, A would let about a whole limit more through.
  const fastFlush = { rate_limits: { flush_interval_ms: 1000, exact_within: 3 } };
  const api = await buildTestServer(t, { config: fastFlush });
  api.clock.set(MINUTE);
  const second = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.server.stop());
  const acme = await limitedAccount(api, 20);
  const get = (server: typeof api.server) =>
    server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${acme.live}` } });

  t.equal((await get(api.server)).statusCode, 200, 'A: the first request of the window');
  api.clock.set('2026-11-21T10:00:01.000Z');
  for (let i = 0; i < 15; i++) await get(second.server);
  await second.platform.requestCounts.flush();

  api.clock.set('2026-11-21T10:00:05.000Z'); // A's last answer from the store is 5 s old
  const statuses: number[] = [];
  const used: string[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await get(api.server);
    statuses.push(response.statusCode);
    used.push(response.headers['x-ratelimit-used'] as string);
  }
  t.same(used.slice(0, 4), ['17', '18', '19', '20'], 'A counts on from the store, which holds B’s requests');
  t.same(statuses, [200, 200, 200, 200, 429, 429], 'and refuses past the limit');
});

t.test('GET /usage and a server stop flush what is held', async (t) => {
  const api = await buildTestServer(t, { config });
  api.clock.set(MINUTE);
  const acme = await limitedAccount(api, 100);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  for (let i = 0; i < 5; i++) await api.request('GET', '/api/v1/account', { key: acme.live });
  const usage = await api.request('GET', '/api/v1/usage', { key: acme.live });
  t.equal(usage.json.windows[0].used, 6, '/usage counts every request, itself too');

  const second = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  for (let i = 0; i < 4; i++) await second.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${acme.live}` } });
  t.equal(await api.platform.store.counters.get(tenant, counterName), 7, 'the second instance holds three in memory');
  await second.server.stop();
  t.equal(await api.platform.store.counters.get(tenant, counterName), 10, 'its stop flushed them');
});

t.test('a store counter adds a batch atomically, also when batches race', async (t) => {
  const api = await buildTestServer(t);
  const counters = api.platform.store.counters;
  const scope = { accountId: 'acct_batch', mode: 'live' as const };
  const later = new Date(api.clock.now().getTime() + 3_600_000);
  t.equal(await counters.increment(scope, 'batch', later, 5), 5);
  t.equal(await counters.increment(scope, 'batch', later), 6, 'one by default');
  const raced = await Promise.all([3, 3, 3, 3].map((by) => counters.increment(scope, 'batch', later, by)));
  t.equal(await counters.get(scope, 'batch'), 18, 'four racing batches of three, none lost');
  t.equal(Math.max(...raced), 18, 'the last batch to land sees the total');
});
