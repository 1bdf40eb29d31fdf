// Issue 29, rows 1, 2 and 5 (docs/API-DECISIONS.md "Members, sessions and the dashboard"): a
// credential acts with the current role of the member who made it and stops when they leave;
// rotating keeps the maker and needs a rotator at or above the maker's role; members are unique per
// account, so inviting tells nothing about other accounts. Both stores.
import t from 'tap';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import { accountWithOwner, addMember, asMember, cookieOf, ORIGIN, OWNER_PASSWORD, signIn } from '../helpers/members.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function server(t: Parameters<typeof buildTestServer>[0]) {
  return buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
}

async function keyNamed(api: TestServer, key: string, name: string) {
  const listed = await api.request('GET', '/api/v1/api-keys?limit=100', { key });
  const found = (listed.json.data as Array<{ id: string; name: string }>).find((entry) => entry.name === name);
  if (!found) throw new Error(`no key named ${name}: ${listed.payload}`);
  return found as { id: string; name: string; created_by: unknown };
}

async function oauthToken(api: TestServer, client: { id: string; client_secret: string }) {
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
  return api.request('POST', '/oauth/token', { payload: 'grant_type=client_credentials', headers: { ...FORM, authorization: basic } });
}

t.test('row 1: an admin cannot rotate a key the CLI or an owner made, so cannot climb to owner through it', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'starter', 'owner@example.com');
  const ownerSession = asMember(api, await signIn(api, owner.email));
  const admin = await addMember(api, { key: owner.live }, 'admin@example.com', 'admin');
  const adminSession = asMember(api, admin.cookie);
  const cliKey = await keyNamed(api, owner.live, 'Default live key');
  const ownersKey = (await ownerSession('POST', '/api/v1/api-keys', { name: 'Made by the owner' })).json;

  // The audit's request: the admin rotates the CLI's key and gets a secret that acts as an owner.
  const rotated = await adminSession('POST', `/api/v1/api-keys/${cliKey.id}/rotate`, { grace_period_seconds: 0 });
  assertError(t, rotated, 403, 'insufficient_role', 'an admin rotating the CLI’s key');
  assertError(t, await adminSession('POST', `/api/v1/api-keys/${ownersKey.id}/rotate`, {}), 403, 'insufficient_role', 'nor an owner’s key');
  const stolen = rotated.json?.new_key?.secret as string | undefined;
  if (stolen) {
    // Only reached on the code before the fix: the climb the audit reproduced.
    await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: stolen, payload: { role: 'owner' } });
    await api.request('PATCH', `/api/v1/members/${owner.ownerId}`, { key: stolen, payload: { role: 'agent' } });
  }
  const roleOf = async (id: string) => (await api.platform.members.global().get(id))?.role;
  t.equal(await roleOf(admin.id), 'admin', 'the admin is still an admin');
  t.equal(await roleOf(owner.ownerId), 'owner', 'the owner is still the owner');
  t.equal((await api.request('GET', '/api/v1/chatbots', { key: owner.live })).statusCode, 200, 'the CLI’s key still works: nothing was rotated');

  // An admin rotates an admin's key; the successor keeps its maker and acts as an admin.
  const adminsKey = (await adminSession('POST', '/api/v1/api-keys', { name: 'Made by the admin' })).json;
  t.same(adminsKey.created_by, { type: 'member', member_id: admin.id });
  const byAdmin = await adminSession('POST', `/api/v1/api-keys/${adminsKey.id}/rotate`, { grace_period_seconds: 0 });
  t.equal(byAdmin.statusCode, 201, byAdmin.payload);
  t.same(byAdmin.json.new_key.created_by, { type: 'member', member_id: admin.id }, 'rotating keeps the maker');
  assertError(t, await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: byAdmin.json.new_key.secret, payload: { role: 'owner' } }), 403, 'insufficient_role', 'the successor acts as an admin');
  // An owner may rotate it too; the maker stays the admin: a rotation never upgrades a key.
  const byOwner = await ownerSession('POST', `/api/v1/api-keys/${byAdmin.json.new_key.id}/rotate`, { grace_period_seconds: 0 });
  t.equal(byOwner.statusCode, 201, byOwner.payload);
  t.same(byOwner.json.new_key.created_by, { type: 'member', member_id: admin.id }, 'an owner’s rotation does not make it an owner’s key');
  assertError(t, await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: byOwner.json.new_key.secret, payload: { role: 'owner' } }), 403, 'insufficient_role');
  // An admin cannot revoke the owner's key either, and an admin's key cannot rotate the CLI's.
  assertError(t, await adminSession('DELETE', `/api/v1/api-keys/${ownersKey.id}`), 403, 'insufficient_role', 'nor revoke an owner’s key');
  assertError(t, await api.request('POST', `/api/v1/api-keys/${cliKey.id}/rotate`, { key: byOwner.json.new_key.secret, payload: {} }), 403, 'insufficient_role', 'nor through an admin’s key');
  t.equal((await ownerSession('POST', `/api/v1/api-keys/${cliKey.id}/rotate`, { grace_period_seconds: 60 })).statusCode, 201, 'the owner rotates the CLI’s key');
});

