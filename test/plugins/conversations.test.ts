// The conversations API: start, chat (JSON and server-sent events), agents and handoff, feedback,
// end and resolution, inactivity, leads seen in messages, export, events, and every route's 4xx.
import t from 'tap';
import type { EventEnvelope } from '../../core/events.js';
import { declareConversations } from '../../plugins/conversations/collections.js';
import { assertError, buildTestServer, TestClock, type TestServer } from '../helpers/server.js';
import { parseEvents } from '../helpers/sse.js';

// 55-71 s in CI runs on FerretDB (10-12 s on SQLite), and 115 s on a machine loaded by a second
// suite: over tap's default 120 s is too near. A hang still fails the file.
t.setTimeout(240_000);

interface Bot {
  id: string;
  api_key: string;
}

async function chatbot(api: TestServer, key: string, payload: Record<string, unknown> = { name: 'Shop' }): Promise<Bot> {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload });
  if (response.statusCode !== 201) throw new Error(`chatbot failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

async function knowledge(api: TestServer, key: string, bot: Bot, items: Array<Record<string, unknown>>) {
  for (const payload of items) {
    const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key, payload });
    if (response.statusCode !== 201) throw new Error(`knowledge failed ${response.statusCode}: ${response.payload}`);
  }
  await api.server.plugins.knowledge.worker.drain();
}

async function start(api: TestServer, key: string, bot: Bot, payload?: unknown) {
  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key, payload });
  if (response.statusCode !== 201) throw new Error(`start failed ${response.statusCode}: ${response.payload}`);
  return response.json as { id: string; status: string };
}

async function say(api: TestServer, key: string, bot: Bot, convId: string, content: string, role?: string) {
  return api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${convId}/messages`, {
    key,
    payload: role ? { content, role } : { content },
  });
}

async function settings(api: TestServer, key: string, bot: Bot, payload: Record<string, unknown>) {
  const response = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload });
  if (response.statusCode !== 200) throw new Error(`settings failed ${response.statusCode}: ${response.payload}`);
}

function recordEvents(api: TestServer): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  api.platform.events.subscribe('*', (event) => {
    events.push(event);
  });
  return events;
}

