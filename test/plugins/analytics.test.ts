// Analytics: exact figures on a known workload (live, rolled up, and rebuilt), time zones and DST,
// roll-ups claimed once across instances, isolation, plan rules and bad input, on either store.
import t from 'tap';
import { newId } from '../../core/ids.js';
import { declareConversations } from '../../plugins/conversations/collections.js';
import { assertError, buildTestServer, builtInApiOf, TestClock, type TestServer } from '../helpers/server.js';

// Ids carry their time (ULIDs, monotonic per process) and analytics read hours by id range, so the
// test clock starts after the real one: ids made by the test then follow the test clock.
const clockAt = (iso: string) => new TestClock(new Date(iso));

type Api = TestServer;

async function chatbot(api: Api, key: string, name: string, language = 'en') {
  return (await api.request('POST', '/api/v1/chatbots', { key, payload: { name, language } })).json;
}

async function converse(api: Api, key: string, botId: string, questions: string[], end?: { resolution?: string }) {
  const conversation = (await api.request('POST', `/api/v1/chatbots/${botId}/conversations`, { key, payload: {} })).json;
  const replies = [];
  for (const content of questions) {
    const turn = await api.request('POST', `/api/v1/chatbots/${botId}/conversations/${conversation.id}/messages`, { key, payload: { content } });
    replies.push(turn.json.reply);
  }
  if (end) await api.request('POST', `/api/v1/chatbots/${botId}/conversations/${conversation.id}/end`, { key, payload: end });
  return { conversation, replies };
}

/** Assistant replies with given response times, stored as the conversations plugin stores them. */
async function timedReplies(api: Api, tenant: { accountId: string; mode: 'live' }, botId: string, conversationId: string, times: number[]) {
  const messages = declareConversations(api.platform.store).messages.forTenant(tenant);
  for (const ms of times) {
    const at = api.clock.now();
    await messages.insert({
      id: newId('msg', at.getTime()),
      chatbot_id: botId,
      conversation_id: conversationId,
      role: 'assistant',
      content: 'An answer',
      answer_type: 'qa',
      confidence: 0.9,
      sources: [],
      response_time_ms: ms,
      feedback: null,
      feedback_comment: null,
      created_at: at.toISOString(),
    });
  }
}

