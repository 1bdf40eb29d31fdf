// Issue 28, agents' presence and availability: members set themselves available or away, which
// lapses without a dashboard heartbeat; a chatbot's business hours; a handoff nobody can answer
// tells the visitor so in their language, asks for an e-mail (a `handoff_offline` lead linked to
// the conversation) and still waits in the inbox. Runs on SQLite and, with TEST_STORE=ferretdb, MongoDB.
import t, { type Test } from 'tap';
import type { EventEnvelope } from '../../core/events.js';
import { phrasesFor } from '../../plugins/conversations/answer/phrases.js';
import { PRESENCE_TTL_SECONDS } from '../../plugins/presence/collections.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { accountWithOwner, addMember, asMember, ORIGIN, signIn } from '../helpers/members.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

const SITE = 'https://shop.example.com';
/** Monday to Friday, 09:00 to 17:30 in Berlin. */
const OFFICE_HOURS = {
  enabled: true,
  time_zone: 'Europe/Berlin',
  weekly: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, from: '09:00', to: '17:30' })),
};
/** Saturday 21 November 2026, 11:00 in Berlin. */
const SATURDAY = '2026-11-21T10:00:00.000Z';
/** Monday 23 November 2026, 11:00 in Berlin. */
const MONDAY = '2026-11-23T10:00:00.000Z';

async function setUp(t: Test, handoff: Record<string, unknown>) {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const owner = await accountWithOwner(api, 'starter', 'owner@shop.example');
  const key = owner.live;
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const put = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff } });
  if (put.statusCode !== 200) throw new Error(`settings: ${put.payload}`);
  const events: EventEnvelope[] = [];
  api.platform.events.subscribe('*', (event) => {
    events.push(event);
  });
  return { api, owner, key, bot, events };
}

async function widgetVisit(api: TestServer, botId: string, language = 'en') {
  const started = await api.request('POST', `/widget/v1/${botId}/conversations`, { payload: { language }, headers: { origin: SITE } });
  if (started.statusCode !== 201) throw new Error(`start: ${started.payload}`);
  const { conversation, token } = started.json as { conversation: { id: string; asks_for_email: boolean }; token: string };
  const headers = { origin: SITE, authorization: `Bearer ${token}` };
  const base = `/widget/v1/${botId}/conversations/${conversation.id}`;
  return {
    id: conversation.id,
    started: conversation,
    headers,
    say: (content: string) => api.request('POST', `${base}/messages`, { payload: { content }, headers }),
    read: () => api.request('GET', base, { headers }),
    leaveEmail: (email: unknown, extra: Record<string, string> = {}) => api.request('POST', `${base}/email`, { payload: { email }, headers: { ...headers, ...extra } }),
  };
}

t.test('presence: a member’s own, set in the dashboard, lapsing without a heartbeat', async (t) => {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const owner = await accountWithOwner(api, 'starter', 'owner@shop.example');
  const cookie = await signIn(api, owner.email);
  const member = asMember(api, cookie);

  const first = await member('GET', '/api/v1/presence');
  t.equal(first.statusCode, 200);
  t.same(first.json, { member_id: owner.ownerId, status: 'away', available: false, expires_at: null, updated_at: null }, 'away until chosen');

  const available = await member('PUT', '/api/v1/presence', { status: 'available' });
  t.equal(available.statusCode, 200);
  const expected = new Date(api.clock.now().getTime() + PRESENCE_TTL_SECONDS * 1000).toISOString();
  t.match(available.json, { member_id: owner.ownerId, status: 'available', available: true, expires_at: expected });
  t.equal(await api.server.plugins.presence.availability.anyoneAvailable(owner.accountId), true, 'the account has someone');

  api.clock.advance((PRESENCE_TTL_SECONDS - 1) * 1000);
  t.equal((await member('GET', '/api/v1/presence')).json.available, true, 'still counted just before the heartbeat lapses');
  api.clock.advance(1000);
  const lapsed = (await member('GET', '/api/v1/presence')).json;
  t.match(lapsed, { status: 'available', available: false }, 'the choice stays, but without a heartbeat it lapses');
  t.equal(await api.server.plugins.presence.availability.anyoneAvailable(owner.accountId), false, 'nobody counts once it lapsed');

  const beat = await member('POST', '/api/v1/presence/heartbeat');
  t.equal(beat.statusCode, 200);
  t.match(beat.json, { status: 'available', available: true }, 'a heartbeat brings it back, status unchanged');

  const away = await member('PUT', '/api/v1/presence', { status: 'away' });
  t.match(away.json, { status: 'away', available: false });
  t.match((await member('POST', '/api/v1/presence/heartbeat')).json, { status: 'away', available: false }, 'a heartbeat does not make anyone available');
  t.equal(await api.server.plugins.presence.availability.anyoneAvailable(owner.accountId), false);
});