const SHOP_KNOWLEDGE = [
  { type: 'qa', question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.', alternatives: ['When will my order arrive?'] },
  { type: 'qa', question: 'Can I pay with PayPal?', answer: 'Yes, we accept PayPal and all major credit cards.' },
  {
    type: 'document',
    format: 'markdown',
    title: 'Returns policy',
    content:
      '# Returns\n\nYou can return any unused item within 30 days for a full refund. Refunds reach your card within five working days.\n\n' +
      '## Gift cards\n\nGift cards never expire and can be spent in the online shop.',
  },
];

t.test('a conversation from start to export', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live);
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);
  const events = recordEvents(api);

  const started = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, {
    key: acme.live,
    payload: { visitor: { id: 'v-42', name: 'Ada', locale: 'en-GB' }, metadata: { page: '/pricing' } },
  });
  t.equal(started.statusCode, 201);
  const conv = started.json;
  t.match(conv, {
    id: /^conv_[0-9a-z]{26}$/,
    chatbot_id: bot.id,
    status: 'open',
    channel: 'api',
    language: 'en',
    visitor: { id: 'v-42', name: 'Ada', locale: 'en-GB' },
    metadata: { page: '/pricing' },
    message_count: 0,
    resolution: null,
    ended_reason: null,
    lead_id: null,
    started_at: '2026-11-21T10:00:00.000Z',
    last_message_at: null,
    ended_at: null,
  });
  t.equal(started.headers.location, `/api/v1/chatbots/${bot.id}/conversations/${conv.id}`);

  api.clock.advance(1000);
  const qa = await say(api, acme.live, bot, conv.id, 'How long does delivery take?');
  t.equal(qa.statusCode, 201);
  t.match(qa.json.message, { id: /^msg_/, role: 'user', content: 'How long does delivery take?', answer_type: null, conversation_id: conv.id });
  t.match(qa.json.reply, {
    id: /^msg_/,
    role: 'assistant',
    content: 'Delivery takes 2 to 3 working days.',
    answer_type: 'qa',
    confidence: 1,
    feedback: null,
  });
  t.equal(qa.json.reply.sources.length, 1);
  t.match(qa.json.reply.sources[0], { title: 'How long does delivery take?', url: null, score: 1 });
  t.type(qa.json.reply.response_time_ms, 'number');
  t.ok(qa.json.reply.id > qa.json.message.id, 'the reply sorts after the question');
  t.match(qa.json.conversation, { message_count: 2, last_message_at: '2026-11-21T10:00:01.000Z' });

  const typo = await say(api, acme.live, bot, conv.id, 'how long does delivry take');
  t.match(typo.json.reply, { answer_type: 'qa', content: 'Delivery takes 2 to 3 working days.' }, 'a typo still matches');
  t.ok(typo.json.reply.confidence >= 0.5 && typo.json.reply.confidence < 1, `typo confidence ${typo.json.reply.confidence}`);

  const alternative = await say(api, acme.live, bot, conv.id, 'when will my order arrive');
  t.match(alternative.json.reply, { answer_type: 'qa', content: 'Delivery takes 2 to 3 working days.' }, 'an alternative phrasing');

  // Not sure enough to answer: the reply offers the pair instead (clarify), and choosing it answers it.
  const suggestion = await say(api, acme.live, bot, conv.id, 'delivery time abroad');
  t.match(suggestion.json.reply, { answer_type: 'clarify', content: 'I’m not sure I understood. Did you mean one of these?', sources: [] });
  t.match(suggestion.json.reply.suggestions[0], { question: 'How long does delivery take?' });
  t.ok(suggestion.json.reply.confidence >= 0.3 && suggestion.json.reply.confidence < 0.5, 'clarify between 0.3 and 0.5');

  const passage = await say(api, acme.live, bot, conv.id, 'When do refunds reach my card?');
  t.match(passage.json.reply, { answer_type: 'knowledge', content: /^Here’s what I found: .*Refunds reach your card within five working days\./ });
  t.match(passage.json.reply.sources[0], { title: 'Returns policy', snippet: /Refunds/ });
  t.ok(passage.json.reply.confidence > 0 && passage.json.reply.confidence <= 1);

  const unknown = await say(api, acme.live, bot, conv.id, 'What is the airspeed of an unladen swallow?');
  t.match(unknown.json.reply, { answer_type: 'fallback', content: "I'm sorry, I don't have an answer to that yet.", sources: [] });

  const messages = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages?order=asc&limit=100`, { key: acme.live });
  t.equal(messages.json.data.length, 12);
  t.same(
    messages.json.data.map((m: { role: string }) => m.role),
    ['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
  );
  const newestFirst = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages?limit=2&role=user`, { key: acme.live });
  t.same(newestFirst.json.data.map((m: { content: string }) => m.content), ['What is the airspeed of an unladen swallow?', 'When do refunds reach my card?']);
  t.equal(newestFirst.json.has_more, true);

  const ended = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live });
  t.equal(ended.statusCode, 200);
  t.match(ended.json, { status: 'ended', ended_reason: 'api', resolution: 'unresolved', ended_at: '2026-11-21T10:00:01.000Z' }, 'a fallback: unresolved');
  const again = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live, payload: {} });
  t.same(again.json, ended.json, 'ending again changes nothing');
  assertError(t, await say(api, acme.live, bot, conv.id, 'hello?'), 409, 'conversation_ended');

  const types = events.map((e) => e.type);
  t.same(types.filter((type) => type === 'conversation.started').length, 1);
  t.same(types.filter((type) => type === 'message.created').length, 12, 'one message.created per message');
  t.same(types.filter((type) => type === 'conversation.ended').length, 1, 'one conversation.ended');
  const endedEvent = events.find((e) => e.type === 'conversation.ended')!;
  t.match(endedEvent, { chatbot_id: bot.id, livemode: true, data: { id: conv.id, status: 'ended' } });
  const firstMessage = events.find((e) => e.type === 'message.created')!;
  t.match(firstMessage.data, { conversation_id: conv.id, role: 'user' });

  const exported = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export`, { key: acme.live });
  t.equal(exported.statusCode, 200);
  t.match(exported.headers['content-type'], /^application\/x-ndjson/);
  const lines = exported.payload.trim().split('\n').map((line) => JSON.parse(line));
  t.equal(lines.length, 1);
  t.match(lines[0], { id: conv.id, status: 'ended', resolution: 'unresolved' });
  t.equal(lines[0].messages.length, 12);
  t.same(lines[0].messages[0], messages.json.data[0], 'messages as the API shows them, oldest first');
});

t.test('server-sent events: message, deltas, then done with the stored reply', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);
  const conv = await start(api, acme.live, bot);

  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, {
    key: acme.live,
    payload: { content: 'Can I pay with PayPal?' },
    headers: { accept: 'text/event-stream' },
  });
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], /^text\/event-stream/);
  t.equal(response.headers['cache-control'], 'no-cache');
  const events = parseEvents(response.payload);
  t.equal(events[0]!.event, 'message');
  t.match(events[0]!.data, { role: 'user', content: 'Can I pay with PayPal?' });
  const deltas = events.filter((e) => e.event === 'delta');
  t.ok(deltas.length >= 2, `${deltas.length} deltas`);
  const done = events[events.length - 1]!;
  t.equal(done.event, 'done');
  t.equal(deltas.map((d) => d.data.content).join(''), done.data.reply.content, 'the deltas add up to the reply');
  t.match(done.data.reply, { answer_type: 'qa', content: 'Yes, we accept PayPal and all major credit cards.' });

  const stored = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages?order=asc`, { key: acme.live });
  t.same(stored.json.data, [done.data.message, done.data.reply], 'what was streamed is what is stored');

  // Refusals come before the stream, as JSON.
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live });
  const refused = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, {
    key: acme.live,
    payload: { content: 'still there?' },
    headers: { accept: 'text/event-stream' },
  });
  assertError(t, refused, 409, 'conversation_ended');
});