t.test('row 2: keys and OAuth clients act with their maker’s current role, stop when the maker leaves, and show their maker', async (t) => {
  const api = await server(t);
  const owner = await accountWithOwner(api, 'enterprise', 'owner@example.com'); // OAuth clients need full API access
  const admin = await addMember(api, { key: owner.live }, 'admin@example.com', 'admin');
  const adminSession = asMember(api, admin.cookie);
  const adminKey = (await adminSession('POST', '/api/v1/api-keys', { name: 'Made by the admin' })).json;
  const client = (await adminSession('POST', '/api/v1/oauth/clients', { name: 'CRM', scopes: ['leads:read', 'conversations:read'] })).json;
  t.equal(client.id?.slice(0, 4), 'oac_', 'the admin registered a client');

  // The owner can find who made each key and client.
  const keys = (await api.request('GET', '/api/v1/api-keys?limit=100', { key: owner.live })).json.data as Array<{ id: string; name: string; created_by: unknown }>;
  t.same(keys.find((key) => key.id === adminKey.id)?.created_by, { type: 'member', member_id: admin.id }, 'the admin’s key names its maker');
  t.same(keys.find((key) => key.name === 'Default live key')?.created_by, { type: 'operator', member_id: null }, 'the CLI’s key names the operator');
  const byMaker = await api.request('GET', `/api/v1/api-keys?created_by=${admin.id}`, { key: owner.live });
  t.same(byMaker.json.data?.map((key: { id: string }) => key.id), [adminKey.id], 'the list filters by maker');
  const clients = (await api.request('GET', '/api/v1/oauth/clients', { key: owner.live })).json.data as Array<{ id: string; created_by: unknown }>;
  t.same(clients.find((entry) => entry.id === client.id)?.created_by, { type: 'member', member_id: admin.id }, 'the client names its maker');

  const issued = await oauthToken(api, client);
  t.equal(issued.statusCode, 200, issued.payload);
  const accessToken = issued.json.access_token as string;
  t.equal((await api.request('GET', '/api/v1/leads', { key: accessToken })).statusCode, 200, 'while an admin, the token reads leads');

  // Demoted to agent: the key and the token act as an agent.
  t.equal((await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: owner.live, payload: { role: 'agent' } })).statusCode, 200);
  assertError(t, await api.request('POST', '/api/v1/members', { key: adminKey.secret, payload: { email: 'new-admin@example.com', role: 'admin' } }), 403, 'insufficient_role', 'the key of a demoted admin invites no admin');
  assertError(t, await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: adminKey.secret, payload: { role: 'admin' } }), 403, 'insufficient_role', 'nor promotes its maker back');
  assertError(t, await api.request('POST', '/api/v1/api-keys', { key: adminKey.secret, payload: { name: 'another' } }), 403, 'insufficient_role', 'nor makes keys');
  assertError(t, await api.request('GET', '/api/v1/leads', { key: accessToken }), 403, 'insufficient_role', 'the token of a demoted admin reads no leads');
  t.equal((await api.request('GET', '/api/v1/conversations', { key: accessToken })).statusCode, 200, 'but works where agents work');
  t.equal((await api.request('GET', '/api/v1/conversations', { key: adminKey.secret })).statusCode, 200, 'the key too');
  t.equal((await api.request('GET', '/api/v1/members?role=admin', { key: owner.live })).json.data.length, 0, 'nobody became admin');

  // Promoted back, they work as an admin again; removed, both stop.
  t.equal((await api.request('PATCH', `/api/v1/members/${admin.id}`, { key: owner.live, payload: { role: 'admin' } })).statusCode, 200);
  t.equal((await api.request('GET', '/api/v1/api-keys', { key: adminKey.secret })).statusCode, 200, 'the current role, whichever way it moved');
  t.equal((await api.request('DELETE', `/api/v1/members/${admin.id}`, { key: owner.live })).statusCode, 200);
  assertError(t, await api.request('GET', '/api/v1/chatbots', { key: adminKey.secret }), 401, 'invalid_api_key', 'a removed member’s key stops');
  assertError(t, await api.request('GET', '/api/v1/conversations', { key: accessToken }), 401, 'invalid_token', 'and their client’s token');
  const refused = await oauthToken(api, client);
  t.equal(refused.statusCode, 401, 'and their client gets no new token');
  t.equal(refused.json.error, 'invalid_client');
  const stillListed = (await api.request('GET', '/api/v1/api-keys?limit=100', { key: owner.live })).json.data as Array<{ id: string; created_by: unknown }>;
  t.same(stillListed.find((key) => key.id === adminKey.id)?.created_by, { type: 'member', member_id: admin.id }, 'the list still names the former member');
});

