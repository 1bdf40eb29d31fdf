// The visitor's request for their conversation's deletion (issue 33, "Privacy"): the widget's
// route behind the conversation token, recorded once on the conversation (`deletion_requested_at`)
// and published once as `conversation.deletion_requested`, also after the end; refused without the
// token, with another conversation's, or with a body; the owner then deletes through the API. Both
// stores.
import t from 'tap';
import { assertError, buildTestServer } from '../helpers/server.js';
import { visit, WIDGET_TEST_ORIGIN } from '../helpers/widget-visit.js';

const ORIGIN = WIDGET_TEST_ORIGIN;


t.test('asked once, recorded and published once, after the end too; the owner deletes', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const start = async () => (await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} })).json as { conversation: { id: string }; token: string };
  const visitor = await start();
  const other = await start();
  const route = (conversationId: string) => `/widget/v1/${bot.id}/conversations/${conversationId}/deletion-request`;
  const conversationUrl = `/api/v1/chatbots/${bot.id}/conversations/${visitor.conversation.id}`;
  t.equal((await visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${visitor.conversation.id}/messages`, { token: visitor.token, payload: { content: 'My order 4411 is late' } })).statusCode, 201);
  t.equal((await api.request('GET', conversationUrl, { key: acme.live })).json.deletion_requested_at, null, 'nothing asked yet');

  assertError(t, await visit(api, 'POST', route(visitor.conversation.id), { payload: {} }), 401, 'missing_credentials');
  assertError(t, await visit(api, 'POST', route(visitor.conversation.id), { token: other.token, payload: {} }), 401, 'invalid_token', 'another conversation’s token');
  assertError(t, await visit(api, 'POST', route(visitor.conversation.id), { token: visitor.token, payload: { delete: 'everything' } }), 400, 'validation_failed');

  const first = await visit(api, 'POST', route(visitor.conversation.id), { token: visitor.token, payload: {} });
  t.equal(first.statusCode, 202);
  t.equal(first.headers['access-control-allow-origin'], ORIGIN);
  t.type(first.json.requested_at, 'string');
  const read = (await api.request('GET', conversationUrl, { key: acme.live })).json;
  t.equal(read.deletion_requested_at, first.json.requested_at, 'recorded on the conversation');
  t.equal(read.message_count, 2, 'nothing is deleted by the visitor’s request (the message and its reply)');

  t.equal((await api.request('POST', `${conversationUrl}/end`, { key: acme.live })).statusCode, 200);
  const again = await visit(api, 'POST', route(visitor.conversation.id), { token: visitor.token });
  t.equal(again.statusCode, 202, 'after the end the token still asks (an empty body too)');
  t.equal(again.json.requested_at, first.json.requested_at, 'asking again answers the first time');

  const events = (await api.request('GET', '/api/v1/events?type=conversation.deletion_requested&limit=100', { key: acme.live })).json.data;
  t.equal(events.length, 1, 'published once');
  t.match(events[0], { type: 'conversation.deletion_requested', data: { id: visitor.conversation.id, deletion_requested_at: first.json.requested_at } });
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${other.conversation.id}`, { key: acme.live })).json.deletion_requested_at, null, 'the other conversation is untouched');

  t.match((await api.request('DELETE', conversationUrl, { key: acme.live })).json, { deleted: true }, 'the owner deletes it');
  assertError(t, await visit(api, 'POST', route(visitor.conversation.id), { token: visitor.token, payload: {} }), 404, 'conversation_not_found', 'a deleted conversation cannot be asked about');
});
