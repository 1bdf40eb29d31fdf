// The account, API keys, the IP allowlist and the operator API.
import t from 'tap';
import { CIDR_PATTERN, parseCidr } from '../../core/client-address.js';
import type { OpenApiDocument } from '../../plugins/docs/openapi.js';
import { ADMIN_TOKEN, assertError, buildTestServer } from '../helpers/server.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

t.test('GET /account', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional', 'Acme GmbH');
  const response = await api.request('GET', '/api/v1/account', { key: acme.test });
  t.equal(response.statusCode, 200);
  t.same(response.json, {
    id: acme.id,
    name: 'Acme GmbH',
    plan: 'professional',
    status: 'active',
    limits: { requests_per_minute: 1000, requests_per_day: 10000, chatbots: 25, webhooks: true, access: 'full' },
    ip_allowlist: [],
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  });
});

t.test('API keys', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');

  t.test('create: 201, the secret once, in the caller’s mode', async (t) => {
    const response = await api.request('POST', '/api/v1/api-keys', { key: acme.test, payload: { name: 'CI' } });
    t.equal(response.statusCode, 201);
    t.match(response.json, {
      id: /^key_[0-9a-z]{26}$/,
      name: 'CI',
      mode: 'test',
      kind: 'account',
      chatbot_id: null,
      secret: /^sk_test_[0-9A-Za-z]{32}$/,
      expires_at: null,
      revoked_at: null,
    });
    t.equal(response.json.last4, response.json.secret.slice(-4));
    t.equal(response.json.redacted_key, `sk_test_…${response.json.last4}`);
    const defaultName = await api.request('POST', '/api/v1/api-keys', { key: acme.test });
    t.equal(defaultName.json.name, 'API key', 'a body is optional');
  });

  t.test('list: the caller’s mode only, never a secret, filters by kind', async (t) => {
    await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Bot' } });
    const live = await api.request('GET', '/api/v1/api-keys', { key: acme.live });
    t.equal(live.statusCode, 200);
    t.ok(live.json.data.every((k: { mode: string }) => k.mode === 'live'));
    t.notMatch(live.payload, /sk_live_[0-9A-Za-z]{32}/, 'no secret in the list');
    t.notOk(live.json.data.some((k: Record<string, unknown>) => 'secret' in k || 'hash' in k));
    const chatbotKeys = await api.request('GET', '/api/v1/api-keys?kind=chatbot', { key: acme.live });
    t.equal(chatbotKeys.json.data.length, 1);
    t.match(chatbotKeys.json.data[0].chatbot_id, /^cb_/);
    const test = await api.request('GET', '/api/v1/api-keys', { key: acme.test });
    t.ok(test.json.data.every((k: { mode: string }) => k.mode === 'test'));
    t.notOk(test.json.data.some((k: { id: string }) => live.json.data.some((l: { id: string }) => l.id === k.id)));
  });

  t.test('bad input: 400', async (t) => {
    const past = new Date(api.clock.now().getTime() - 1000).toISOString();
    for (const payload of [{ name: '' }, { name: 'x'.repeat(101) }, { expires_at: 'soon' }, { expires_at: past }, { expires_at: '+010000-01-01T00:00:00Z' }, { mode: 'live' }]) {
      assertError(t, await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload }), 400, 'validation_failed', JSON.stringify(payload));
    }
    assertError(t, await api.request('GET', '/api/v1/api-keys?kind=root', { key: acme.live }), 400, 'validation_failed');
  });

  t.test('revoke: at once, idempotent, 404 across modes and accounts', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'to revoke' } });
    const other = await api.account('starter');
    assertError(t, await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.test }), 404, 'api_key_not_found', 'sandbox');
    assertError(t, await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: other.live }), 404, 'api_key_not_found', 'other account');
    const revoked = await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.live });
    t.equal(revoked.statusCode, 200);
    t.equal(revoked.json.revoked_at, api.clock.now().toISOString());
    const again = await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: acme.live });
    t.same(again.json, revoked.json, 'revoking twice changes nothing');
    assertError(t, await api.request('DELETE', '/api/v1/api-keys/key_nope', { key: acme.live }), 404, 'api_key_not_found');
  });

  t.test('a key can revoke itself', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'self' } });
    const self = await api.request('DELETE', `/api/v1/api-keys/${created.json.id}`, { key: created.json.secret });
    t.equal(self.statusCode, 200);
    assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_revoked');
  });

  t.test('rotate: new key now, old key through the grace period (24 h by default)', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'rotating' } });
    const rotated = await api.request('POST', `/api/v1/api-keys/${created.json.id}/rotate`, { key: acme.live });
    t.equal(rotated.statusCode, 201);
    t.equal(rotated.json.new_key.name, 'rotating');
    t.match(rotated.json.new_key.secret, /^sk_live_/);
    t.equal(rotated.json.old_key.rotated_to, rotated.json.new_key.id);
    t.equal(rotated.json.old_key.expires_at, new Date(api.clock.now().getTime() + 24 * 3600 * 1000).toISOString());
    api.clock.advance(24 * 3600 * 1000 - 1000);
    t.equal((await api.request('GET', '/api/v1/account', { key: created.json.secret })).statusCode, 200, 'still in grace');
    api.clock.advance(1000);
    assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_expired');
    t.equal((await api.request('GET', '/api/v1/account', { key: rotated.json.new_key.secret })).statusCode, 200);
    assertError(t, await api.request('POST', `/api/v1/api-keys/${created.json.id}/rotate`, { key: acme.live }), 409, 'conflict', 'rotated already');
  });

  t.test('rotate with grace 0 ends the old key at once; revoked keys cannot be rotated', async (t) => {
    const created = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'now' } });
    await api.request('POST', `/api/v1/api-keys/${created.json.id}/rotate`, { key: acme.live, payload: { grace_period_seconds: 0 } });
    assertError(t, await api.request('GET', '/api/v1/account', { key: created.json.secret }), 401, 'api_key_expired');
    const revoked = await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'revoked' } });
    await api.request('DELETE', `/api/v1/api-keys/${revoked.json.id}`, { key: acme.live });
    assertError(t, await api.request('POST', `/api/v1/api-keys/${revoked.json.id}/rotate`, { key: acme.live }), 409, 'conflict');
    for (const payload of [{ grace_period_seconds: -1 }, { grace_period_seconds: 31 * 86_400 }, { grace: 5 }]) {
      assertError(t, await api.request('POST', `/api/v1/api-keys/${created.json.id}/rotate`, { key: acme.live, payload }), 400, 'validation_failed');
    }
    assertError(t, await api.request('POST', '/api/v1/api-keys/key_nope/rotate', { key: acme.live }), 404, 'api_key_not_found');
  });

  t.test('the server-wide grace period is configurable', async (t) => {
    const custom = await buildTestServer(t, { config: { keys: { rotation_grace_seconds: 120 } } });
    const account = await custom.account('starter');
    const keys = await custom.request('GET', '/api/v1/api-keys', { key: account.live });
    const rotated = await custom.request('POST', `/api/v1/api-keys/${keys.json.data[0].id}/rotate`, { key: account.live });
    t.equal(rotated.json.old_key.expires_at, new Date(custom.clock.now().getTime() + 120_000).toISOString());
  });
});

