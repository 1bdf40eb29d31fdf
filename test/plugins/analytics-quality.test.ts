// GET /api/v1/chatbots/{id}/quality: replies by outcome (answered, clarified, fallback), the
// suggestions visitors chose and the questions that fell back, on a real conversation mix; the
// period, the bounds, isolation, scopes and bad input; and the `clarified` count of the trends'
// question groups, live and rolled up alike. Both stores.
import t from 'tap';
import { newId } from '../../core/ids.js';
import { declareAnalytics } from '../../plugins/analytics/collections.js';
import { declareConversations, type MessageDoc } from '../../plugins/conversations/collections.js';
import { assertError, buildTestServer, settleKnowledge, TestClock, type TestServer } from '../helpers/server.js';

// Ids carry their time and the facts are read by id range: the test clock runs after the real one,
// and each test starts after the last (ids are monotonic per process, so a clock set back would
// date new ids at the latest time any test reached).
const START = '2030-11-21T10:00:00.000Z';
const clockAt = (iso: string) => new TestClock(new Date(iso));

const SHIPPING = { type: 'qa', question: 'Do you ship abroad?', answer: 'Yes, we ship to every country in the European Union.' };
const OPENING = { type: 'qa', question: 'When are you open?', answer: 'Monday to Friday, from 9 to 18.' };
/** Shares a word with SHIPPING only: clarified with its suggestion. */
const VAGUE = 'Can you ship my sofa?';
/** Shares no word with any pair: the fallback. */
const UNKNOWN = 'Do you sell umbrellas?';
const UNKNOWN_AGAIN = 'Sell umbrellas?';

interface Reply {
  id: string;
  answer_type: string;
  suggestions: Array<{ knowledge_id: string; question: string }>;
}