t.test('rules, handoff, agents and release', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, { name: 'Desk', personality: 'professional' });
  await settings(api, acme.live, bot, {
    personality: 'professional',
    // The promise of a person: this team answers handoffs without dashboard presence.
    handoff: { require_available_member: false },
    rules: [
      { name: 'pricing', match: { keywords: ['price list', 'tarif'] }, action: { type: 'reply', reply: 'Our prices are at example.com/pricing.' } },
      { match: { pattern: '\\b(human|agent|person)\\b' }, action: { type: 'handoff' } },
      { match: { keywords: ['call me'] }, action: { type: 'lead_request' } },
    ],
  });
  const events = recordEvents(api);
  const conv = await start(api, acme.live, bot);

  const priced = await say(api, acme.live, bot, conv.id, 'Where is your PRICE LIST?');
  t.match(priced.json.reply, { answer_type: 'rule', confidence: 1, content: 'Our prices are at example.com/pricing.' });
  const accent = await say(api, acme.live, bot, conv.id, 'Quel est le Tarif ?');
  t.match(accent.json.reply, { answer_type: 'rule' }, 'keywords match as words, ignoring case');
  const partial = await say(api, acme.live, bot, conv.id, 'tariffs please');
  t.not(partial.json.reply.answer_type, 'rule', 'a keyword inside another word does not match');

  const lead = await say(api, acme.live, bot, conv.id, 'please call me back');
  t.match(lead.json.reply, { answer_type: 'rule', content: 'May I have your e-mail address, so that our team can follow up with you?' });

  const handoff = await say(api, acme.live, bot, conv.id, 'I want to talk to a human');
  t.match(handoff.json.reply, { answer_type: 'rule', content: /transferring you to a member of our team/ });
  t.equal(handoff.json.conversation.status, 'handoff');
  const handoffEvent = events.find((e) => e.type === 'conversation.handoff');
  t.match(handoffEvent?.data, { id: conv.id, status: 'handoff' }, 'conversation.handoff with the handed-off conversation');

  const waiting = await say(api, acme.live, bot, conv.id, 'hello? anyone?');
  t.equal(waiting.statusCode, 201);
  t.equal(waiting.json.reply, null, 'the bot stays quiet while a human has it');

  const agent = await say(api, acme.live, bot, conv.id, 'Hi, I am Sam from support.', 'agent');
  t.equal(agent.statusCode, 201);
  t.match(agent.json, { message: { role: 'agent', content: 'Hi, I am Sam from support.', answer_type: null }, reply: null });

  const again = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/handoff`, { key: acme.live });
  t.equal(again.json.status, 'handoff', 'handing off again is a no-op');
  t.equal(events.filter((e) => e.type === 'conversation.handoff').length, 1);

  const released = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/release`, { key: acme.live });
  t.equal(released.json.status, 'open');
  assertError(t, await say(api, acme.live, bot, conv.id, 'me again', 'agent'), 409, 'conversation_not_in_handoff');
  const back = await say(api, acme.live, bot, conv.id, 'where is the price list');
  t.match(back.json.reply, { answer_type: 'rule' }, 'the bot answers again');
  const releasedAgain = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/release`, { key: acme.live });
  t.equal(releasedAgain.json.status, 'open', 'releasing an open conversation is a no-op');

  const byApi = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/handoff`, { key: acme.live, payload: {} });
  t.equal(byApi.json.status, 'handoff');
  const ended = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live, payload: { reason: 'visitor' } });
  t.match(ended.json, { status: 'ended', ended_reason: 'visitor', resolution: 'escalated' }, 'a handoff escalates');
  assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/handoff`, { key: acme.live }), 409, 'conversation_ended');
  assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/release`, { key: acme.live }), 409, 'conversation_ended');
  assertError(t, await say(api, acme.live, bot, conv.id, 'late', 'agent'), 409, 'conversation_ended');
});

