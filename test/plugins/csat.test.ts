// The visitor's rating of an ended conversation (CSAT, issue 28): the widget's rating route and its
// refusals, `csat` on the conversation, `conversation.rated`, and `csat_average` / `csat_responses`
// in analytics (live, rolled up, timeseries, export). Both stores.
import t from 'tap';
import { assertError, buildTestServer, TestClock, type TestServer } from '../helpers/server.js';
import { visit } from '../helpers/widget-visit.js';

// Analytics read hours by id range and ids carry their time: the test clock runs after the real one.
const clockAt = (iso: string) => new TestClock(new Date(iso));

interface Bot {
  id: string;
  api_key: string;
}

async function chatbot(api: TestServer, key: string, name = 'Shop'): Promise<Bot> {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`chatbot failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

async function putWidget(api: TestServer, key: string, bot: Bot, payload: Record<string, unknown>) {
  const response = await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key, payload });
  if (response.statusCode !== 200) throw new Error(`widget failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}


async function startVisit(api: TestServer, bot: Bot) {
  const response = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} });
  if (response.statusCode !== 201) throw new Error(`start failed ${response.statusCode}: ${response.payload}`);
  return response.json as { conversation: { id: string }; token: string };
}

async function end(api: TestServer, key: string, bot: Bot, conversationId: string) {
  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversationId}/end`, { key });
  if (response.statusCode !== 200) throw new Error(`end failed ${response.statusCode}: ${response.payload}`);
}

const rate = (api: TestServer, bot: Bot, visitor: { conversation: { id: string }; token: string }, payload: unknown) =>
  visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${visitor.conversation.id}/rating`, { token: visitor.token, payload });

t.test('the widget asks for stars by default; a rating is taken once, after the end', async (t) => {
  const api = await buildTestServer(t, { config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 100 } } } });
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);

  const settings = (await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live })).json;
  t.same(settings.rating, { mode: 'stars', comment: true }, 'stars with a comment unless the owner says otherwise');
  t.same((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.rating, { mode: 'stars', comment: true }, 'the page learns it from the config');

  const visitor = await startVisit(api, bot);
  await visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${visitor.conversation.id}/messages`, { token: visitor.token, payload: { content: 'Hello' } });
  assertError(t, await rate(api, bot, visitor, { score: 4 }), 409, 'conversation_not_ended', 'an open conversation');

  await end(api, acme.live, bot, visitor.conversation.id);
  for (const [payload, why] of [
    [{ score: 6 }, 'above 5'],
    [{ score: 0 }, 'a thumbs-down on the stars scale'],
    [{ score: 2.5 }, 'not an integer'],
    [{ score: 'four' }, 'not a number'],
    [{}, 'no score'],
    [{ score: 4, comment: 'x'.repeat(1001) }, 'a comment too long'],
    [{ score: 4, extra: true }, 'an unknown field'],
    [null, 'no body'],
  ] as const) {
    const refused = assertError(t, await rate(api, bot, visitor, payload), 400, 'validation_failed', why);
    t.ok(Array.isArray(refused.details) && refused.details.length > 0, `${why}: the field is named`);
  }
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${visitor.conversation.id}`, { key: acme.live })).json.csat, null, 'nothing stored by refusals');

  const rated = await rate(api, bot, visitor, { score: 4, comment: '  Quick and friendly  ' });
  t.equal(rated.statusCode, 201);
  t.match(rated.json.csat, { score: 4, scale: 'stars', comment: 'Quick and friendly', rated_at: /Z$/ });
  const stored = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${visitor.conversation.id}`, { key: acme.live })).json;
  t.same(stored.csat, rated.json.csat, 'the conversation carries the rating');
  const listed = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json.data;
  t.same(listed.find((c: { id: string }) => c.id === visitor.conversation.id).csat, rated.json.csat, 'and so does the list');

  assertError(t, await rate(api, bot, visitor, { score: 5 }), 409, 'already_rated', 'a second rating');
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${visitor.conversation.id}`, { key: acme.live })).json.csat.score, 4, 'the first rating stays');

  // Two ratings at once: one is taken, the other refused.
  const racer = await startVisit(api, bot);
  await end(api, acme.live, bot, racer.conversation.id);
  const both = await Promise.all([rate(api, bot, racer, { score: 1 }), rate(api, bot, racer, { score: 5 })]);
  t.same(both.map((response) => response.statusCode).sort(), [201, 409], 'one rating of two sent at once');

  const events = (await api.request('GET', '/api/v1/events?type=conversation.rated&limit=100', { key: acme.live })).json.data;
  t.equal(events.length, 2, 'one conversation.rated per rated conversation');
  const ofVisitor = events.find((event: { data: { id: string } }) => event.data.id === visitor.conversation.id);
  t.match(ofVisitor, { type: 'conversation.rated', data: { status: 'ended', csat: { score: 4, scale: 'stars', comment: 'Quick and friendly' } } });
});