/** A chatbot with two Q&A pairs that clarifies below 0.95 and suggests from 0.05. */
async function clarifyingBot(api: TestServer, key: string, name = 'Shop') {
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name } })).json;
  const settings = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { answer: { min_confidence: 0.95, suggest_confidence: 0.05 } } });
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.payload}`);
  const pairs = [];
  for (const pair of [SHIPPING, OPENING]) pairs.push((await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key, payload: pair })).json.id as string);
  await settleKnowledge(api, key, bot.id);
  return { bot, shipping: pairs[0]!, opening: pairs[1]! };
}

async function start(api: TestServer, key: string, botId: string): Promise<string> {
  return (await api.request('POST', `/api/v1/chatbots/${botId}/conversations`, { key, payload: {} })).json.id;
}

async function say(api: TestServer, key: string, botId: string, conversationId: string, payload: Record<string, unknown>) {
  const turn = await api.request('POST', `/api/v1/chatbots/${botId}/conversations/${conversationId}/messages`, { key, payload });
  if (turn.statusCode !== 201) throw new Error(`message: ${turn.statusCode} ${turn.payload}`);
  return turn.json as { message: { id: string }; reply: Reply };
}

const quality = (api: TestServer, key: string, botId: string, query = '') => api.request('GET', `/api/v1/chatbots/${botId}/quality${query}`, { key });

async function qualityOk(api: TestServer, key: string, botId: string, query = '') {
  const response = await quality(api, key, botId, query);
  if (response.statusCode !== 200) throw new Error(`quality: ${response.statusCode} ${response.payload}`);
  return response.json;
}

t.test('a real mix: answered, clarified, fallback and a suggestion chosen', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt(START) });
  const acme = await api.account('professional');
  const { bot, shipping } = await clarifyingBot(api, acme.live);
  api.clock.advance(60_000);

  // 1: clarified, then the suggestion chosen (answered from the pair).
  const first = await start(api, acme.live, bot.id);
  const clarified = await say(api, acme.live, bot.id, first, { content: VAGUE });
  t.equal(clarified.reply.answer_type, 'clarify', 'a question sharing a word is clarified');
  t.ok(clarified.reply.suggestions.some((s) => s.knowledge_id === shipping), 'the shipping pair is suggested');
  const chosen = await say(api, acme.live, bot.id, first, { suggestion_id: shipping });
  t.equal(chosen.reply.answer_type, 'qa', 'the chosen item answers');
  // 2: two visitors ask the same unknown question, differently worded: one group.
  const second = await start(api, acme.live, bot.id);
  const fellBack = await say(api, acme.live, bot.id, second, { content: UNKNOWN });
  t.equal(fellBack.reply.answer_type, 'fallback', 'a question sharing no word falls back');
  const third = await start(api, acme.live, bot.id);
  t.equal((await say(api, acme.live, bot.id, third, { content: UNKNOWN_AGAIN })).reply.answer_type, 'fallback');
  // 3: clarified again, not chosen.
  t.equal((await say(api, acme.live, bot.id, third, { content: VAGUE })).reply.answer_type, 'clarify');

  const report = await qualityOk(api, acme.live, bot.id);
  t.same(report.turns, { answered: 1, clarified: 2, fallback: 2, total: 5, answered_share: 0.2, clarified_share: 0.4, fallback_share: 0.4 }, 'turns by outcome with their shares');
  const offered = clarified.reply.suggestions.find((s) => s.knowledge_id === shipping)!;
  t.same(report.suggestions_chosen, [{ knowledge_id: shipping, question: offered.question, times: 1 }], 'the item chosen, as offered');
  t.same(report.fell_back, [{ question: UNKNOWN, count: 2, conversation_id: second, message_id: fellBack.message.id }], 'both wordings in one group, the first as the sample');
  t.equal(report.chatbot_id, bot.id);
  t.equal(report.from, '2030-10-22T11:00:00.000Z', '30 days by default, in whole hours');
  t.equal(report.to, '2030-11-21T11:00:00.000Z');

  // The sample message becomes a Q&A pair with the existing route.
  const pair = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/qa-from-message`, {
    key: acme.live,
    payload: { message_id: report.fell_back[0].message_id, answer: 'No, only sofas.' },
  });
  t.equal(pair.statusCode, 201, 'qa-from-message takes the fell-back message');
  t.equal(pair.json.question, UNKNOWN);

  // The trends' question groups count the clarified questions, live and once rolled up.
  const period = 'from=2030-11-21T10:00:00Z&to=2030-11-21T11:00:00Z';
  const groupsOf = async () => {
    const trends = (await api.request('GET', `/api/v1/analytics/trends?${period}&chatbot_id=${bot.id}`, { key: acme.live })).json;
    return Object.fromEntries(trends.top_questions.map((g: any) => [g.question, [g.count, g.unanswered, g.clarified]]));
  };
  const live = await groupsOf();
  t.same(live[VAGUE], [2, 0, 2], 'the vague question: asked twice, clarified twice');
  t.same(live[UNKNOWN], [2, 2, 0], 'the unknown one: unanswered twice, never clarified');
  const unanswered = (await api.request('GET', `/api/v1/analytics/trends?${period}&chatbot_id=${bot.id}`, { key: acme.live })).json.top_unanswered;
  t.same(unanswered.map((g: any) => [g.question, g.clarified]), [[UNKNOWN, 0]], 'top_unanswered carries the clarified count');
  api.clock.set('2030-11-21T11:05:00.000Z');
  await api.server.plugins.analytics.rollup.drain();
  t.same(await groupsOf(), live, 'the same groups once the hour is rolled up');
  const allChatbots = (await api.request('GET', `/api/v1/analytics/trends?${period}`, { key: acme.live })).json.top_questions;
  t.same(allChatbots.find((g: any) => g.question === VAGUE)?.clarified, 2, 'and across every chatbot');
  // Once the day is built, a read of the whole day takes its day documents.
  api.clock.set('2030-11-22T01:05:00.000Z');
  await api.server.plugins.analytics.rollup.drain();
  const day = (await api.request('GET', `/api/v1/analytics/trends?from=2030-11-21T00:00:00Z&to=2030-11-22T00:00:00Z&chatbot_id=${bot.id}`, { key: acme.live })).json;
  t.same(day.top_questions.find((g: any) => g.question === VAGUE)?.clarified, 2, 'the day buckets keep the clarified count');
  const dayDocs = await declareAnalytics(api.platform.store).dayQuestions.forTenant({ accountId: acme.id, mode: 'live' }).list({ filter: { chatbot_id: bot.id }, limit: 10 });
  t.same(dayDocs.map((doc) => [doc.day, doc.groups.find((g) => g.text === VAGUE)?.clarified]), [['2030-11-21T00:00:00.000Z', 2]], 'a day document that counts it');
});

