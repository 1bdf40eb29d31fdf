// Members and dashboard sessions (docs/ARCHITECTURE.md A6, docs/API-DECISIONS.md "Members, sessions and the
// dashboard"): sign-in and its throttle, the cookie as a credential through the access rules
// (plans, modes, Origin, roles, rate limits), session expiry and revocation, invitations, who may
// change whom, and isolation between accounts. Both stores.
import t, { type Test } from 'tap';
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import { runMaintenance } from '../../core/maintenance.js';
import { accountWithOwner, addMember, asMember, cookieOf, ORIGIN, OWNER_PASSWORD, signIn } from '../helpers/members.js';
import { assertError, buildTestServer } from '../helpers/server.js';

function server(t: Test, extra: Parameters<typeof buildTestServer>[1] = {}) {
  return buildTestServer(t, { ...extra, config: { server: { public_url: ORIGIN }, ...extra.config } });
}

t.test('an owner made by the CLI code signs in; the cookie is a credential for /api/v1', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'Olive@Example.com');

  const response = await api.request('POST', '/dashboard/session', { payload: { email: 'olive@example.com', password: OWNER_PASSWORD }, headers: { origin: ORIGIN } });
  t.equal(response.statusCode, 200);
  t.equal(response.json.member.email, 'olive@example.com', 'e-mail kept lower-cased');
  t.equal(response.json.member.role, 'owner');
  t.equal(response.json.member.status, 'active');
  t.equal(response.json.account.id, owner.accountId);
  t.equal(response.json.mode, 'live');
  t.notOk('password_hash' in response.json.member, 'no hash in the response');
  const setCookie = [response.headers['set-cookie']].flat().join('\n');
  t.match(setCookie, /cbp_session=[^;]+;/);
  t.match(setCookie, /HttpOnly/);
  t.match(setCookie, /SameSite=Strict/);
  t.match(setCookie, /Path=\//);
  t.notMatch(setCookie, /Secure/, 'not Secure over plain http');
  const cookie = cookieOf(response);

  const member = asMember(api, cookie);
  const session = await member('GET', '/dashboard/session');
  t.equal(session.statusCode, 200);
  t.equal(session.json.member.last_sign_in_at, api.clock.now().toISOString());

  const created = await member('POST', '/api/v1/chatbots', { name: 'Made in the dashboard' });
  t.equal(created.statusCode, 201, 'a session writes');
  const listed = await api.request('GET', '/api/v1/chatbots', { key: owner.live });
  t.same(listed.json.data.map((bot: { name: string }) => bot.name), ['Made in the dashboard'], 'in the account, live mode');
  t.ok(created.headers['x-ratelimit-limit'] ?? created.headers['ratelimit-limit'], 'rate-limit headers: the plan counts sessions');

  t.notMatch(await api.storedText(), cookie.split('=')[1]!.slice(0, 40), 'the sealed cookie is not stored');
  t.notMatch(await api.storedText(), OWNER_PASSWORD, 'nor the password');
});

t.test('sign-in failures: one answer for a wrong password, an unknown e-mail or an invited member; bad bodies are 400', async (t) => {
  const api = await server(t);
  await accountWithOwner(api, 'starter', 'owner@example.com');
  const wrong = assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'owner@example.com', password: 'not the password' } }), 401, 'invalid_credentials');
  const unknown = assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'nobody@example.com', password: 'not the password' } }), 401, 'invalid_credentials');
  t.equal(wrong.message, unknown.message, 'the same message: no e-mail enumeration');

  for (const payload of [{}, { email: 'owner@example.com' }, { email: 'not-an-email', password: 'x' }, { email: 'owner@example.com', password: OWNER_PASSWORD, mode: 'staging' }, { email: 'owner@example.com', password: OWNER_PASSWORD, extra: 1 }]) {
    assertError(t, await api.request('POST', '/dashboard/session', { payload }), 400, 'validation_failed', JSON.stringify(payload));
  }
  assertError(t, await api.request('POST', '/dashboard/session', { payload: 'not json', headers: { 'content-type': 'application/json' } }), 400, 'validation_failed');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'owner@example.com', password: OWNER_PASSWORD }, headers: { origin: 'https://evil.example' } }), 403, 'origin_mismatch', 'a sign-in posted from another site');
  for (const method of ['GET', 'PATCH', 'DELETE']) {
    assertError(t, await api.request(method, '/dashboard/session', method === 'PATCH' ? { payload: { mode: 'test' } } : {}), 401, 'missing_credentials', `${method} without a session`);
  }
  assertError(t, await api.request('GET', '/dashboard/session', { headers: { cookie: 'cbp_session=forged-value' } }), 401, 'missing_credentials', 'a cookie that does not unseal');
});

