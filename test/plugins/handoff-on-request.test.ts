// Handoff without configuration: a visitor who asks for a person is handed off by the built-in
// intent, in each language the intent knows, through the API and the widget; the owner can turn it
// off; the owner's rules still win; replies that did not know offer the widget's "Talk to a person".
import t, { type Test } from 'tap';
import type { EventEnvelope } from '../../core/events.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

const ORIGIN = 'https://shop.example.com';
const KNOWLEDGE = [
  { type: 'qa', question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.', alternatives: ['When will my order arrive?'] },
  { type: 'qa', question: 'Can I pay with PayPal?', answer: 'Yes, we accept PayPal and all major credit cards.' },
];

async function setUp(t: Test, settings: Record<string, unknown> = {}) {
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Shop' } })).json as { id: string };
  if (Object.keys(settings).length) {
    const put = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: account.live, payload: settings });
    if (put.statusCode !== 200) throw new Error(`settings: ${put.payload}`);
  }
  for (const payload of KNOWLEDGE) await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: account.live, payload });
  await api.server.plugins.knowledge.worker.drain();
  const events: EventEnvelope[] = [];
  api.platform.events.subscribe('*', (event) => {
    events.push(event);
  });
  return { api, key: account.live, bot, events };
}

async function apiTurn(api: TestServer, key: string, botId: string, content: string, language = 'en') {
  const conversation = (await api.request('POST', `/api/v1/chatbots/${botId}/conversations`, { key, payload: { language } })).json as { id: string };
  const turn = await api.request('POST', `/api/v1/chatbots/${botId}/conversations/${conversation.id}/messages`, { key, payload: { content } });
  return { conversationId: conversation.id, turn };
}

async function widgetVisit(api: TestServer, botId: string, language: string) {
  const started = await api.request('POST', `/widget/v1/${botId}/conversations`, { payload: { language }, headers: { origin: ORIGIN } });
  if (started.statusCode !== 201) throw new Error(`start: ${started.payload}`);
  const { conversation, token } = started.json as { conversation: { id: string }; token: string };
  const headers = { origin: ORIGIN, authorization: `Bearer ${token}` };
  return {
    id: conversation.id,
    say: (content: string) => api.request('POST', `/widget/v1/${botId}/conversations/${conversation.id}/messages`, { payload: { content }, headers }),
    read: () => api.request('GET', `/widget/v1/${botId}/conversations/${conversation.id}`, { headers }),
  };
}

t.test('the setting: on by default, shown, validated', async (t) => {
  const { api, key, bot } = await setUp(t);
  const settings = await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key });
  t.same(settings.json.handoff, { on_visitor_request: true, require_available_member: true, business_hours: { enabled: false, time_zone: 'UTC', weekly: [] }, auto_assign: { enabled: false, max_open_per_agent: 3 } }, 'on by default');
  const off = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { on_visitor_request: false } } });
  t.equal(off.statusCode, 200);
  t.same(off.json.handoff, { on_visitor_request: false, require_available_member: true, business_hours: { enabled: false, time_zone: 'UTC', weekly: [] }, auto_assign: { enabled: false, max_open_per_agent: 3 } });
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { on_visitor_request: 'yes' } } }), 400, 'validation_failed', 'not a boolean');
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { assign: true } } }), 400, 'validation_failed', 'an unknown field');
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: [] } }), 400, 'validation_failed', 'not an object');
});

t.test('a visitor asking for a person is handed off through the API, with the event', async (t) => {
  // The promise of a person (the team answers handoffs elsewhere, so nobody needs to be available).
  const { api, key, bot, events } = await setUp(t, { handoff: { require_available_member: false } });
  const { conversationId, turn } = await apiTurn(api, key, bot.id, 'I want to talk to a person');
  t.equal(turn.statusCode, 201);
  t.match(turn.json.reply, { answer_type: 'rule', confidence: 1, content: /member of our team/ });
  t.equal(turn.json.conversation.status, 'handoff');
  const handoff = events.find((event) => event.type === 'conversation.handoff');
  t.match(handoff?.data, { id: conversationId, status: 'handoff' }, 'conversation.handoff published');

  const question = await apiTurn(api, key, bot.id, 'How long does delivery take?');
  t.equal(question.turn.json.conversation.status, 'open', 'a question stays with the bot');
  const aboutTheBot = await apiTurn(api, key, bot.id, 'Are you a human?');
  t.equal(aboutTheBot.turn.json.conversation.status, 'open', 'a question about the bot is no request');
});

