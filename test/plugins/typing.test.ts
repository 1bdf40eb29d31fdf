// Issue 28, the visitor's side of a handoff: typing indicators both ways (the dashboard's
// POST …/typing and the widget's poll; the widget's POST …/typing and the dashboard's GET), their
// staleness, throttling and errors, and the author (name and avatar) on agent messages, with the
// members' avatar. Runs on SQLite and, with TEST_STORE=ferretdb, MongoDB.
import t, { type Test } from 'tap';
import { accountWithOwner, addMember, asMember, ORIGIN, signIn } from '../helpers/members.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import type { DeepPartial, Config } from '../../config/index.js';

const PAGE = 'https://shop.example.com';
const AVATAR = 'https://cdn.shop.example/ann.png';

async function setUp(t: Test, config: DeepPartial<Config> = {}) {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN }, ...config } });
  const owner = await accountWithOwner(api, 'starter', 'owner@shop.example');
  const key = owner.live;
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const ann = await addMember(api, { key }, 'ann@shop.example', 'agent');
  const asAnn = asMember(api, ann.cookie);
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  return {
    api,
    key,
    bot,
    ann,
    asAnn,
    base,
    /** A widget conversation, as a page starts it. */
    async visit() {
      const started = await visitor(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} });
      if (started.statusCode !== 201) throw new Error(`start: ${started.payload}`);
      const { conversation, token } = started.json as { conversation: { id: string }; token: string };
      const widget = `/widget/v1/${bot.id}/conversations/${conversation.id}`;
      return {
        id: conversation.id,
        api: `${base}/${conversation.id}`,
        poll: async () => (await visitor(api, 'GET', widget, { token })).json,
        type: (payload: unknown = {}) => visitor(api, 'POST', `${widget}/typing`, { token, payload }),
      };
    },
    handoff: async (id: string) => {
      const response = await api.request('POST', `${base}/${id}/handoff`, { key });
      if (response.statusCode !== 200) throw new Error(`handoff: ${response.payload}`);
    },
  };
}

