// The widget's server side: its settings API, and the public routes a page's script calls
// (config, conversations behind a token, messages JSON and streamed, feedback, the lead form),
// with CORS per chatbot, per-IP limits, paused and archived chatbots, isolation. Both stores.
import { LOADABLE_WIDGET_LANGUAGES } from '../../common/widget-languages.js';
import { RTL_WIDGET_UI } from '../../web/widget/src/ui-strings-rtl.js';
import { LOADED_LTR_WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { completeWidgetSettings, defaultWidgetSettings, type WidgetSettings } from '../../plugins/widget/settings.js';
import t from 'tap';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import { visit, WIDGET_TEST_ORIGIN } from '../helpers/widget-visit.js';
import { parseEvents } from '../helpers/sse.js';

interface Bot {
  id: string;
  api_key: string;
}

const ORIGIN = WIDGET_TEST_ORIGIN;

async function chatbot(api: TestServer, key: string, name = 'Shop'): Promise<Bot> {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload: { name, welcome_message: 'Hi! How can I help?' } });
  if (response.statusCode !== 201) throw new Error(`chatbot failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

async function qa(api: TestServer, key: string, bot: Bot) {
  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
    key,
    payload: { type: 'qa', question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.' },
  });
  if (response.statusCode !== 201) throw new Error(`knowledge failed ${response.statusCode}: ${response.payload}`);
  await api.server.plugins.knowledge.worker.drain();
}

async function putWidget(api: TestServer, key: string, bot: Bot, payload: Record<string, unknown>) {
  const response = await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key, payload });
  if (response.statusCode !== 200) throw new Error(`widget failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

/** A public request, as a page's script makes it. */

async function startVisit(api: TestServer, bot: Bot, payload: unknown = {}) {
  const response = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload });
  if (response.statusCode !== 201) throw new Error(`start failed ${response.statusCode}: ${response.payload}`);
  return response.json as { conversation: { id: string; status: string }; token: string };
}

