// The API-key cache (core/auth/key-cache.ts): revocation and account changes at once on the instance
// that made them, within keys.cache_seconds on another instance sharing the store, and a bounded size.
import pino from 'pino';
import t, { type Test } from 'tap';
import { ApiKeyCache } from '../../core/auth/key-cache.js';
import { createServer } from '../../app/server.js';
import { ADMIN_TOKEN, assertError, buildTestServer } from '../helpers/server.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A second instance on the same store (the same SQLite file or MongoDB database) and clock. */
async function secondInstance(t: Test, api: Awaited<ReturnType<typeof buildTestServer>>) {
  const second = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.server.stop());
  return async (key: string) =>
    second.server.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${key}` } });
}

t.test('a key revoked on this instance is refused at once, though its lookup was cached', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'short-lived' } });
  t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200);
  const cachedBefore = api.platform.apiKeyCache.size;
  t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200, 'served from the cache');
  t.equal(api.platform.apiKeyCache.size, cachedBefore, 'no new entry: the second request hit the first one’s');
  await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.live });
  assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_revoked');
});

t.test('a key rotated with no grace period stops at once on this instance', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'rotating' } });
  t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200);
  const rotated = await api.request('POST', `/api/v1/api-keys/${created.json.id}/rotate`, {
    key: acme.live,
    payload: { grace_period_seconds: 0 },
  });
  t.equal(rotated.statusCode, 201);
  assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_expired');
  t.equal((await api.request('GET', '/api/v1/account', { key: rotated.json.new_key.secret })).statusCode, 200);
});

t.test('another instance refuses a revoked key within keys.cache_seconds, not before', async (t) => {
  const api = await buildTestServer(t);
  const onSecond = await secondInstance(t, api);
  const acme = await api.account('starter');
  const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'leaked' } });
  t.equal((await onSecond(created.json.secret)).statusCode, 200, 'the second instance caches the key');

  await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.live });
  assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_revoked', 'refused at once here');
  api.clock.advance(api.config.keys.cache_seconds * 1000 - 1);
  t.equal((await onSecond(created.json.secret)).statusCode, 200, 'the documented bound: the other instance may still serve it');
  api.clock.advance(1);
  const refused = await onSecond(created.json.secret);
  t.equal(refused.statusCode, 401, 'refused once its entry is cache_seconds old');
  t.equal(JSON.parse(refused.payload).code, 'api_key_revoked');
});

t.test('an account disabled through the operator API: at once here, within the bound on another instance', async (t) => {
  const api = await buildTestServer(t);
  const onSecond = await secondInstance(t, api);
  const acme = await api.account('starter');
  t.equal((await api.request('GET', '/api/v1/account', { key: acme.live })).statusCode, 200);
  t.equal((await onSecond(acme.live)).statusCode, 200);

  const patched = await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: admin, payload: { status: 'disabled' } });
  t.equal(patched.statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/account', { key: acme.live }), 401, 'invalid_api_key', 'at once on this instance');
  api.clock.advance(api.config.keys.cache_seconds * 1000);
  const refused = await onSecond(acme.live);
  t.equal(refused.statusCode, 401, 'on the other instance once the bound has passed');
  t.equal(JSON.parse(refused.payload).code, 'invalid_api_key');
});

t.test('a plan change applies at once: the cached plan is forgotten with the account', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('free');
  t.equal((await api.request('GET', '/api/v1/account', { key: acme.live })).headers['x-ratelimit-limit'], '100');
  await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: admin, payload: { plan: 'starter' } });
  t.equal((await api.request('GET', '/api/v1/account', { key: acme.live })).headers['x-ratelimit-limit'], '1000');
});

t.test('the cache is bounded: unknown keys are never kept, known ones up to cache_max_entries', async (t) => {
  const api = await buildTestServer(t, { config: { keys: { cache_max_entries: 3 } } });
  for (let i = 0; i < 50; i++) {
    const unknown = `sk_live_${String(i).padStart(32, 'x')}`;
    assertError(t, await api.request('GET', '/api/v1/account', { key: unknown }), 401, 'invalid_api_key');
  }
  t.equal(api.platform.apiKeyCache.size, 0, '50 made-up keys left nothing behind');

  const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => api.account('starter')));
  for (const account of accounts) t.equal((await api.request('GET', '/api/v1/account', { key: account.live })).statusCode, 200);
  t.equal(api.platform.apiKeyCache.size, 3, 'five keys used, three kept');
  t.equal((await api.request('GET', '/api/v1/account', { key: accounts[0]!.live })).statusCode, 200, 'a dropped key is read again');
  t.equal(api.platform.apiKeyCache.size, 3);
});

t.test('ApiKeyCache: freshness by the clock given, least recently used dropped first, 0 s turns it off', async (t) => {
  const resolved = (id: string) =>
    ({ key: { id }, tenant: { accountId: `acct_${id}`, mode: 'live' }, account: { id: `acct_${id}` }, plan: {} }) as never;
  const lookups: boolean[] = [];
  const cache = new ApiKeyCache({ cache_seconds: 5, cache_max_entries: 2 }, (hit) => lookups.push(hit));
  cache.set('a', resolved('a'), 1000, cache.generation);
  cache.set('b', resolved('b'), 1000, cache.generation);
  t.ok(cache.get('a', 5999), 'fresh until 5 s have passed');
  cache.set('c', resolved('c'), 2000, cache.generation);
  t.equal(cache.get('b', 2000), null, 'b was the least recently used: dropped for c');
  t.ok(cache.get('a', 2000), 'a was used after b: kept');
  t.equal(cache.get('a', 6000), null, 'stale after 5 s');
  cache.set('c', resolved('c'), 10_000, cache.generation);
  t.equal(cache.get('c', 9_000), null, 'a clock that went back: not trusted');
  t.same(lookups, [true, false, true, false, false], 'every lookup recorded as a hit or a miss');

  cache.set('d', resolved('d'), 20_000, cache.generation);
  cache.forgetAccount('acct_d');
  t.equal(cache.get('d', 20_000), null, 'forgetAccount');
  cache.set('e', resolved('e'), 20_000, cache.generation);
  cache.forgetKey('e');
  t.equal(cache.get('e', 20_000), null, 'forgetKey');

  // A lookup that read the store before a revocation and finishes after it caches nothing: the
  // revoked key must not work here for cache_seconds (the forget found no entry to drop).
  const before = cache.generation;
  cache.forgetKey('f');
  cache.set('f', resolved('f'), 20_000, before);
  t.equal(cache.get('f', 20_000), null, 'a lookup raced by forgetKey is not cached');
  const beforeAccount = cache.generation;
  cache.forgetAccount('acct_g');
  cache.set('g', resolved('g'), 20_000, beforeAccount);
  t.equal(cache.get('g', 20_000), null, 'nor one raced by forgetAccount');
  cache.set('g', resolved('g'), 20_000, cache.generation);
  t.ok(cache.get('g', 20_000), 'a lookup with no forget in between is');

  const off = new ApiKeyCache({ cache_seconds: 0, cache_max_entries: 10 });
  off.set('a', resolved('a'), 1000, off.generation);
  t.equal(off.size, 0, 'cache_seconds 0: nothing kept');
});
