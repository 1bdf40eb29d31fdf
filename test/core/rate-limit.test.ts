// Plan request limits: windows, headers, 429, per-mode counters, overrides, shared counters.
import pino from 'pino';
import t from 'tap';
import { createServer } from '../../app/server.js';
import { ADMIN_TOKEN, assertError, buildTestServer } from '../helpers/server.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

t.test('the free plan allows 100 requests a UTC day, then 429 until midnight', async (t) => {
  const api = await buildTestServer(t);
  api.clock.set('2026-11-21T23:59:00.000Z');
  const free = await api.account('free');
  for (let i = 1; i <= 100; i++) {
    const response = await api.request('GET', '/api/v1/chatbots', { key: free.live });
    if (response.statusCode !== 200) t.fail(`request ${i} was ${response.statusCode}`);
  }
  const refused = await api.request('GET', '/api/v1/chatbots', { key: free.live });
  const body = assertError(t, refused, 429, 'rate_limited');
  t.match(body.message, /day request limit of 100/);
  t.equal(refused.headers['retry-after'], '60', 'seconds until the UTC day ends');
  t.equal(refused.headers['x-ratelimit-remaining'], '0');
  t.equal(refused.headers['x-ratelimit-limit'], '100');
  t.equal(refused.headers['x-ratelimit-reset'], String(Date.parse('2026-11-22T00:00:00Z') / 1000));

  const sandbox = await api.request('GET', '/api/v1/chatbots', { key: free.test });
  t.equal(sandbox.statusCode, 200, 'the test mode counts apart');
  t.equal(sandbox.headers['x-ratelimit-remaining'], '99');

  api.clock.set('2026-11-22T00:00:00.000Z');
  t.equal((await api.request('GET', '/api/v1/chatbots', { key: free.live })).statusCode, 200, 'a new day, a new count');
});

t.test('two windows: the tightest is reported, both are enforced', async (t) => {
  const api = await buildTestServer(t);
  api.clock.set('2026-11-21T10:00:10.000Z');
  const pro = await api.account('professional');
  const patched = await api.request('PATCH', `/admin/v1/accounts/${pro.id}`, {
    headers: admin,
    payload: { limits: { requests_per_minute: 3, requests_per_day: 5 } },
  });
  t.equal(patched.statusCode, 200);
  t.equal(patched.json.limits.requests_per_minute, 3);

  const first = await api.request('GET', '/api/v1/account', { key: pro.live });
  t.equal(first.headers['ratelimit-policy'], '"minute";q=3;w=60, "day";q=5;w=86400');
  t.equal(first.headers['ratelimit'], '"minute";r=2;t=50, "day";r=4;t=50390');
  t.equal(first.headers['x-ratelimit-limit'], '3', 'the minute window is tighter');
  t.equal(first.headers['x-ratelimit-remaining'], '2');
  t.equal(first.headers['x-ratelimit-used'], '1');
  await api.request('GET', '/api/v1/account', { key: pro.live });
  await api.request('GET', '/api/v1/account', { key: pro.live });
  const overMinute = await api.request('GET', '/api/v1/account', { key: pro.live });
  assertError(t, overMinute, 429, 'rate_limited');
  t.equal(overMinute.headers['retry-after'], '50');

  api.clock.advance(60_000);
  t.equal((await api.request('GET', '/api/v1/account', { key: pro.live })).statusCode, 200, 'next minute');
  const overDay = await api.request('GET', '/api/v1/account', { key: pro.live });
  const body = assertError(t, overDay, 429, 'rate_limited');
  t.match(body.message, /day request limit of 5/, 'refused requests counted too: the day is used up');
  t.equal(overDay.headers['x-ratelimit-limit'], '5', 'the day window is now the tightest');
});

t.test('enterprise: no limit unless set, so no rate-limit headers', async (t) => {
  const api = await buildTestServer(t);
  const big = await api.account('enterprise');
  for (let i = 0; i < 20; i++) {
    const response = await api.request('GET', '/api/v1/account', { key: big.live });
    if (response.statusCode !== 200) t.fail(`request ${i}: ${response.statusCode}`);
    if (response.headers['x-ratelimit-limit'] !== undefined) t.fail('unexpected header');
  }
  t.pass('20 requests, none limited');
});