t.test('failed sign-ins are throttled per e-mail and address, then per address; the window passes', async (t) => {
  const api = await server(t);
  await accountWithOwner(api, 'starter', 'owner@example.com');
  const attempt = (password: string, email = 'owner@example.com', address?: string) =>
    api.server.inject({
      method: 'POST',
      url: '/dashboard/session',
      payload: { email, password },
      ...(address ? { remoteAddress: address } : {}),
    });
  for (let i = 0; i < 10; i++) t.equal((await attempt('wrong password')).statusCode, 401);
  const throttled = await attempt(OWNER_PASSWORD);
  t.equal(throttled.statusCode, 429, 'the right password too, once throttled');
  t.equal(JSON.parse(throttled.payload).code, 'sign_in_throttled');
  const retryAfter = Number(throttled.headers['retry-after']);
  t.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`);
  t.equal((await attempt(OWNER_PASSWORD, 'owner@example.com', '198.51.100.7')).statusCode, 200, 'another address is not held up');

  api.clock.advance(15 * 60_000);
  t.equal((await attempt(OWNER_PASSWORD)).statusCode, 200, 'the next window lets the owner in');

  // Concurrent guesses are counted before their password is checked: no more than the limit get an answer.
  api.clock.advance(15 * 60_000);
  const burst = await Promise.all(Array.from({ length: 40 }, () => attempt('wrong password', 'owner@example.com', '192.0.2.44')));
  const statuses = burst.map((response) => response.statusCode);
  t.equal(statuses.filter((status) => status === 401).length, 10, '10 answered 401');
  t.equal(statuses.filter((status) => status === 429).length, 30, 'the other 30 throttled without a password check');

  // Many e-mails from one address: 100 failures within the window, then that address waits.
  api.clock.advance(15 * 60_000);
  for (let i = 0; i < 100; i++) await attempt('wrong password', `guess${i}@example.com`, '203.0.113.9');
  const sprayed = await attempt(OWNER_PASSWORD, 'owner@example.com', '203.0.113.9');
  t.equal(sprayed.statusCode, 429, 'an address that tried 100 e-mails is throttled');
});

t.test('the Free plan: keys are read-only, members create the one chatbot; the limit still holds', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'free', 'free@example.com');
  assertError(t, await api.request('POST', '/api/v1/chatbots', { key: owner.live, payload: { name: 'By key' } }), 403, 'plan_read_only');
  const member = asMember(api, await signIn(api, owner.email));
  const first = await member('POST', '/api/v1/chatbots', { name: 'The one chatbot' });
  t.equal(first.statusCode, 201);
  const patched = await member('PATCH', `/api/v1/chatbots/${first.json.id}`, { name: 'Renamed' });
  t.equal(patched.statusCode, 200, 'and edit it');
  assertError(t, await member('POST', '/api/v1/chatbots', { name: 'A second one' }), 409, 'chatbot_limit_reached');
  const key = await member('POST', '/api/v1/api-keys', { name: 'From the dashboard' });
  t.equal(key.statusCode, 201, 'keys are made in the dashboard');
  const used = await api.request('GET', `/api/v1/chatbots/${first.json.id}`, { key: key.json.secret });
  t.equal(used.statusCode, 200, 'and work over HTTP');
});

t.test('cookie writes need the server’s Origin; reads do not; without PUBLIC_URL the Host decides', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'origin@example.com');
  const cookie = await signIn(api, owner.email);
  t.equal((await api.request('GET', '/api/v1/chatbots', { headers: { cookie } })).statusCode, 200, 'a read without Origin');
  assertError(t, await api.request('POST', '/api/v1/chatbots', { payload: { name: 'x' }, headers: { cookie } }), 403, 'origin_mismatch', 'no Origin');
  assertError(t, await api.request('POST', '/api/v1/chatbots', { payload: { name: 'x' }, headers: { cookie, origin: 'https://evil.example' } }), 403, 'origin_mismatch', 'another origin');
  assertError(t, await api.request('DELETE', '/dashboard/session', { headers: { cookie, origin: 'null' } }), 403, 'origin_mismatch', 'an opaque origin');
  t.equal((await api.request('POST', '/api/v1/chatbots', { key: owner.live, payload: { name: 'keys need no Origin' } })).statusCode, 201);

  const bare = await buildTestServer(t);
  await createAccountWithKeys(bare.platform, { name: 'Bare', plan: 'starter', owner: { email: 'host@example.com', password: OWNER_PASSWORD } });
  const signedIn = await bare.request('POST', '/dashboard/session', { payload: { email: 'host@example.com', password: OWNER_PASSWORD }, headers: { host: 'chat.example.org:8080' } });
  const hostCookie = cookieOf(signedIn);
  const write = (origin: string, extra: Record<string, string> = {}) =>
    bare.request('POST', '/api/v1/chatbots', { payload: { name: 'x' }, headers: { cookie: hostCookie, host: 'chat.example.org:8080', origin, ...extra } });
  t.equal((await write('http://chat.example.org:8080')).statusCode, 201, 'the Host header’s origin');
  assertError(t, await write('https://chat.example.org:8080'), 403, 'origin_mismatch', 'https is another origin when not behind a trusted proxy');
  t.equal((await write('http://chat.example.org:8080', { 'x-forwarded-proto': 'https' })).statusCode, 201, 'an untrusted X-Forwarded-Proto changes nothing');
});

t.test('Secure cookies behind TLS: a trusted proxy that says https', async (t) => {
  const api = await buildTestServer(t, { config: { server: { trust_proxy: true } } });
  await createAccountWithKeys(api.platform, { name: 'TLS', plan: 'starter', owner: { email: 'tls@example.com', password: OWNER_PASSWORD } });
  const behindTls = await api.request('POST', '/dashboard/session', { payload: { email: 'tls@example.com', password: OWNER_PASSWORD }, headers: { 'x-forwarded-proto': 'https', host: 'chat.example.org' } });
  t.match([behindTls.headers['set-cookie']].flat().join('\n'), /; Secure/);
  const cookie = cookieOf(behindTls);
  const write = await api.request('POST', '/api/v1/chatbots', { payload: { name: 'x' }, headers: { cookie, host: 'chat.example.org', 'x-forwarded-proto': 'https', origin: 'https://chat.example.org' } });
  t.equal(write.statusCode, 201, 'the forwarded scheme makes the origin https');
});

t.test('the dashboard’s mode: live by default, switched by PATCH, chosen at sign-in; a key in the header decides', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'modes@example.com');
  const cookie = await signIn(api, owner.email);
  const member = asMember(api, cookie);
  await member('POST', '/api/v1/chatbots', { name: 'Live bot' });
  const switched = await member('PATCH', '/dashboard/session', { mode: 'test' });
  t.equal(switched.statusCode, 200);
  t.equal(switched.json.mode, 'test');
  await member('POST', '/api/v1/chatbots', { name: 'Test bot' });
  t.same((await member('GET', '/api/v1/chatbots')).json.data.map((bot: { name: string }) => bot.name), ['Test bot'], 'test data only');
  t.same((await api.request('GET', '/api/v1/chatbots', { key: owner.test })).json.data.map((bot: { name: string }) => bot.name), ['Test bot']);
  t.same((await api.request('GET', '/api/v1/chatbots', { key: owner.live })).json.data.map((bot: { name: string }) => bot.name), ['Live bot']);
  const both = await api.request('GET', '/api/v1/chatbots', { key: owner.live, headers: { cookie } });
  t.same(both.json.data.map((bot: { name: string }) => bot.name), ['Live bot'], 'Authorization wins over the cookie');
  const testSession = asMember(api, await signIn(api, owner.email, OWNER_PASSWORD, { mode: 'test' }));
  t.equal((await testSession('GET', '/dashboard/session')).json.mode, 'test', 'a mode chosen at sign-in');
  assertError(t, await member('PATCH', '/dashboard/session', { mode: 'staging' }), 400, 'validation_failed');
  assertError(t, await member('PATCH', '/dashboard/session', {}), 400, 'validation_failed');
});

t.test('sessions expire when idle, at most after 7 days, end at sign-out, and only their hash is stored', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'enterprise', 'expiry@example.com');
  const cookie = await signIn(api, owner.email);
  const member = asMember(api, cookie);
  api.clock.advance(11 * 3_600_000);
  t.equal((await member('GET', '/dashboard/session')).statusCode, 200, 'used after 11 hours: the idle deadline moves');
  api.clock.advance(11 * 3_600_000);
  t.equal((await member('GET', '/dashboard/session')).statusCode, 200, 'and again 11 hours later');
  api.clock.advance(12 * 3_600_000 + 1000);
  const idle = await member('GET', '/api/v1/chatbots');
  assertError(t, idle, 401, 'session_expired', '12 hours idle');
  t.match([idle.headers['set-cookie']].flat().join('\n'), /cbp_session=;.*Max-Age=0|cbp_session=;.*Expires=Thu, 01 Jan 1970/, 'the cookie is cleared');

  const weekly = asMember(api, await signIn(api, owner.email));
  for (let hours = 0; hours < 7 * 24; hours += 10) {
    api.clock.advance(10 * 3_600_000);
    const response = await weekly('GET', '/dashboard/session');
    if (hours + 10 >= 7 * 24) assertError(t, response, 401, 'session_expired', 'past 7 days, however busy');
    else if (response.statusCode !== 200) t.fail(`used every 10 hours: ${response.statusCode} after ${hours + 10} h`);
  }

  const signedIn = await signIn(api, owner.email);
  const out = await asMember(api, signedIn)('DELETE', '/dashboard/session');
  t.equal(out.statusCode, 200);
  t.same(out.json, { deleted: true });
  assertError(t, await asMember(api, signedIn)('GET', '/api/v1/chatbots'), 401, 'session_expired', 'signed out');

  const text = await api.storedText();
  t.notMatch(text, /ses_[A-Za-z0-9_-]{43}/, 'no session token in the store');
  api.clock.advance(8 * 86_400_000);
  const swept = await runMaintenance(api.platform);
  t.ok(swept.dashboard_sessions! >= 1, `maintenance removed ${swept.dashboard_sessions} expired sessions`);
  t.equal(await api.platform.dashboardSessions.global().count(), 0);
});

t.test('invitations: a one-time link, accepted once, replaced, expiring; who may invite whom', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'boss@example.com');
  const ownerSession = asMember(api, await signIn(api, owner.email));

  const invited = await ownerSession('POST', '/api/v1/members', { email: 'Ada@Example.com', name: 'Ada', role: 'admin' });
  t.equal(invited.statusCode, 201);
  t.equal(invited.json.status, 'invited');
  t.equal(invited.json.email, 'ada@example.com');
  t.match(invited.json.invitation.url, /^http:\/\/dash\.example\/dashboard#\/accept\?token=inv_/);
  t.equal(invited.json.invitation.expires_at, new Date(api.clock.now().getTime() + 7 * 86_400_000).toISOString());
  const token = decodeURIComponent(invited.json.invitation.url.split('token=')[1]);
  t.notMatch(await api.storedText(), token, 'only the invitation’s hash is stored');

  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'ada@example.com', password: 'anything at all' } }), 401, 'invalid_credentials', 'an invited member has no password yet');
  assertError(t, await ownerSession('POST', '/api/v1/members', { email: 'ADA@example.com', role: 'agent' }), 409, 'member_exists');
  assertError(t, await ownerSession('POST', '/api/v1/members', { email: 'boss@example.com', role: 'agent' }), 409, 'member_exists', 'the owner’s own e-mail');

  const reissued = await ownerSession('POST', `/api/v1/members/${invited.json.id}/invitation`);
  t.equal(reissued.statusCode, 201);
  const newToken = decodeURIComponent(reissued.json.url.split('token=')[1]);
  assertError(t, await api.request('POST', '/dashboard/invitations/accept', { payload: { token, password: 'ada password 1' } }), 404, 'invitation_not_found', 'the replaced link');
  assertError(t, await api.request('POST', '/dashboard/invitations/accept', { payload: { token: newToken, password: 'short' } }), 400, 'validation_failed', 'a short password');
  const accepted = await api.request('POST', '/dashboard/invitations/accept', { payload: { token: newToken, password: 'ada password 1', name: 'Ada L.' }, headers: { origin: ORIGIN } });
  t.equal(accepted.statusCode, 200);
  t.equal(accepted.json.member.status, 'active');
  t.equal(accepted.json.member.name, 'Ada L.');
  t.equal(accepted.json.member.role, 'admin');
  t.ok(cookieOf(accepted), 'signed in at once');
  assertError(t, await api.request('POST', '/dashboard/invitations/accept', { payload: { token: newToken, password: 'ada password 2' } }), 404, 'invitation_not_found', 'a used link');
  assertError(t, await ownerSession('POST', `/api/v1/members/${invited.json.id}/invitation`), 409, 'member_active');
  t.equal((await api.request('POST', '/dashboard/session', { payload: { email: 'ada@example.com', password: 'ada password 1' } })).statusCode, 200);

  const admin = asMember(api, cookieOf(accepted));
  assertError(t, await admin('POST', '/api/v1/members', { email: 'co-owner@example.com', role: 'owner' }), 403, 'insufficient_role', 'an admin cannot make an owner');
  const byKey = await api.request('POST', '/api/v1/members', { key: owner.live, payload: { email: 'co-owner@example.com', role: 'owner' } });
  t.equal(byKey.statusCode, 201, 'an account key invites an owner (how an operator gives a new account its first one)');
  const agentInvite = await admin('POST', '/api/v1/members', { email: 'agent@example.com', role: 'agent' });
  t.equal(agentInvite.statusCode, 201, 'an admin invites an agent');
  api.clock.advance(7 * 86_400_000 + 1);
  const expiredToken = decodeURIComponent(agentInvite.json.invitation.url.split('token=')[1]);
  assertError(t, await api.request('POST', '/dashboard/invitations/accept', { payload: { token: expiredToken, password: 'agent password 1' } }), 404, 'invitation_not_found', 'after 7 days');

  for (const payload of [{ email: 'x@example.com' }, { email: 'x@example.com', role: 'boss' }, { email: 'nope', role: 'agent' }, { email: 'x@example.com', role: 'agent', name: 'n'.repeat(101) }, { email: 'x@example.com', role: 'agent', password: 'no' }]) {
    assertError(t, await api.request('POST', '/api/v1/members', { key: owner.live, payload }), 400, 'validation_failed', JSON.stringify(payload));
  }
  for (const payload of [{}, { token: 'inv_x' }, { token: 'inv_x', password: 'p'.repeat(201) }]) {
    assertError(t, await api.request('POST', '/dashboard/invitations/accept', { payload }), 400, 'validation_failed', JSON.stringify(payload));
  }
});

t.test('members: list and filters, changes and removal with their rules, isolation between accounts', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'first-owner@example.com');
  const ownerCookie = await signIn(api, owner.email);
  const ownerSession = asMember(api, ownerCookie);
  const ownerId = (await ownerSession('GET', '/dashboard/session')).json.member.id;
  const admin = await addMember(api, { key: owner.live }, 'admin@example.com', 'admin');
  const agent = await addMember(api, { cookie: ownerCookie }, 'agent@example.com', 'agent');
  await ownerSession('POST', '/api/v1/members', { email: 'pending@example.com', role: 'agent' });

  const all = await ownerSession('GET', '/api/v1/members');
  t.equal(all.statusCode, 200);
  t.same(all.json.data.map((m: { email: string }) => m.email), ['pending@example.com', 'agent@example.com', 'admin@example.com', 'first-owner@example.com'], 'newest first');
  t.same((await ownerSession('GET', '/api/v1/members?role=agent&status=active')).json.data.map((m: { email: string }) => m.email), ['agent@example.com']);
  const paged = await api.request('GET', '/api/v1/members?limit=3', { key: owner.live });
  t.equal(paged.json.has_more, true);
  t.equal((await api.request('GET', `/api/v1/members?limit=3&cursor=${paged.json.next_cursor}`, { key: owner.live })).json.data.length, 1);
  assertError(t, await ownerSession('GET', '/api/v1/members?role=boss'), 400, 'validation_failed');

  const adminSession = asMember(api, admin.cookie);
  assertError(t, await adminSession('PATCH', `/api/v1/members/${ownerId}`, { role: 'agent' }), 403, 'insufficient_role', 'an admin cannot demote an owner');
  assertError(t, await adminSession('DELETE', `/api/v1/members/${ownerId}`), 403, 'insufficient_role', 'nor remove one');
  assertError(t, await adminSession('PATCH', `/api/v1/members/${agent.id}`, { role: 'owner' }), 403, 'insufficient_role', 'nor make one');
  assertError(t, await ownerSession('PATCH', `/api/v1/members/${ownerId}`, { role: 'admin' }), 409, 'last_owner');
  assertError(t, await api.request('DELETE', `/api/v1/members/${ownerId}`, { key: owner.live }), 409, 'last_owner', 'a key cannot remove the last owner either');
  assertError(t, await ownerSession('DELETE', `/api/v1/members/${ownerId}`), 409, 'cannot_remove_self');
  assertError(t, await ownerSession('PATCH', `/api/v1/members/${agent.id}`, {}), 400, 'validation_failed', 'an empty change');

  assertError(t, await adminSession('PATCH', `/api/v1/members/${ownerId}`, { name: 'Renamed by an admin' }), 403, 'insufficient_role', 'nor rename one');
  // A key an admin makes acts as an admin on the members routes: no way round the rule through a key.
  const adminKey = (await adminSession('POST', '/api/v1/api-keys', { name: 'Made by an admin' })).json.secret;
  assertError(t, await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: adminKey, payload: { role: 'owner' } }), 403, 'insufficient_role', 'an admin’s key cannot make its maker owner');
  assertError(t, await api.request('PATCH', `/api/v1/members/${ownerId}`, { key: adminKey, payload: { role: 'agent' } }), 403, 'insufficient_role', 'nor demote the owner');
  const adminKeyId = (await api.request('GET', '/api/v1/api-keys', { key: adminKey })).json.data.find((k: { name: string }) => k.name === 'Made by an admin').id;
  const rotation = await api.request('POST', `/api/v1/api-keys/${adminKeyId}/rotate`, { key: adminKey, payload: {} });
  t.equal(rotation.statusCode, 201, rotation.payload);
  const rotated = rotation.json.new_key.secret;
  const viaRotated = await api.request('PATCH', `/api/v1/members/${ownerId}`, { key: rotated, payload: { role: 'agent' } });
  assertError(t, viaRotated, 403, 'insufficient_role', 'nor its rotated successor');
  // Members reach live data: a test key does not manage them.
  for (const [method, path, payload] of [['GET', '/api/v1/members', undefined], ['POST', '/api/v1/members', { email: 'sandbox@example.com', role: 'owner' }], ['DELETE', `/api/v1/members/${agent.id}`, undefined]] as const) {
    assertError(t, await api.request(method, path, { key: owner.test, payload }), 403, 'live_mode_required', `${method} ${path} with a test key`);
  }
  const promoted = await adminSession('PATCH', `/api/v1/members/${agent.id}`, { role: 'admin', name: 'Promoted' });
  t.equal(promoted.statusCode, 200);
  t.equal(promoted.json.role, 'admin');
  t.equal((await asMember(api, agent.cookie)('GET', '/api/v1/members')).statusCode, 200, 'the new role applies at the next request');
  t.equal((await ownerSession('PATCH', `/api/v1/members/${admin.id}`, { role: 'owner' })).statusCode, 200, 'an owner makes an owner');
  t.equal((await ownerSession('PATCH', `/api/v1/members/${ownerId}`, { role: 'admin' })).statusCode, 200, 'with a second owner, the first may step down');

  const signedOut = await api.request('DELETE', `/api/v1/members/${agent.id}/sessions`, { key: owner.live });
  t.equal(signedOut.statusCode, 200);
  t.equal(signedOut.json.sessions_ended, 1);
  assertError(t, await asMember(api, agent.cookie)('GET', '/dashboard/session'), 401, 'session_expired', 'signed out everywhere');

  const again = await signIn(api, 'agent@example.com', agent.password);
  const removed = await adminSession('DELETE', `/api/v1/members/${agent.id}`);
  t.equal(removed.statusCode, 200);
  t.same(removed.json, { id: agent.id, deleted: true });
  assertError(t, await asMember(api, again)('GET', '/dashboard/session'), 401, 'session_expired', 'a removed member’s session ends');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'agent@example.com', password: agent.password } }), 401, 'invalid_credentials');
  assertError(t, await ownerSession('GET', `/api/v1/members/${agent.id}`), 404, 'member_not_found');

  const other = await accountWithOwner(api, 'starter', 'other@example.com');
  const otherSession = asMember(api, await signIn(api, other.email));
  for (const [method, path] of [['GET', `/api/v1/members/${admin.id}`], ['PATCH', `/api/v1/members/${admin.id}`], ['DELETE', `/api/v1/members/${admin.id}`], ['POST', `/api/v1/members/${admin.id}/invitation`], ['DELETE', `/api/v1/members/${admin.id}/sessions`]] as const) {
    assertError(t, await otherSession(method, path, method === 'PATCH' ? { name: 'x' } : undefined), 404, 'member_not_found', `${method} ${path} of another account`);
  }
  t.same((await otherSession('GET', '/api/v1/members')).json.data.map((m: { email: string }) => m.email), ['other@example.com'], 'a list of one’s own account only');
  t.same((await otherSession('GET', '/api/v1/chatbots')).json.data, [], 'nor its chatbots');
  assertError(t, await ownerSession('GET', '/api/v1/members/usr_nonsense'), 404, 'member_not_found');
});

t.test('agents: conversations only, replying as the agent; keys and tokens on the members routes', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'lead@example.com');
  const chatbot = (await api.request('POST', '/api/v1/chatbots', { key: owner.live, payload: { name: 'Support' } })).json;
  const conversation = (await api.request('POST', `/api/v1/chatbots/${chatbot.id}/conversations`, { key: owner.live, payload: {} })).json;
  const agent = await addMember(api, { key: owner.live }, 'agent@example.com', 'agent');
  const session = asMember(api, agent.cookie);

  t.equal((await session('GET', '/api/v1/chatbots')).statusCode, 200, 'agents list chatbots');
  t.equal((await session('GET', `/api/v1/chatbots/${chatbot.id}`)).statusCode, 200);
  t.equal((await session('GET', `/api/v1/chatbots/${chatbot.id}/conversations`)).statusCode, 200);
  t.equal((await session('GET', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/messages`)).statusCode, 200);
  assertError(t, await session('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/messages`, { role: 'user', content: 'pretending to be the visitor' }), 403, 'insufficient_role');
  t.equal((await session('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/handoff`, {})).statusCode, 200, 'hand off');
  const reply = await session('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/messages`, { role: 'agent', content: 'Hello, a human here' });
  t.equal(reply.statusCode, 201, 'reply in a handed-off conversation');
  t.equal((await session('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/release`, {})).statusCode, 200, 'release');
  t.equal((await session('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/end`, {})).statusCode, 200, 'end');
  for (const [method, path, payload] of [
    ['POST', '/api/v1/chatbots', { name: 'x' }],
    ['PATCH', `/api/v1/chatbots/${chatbot.id}`, { name: 'x' }],
    ['GET', `/api/v1/chatbots/${chatbot.id}/settings`, undefined],
    ['GET', `/api/v1/chatbots/${chatbot.id}/knowledge`, undefined],
    ['DELETE', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}`, undefined],
    ['GET', '/api/v1/api-keys', undefined],
    ['GET', '/api/v1/members', undefined],
    ['GET', '/api/v1/leads', undefined],
    ['GET', '/api/v1/webhooks', undefined],
    ['GET', '/api/v1/analytics/overview', undefined],
  ] as const) {
    assertError(t, await session(method, path, payload), 403, 'insufficient_role', `${method} ${path}`);
  }
  t.equal((await session('GET', '/dashboard/session')).json.member.role, 'agent', 'the session routes are every role’s');

  const changed = await session('POST', '/dashboard/password', { current_password: agent.password, new_password: 'a new agent password' });
  t.equal(changed.statusCode, 200, 'agents change their own password');

  const chatbotKey = chatbot.api_key as string;
  assertError(t, await api.request('GET', '/api/v1/members', { key: chatbotKey }), 403, 'key_scope_chatbot');
  const full = await accountWithOwner(api, 'enterprise', 'oauth-owner@example.com'); // OAuth clients need full API access
  const client = (await api.request('POST', '/api/v1/oauth/clients', { key: full.live, payload: { name: 'CRM', scopes: ['conversations:read'] } })).json;
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
  const tokenResponse = await api.request('POST', '/oauth/token', { payload: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } });
  t.equal(tokenResponse.statusCode, 200, tokenResponse.payload);
  assertError(t, await api.request('GET', '/api/v1/members', { key: tokenResponse.json.access_token }), 403, 'insufficient_scope');
  const free = await accountWithOwner(api, 'free', 'free-owner@example.com');
  assertError(t, await api.request('POST', '/api/v1/members', { key: free.live, payload: { email: 'x@example.com', role: 'agent' } }), 403, 'plan_read_only', 'a Free key cannot invite');
  t.equal((await asMember(api, await signIn(api, free.email))('POST', '/api/v1/members', { email: 'x@example.com', role: 'agent' })).statusCode, 201, 'a Free member can');
});

t.test('password change: the current one is checked, other sessions end, the new one signs in', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'pw@example.com');
  const here = await signIn(api, owner.email);
  const elsewhere = await signIn(api, owner.email);
  const session = asMember(api, here);
  assertError(t, await session('POST', '/dashboard/password', { current_password: 'not it at all', new_password: 'a brand new password' }), 401, 'invalid_credentials');
  assertError(t, await session('POST', '/dashboard/password', { current_password: OWNER_PASSWORD, new_password: 'short' }), 400, 'validation_failed');
  assertError(t, await session('POST', '/dashboard/password', { current_password: OWNER_PASSWORD }), 400, 'validation_failed');
  assertError(t, await api.request('POST', '/dashboard/password', { key: owner.live, payload: { current_password: OWNER_PASSWORD, new_password: 'a brand new password' } }), 401, 'missing_credentials', 'an API key has no password');
  const changed = await session('POST', '/dashboard/password', { current_password: OWNER_PASSWORD, new_password: 'a brand new password' });
  t.equal(changed.statusCode, 200);
  assertError(t, await session('GET', '/dashboard/session'), 401, 'session_expired', 'the cookie from before the change ends too');
  t.equal((await asMember(api, cookieOf(changed))('GET', '/dashboard/session')).statusCode, 200, 'this browser got a new session');
  assertError(t, await asMember(api, elsewhere)('GET', '/dashboard/session'), 401, 'session_expired', 'the others end');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: owner.email, password: OWNER_PASSWORD } }), 401, 'invalid_credentials', 'the old password');
  t.ok(await signIn(api, owner.email, 'a brand new password'));
});

t.test('a disabled account: no sign-in, and its sessions stop working', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'disabled@example.com');
  const cookie = await signIn(api, owner.email);
  await api.platform.accounts.global().update(owner.accountId, { status: 'disabled' });
  assertError(t, await asMember(api, cookie)('GET', '/api/v1/chatbots'), 403, 'account_disabled');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: owner.email, password: OWNER_PASSWORD } }), 403, 'account_disabled');
});

t.test('Idempotency-Key with a session: remembered per member', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'idem@example.com');
  const session = asMember(api, await signIn(api, owner.email));
  const first = await session('POST', '/api/v1/chatbots', { name: 'Once' }, { 'idempotency-key': 'create-once' });
  const second = await session('POST', '/api/v1/chatbots', { name: 'Once' }, { 'idempotency-key': 'create-once' });
  t.equal(first.statusCode, 201);
  t.equal(second.json.id, first.json.id, 'the replay');
  t.equal((await session('GET', '/api/v1/chatbots')).json.data.length, 1);
});