const get = async (api: Api, key: string, path: string) => {
  const response = await api.request('GET', path, { key });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.payload}`);
  return response.json;
};

const strip = (overview: any) => {
  const { from: _from, to: _to, tz: _tz, chatbot_id: _chatbot, ...figures } = overview;
  return figures;
};

t.test('exact figures on a known workload: live, rolled up, rebuilt; timeseries and trends', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2030-11-21T10:00:00.000Z') });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const shop = await chatbot(api, acme.live, 'Shop');
  const laden = await chatbot(api, acme.live, 'Laden', 'de');

  // Hour 10:00–11:00.
  api.clock.advance(60_000);
  const first = await converse(api, acme.live, shop.id, ['What are your opening hours?'], {});
  const second = await converse(api, acme.live, shop.id, ['Opening hours, please', 'What does it cost?'], { resolution: 'resolved' });
  await api.request('POST', `/api/v1/chatbots/${shop.id}/conversations/${second.conversation.id}/messages/${second.replies[1].id}/feedback`, { key: acme.live, payload: { rating: 'down' } });
  const german = await converse(api, acme.live, laden.id, ['Wie sind die Öffnungszeiten?', 'Öffnungszeiten?']);
  await api.request('POST', `/api/v1/chatbots/${laden.id}/conversations/${german.conversation.id}/messages/${german.replies[0].id}/feedback`, { key: acme.live, payload: { rating: 'up' } });
  await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: shop.id, email: 'ana@example.com' } });
  await timedReplies(api, tenant, shop.id, first.conversation.id, [100, 200, 300, 400, 1000]);

  // Hour 11:00–12:00: the open hour when we read.
  api.clock.set('2030-11-21T11:20:00.000Z');
  await converse(api, acme.live, shop.id, ['opening hours?']);
  await api.request('POST', `/api/v1/chatbots/${laden.id}/conversations/${german.conversation.id}/end`, { key: acme.live, payload: { resolution: 'escalated' } });
  await timedReplies(api, tenant, shop.id, first.conversation.id, [2000]);

  const period = 'from=2030-11-21T10:00:00Z&to=2030-11-21T12:00:00Z';
  const live = await get(api, acme.live, `/api/v1/analytics/overview?${period}`);
  t.same(strip(live), {
    conversations: { total: 4, open: 1, ended: 3 },
    messages: { total: 18, user: 6, assistant: 12, agent: 0 },
    leads: 1,
    resolution: { resolved: 1, unresolved: 1, escalated: 1, rate: 0.3333 },
    response_time_ms: live.response_time_ms,
    feedback: { up: 1, down: 1 },
    csat_average: null,
    csat_responses: 0,
    fallback_rate: 0.5,
    tokens_in: 0,
    tokens_out: 0,
  }, 'every figure of the overview (no language model replied: no tokens)');
  // Twelve replies: six from the engine (a few ms) and 100, 200, 300, 400, 1000, 2000 ms; p95 is the 11th.
  t.ok(Math.abs(live.response_time_ms.p95 - 1000) <= 10, 'p95 within 1% of the exact value');
  const rollup = api.server.plugins.analytics.rollup;
  api.clock.set('2030-11-21T12:05:00.000Z');
  await rollup.drain();
  const rolled = await get(api, acme.live, `/api/v1/analytics/overview?${period}`);
  t.same(strip(rolled), strip(live), 'the same figures once both hours are rolled up');
  await rollup.rebuild(tenant, Date.parse('2030-11-21T00:00:00Z'), Date.parse('2030-11-22T00:00:00Z'));
  t.same(strip(await get(api, acme.live, `/api/v1/analytics/overview?${period}`)), strip(live), 'rebuild equals live');
  const series = await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=messages&interval=hour`);
  t.same(series.data.map((p: any) => p.value), [15, 3], 'hourly messages');
  t.equal(series.data.reduce((sum: number, p: any) => sum + p.value, 0), live.messages.total, 'the timeseries sums to the overview');
  const trends = await get(api, acme.live, `/api/v1/analytics/trends?${period}`);
  t.same(trends.current_figures, strip(live), 'trends: this period');
  t.equal(trends.previous.from, '2030-11-21T08:00:00.000Z', 'the previous period of the same length');
  t.equal(trends.previous_figures.conversations.total, 0);
  t.same(trends.top_unanswered.slice(0, 2).map((g: any) => [g.question, g.count, g.unanswered]).sort(), [
    ['What are your opening hours?', 2, 2],
    ['Wie sind die Öffnungszeiten?', 2, 2],
  ], 'the same question after analysis grouped (en, de), with a sample conversation');
  t.match(trends.top_unanswered[0].sample_conversation_id, /^conv_/);

  // Isolation: the sandbox and another account see nothing; a chatbot key sees its chatbot only.
  t.equal((await get(api, acme.test, `/api/v1/analytics/overview?${period}`)).conversations.total, 0, 'sandbox');
  const other = await api.account('professional');
  t.equal((await get(api, other.live, `/api/v1/analytics/overview?${period}`)).messages.total, 0, 'another account');
  assertError(t, await api.request('GET', `/api/v1/analytics/overview?chatbot_id=${shop.id}`, { key: other.live }), 404, 'chatbot_not_found');
  const ofLaden = await get(api, laden.api_key, `/api/v1/analytics/overview?${period}`);
  t.equal(ofLaden.chatbot_id, laden.id, 'a chatbot key: its chatbot');
  t.same([ofLaden.conversations.total, ofLaden.messages.total, ofLaden.feedback.up], [1, 4, 1]);
  assertError(t, await api.request('GET', `/api/v1/analytics/overview?chatbot_id=${shop.id}`, { key: laden.api_key }), 403, 'key_scope_chatbot');

  // Export (a full-access feature).
  const csv = await api.request('GET', `/api/v1/analytics/export?${period}&interval=hour`, { key: acme.live });
  t.match(csv.headers['content-type'], /^text\/csv/);
  t.equal(csv.payload.split('\r\n').length, 4, 'a header, two hours, a final line break');
  const json = await get(api, acme.live, `/api/v1/analytics/export?${period}&format=json`);
  t.equal(json.data[0].messages, 18, 'one day');
});