t.test('feedback and resolution', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);

  const happy = await start(api, acme.live, bot);
  const turn = await say(api, acme.live, bot, happy.id, 'Can I pay with PayPal?');
  const feedbackUrl = (convId: string, msgId: string) => `/api/v1/chatbots/${bot.id}/conversations/${convId}/messages/${msgId}/feedback`;
  const up = await api.request('POST', feedbackUrl(happy.id, turn.json.reply.id), { key: acme.live, payload: { rating: 'up', comment: 'Great' } });
  t.equal(up.statusCode, 200);
  t.match(up.json, { id: turn.json.reply.id, feedback: 'up', feedback_comment: 'Great' });
  assertError(t, await api.request('POST', feedbackUrl(happy.id, turn.json.message.id), { key: acme.live, payload: { rating: 'up' } }), 409, 'conflict', 'the visitor’s own message');
  const ended = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${happy.id}/end`, { key: acme.live });
  t.equal(ended.json.resolution, 'resolved', 'no fallback, no thumbs-down, no handoff: resolved');

  const down = await api.request('POST', feedbackUrl(happy.id, turn.json.reply.id), { key: acme.live, payload: { rating: 'down' } });
  t.match(down.json, { feedback: 'down', feedback_comment: null }, 'rating again replaces it, even after the end');
  const after = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${happy.id}`, { key: acme.live });
  t.equal(after.json.resolution, 'unresolved', 'a thumbs-down undoes an automatic "resolved"');

  const set = await api.request('PATCH', `/api/v1/chatbots/${bot.id}/conversations/${happy.id}`, {
    key: acme.live,
    payload: { resolution: 'resolved', metadata: { ticket: 'T-1' } },
  });
  t.match(set.json, { resolution: 'resolved', metadata: { ticket: 'T-1' } }, 'settable by API');

  const preset = await start(api, acme.live, bot);
  await say(api, acme.live, bot, preset.id, 'What is the airspeed of an unladen swallow?');
  await api.request('PATCH', `/api/v1/chatbots/${bot.id}/conversations/${preset.id}`, { key: acme.live, payload: { resolution: 'resolved' } });
  const endedPreset = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${preset.id}/end`, { key: acme.live });
  t.equal(endedPreset.json.resolution, 'resolved', 'a resolution the caller set sticks at the end');

  const overridden = await start(api, acme.live, bot);
  const endedOverride = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${overridden.id}/end`, {
    key: acme.live,
    payload: { resolution: 'escalated' },
  });
  t.equal(endedOverride.json.resolution, 'escalated', 'end takes a resolution');

  const silent = await start(api, acme.live, bot);
  const endedSilent = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${silent.id}/end`, { key: acme.live });
  t.equal(endedSilent.json.resolution, null, 'nothing asked, nothing resolved');

  const list = async (query: string) =>
    (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations?${query}`, { key: acme.live })).json.data.map((c: { id: string }) => c.id);
  t.same(await list('resolution=resolved'), [preset.id, happy.id]);
  t.same(await list('resolution=escalated'), [overridden.id]);
  t.same(await list('status=ended&order=asc'), [happy.id, preset.id, overridden.id, silent.id]);
  t.same(await list('status=open'), []);
  t.same(await list('channel=api&limit=1'), [silent.id]);
  t.same(await list('channel=widget'), []);
});

t.test('inactivity ends conversations through the scheduled closer', async (t) => {
  const clock = new TestClock();
  const api = await buildTestServer(t, { clock });
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await settings(api, acme.live, bot, { inactivity_timeout_minutes: 10 });
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);
  const events = recordEvents(api);
  const closer = api.server.plugins.conversations.inactivity;

  const quiet = await start(api, acme.live, bot);
  const chatty = await start(api, acme.live, bot);
  await say(api, acme.live, bot, quiet.id, 'Can I pay with PayPal?');
  clock.advance(9 * 60_000);
  await closer.drain();
  t.equal(events.filter((e) => e.type === 'conversation.ended').length, 0, 'nothing is due before the timeout');
  await say(api, acme.live, bot, chatty.id, 'How long does delivery take?');
  clock.advance(60_000 + 1);
  await closer.drain();
  const quietNow = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${quiet.id}`, { key: acme.live });
  t.match(quietNow.json, { status: 'ended', ended_reason: 'inactivity', resolution: 'resolved' });
  const chattyNow = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${chatty.id}`, { key: acme.live });
  t.equal(chattyNow.json.status, 'open', 'a message moved its deadline');
  t.equal(events.filter((e) => e.type === 'conversation.ended').length, 1);

  clock.advance(10 * 60_000);
  await closer.drain();
  await closer.drain();
  t.equal(events.filter((e) => e.type === 'conversation.ended').length, 2, 'the other one, once: an ended conversation is never due again');
});

t.test('leads seen in a conversation', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);
  await settings(api, acme.live, bot, { lead_capture: { enabled: true, ask_after_messages: 2, fields: ['name', 'email'] } });
  const events = recordEvents(api);

  const conv = await start(api, acme.live, bot);
  const first = await say(api, acme.live, bot, conv.id, 'Can I pay with PayPal?');
  t.equal(first.json.reply.content, 'Yes, we accept PayPal and all major credit cards.', 'not asked yet');
  const second = await say(api, acme.live, bot, conv.id, 'How long does delivery take?');
  t.equal(
    second.json.reply.content,
    'Delivery takes 2 to 3 working days.\n\nCould you leave your name and e-mail address so our team can get back to you?',
    'asked after the second visitor message',
  );
  const answer = await say(api, acme.live, bot, conv.id, 'Ada Lovelace, ada@example.com');
  t.match(answer.json.reply, { answer_type: 'rule', content: 'Thank you! We’ll be in touch.' });
  t.match(answer.json.conversation.lead_id, /^lead_/);
  const captured = events.filter((e) => e.type === 'lead.captured');
  t.equal(captured.length, 1);
  t.match(captured[0]!.data, {
    id: answer.json.conversation.lead_id,
    chatbot_id: bot.id,
    conversation_id: conv.id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    status: 'new',
    source: 'conversation',
  });
  const third = await say(api, acme.live, bot, conv.id, 'How long does delivery take?');
  t.equal(third.json.reply.content, 'Delivery takes 2 to 3 working days.', 'asked once only');

  // The same e-mail in another conversation updates the same lead; a phone number is added.
  const other = await start(api, acme.live, bot);
  const phone = await say(api, acme.live, bot, other.id, 'It is ADA@example.com again, my phone is +44 20 7946 0958');
  t.equal(phone.json.conversation.lead_id, answer.json.conversation.lead_id, 'one lead per e-mail per chatbot');
  t.equal(events.filter((e) => e.type === 'lead.captured').length, 1, 'an update is not a capture');
  const updated = events.find((e) => e.type === 'lead.updated')!;
  t.match(updated.data, { email: 'ada@example.com', phone: '+442079460958', name: 'Ada Lovelace', previous_attributes: { phone: null } }, 'lead.updated, the phone in E.164');

  const withLeads = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations?has_lead=true`, { key: acme.live });
  t.same(withLeads.json.data.map((c: { id: string }) => c.id), [other.id, conv.id]);
  const without = await start(api, acme.live, bot);
  const noLead = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations?has_lead=false`, { key: acme.live });
  t.same(noLead.json.data.map((c: { id: string }) => c.id), [without.id]);
  const order = await say(api, acme.live, bot, without.id, 'My order number is 12345678, where is it?');
  t.equal(order.json.conversation.lead_id, null, 'an order number is not a phone number');

  // Only the message right after the request answers it.
  const later = await start(api, acme.live, bot);
  await say(api, acme.live, bot, later.id, 'Can I pay with PayPal?');
  const asked = await say(api, acme.live, bot, later.id, 'Can I pay with PayPal?');
  t.match(asked.json.reply.content, /Could you leave your name/);
  api.clock.advance(1000);
  await say(api, acme.live, bot, later.id, 'How long does delivery take?');
  api.clock.advance(1000);
  const bare = await say(api, acme.live, bot, later.id, 'Grace Hopper');
  t.equal(bare.json.conversation.lead_id, null, 'a bare name two messages later is not read as the answer');
});