t.test('in each language the widget speaks, by the widget, in words and with the button', async (t) => {
  const { api, bot } = await setUp(t);
  const requests: Record<string, string> = {
    en: 'Can I speak to a human?',
    de: 'Ich möchte mit einem Mitarbeiter sprechen',
    fr: 'Je voudrais parler à un conseiller',
    ro: 'Vreau să vorbesc cu un om',
  };
  for (const language of Object.keys(WIDGET_UI)) {
    for (const [how, content] of [['in words', requests[language]!], ['with the button', WIDGET_UI[language]!.talkToPersonMessage]] as const) {
      const visit = await widgetVisit(api, bot.id, language);
      const turn = await visit.say(content);
      t.equal(turn.statusCode, 201, `${language} ${how}: 201`);
      t.equal(turn.json.conversation.status, 'handoff', `${language} ${how}: handed off ("${content}")`);
      t.equal(turn.json.reply.offers_handoff, false, `${language} ${how}: the handoff reply offers nothing more`);
    }
  }
  const german = await widgetVisit(api, bot.id, 'de');
  const reply = (await german.say('Mitarbeiter bitte')).json.reply;
  t.notMatch(reply.content, /member of our team/, 'the handoff phrase is in the conversation’s language');
});

t.test('the owner turns it off, and the owner’s rules win', async (t) => {
  const off = await setUp(t, { handoff: { on_visitor_request: false } });
  const ignored = await apiTurn(off.api, off.key, off.bot.id, 'I want to talk to a person');
  t.equal(ignored.turn.json.conversation.status, 'open', 'off: not handed off');
  t.equal(ignored.turn.json.reply.answer_type, 'fallback');

  const ruled = await setUp(t, { rules: [{ match: { keywords: ['person'] }, action: { type: 'reply', reply: 'Call us on 555-0100.' } }] });
  const answered = await apiTurn(ruled.api, ruled.key, ruled.bot.id, 'I want to talk to a person');
  t.equal(answered.turn.json.reply.content, 'Call us on 555-0100.', 'the rule answered');
  t.equal(answered.turn.json.conversation.status, 'open', 'and the rule did not hand off');
});

t.test('replies that did not know offer "Talk to a person" to the widget, and only those', async (t) => {
  const { api, key, bot } = await setUp(t);
  const visit = await widgetVisit(api, bot.id, 'en');
  const fallback = await visit.say('Do you sell kayaks?');
  t.equal(fallback.json.reply.offers_handoff, true, 'the fallback offers it');
  t.equal(fallback.json.message.offers_handoff, false, 'the visitor’s own message never does');
  const suggestion = await visit.say('delivery time abroad');
  t.equal(suggestion.json.reply.suggestions.length > 0, true, 'suggestions instead of an answer');
  t.equal(suggestion.json.reply.offers_handoff, true, 'suggestions offer it too');
  const answered = await visit.say('How long does delivery take?');
  t.equal(answered.json.reply.offers_handoff, false, 'an answer does not');
  const read = await visit.read();
  t.same(
    read.json.messages.map((message: { role: string; offers_handoff: boolean }) => [message.role, message.offers_handoff]),
    [['user', false], ['assistant', true], ['user', false], ['assistant', true], ['user', false], ['assistant', false]],
    'the conversation read back says the same',
  );

  await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { on_visitor_request: false } } });
  const off = await visit.read();
  t.ok(off.json.messages.every((message: { offers_handoff: boolean }) => message.offers_handoff === false), 'turned off: nothing offers it');
});