t.test('the period: only replies written in it, and at most 31 days', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2030-12-01T10:00:00.000Z') });
  const acme = await api.account('starter');
  const { bot } = await clarifyingBot(api, acme.live);
  api.clock.advance(60_000);
  const early = await start(api, acme.live, bot.id);
  await say(api, acme.live, bot.id, early, { content: UNKNOWN });
  api.clock.set('2030-12-03T10:30:00.000Z');
  const later = await start(api, acme.live, bot.id);
  await say(api, acme.live, bot.id, later, { content: VAGUE });

  const first = await qualityOk(api, acme.live, bot.id, '?from=2030-12-01T10:00:00Z&to=2030-12-02T00:00:00Z');
  t.match(first.turns, { answered: 0, clarified: 0, fallback: 1, total: 1 }, 'the first day: the fallback only');
  t.equal(first.fell_back.length, 1);
  const second = await qualityOk(api, acme.live, bot.id, '?from=2030-12-03T00:00:00Z');
  t.match(second.turns, { clarified: 1, fallback: 0, total: 1, clarified_share: 1, fallback_share: 0 }, 'from the third day on: the clarify only');
  t.same(second.fell_back, []);
  const none = await qualityOk(api, acme.live, bot.id, '?from=2030-11-01T00:00:00Z&to=2030-11-10T00:00:00Z');
  t.same(none.turns, { answered: 0, clarified: 0, fallback: 0, total: 0, answered_share: 0, clarified_share: 0, fallback_share: 0 }, 'shares are 0 without replies');
  t.equal((await qualityOk(api, acme.live, bot.id, '?from=2030-11-04T00:00:00Z&to=2030-12-05T00:00:00Z')).turns.total, 2, 'exactly 31 days is allowed');
  // Ids carry their time from the epoch on: a period before it (schemathesis found year 298) or
  // across it reads no message, and is not a 500.
  for (const period of ['?from=0298-02-23T20:12:33.5%2B00:00&to=0298-02-24T20:12:33.5%2B00:00', '?from=1969-12-31T00:00:00Z&to=1970-01-01T12:00:00Z']) {
    const old = await qualityOk(api, acme.live, bot.id, period);
    t.equal(old.turns.total, 0, `no reply in ${period}`);
  }

  assertError(t, await quality(api, acme.live, bot.id, '?from=2030-11-03T00:00:00Z&to=2030-12-05T00:00:00Z'), 400, 'validation_failed', 'a period over 31 days');
  const fromAlone = assertError(t, await quality(api, acme.live, bot.id, '?from=2030-10-01T00:00:00Z'), 400, 'validation_failed', '`from` alone further back than 31 days');
  t.match(fromAlone.message, /at most 31 days/);
  assertError(t, await quality(api, acme.live, bot.id, '?from=2030-12-03T00:00:00Z&to=2030-12-02T00:00:00Z'), 400, 'validation_failed', '`from` after `to`');
  assertError(t, await quality(api, acme.live, bot.id, '?from=yesterday'), 400, 'validation_failed', 'a date that is none');
  assertError(t, await quality(api, acme.live, bot.id, '?chatbot_id=cb_01j0000000000000000000000'), 400, 'validation_failed', 'the chatbot is the path’s');
  assertError(t, await quality(api, acme.live, 'cb_01j0000000000000000000000'), 404, 'chatbot_not_found', 'a chatbot that is none');
});

/** Messages stored as the conversations plugin stores them, for what would take hundreds of turns. */
async function storeMessages(api: TestServer, accountId: string, docs: Array<Omit<MessageDoc, 'answer_type' | 'confidence' | 'sources' | 'response_time_ms' | 'feedback' | 'feedback_comment' | 'created_at'> & Partial<MessageDoc>>) {
  const messages = declareConversations(api.platform.store).messages.forTenant({ accountId, mode: 'live' });
  for (const doc of docs) {
    api.clock.advance(1000);
    const at = api.clock.now();
    await messages.insert({ id: newId('msg', at.getTime()), answer_type: null, confidence: null, sources: [], response_time_ms: null, feedback: null, feedback_comment: null, created_at: at.toISOString(), ...doc });
  }
}