t.test('row 5: an address may be a member of several accounts; an invitation tells nothing about other accounts', async (t) => {
  const api = await server(t);
  const first = await accountWithOwner(api, 'starter', 'first@example.com');
  const second = await accountWithOwner(api, 'starter', 'second@example.com');

  const inFirst = await addMember(api, { key: first.live }, 'shared@example.com', 'agent', 'first account password');
  // The audit's request: the second account invites the same address.
  const invite = await api.request('POST', '/api/v1/members', { key: second.live, payload: { email: 'Shared@Example.com', role: 'admin' } });
  t.equal(invite.statusCode, 201, `inviting a member of another account: ${invite.payload}`);
  const token = decodeURIComponent(String(invite.json?.invitation?.url ?? '').split('token=')[1] ?? '');
  const accepted = await api.request('POST', '/dashboard/invitations/accept', { payload: { token, password: 'second account password' }, headers: { origin: ORIGIN } });
  t.equal(accepted.statusCode, 200, accepted.payload);
  t.equal(accepted.json.account?.id, second.accountId, 'accepted into the second account');
  t.equal((await api.request('POST', '/api/v1/members', { key: second.live, payload: { email: first.email, role: 'agent' } })).statusCode, 201, 'another account’s owner too');
  const again = assertError(t, await api.request('POST', '/api/v1/members', { key: second.live, payload: { email: 'shared@example.com', role: 'agent' } }), 409, 'member_exists', 'twice in one account');
  t.notMatch(again.message, /server/, 'the answer speaks of this account only');

  // Each membership has its own password and role; the password picks the account.
  const intoFirst = await api.request('POST', '/dashboard/session', { payload: { email: 'shared@example.com', password: 'first account password' }, headers: { origin: ORIGIN } });
  t.equal(intoFirst.statusCode, 200);
  t.match(intoFirst.json, { account: { id: first.accountId }, member: { id: inFirst.id, role: 'agent' } });
  const intoSecond = await api.request('POST', '/dashboard/session', { payload: { email: 'shared@example.com', password: 'second account password' }, headers: { origin: ORIGIN } });
  t.equal(intoSecond.statusCode, 200);
  t.match(intoSecond.json, { account: { id: second.accountId }, member: { role: 'admin' } });
  const secondSession = asMember(api, cookieOf(intoSecond));
  t.same((await secondSession('GET', '/api/v1/members')).json.data.map((member: { email: string }) => member.email).sort(), ['first@example.com', 'second@example.com', 'shared@example.com'], 'the second account’s members only');
  assertError(t, await asMember(api, cookieOf(intoFirst))('GET', '/api/v1/members'), 403, 'insufficient_role', 'an agent in the first account');

  // One password for both memberships: the sign-in asks which account, and lists only those.
  await addMember(api, { key: first.live }, 'both@example.com', 'admin', 'one password for both');
  await addMember(api, { key: second.live }, 'both@example.com', 'agent', 'one password for both');
  const ambiguous = assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'both@example.com', password: 'one password for both' }, headers: { origin: ORIGIN } }), 409, 'account_required');
  t.same(
    (ambiguous.details as Array<{ path: string; value: string }>).map((detail) => [detail.path, detail.value]).sort(),
    [['account', first.accountId], ['account', second.accountId]].sort(),
    'the accounts this password opens',
  );
  const chosen = await api.request('POST', '/dashboard/session', { payload: { email: 'both@example.com', password: 'one password for both', account: second.accountId }, headers: { origin: ORIGIN } });
  t.equal(chosen.statusCode, 200);
  t.match(chosen.json, { account: { id: second.accountId }, member: { role: 'agent' } });
  const elsewhere = await accountWithOwner(api, 'starter', 'third@example.com');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'both@example.com', password: 'one password for both', account: elsewhere.accountId }, headers: { origin: ORIGIN } }), 401, 'invalid_credentials', 'an account the address is not a member of');
  assertError(t, await api.request('POST', '/dashboard/session', { payload: { email: 'shared@example.com', password: OWNER_PASSWORD } }), 401, 'invalid_credentials');
});
