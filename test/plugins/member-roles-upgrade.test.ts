// Issue 29, stored data: a store written before credentials recorded their maker and before
// members were unique per account keeps working after the upgrade (docs/API-DECISIONS.md "Roles
// that cannot be climbed"). Collections are declared with their old definitions and filled, then
// a server of this version starts on the same store. Both stores.
import path from 'node:path';
import t from 'tap';
import { hashKey } from '../../core/auth/keys.js';
import { hashPassword } from '../../core/auth/passwords.js';
import { openStore } from '../../app/store.js';
import { assertError, buildTestServer, TEST_STORE } from '../helpers/server.js';
import { freshMongoUrl } from '../helpers/mongodb.js';
import { ORIGIN, signIn, asMember } from '../helpers/members.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const NOW = '2026-11-01T10:00:00.000Z';
const ACCOUNT = 'acct_01legacy0000000000000000';
const live = { accountId: ACCOUNT, mode: 'live' as const };
const secret = (tail: string) => `sk_live_${tail.padEnd(32, '0')}`;
const CLIENT_SECRET = `ocs_${'a'.repeat(43)}`;

/** A store as the version before wrote it: old definitions, documents without makers. */
async function legacyStore(url: string) {
  const store = await openStore(url);
  const accounts = store.collection<Record<string, unknown>>({ name: 'accounts', scope: 'global', indexes: [{ fields: ['created_at'] }] });
  const members = store.collection<Record<string, unknown>>({
    name: 'members',
    scope: 'global',
    indexes: [{ fields: ['email'], unique: true }, { fields: ['account', 'created_at'] }, { fields: ['invitation_hash'] }],
  });
  const keys = store.collection<Record<string, unknown>>({ name: 'api_keys', scope: 'tenant', indexes: [{ fields: ['hash'], unique: true, acrossTenants: true }, { fields: ['chatbot_id'] }] });
  const clients = store.collection<Record<string, unknown>>({ name: 'oauth_clients', scope: 'tenant', indexes: [{ fields: ['client_id'], unique: true, acrossTenants: true }] });
  await store.init();
  await accounts.global().insert({ id: ACCOUNT, name: 'Legacy', plan: 'enterprise', status: 'active', limits: {}, ip_allowlist: [], created_at: NOW, updated_at: NOW });
  const member = async (id: string, email: string, role: string) =>
    members.global().insert({
      id, account: ACCOUNT, email, name: role, role, status: 'active', password_hash: await hashPassword('legacy password'),
      invitation_hash: null, invitation_expires_at: null, last_sign_in_at: null, created_at: NOW, updated_at: NOW,
    });
  await member('usr_01legacyowner00000000000', 'owner@legacy.example', 'owner');
  await member('usr_01legacyadmin00000000000', 'admin@legacy.example', 'admin');
  const key = (id: string, name: string, creatorRole?: string | null) =>
    keys.forTenant(live).insert({
      id, name, kind: 'account', chatbot_id: null, hash: hashKey(secret(name)), last4: secret(name).slice(-4), created_at: NOW,
      last_used_at: null, expires_at: null, revoked_at: null, rotated_to: null, ...(creatorRole === undefined ? {} : { creator_role: creatorRole }),
    });
  await key('key_01legacycli0000000000000', 'cli');
  await key('key_01legacynull000000000000', 'null', null);
  await key('key_01legacyowner00000000000', 'owner', 'owner');
  await key('key_01legacyadmin00000000000', 'admin', 'admin');
  await clients.forTenant(live).insert({
    id: 'oac_01legacy0000000000000000', client_id: 'oac_01legacy0000000000000000', name: 'Old CRM', scopes: ['leads:read'],
    secret_hash: hashKey(CLIENT_SECRET), secret_last4: CLIENT_SECRET.slice(-4), previous_secret_hash: null, previous_secret_expires_at: null,
    created_at: NOW, secret_rotated_at: null,
  });
  await store.close();
}

t.test('keys, OAuth clients and members stored before makers were recorded keep working, with the makers decided', async (t) => {
  const { dir, remove } = temporaryDirectory('cbp-upgrade-');
  t.teardown(remove);
  const url = TEST_STORE === 'sqlite' ? `sqlite:${path.join(dir, 'legacy.sqlite')}` : await freshMongoUrl(TEST_STORE === 'mongodb');
  await legacyStore(url);
  const api = await buildTestServer(t, { config: { database: { url }, server: { public_url: ORIGIN } } });

  const listed = await api.request('GET', '/api/v1/api-keys?limit=100', { key: secret('cli') });
  t.equal(listed.statusCode, 200, listed.payload);
  const makers = Object.fromEntries((listed.json.data as Array<{ name: string; created_by: unknown }>).map((entry) => [entry.name, entry.created_by]));
  t.same(makers, {
    cli: { type: 'operator', member_id: null },
    null: { type: 'operator', member_id: null },
    owner: { type: 'operator', member_id: null },
    admin: { type: 'unknown_member', member_id: null },
  }, 'CLI- and owner-made keys are the operator’s; an admin’s is an unknown admin’s');

  // The operator's keys act as an owner (renaming an owner is an owner's right); the unknown admin's as an admin.
  const renameOwner = (key: string) => api.request('PATCH', '/api/v1/members/usr_01legacyowner00000000000', { key, payload: { name: 'Owner' } });
  t.equal((await renameOwner(secret('owner'))).statusCode, 200, 'an owner-made key acts as an owner');
  t.equal((await renameOwner(secret('cli'))).statusCode, 200, 'the CLI’s too');
  assertError(t, await renameOwner(secret('admin')), 403, 'insufficient_role', 'an admin-made key acts as an admin, never more');
  t.equal((await api.request('GET', '/api/v1/api-keys', { key: secret('admin') })).statusCode, 200, 'but still as an admin');
  const rotated = await api.request('POST', '/api/v1/api-keys/key_01legacyadmin00000000000/rotate', { key: secret('admin'), payload: {} });
  t.equal(rotated.statusCode, 201, 'an admin-level key rotates itself');
  t.same(rotated.json.new_key.created_by, { type: 'unknown_member', member_id: null }, 'and keeps its maker');

  const clients = await api.request('GET', '/api/v1/oauth/clients', { key: secret('cli') });
  t.same(clients.json.data.map((client: { created_by: unknown }) => client.created_by), [{ type: 'operator', member_id: null }], 'an old client is the operator’s');
  const basic = `Basic ${Buffer.from(`oac_01legacy0000000000000000:${CLIENT_SECRET}`).toString('base64')}`;
  const token = await api.request('POST', '/oauth/token', { payload: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } });
  t.equal(token.statusCode, 200, token.payload);
  t.equal((await api.request('GET', '/api/v1/leads', { key: token.json.access_token })).statusCode, 200, 'and its tokens work');

  // The members' index is per account now: another account may have the owner's address too.
  const session = asMember(api, await signIn(api, 'owner@legacy.example', 'legacy password'));
  t.equal((await session('GET', '/dashboard/session')).json.account.id, ACCOUNT, 'a stored member signs in');
  const other = await api.account('starter', 'Another');
  t.equal((await api.request('POST', '/api/v1/members', { key: other.live, payload: { email: 'owner@legacy.example', role: 'agent' } })).statusCode, 201, 'another account invites the same address');
  assertError(t, await session('POST', '/api/v1/members', { email: 'admin@legacy.example', role: 'agent' }), 409, 'member_exists', 'still once per account');
});