t.test('personality and language shape the fixed phrases', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, { name: 'Laden', language: 'de', personality: 'concise' });
  await settings(api, acme.live, bot, {
    language: 'de',
    personality: 'concise',
    handoff: { require_available_member: false },
    rules: [{ match: { keywords: ['mensch'] }, action: { type: 'handoff' } }],
  });
  const conv = await start(api, acme.live, bot);
  const fallback = await say(api, acme.live, bot, conv.id, 'Wie hoch ist der Mount Everest?');
  t.match(fallback.json.reply, { answer_type: 'fallback', content: 'Das kann ich leider noch nicht beantworten.' }, 'the default fallback, in German');
  const handoff = await say(api, acme.live, bot, conv.id, 'Ich will einen Menschen... nein, einen Mensch!');
  t.equal(handoff.json.reply.content, 'Ich verbinde Sie mit einem Mitarbeiter.');

  const french = await start(api, acme.live, bot, { language: 'fr' });
  t.equal(french.status, 'open');
  const inFrench = await say(api, acme.live, bot, french.id, 'Quelle est la hauteur du mont Everest ?');
  t.equal(inFrench.json.reply.content, 'Désolé, je n’ai pas encore de réponse à cette question.', 'the conversation’s language');

  await settings(api, acme.live, bot, { language: 'de', fallback_message: 'Fragen Sie uns per E-Mail.' });
  const custom = await say(api, acme.live, bot, french.id, 'Quelle est la hauteur du mont Everest ?');
  t.equal(custom.json.reply.content, 'Fragen Sie uns per E-Mail.', 'a fallback of the chatbot’s own is said as written');
});