t.test('at most 20 suggestions chosen and 20 fell-back questions, most first', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-01-10T10:00:00.000Z') });
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const conversation = await start(api, acme.live, bot.id);
  const words = 'apple banana cherry damson elder fig grape hazel iris juniper kiwi lemon mango nectar olive peach quince rowan sloe tamarind ugli vanilla walnut'.split(' ');
  const base = { chatbot_id: bot.id, conversation_id: conversation };
  const docs: Parameters<typeof storeMessages>[2] = [];
  words.forEach((word, index) => {
    // The first word is asked three times, the second twice, the rest once.
    const times = index === 0 ? 3 : index === 1 ? 2 : 1;
    for (let n = 0; n < times; n++) {
      docs.push({ ...base, role: 'user', content: `Tell me about ${word}` });
      docs.push({ ...base, role: 'assistant', content: 'I don’t have an answer to that yet.', answer_type: 'fallback' });
      const item = `kn_${word}`;
      docs.push({ ...base, role: 'user', content: `Which ${word}?` });
      docs.push({ ...base, role: 'assistant', content: 'Did you mean…', answer_type: 'clarify', suggestions: [{ knowledge_id: item, question: `All about ${word}`, chunk_id: null }] });
      docs.push({ ...base, role: 'user', content: `All about ${word}`, suggestion_id: item });
      docs.push({ ...base, role: 'assistant', content: 'Here it is.', answer_type: 'qa' });
    }
  });
  await storeMessages(api, acme.id, docs);

  const report = await qualityOk(api, acme.live, bot.id);
  const replies = words.length + 3; // each word once, the first two again
  t.same(report.turns, { answered: replies, clarified: replies, fallback: replies, total: 3 * replies, answered_share: 0.3333, clarified_share: 0.3333, fallback_share: 0.3333 });
  t.equal(report.suggestions_chosen.length, 20, `20 of ${words.length} items chosen`);
  t.same(report.suggestions_chosen.slice(0, 3), [
    { knowledge_id: 'kn_apple', question: 'All about apple', times: 3 },
    { knowledge_id: 'kn_banana', question: 'All about banana', times: 2 },
    { knowledge_id: 'kn_cherry', question: 'All about cherry', times: 1 },
  ], 'most chosen first, then by item');
  t.equal(report.fell_back.length, 20, `20 of ${words.length} questions`);
  t.same(report.fell_back.slice(0, 2).map((g: any) => [g.question, g.count]), [['Tell me about apple', 3], ['Tell me about banana', 2]], 'most asked first');
  t.ok(report.fell_back.every((g: any) => g.conversation_id === conversation && /^msg_/.test(g.message_id)), 'each with its sample');
});

t.test('isolation: another account, the sandbox, chatbot keys and OAuth scopes', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-02-10T10:00:00.000Z') });
  const acme = await api.account('professional');
  const globex = await api.account('professional', 'Globex');
  const { bot } = await clarifyingBot(api, acme.live);
  const other = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Other' } })).json;
  api.clock.advance(60_000);
  await say(api, acme.live, bot.id, await start(api, acme.live, bot.id), { content: UNKNOWN });

  assertError(t, await quality(api, globex.live, bot.id), 404, 'chatbot_not_found', 'another account’s chatbot');
  assertError(t, await quality(api, acme.test, bot.id), 404, 'chatbot_not_found', 'a live chatbot from the sandbox');
  const sandboxBot = await clarifyingBot(api, acme.test, 'Sandbox shop');
  await say(api, acme.test, sandboxBot.bot.id, await start(api, acme.test, sandboxBot.bot.id), { content: VAGUE });
  const sandbox = await qualityOk(api, acme.test, sandboxBot.bot.id);
  t.match(sandbox.turns, { clarified: 1, fallback: 0, total: 1 }, 'the sandbox chatbot counts its own turns only');
  t.match((await qualityOk(api, acme.live, bot.id)).turns, { clarified: 0, fallback: 1, total: 1 }, 'the live chatbot its own');

  t.equal((await quality(api, bot.api_key, bot.id)).statusCode, 200, 'a chatbot key reads its own chatbot');
  assertError(t, await quality(api, bot.api_key, other.id), 403, 'key_scope_chatbot', 'but no other');

  const client = async (scopes: string[]) => {
    const created = (await api.request('POST', '/api/v1/oauth/clients', { key: acme.live, payload: { name: scopes.join(' '), scopes } })).json;
    const basic = `Basic ${Buffer.from(`${created.id}:${created.client_secret}`).toString('base64')}`;
    const token = await api.request('POST', '/oauth/token', { payload: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } });
    return token.json.access_token as string;
  };
  const leadsOnly = assertError(t, await quality(api, await client(['leads:read']), bot.id), 403, 'insufficient_scope', 'a token without analytics:read');
  t.match(leadsOnly.message, /analytics:read/);
  t.equal((await quality(api, await client(['analytics:read']), bot.id)).statusCode, 200, 'a token with analytics:read');
});
