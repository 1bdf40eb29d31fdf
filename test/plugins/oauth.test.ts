// OAuth 2.0: clients, the client credentials grant, revocation, introspection, metadata, and
// tokens passing the same access rules as keys (scopes, plans, sandbox, isolation). Also through an
// outside client library (openid-client), not only hand-made requests. Both stores.
import * as oidc from 'openid-client';
import t, { type Test } from 'tap';
import { runMaintenance } from '../../core/maintenance.js';
import { ADMIN_TOKEN, assertError, buildTestServer, type TestServer } from '../helpers/server.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Client {
  id: string;
  client_secret: string;
  scopes: string[];
}

async function registerClient(api: TestServer, key: string, scopes: string[], name = 'CRM sync'): Promise<Client> {
  const response = await api.request('POST', '/api/v1/oauth/clients', { key, payload: { name, scopes } });
  if (response.statusCode !== 201) throw new Error(`client failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function form(api: TestServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return api.request('POST', path, { payload: new URLSearchParams(fields).toString(), headers: { ...FORM, ...headers } });
}

async function token(api: TestServer, client: Client, scope?: string): Promise<string> {
  const response = await form(api, '/oauth/token', { grant_type: 'client_credentials', ...(scope ? { scope } : {}) }, { authorization: basic(client.id, client.client_secret) });
  if (response.statusCode !== 200) throw new Error(`token failed ${response.statusCode}: ${response.payload}`);
  return response.json.access_token;
}

/** An RFC 6749 §5.2 error body, with no-store. */
function assertOAuthError(t: Test, response: Awaited<ReturnType<typeof form>>, status: number, error: string) {
  t.equal(response.statusCode, status, `${error}: status ${status}`);
  t.equal(response.json?.error, error, `${error}: error`);
  t.type(response.json?.error_description, 'string');
  t.notOk('code' in (response.json ?? {}), 'the RFC shape, not the house one');
  t.equal(response.headers['cache-control'], 'no-store');
}

t.test('clients: register, list, a secret shown once and stored hashed, plan and key rules', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const client = await registerClient(api, acme.live, ['leads:read', 'chatbots:read']);
  t.match(client, { id: /^oac_/, name: 'CRM sync', mode: 'live', scopes: ['chatbots:read', 'leads:read'], client_secret: /^ocs_[A-Za-z0-9_-]{43}$/ });
  t.equal(client.client_secret.slice(-4), (client as any).secret_last4);
  t.notMatch(await api.storedText(), new RegExp(client.client_secret), 'the secret is not stored');

  const list = await api.request('GET', '/api/v1/oauth/clients', { key: acme.live });
  t.equal(list.json.data.length, 1);
  t.notOk('client_secret' in list.json.data[0], 'never shown again');
  t.same((await api.request('GET', '/api/v1/oauth/clients', { key: acme.test })).json.data, [], 'live and test clients are apart');

  const invalid = assertError(t, await api.request('POST', '/api/v1/oauth/clients', { key: acme.live, payload: { name: ' ', scopes: ['leads:read', 'leads:read', 'admin'] } }), 400, 'validation_failed');
  t.ok(invalid.details.length >= 2);
  assertError(t, await api.request('POST', '/api/v1/oauth/clients', { key: acme.live, payload: { name: 'x', scopes: [] } }), 400, 'validation_failed');

  const starter = await api.account('starter', 'Small');
  assertError(t, await api.request('POST', '/api/v1/oauth/clients', { key: starter.live, payload: { name: 'x', scopes: ['leads:read'] } }), 403, 'plan_feature_unavailable');
  assertError(t, await api.request('GET', '/api/v1/oauth/clients', { key: starter.live }), 403, 'plan_feature_unavailable');
  assertError(t, await api.request('GET', '/api/v1/oauth/clients'), 401, 'missing_credentials');
  assertError(t, await api.request('DELETE', '/api/v1/oauth/clients/oac_01nothing', { key: acme.live }), 404, 'oauth_client_not_found');
  const other = await api.account('professional', 'Other');
  assertError(t, await api.request('DELETE', `/api/v1/oauth/clients/${client.id}`, { key: other.live }), 404, 'oauth_client_not_found');

  // A token cannot manage clients (or keys): those routes take API keys only.
  const access = await token(api, client);
  const refused = assertError(t, await api.request('GET', '/api/v1/oauth/clients', { key: access }), 403, 'insufficient_scope');
  t.ok(refused);
  assertError(t, await api.request('POST', '/api/v1/api-keys', { key: access, payload: { name: 'mine' } }), 403, 'insufficient_scope');
});

t.test('the client credentials grant and its RFC 6749 errors', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const client = await registerClient(api, acme.live, ['leads:read', 'chatbots:read']);

  const issued = await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, client.client_secret) });
  t.equal(issued.statusCode, 200);
  t.match(issued.json, { access_token: /^oat_[A-Za-z0-9_-]{43}$/, token_type: 'Bearer', expires_in: 3600, scope: 'chatbots:read leads:read' });
  t.equal(issued.headers['cache-control'], 'no-store');
  t.equal(issued.headers.pragma, 'no-cache');
  t.notMatch(await api.storedText(), new RegExp(issued.json.access_token), 'the token is stored hashed');

  // Body authentication, a narrower scope, unknown parameters ignored.
  const narrow = await form(api, '/oauth/token', { grant_type: 'client_credentials', scope: 'leads:read', client_id: client.id, client_secret: client.client_secret, audience: 'ignored' });
  t.equal(narrow.statusCode, 200);
  t.equal(narrow.json.scope, 'leads:read');

  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials', scope: 'leads:read leads:write' }, { authorization: basic(client.id, client.client_secret) }), 400, 'invalid_scope');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'password', username: 'a', password: 'b' }, { authorization: basic(client.id, client.client_secret) }), 400, 'unsupported_grant_type');
  assertOAuthError(t, await form(api, '/oauth/token', {}, { authorization: basic(client.id, client.client_secret) }), 400, 'invalid_request');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials', client_secret: client.client_secret }, { authorization: basic(client.id, client.client_secret) }), 400, 'invalid_request');

  const wrongBasic = await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, `${client.client_secret.slice(0, -1)}x`) });
  assertOAuthError(t, wrongBasic, 401, 'invalid_client');
  t.match(wrongBasic.headers['www-authenticate'], /^Basic /, 'Basic was used: a Basic challenge');
  const wrongBody = await form(api, '/oauth/token', { grant_type: 'client_credentials', client_id: client.id, client_secret: 'ocs_wrong' });
  assertOAuthError(t, wrongBody, 401, 'invalid_client');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials', client_id: 'oac_01nothing', client_secret: client.client_secret }), 401, 'invalid_client');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }), 401, 'invalid_client');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: 'Basic !!!' }), 401, 'invalid_client');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: `Bearer ${acme.live}` }), 401, 'invalid_client');

  // A parameter twice, JSON instead of a form: invalid_request in the RFC shape.
  const twice = await api.request('POST', '/oauth/token', { payload: 'grant_type=client_credentials&grant_type=client_credentials', headers: { ...FORM, authorization: basic(client.id, client.client_secret) } });
  assertOAuthError(t, twice, 400, 'invalid_request');
  const json = await api.request('POST', '/oauth/token', { payload: { grant_type: 'client_credentials' }, headers: { authorization: basic(client.id, client.client_secret) } });
  assertOAuthError(t, json, 415, 'invalid_request');

  // Rotation: the old secret works through the grace period, then not.
  const rotated = await api.request('POST', `/api/v1/oauth/clients/${client.id}/rotate-secret`, { key: acme.live, payload: { grace_period_seconds: 60 } });
  t.equal(rotated.statusCode, 200);
  t.not(rotated.json.client_secret, client.client_secret);
  t.equal((await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, client.client_secret) })).statusCode, 200, 'old secret in its grace');
  t.equal((await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, rotated.json.client_secret) })).statusCode, 200, 'new secret');
  api.clock.advance(61_000);
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, client.client_secret) }), 401, 'invalid_client');

  // A plan without OAuth issues no tokens.
  t.equal((await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { plan: 'starter' } })).statusCode, 200);
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(client.id, rotated.json.client_secret) }), 400, 'unauthorized_client');
});

t.test('tokens pass the access rules of keys: scopes, plans, sandbox, isolation, rate limits', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const lead = await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: bot.id, email: 'ana@example.com' } });
  t.equal(lead.statusCode, 201);
  const crm = await registerClient(api, acme.live, ['leads:read']);
  const access = await token(api, crm);

  const leads = await api.request('GET', '/api/v1/leads', { key: access });
  t.equal(leads.statusCode, 200);
  t.same(leads.json.data.map((item: { email: string }) => item.email), ['ana@example.com']);
  t.equal((await api.request('GET', `/api/v1/leads/${lead.json.id}`, { key: access })).statusCode, 200);

  const denied = await api.request('POST', '/api/v1/leads', { key: access, payload: { chatbot_id: bot.id, email: 'bo@example.com' } });
  assertError(t, denied, 403, 'insufficient_scope');
  t.match(denied.headers['www-authenticate'], /^Bearer error="insufficient_scope".*scope="leads:write"/);
  assertError(t, await api.request('GET', '/api/v1/chatbots', { key: access }), 403, 'insufficient_scope');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations`, { key: access }), 403, 'insufficient_scope');
  assertError(t, await api.request('GET', '/api/v1/webhooks', { key: access }), 403, 'insufficient_scope');
  assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: access, payload: { query: 'x' } }), 403, 'insufficient_scope');

  // Scopes of a sample of every area.
  const wide = await registerClient(api, acme.live, ['chatbots:read', 'conversations:write', 'knowledge:read', 'webhooks:read'], 'Wide');
  const wideToken = await token(api, wide);
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: wideToken })).statusCode, 200);
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: wideToken })).statusCode, 200);
  assertError(t, await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: wideToken, payload: { name: 'x' } }), 403, 'insufficient_scope');
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: wideToken, payload: {} })).statusCode, 201);
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations`, { key: wideToken }), 403, 'insufficient_scope');
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: wideToken, payload: { query: 'delivery' } })).statusCode, 200);
  t.equal((await api.request('GET', '/api/v1/webhooks', { key: wideToken })).statusCode, 200);
  assertError(t, await api.request('POST', '/api/v1/webhooks', { key: wideToken, payload: { url: 'https://example.com/hook' } }), 403, 'insufficient_scope');

  // The sandbox: a test client's token sees test data only.
  const testClient = await registerClient(api, acme.test, ['leads:read'], 'Sandbox CRM');
  const testToken = await token(api, testClient);
  t.same((await api.request('GET', '/api/v1/leads', { key: testToken })).json.data, []);
  assertError(t, await api.request('GET', `/api/v1/leads/${lead.json.id}`, { key: testToken }), 404, 'lead_not_found');
  // Another account's data is not found.
  const globex = await api.account('professional', 'Globex');
  const globexClient = await registerClient(api, globex.live, ['leads:read']);
  assertError(t, await api.request('GET', `/api/v1/leads/${lead.json.id}`, { key: await token(api, globexClient) }), 404, 'lead_not_found');

  // Requests with a token count against the account's limits, with the same headers.
  const usedPerWindow = async () => {
    const usage = await api.request('GET', '/api/v1/usage', { key: acme.live });
    t.equal(usage.statusCode, 200);
    return (usage.json.windows as Array<{ window: string; used: number }>).map(({ window, used }) => [window, used] as const);
  };
  const before = await usedPerWindow();
  for (let i = 0; i < 3; i++) {
    const counted = await api.request('GET', '/api/v1/leads', { key: access });
    t.match(counted.headers['x-ratelimit-limit'], /^\d+$/);
  }
  const after = await usedPerWindow();
  t.ok(before.length > 0, 'the usage has windows');
  // Three token requests and the second usage read itself (a usage read counts itself).
  t.same(after, before.map(([window, used]) => [window, used + 4]), 'the usage counts the token requests in every window');

  // A plan moved down applies to tokens at once: the Free plan reads only.
  const writer = await token(api, await registerClient(api, acme.live, ['leads:write'], 'Writer'));
  t.equal((await api.request('POST', '/api/v1/leads', { key: writer, payload: { chatbot_id: bot.id, email: 'bo@example.com' } })).statusCode, 201);
  t.equal((await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { plan: 'free' } })).statusCode, 200);
  assertError(t, await api.request('POST', '/api/v1/leads', { key: writer, payload: { chatbot_id: bot.id, email: 'cy@example.com' } }), 403, 'plan_read_only');

  // A disabled account's tokens stop working.
  t.equal((await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { status: 'disabled' } })).statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/leads', { key: access }), 401, 'invalid_token');
});

t.test('the IP allowlist applies to tokens', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const client = await registerClient(api, acme.live, ['leads:read']);
  const access = await token(api, client);
  t.equal((await api.request('PUT', '/api/v1/account/ip-allowlist', { key: acme.live, payload: { ip_allowlist: ['203.0.113.0/24'] } })).statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/leads', { key: access }), 403, 'ip_not_allowed');
});

t.test('revocation, introspection, expiry, deleting a client', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const crm = await registerClient(api, acme.live, ['leads:read']);
  const other = await registerClient(api, acme.live, ['leads:read'], 'Other tool');
  const auth = { authorization: basic(crm.id, crm.client_secret) };
  const access = await token(api, crm);
  const othersToken = await token(api, other);

  const introspected = await form(api, '/oauth/introspect', { token: access }, auth);
  t.equal(introspected.statusCode, 200);
  t.match(introspected.json, { active: true, scope: 'leads:read', client_id: crm.id, token_type: 'Bearer', sub: crm.id });
  t.equal(introspected.json.exp - introspected.json.iat, 3600);
  t.same((await form(api, '/oauth/introspect', { token: othersToken }, auth)).json, { active: false }, 'another client’s token is not ours to see');
  t.same((await form(api, '/oauth/introspect', { token: 'oat_nothing' }, auth)).json, { active: false });
  assertOAuthError(t, await form(api, '/oauth/introspect', { token: access }), 401, 'invalid_client');
  assertOAuthError(t, await form(api, '/oauth/introspect', {}, auth), 400, 'invalid_request');

  // Revoking another client's token leaves it alone; unknown tokens are fine too (RFC 7009 §2.2).
  const foreign = await form(api, '/oauth/revoke', { token: othersToken }, auth);
  t.equal(foreign.statusCode, 200);
  t.equal((await api.request('GET', '/api/v1/leads', { key: othersToken })).statusCode, 200, 'still works');
  t.equal((await form(api, '/oauth/revoke', { token: 'oat_unknown', token_type_hint: 'access_token' }, auth)).statusCode, 200);
  assertOAuthError(t, await form(api, '/oauth/revoke', { token: access }, { authorization: basic(crm.id, 'ocs_wrong') }), 401, 'invalid_client');

  t.equal((await form(api, '/oauth/revoke', { token: access }, auth)).statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/leads', { key: access }), 401, 'invalid_token');
  t.same((await form(api, '/oauth/introspect', { token: access }, auth)).json, { active: false });

  // Expiry after an hour.
  const later = await token(api, crm);
  api.clock.advance(3600_000 + 1000);
  assertError(t, await api.request('GET', '/api/v1/leads', { key: later }), 401, 'invalid_token');
  t.same((await form(api, '/oauth/introspect', { token: later }, auth)).json, { active: false });
  // The maintenance tick sweeps expired tokens.
  const swept = await runMaintenance(api.platform);
  t.ok(swept.oauth_tokens >= 1, `${swept.oauth_tokens} expired tokens swept`);
  t.equal(await api.platform.oauthTokens.forTenant({ accountId: acme.id, mode: 'live' }).count({ client_id: crm.id }), 0);

  // Deleting a client ends its tokens and its secret.
  const fresh = await token(api, other);
  t.equal((await api.request('DELETE', `/api/v1/oauth/clients/${other.id}`, { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/leads', { key: fresh }), 401, 'invalid_token');
  assertOAuthError(t, await form(api, '/oauth/token', { grant_type: 'client_credentials' }, { authorization: basic(other.id, other.client_secret) }), 401, 'invalid_client');
});

t.test('a standard client library: metadata, client credentials, revocation (openid-client)', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 } } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: bot.id, email: 'ana@example.com' } });
  const crm = await registerClient(api, acme.live, ['leads:read']);

  const metadata = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
  t.match(metadata, { issuer: base, token_endpoint: `${base}/oauth/token`, grant_types_supported: ['client_credentials'] });

  // RFC 8414 discovery as the library does it (plain http is allowed for this local test only).
  const config = await oidc.discovery(new URL(base), crm.id, crm.client_secret, oidc.ClientSecretBasic(crm.client_secret), {
    algorithm: 'oauth2',
    execute: [oidc.allowInsecureRequests],
  });
  const tokens = await oidc.clientCredentialsGrant(config, { scope: 'leads:read' });
  t.equal(tokens.token_type.toLowerCase(), 'bearer');
  t.equal(tokens.scope, 'leads:read');
  const leads = await fetch(`${base}/api/v1/leads`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  t.equal(leads.status, 200);
  t.equal(((await leads.json()) as { data: unknown[] }).data.length, 1);

  const introspection = await oidc.tokenIntrospection(config, tokens.access_token);
  t.equal(introspection.active, true);
  await oidc.tokenRevocation(config, tokens.access_token);
  t.equal((await fetch(`${base}/api/v1/leads`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status, 401, 'cut off by one revoke');

  const refused = await oidc.clientCredentialsGrant(config, { scope: 'leads:write' }).then(
    () => null,
    (error: { error?: string }) => error,
  );
  t.equal(refused?.error, 'invalid_scope', 'the library reads our RFC errors');
});