t.test('chatbot states: paused refuses visitors, archived is read-only', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const conv = await start(api, acme.live, bot);
  const handed = await start(api, acme.live, bot);
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${handed.id}/handoff`, { key: acme.live });
  const base = `/api/v1/chatbots/${bot.id}/conversations`;

  await api.request('POST', `/api/v1/chatbots/${bot.id}/pause`, { key: acme.live });
  assertError(t, await api.request('POST', base, { key: acme.live }), 409, 'chatbot_paused');
  assertError(t, await say(api, acme.live, bot, conv.id, 'hello'), 409, 'chatbot_paused');
  const streamed = await api.request('POST', `${base}/${conv.id}/messages`, {
    key: acme.live,
    payload: { content: 'hello' },
    headers: { accept: 'text/event-stream' },
  });
  assertError(t, streamed, 409, 'chatbot_paused', 'streamed: refused before the stream');
  const agent = await say(api, acme.live, bot, handed.id, 'An agent can still write', 'agent');
  t.equal(agent.statusCode, 201, 'agents may finish a handed-off conversation of a paused chatbot');
  t.equal((await api.request('GET', base, { key: acme.live })).statusCode, 200, 'reads work');

  await api.request('POST', `/api/v1/chatbots/${bot.id}/archive`, { key: acme.live });
  assertError(t, await api.request('POST', base, { key: acme.live }), 409, 'chatbot_archived');
  assertError(t, await say(api, acme.live, bot, conv.id, 'hello'), 409, 'chatbot_archived');
  assertError(t, await say(api, acme.live, bot, handed.id, 'agent', 'agent'), 409, 'chatbot_archived');
  assertError(t, await api.request('POST', `${base}/${conv.id}/end`, { key: acme.live }), 409, 'chatbot_archived');
  assertError(t, await api.request('POST', `${base}/${conv.id}/handoff`, { key: acme.live }), 409, 'chatbot_archived');
  assertError(t, await api.request('POST', `${base}/${handed.id}/release`, { key: acme.live }), 409, 'chatbot_archived');
  assertError(t, await api.request('PATCH', `${base}/${conv.id}`, { key: acme.live, payload: { metadata: {} } }), 409, 'chatbot_archived');
  assertError(t, await api.request('DELETE', `${base}/${conv.id}`, { key: acme.live }), 409, 'chatbot_archived');
  const msgs = await api.request('GET', `${base}/${handed.id}/messages`, { key: acme.live });
  assertError(
    t,
    await api.request('POST', `${base}/${handed.id}/messages/${msgs.json.data[0].id}/feedback`, { key: acme.live, payload: { rating: 'up' } }),
    409,
    'chatbot_archived',
  );
  t.equal((await api.request('GET', `${base}/${conv.id}`, { key: acme.live })).statusCode, 200, 'reads work');
  t.equal((await api.request('GET', `${base}/export`, { key: acme.live })).statusCode, 403, 'export needs a full plan (starter)');
});

t.test('delete: the conversation and its messages; a deleted chatbot takes all', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const conv = await start(api, acme.live, bot);
  const kept = await start(api, acme.live, bot);
  await say(api, acme.live, bot, conv.id, 'hello');
  await say(api, acme.live, bot, kept.id, 'hello');
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  const deleted = await api.request('DELETE', `${base}/${conv.id}`, { key: acme.live });
  t.same(deleted.json, { id: conv.id, deleted: true });
  assertError(t, await api.request('GET', `${base}/${conv.id}`, { key: acme.live }), 404, 'conversation_not_found');
  assertError(t, await api.request('GET', `${base}/${conv.id}/messages`, { key: acme.live }), 404, 'conversation_not_found');

  const { conversations, messages } = declareConversations(api.platform.store);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  t.equal(await messages.forTenant(tenant).count({ conversation_id: conv.id }), 0, 'its messages are gone');
  t.equal(await messages.forTenant(tenant).count({ conversation_id: kept.id }), 2, 'others stay');
  await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
  t.equal(await conversations.forTenant(tenant).count({ chatbot_id: bot.id }), 0, 'a deleted chatbot takes its conversations');
  t.equal(await messages.forTenant(tenant).count({ chatbot_id: bot.id }), 0, 'and their messages');
});

t.test('export: CSV and JSON Lines, filters, constant memory paging, full plans only', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live);
  const convs: string[] = [];
  // More conversations and messages than one page holds, to cross page boundaries.
  for (let i = 0; i < 105; i++) {
    const conv = await start(api, acme.live, bot, { visitor: { name: i === 0 ? '=HYPERLINK("http://evil")' : `Visitor ${i}` } });
    convs.push(conv.id);
  }
  for (let i = 0; i < 101; i++) await say(api, acme.live, bot, convs[0]!, `question ${i}, with "quotes"\nand a newline`);
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${convs[1]}/end`, { key: acme.live });

  const jsonl = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=jsonl`, { key: acme.live });
  const lines = jsonl.payload.trim().split('\n').map((line) => JSON.parse(line));
  t.equal(lines.length, 105);
  t.same(lines.map((line) => line.id), convs, 'oldest first');
  t.equal(lines[0].messages.length, 202, 'a long conversation crosses message pages');
  t.equal(lines[1].messages.length, 0);
  t.equal(jsonl.headers['content-disposition'], `attachment; filename="conversations-${bot.id}.jsonl"`);

  const csv = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=csv&status=ended`, { key: acme.live });
  t.match(csv.headers['content-type'], /^text\/csv/);
  const rows = csv.payload.split('\r\n').filter(Boolean);
  t.equal(rows[0], 'conversation_id,chatbot_id,status,channel,language,started_at,ended_at,ended_reason,resolution,lead_id,visitor_id,visitor_name,visitor_email,message_id,role,content,answer_type,confidence,feedback,message_created_at,attachment_id,attachment_name,attachment_type');
  t.equal(rows.length, 2, 'the filter applies: one ended conversation without messages, one row');
  t.match(rows[1], new RegExp(`^${convs[1]},${bot.id},ended,api,en,`));

  const all = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=csv`, { key: acme.live });
  t.match(all.payload, /'=HYPERLINK\(""http:\/\/evil""\)/, 'a formula is defused and quotes doubled');
  t.match(all.payload, /"question 0, with ""quotes""\nand a newline"/, 'commas, quotes and newlines are quoted');

  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=xml`, { key: acme.live }), 400, 'validation_failed');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?since=1`, { key: acme.live }), 400, 'validation_failed');
  const starter = await api.account('starter');
  const theirs = await chatbot(api, starter.live);
  assertError(t, await api.request('GET', `/api/v1/chatbots/${theirs.id}/conversations/export`, { key: starter.live }), 403, 'plan_feature_unavailable');
});

t.test('bad input: 400 with details, on every route', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const conv = await start(api, acme.live, bot);
  const turn = await say(api, acme.live, bot, conv.id, 'hello');
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  const cases: Array<[string, string, unknown, string]> = [
    ['POST', base, { visitor: { email: 'not-an-email' } }, 'visitor.email'],
    ['POST', base, { visitor: { shoe_size: 42 } }, 'visitor.shoe_size'],
    ['POST', base, { language: 'xx' }, 'language'],
    ['POST', base, { metadata: 'text' }, 'metadata'],
    ['POST', base, { metadata: { big: 'x'.repeat(9000) } }, 'metadata'],
    ['POST', base, { channel: 'widget' }, 'channel'],
    ['GET', `${base}?status=closed`, undefined, 'status'],
    ['GET', `${base}?has_lead=maybe`, undefined, 'has_lead'],
    ['GET', `${base}?resolution=fixed`, undefined, 'resolution'],
    ['GET', `${base}?limit=101`, undefined, 'limit'],
    ['GET', `${base}?visitor=1`, undefined, 'visitor'],
    ['PATCH', `${base}/${conv.id}`, {}, ''],
    ['PATCH', `${base}/${conv.id}`, { resolution: 'fixed' }, 'resolution'],
    ['PATCH', `${base}/${conv.id}`, { status: 'ended' }, 'status'],
    ['POST', `${base}/${conv.id}/end`, { reason: 'inactivity' }, 'reason'],
    ['POST', `${base}/${conv.id}/end`, { resolution: 'maybe' }, 'resolution'],
    ['POST', `${base}/${conv.id}/handoff`, { agent: 'sam' }, 'agent'],
    ['POST', `${base}/${conv.id}/release`, { now: true }, 'now'],
    ['GET', `${base}/${conv.id}/messages?role=bot`, undefined, 'role'],
    ['POST', `${base}/${conv.id}/messages`, {}, 'content'],
    ['POST', `${base}/${conv.id}/messages`, { content: '   ' }, 'content'],
    ['POST', `${base}/${conv.id}/messages`, { content: 'x'.repeat(4001) }, 'content'],
    ['POST', `${base}/${conv.id}/messages`, { content: 'hi', role: 'assistant' }, 'role'],
    ['POST', `${base}/${conv.id}/messages`, { content: 42 }, 'content'],
    ['POST', `${base}/${conv.id}/messages/${turn.json.reply.id}/feedback`, {}, 'rating'],
    ['POST', `${base}/${conv.id}/messages/${turn.json.reply.id}/feedback`, { rating: 'meh' }, 'rating'],
    ['POST', `${base}/${conv.id}/messages/${turn.json.reply.id}/feedback`, { rating: 'up', comment: 'x'.repeat(1001) }, 'comment'],
  ];
  for (const [method, url, payload, path] of cases) {
    const body = assertError(t, await api.request(method, url, { key: acme.live, payload }), 400, 'validation_failed', `${method} ${url} ${path}`);
    if (path) t.ok(body.details?.some((d: { path: string }) => d.path === path), `details name ${path}: ${JSON.stringify(body.details)}`);
  }
  const notJson = await api.request('POST', `${base}/${conv.id}/messages`, { key: acme.live, payload: '{"content":', headers: { 'content-type': 'application/json' } });
  assertError(t, notJson, 400, 'validation_failed', 'broken JSON');
  const text = await api.request('POST', `${base}/${conv.id}/messages`, { key: acme.live, payload: 'hello', headers: { 'content-type': 'text/plain' } });
  assertError(t, text, 415, 'unsupported_media_type');
  const huge = await api.request('POST', `${base}/${conv.id}/messages`, { key: acme.live, payload: { content: 'x'.repeat(1_100_000) } });
  assertError(t, huge, 413, 'payload_too_large');

  // Unknown or malformed ids: 404 naming the resource.
  assertError(t, await api.request('GET', `${base}/conv_nope`, { key: acme.live }), 404, 'conversation_not_found');
  assertError(t, await api.request('DELETE', `${base}/conv_${'z'.repeat(300)}`, { key: acme.live }), 404, 'conversation_not_found', 'an id of any length');
  assertError(t, await api.request('POST', `${base}/conv_nope/messages`, { key: acme.live, payload: { content: 'hi' } }), 404, 'conversation_not_found');
  assertError(t, await api.request('POST', `${base}/${conv.id}/messages/msg_nope/feedback`, { key: acme.live, payload: { rating: 'up' } }), 404, 'message_not_found');
  assertError(t, await api.request('GET', `/api/v1/chatbots/cb_nope/conversations`, { key: acme.live }), 404, 'chatbot_not_found');
  assertError(t, await api.request('POST', `/api/v1/chatbots/cb_nope/conversations`, { key: acme.live }), 404, 'chatbot_not_found');
  const other = await start(api, acme.live, bot);
  const otherTurn = await say(api, acme.live, bot, other.id, 'hi');
  assertError(
    t,
    await api.request('POST', `${base}/${conv.id}/messages/${otherTurn.json.reply.id}/feedback`, { key: acme.live, payload: { rating: 'up' } }),
    404,
    'message_not_found',
    'a message of another conversation',
  );
  const bot2 = await chatbot(api, acme.live, { name: 'Other' });
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot2.id}/conversations/${conv.id}`, { key: acme.live }), 404, 'conversation_not_found', 'a conversation of another chatbot');
  assertError(t, await api.request('DELETE', `${base}`, { key: acme.live }), 405, 'method_not_allowed');
});