t.test('presence: agents keep theirs; keys, bad input and other accounts are refused', async (t) => {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const owner = await accountWithOwner(api, 'starter', 'owner@shop.example');
  const agent = await addMember(api, { key: owner.live }, 'agent@shop.example', 'agent');
  const asAgent = asMember(api, agent.cookie);
  t.match((await asAgent('PUT', '/api/v1/presence', { status: 'available' })).json, { member_id: agent.id, available: true }, 'an agent sets their own');

  const other = await accountWithOwner(api, 'starter', 'owner@other.example');
  t.equal(await api.server.plugins.presence.availability.anyoneAvailable(other.accountId), false, 'another account’s team is not this one’s');
  t.equal(await api.server.plugins.presence.availability.anyoneAvailable(owner.accountId), true);

  assertError(t, await api.request('GET', '/api/v1/presence', { key: owner.live }), 403, 'session_required', 'a key has no presence');
  assertError(t, await api.request('PUT', '/api/v1/presence', { key: owner.live, payload: { status: 'available' } }), 403, 'session_required');
  assertError(t, await api.request('POST', '/api/v1/presence/heartbeat', { key: owner.live }), 403, 'session_required');
  assertError(t, await api.request('GET', '/api/v1/presence'), 401, 'missing_credentials');
  for (const payload of [{ status: 'busy' }, {}, { status: 'available', until: '18:00' }, { status: null }]) {
    assertError(t, await asAgent('PUT', '/api/v1/presence', payload), 400, 'validation_failed', JSON.stringify(payload));
  }
  assertError(t, await asAgent('POST', '/api/v1/presence/heartbeat', { status: 'available' }), 400, 'validation_failed', 'the heartbeat takes no status');
  assertError(t, await asAgent('GET', '/api/v1/presence?member_id=usr_x'), 400, 'validation_failed', 'no query: only one’s own');
  // The dashboard's writes carry its Origin; a write from another page is refused like every session write.
  const foreign = await api.request('PUT', '/api/v1/presence', { payload: { status: 'away' }, headers: { cookie: agent.cookie, origin: 'https://evil.example' } });
  assertError(t, foreign, 403, 'origin_mismatch');
});

t.test('business hours: defaults, saved and read back, refused with clear 400s', async (t) => {
  const { api, key, bot } = await setUp(t, {});
  const read = await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key });
  t.same(read.json.handoff, {
    on_visitor_request: true,
    require_available_member: true,
    business_hours: { enabled: false, time_zone: 'UTC', weekly: [] },
    auto_assign: { enabled: false, max_open_per_agent: 3 },
  });
  const saved = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { business_hours: OFFICE_HOURS } } });
  t.equal(saved.statusCode, 200);
  t.same(saved.json.handoff.business_hours, OFFICE_HOURS);
  t.same((await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key })).json.handoff.business_hours, OFFICE_HOURS, 'stored');

  const cases: Array<[unknown, string, RegExp]> = [
    [{ ...OFFICE_HOURS, time_zone: 'Europe/Atlantis' }, 'handoff.business_hours.time_zone', /IANA time zone/],
    [{ ...OFFICE_HOURS, weekly: [{ day: 'mon', from: '17:00', to: '09:00' }] }, 'handoff.business_hours.weekly.0', /"to" must be after "from"/],
    [{ ...OFFICE_HOURS, weekly: [{ day: 'mon', from: '9', to: '17:00' }] }, 'handoff.business_hours.weekly.0.from', /HH:MM/],
    [{ ...OFFICE_HOURS, weekly: [] }, 'handoff.business_hours.weekly', /at least one range/],
    [{ ...OFFICE_HOURS, weekly: [{ day: 'someday', from: '09:00', to: '10:00' }] }, 'handoff.business_hours.weekly.0.day', /must be one of/],
    [{ ...OFFICE_HOURS, holidays: [] }, 'handoff.business_hours.holidays', /not allowed/],
  ];
  for (const [hours, path, message] of cases) {
    const response = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { business_hours: hours } } });
    const body = assertError(t, response, 400, 'validation_failed', path);
    t.equal(body.details[0].path, path);
    t.match(body.message, message, path);
  }
  assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key, payload: { handoff: { require_available_member: 'yes' } } }), 400, 'validation_failed');
});