t.test('the rating route refuses other conversations, other chatbots and widgets that do not ask', async (t) => {
  const api = await buildTestServer(t, { config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 100 } } } });
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const other = await chatbot(api, acme.live, 'Other');
  const visitor = await startVisit(api, bot);
  const elsewhere = await startVisit(api, other);
  await end(api, acme.live, bot, visitor.conversation.id);
  await end(api, acme.live, other, elsewhere.conversation.id);

  const path = (botId: string, convId: string) => `/widget/v1/${botId}/conversations/${convId}/rating`;
  assertError(t, await visit(api, 'POST', path(bot.id, 'conv_01hzzzzzzzzzzzzzzzzzzzzzzz'), { token: visitor.token, payload: { score: 3 } }), 401, 'invalid_token', 'an unknown conversation');
  assertError(t, await visit(api, 'POST', path(other.id, elsewhere.conversation.id), { token: visitor.token, payload: { score: 3 } }), 401, 'invalid_token', 'another chatbot’s conversation');
  assertError(t, await visit(api, 'POST', path(other.id, visitor.conversation.id), { token: visitor.token, payload: { score: 3 } }), 401, 'invalid_token', 'its conversation under another chatbot');
  assertError(t, await visit(api, 'POST', path(bot.id, visitor.conversation.id), { payload: { score: 3 } }), 401, 'missing_credentials', 'no token');
  // The token is checked before the path, as on every token route: a malformed id is a token for no conversation.
  assertError(t, await visit(api, 'POST', path(bot.id, 'not-an-id'), { token: visitor.token, payload: { score: 3 } }), 401, 'invalid_token', 'a malformed id');

  // Thumbs without comments: 1 up, 0 down, nothing else, and no comment.
  await putWidget(api, acme.live, bot, { rating: { mode: 'thumbs', comment: false } });
  t.same((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.rating, { mode: 'thumbs', comment: false });
  assertError(t, await rate(api, bot, visitor, { score: 4 }), 400, 'validation_failed', 'four on the thumbs scale');
  assertError(t, await rate(api, bot, visitor, { score: 1, comment: 'Nice' }), 400, 'validation_failed', 'a comment the widget does not take');
  const down = await rate(api, bot, visitor, { score: 0, comment: '' });
  t.equal(down.statusCode, 201, 'an empty comment is no comment');
  t.match(down.json.csat, { score: 0, scale: 'thumbs', comment: null });

  await putWidget(api, acme.live, other, { rating: { mode: 'off' } });
  assertError(t, await rate(api, other, elsewhere, { score: 1 }), 409, 'rating_disabled', 'a widget that does not ask');
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live, payload: { rating: { mode: 'smileys' } } }), 400, 'validation_failed', 'an unknown mode');
});