t.test('widget settings: defaults, replace, validation, keys and isolation', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);

  const defaults = await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live });
  t.equal(defaults.statusCode, 200);
  t.match(defaults.json, {
    chatbot_id: bot.id,
    primary_color: '#4f46e5',
    position: 'bottom-right',
    theme: 'light',
    launcher_icon: 'chat',
    launcher_image_url: null,
    launcher_text: 'Chat with us',
    input_placeholder: 'Type your message…',
    suggested_messages: [],
    display_rules: { show_on: [], hide_on: [], delay_seconds: 0, devices: ['desktop', 'mobile'], open_on_load: false, proactive: [] },
    sound: false,
    privacy: { storage: 'always' },
    lead_form: { enabled: false, when: 'after_first_reply', fields: [{ name: 'name', required: false }, { name: 'email', required: true }] },
    allowed_origins: [],
    updated_at: null,
  });
  t.match(defaults.json.embed_code, new RegExp(`^<script src="http://[^"]+/widget\\.js" data-chatbot-id="${bot.id}" async></script>$`));

  const saved = await putWidget(api, acme.live, bot, {
    primary_color: '#0EA5E9',
    theme: 'auto',
    launcher_icon: 'headset',
    launcher_image_url: 'https://shop.example/help.png',
    title: 'Shop help',
    suggested_messages: ['Delivery times?'],
    translations: { de: { launcher_text: 'Schreib uns', input_placeholder: 'Deine Nachricht…' } },
    display_rules: { hide_on: ['/checkout*'], proactive: [{ match: '/pricing', message: 'Questions about our plans?', translations: { de: 'Fragen zu unseren Tarifen?' } }] },
    sound: true,
    privacy: { storage: 'after_interaction' },
    lead_form: { enabled: true, fields: [{ name: 'email', required: true }, { name: 'phone' }] },
    allowed_origins: [ORIGIN, 'https://*.example.org'],
  });
  t.equal(saved.primary_color, '#0ea5e9', 'colours are stored in lower case');
  t.equal(saved.title, 'Shop help');
  t.match(saved, { theme: 'auto', launcher_icon: 'headset', launcher_image_url: 'https://shop.example/help.png' });
  t.same(saved.display_rules, {
    show_on: [],
    hide_on: ['/checkout*'],
    delay_seconds: 0,
    devices: ['desktop', 'mobile'],
    open_on_load: false,
    proactive: [{ match: '/pricing', delay_seconds: 10, message: 'Questions about our plans?', translations: { de: 'Fragen zu unseren Tarifen?' } }],
  });
  t.match(saved, { sound: true, privacy: { storage: 'after_interaction' } });
  t.same(saved.lead_form.fields, [{ name: 'email', required: true }, { name: 'phone', required: false }]);
  t.type(saved.updated_at, 'string');
  t.same((await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live })).json, saved, 'read back as saved');

  // PUT replaces: what is left out goes back to its default.
  const replaced = await putWidget(api, acme.live, bot, { title: 'Only a title' });
  t.equal(replaced.primary_color, '#4f46e5');
  t.same(replaced.allowed_origins, []);

  const invalid = assertError(
    t,
    await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, {
      key: acme.live,
      payload: {
        primary_color: 'blue',
        position: 'top',
        offset_x: 500,
        suggested_messages: ['1', '2', '3', '4', '5', '6', '7'],
        translations: { xx: {} },
        display_rules: { devices: [], delay_seconds: -1, proactive: [{ match: '/x', delay_seconds: 99999, message: '', translations: { xx: 'Hallo' } }, { message: 'no page', translations: { de: '' } }] },
        sound: 'loud',
        privacy: { storage: 'sometimes' },
        lead_form: { fields: [{ name: 'age' }] },
        allowed_origins: ['https://example.com/path', 'ftp://example.com', '*'],
        launcher_text: '   ',
        theme: 'sepia',
        launcher_icon: 'rocket',
        launcher_image_url: 'javascript:alert(1)',
        unknown: true,
      },
    }),
    400,
    'validation_failed',
  );
  const paths = invalid.details.map((detail: { path: string }) => detail.path);
  for (const path of ['primary_color', 'position', 'offset_x', 'suggested_messages', 'translations.xx', 'display_rules.delay_seconds', 'display_rules.devices', 'display_rules.proactive.0.delay_seconds', 'display_rules.proactive.0.message', 'display_rules.proactive.0.translations.xx', 'display_rules.proactive.1.match', 'display_rules.proactive.1.translations.de', 'sound', 'privacy.storage', 'lead_form.fields.0.name', 'allowed_origins.0', 'allowed_origins.1', 'allowed_origins.2', 'launcher_text', 'theme', 'launcher_icon', 'launcher_image_url', 'unknown']) {
    t.ok(paths.includes(path), `${path} is named`);
  }
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live, payload: 'null' }), 400, 'validation_failed');

  // The chatbot's own key manages its widget, not another's.
  const other = await chatbot(api, acme.live, 'Other');
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: bot.api_key })).statusCode, 200);
  t.equal((await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: bot.api_key, payload: {} })).statusCode, 200);
  assertError(t, await api.request('GET', `/api/v1/chatbots/${other.id}/widget`, { key: bot.api_key }), 403, 'key_scope_chatbot');

  // Another account and the sandbox see nothing.
  const globex = await api.account('starter', 'Globex');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: globex.live }), 404, 'chatbot_not_found');
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: globex.live, payload: {} }), 404, 'chatbot_not_found');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.test }), 404, 'chatbot_not_found');
  assertError(t, await api.request('GET', '/api/v1/chatbots/cb_nothing/widget', { key: acme.live }), 404, 'chatbot_not_found');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`), 401, 'missing_credentials');

  // Archived chatbots are read-only.
  t.equal((await api.request('POST', `/api/v1/chatbots/${other.id}/archive`, { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${other.id}/widget`, { key: acme.live, payload: {} }), 409, 'chatbot_archived');
  t.equal((await api.request('GET', `/api/v1/chatbots/${other.id}/widget`, { key: acme.live })).statusCode, 200);
});

