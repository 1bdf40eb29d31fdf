// Visitors who are known (issue 33): the chatbot's identity secret (made once, shown once,
// replaced at once), a conversation started by a named visitor (unverified, or verified by
// user_hash = HMAC-SHA256(secret, user_id)), a wrong hash refused whatever the setting, the
// setting refusing unproven names, and a verified visitor's open conversation resumed in another
// browser with its own token (the five newest browsers keep theirs); the secret's route for the
// account's keys and the chatbot's own only; a verified visitor with an e-mail address becomes the
// conversation's lead, an unverified one does not. Both stores.
import { createHmac } from 'node:crypto';
import t from 'tap';
import { assertError, buildTestServer } from '../helpers/server.js';
import { visit } from '../helpers/widget-visit.js';

const sign = (secret: string, userId: string) => createHmac('sha256', secret).update(userId).digest('hex');

t.test('the identity secret, verified and unverified visitors, a wrong hash, resuming in another browser', async (t) => {
  const api = await buildTestServer(t, { config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 200 } } } });
  const acme = await api.account('starter');
  const key = acme.live;
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const widgetUrl = `/api/v1/chatbots/${bot.id}/widget`;
  const start = (payload: unknown) => visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload });
  const resume = (payload: unknown) => visit(api, 'POST', `/widget/v1/${bot.id}/identity`, { payload });
  const read = (token: string, conversationId: string) => visit(api, 'GET', `/widget/v1/${bot.id}/conversations/${conversationId}`, { token });
  const visitorOf = async (conversationId: string) => (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conversationId}`, { key })).json.visitor;

  t.equal((await api.request('GET', widgetUrl, { key })).json.identity_secret_created_at, null, 'no secret yet');
  assertError(t, await api.request('PUT', widgetUrl, { key, payload: { identity_verification: true } }), 409, 'identity_secret_missing');
  // Named without a secret: unverified, kept as the conversation's visitor.
  const unverified = await start({ user: { user_id: 'u-42', name: 'Ana Pop', email: 'ana@example.com' } });
  t.equal(unverified.statusCode, 201);
  t.same(await visitorOf(unverified.json.conversation.id), { id: 'u-42', name: 'Ana Pop', email: 'ana@example.com', verified: false });
  assertError(t, await start({ user: { user_id: 'u-42', user_hash: 'a'.repeat(64) } }), 403, 'identity_not_verified', 'a hash with no secret to check it against');
  assertError(t, await resume({ user_id: 'u-42' }), 403, 'identity_not_verified', 'an unproven name resumes nothing');

  const made = await api.request('POST', `${widgetUrl}/identity-secret`, { key, payload: {} });
  t.equal(made.statusCode, 201);
  t.match(made.json.secret, /^wis_[A-Za-z0-9_-]{43}$/);
  const settings = (await api.request('GET', widgetUrl, { key })).json;
  t.equal(settings.identity_secret_created_at, made.json.created_at);
  t.notMatch(JSON.stringify(settings), made.json.secret, 'the secret is shown once, never read back');
  const secret = made.json.secret as string;

  const first = await start({ user: { user_id: 'u-42', name: 'Ana Pop', user_hash: sign(secret, 'u-42') } });
  t.equal(first.statusCode, 201);
  t.same(await visitorOf(first.json.conversation.id), { id: 'u-42', name: 'Ana Pop', verified: true });
  assertError(t, await start({ user: { user_id: 'u-42', user_hash: sign(secret, 'u-43') } }), 403, 'identity_not_verified', 'another user’s hash');
  assertError(t, await start({ user: { user_id: 'u-42', user_hash: 'zz' } }), 400, 'validation_failed');
  assertError(t, await start({ user: { name: 'No id' } }), 400, 'validation_failed');
  t.equal((await visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${first.json.conversation.id}/messages`, { token: first.json.token, payload: { content: 'Hello from my laptop' } })).statusCode, 201);

  // Another browser: the same visitor, proven, gets the open conversation with a token of its own.
  const resumed = await resume({ user_id: 'u-42', user_hash: sign(secret, 'u-42') });
  t.equal(resumed.statusCode, 200);
  t.equal(resumed.json.conversation.id, first.json.conversation.id);
  t.not(resumed.json.token, first.json.token);
  const onPhone = await read(resumed.json.token, first.json.conversation.id);
  t.equal(onPhone.statusCode, 200);
  t.ok(onPhone.json.messages.some((message: { content: string }) => message.content === 'Hello from my laptop'), 'the phone reads the laptop’s conversation');
  t.equal((await read(first.json.token, first.json.conversation.id)).statusCode, 200, 'the laptop’s token still works');
  assertError(t, await read(resumed.json.token, unverified.json.conversation.id), 401, 'invalid_token', 'the new token opens only that conversation');
  t.same((await resume({ user_id: 'u-7', user_hash: sign(secret, 'u-7') })).json, { conversation: null, token: null }, 'a visitor with no conversation');
  assertError(t, await resume({ user_id: 'u-42', user_hash: sign(secret, 'u-43') }), 403, 'identity_not_verified');

  // Five more browsers: the newest five device tokens work, the oldest stops; the first browser's never does.
  const more = [];
  for (let i = 0; i < 5; i++) more.push((await resume({ user_id: 'u-42', user_hash: sign(secret, 'u-42') })).json.token as string);
  assertError(t, await read(resumed.json.token, first.json.conversation.id), 401, 'invalid_token', 'the oldest device token is dropped');
  for (const token of more) t.equal((await read(token, first.json.conversation.id)).statusCode, 200);
  t.equal((await read(first.json.token, first.json.conversation.id)).statusCode, 200);

  // Verification on: an unproven name is refused; an anonymous visitor still chats.
  t.equal((await api.request('PUT', widgetUrl, { key, payload: { identity_verification: true } })).statusCode, 200);
  assertError(t, await start({ user: { user_id: 'u-42', name: 'Ana Pop' } }), 403, 'identity_not_verified');
  t.equal((await start({})).statusCode, 201, 'no name, no proof needed');

  // A new secret replaces the old at once; an ended conversation is not resumed.
  const replaced = (await api.request('POST', `${widgetUrl}/identity-secret`, { key })).json.secret as string;
  t.not(replaced, secret);
  assertError(t, await resume({ user_id: 'u-42', user_hash: sign(secret, 'u-42') }), 403, 'identity_not_verified', 'the old secret’s hash is refused');
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${first.json.conversation.id}/end`, { key })).statusCode, 200);
  t.same((await resume({ user_id: 'u-42', user_hash: sign(replaced, 'u-42') })).json, { conversation: null, token: null }, 'ended: nothing to resume');
});

t.test('the identity secret’s route: the chatbot’s own key or the account’s, no other account, no sandbox, not archived', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string; api_key: string };
  const other = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Other' } })).json as { id: string; api_key: string };
  const route = (id: string) => `/api/v1/chatbots/${id}/widget/identity-secret`;
  t.equal((await api.request('POST', route(bot.id), { key: bot.api_key, payload: {} })).statusCode, 201, 'the chatbot’s own key');
  assertError(t, await api.request('POST', route(other.id), { key: bot.api_key, payload: {} }), 403, 'key_scope_chatbot');
  const globex = await api.account('starter', 'Globex');
  assertError(t, await api.request('POST', route(bot.id), { key: globex.live, payload: {} }), 404, 'chatbot_not_found', 'another account');
  assertError(t, await api.request('POST', route(bot.id), { key: acme.test, payload: {} }), 404, 'chatbot_not_found', 'the sandbox');
  assertError(t, await api.request('POST', route(bot.id), { payload: {} }), 401, 'missing_credentials');
  assertError(t, await api.request('POST', route(bot.id), { key: acme.live, payload: { secret: 'mine' } }), 400, 'validation_failed', 'the secret is never chosen by the caller');
  t.equal((await api.request('POST', `/api/v1/chatbots/${other.id}/archive`, { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('POST', route(other.id), { key: acme.live, payload: {} }), 409, 'chatbot_archived');
});

t.test('a verified visitor with an e-mail address is the conversation’s lead; an unproven one is not', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const key = acme.live;
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const secret = (await api.request('POST', `/api/v1/chatbots/${bot.id}/widget/identity-secret`, { key, payload: {} })).json.secret as string;
  const start = (user: Record<string, string>) => visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: { user } });
  const leads = async () => (await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}`, { key })).json.data as Array<Record<string, unknown>>;
  const conversation = async (id: string) => (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${id}`, { key })).json;

  const unproven = await start({ user_id: 'u-1', name: 'Eve', email: 'ceo@example.com' });
  t.equal(unproven.statusCode, 201);
  t.same(await leads(), [], 'anyone can claim a name: no lead from an unproven one');
  t.equal((await conversation(unproven.json.conversation.id)).lead_id, null);

  const proven = await start({ user_id: 'u-42', name: 'Ana Pop', email: 'ana@example.com', user_hash: sign(secret, 'u-42') });
  t.equal(proven.statusCode, 201);
  const [lead] = await leads();
  t.match(lead, { name: 'Ana Pop', email: 'ana@example.com', source: 'widget_identity', conversation_id: proven.json.conversation.id });
  t.equal((await conversation(proven.json.conversation.id)).lead_id, lead!.id, 'linked both ways');

  const noEmail = await start({ user_id: 'u-43', name: 'Bo', user_hash: sign(secret, 'u-43') });
  t.equal(noEmail.statusCode, 201);
  t.equal((await leads()).length, 1, 'without an e-mail address, no lead');

  // The same visitor again: the same lead, nothing replaced.
  const again = await start({ user_id: 'u-42', name: 'Ana P.', email: 'ANA@example.com', user_hash: sign(secret, 'u-42') });
  const all = await leads();
  t.equal(all.length, 1, 'one lead per address');
  t.equal(all[0]!.name, 'Ana Pop', 'a stored name is kept');
  t.equal((await conversation(again.json.conversation.id)).lead_id, lead!.id);

  // Their last conversation deleted by the owner: nothing to resume (not an error).
  const resume = () => visit(api, 'POST', `/widget/v1/${bot.id}/identity`, { payload: { user_id: 'u-42', user_hash: sign(secret, 'u-42') } });
  t.equal((await resume()).json.conversation.id, again.json.conversation.id);
  t.match((await api.request('DELETE', `/api/v1/chatbots/${bot.id}/conversations/${again.json.conversation.id}`, { key })).json, { deleted: true });
  const gone = await resume();
  t.equal(gone.statusCode, 200);
  t.same(gone.json, { conversation: null, token: null });
});