t.test('analytics: csat_average and csat_responses live, rolled up, per hour and exported', async (t) => {
  const api = await buildTestServer(t, {
    clock: clockAt('2031-02-10T10:00:00.000Z'),
    config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 100 } } },
  });
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const stars = await chatbot(api, acme.live, 'Stars');
  const thumbs = await chatbot(api, acme.live, 'Thumbs');
  await putWidget(api, acme.live, thumbs, { rating: { mode: 'thumbs' } });
  const period = 'from=2031-02-10T10:00:00Z&to=2031-02-10T12:00:00Z';
  const overview = async (query = period) => (await api.request('GET', `/api/v1/analytics/overview?${query}`, { key: acme.live })).json;

  api.clock.advance(60_000);
  const empty = await overview();
  t.equal(empty.csat_average, null, 'no ratings: no average');
  t.equal(empty.csat_responses, 0);

  // 10:00–11:00: stars 4 and 2, a thumbs-up (5); 11:00–12:00: a thumbs-down (1).
  const rated = async (bot: Bot, score: number) => {
    const visitor = await startVisit(api, bot);
    await end(api, acme.live, bot, visitor.conversation.id);
    const response = await rate(api, bot, visitor, { score });
    if (response.statusCode !== 201) throw new Error(`rating failed ${response.statusCode}: ${response.payload}`);
  };
  await rated(stars, 4);
  await rated(stars, 2);
  await rated(thumbs, 1);
  const unrated = await startVisit(api, stars);
  await end(api, acme.live, stars, unrated.conversation.id);
  api.clock.set('2031-02-10T11:30:00.000Z');
  await rated(thumbs, 0);

  const live = await overview();
  t.equal(live.csat_responses, 4, 'rated conversations, not ended ones');
  t.equal(live.csat_average, 3, '(4 + 2 + 5 + 1) / 4: a thumbs-up counts 5, a thumbs-down 1');
  const ofStars = (await api.request('GET', `/api/v1/analytics/overview?${period}&chatbot_id=${stars.id}`, { key: acme.live })).json;
  t.same([ofStars.csat_average, ofStars.csat_responses], [3, 2], 'one chatbot’s ratings');

  const series = (await api.request('GET', `/api/v1/analytics/timeseries?${period}&metric=csat_average&interval=hour`, { key: acme.live })).json;
  t.same(series.data.map((point: { value: number | null }) => point.value), [3.67, 1], 'per hour: (4 + 2 + 5) / 3, then 1');
  const counts = (await api.request('GET', `/api/v1/analytics/timeseries?${period}&metric=csat_responses&interval=hour`, { key: acme.live })).json;
  t.same(counts.data.map((point: { value: number }) => point.value), [3, 1]);

  api.clock.set('2031-02-10T12:05:00.000Z');
  const rollup = api.server.plugins.analytics.rollup;
  await rollup.drain();
  const rolled = await overview();
  t.same([rolled.csat_average, rolled.csat_responses], [3, 4], 'the same once both hours are rolled up');
  await rollup.rebuild(tenant, Date.parse('2031-02-10T00:00:00Z'), Date.parse('2031-02-11T00:00:00Z'));
  t.same([(await overview()).csat_average, (await overview()).csat_responses], [3, 4], 'and after a rebuild');

  const exported = (await api.request('GET', `/api/v1/analytics/export?${period}&format=json&interval=hour`, { key: acme.live })).json;
  t.same(exported.data.map((row: { csat_average: number | null; csat_responses: number }) => [row.csat_average, row.csat_responses]), [[3.67, 3], [1, 1]], 'exported per hour');
  const csv = (await api.request('GET', `/api/v1/analytics/export?${period}&interval=hour`, { key: acme.live })).payload;
  t.match(csv.split('\r\n')[0], /,csat_average,csat_responses,tokens_in,tokens_out$/, 'the CSV names the columns');
});

t.test('eight ratings at once: exactly one is taken, one conversation.rated', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live);
  const crowd = await startVisit(api, bot);
  await end(api, acme.live, bot, crowd.conversation.id);
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => rate(api, bot, crowd, { score: 1 + (i % 5) })));
  t.same(answers.map((response) => response.statusCode).sort(), [201, 409, 409, 409, 409, 409, 409, 409]);
  const events = (await api.request('GET', '/api/v1/events?type=conversation.rated&limit=100', { key: acme.live })).json.data;
  t.equal(events.length, 1, 'one event');
});