t.test('IP allowlist', async (t) => {
  const api = await buildTestServer(t);

  t.test('enterprise: set it, then requests from elsewhere are 403 ip_not_allowed', async (t) => {
    const big = await api.account('enterprise');
    const initial = await api.request('GET', '/api/v1/account/ip-allowlist', { key: big.live });
    t.same(initial.json, { ip_allowlist: [], enforced: false });
    const put = await api.request('PUT', '/api/v1/account/ip-allowlist', {
      key: big.live,
      payload: { ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'] },
    });
    t.equal(put.statusCode, 200);
    t.same(put.json, { ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'], enforced: true });
    // server.inject comes from 127.0.0.1, which the list leaves out.
    assertError(t, await api.request('GET', '/api/v1/account', { key: big.live }), 403, 'ip_not_allowed');
    assertError(t, await api.request('GET', '/api/v1/account', { key: big.test }), 403, 'ip_not_allowed', 'guards the sandbox too');
    await api.platform.accounts.global().update(big.id, { ip_allowlist: ['127.0.0.1'] });
    api.platform.apiKeyCache.forgetAccount(big.id); // written around the API: as another instance would, so forget it here
    t.equal((await api.request('GET', '/api/v1/account', { key: big.live })).statusCode, 200, 'a listed address passes');
  });

  t.test('X-Forwarded-For is read from the right, only as far as trust_proxy trusts', async (t) => {
    // server.inject's peer is 127.0.0.1: the proxy in front of the server in these requests.
    const account = async (server: Awaited<ReturnType<typeof buildTestServer>>) => {
      const big = await server.account('enterprise');
      await server.platform.accounts.global().update(big.id, { ip_allowlist: ['203.0.113.0/24'] });
      return big;
    };
    const status = async (server: Awaited<ReturnType<typeof buildTestServer>>, key: string, xff?: string) =>
      (await server.request('GET', '/api/v1/account', { key, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } })).statusCode;

    const oneHop = await buildTestServer(t, { config: { server: { trust_proxy: true } } });
    const viaOne = await account(oneHop);
    t.equal(await status(oneHop, viaOne.live, '203.0.113.9'), 200, 'the address our proxy saw is the client');
    t.equal(await status(oneHop, viaOne.live, '203.0.113.9, 198.51.100.4'), 403, 'a client-written entry on the left is not believed');
    t.equal(await status(oneHop, viaOne.live, '198.51.100.4, 203.0.113.9'), 200, 'the rightmost entry is what our proxy appended');
    t.equal(await status(oneHop, viaOne.live), 403, 'no header: the proxy itself is the peer');
    t.equal(await status(oneHop, viaOne.live, 'garbage'), 403, 'an entry that is not an address');
    t.equal(await status(oneHop, viaOne.live, `${'203.0.113.1, '.repeat(500)}198.51.100.4`), 403, 'a long spoofed list does not push the real entry out');

    const twoHops = await buildTestServer(t, { config: { server: { trust_proxy: 2 } } });
    const viaTwo = await account(twoHops);
    t.equal(await status(twoHops, viaTwo.live, '203.0.113.9, 10.0.0.5'), 200, 'two hops: the CDN, then our load balancer');
    t.equal(await status(twoHops, viaTwo.live, '203.0.113.9, 198.51.100.4, 10.0.0.5'), 403, 'a spoofed entry left of the trusted two');
    t.equal(await status(twoHops, viaTwo.live, '203.0.113.9'), 403, 'fewer entries than hops: the one there is the client’s own, not believed');

    const byCidr = await buildTestServer(t, { config: { server: { trust_proxy: ['127.0.0.1/32', '10.0.0.0/8'] } } });
    const viaCidr = await account(byCidr);
    t.equal(await status(byCidr, viaCidr.live, '203.0.113.9, 10.1.2.3, 10.0.0.5'), 200, 'trusted proxies are skipped from the right');
    t.equal(await status(byCidr, viaCidr.live, '203.0.113.9, 198.51.100.4, 10.0.0.5'), 403, 'the first untrusted address from the right is the client');
    t.equal(await status(byCidr, viaCidr.live, '[2001:db8::1]:443, 203.0.113.9:5123'), 200, 'ports and brackets are read');

    const direct = await account(api);
    t.equal(await status(api, direct.live, '203.0.113.9'), 403, 'without trust_proxy the header is ignored');
  });

  t.test('the document states exactly which allowlist entries the parser reads (schemathesis)', async (t) => {
    // The pattern and parseCidr accept the same strings: seeds of every form, mutated at random.
    const pieces = ['0', '1', '2', '5', '9', 'a', 'f', 'F', 'g', ':', '::', '.', '/', '%', '255', '256', '01', 'ffff', '1.2.3.4', '::ffff:', ' ', '128', '129', '33', '32', '08'];
    const seeds = ['10.0.0.0/8', '2001:db8::/32', '::', '::1', '1::', '1:2:3:4:5:6:7:8', '::ffff:1.2.3.4', '1:2:3:4:5:6:1.2.3.4', 'fe80::1/64', '0.0.0.0/0', '::/0', '1.2.3.4/32'];
    let state = 20261123;
    const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
    const mismatches: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      let entry = seeds[random(seeds.length)]!;
      for (let edits = random(4); edits > 0; edits--) {
        const at = random(entry.length + 1);
        entry = entry.slice(0, at) + (random(2) ? pieces[random(pieces.length)] : '') + entry.slice(at + random(3));
      }
      if (CIDR_PATTERN.test(entry) !== (parseCidr(entry) !== null)) mismatches.push(entry);
    }
    t.same(mismatches, [], 'no string is read by one and refused by the other');
    const document = (await api.request('GET', '/api/v1/openapi.json')).json as OpenApiDocument;
    const text = JSON.stringify(document.paths['/api/v1/account/ip-allowlist']);
    t.ok(text.includes(JSON.stringify(CIDR_PATTERN.source).slice(1, -1)), 'the PUT body documents the pattern');
  });

  t.test('an allowlist entry the enforcer cannot read is refused at the door, and never breaks requests', async (t) => {
    const big = await api.account('enterprise');
    for (const entry of ['v1.a', 'v1.a/8', 'fe80::1%eth0', '10.0.0.0/08x', '10.0.0.0/08', '10.0.0.0/', '::/129', '1.2.3.4/-1']) {
      assertError(
        t,
        await api.request('PUT', '/api/v1/account/ip-allowlist', { key: big.live, payload: { ip_allowlist: [entry] } }),
        400,
        'validation_failed',
        entry,
      );
    }
    t.equal((await api.request('GET', '/api/v1/account', { key: big.live })).statusCode, 200, 'the account still answers');
    // A bad entry stored before validation tightened (written around the API) is skipped, not a 500.
    await api.platform.accounts.global().update(big.id, { ip_allowlist: ['v1.a', '127.0.0.1'] });
    api.platform.apiKeyCache.forgetAccount(big.id); // written around the API: as another instance would, so forget it here
    t.equal((await api.request('GET', '/api/v1/account', { key: big.live })).statusCode, 200, 'the readable entries still apply');
    await api.platform.accounts.global().update(big.id, { ip_allowlist: ['v1.a'] });
    api.platform.apiKeyCache.forgetAccount(big.id); // written around the API: as another instance would, so forget it here
    assertError(t, await api.request('GET', '/api/v1/account', { key: big.live }), 403, 'ip_not_allowed', 'nothing readable: nobody passes');
  });

  t.test('other plans: 403 plan_feature_unavailable; test keys: 403 live_mode_required; bad CIDRs: 400', async (t) => {
    const starter = await api.account('starter');
    assertError(t, await api.request('PUT', '/api/v1/account/ip-allowlist', { key: starter.live, payload: { ip_allowlist: ['10.0.0.1'] } }), 403, 'plan_feature_unavailable');
    const big = await api.account('enterprise');
    assertError(t, await api.request('PUT', '/api/v1/account/ip-allowlist', { key: big.test, payload: { ip_allowlist: [] } }), 403, 'live_mode_required');
    for (const payload of [{ ip_allowlist: ['not-an-ip'] }, { ip_allowlist: ['10.0.0.0/33'] }, { ip_allowlist: ['1.1.1.1', '1.1.1.1'] }, {}, { ip_allowlist: 'x' }]) {
      assertError(t, await api.request('PUT', '/api/v1/account/ip-allowlist', { key: big.live, payload }), 400, 'validation_failed', JSON.stringify(payload));
    }
  });
});

t.test('operator API', async (t) => {
  const api = await buildTestServer(t);

  t.test('create: 201 with the account and its first keys, which work', async (t) => {
    const response = await api.request('POST', '/admin/v1/accounts', {
      headers: admin,
      payload: { name: 'Globex', plan: 'professional', limits: { chatbots: 50 } },
    });
    t.equal(response.statusCode, 201);
    t.equal(response.json.account.plan, 'professional');
    t.equal(response.json.account.limits.chatbots, 50);
    t.equal(response.json.account.limits.requests_per_day, 10_000, 'other limits from the plan');
    const me = await api.request('GET', '/api/v1/account', { key: response.json.live_key });
    t.equal(me.json.id, response.json.account.id);
    t.equal((await api.request('GET', '/api/v1/account', { key: response.json.test_key })).statusCode, 200);
  });

  t.test('list, get, patch', async (t) => {
    const made = await api.request('POST', '/admin/v1/accounts', { headers: admin, payload: { name: 'Initech' } });
    const id = made.json.account.id;
    t.equal(made.json.account.plan, 'free', 'free unless said');
    const list = await api.request('GET', '/admin/v1/accounts?plan=free', { headers: admin });
    t.ok(list.json.data.some((a: { id: string }) => a.id === id));
    t.notOk(list.json.data.some((a: { plan: string }) => a.plan !== 'free'));
    t.equal((await api.request('GET', `/admin/v1/accounts/${id}`, { headers: admin })).json.name, 'Initech');
    api.clock.advance(1000);
    const patched = await api.request('PATCH', `/admin/v1/accounts/${id}`, {
      headers: admin,
      payload: { plan: 'enterprise', limits: { requests_per_day: 500 } },
    });
    t.equal(patched.json.plan, 'enterprise');
    t.equal(patched.json.limits.requests_per_day, 500);
    t.equal(patched.json.limits.chatbots, null, 'enterprise: unlimited chatbots');
    t.equal(patched.json.updated_at, api.clock.now().toISOString());
    const upgraded = await api.request('POST', '/api/v1/chatbots', { key: made.json.live_key, payload: { name: 'Now writable' } });
    t.equal(upgraded.statusCode, 201, 'the plan change applies at once');
  });

  t.test('bad input and unknown accounts', async (t) => {
    for (const payload of [{}, { name: '' }, { name: 'x', plan: 'platinum' }, { name: 'x', limits: { chatbots: -1 } }, { name: 'x', ip_allowlist: ['nope'] }]) {
      assertError(t, await api.request('POST', '/admin/v1/accounts', { headers: admin, payload }), 400, 'validation_failed', JSON.stringify(payload));
    }
    assertError(t, await api.request('PATCH', '/admin/v1/accounts/acct_nope', { headers: admin, payload: { name: 'x' } }), 404, 'account_not_found');
    assertError(t, await api.request('GET', '/admin/v1/accounts/acct_nope', { headers: admin }), 404, 'account_not_found');
    const made = await api.request('POST', '/admin/v1/accounts', { headers: admin, payload: { name: 'Patchless' } });
    assertError(t, await api.request('PATCH', `/admin/v1/accounts/${made.json.account.id}`, { headers: admin, payload: {} }), 400, 'validation_failed');
  });

  t.test('needs the operator token; API keys do not open it', async (t) => {
    const acme = await api.account('enterprise');
    assertError(t, await api.request('GET', '/admin/v1/accounts'), 401, 'missing_credentials');
    assertError(t, await api.request('GET', '/admin/v1/accounts', { headers: { authorization: 'Bearer wrong-token' } }), 401, 'invalid_token');
    assertError(t, await api.request('GET', '/admin/v1/accounts', { key: acme.live }), 401, 'invalid_token');
    assertError(t, await api.request('GET', '/api/v1/account', { headers: admin }), 401, 'invalid_api_key', 'and the token opens no account');
  });

  t.test('without ADMIN_TOKEN the operator API does not exist', async (t) => {
    const closed = await buildTestServer(t, { config: { admin: { token: null } } });
    assertError(t, await closed.request('GET', '/admin/v1/accounts', { headers: admin }), 404, 'route_not_found');
  });
});
