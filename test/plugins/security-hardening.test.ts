// Security hardening of the public and OAuth edges: a visitor cannot change a stored lead, one
// credential cannot take every inbox stream, the session cookie is Secure behind an https public
// URL, the token endpoint is throttled and counted, OAuth metadata never names a forged host in a
// shared cache, and a widget origin wildcard cannot cover a public suffix. Both stores.
import t from 'tap';
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import { declareWidgetCollections } from '../../plugins/widget/collections.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

const ORIGIN = 'https://shop.example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function visit(api: TestServer, method: string, url: string, options: { payload?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return api.request(method, url, { payload: options.payload, headers });
}

async function oauthClient(api: TestServer, key: string, scopes: string[]) {
  const response = await api.request('POST', '/api/v1/oauth/clients', { key, payload: { name: 'Integration', scopes } });
  if (response.statusCode !== 201) throw new Error(`client failed ${response.statusCode}: ${response.payload}`);
  return response.json as { id: string; client_secret: string };
}

function tokenRequest(api: TestServer, client: { id: string; client_secret: string }, headers: Record<string, string> = {}) {
  return api.request('POST', '/oauth/token', {
    payload: 'grant_type=client_credentials',
    headers: { ...FORM, authorization: basic(client.id, client.client_secret), ...headers },
  });
}

t.test('a visitor cannot change a stored lead: the form and the chat only add what is missing', async (t) => {
  const api = await buildTestServer(t, { config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 100 } } } });
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const fields = ['name', 'email', 'phone', 'company'].map((name) => ({ name, required: false }));
  t.equal((await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live, payload: { lead_form: { enabled: true, fields } } })).statusCode, 200);
  const stored = { chatbot_id: bot.id, name: 'Ana Pop', email: 'ana@example.com', phone: '+40 721 000 001' };
  const lead = (await api.request('POST', '/api/v1/leads', { key: acme.live, payload: stored })).json;
  const updates: Array<{ data: any }> = [];
  api.platform.events.subscribe('lead.updated', (event) => {
    updates.push(event);
  });

  // No credential, the customer's address in other letter case, other details.
  const forged = await visit(api, 'POST', `/widget/v1/${bot.id}/leads`, {
    payload: { name: 'Mallory', email: 'ANA@EXAMPLE.COM', phone: '+40 721 999 999', company: 'Evil Ltd' },
  });
  t.equal(forged.statusCode, 202, 'the form answers as always: it says nothing of the lead');
  const after = (await api.request('GET', `/api/v1/leads/${lead.id}`, { key: acme.live })).json;
  t.equal(after.name, 'Ana Pop', 'the name stays');
  t.equal(after.phone, '+40721000001', 'the phone stays');
  t.equal(after.company, 'Evil Ltd', 'what was missing is added');
  t.same(
    updates.map((event) => Object.keys(event.data.previous_attributes)),
    [['company']],
    'lead.updated names the added company alone',
  );

  // The same through the chat: a visitor's message with the address and another number.
  const started = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} });
  const { conversation, token } = started.json;
  const said = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${conversation.id}/messages`, {
    token,
    payload: { content: 'I am ana@example.com, call me on +40 721 555 555' },
  });
  t.equal(said.statusCode, 201);
  const chatted = (await api.request('GET', `/api/v1/leads/${lead.id}`, { key: acme.live })).json;
  t.equal(chatted.phone, '+40721000001', 'a number typed in the chat does not replace the stored one');
  t.same(
    updates.slice(1).map((event) => Object.keys(event.data.previous_attributes)),
    [['conversation_id']],
    'the chat only links its conversation, which the lead lacked',
  );
  t.equal(chatted.name, 'Ana Pop');

  // The API (a credential) still changes what it stored.
  const patched = await api.request('PATCH', `/api/v1/leads/${lead.id}`, { key: acme.live, payload: { name: 'Ana Popescu' } });
  t.equal(patched.json.name, 'Ana Popescu');
});

t.test('inbox streams are capped per credential: one key holding its streams leaves members theirs', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0, public_url: null } } });
  const created = await createAccountWithKeys(api.platform, { name: 'Streams', plan: 'starter', owner: { email: 'owner@example.com', password: 'a long password' } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const stream = (headers: Record<string, string>) => fetch(`${base}/api/v1/conversations/stream`, { headers });

  const byKey: Response[] = [];
  for (let i = 0; i < 20; i++) byKey.push(await stream({ authorization: `Bearer ${created.liveKey}` }));
  t.ok(byKey.every((response) => response.status === 200), 'one key holds 20 streams');
  const keyOverCap = await stream({ authorization: `Bearer ${created.liveKey}` });
  t.equal(keyOverCap.status, 429, 'its 21st is refused');
  t.equal(((await keyOverCap.json()) as { code: string }).code, 'too_many_streams');

  const signIn = await fetch(`${base}/dashboard/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'a long password' }),
  });
  const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('cbp_session='))!.split(';')[0]!;
  const member = await stream({ cookie });
  t.equal(member.status, 200, 'the member still gets a stream');
  await member.body?.cancel();
  for (const response of byKey) await response.body?.cancel();
});

