// Bearer authentication with account keys: every 401 code, and what a valid key records.
import t from 'tap';
import { ADMIN_TOKEN, assertError, buildTestServer } from '../helpers/server.js';

t.test('authentication', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');

  t.test('no Authorization header: 401 missing_credentials with WWW-Authenticate', async (t) => {
    const response = await api.request('GET', '/api/v1/chatbots');
    assertError(t, response, 401, 'missing_credentials');
    t.match(response.headers['www-authenticate'], /^Bearer/);
  });

  t.test('another scheme or an empty token: 401 missing_credentials', async (t) => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer    ']) {
      const response = await api.request('GET', '/api/v1/chatbots', { headers: { authorization } });
      assertError(t, response, 401, 'missing_credentials', authorization);
    }
  });

  t.test('a key of the wrong shape or an unknown key: 401 invalid_api_key', async (t) => {
    for (const key of ['sk_live_short', 'pk_live_' + 'a'.repeat(32), acme.live.slice(0, -1) + (acme.live.endsWith('A') ? 'B' : 'A')]) {
      const response = await api.request('GET', '/api/v1/chatbots', { key });
      assertError(t, response, 401, 'invalid_api_key', key);
      t.match(response.headers['www-authenticate'], /error="invalid_token"/);
      t.notMatch(response.payload, new RegExp(key), 'the key is not echoed');
    }
  });

  t.test('the scheme name is case-insensitive', async (t) => {
    const response = await api.request('GET', '/api/v1/account', { headers: { authorization: `bearer ${acme.live}` } });
    t.equal(response.statusCode, 200);
  });

  t.test('a revoked key: 401 api_key_revoked', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'short-lived' } });
    t.equal(created.statusCode, 201);
    t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200, 'works at once');
    await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.live });
    assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_revoked');
  });

  t.test('an expired key: 401 api_key_expired', async (t) => {
    const expiresAt = new Date(api.clock.now().getTime() + 60_000).toISOString();
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { expires_at: expiresAt } });
    t.equal(created.json.expires_at, expiresAt);
    t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200);
    api.clock.advance(60_000);
    assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_expired');
  });

  t.test('a disabled account: its keys stop working', async (t) => {
    const other = await api.account('starter');
    t.equal((await api.request('GET', '/api/v1/account', { key: other.live })).statusCode, 200);
    await api.request('PATCH', `/admin/v1/accounts/${other.id}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { status: 'disabled' },
    });
    assertError(t, await api.request('GET', '/api/v1/account', { key: other.live }), 401, 'invalid_api_key');
    assertError(t, await api.request('GET', '/api/v1/account', { key: other.test }), 401, 'invalid_api_key');
  });

  t.test('last_used_at is recorded, at most once a minute', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'tracked' } });
    t.equal(created.json.last_used_at, null);
    const firstUse = api.clock.now().toISOString();
    await api.request('GET', '/api/v1/account', { key: created.json.secret });
    api.clock.advance(30_000);
    await api.request('GET', '/api/v1/account', { key: created.json.secret });
    const keys = await api.request('GET', '/api/v1/api-keys?limit=100', { key: acme.live });
    const tracked = keys.json.data.find((k: { id: string }) => k.id === created.json.id);
    t.equal(tracked.last_used_at, firstUse, 'the second use within a minute did not write');
    api.clock.advance(31_000);
    await api.request('GET', '/api/v1/account', { key: created.json.secret });
    const again = await api.request('GET', '/api/v1/api-keys?limit=100', { key: acme.live });
    t.equal(again.json.data.find((k: { id: string }) => k.id === created.json.id).last_used_at, api.clock.now().toISOString());
  });

  t.test('keys are stored hashed: no secret anywhere in the store', async (t) => {
    const stored = await api.storedText();
    t.ok(stored.includes(acme.id), 'the dump does hold the account (the check can fail)');
    for (const secret of [acme.live, acme.test]) {
      t.notOk(stored.includes(secret), 'secret not stored');
      t.notOk(stored.includes(secret.slice(8)), 'nor its random part');
    }
  });
});