t.test('days in a time zone across DST, plan rules and bad input', async (t) => {
  // Europe/Berlin starts summer time on 2031-03-30: that local day has 23 hours. (Each test's clock
  // starts after the previous test's: ids are monotonic within the process.)
  const api = await buildTestServer(t, { clock: clockAt('2031-03-29T12:00:00.000Z') });
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live, 'Shop');
  await converse(api, acme.live, bot.id, ['hello'], {});
  api.clock.set('2031-03-29T23:30:00.000Z'); // 00:30 on the 30th in Berlin (UTC+1), still the 29th in UTC
  await converse(api, acme.live, bot.id, ['hello again']);
  api.clock.set('2031-03-31T12:00:00.000Z');
  await api.server.plugins.analytics.rollup.drain();
  const range = 'from=2031-03-28T23:00:00Z&to=2031-03-30T22:00:00Z';
  const series = await get(api, acme.live, `/api/v1/analytics/timeseries?metric=conversations&interval=day&tz=Europe/Berlin&${range}`);
  t.same(series.data.map((p: any) => [p.period, p.hours, p.value]), [
    ['2031-03-29', 24, 1],
    ['2031-03-30', 23, 1],
  ], 'a day of 24 hours, then the DST day of 23');
  const utc = await get(api, acme.live, `/api/v1/analytics/timeseries?metric=conversations&interval=day&${range}`);
  t.same(utc.data.map((p: any) => [p.period, p.value]), [['2031-03-28', 0], ['2031-03-29', 2], ['2031-03-30', 0]], 'UTC days');
  const kolkata = await get(api, acme.live, `/api/v1/analytics/timeseries?metric=conversations&interval=day&tz=Asia/Kolkata&${range}`);
  t.ok(kolkata.data.every((p: any) => p.hours <= 24), 'a half-hour offset: days of whole UTC hours');
  t.equal(kolkata.data.reduce((sum: number, p: any) => sum + p.value, 0), 2, 'every hour in one day');
  // Early years: dates keep four digits (year 159 was labelled "159-…", then a 500; schemathesis).
  const early = await get(api, acme.live, '/api/v1/analytics/timeseries?metric=messages&interval=week&tz=Africa/Porto-Novo&to=0159-09-13T18:32:55-00:18');
  t.ok(early.data.length >= 4 && early.data.every((p: any) => /^0159-\d\d-\d\d$/.test(p.period) && p.value === 0), 'weeks of year 0159');

  const starter = await api.account('starter');
  assertError(t, await api.request('GET', '/api/v1/analytics/export', { key: starter.live }), 403, 'plan_feature_unavailable');
  t.equal((await api.request('GET', '/api/v1/analytics/overview', { key: starter.live })).statusCode, 200, 'starter reads');

  const bad = async (query: string, path: string) => {
    const body = assertError(t, await api.request('GET', `/api/v1/analytics/${query}`, { key: acme.live }), 400, 'validation_failed', query);
    t.equal(body.details?.[0]?.path, path, `${query}: details name ${path}`);
  };
  await bad('overview?from=2031-03-27T00:00:00Z&to=2031-03-26T00:00:00Z', '');
  await bad('overview?tz=Mars/Olympus', 'tz');
  await bad('timeseries?metric=revenue', 'metric');
  await bad('overview?from=2029-01-01T00:00:00Z&to=2031-01-01T00:00:00Z', '');
  await bad('timeseries?metric=messages&interval=hour&from=2031-01-01T00:00:00Z&to=2031-03-01T00:00:00Z', '');
});

t.test('two instances roll the same hours up once', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-06-01T10:00:00.000Z') });
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live, 'Shop');
  for (let hour = 0; hour < 6; hour++) {
    await converse(api, acme.live, bot.id, ['hello']);
    api.clock.advance(3_600_000);
  }
  api.clock.advance(120_000);
  const { AnalyticsRollup } = await import('../../plugins/analytics/rollup.js');
  const first = api.server.plugins.analytics.rollup;
  const second = new AnalyticsRollup(builtInApiOf(api), (first as any).collections, (first as any).sources);
  await Promise.all([first.rollUpDue(), second.rollUpDue(), first.rollUpDue(), second.rollUpDue()]);
  const hours = [...first.rolledUp, ...second.rolledUp].map((entry) => entry.hour);
  t.equal(hours.length, 6, 'six closed hours rolled up');
  t.equal(new Set(hours).size, 6, 'none twice');
  t.equal((await get(api, acme.live, '/api/v1/analytics/overview')).conversations.total, 6);
});