t.test('public config: only what a page needs, per chatbot state', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await putWidget(api, acme.live, bot, { subtitle: 'We answer at once', translations: { de: { title: 'Shop-Hilfe' } }, theme: 'dark', launcher_icon: 'question' });

  const config = await visit(api, 'GET', `/widget/v1/${bot.id}/config`);
  t.equal(config.statusCode, 200);
  t.same(Object.keys(config.json).sort(), ['appearance', 'attachments', 'chatbot_id', 'display_rules', 'language', 'lead_form', 'name', 'privacy', 'rating', 'show_sources', 'sound', 'status', 'strings', 'translations']);
  t.match(config.json, {
    chatbot_id: bot.id,
    name: 'Shop',
    status: 'active',
    strings: { title: 'Shop', subtitle: 'We answer at once', welcome_message: 'Hi! How can I help?', launcher_text: 'Chat with us' },
    translations: { de: { title: 'Shop-Hilfe' } },
    appearance: { theme: 'dark', launcher_icon: 'question', launcher_image_url: null },
    show_sources: true,
  });
  t.notMatch(config.payload, /allowed_origins|api_key|sk_live|instructions|fallback/, 'no settings, keys or origins');
  t.equal(config.headers['access-control-allow-origin'], ORIGIN, 'any origin while the list is empty');

  assertError(t, await visit(api, 'GET', '/widget/v1/cb_01unknown/config'), 404, 'chatbot_not_found');
  assertError(t, await visit(api, 'GET', `/widget/v1/${'x'.repeat(300)}/config`), 404, 'chatbot_not_found');

  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/pause`, { key: acme.live })).statusCode, 200);
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.status, 'paused');
  assertError(t, await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} }), 409, 'chatbot_paused');
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/archive`, { key: acme.live })).statusCode, 200);
  assertError(t, await visit(api, 'GET', `/widget/v1/${bot.id}/config`), 409, 'chatbot_archived');

  // A sandbox chatbot has a widget too, in its own mode.
  const sandboxBot = await chatbot(api, acme.test, 'Sandbox shop');
  const sandboxConfig = await visit(api, 'GET', `/widget/v1/${sandboxBot.id}/config`);
  t.equal(sandboxConfig.json.name, 'Sandbox shop');
  const visited = await startVisit(api, sandboxBot);
  const inSandbox = await api.request('GET', `/api/v1/chatbots/${sandboxBot.id}/conversations/${visited.conversation.id}`, { key: acme.test });
  t.equal(inSandbox.json.channel, 'widget', 'the sandbox conversation is the test key’s');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${sandboxBot.id}/conversations/${visited.conversation.id}`, { key: acme.live }), 404, 'chatbot_not_found');

  // A disabled account's widget is gone.
  t.equal((await api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: { authorization: 'Bearer test-admin-token-0123456789' }, payload: { status: 'disabled' } })).statusCode, 200);
  assertError(t, await visit(api, 'GET', `/widget/v1/${sandboxBot.id}/config`), 404, 'chatbot_not_found');
});

t.test('CORS: allowed origins echoed, others refused, preflight', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await putWidget(api, acme.live, bot, { allowed_origins: [ORIGIN, 'https://*.example.org'] });

  const allowed = await visit(api, 'GET', `/widget/v1/${bot.id}/config`);
  t.equal(allowed.headers['access-control-allow-origin'], ORIGIN);
  t.match(allowed.headers.vary, /Origin/);
  t.notOk(allowed.headers['access-control-allow-credentials'], 'never credentials');
  const subdomain = await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { origin: 'https://blog.example.org' });
  t.equal(subdomain.headers['access-control-allow-origin'], 'https://blog.example.org');

  for (const origin of ['https://evil.example', 'http://shop.example.com', 'https://example.org', 'https://shop.example.com.evil.example', 'null']) {
    const refused = assertError(t, await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { origin }), 403, 'origin_not_allowed', origin);
    t.ok(refused);
    const again = await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { origin });
    t.notOk(again.headers['access-control-allow-origin'], `${origin}: no CORS headers`);
  }
  // A request without Origin is not a browser's cross-site request.
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { origin: null })).statusCode, 200);

  // Errors of an allowed origin carry CORS, so the script can read them.
  const invalid = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: { language: 'xx' } });
  assertError(t, invalid, 400, 'validation_failed');
  t.equal(invalid.headers['access-control-allow-origin'], ORIGIN);

  const preflight = await visit(api, 'OPTIONS', `/widget/v1/${bot.id}/conversations`, { headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
  t.equal(preflight.statusCode, 204);
  t.equal(preflight.headers['access-control-allow-origin'], ORIGIN);
  t.equal(preflight.headers['access-control-allow-methods'], 'POST');
  t.match(preflight.headers['access-control-allow-headers'], /Authorization/);
  t.equal(preflight.headers['access-control-max-age'], '600');
  assertError(t, await visit(api, 'OPTIONS', `/widget/v1/${bot.id}/config`, { origin: 'https://evil.example' }), 403, 'origin_not_allowed');
  const messagesPreflight = await visit(api, 'OPTIONS', `/widget/v1/${bot.id}/conversations/conv_x/messages`);
  t.equal(messagesPreflight.statusCode, 204);
});

t.test('a visitor chats behind the conversation token', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  await qa(api, acme.live, bot);
  await putWidget(api, acme.live, bot, {});

  const { conversation, token } = await startVisit(api, bot, { language: 'en', page_url: 'https://shop.example.com/pricing' });
  t.match(conversation, { id: /^conv_/, status: 'open', created_at: /Z$/ });
  t.match(token, /^wct_[A-Za-z0-9_-]{43}$/);
  t.notMatch(await api.storedText(), new RegExp(token), 'the token is stored hashed');

  const seen = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}`, { key: acme.live });
  t.equal(seen.json.channel, 'widget');
  t.same(seen.json.metadata, { page_url: 'https://shop.example.com/pricing' });

  const base = `/widget/v1/${bot.id}/conversations/${conversation.id}`;
  const turn = await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'How long does delivery take?' } });
  t.equal(turn.statusCode, 201);
  t.match(turn.json, { message: { role: 'user', content: 'How long does delivery take?' }, reply: { role: 'assistant', content: 'Delivery takes 2 to 3 working days.', sources: [], feedback: null }, conversation: { status: 'open' } });
  t.same(Object.keys(turn.json.reply).sort(), ['attachment', 'author', 'content', 'created_at', 'feedback', 'id', 'offers_handoff', 'role', 'sources', 'suggestions'], 'no confidence, answer type or snippets (author: null on a bot reply)');
  t.equal(turn.json.reply.author, null, 'a bot reply has no author');

  // Streamed: the API's events, presented for visitors.
  const streamed = await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'When does delivery arrive?' }, headers: { accept: 'text/event-stream' } });
  t.equal(streamed.statusCode, 200);
  t.match(streamed.headers['content-type'], /^text\/event-stream/);
  const events = parseEvents(streamed.payload);
  t.equal(events[0]!.event, 'message');
  t.ok(events.some((event) => event.event === 'delta'));
  const done = events.at(-1)!;
  t.equal(done.event, 'done');
  t.same(Object.keys(done.data.reply).sort(), ['attachment', 'author', 'content', 'created_at', 'feedback', 'id', 'offers_handoff', 'role', 'sources', 'suggestions']);

  // The page reads the conversation after a reload, and only what is new when polling.
  const all = await visit(api, 'GET', base, { token });
  t.equal(all.json.messages.length, 4);
  t.same(all.json.messages.map((message: { role: string }) => message.role), ['user', 'assistant', 'user', 'assistant']);
  t.equal(all.json.has_more, false);
  const after = await visit(api, 'GET', `${base}?after=${turn.json.reply.id}`, { token });
  t.same(after.json.messages.map((message: { id: string }) => message.id), all.json.messages.slice(2).map((message: { id: string }) => message.id));
  assertError(t, await visit(api, 'GET', `${base}?after=msg_01nothing`, { token }), 404, 'message_not_found');

  // An agent takes over: the visitor's page sees the handoff and the agent's message.
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/handoff`, { key: acme.live })).statusCode, 200);
  const agent = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, { key: acme.live, payload: { role: 'agent', content: 'Hi, Dana here.' } });
  t.equal(agent.statusCode, 201);
  const polled = await visit(api, 'GET', `${base}?after=${all.json.messages.at(-1).id}`, { token });
  t.equal(polled.json.conversation.status, 'handoff');
  t.match(polled.json.messages, [{ role: 'agent', content: 'Hi, Dana here.' }]);
  const whileHandedOff = await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'Thanks!' } });
  t.equal(whileHandedOff.json.reply, null, 'the chatbot is quiet while an agent has it');

  // Feedback on replies, not on the visitor's own messages.
  const rated = await visit(api, 'POST', `${base}/messages/${turn.json.reply.id}/feedback`, { token, payload: { rating: 'up' } });
  t.equal(rated.statusCode, 200);
  t.equal(rated.json.feedback, 'up');
  assertError(t, await visit(api, 'POST', `${base}/messages/${turn.json.message.id}/feedback`, { token, payload: { rating: 'down' } }), 409, 'conflict');
  assertError(t, await visit(api, 'POST', `${base}/messages/${turn.json.reply.id}/feedback`, { token, payload: { rating: 'meh' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', `${base}/messages/msg_01nothing/feedback`, { token, payload: { rating: 'up' } }), 404, 'message_not_found');

  // Bad messages.
  assertError(t, await visit(api, 'POST', `${base}/messages`, { token, payload: { content: '   ' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'x'.repeat(4001) } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'hi', role: 'agent' } }), 400, 'validation_failed');

  // The token ends with its conversation.
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/end`, { key: acme.live })).statusCode, 200);
  assertError(t, await visit(api, 'GET', base, { token }), 401, 'invalid_token');
  assertError(t, await visit(api, 'POST', `${base}/messages`, { token, payload: { content: 'Still there?' } }), 401, 'invalid_token');
});