function visitor(api: TestServer, method: string, url: string, options: { payload?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: PAGE, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return api.request(method, url, { payload: options.payload, headers });
}

t.test('the agent types: the widget shows their name until the mark is stale or cleared', async (t) => {
  const s = await setUp(t);
  t.equal((await s.asAnn('PATCH', '/dashboard/profile', { name: 'Ann Agent', avatar_url: AVATAR })).statusCode, 200);
  const conversation = await s.visit();
  await s.handoff(conversation.id);
  t.equal((await conversation.poll()).agent_typing, null, 'nobody types yet');

  const typed = await s.asAnn('POST', `${conversation.api}/typing`, {});
  t.equal(typed.statusCode, 200);
  t.same(typed.json, { agent: { member_id: s.ann.id, name: 'Ann Agent', avatar_url: AVATAR }, visitor_typing: false });
  t.same((await conversation.poll()).agent_typing, { name: 'Ann Agent', avatar_url: AVATAR }, 'the visitor sees the name and avatar, nothing else');

  s.api.clock.advance(5_900);
  t.not((await conversation.poll()).agent_typing, null, 'still typing just under 6 s after the mark');
  s.api.clock.advance(200);
  t.equal((await conversation.poll()).agent_typing, null, 'stale 6 s after the last mark');

  await s.asAnn('POST', `${conversation.api}/typing`, { typing: true });
  t.not((await conversation.poll()).agent_typing, null);
  const stopped = await s.asAnn('POST', `${conversation.api}/typing`, { typing: false });
  t.equal(stopped.json.agent, null);
  t.equal((await conversation.poll()).agent_typing, null, '{"typing": false} clears it at once');

  const read = await s.api.request('GET', `${conversation.api}/typing`, { key: s.key });
  t.same(read.json, { agent: null, visitor_typing: false }, 'keys may read typing');
});

t.test('the visitor types: the agent reads it until the mark is stale or cleared', async (t) => {
  const s = await setUp(t);
  const conversation = await s.visit();
  await s.handoff(conversation.id);
  const typed = await conversation.type();
  t.equal(typed.statusCode, 204);
  t.equal(typed.headers['access-control-allow-origin'], PAGE, 'CORS for the page');
  t.equal((await s.asAnn('GET', `${conversation.api}/typing`)).json.visitor_typing, true);
  t.equal((await s.asAnn('POST', `${conversation.api}/typing`, {})).json.visitor_typing, true, 'the agent’s own mark answers it too');

  s.api.clock.advance(6_100);
  t.equal((await s.asAnn('GET', `${conversation.api}/typing`)).json.visitor_typing, false, 'stale after 6 s');

  await conversation.type({ typing: true });
  t.equal((await s.asAnn('GET', `${conversation.api}/typing`)).json.visitor_typing, true);
  t.equal((await conversation.type({ typing: false })).statusCode, 204);
  t.equal((await s.asAnn('GET', `${conversation.api}/typing`)).json.visitor_typing, false, 'cleared at once');
});

t.test('marks sent faster than once a second are not written again', async (t) => {
  const s = await setUp(t);
  const conversation = await s.visit();
  await s.handoff(conversation.id);
  await conversation.type();
  await s.asAnn('POST', `${conversation.api}/typing`, {});
  s.api.clock.advance(500);
  t.equal((await conversation.type()).statusCode, 204, 'a mark too soon is still answered');
  t.equal((await s.asAnn('POST', `${conversation.api}/typing`, {})).statusCode, 200);
  // Had the second marks been written, both would count until 6.5 s after the first.
  s.api.clock.advance(5_700);
  const read = (await s.asAnn('GET', `${conversation.api}/typing`)).json;
  t.same(read, { agent: null, visitor_typing: false }, 'the indicators lapse 6 s after the first marks');
});

t.test('the widget’s typing route has its own per-IP limit', async (t) => {
  const s = await setUp(t, { widget: { rate_limits: { requests_per_minute: 100, messages_per_minute: 10, forms_per_minute: 10, typing_per_minute: 3 } } });
  const conversation = await s.visit();
  await s.handoff(conversation.id);
  for (let i = 0; i < 3; i++) t.equal((await conversation.type()).statusCode, 204, `mark ${i + 1} of 3`);
  const limited = assertError(t, await conversation.type(), 429, 'rate_limited');
  t.match(limited.message, /typing/);
  t.ok((await conversation.type()).headers['retry-after'], 'Retry-After');
  t.equal((await conversation.poll()).conversation.status, 'handoff', 'the poll is not limited by it');
  s.api.clock.advance(61_000);
  t.equal((await conversation.type()).statusCode, 204, 'the next minute takes marks again');
});

t.test('typing: errors in the API’s shape', async (t) => {
  const s = await setUp(t);
  const conversation = await s.visit();

  // Not handed off: nobody types to the visitor, and the visitor types to no one.
  assertError(t, await s.asAnn('POST', `${conversation.api}/typing`, {}), 409, 'conversation_not_in_handoff');
  assertError(t, await conversation.type(), 409, 'conversation_not_in_handoff');
  t.same((await s.asAnn('GET', `${conversation.api}/typing`)).json, { agent: null, visitor_typing: false }, 'reading is fine');
  t.equal((await conversation.poll()).agent_typing, null);

  await s.handoff(conversation.id);
  assertError(t, await s.asAnn('POST', `${conversation.api}/typing`, { typing: 'yes' }), 400, 'validation_failed');
  assertError(t, await s.asAnn('POST', `${conversation.api}/typing`, { typing: true, name: 'Eve' }), 400, 'validation_failed');
  assertError(t, await conversation.type({ typing: 'soon' }), 400, 'validation_failed');
  assertError(t, await conversation.type({ who: 'agent' }), 400, 'validation_failed');
  assertError(t, await s.asAnn('GET', `${conversation.api}/typing?x=1`), 400, 'validation_failed');
  assertError(t, await s.asAnn('POST', `${s.base}/conv_01unknown/typing`, {}), 404, 'conversation_not_found');
  assertError(t, await s.asAnn('POST', `${s.base}/not-an-id/typing`, {}), 404, 'conversation_not_found', 'a malformed id is simply not found');
  assertError(t, await s.api.request('POST', `${conversation.api}/typing`, { key: s.key, payload: {} }), 403, 'member_required', 'a key types for nobody');
  assertError(t, await visitor(s.api, 'POST', `/widget/v1/${s.bot.id}/conversations/${conversation.id}/typing`, { payload: {} }), 401, 'missing_credentials', 'the widget needs the token');

  // Another account's member does not see the conversation.
  const other = await accountWithOwner(s.api, 'starter', 'owner@other.example');
  const asOther = asMember(s.api, await signIn(s.api, other.email));
  assertError(t, await asOther('POST', `${conversation.api}/typing`, {}), 404, 'chatbot_not_found');

  t.equal((await s.api.request('POST', `${conversation.api}/end`, { key: s.key })).statusCode, 200);
  assertError(t, await s.asAnn('POST', `${conversation.api}/typing`, {}), 409, 'conversation_ended');
  assertError(t, await conversation.type(), 401, 'invalid_token', 'an ended conversation’s token no longer works');
});

t.test('agent messages carry their author: name and avatar for the visitor, never the e-mail', async (t) => {
  const s = await setUp(t);
  t.equal((await s.asAnn('PATCH', '/dashboard/profile', { name: 'Ann Agent', avatar_url: AVATAR })).statusCode, 200);
  const conversation = await s.visit();
  await s.handoff(conversation.id);

  const byAnn = await s.asAnn('POST', `${conversation.api}/messages`, { role: 'agent', content: 'Hello, Ann here.' });
  t.equal(byAnn.statusCode, 201);
  t.same(byAnn.json.message.author, { member_id: s.ann.id, name: 'Ann Agent', avatar_url: AVATAR });
  const byKey = await s.api.request('POST', `${conversation.api}/messages`, { key: s.key, payload: { role: 'agent', content: 'Sent by our CRM.' } });
  t.equal(byKey.json.message.author, null, 'a key writes for nobody');

  const listed = await s.api.request('GET', `${conversation.api}/messages?order=asc`, { key: s.key });
  t.same(
    listed.json.data.map((message: { role: string; author: unknown }) => [message.role, message.author]),
    [
      ['agent', { member_id: s.ann.id, name: 'Ann Agent', avatar_url: AVATAR }],
      ['agent', null],
    ],
  );

  // The name and avatar as they were when the message was written.
  t.equal((await s.asAnn('PATCH', '/dashboard/profile', { name: 'Ann B.', avatar_url: null })).statusCode, 200);
  const polled = await conversation.poll();
  t.same(
    polled.messages.map((message: { content: string; author: unknown }) => [message.content, message.author]),
    [
      ['Hello, Ann here.', { name: 'Ann Agent', avatar_url: AVATAR }],
      ['Sent by our CRM.', null],
    ],
  );
  t.notMatch(JSON.stringify(polled), /ann@shop\.example|usr_/, 'neither the e-mail nor the member id reaches the visitor');

  const visitorTurn = await visitor(s.api, 'GET', `/widget/v1/${s.bot.id}/conversations/${conversation.id}`, {});
  t.equal(visitorTurn.statusCode, 401, 'and nobody reads it without the token');
});

t.test('members’ avatars: https only, with a length limit; each member sets their own', async (t) => {
  const s = await setUp(t);
  const profile = (avatar_url: unknown) => s.asAnn('PATCH', '/dashboard/profile', { avatar_url });
  for (const bad of ['http://cdn.shop.example/ann.png', 'javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'not a url', `https://cdn.example/${'a'.repeat(990)}.png`, 42]) {
    assertError(t, await profile(bad), 400, 'validation_failed', `refused: ${String(bad).slice(0, 40)}`);
  }
  assertError(t, await s.asAnn('PATCH', '/dashboard/profile', {}), 400, 'validation_failed', 'an empty change');
  assertError(t, await s.asAnn('PATCH', '/dashboard/profile', { role: 'owner' }), 400, 'validation_failed', 'no role through the profile');
  assertError(t, await s.api.request('PATCH', '/dashboard/profile', { key: s.key, payload: { name: 'Key' } }), 401, 'missing_credentials', 'a session route');

  const set = await profile(AVATAR);
  t.equal(set.statusCode, 200);
  t.equal(set.json.member.avatar_url, AVATAR);
  t.equal((await s.asAnn('GET', '/dashboard/session')).json.member.avatar_url, AVATAR);
  t.equal((await profile(null)).json.member.avatar_url, null, 'null removes it');

  // Owners and admins set anyone's through the members API.
  const patched = await s.api.request('PATCH', `/api/v1/members/${s.ann.id}`, { key: s.key, payload: { avatar_url: AVATAR } });
  t.equal(patched.statusCode, 200);
  t.equal(patched.json.avatar_url, AVATAR);
  assertError(t, await s.api.request('PATCH', `/api/v1/members/${s.ann.id}`, { key: s.key, payload: { avatar_url: 'http://x.example/a.png' } }), 400, 'validation_failed');
  const listed = await s.api.request('GET', '/api/v1/members', { key: s.key });
  t.ok(listed.json.data.every((member: { avatar_url?: unknown }) => member.avatar_url === null || typeof member.avatar_url === 'string'), 'every member has the field');
});