t.test('outside business hours: the visitor is told, in their language, and asked for an e-mail; the lead appears', async (t) => {
  const { api, key, bot, events } = await setUp(t, { business_hours: OFFICE_HOURS });
  api.clock.set(SATURDAY);
  for (const language of ['en', 'de', 'fr', 'ro'] as const) {
    const visit = await widgetVisit(api, bot.id, language);
    t.equal(visit.started.asks_for_email, false, `${language}: a new conversation asks for nothing`);
    const turn = await visit.say(WIDGET_UI[language]!.talkToPersonMessage);
    t.equal(turn.statusCode, 201);
    t.equal(turn.json.reply.content, phrasesFor(language, 'friendly').handoffOffline, `${language}: the offline phrase`);
    t.not(turn.json.reply.content, phrasesFor(language, 'friendly').handoff, `${language}: not the promise of a person`);
    t.match(turn.json.conversation, { status: 'handoff', asks_for_email: true }, `${language}: handed off, asking for an e-mail`);
  }

  const visit = await widgetVisit(api, bot.id, 'de');
  await visit.say('Ich möchte mit einem Mitarbeiter sprechen');
  const handoff = events.filter((event) => event.type === 'conversation.handoff').at(-1);
  t.match(handoff?.data, { id: visit.id, status: 'handoff', handoff_offline: true }, 'conversation.handoff says nobody could answer');
  const inbox = await api.request('GET', '/api/v1/conversations?status=handoff', { key });
  t.ok(
    inbox.json.data.some((conversation: { id: string; handoff_offline: boolean }) => conversation.id === visit.id && conversation.handoff_offline),
    'it waits in the inbox',
  );

  assertError(t, await visit.leaveEmail('not an address'), 400, 'validation_failed');
  assertError(t, await visit.leaveEmail('lea@kunde.example', { authorization: 'Bearer wct_wrong' }), 401, 'invalid_token');
  const left = await visit.leaveEmail('Lea@Kunde.example');
  t.equal(left.statusCode, 202);
  t.same(left.json, { received: true });

  const leads = await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}`, { key });
  const lead = leads.json.data.find((found: { email: string }) => found.email.toLowerCase() === 'lea@kunde.example');
  t.ok(lead, 'the lead is listed');
  t.match(lead, { source: 'handoff_offline', conversation_id: visit.id }, 'a handoff_offline lead linked to the conversation');
  const conversation = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${visit.id}`, { key });
  t.match(conversation.json, { status: 'handoff', lead_id: lead.id }, 'the conversation names its lead and still waits');
  t.ok(events.some((event) => event.type === 'lead.captured' && (event.data as { id: string }).id === lead.id), 'lead.captured published');
  t.equal((await visit.read()).json.conversation.asks_for_email, false, 'asked no more once an address was left');
  assertError(t, await visit.leaveEmail('other@kunde.example'), 409, 'email_not_requested');
});

t.test('the e-mail an offline handoff left: agents read it on the conversation, to answer by e-mail', async (t) => {
  const { api, key, bot } = await setUp(t, { business_hours: OFFICE_HOURS });
  api.clock.set(SATURDAY);
  const agent = await addMember(api, { key }, 'agent@shop.example', 'agent');
  const asAgent = asMember(api, agent.cookie);
  const visit = await widgetVisit(api, bot.id, 'en');
  await visit.say(WIDGET_UI.en!.talkToPersonMessage);
  const contactPath = `/api/v1/chatbots/${bot.id}/conversations/${visit.id}/contact`;
  assertError(t, await asAgent('GET', contactPath), 404, 'lead_not_found');

  t.equal((await visit.leaveEmail('lea@kunde.example')).statusCode, 202);
  const contact = await asAgent('GET', contactPath);
  t.equal(contact.statusCode, 200, contact.payload);
  t.match(contact.json, { email: 'lea@kunde.example', source: 'handoff_offline', name: null, phone: null }, 'the agent reads the address the visitor left');
  t.equal((await asAgent('GET', `/api/v1/leads/${contact.json.lead_id}`)).statusCode, 403, 'while the lead itself stays the owners’ and admins’');
  t.equal((await api.request('GET', contactPath, { key })).json.lead_id, contact.json.lead_id, 'a key reads it too');
  assertError(t, await api.request('GET', `${contactPath}?x=1`, { key }), 400, 'validation_failed');

  const other = await setUp(t, {});
  assertError(t, await other.api.request('GET', `/api/v1/chatbots/${other.bot.id}/conversations/${visit.id}/contact`, { key: other.key }), 404, 'conversation_not_found');
});

