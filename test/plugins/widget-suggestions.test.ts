// The widget's public message route with a clarify reply's suggestions: choosing one answers that
// item (JSON and streamed), an item the last reply did not offer is 422, a message with neither
// content nor a suggestion is 400. Both stores.
import t, { type Test } from 'tap';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import { parseEvents } from '../helpers/sse.js';

const ORIGIN = 'https://shop.example.com';
const PAIRS = [
  { question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.' },
  { question: 'How much does delivery cost?', answer: 'Delivery costs 4 euros, free from 50 euros.' },
  { question: 'Can I return shoes?', answer: 'Shoes can be returned within 30 days.' },
];
/** Shares "delivery" with two pairs and matches neither well: with the thresholds below, clarified. */
const VAGUE = 'delivery?';

async function clarifyingBot(t: Test, api: TestServer) {
  const { live: key } = await api.account('starter');
  const created = await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } });
  t.equal(created.statusCode, 201);
  const bot = created.json as { id: string };
  const settings = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, {
    key,
    payload: { answer: { min_confidence: 0.95, suggest_confidence: 0.05 } },
  });
  t.equal(settings.statusCode, 200, settings.payload);
  for (const pair of PAIRS) {
    const added = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key, payload: { type: 'qa', ...pair } });
    t.equal(added.statusCode, 201);
  }
  await api.server.plugins.knowledge.worker.drain();
  const putWidget = await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key, payload: { allowed_origins: [ORIGIN] } });
  t.equal(putWidget.statusCode, 200, putWidget.payload);
  return bot;
}

function visit(api: TestServer, method: string, url: string, options: { payload?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return api.request(method, url, { payload: options.payload, headers });
}

async function clarified(t: Test, api: TestServer, botId: string) {
  const started = await visit(api, 'POST', `/widget/v1/${botId}/conversations`, { payload: {} });
  t.equal(started.statusCode, 201);
  const { conversation, token } = started.json as { conversation: { id: string }; token: string };
  const messages = `/widget/v1/${botId}/conversations/${conversation.id}/messages`;
  const asked = await visit(api, 'POST', messages, { token, payload: { content: VAGUE } });
  t.equal(asked.statusCode, 201, asked.payload);
  const reply = asked.json.reply;
  t.equal(reply.content, 'I’m not sure I understood. Did you mean one of these?', 'the clarify phrase');
  t.ok(reply.suggestions.length >= 2 && reply.suggestions.length <= 3, 'two or three suggestions');
  t.same(
    reply.suggestions.map((suggestion: { question: string }) => suggestion.question).slice(0, 2).sort(),
    [PAIRS[0]!.question, PAIRS[1]!.question].sort(),
    'the two pairs about delivery first',
  );
  t.equal(reply.offers_handoff, true, 'a reply that was not sure still offers a person');
  t.same(asked.json.message.suggestions, [], 'the visitor’s message has none');
  return { messages, token, reply: reply as { id: string; suggestions: Array<{ knowledge_id: string; question: string }> } };
}

t.test('choosing a suggestion answers that item (JSON)', async (t) => {
  const api = await buildTestServer(t);
  const bot = await clarifyingBot(t, api);
  const { messages, token, reply } = await clarified(t, api, bot.id);
  const chosen = reply.suggestions.find((suggestion) => suggestion.question === PAIRS[1]!.question)!;

  const answered = await visit(api, 'POST', messages, { token, payload: { suggestion_id: chosen.knowledge_id } });
  t.equal(answered.statusCode, 201, answered.payload);
  t.equal(answered.json.message.content, PAIRS[1]!.question, 'the suggestion’s question is stored as the visitor’s message');
  t.equal(answered.json.reply.content, PAIRS[1]!.answer, 'the chosen pair’s answer');
  t.same(answered.json.reply.suggestions, [], 'a sure answer offers nothing');
  t.equal(answered.json.reply.offers_handoff, false);

  // The suggestions belonged to the reply before: that reply is no longer the last.
  const again = await visit(api, 'POST', messages, { token, payload: { suggestion_id: chosen.knowledge_id } });
  assertError(t, again, 422, 'suggestion_not_offered', 'an older reply’s suggestion');

  const read = await visit(api, 'GET', messages.replace(/\/messages$/, ''), { token });
  t.equal(read.statusCode, 200);
  const stored = read.json.messages as Array<{ role: string; suggestions: unknown[] }>;
  t.same(stored.map((message) => [message.role, message.suggestions.length]), [['user', 0], ['assistant', reply.suggestions.length], ['user', 0], ['assistant', 0]], 'read again: only the clarify reply has suggestions');
});

t.test('choosing a suggestion streamed', async (t) => {
  const api = await buildTestServer(t);
  const bot = await clarifyingBot(t, api);
  const { messages, token, reply } = await clarified(t, api, bot.id);
  const chosen = reply.suggestions.find((suggestion) => suggestion.question === PAIRS[0]!.question)!;
  const streamed = await visit(api, 'POST', messages, { token, payload: { suggestion_id: chosen.knowledge_id }, headers: { accept: 'text/event-stream' } });
  t.equal(streamed.statusCode, 200);
  const events = parseEvents(streamed.payload);
  t.equal(events[0]!.event, 'message');
  t.equal(events[0]!.data.content, PAIRS[0]!.question, 'the visitor’s message first, as the question chosen');
  const done = events.find((event) => event.event === 'done');
  t.equal(done?.data.reply.content, PAIRS[0]!.answer, 'done carries the chosen pair’s answer');
});

t.test('suggestions not offered, and bodies with nothing to say', async (t) => {
  const api = await buildTestServer(t);
  const bot = await clarifyingBot(t, api);

  // Before any reply: nothing was offered.
  const started = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} });
  const { conversation, token } = started.json as { conversation: { id: string }; token: string };
  const fresh = `/widget/v1/${bot.id}/conversations/${conversation.id}/messages`;
  const early = await visit(api, 'POST', fresh, { token, payload: { suggestion_id: 'kn_not_offered' } });
  assertError(t, early, 422, 'suggestion_not_offered', 'no reply yet');

  const { messages, token: clarifiedToken, reply } = await clarified(t, api, bot.id);
  const offered = new Set(reply.suggestions.map((suggestion) => suggestion.question));
  t.notOk(offered.has(PAIRS[2]!.question), 'the pair about shoes was not offered');
  const unknown = await visit(api, 'POST', messages, { token: clarifiedToken, payload: { suggestion_id: 'kn_00000000000000000000000000' } });
  assertError(t, unknown, 422, 'suggestion_not_offered', 'an id the reply did not offer');
  const stillOffered = await visit(api, 'POST', messages, { token: clarifiedToken, payload: { suggestion_id: reply.suggestions[0]!.knowledge_id } });
  t.equal(stillOffered.statusCode, 201, 'a refused choice leaves the offer standing');

  assertError(t, await visit(api, 'POST', messages, { token: clarifiedToken, payload: {} }), 400, 'validation_failed', 'an empty object');
  assertError(t, await visit(api, 'POST', messages, { token: clarifiedToken }), 400, 'validation_failed', 'no body at all');
  assertError(t, await visit(api, 'POST', messages, { token: clarifiedToken, payload: { content: '   ' } }), 400, 'validation_failed', 'blank content');
  assertError(t, await visit(api, 'POST', messages, { token: clarifiedToken, payload: { suggestion_id: '' } }), 400, 'validation_failed', 'an empty suggestion id');
});