t.test('isolation and keys: sandbox, other accounts, chatbot keys, the free plan', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const globex = await api.account('starter', 'Globex');
  const bot = await chatbot(api, acme.live);
  const conv = await start(api, acme.live, bot);
  const turn = await say(api, acme.live, bot, conv.id, 'hello');
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  const routes: Array<[string, string, unknown?]> = [
    ['GET', base],
    ['POST', base, {}],
    ['GET', `${base}/${conv.id}`],
    ['PATCH', `${base}/${conv.id}`, { metadata: {} }],
    ['DELETE', `${base}/${conv.id}`],
    ['POST', `${base}/${conv.id}/end`, {}],
    ['POST', `${base}/${conv.id}/handoff`, {}],
    ['POST', `${base}/${conv.id}/release`, {}],
    ['GET', `${base}/${conv.id}/messages`],
    ['POST', `${base}/${conv.id}/messages`, { content: 'hi' }],
    ['POST', `${base}/${conv.id}/messages/${turn.json.reply.id}/feedback`, { rating: 'up' }],
    ['GET', `${base}/export`],
  ];
  for (const [method, url, payload] of routes) {
    for (const [who, key] of [
      ['the sandbox key', acme.test],
      ['another account', globex.live],
    ] as const) {
      const response = await api.request(method, url, { key, payload });
      if (url.endsWith('/export')) {
        t.equal(response.statusCode, 403, `${who}: ${method} ${url} needs a full plan first`);
      } else {
        assertError(t, response, 404, 'chatbot_not_found', `${who}: ${method} ${url}`);
      }
    }
    const anonymous = await api.request(method, url, { payload });
    assertError(t, anonymous, 401, 'missing_credentials', `no key: ${method} ${url}`);
  }

  const scoped = await start(api, bot.api_key, bot);
  t.equal(scoped.status, 'open', 'the chatbot key chats with its chatbot');
  const scopedTurn = await say(api, bot.api_key, bot, scoped.id, 'hello');
  t.equal(scopedTurn.statusCode, 201);
  const otherBot = await chatbot(api, acme.live, { name: 'Other' });
  assertError(t, await api.request('GET', `/api/v1/chatbots/${otherBot.id}/conversations`, { key: bot.api_key }), 403, 'key_scope_chatbot');

  const sandboxBot = await chatbot(api, acme.test);
  const sandboxConv = await start(api, acme.test, sandboxBot);
  assertError(t, await api.request('GET', `/api/v1/chatbots/${sandboxBot.id}/conversations/${sandboxConv.id}`, { key: acme.live }), 404, 'chatbot_not_found');
  const events = recordEvents(api);
  await say(api, acme.test, sandboxBot, sandboxConv.id, 'hello from the sandbox');
  t.ok(events.length >= 2 && events.every((e) => e.livemode === false), 'sandbox events are not live');

  const free = await api.account('free');
  const freeList = await api.request('GET', '/api/v1/chatbots', { key: free.live });
  t.equal(freeList.statusCode, 200);
  const freeBot = await api.request('POST', '/api/v1/chatbots', { key: free.live, payload: { name: 'x' } });
  assertError(t, freeBot, 403, 'plan_read_only');
});

