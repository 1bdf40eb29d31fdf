// First run in the browser (issue 32): while the store has no account, POST /dashboard/setup makes
// the first account and its owner with the setup code the server prints, once, and signs in.
import t, { type Test } from 'tap';
import { loadConfig } from '../../config/index.js';
import { setupCode } from '../../core/auth/first-run.js';
import { asMember, cookieOf, ORIGIN } from '../helpers/members.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

function server(t: Test) {
  return buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
}

const OWNER = { organisation_name: 'Hill Farm Shop', email: 'Nora@Hill.example', password: 'nora-password-1' };

function setup(api: TestServer, payload: Record<string, unknown>, origin = ORIGIN) {
  return api.request('POST', '/dashboard/setup', { payload, headers: { origin } });
}

async function isOpen(api: TestServer): Promise<boolean> {
  const response = await api.request('GET', '/dashboard/setup');
  t.equal(response.statusCode, 200);
  return response.json.open as boolean;
}

t.test('the setup code makes the first account, signs its owner in, and dies', async (t) => {
  const api = await server(t);
  const code = setupCode(api.config);
  t.match(code, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/, 'three groups of four, no I, L, O or U');
  t.equal(await isOpen(api), true, 'an empty store offers the setup');

  assertError(t, await setup(api, { ...OWNER, setup_code: 'AAAA-BBBB-CCCC' }), 403, 'setup_code_invalid', 'a wrong code');
  assertError(t, await setup(api, { ...OWNER, setup_code: '' }), 400, 'validation_failed', 'an empty code');
  assertError(t, await setup(api, { setup_code: code, email: OWNER.email, password: OWNER.password }), 400, 'validation_failed', 'no organisation name');
  assertError(t, await setup(api, { ...OWNER, password: 'short', setup_code: code }), 400, 'validation_failed', 'a password too short');
  assertError(t, await setup(api, { ...OWNER, setup_code: code }, 'https://evil.example'), 403, 'origin_mismatch', 'posted from another site');
  t.equal(await isOpen(api), true, 'none of those used the setup');
  t.equal((await api.platform.accounts.global().list({ limit: 5 })).length, 0, 'nor made an account');

  // As a person types it: lower case, spaces for dashes.
  const typed = code.toLowerCase().replace(/-/g, ' ');
  const created = await setup(api, { ...OWNER, setup_code: typed });
  t.equal(created.statusCode, 201, created.payload);
  t.equal(created.json.account.name, OWNER.organisation_name);
  t.equal(created.json.account.plan, 'enterprise', 'the self-hoster’s own account has every feature');
  t.equal(created.json.member.role, 'owner');
  t.equal(created.json.member.email, 'nora@hill.example', 'the e-mail as sign-in compares it');
  t.equal(created.json.mode, 'live');

  const member = asMember(api, cookieOf(created));
  const chatbot = await member('POST', '/api/v1/chatbots', { name: 'Shop helper' });
  t.equal(chatbot.statusCode, 201, 'the cookie it set is a working session');
  const keys = await member('GET', '/api/v1/api-keys');
  t.equal(keys.statusCode, 200);
  t.ok((keys.json.data as Array<{ name: string }>).some((key) => key.name === 'Default live key'), 'the account has its live key');

  const signIn = await api.request('POST', '/dashboard/session', { payload: { email: OWNER.email, password: OWNER.password }, headers: { origin: ORIGIN } });
  t.equal(signIn.statusCode, 200, 'the owner signs in again with that password');

  t.equal(await isOpen(api), false, 'the setup is no longer offered');
  assertError(t, await setup(api, { ...OWNER, setup_code: code }), 409, 'setup_complete', 'the code works once');

  // Every account removed later: the setup stays closed (the marker, not the empty store, says so).
  for (const account of await api.platform.accounts.global().list({ limit: 5 })) await api.platform.accounts.global().delete(account.id);
  t.equal(await isOpen(api), false, 'an emptied store does not reopen it');
  assertError(t, await setup(api, { ...OWNER, setup_code: code }), 409, 'setup_complete');
});

t.test('an account made another way (the CLI) closes the setup', async (t) => {
  const api = await server(t);
  const made = await api.account('starter');
  t.equal(await isOpen(api), false);
  assertError(t, await setup(api, { ...OWNER, setup_code: setupCode(api.config) }), 409, 'setup_complete');
  await api.platform.accounts.global().delete(made.id);
  t.equal(await isOpen(api), false, 'and deleting that account later does not reopen it (the code may be in an old log)');
  await api.account('free');
  t.pass('a further account is made as before (the marker is there already)');
});

t.test('two setups at once: one account, the other is told the server is set up', async (t) => {
  const api = await server(t);
  const code = setupCode(api.config);
  const answers = await Promise.all([
    setup(api, { ...OWNER, setup_code: code }),
    setup(api, { ...OWNER, organisation_name: 'Other shop', email: 'other@hill.example', setup_code: code }),
  ]);
  t.same(answers.map((answer) => answer.statusCode).sort(), [201, 409]);
  t.equal(answers.find((answer) => answer.statusCode === 409)!.json.code, 'setup_complete');
  t.equal((await api.platform.accounts.global().list({ limit: 5 })).length, 1, 'exactly one account');
  t.equal((await api.platform.members.global().list({ limit: 5 })).length, 1, 'and one owner');
});

t.test('guessing the code is throttled like sign-ins', async (t) => {
  const api = await server(t);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await setup(api, { ...OWNER, setup_code: `WRNG-${String(i).padStart(4, '0')}-ZZZZ` })).statusCode);
  t.same(statuses.slice(0, 10), Array(10).fill(403), 'ten wrong codes are told so');
  assertError(t, await setup(api, { ...OWNER, setup_code: setupCode(api.config) }), 429, 'sign_in_throttled', 'then even the right code waits');
  t.equal(await isOpen(api), true, 'and the setup is still there to do');
});

t.test('the code follows the server key: the same on every instance sharing it, another for another key', async (t) => {
  const config = (key: string) => loadConfig({ env: {}, file: null, overrides: { data_dir: '/nonexistent', webhooks: { secret_key: key } } });
  const one = Buffer.alloc(32, 1).toString('base64');
  const two = Buffer.alloc(32, 2).toString('base64');
  t.equal(setupCode(config(one)), setupCode(config(one)));
  t.not(setupCode(config(one)), setupCode(config(two)));
});