t.test('limits are per account', async (t) => {
  const api = await buildTestServer(t);
  const one = await api.account('starter');
  const two = await api.account('starter');
  await api.request('GET', '/api/v1/account', { key: one.live });
  const response = await api.request('GET', '/api/v1/account', { key: two.live });
  t.equal(response.headers['x-ratelimit-used'], '1');
});

t.test('GET /usage reports the windows, counting itself', async (t) => {
  const api = await buildTestServer(t);
  api.clock.set('2026-11-21T12:00:00.000Z');
  const acme = await api.account('professional');
  await api.request('GET', '/api/v1/account', { key: acme.live });
  const usage = await api.request('GET', '/api/v1/usage', { key: acme.live });
  t.equal(usage.statusCode, 200);
  t.same(usage.json, {
    mode: 'live',
    plan: 'professional',
    windows: [
      { window: 'minute', limit: 1_000, used: 2, remaining: 998, resets_at: '2026-11-21T12:01:00.000Z' },
      { window: 'day', limit: 10_000, used: 2, remaining: 9_998, resets_at: '2026-11-22T00:00:00.000Z' },
    ],
    llm_tokens: { used: 0, limit: null, resets_at: '2026-12-01T00:00:00.000Z' },
  });
});

t.test('counters live in the store: two server instances share them', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('free');
  const second = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.server.stop());
  for (let i = 0; i < 50; i++) {
    await api.request('GET', '/api/v1/account', { key: acme.live });
    await second.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${acme.live}` } });
  }
  const refused = await second.server.inject({
    method: 'GET',
    url: '/api/v1/account',
    headers: { authorization: `Bearer ${acme.live}` },
  });
  t.equal(refused.statusCode, 429, 'the 101st request across both instances is refused');
});

t.test('plan limits come from the configuration: a changed table is what is enforced', async (t) => {
  const api = await buildTestServer(t, { config: { plans: { starter: { requests: { day: 4 }, chatbots: 1, webhooks: false } } } });
  api.clock.set('2026-11-21T10:00:00.000Z');
  const starter = await api.account('starter');
  t.equal((await api.request('POST', '/api/v1/chatbots', { key: starter.live, payload: { name: 'One' } })).statusCode, 201);
  assertError(t, await api.request('POST', '/api/v1/chatbots', { key: starter.live, payload: { name: 'Two' } }), 409, 'chatbot_limit_reached', 'the configured chatbot limit');
  assertError(t, await api.request('GET', '/api/v1/webhooks', { key: starter.live }), 403, 'plan_feature_unavailable', 'webhooks turned off for the plan');
  t.equal((await api.request('GET', '/api/v1/chatbots', { key: starter.live })).statusCode, 200, 'the fourth request of a day of four');
  assertError(t, await api.request('GET', '/api/v1/chatbots', { key: starter.live }), 429, 'rate_limited', 'the fifth');
});

t.test('PLANS_PROFILE=unlimited: even the free plan writes, with no request cap', async (t) => {
  const api = await buildTestServer(t, { config: { plans_profile: 'unlimited' } });
  api.clock.set('2026-11-21T10:00:00.000Z');
  const free = await api.account('free');
  for (let i = 1; i <= 3; i++) {
    const created = await api.request('POST', '/api/v1/chatbots', { key: free.live, payload: { name: `Bot ${i}` } });
    if (created.statusCode !== 201) t.fail(`chatbot ${i}: ${created.statusCode} ${created.payload}`);
  }
  let refused = 0;
  for (let i = 1; i <= 150; i++) if ((await api.request('GET', '/api/v1/chatbots', { key: free.live })).statusCode !== 200) refused++;
  t.equal(refused, 0, '150 requests, past the spec free plan’s 100 a day');
  t.equal((await api.request('GET', '/api/v1/webhooks', { key: free.live })).statusCode, 200, 'webhooks on');
});