t.test('messages race: concurrent visitors in one conversation all land, counted once each', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live);
  const conv = await start(api, acme.live, bot);
  const results = await Promise.all(Array.from({ length: 4 }, (_, i) => say(api, acme.live, bot, conv.id, `message ${i}`)));
  t.same(results.map((r) => r.statusCode), [201, 201, 201, 201]);
  const messages = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages?limit=100`, { key: acme.live });
  t.equal(messages.json.data.length, 8, 'no message is lost, on any store');
  const stored = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}`, { key: acme.live });
  // On FerretDB too: its updates are not atomic, so versioned writes claim their version there (docs/operations.md).
  t.equal(stored.json.message_count, 8, 'every message counted: concurrent changes retry on the version');
});

t.test('Q&A edits and deletions reach the next reply (the cached Q&A index follows the knowledge base)', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await knowledge(api, acme.live, bot, SHOP_KNOWLEDGE);
  const conv = await start(api, acme.live, bot);
  const first = await say(api, acme.live, bot, conv.id, 'Can I pay with PayPal?');
  t.equal(first.json.reply.content, 'Yes, we accept PayPal and all major credit cards.');
  const itemId = first.json.reply.sources[0].document_id;

  await api.request('PATCH', `/api/v1/chatbots/${bot.id}/knowledge/${itemId}`, { key: acme.live, payload: { answer: 'Not any more, sorry: cards only.' } });
  await api.server.plugins.knowledge.worker.drain();
  const edited = await say(api, acme.live, bot, conv.id, 'Can I pay with PayPal?');
  t.equal(edited.json.reply.content, 'Not any more, sorry: cards only.', 'the edited answer');

  await api.request('DELETE', `/api/v1/chatbots/${bot.id}/knowledge/${itemId}`, { key: acme.live });
  const removed = await say(api, acme.live, bot, conv.id, 'Can I pay with PayPal?');
  t.not(removed.json.reply.answer_type, 'qa', 'a deleted pair is not matched');

  await knowledge(api, acme.live, bot, [{ type: 'qa', question: 'Can I pay with PayPal?', answer: 'PayPal is back!' }]);
  const added = await say(api, acme.live, bot, conv.id, 'Can I pay with PayPal?');
  t.equal(added.json.reply.content, 'PayPal is back!', 'a new pair');
});