t.test('a rating and a resolution changed after their hour was rolled up count in the hour of the change', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-09-01T10:00:00.000Z') });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const bot = await chatbot(api, acme.live, 'Shop');
  const rollup = api.server.plugins.analytics.rollup;
  const rate = (conversationId: string, messageId: string, rating: string) =>
    api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversationId}/messages/${messageId}/feedback`, { key: acme.live, payload: { rating } });
  const overview = async (from: string, to: string) => strip(await get(api, acme.live, `/api/v1/analytics/overview?from=${from}&to=${to}`));

  // Hour 10: A ends resolved and its reply is rated up; B ends unresolved (the fallback answered).
  api.clock.advance(60_000);
  const a = await converse(api, acme.live, bot.id, ['Do you ship abroad?'], { resolution: 'resolved' });
  await rate(a.conversation.id, a.replies[0].id, 'up');
  const b = await converse(api, acme.live, bot.id, ['Can I pay later?'], {});
  api.clock.set('2031-09-01T12:05:00.000Z');
  await rollup.drain();
  const hour10 = await overview('2031-09-01T10:00:00Z', '2031-09-01T11:00:00Z');
  t.same([hour10.conversations.ended, hour10.resolution, hour10.feedback], [2, { resolved: 1, unresolved: 1, escalated: 0, rate: 0.5 }, { up: 1, down: 0 }], 'hour 10 rolled up');

  // Hour 12: A's rating changes to down, B is marked resolved and its reply rated up for the first time.
  api.clock.set('2031-09-01T12:30:00.000Z');
  t.equal((await rate(a.conversation.id, a.replies[0].id, 'down')).statusCode, 200);
  t.equal((await rate(b.conversation.id, b.replies[0].id, 'up')).statusCode, 200);
  const patched = await api.request('PATCH', `/api/v1/chatbots/${bot.id}/conversations/${b.conversation.id}`, { key: acme.live, payload: { resolution: 'resolved' } });
  t.equal(patched.statusCode, 200);
  const expected12 = { resolution: { resolved: 1, unresolved: 0, escalated: 0, rate: 1 }, feedback: { up: 1, down: 1 }, ended: 0 };
  const live12 = await overview('2031-09-01T12:00:00Z', '2031-09-01T13:00:00Z');
  t.same({ resolution: live12.resolution, feedback: live12.feedback, ended: live12.conversations.ended }, expected12, 'the changes, live in the open hour');
  api.clock.set('2031-09-01T13:05:00.000Z');
  await rollup.drain();
  const rolled12 = await overview('2031-09-01T12:00:00Z', '2031-09-01T13:00:00Z');
  t.same({ resolution: rolled12.resolution, feedback: rolled12.feedback, ended: rolled12.conversations.ended }, expected12, 'the same once rolled up');
  t.same(await overview('2031-09-01T10:00:00Z', '2031-09-01T11:00:00Z'), hour10, 'the earlier hour keeps what it counted');
  const day = await overview('2031-09-01T00:00:00Z', '2031-09-02T00:00:00Z');
  t.same([day.conversations.ended, day.resolution.resolved, day.resolution.unresolved, day.feedback.up, day.feedback.down], [2, 2, 1, 2, 1], 'a period holding both counts each change where it happened');
  const series = await get(api, acme.live, '/api/v1/analytics/timeseries?from=2031-09-01T10:00:00Z&to=2031-09-01T13:00:00Z&metric=feedback_down&interval=hour');
  t.same(series.data.map((p: any) => p.value), [0, 0, 1], 'the thumbs-down in the hour it was given');

  // A rebuild counts each record's state now in the hour of its last change.
  await rollup.rebuild(tenant, Date.parse('2031-09-01T10:00:00Z'), Date.parse('2031-09-01T14:00:00Z'));
  const rebuilt10 = await overview('2031-09-01T10:00:00Z', '2031-09-01T11:00:00Z');
  t.same([rebuilt10.conversations.ended, rebuilt10.resolution.resolved, rebuilt10.resolution.unresolved, rebuilt10.feedback.up], [2, 1, 0, 0], 'hour 10 rebuilt: the changed rating and resolution moved');
  const rebuilt12 = await overview('2031-09-01T12:00:00Z', '2031-09-01T13:00:00Z');
  t.same({ resolution: rebuilt12.resolution, feedback: rebuilt12.feedback, ended: rebuilt12.conversations.ended }, expected12, 'hour 12 rebuilt: unchanged');
});

t.test('a thumbs-down given after its hour was rolled up makes the question unanswered in the hour it was given', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-09-15T10:00:00.000Z') });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const bot = await chatbot(api, acme.live, 'Shop');
  const rollup = api.server.plugins.analytics.rollup;
  const messages = declareConversations(api.platform.store).messages.forTenant(tenant);
  // A question the chatbot answered from its Q&A (not the fallback), stored as the plugin stores it.
  const answered = async (question: string) => {
    const { conversation } = await converse(api, acme.live, bot.id, []);
    const base = { chatbot_id: bot.id, conversation_id: conversation.id, sources: [], feedback: null, feedback_comment: null, created_at: api.clock.now().toISOString() };
    await messages.insert({ ...base, id: newId('msg', api.clock.now().getTime()), role: 'user', content: question, answer_type: null, confidence: null, response_time_ms: null } as any);
    api.clock.advance(1000);
    const reply = await messages.insert({ ...base, id: newId('msg', api.clock.now().getTime()), role: 'assistant', content: 'Here.', answer_type: 'qa', confidence: 0.9, response_time_ms: 40 } as any);
    return { conversationId: conversation.id, rate: (rating: string) => api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages/${reply.id}/feedback`, { key: acme.live, payload: { rating } }) };
  };
  const unanswered = async (from: string, to: string) =>
    (await get(api, acme.live, `/api/v1/analytics/trends?from=${from}&to=${to}`)).top_unanswered.map((g: any) => [g.question, g.count, g.unanswered, g.sample_conversation_id]);

  api.clock.set('2031-09-15T10:05:00.000Z');
  const shop = await answered('Where is your shop?');
  const delivery = await answered('Do you deliver on Sundays?');
  api.clock.set('2031-09-15T10:20:00.000Z');
  t.equal((await delivery.rate('down')).statusCode, 200, 'rated down within its hour');
  api.clock.set('2031-09-15T12:05:00.000Z');
  await rollup.drain();
  const hour10 = [['Do you deliver on Sundays?', 1, 1, delivery.conversationId]];
  t.same(await unanswered('2031-09-15T10:00:00Z', '2031-09-15T11:00:00Z'), hour10, 'hour 10: the reply rated down in its own hour');

  api.clock.set('2031-09-15T12:30:00.000Z');
  t.equal((await shop.rate('down')).statusCode, 200, 'rated down two hours later');
  const hour12 = [['Where is your shop?', 0, 1, shop.conversationId]];
  t.same(await unanswered('2031-09-15T12:00:00Z', '2031-09-15T13:00:00Z'), hour12, 'live: unanswered in the hour of the thumbs-down, asked before it');
  api.clock.set('2031-09-15T13:05:00.000Z');
  await rollup.drain();
  t.same(await unanswered('2031-09-15T12:00:00Z', '2031-09-15T13:00:00Z'), hour12, 'the same rolled up');
  t.same(await unanswered('2031-09-15T10:00:00Z', '2031-09-15T11:00:00Z'), hour10, 'hour 10 unchanged');
  const day = [
    ['Do you deliver on Sundays?', 1, 1, delivery.conversationId],
    ['Where is your shop?', 1, 1, shop.conversationId],
  ];
  t.same((await unanswered('2031-09-15T00:00:00Z', '2031-09-16T00:00:00Z')).sort(), day, 'the day: each asked once, unanswered once');
  await rollup.rebuild(tenant, Date.parse('2031-09-15T10:00:00Z'), Date.parse('2031-09-15T14:00:00Z'));
  t.same(await unanswered('2031-09-15T10:00:00Z', '2031-09-15T11:00:00Z'), hour10, 'rebuilt: hour 10');
  t.same((await unanswered('2031-09-15T00:00:00Z', '2031-09-16T00:00:00Z')).sort(), day, 'rebuilt: the late thumbs-down counted once, in its hour');

  // The same rating again (a new comment) keeps its date: the question is not unanswered twice.
  api.clock.set('2031-09-15T14:30:00.000Z');
  t.equal((await shop.rate('down')).statusCode, 200);
  t.same(await unanswered('2031-09-15T14:00:00Z', '2031-09-15T15:00:00Z'), [], 'no new thumbs-down in 14:00');

  // A human agent's message rated down later is not the chatbot failing a question.
  const { conversation } = await converse(api, acme.live, bot.id, []);
  await messages.insert({ id: newId('msg', api.clock.now().getTime()), chatbot_id: bot.id, conversation_id: conversation.id, role: 'user', content: 'Can I speak to someone?', answer_type: null, confidence: null, sources: [], response_time_ms: null, feedback: null, feedback_comment: null, created_at: api.clock.now().toISOString() } as any);
  api.clock.advance(1000);
  const agentNote = await messages.insert({ id: newId('msg', api.clock.now().getTime()), chatbot_id: bot.id, conversation_id: conversation.id, role: 'agent', content: 'Hello, Ana here.', answer_type: null, confidence: null, sources: [], response_time_ms: null, feedback: null, feedback_comment: null, created_at: api.clock.now().toISOString() } as any);
  api.clock.set('2031-09-15T16:10:00.000Z');
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages/${agentNote.id}/feedback`, { key: acme.live, payload: { rating: 'down' } })).statusCode, 200);
  t.same(await unanswered('2031-09-15T16:00:00Z', '2031-09-15T17:00:00Z'), [], 'an agent rated down: no unanswered question');

  // A question at 16:59 answered by the fallback at 17:00: asked in 16:00, unanswered in 17:00, live and rolled up.
  api.clock.set('2031-09-15T16:59:59.000Z');
  const { conversation: late } = await converse(api, acme.live, bot.id, []);
  await messages.insert({ id: newId('msg', api.clock.now().getTime()), chatbot_id: bot.id, conversation_id: late.id, role: 'user', content: 'Do you sell gift cards?', answer_type: null, confidence: null, sources: [], response_time_ms: null, feedback: null, feedback_comment: null, created_at: api.clock.now().toISOString() } as any);
  api.clock.set('2031-09-15T17:00:01.000Z');
  await messages.insert({ id: newId('msg', api.clock.now().getTime()), chatbot_id: bot.id, conversation_id: late.id, role: 'assistant', content: 'Sorry.', answer_type: 'fallback', confidence: 0, sources: [], response_time_ms: 30, feedback: null, feedback_comment: null, created_at: api.clock.now().toISOString() } as any);
  const across = async () => [
    await unanswered('2031-09-15T16:00:00Z', '2031-09-15T17:00:00Z'),
    await unanswered('2031-09-15T17:00:00Z', '2031-09-15T18:00:00Z'),
    await unanswered('2031-09-15T16:00:00Z', '2031-09-15T18:00:00Z'),
  ];
  const expected = [[], [['Do you sell gift cards?', 0, 1, late.id]], [['Do you sell gift cards?', 1, 1, late.id]]];
  t.same(await across(), expected, 'live: unanswered in the hour of the fallback');
  api.clock.set('2031-09-15T18:05:00.000Z');
  await rollup.drain();
  t.same(await across(), expected, 'rolled up: the same');
});

t.test('records written before ratings and resolutions were dated count at their message and end', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-10-01T10:00:00.000Z') });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const bot = await chatbot(api, acme.live, 'Shop');
  const { conversations, messages } = declareConversations(api.platform.store);
  const { conversation, replies } = await converse(api, acme.live, bot.id, ['hello'], { resolution: 'escalated' });
  // What an earlier build stored: no resolution_at, no feedback_at (read as null).
  await conversations.forTenant(tenant).update(conversation.id, { resolution_at: null });
  const raw = await conversations.forTenant(tenant).get(conversation.id);
  t.equal(raw?.resolution_at ?? null, null);
  await messages.forTenant(tenant).update(replies[0].id, { feedback: 'down', feedback_at: null });
  api.clock.set('2031-10-01T12:05:00.000Z');
  const live = strip(await get(api, acme.live, '/api/v1/analytics/overview?from=2031-10-01T10:00:00Z&to=2031-10-01T11:00:00Z'));
  t.same([live.resolution.escalated, live.feedback.down], [1, 1], 'counted with the end and with the reply');
  await api.server.plugins.analytics.rollup.drain();
  t.same(strip(await get(api, acme.live, '/api/v1/analytics/overview?from=2031-10-01T10:00:00Z&to=2031-10-01T11:00:00Z')), live, 'rolled up alike');
  const facts = api.server.plugins.conversations.facts;
  await t.rejects(facts.languages(tenant, Array.from({ length: 101 }, (_, i) => `conv_${i}`)), RangeError, 'at most 100 ids a call');
  t.same(await facts.languages(tenant, []), new Map());
});

t.test('top unanswered groups the same question in French and Romanian', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2031-11-01T10:00:00.000Z') });
  const acme = await api.account('professional');
  const boutique = await chatbot(api, acme.live, 'Boutique', 'fr');
  const magazin = await chatbot(api, acme.live, 'Magazin', 'ro');
  await converse(api, acme.live, boutique.id, ["Quels sont vos horaires d'ouverture ?"]);
  await converse(api, acme.live, boutique.id, ["Quelles sont les horaires d'ouverture?"]);
  await converse(api, acme.live, magazin.id, ['Care este programul de funcționare?']);
  await converse(api, acme.live, magazin.id, ['Programul de functionare, vă rog']);
  await converse(api, acme.live, magazin.id, ['Livrați în străinătate?']);
  api.clock.set('2031-11-01T10:30:00.000Z');
  const trends = await get(api, acme.live, '/api/v1/analytics/trends?from=2031-11-01T10:00:00Z&to=2031-11-01T11:00:00Z');
  t.same(trends.top_unanswered.slice(0, 2).map((g: any) => [g.question, g.count, g.unanswered]).sort(), [
    ['Care este programul de funcționare?', 2, 2],
    ["Quels sont vos horaires d'ouverture ?", 2, 2],
  ], 'fr: elided articles, plural and gender; ro: with and without diacritics');
  t.equal(trends.top_unanswered.length, 3, 'a different question stays apart');
});

t.test('day buckets: whole UTC days read as one document each, equal to their hours, rebuilt and raced', async (t) => {
  const api = await buildTestServer(t, { clock: clockAt('2032-01-10T20:00:00.000Z') });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const shop = await chatbot(api, acme.live, 'Shop');
  const laden = await chatbot(api, acme.live, 'Laden', 'de');
  const rollup = api.server.plugins.analytics.rollup;
  const collections = (rollup as any).collections as import('../../plugins/analytics/collections.js').AnalyticsCollections;
  const days = collections.days.forTenant(tenant);

  // Activity over three UTC days, some of it near midnight, so New York's days differ from UTC's.
  const at = async (iso: string, bot: { id: string }, questions: string[], end?: { resolution?: string }) => {
    api.clock.set(iso);
    return converse(api, acme.live, bot.id, questions, end);
  };
  await at('2032-01-10T22:30:00.000Z', shop, ['What are your opening hours?'], { resolution: 'resolved' });
  const rated = await at('2032-01-11T03:00:00.000Z', laden, ['Wie sind die Öffnungszeiten?']);
  await api.request('POST', `/api/v1/chatbots/${laden.id}/conversations/${rated.conversation.id}/messages/${rated.replies[0].id}/feedback`, { key: acme.live, payload: { rating: 'down' } });
  await at('2032-01-11T12:00:00.000Z', shop, ['Opening hours?', 'Do you ship abroad?'], {});
  await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: shop.id, email: 'bo@example.com' } });
  const late = await at('2032-01-11T23:30:00.000Z', shop, ['opening hours please']);
  await timedReplies(api, tenant, shop.id, late.conversation.id, [120, 480, 900]);
  await at('2032-01-12T01:00:00.000Z', laden, ['Öffnungszeiten?'], { resolution: 'escalated' });
  api.clock.set('2032-01-13T01:05:00.000Z');
  await rollup.drain();

  t.equal((await rollup.cursor(tenant)).days_built_to, '2032-01-13T00:00:00.000Z', 'every closed day built');
  const built = await days.list({ filter: { chatbot_id: '*' }, sort: { field: 'day', direction: 'asc' }, limit: 10 });
  t.same(built.map((d) => d.day), ['2032-01-10T00:00:00.000Z', '2032-01-11T00:00:00.000Z', '2032-01-12T00:00:00.000Z'], 'one marker a day');
  t.same([built[1]!.messages_user, built[1]!.conversations_started], [4, 3], 'a day sums its hours');

  const period = 'from=2032-01-10T00:00:00Z&to=2032-01-13T00:00:00Z';
  const reads = async () => ({
    all: strip(await get(api, acme.live, `/api/v1/analytics/overview?${period}`)),
    shop: strip(await get(api, acme.live, `/api/v1/analytics/overview?${period}&chatbot_id=${shop.id}`)),
    edges: strip(await get(api, acme.live, '/api/v1/analytics/overview?from=2032-01-10T21:00:00Z&to=2032-01-12T02:00:00Z')),
    utcDays: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=messages&interval=day`)).data,
    newYork: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=conversations&interval=day&tz=America/New_York`)).data,
    // Days cut in two: New York's after 5 hours (the shorter side first), Kolkata's after 19 (+5:30,
    // the shorter side last), Auckland's weeks on the UTC days that hold a local Monday midnight.
    newYorkShop: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&chatbot_id=${shop.id}&metric=messages&interval=day&tz=America/New_York`)).data,
    newYorkLaden: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&chatbot_id=${laden.id}&metric=feedback_down&interval=day&tz=America/New_York`)).data,
    kolkata: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=response_time_p95&interval=day&tz=Asia/Kolkata`)).data,
    aucklandWeeks: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=messages&interval=week&tz=Pacific/Auckland`)).data,
    hours: (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=messages&interval=hour`)).data,
    trends: await get(api, acme.live, `/api/v1/analytics/trends?${period}`),
    ladenTrends: (await get(api, acme.live, `/api/v1/analytics/trends?${period}&chatbot_id=${laden.id}`)).top_unanswered,
  });
  const withDays = await reads();
  t.same([withDays.all.conversations.total, withDays.all.messages.user, withDays.all.messages.assistant, withDays.all.leads], [5, 6, 9, 1]);
  // Nine replies: six from the engine (a few ms), then 120, 480 and 900 ms; p95 is the 8th.
  t.ok(Math.abs(withDays.all.response_time_ms.p95 - 480) <= 4.8, 'p95 from the day sketches, within 1%');
  t.same(withDays.utcDays.map((p: any) => p.value), [2, 11, 2], 'UTC days');
  t.same(withDays.newYork.map((p: any) => [p.period, p.hours, p.value]), [
    ['2032-01-09', 5, 0],
    ['2032-01-10', 24, 2],
    ['2032-01-11', 24, 3],
    ['2032-01-12', 19, 0],
  ], 'New York days (UTC−5) are not UTC days: each UTC day read in two');
  t.same(withDays.newYorkShop.map((p: any) => p.value), [0, 2, 9, 0], 'one chatbot’s New York days');
  t.same(withDays.newYorkLaden.map((p: any) => p.value), [0, 1, 0, 0], 'the other’s');
  t.same(withDays.kolkata.map((p: any) => [p.period, p.hours]), [['2032-01-10', 19], ['2032-01-11', 24], ['2032-01-12', 24], ['2032-01-13', 5]], 'Kolkata’s days (UTC+5:30)');
  // Its 12th holds the late conversation's replies (the engine's, then 120, 480 and 900 ms) and one more.
  t.ok(Math.abs(withDays.kolkata[2].value - 480) <= 4.8, `Kolkata’s 12th: p95 ${withDays.kolkata[2].value} ms, 480 within 1%, from the day's sketch less its last 5 hours'`);
  t.same(withDays.aucklandWeeks.reduce((sum: number, p: any) => sum + p.value, 0), 15, 'Auckland’s weeks hold every message');
  t.same(withDays.ladenTrends.map((g: any) => [g.question, g.count, g.unanswered]), [['Wie sind die Öffnungszeiten?', 2, 2]], 'one chatbot’s questions from its day documents');

  // The same reads with the day documents gone (hours only) are the same.
  await days.deleteMany({});
  await collections.dayQuestions.forTenant(tenant).deleteMany({});
  t.same(await reads(), withDays, 'days equal the sum of their hours');

  // A cursor made before days existed: its days are built from its oldest hour on.
  const cursors = collections.cursors.forTenant(tenant);
  const cursor = (await rollup.cursor(tenant))!;
  await cursors.update(cursor.id, { days_built_to: null as unknown as string, due_at: api.clock.now().toISOString() });
  await rollup.rollUpDue();
  t.equal((await days.list({ filter: { chatbot_id: '*' }, limit: 10 })).length, 3, 'days built from the oldest hour bucket');

  // Reads take a built day whole: a changed day document shows (then a rebuild puts it right).
  const marker = built[1]!;
  const stored = (await days.findOne({ chatbot_id: '*', day: marker.day }))!;
  await days.update(stored.id, { conversations_started: 100 });
  t.equal((await get(api, acme.live, `/api/v1/analytics/overview?${period}`)).conversations.total, 102, 'the day document is what is read');
  t.same(
    (await get(api, acme.live, `/api/v1/analytics/timeseries?${period}&metric=conversations&interval=day&tz=America/New_York`)).data.map((p: any) => p.value),
    [0, 2, 100, 0],
    'New York reads the day too: its longer side (the 11th from 05:00) is the day less its first 5 hours (1), plus the 12th’s first 5 (1)',
  );
  await rollup.rebuild(tenant, Date.parse('2032-01-11T05:00:00Z'), Date.parse('2032-01-11T06:00:00Z'));
  t.equal((await days.findOne({ chatbot_id: '*', day: marker.day }))!.conversations_started, 3, 'a rebuilt hour rebuilds its day');
  t.same(await reads(), withDays, 'and every read is as before');

  // Rolling an hour up again drops its day's documents in the same commit.
  await rollup.rollUpHour(tenant, Date.parse('2032-01-12T01:00:00Z'));
  t.equal(await days.count({ day: '2032-01-12T00:00:00.000Z' }), 0, 'the day is dropped');
  t.same(await reads(), withDays, 'its hours are read instead');

  // A read racing a rebuild: the day is dropped between the marker read and the chatbot's day
  // read; the read sees the marker change and takes that day's hours instead of a missing document.
  await rollup.rebuild(tenant, Date.parse('2032-01-12T01:00:00Z'), Date.parse('2032-01-12T02:00:00Z'));
  const daysCollection = collections.days as any;
  const forTenant = daysCollection.forTenant.bind(daysCollection);
  let dropped = 0;
  daysCollection.forTenant = (scope: any) => {
    const repository = forTenant(scope);
    // The repository's own methods through its prototype (it may be a class instance), list replaced.
    return Object.assign(Object.create(repository), {
      list: async (query: any) => {
        if (query.filter?.chatbot_id === shop.id && dropped === 0) {
          dropped += 1;
          await rollup.rollUpHour(tenant, Date.parse('2032-01-11T12:00:00Z'));
        }
        return repository.list(query);
      },
    });
  };
  t.teardown(() => {
    daysCollection.forTenant = forTenant;
  });
  t.same(strip(await get(api, acme.live, `/api/v1/analytics/overview?${period}&chatbot_id=${shop.id}`)), withDays.shop, 'a day dropped mid-read is read from its hours');
  daysCollection.forTenant = forTenant;
  t.equal(dropped, 1, 'the drop happened during the read');

  // The race: an hour rolled up again while its day is built from the hour as it was.
  const builder = (rollup as any).days as import('../../plugins/analytics/days.js').DayBuilder;
  const messages = declareConversations(api.platform.store).messages.forTenant(tenant);
  const store = api.platform.store;
  const commit = store.commit.bind(store);
  let raced = false;
  store.commit = async (ops) => {
    if (!raced && ops.some((op) => op.kind === 'insert' && op.collection === 'analytics_day_buckets')) {
      raced = true;
      await messages.insert({
        id: newId('msg', Date.parse('2032-01-12T01:30:00Z')),
        chatbot_id: laden.id,
        conversation_id: late.conversation.id,
        role: 'agent',
        content: 'A late agent note',
        answer_type: null,
        confidence: null,
        sources: [],
        response_time_ms: null,
        feedback: null,
        feedback_comment: null,
        created_at: '2032-01-12T01:30:00.000Z',
      } as any);
      await rollup.rollUpHour(tenant, Date.parse('2032-01-12T01:00:00Z'));
    }
    return commit(ops);
  };
  t.teardown(() => {
    store.commit = commit;
  });
  t.equal(await builder.build(tenant, Date.parse('2032-01-12T00:00:00Z')), true, 'built on the second try');
  store.commit = commit;
  t.ok(raced, 'the hour was rolled up during the build');
  t.equal((await days.findOne({ chatbot_id: '*', day: '2032-01-12T00:00:00.000Z' }))!.messages_agent, 1, 'the day holds the hour as rolled up last');
  t.equal((await get(api, acme.live, `/api/v1/analytics/overview?${period}`)).messages.agent, 1);
});