t.test('inbox streams: a per-tenant safety cap above the per-credential one', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0, public_url: null, streams_per_credential: 2, streams_per_tenant: 3 } } });
  const acme = await api.account('starter');
  const second = (await api.request('POST', '/api/v1/api-keys', { key: acme.live, payload: { name: 'Second' } })).json;
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const stream = (key: string) => fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${key}` } });
  const open = [await stream(acme.live), await stream(acme.live)];
  t.same(open.map((response) => response.status), [200, 200]);
  const third = await stream(acme.live);
  t.equal(third.status, 429, 'past the per-credential cap');
  t.match(((await third.json()) as { message: string }).message, /credential/);
  open.push(await stream(second.secret));
  t.equal(open[2]!.status, 200, 'another key gets one');
  const overTenant = await stream(second.secret);
  t.equal(overTenant.status, 429, 'past the per-tenant cap');
  t.match(((await overTenant.json()) as { message: string }).message, /account and mode/);
  for (const response of open) await response.body?.cancel();
});

t.test('the session cookie is Secure whenever the public URL is https', async (t) => {
  for (const publicUrl of ['https://chat.example.com', null]) {
    const api = await buildTestServer(t, { config: { server: { public_url: publicUrl, trust_proxy: false } } });
    await createAccountWithKeys(api.platform, { name: 'Acme', plan: 'starter', owner: { email: 'owner@example.com', password: 'a long password' } });
    const signIn = await api.request('POST', '/dashboard/session', {
      payload: { email: 'owner@example.com', password: 'a long password' },
      headers: publicUrl ? { origin: publicUrl } : {},
    });
    t.equal(signIn.statusCode, 200);
    const cookie = [signIn.headers['set-cookie']].flat().find((line) => String(line).startsWith('cbp_session='));
    if (publicUrl) t.match(cookie, /;\s*Secure/i, `${publicUrl}: Secure`);
    else t.notMatch(cookie, /;\s*Secure/i, 'plain http without a public URL: not Secure (browsers would drop it)');
  }
});

t.test('the token endpoint is throttled per client and per address, and counted in the plan’s usage', async (t) => {
  const api = await buildTestServer(t, { config: { server: { trust_proxy: true }, oauth: { token_requests_per_minute_per_client: 3, token_requests_per_minute_per_address: 5 } } });
  const acme = await api.account('professional');
  const crm = await oauthClient(api, acme.live, ['leads:read']);
  const usedToday = async () => (await api.request('GET', '/api/v1/usage', { key: acme.live })).json.windows.find((w: { window: string }) => w.window === 'day').used;

  const before = await usedToday();
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  for (let i = 0; i < 3; i++) t.equal((await tokenRequest(api, crm, from('198.51.100.1'))).statusCode, 200, `token ${i + 1}`);
  // The usage request itself counts once.
  t.equal((await usedToday()) - before, 4, 'three token requests counted in the plan’s usage');
  const throttled = await tokenRequest(api, crm, from('198.51.100.2'));
  t.equal(throttled.statusCode, 429, 'the client’s fourth in a minute, from any address');
  t.match(throttled.headers['retry-after'], /^\d+$/);
  t.equal(throttled.json.error, 'temporarily_unavailable', 'the RFC 6749 body of the token endpoint');
  t.equal(throttled.headers['cache-control'], 'no-store');
  t.equal(await api.platform.oauthTokens.forTenant({ accountId: acme.id, mode: 'live' }).count({}), 3, 'no token stored for it');

  // Per address: other clients, one address.
  const others = [await oauthClient(api, acme.live, ['leads:read']), await oauthClient(api, acme.live, ['leads:read'])];
  const statuses: number[] = [];
  for (const client of [...others, ...others]) statuses.push((await tokenRequest(api, client, from('198.51.100.1'))).statusCode);
  t.same(statuses, [200, 200, 429, 429], 'the address’s sixth in a minute is refused, whichever client');
  t.equal((await tokenRequest(api, others[0]!, from('198.51.100.3'))).statusCode, 200, 'another address is not');

  api.clock.advance(60_000);
  t.equal((await tokenRequest(api, crm, from('198.51.100.1'))).statusCode, 200, 'the next minute');
});

t.test('revocation and introspection share the token endpoint’s budgets: no unthrottled way to guess a secret', async (t) => {
  const api = await buildTestServer(t, { config: { server: { trust_proxy: true }, oauth: { token_requests_per_minute_per_client: 3, token_requests_per_minute_per_address: 5 } } });
  const acme = await api.account('professional');
  const crm = await oauthClient(api, acme.live, ['leads:read']);
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const call = (path: string, client: { id: string; client_secret: string }, ip: string, secret = client.client_secret) =>
    api.request('POST', path, {
      headers: { ...FORM, ...from(ip) },
      payload: new URLSearchParams({ client_id: client.id, client_secret: secret, token: 'unknown-token' }).toString(),
    });

  const token = (await tokenRequest(api, crm, from('198.51.100.1'))).json.access_token as string;
  t.ok(token, 'one token request');
  t.equal((await call('/oauth/introspect', crm, '198.51.100.1')).statusCode, 200);
  t.equal((await call('/oauth/revoke', crm, '198.51.100.2')).statusCode, 200, 'three requests of the client, any endpoint');
  const overClient = await call('/oauth/introspect', crm, '198.51.100.3');
  t.equal(overClient.statusCode, 429, 'the client’s fourth in a minute, counted with its token request');
  t.equal(overClient.json.error, 'temporarily_unavailable');
  t.match(overClient.headers['retry-after'], /^\d+$/);

  // Wrong secrets from one address: counted before the client is known, and never lock the client.
  const guesses: number[] = [];
  const other = await oauthClient(api, acme.live, ['leads:read']);
  for (let i = 0; i < 4; i++) guesses.push((await call(i % 2 ? '/oauth/revoke' : '/oauth/introspect', other, '203.0.113.9', `ocs_${'x'.repeat(42)}${i}`)).statusCode);
  t.same(guesses, [401, 401, 401, 401], 'four wrong secrets refused as such');
  const fifth = await call('/oauth/revoke', other, '203.0.113.9');
  t.equal(fifth.statusCode, 200, 'the fifth from the address, with the right secret');
  t.equal((await call('/oauth/introspect', other, '203.0.113.9')).statusCode, 429, 'the address’s sixth is refused, right secret or not');
  t.equal((await call('/oauth/introspect', other, '203.0.113.10')).statusCode, 200, 'the guessed client still works from elsewhere');

  api.clock.advance(60_000);
  t.equal((await call('/oauth/introspect', crm, '198.51.100.1')).statusCode, 200, 'the next minute');
});

t.test('OAuth metadata names the public URL, never a Host header a shared cache keeps', async (t) => {
  const open = await buildTestServer(t, { config: { server: { public_url: null } } });
  const forged = await open.request('GET', '/.well-known/oauth-authorization-server', { headers: { host: 'evil.example' } });
  t.equal(forged.statusCode, 200);
  t.equal(forged.json.token_endpoint, 'http://evil.example/oauth/token', 'without PUBLIC_URL, the request’s own address');
  t.equal(forged.headers['cache-control'], 'no-store', 'and no cache may keep it for anyone else');

  const configured = await buildTestServer(t, { config: { server: { public_url: 'https://chat.example.com/' } } });
  const answer = await configured.request('GET', '/.well-known/oauth-authorization-server', { headers: { host: 'evil.example' } });
  t.equal(answer.json.issuer, 'https://chat.example.com');
  t.equal(answer.json.token_endpoint, 'https://chat.example.com/oauth/token', 'the Host header is ignored');
  t.match(answer.headers['cache-control'], /max-age=\d+/, 'the configured answer may be cached');
});

t.test('widget origin wildcards only below a registrable domain', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const put = (origins: string[]) => api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live, payload: { allowed_origins: origins } });

  for (const entry of ['https://*.com', 'https://*.co.uk', 'http://*.github.io', 'https://*.COM']) {
    const refused = assertError(t, await put([entry]), 400, 'validation_failed', entry);
    t.match(refused.message, /public suffix/, `${entry}: says why`);
  }
  // A host ending in a number is read by browsers as an IPv4 address: no page has such an origin.
  for (const entry of ['https://shop.example.9', 'http://a.b.9.0', 'https://*.127.0.0.1', 'http://1.2.3']) {
    assertError(t, await put([entry]), 400, 'validation_failed', `${entry}: not an origin a browser sends`);
  }
  const fine = await put(['https://*.example.co.uk', 'https://*.example.com', 'http://localhost:8080', 'https://*.shop.github.io', 'http://192.168.1.20:8080', 'https://xn--bcher-kva.example']);
  t.equal(fine.statusCode, 200);
  t.same(fine.json.ignored_origins, []);

  // A setting stored before the rule: the entry matches nothing, and the settings report it.
  const repository = declareWidgetCollections(api.platform.store).widgets.forTenant({ accountId: acme.id, mode: 'live' });
  const stored = (await repository.get(bot.id))!;
  await repository.update(stored.id, { settings: { ...stored.settings!, allowed_origins: ['https://*.com', 'https://*.example.com'] } });
  const config = (origin: string) => api.request('GET', `/widget/v1/${bot.id}/config`, { headers: { origin } });
  assertError(t, await config('https://evil.com'), 403, 'origin_not_allowed', 'a stored *.com matches nothing');
  t.equal((await config('https://www.example.com')).statusCode, 200, 'the other entries still do');
  const shown = await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live });
  t.same(shown.json.ignored_origins, ['https://*.com'], 'the owner sees which entry is ignored');
});

t.test('an OAuth token subscribes a webhook only to the event types its scopes see', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const client = await oauthClient(api, acme.live, ['webhooks:read', 'webhooks:write', 'leads:read']);
  const token = (await tokenRequest(api, client)).json.access_token as string;
  const create = (events?: string[]) =>
    api.request('POST', '/api/v1/webhooks', { key: token, payload: { url: 'https://hooks.example.com/in', ...(events ? { events } : {}) } });

  const messages = assertError(t, await create(['lead.captured', 'message.created']), 403, 'insufficient_scope', 'message.created needs conversations:read');
  t.match(messages.message, /conversations:read/);
  assertError(t, await create(), 403, 'insufficient_scope', 'the default, every event, needs every area');
  const leads = await create(['lead.captured', 'lead.updated', 'webhook.disabled']);
  t.equal(leads.statusCode, 201, 'the types it sees');
  const widened = await api.request('PATCH', `/api/v1/webhooks/${leads.json.id}`, { key: token, payload: { events: ['*'] } });
  assertError(t, widened, 403, 'insufficient_scope', 'nor widened to every event');
  t.equal((await api.request('PATCH', `/api/v1/webhooks/${leads.json.id}`, { key: acme.live, payload: { events: ['*'] } })).statusCode, 200, 'an API key may');
});