t.test('a paused chatbot takes no address after an offline handoff', async (t) => {
  const { api, key, bot } = await setUp(t, { business_hours: OFFICE_HOURS });
  api.clock.set(SATURDAY);
  const waiting = await widgetVisit(api, bot.id);
  t.match((await waiting.say('I want to talk to a person')).json.conversation, { asks_for_email: true });
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/pause`, { key })).statusCode, 200);
  assertError(t, await waiting.leaveEmail('paused@kunde.example'), 409, 'chatbot_paused');
  t.same((await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}`, { key })).json.data, [], 'no lead while paused');
});

t.test('an address written in the chat after an offline handoff is the lead too', async (t) => {
  const { api, key, bot } = await setUp(t, { business_hours: OFFICE_HOURS });
  api.clock.set(SATURDAY);
  const visit = await widgetVisit(api, bot.id);
  await visit.say('I want to talk to a person');
  const turn = await visit.say('you can reach me at max@client.example');
  t.equal(turn.json.reply, null, 'no bot reply while handed off');
  t.match(turn.json.conversation, { status: 'handoff', asks_for_email: false });
  const leads = (await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}`, { key })).json.data;
  t.match(leads, [{ email: 'max@client.example', source: 'handoff_offline', conversation_id: visit.id }]);
});

t.test('within business hours, a handoff that needs an available member asks for an e-mail until one is available', async (t) => {
  const { api, owner, key, bot } = await setUp(t, { business_hours: OFFICE_HOURS, require_available_member: true });
  api.clock.set(MONDAY);
  const nobody = await widgetVisit(api, bot.id);
  t.equal((await nobody.say('I want to talk to a person')).json.reply.content, phrasesFor('en', 'friendly').handoffOffline, 'nobody available');

  const member = asMember(api, await signIn(api, owner.email));
  await member('PUT', '/api/v1/presence', { status: 'available' });
  const someone = await widgetVisit(api, bot.id);
  const turn = await someone.say('I want to talk to a person');
  t.equal(turn.json.reply.content, phrasesFor('en', 'friendly').handoff, 'a member is available: the usual promise');
  t.match(turn.json.conversation, { status: 'handoff', asks_for_email: false });
  assertError(t, await someone.leaveEmail('a@b.example'), 409, 'email_not_requested');

  // The member's tab closed: no heartbeat for longer than the presence lasts.
  api.clock.advance((PRESENCE_TTL_SECONDS + 1) * 1000);
  const lapsed = await widgetVisit(api, bot.id);
  t.match((await lapsed.say('I want to talk to a person')).json.conversation, { asks_for_email: true }, 'lapsed presence counts as nobody');

  // An agent answers the one that asked: the request for an e-mail is over.
  const agentTurn = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${nobody.id}/messages`, { key, payload: { role: 'agent', content: 'Hello, I am here now.' } });
  t.equal(agentTurn.statusCode, 201, agentTurn.payload);
  t.equal((await nobody.read()).json.conversation.asks_for_email, false);
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${nobody.id}`, { key })).json.handoff_offline, false);
});

t.test('by default nobody available means an offline handoff; without business hours and with the member rule off, handoffs are as before', async (t) => {
  const byDefault = await setUp(t, {});
  const asked = await (await widgetVisit(byDefault.api, byDefault.bot.id)).say('I want to talk to a person');
  t.equal(asked.json.reply.content, phrasesFor('en', 'friendly').handoffOffline, 'nobody available, no configuration: the visitor is told so');
  t.match(asked.json.conversation, { status: 'handoff', asks_for_email: true });

  const { api, bot } = await setUp(t, { require_available_member: false });
  api.clock.set(SATURDAY);
  const visit = await widgetVisit(api, bot.id);
  const turn = await visit.say('I want to talk to a person');
  t.equal(turn.json.reply.content, phrasesFor('en', 'friendly').handoff);
  t.match(turn.json.conversation, { status: 'handoff', asks_for_email: false });
});