t.test('a token opens its own conversation only', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const other = await chatbot(api, acme.live, 'Other');
  const first = await startVisit(api, bot);
  const second = await startVisit(api, bot);
  const elsewhere = await startVisit(api, other);

  const base = (chatbotId: string, convId: string) => `/widget/v1/${chatbotId}/conversations/${convId}`;
  t.equal((await visit(api, 'GET', base(bot.id, first.conversation.id), { token: first.token })).statusCode, 200);
  assertError(t, await visit(api, 'GET', base(bot.id, second.conversation.id), { token: first.token }), 401, 'invalid_token', 'another conversation');
  assertError(t, await visit(api, 'GET', base(other.id, elsewhere.conversation.id), { token: first.token }), 401, 'invalid_token', 'another chatbot’s');
  assertError(t, await visit(api, 'GET', base(other.id, first.conversation.id), { token: first.token }), 401, 'invalid_token', 'its conversation under another chatbot');
  assertError(t, await visit(api, 'GET', base(bot.id, first.conversation.id)), 401, 'missing_credentials');
  assertError(t, await visit(api, 'GET', base(bot.id, first.conversation.id), { token: 'wct_short' }), 401, 'invalid_token');
  assertError(t, await visit(api, 'GET', base(bot.id, first.conversation.id), { token: acme.live }), 401, 'invalid_token', 'an API key is no conversation token');
  assertError(t, await visit(api, 'GET', base(bot.id, first.conversation.id), { token: `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}` }), 401, 'invalid_token');
  // The API still reaches every one with a key; the visitor's token does not reach the API.
  assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${first.conversation.id}`, { key: first.token }), 401, 'invalid_api_key');

  // A deleted chatbot takes its widget and tokens with it.
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live })).statusCode, 200);
  assertError(t, await visit(api, 'GET', `/widget/v1/${bot.id}/config`), 404, 'chatbot_not_found');
  assertError(t, await visit(api, 'GET', base(bot.id, first.conversation.id), { token: first.token }), 404, 'chatbot_not_found');
  t.notMatch(await api.storedText(), new RegExp(`"id":"${first.conversation.id}","version":\\d+,"chatbot_id"`), 'no token record left');
});

t.test('the lead form records a lead linked with the conversation', async (t) => {
  // More forms than one address may send a minute by default: this is one visitor trying everything.
  const api = await buildTestServer(t, { config: { widget: { rate_limits: { requests_per_minute: 1000, messages_per_minute: 100, forms_per_minute: 100 } } } });
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const events: Array<{ type: string; data: any }> = [];
  api.platform.events.subscribe('*', (event) => {
    events.push(event);
  });

  const leads = `/widget/v1/${bot.id}/leads`;
  assertError(t, await visit(api, 'POST', leads, { payload: { email: 'ana@example.com' } }), 409, 'lead_form_disabled');
  await putWidget(api, acme.live, bot, { lead_form: { enabled: true, fields: [{ name: 'name', required: true }, { name: 'email', required: true }, { name: 'phone' }] } });

  const missing = assertError(t, await visit(api, 'POST', leads, { payload: { email: 'ana@example.com' } }), 400, 'validation_failed');
  t.same(missing.details.map((detail: { path: string }) => detail.path), ['name']);
  assertError(t, await visit(api, 'POST', leads, { payload: {} }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', leads, { payload: { name: 'Ana', email: 'not an e-mail' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', leads, { payload: { name: 'Ana', email: 'ana@example.com', phone: 'call me' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', leads, { payload: { name: 'Ana', email: 'ana@example.com', age: 3 } }), 400, 'validation_failed');

  const { conversation, token } = await startVisit(api, bot);
  assertError(t, await visit(api, 'POST', leads, { payload: { name: 'Ana', email: 'ana@example.com', conversation_id: conversation.id } }), 401, 'invalid_token', 'a conversation needs its token');
  const other = await startVisit(api, bot);
  assertError(t, await visit(api, 'POST', leads, { token: other.token, payload: { name: 'Ana', email: 'ana@example.com', conversation_id: conversation.id } }), 401, 'invalid_token');

  const sent = await visit(api, 'POST', leads, { token, payload: { name: 'Ana Pop', email: 'Ana@Example.com', conversation_id: conversation.id } });
  t.equal(sent.statusCode, 202);
  t.same(sent.json, { received: true }, 'the answer shows nothing of the lead');
  const captured = events.filter((event) => event.type === 'lead.captured');
  t.equal(captured.length, 1);
  t.match(captured[0]!.data, { name: 'Ana Pop', email: 'Ana@Example.com', source: 'widget_form', conversation_id: conversation.id, chatbot_id: bot.id });
  const linked = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}`, { key: acme.live });
  t.equal(linked.json.lead_id, captured[0]!.data.id, 'the conversation links to its lead');

  // The same e-mail again, from the form without a conversation: the same lead.
  t.equal((await visit(api, 'POST', leads, { payload: { name: 'Ana', email: 'ana@example.com', phone: '+40 721 000 000' } })).statusCode, 202);
  const leadIds = new Set(events.filter((event) => event.type.startsWith('lead.')).map((event) => event.data.id));
  t.equal(leadIds.size, 1, 'one lead per e-mail');

  // An ended conversation takes no form.
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/end`, { key: acme.live })).statusCode, 200);
  assertError(t, await visit(api, 'POST', leads, { token, payload: { name: 'Ana', email: 'ana@example.com', conversation_id: conversation.id } }), 409, 'conversation_ended');
});

t.test('per-IP limits on the public routes, shared through the store', async (t) => {
  const api = await buildTestServer(t, {
    config: { server: { trust_proxy: true }, widget: { rate_limits: { requests_per_minute: 6, messages_per_minute: 2, forms_per_minute: 2 } } },
  });
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live);
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  // Forms: two conversations a minute from one address.
  const first = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {}, headers: from('198.51.100.1') });
  t.equal(first.statusCode, 201);
  t.equal((await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {}, headers: from('198.51.100.1') })).statusCode, 201);
  const third = assertError(t, await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {}, headers: from('198.51.100.1') }), 429, 'rate_limited');
  t.ok(third);
  const limited = await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { headers: from('198.51.100.1') });
  t.equal(limited.statusCode, 200, 'the request limit is not used up yet');

  // Messages: two a minute.
  const base = `/widget/v1/${bot.id}/conversations/${first.json.conversation.id}/messages`;
  for (let i = 0; i < 2; i++) t.equal((await visit(api, 'POST', base, { token: first.json.token, payload: { content: 'hello' }, headers: from('198.51.100.1') })).statusCode, 201);
  const tooMany = await visit(api, 'POST', base, { token: first.json.token, payload: { content: 'hello' }, headers: from('198.51.100.1') });
  assertError(t, tooMany, 429, 'rate_limited');
  t.match(tooMany.headers['retry-after'], /^\d+$/);
  t.equal(tooMany.headers['access-control-allow-origin'], undefined, 'refused before the origin was looked at');

  // Every request counts: the sixth of the minute was the last.
  assertError(t, await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { headers: from('198.51.100.1') }), 429, 'rate_limited');
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { headers: from('198.51.100.2') })).statusCode, 200, 'another address has its own limit');

  // The next minute starts afresh.
  api.clock.advance(60_000);
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`, { headers: from('198.51.100.1') })).statusCode, 200);
});

t.test('the script route', async (t) => {
  const api = await buildTestServer(t);
  const script = await api.request('GET', '/widget.js');
  if (script.statusCode === 503) {
    // Without a build the route says so; npm ci builds it (prepare), so CI always has one.
    assertError(t, script, 503, 'unavailable');
    t.fail('the widget script is not built: run npm run build:widget');
    return;
  }
  t.equal(script.statusCode, 200);
  t.match(script.headers['content-type'], /^text\/javascript/);
  t.match(script.headers['cache-control'], /max-age=300/);
  t.type(script.headers.etag, 'string');
  const again = await api.request('GET', '/widget.js', { headers: { 'if-none-match': script.headers.etag as string } });
  t.equal(again.statusCode, 304);
});

t.test('the widget’s words it loads on demand: each language but English, public, cached; others refused', async (t) => {
  const api = await buildTestServer(t);
  const loaded = { ...LOADED_LTR_WIDGET_UI, ...RTL_WIDGET_UI };
  for (const [language, strings] of Object.entries(loaded)) {
    const response = await api.request('GET', `/widget/ui/${language}.json`, { headers: { origin: 'https://any.example' } });
    t.equal(response.statusCode, 200, `${language} is served`);
    t.same(response.json, strings, `${language}: the build's words, whole`);
    t.match(response.headers['content-type'], /^application\/json; charset=utf-8/);
    t.equal(response.headers['access-control-allow-origin'], '*', 'any page may read them, without credentials');
    const again = await api.request('GET', `/widget/ui/${language}.json`, { headers: { 'if-none-match': response.headers.etag as string } });
    t.equal(again.statusCode, 304);
  }
  t.same(Object.keys(loaded).sort(), [...LOADABLE_WIDGET_LANGUAGES].sort(), 'the built languages are the documented ones');
  for (const language of ['en', 'es', 'xx']) assertError(t, await api.request('GET', `/widget/ui/${language}.json`), 404, 'language_not_found');
  for (const bad of ['ARA', 'a', '..%2Fwidget', 'ar%00']) assertError(t, await api.request('GET', `/widget/ui/${bad}.json`), 400, 'validation_failed');
});

t.test('settings stored by an earlier build read with every field the current one has', async (t) => {
  const stored = { display_rules: { proactive: [{ match: '/pricing', delay_seconds: 5, message: 'Questions?' }] }, privacy: undefined } as unknown as Partial<WidgetSettings>;
  const completed = completeWidgetSettings(stored);
  t.same(completed.display_rules.proactive, [{ translations: {}, match: '/pricing', delay_seconds: 5, message: 'Questions?' }], 'a proactive message saved before translations has none');
  t.equal(completed.attachments, false, 'saved before files existed: none until the owner turns them on');
  t.equal(defaultWidgetSettings().attachments, true, 'a new widget takes them');
  t.same(completed.privacy, { storage: 'always' });
  t.same(completeWidgetSettings(null), defaultWidgetSettings());
});
