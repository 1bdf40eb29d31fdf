// The leads API (issue 13): create or update by e-mail or phone number (one lead, however it is
// written), the conversation capture path, events, PATCH through the statuses, delete with the
// privacy scrub, lists with filters, `q` and cursors, every route's 4xx, plans, chatbot keys, the
// sandbox and other accounts. Races and the export have files of their own (leads-*.test.ts).
import t from 'tap';
import type { EventEnvelope } from '../../core/events.js';
import { declareLeads } from '../../plugins/leads/collections.js';
import { ADMIN_TOKEN, assertError, buildTestServer, type TestServer } from '../helpers/server.js';

interface Bot {
  id: string;
  api_key: string;
}

async function chatbot(api: TestServer, key: string, payload: Record<string, unknown> = { name: 'Shop' }): Promise<Bot> {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload });
  if (response.statusCode !== 201) throw new Error(`chatbot failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}

function recordEvents(api: TestServer): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  api.platform.events.subscribe('*', (event) => {
    if (event.type.startsWith('lead.')) events.push(event);
  });
  return events;
}

const postLead = (api: TestServer, key: string, payload: Record<string, unknown>) => api.request('POST', '/api/v1/leads', { key, payload });

async function setPlan(api: TestServer, accountId: string, plan: string) {
  const response = await api.request('PATCH', `/admin/v1/accounts/${accountId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { plan } });
  if (response.statusCode !== 200) throw new Error(`plan change failed ${response.statusCode}: ${response.payload}`);
}

t.test('one lead per e-mail and per phone number, however written; e-mail wins a conflict', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, { name: 'Laden', language: 'de' });
  const events = recordEvents(api);

  const created = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'Ada@Example.com', name: 'Ada', custom: { plan: 'gold' } });
  t.equal(created.statusCode, 201);
  const ada = created.json;
  t.match(ada, {
    id: /^lead_[0-9a-z]{26}$/,
    chatbot_id: bot.id,
    conversation_id: null,
    name: 'Ada',
    email: 'Ada@Example.com',
    phone: null,
    company: null,
    notes: null,
    custom: { plan: 'gold' },
    status: 'new',
    source: 'api',
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  });
  t.equal(created.headers.location, `/api/v1/leads/${ada.id}`);
  t.same(events.map((e) => e.type), ['lead.captured']);
  t.same(events[0]!.data, ada, 'lead.captured carries the lead as the API returns it');

  api.clock.advance(1000);
  const again = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@EXAMPLE.com', company: 'Analytical Engines' });
  t.equal(again.statusCode, 200, 'the same address in other letter case updates: 200');
  t.match(again.json, { id: ada.id, email: 'Ada@Example.com', company: 'Analytical Engines', name: 'Ada', updated_at: '2026-11-21T10:00:01.000Z' });
  t.same(events.map((e) => e.type), ['lead.captured', 'lead.updated']);
  t.same(events[1]!.data.previous_attributes, { company: null }, 'lead.updated says what changed');

  const same = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com', company: 'Analytical Engines' });
  t.equal(same.statusCode, 200);
  t.equal(events.length, 2, 'details it already has change nothing and publish nothing');

  // Phone numbers: E.164, whatever the notation; a German chatbot reads national numbers as German.
  const phone = await postLead(api, acme.live, { chatbot_id: bot.id, phone: '+49 30 1234567', name: 'Bea' });
  t.equal(phone.statusCode, 201);
  t.equal(phone.json.phone, '+49301234567', 'stored in E.164');
  for (const notation of ['0049 30 1234567', '030 1234567', '(030) 123-4567', '+49 (30) 12 34 567', '030/1234567']) {
    const response = await postLead(api, acme.live, { chatbot_id: bot.id, phone: notation });
    t.equal(response.statusCode, 200, `${notation}: the same number`);
    t.equal(response.json.id, phone.json.id);
  }

  // E-mail and phone of two different leads: e-mail wins, the number stays with its lead.
  const beaBefore = (await api.request('GET', `/api/v1/leads/${phone.json.id}`, { key: acme.live })).json;
  const conflict = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com', phone: '030 1234567', name: 'Ada L.' });
  t.equal(conflict.statusCode, 200);
  t.match(conflict.json, { id: ada.id, phone: null, name: 'Ada L.' }, 'the e-mail’s lead, without the other lead’s number');
  t.same((await api.request('GET', `/api/v1/leads/${phone.json.id}`, { key: acme.live })).json, beaBefore, 'the other lead is not touched');

  // A number's lead without an e-mail takes one; with another e-mail, the new address is another lead.
  const takes = await postLead(api, acme.live, { chatbot_id: bot.id, phone: '+4930 1234567', email: 'bea@example.com' });
  t.match(takes.json, { id: phone.json.id, email: 'bea@example.com', phone: '+49301234567' });
  const another = await postLead(api, acme.live, { chatbot_id: bot.id, phone: '+4930 1234567', email: 'carl@example.com' });
  t.equal(another.statusCode, 201, 'another e-mail is another person');
  t.match(another.json, { email: 'carl@example.com', phone: null });

  // The same e-mail for another chatbot is another lead.
  const shop = await chatbot(api, acme.live, { name: 'Shop', language: 'en' });
  const elsewhere = await postLead(api, acme.live, { chatbot_id: shop.id, email: 'ada@example.com' });
  t.equal(elsewhere.statusCode, 201);
  t.not(elsewhere.json.id, ada.id);

  // An English chatbot reads national numbers as American; a number no country fits keeps its digits.
  const us = await postLead(api, acme.live, { chatbot_id: shop.id, phone: '(415) 555-0132' });
  t.equal(us.json.phone, '+14155550132');
  t.equal((await postLead(api, acme.live, { chatbot_id: shop.id, phone: '+1 415.555.0132' })).json.id, us.json.id);
  const odd = await postLead(api, acme.live, { chatbot_id: shop.id, phone: '+999 1234 5678' });
  t.equal(odd.statusCode, 201);
  t.equal(odd.json.phone, '+999 1234 5678', 'a number that cannot be read is kept as given');
  const oddAgain = await postLead(api, acme.live, { chatbot_id: shop.id, phone: '00999-1234-5678' });
  t.equal(oddAgain.json.id, odd.json.id, 'and still found by its digits');

  // The keys live in the store, so a lead given twice is one lead there too.
  const stored = await declareLeads(api.platform.store).forTenant({ accountId: acme.id, mode: 'live' }).count({ chatbot_id: bot.id });
  t.equal(stored, 3, 'Ada, Bea and Carl');

  // Status and notes may come with a capture; an existing lead keeps its status unless one is sent.
  const qualified = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'dora@example.com', status: 'qualified', notes: 'met at the fair' });
  t.match(qualified.json, { status: 'qualified', notes: 'met at the fair' });
  const keeps = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'dora@example.com', name: 'Dora' });
  t.match(keeps.json, { status: 'qualified', name: 'Dora' });

  // Idempotency-Key works as on every POST.
  const headers = { 'idempotency-key': 'lead-once' };
  const first = await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: bot.id, email: 'eve@example.com' }, headers });
  const replay = await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: bot.id, email: 'eve@example.com' }, headers });
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.same(replay.json, first.json);
  t.equal(replay.statusCode, 201);
});

t.test('leads captured in conversations: the same rule, both links, events on both paths', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, { name: 'Shop', language: 'en' });
  await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { lead_capture: { enabled: true, ask_after_messages: 1, fields: ['email'] } } });
  const events = recordEvents(api);
  const start = async (visitor: Record<string, string> = {}) =>
    (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live, payload: { visitor } })).json;
  const say = (convId: string, content: string) =>
    api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${convId}/messages`, { key: acme.live, payload: { content } });

  const conv = await start({ locale: 'de-DE' });
  const told = await say(conv.id, 'my phone is 030 1234567');
  const leadId = told.json.conversation.lead_id;
  t.match(leadId, /^lead_/, 'the conversation links to its lead');
  const lead = (await api.request('GET', `/api/v1/leads/${leadId}`, { key: acme.live })).json;
  t.match(lead, { conversation_id: conv.id, phone: '+49301234567', source: 'conversation', status: 'new' }, 'and the lead to its conversation; the visitor’s locale read the number');
  t.match(events.map((e) => [e.type, e.data.source]), [['lead.captured', 'conversation']]);

  // The API gives the same number in another notation: the same lead, updated, lead.updated.
  const api1 = await postLead(api, acme.live, { chatbot_id: bot.id, phone: '+49 30 123 45 67', email: 'ada@example.com', name: 'Ada' });
  t.equal(api1.statusCode, 200);
  t.match(api1.json, { id: leadId, email: 'ada@example.com', source: 'conversation', conversation_id: conv.id });
  t.same(events.map((e) => e.type), ['lead.captured', 'lead.updated']);
  t.same(events[1]!.data.previous_attributes, { name: null, email: null });

  // Another conversation: the same address in other case is the same lead; the lead keeps its first conversation.
  const other = await start();
  const again = await say(other.id, 'It is ADA@example.com, company: Analytical Engines');
  t.equal(again.json.conversation.lead_id, leadId);
  const updated = (await api.request('GET', `/api/v1/leads/${leadId}`, { key: acme.live })).json;
  t.match(updated, { company: 'Analytical Engines', email: 'ada@example.com', conversation_id: conv.id });
  t.same(events.map((e) => e.type), ['lead.captured', 'lead.updated', 'lead.updated']);

  // An API lead first, then the visitor gives the same e-mail: the API's lead is the conversation's.
  const made = await postLead(api, acme.live, { chatbot_id: bot.id, email: 'grace@example.com' });
  const third = await start();
  const graced = await say(third.id, 'grace@example.com');
  t.equal(graced.json.conversation.lead_id, made.json.id);
  t.match((await api.request('GET', `/api/v1/leads/${made.json.id}`, { key: acme.live })).json, { conversation_id: third.id, source: 'api' }, 'a lead without a conversation is linked to this one');

  // The recorder (what the widget form uses): a conversation's lead takes details that identify no other lead.
  const recorder = api.server.plugins.leads.recorder;
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const capture = (details: Record<string, string | null>, own: string | null, conversationId: string | null = 'conv_x') =>
    recorder.capture(tenant, { chatbotId: bot.id, conversationId, source: 'widget_form', leadId: own, details });
  const nameOnly = await capture({ name: 'Hedy', email: '   ', phone: '' }, null);
  t.equal(nameOnly.created, true, 'a name alone makes a lead; empty details are ignored');
  t.same(await capture({ email: 'hedy@example.com' }, nameOnly.id), { id: nameOnly.id, created: false }, 'the conversation’s lead takes the e-mail');
  t.equal((await capture({ email: 'hedy.other@example.com' }, nameOnly.id)).created, true, 'a second address in one conversation is another lead');
  t.equal((await capture({ phone: '+1 212 555 0100' }, nameOnly.id)).id, nameOnly.id, 'a first number joins it');
  t.equal((await capture({ phone: '+1\u00a0212\u00a0555\t0100' }, null)).id, nameOnly.id, 'typed with no-break spaces and tabs: the same number');
  t.equal((await capture({ phone: '+1 212 555 0199' }, nameOnly.id)).created, true, 'a second number in one conversation is another lead');
  t.equal((await capture({ email: `${'a'.repeat(300)}@example.com` }, null)).created, true, 'an over-long “address” is not kept…');
  const overlong = await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}&source=widget_form&limit=1`, { key: acme.live });
  t.equal(overlong.json.data[0].email, null, '…as an e-mail');
  t.ok(events.filter((e) => e.data.source === 'widget_form').length >= 4, 'the widget path publishes too');
});

t.test('PATCH works a lead through the statuses; DELETE removes it and scrubs its events', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, { name: 'Laden', language: 'de' });
  const events = recordEvents(api);
  const lead = (await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com', phone: '030 1234567', name: 'Ada' })).json;
  const other = (await postLead(api, acme.live, { chatbot_id: bot.id, email: 'bea@example.com', phone: '030 7654321' })).json;
  const patch = (id: string, payload: unknown) => api.request('PATCH', `/api/v1/leads/${id}`, { key: acme.live, payload });

  for (const status of ['contacted', 'qualified', 'converted', 'lost', 'new']) {
    api.clock.advance(1000);
    const response = await patch(lead.id, { status });
    t.equal(response.statusCode, 200);
    t.equal(response.json.status, status);
  }
  const statusEvents = events.filter((e) => e.type === 'lead.updated');
  t.same(statusEvents.map((e) => e.data.previous_attributes), [{ status: 'new' }, { status: 'contacted' }, { status: 'qualified' }, { status: 'converted' }, { status: 'lost' }]);

  const edited = await patch(lead.id, { name: null, notes: 'call after 5', custom: { source_campaign: 'fair' }, phone: '+49 30 5555555', company: 'AE' });
  t.match(edited.json, { name: null, notes: 'call after 5', custom: { source_campaign: 'fair' }, phone: '+49305555555', company: 'AE' });
  t.same(events.at(-1)!.data.previous_attributes, { name: 'Ada', notes: null, custom: {}, phone: '+49301234567', company: null });
  const count = events.length;
  t.equal((await patch(lead.id, { status: 'new', company: 'AE' })).statusCode, 200);
  t.equal(events.length, count, 'a PATCH that changes nothing publishes nothing');
  t.equal((await patch(lead.id, { notes: '' })).json.notes, null, 'an empty note clears it');

  // The freed number is anyone's; a taken one is a 409 naming its lead.
  t.equal((await postLead(api, acme.live, { chatbot_id: bot.id, phone: '030 1234567' })).statusCode, 201, 'the old number is free again');
  const taken = assertError(t, await patch(lead.id, { email: 'BEA@example.com' }), 409, 'conflict');
  t.match(taken.message, other.id);
  assertError(t, await patch(lead.id, { phone: '030 7654321' }), 409, 'conflict');
  const moved = await patch(lead.id, { email: 'ada.l@example.com' });
  t.equal(moved.json.email, 'ada.l@example.com');
  t.equal((await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com' })).statusCode, 201, 'the old address is free again');
  t.equal((await postLead(api, acme.live, { chatbot_id: bot.id, email: 'Ada.L@example.com' })).json.id, lead.id, 'the new one finds it');

  // Delete: the lead goes, and its lead.* events keep only its id.
  const conv = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live, payload: {} })).json;
  const said = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, {
    key: acme.live,
    payload: { content: 'write to me at ada.l@example.com' },
  });
  t.equal(said.json.conversation.lead_id, lead.id);
  const kept = await api.request('GET', `/api/v1/events?type=lead.updated&limit=100`, { key: acme.live });
  t.ok(kept.json.data.some((e: EventEnvelope) => e.data.id === lead.id && e.data.email), 'before: the events hold the lead');

  const deleted = await api.request('DELETE', `/api/v1/leads/${lead.id}`, { key: acme.live });
  t.same(deleted.json, { id: lead.id, deleted: true });
  assertError(t, await api.request('GET', `/api/v1/leads/${lead.id}`, { key: acme.live }), 404, 'lead_not_found');
  assertError(t, await api.request('DELETE', `/api/v1/leads/${lead.id}`, { key: acme.live }), 404, 'lead_not_found', 'deleting twice');
  for (const type of ['lead.captured', 'lead.updated']) {
    const listed = (await api.request('GET', `/api/v1/events?type=${type}&limit=100`, { key: acme.live })).json.data as EventEnvelope[];
    const ofLead = listed.filter((e) => e.data.id === lead.id);
    t.ok(ofLead.length > 0, `${type} events of the lead are still listed`);
    t.ok(ofLead.every((e) => JSON.stringify(e.data) === JSON.stringify({ id: lead.id })), `${type}: only the id is left`);
    t.ok(listed.filter((e) => e.data.id === other.id).every((e) => e.data.email === 'bea@example.com'), `${type}: other leads' events are untouched`);
  }
  const one = (await api.request('GET', `/api/v1/events?type=lead.captured&limit=100`, { key: acme.live })).json.data.find((e: EventEnvelope) => e.data.id === lead.id);
  t.same((await api.request('GET', `/api/v1/events/${one.id}`, { key: acme.live })).json.data, { id: lead.id });
  const conversation = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}`, { key: acme.live })).json;
  t.equal(conversation.lead_id, null, 'the conversation stops naming the deleted lead');
  const messages = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, { key: acme.live })).json.data;
  t.ok(messages.some((m: { content: string }) => m.content.includes('ada.l@example.com')), 'what the visitor wrote stays in the conversation (documented)');

  // Deleting a conversation unlinks its leads (lead.updated), keeping the lead.
  const bea = (await api.request('GET', `/api/v1/leads/${other.id}`, { key: acme.live })).json;
  const conv2 = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live, payload: {} })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv2.id}/messages`, { key: acme.live, payload: { content: 'bea@example.com' } });
  t.equal((await api.request('GET', `/api/v1/leads/${bea.id}`, { key: acme.live })).json.conversation_id, conv2.id);
  // A second address there is another lead, now the conversation's; once it is deleted the conversation names none.
  const second = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv2.id}/messages`, { key: acme.live, payload: { content: 'or cleo@example.com' } });
  t.not(second.json.conversation.lead_id, bea.id);
  await api.request('DELETE', `/api/v1/leads/${second.json.conversation.lead_id}`, { key: acme.live });
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conv2.id}`, { key: acme.live })).json.lead_id, null);
  await api.request('DELETE', `/api/v1/chatbots/${bot.id}/conversations/${conv2.id}`, { key: acme.live });
  t.equal((await api.request('GET', `/api/v1/leads/${bea.id}`, { key: acme.live })).json.conversation_id, null);
  t.same(events.at(-1)!.data.previous_attributes, { conversation_id: conv2.id });

  // Deleting the chatbot deletes its leads and scrubs their events too.
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('GET', `/api/v1/leads/${bea.id}`, { key: acme.live }), 404, 'lead_not_found');
  const afterCascade = (await api.request('GET', `/api/v1/events?chatbot_id=${bot.id}&limit=100`, { key: acme.live })).json.data as EventEnvelope[];
  const leadEvents = afterCascade.filter((e) => e.type.startsWith('lead.'));
  t.ok(leadEvents.length > 0 && leadEvents.every((e) => Object.keys(e.data).join() === 'id'), 'a deleted chatbot’s lead events keep only ids');
});

t.test('lists: per account and per chatbot, filters, q ignoring case and accents, cursors', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const de = await chatbot(api, acme.live, { name: 'Laden', language: 'de' });
  const fr = await chatbot(api, acme.live, { name: 'Boutique', language: 'fr' });
  const made: Array<{ id: string }> = [];
  const add = async (payload: Record<string, unknown>) => {
    api.clock.advance(1000);
    const response = await postLead(api, acme.live, payload);
    if (response.statusCode !== 201) throw new Error(`lead failed ${response.statusCode}: ${response.payload}`);
    made.push(response.json);
    return response.json;
  };
  const zoe = await add({ chatbot_id: de.id, name: 'Zoë Müller', email: 'zoe@beispiel.de', status: 'qualified' });
  const jose = await add({ chatbot_id: fr.id, name: 'José Ñúñez', email: 'jose@exemple.fr', company: 'Société Générale' });
  const anon = await add({ chatbot_id: de.id, phone: '030 1234567' });
  const greta = await add({ chatbot_id: fr.id, email: 'greta@grosse-strasse.example', name: 'Grete Größe' });
  const recorder = api.server.plugins.leads.recorder;
  api.clock.advance(1000);
  const fromChat = await recorder.capture({ accountId: acme.id, mode: 'live' }, {
    chatbotId: de.id,
    conversationId: 'conv_1',
    source: 'conversation',
    leadId: null,
    details: { email: 'chat@example.com' },
  });

  const ids = async (query: string, key = acme.live) => {
    const response = await api.request('GET', `/api/v1/leads${query}`, { key });
    t.equal(response.statusCode, 200, query);
    return response.json.data.map((lead: { id: string }) => lead.id);
  };
  t.same(await ids(''), [fromChat.id, greta.id, anon.id, jose.id, zoe.id], 'newest first across chatbots');
  t.same(await ids('?order=asc&limit=2'), [zoe.id, jose.id]);
  t.same(await ids(`?chatbot_id=${de.id}`), [fromChat.id, anon.id, zoe.id]);
  t.same(await ids('?status=qualified'), [zoe.id]);
  t.same(await ids('?source=conversation'), [fromChat.id]);
  t.same(await ids('?created_after=2026-11-21T10:00:02.500Z&created_before=2026-11-21T10:00:04.500Z'), [greta.id, anon.id]);
  t.same(await ids('?q=zoe'), [zoe.id], 'accents ignored');
  t.same(await ids('?q=MULLER'), [zoe.id], 'case and umlauts ignored');
  t.same(await ids('?q=societe%20gen'), [jose.id], 'the company');
  t.same(await ids('?q=nunez'), [jose.id]);
  t.same(await ids('?q=grosse'), [greta.id], 'ß is ss');
  t.same(await ids('?q=exemple.fr'), [jose.id], 'part of an e-mail');
  t.same(await ids('?q=030%20123'), [anon.id], 'a phone number as written nationally');
  t.same(await ids('?q=%2B4930'), [anon.id], 'or internationally');
  t.same(await ids('?q=nobody'), []);
  t.same(await ids(`?q=e&chatbot_id=${fr.id}&status=new`), [greta.id, jose.id], 'q with other filters');

  const perBot = await api.request('GET', `/api/v1/chatbots/${fr.id}/leads?q=jose`, { key: acme.live });
  t.same(perBot.json.data.map((lead: { id: string }) => lead.id), [jose.id]);
  t.same(
    (await api.request('GET', `/api/v1/chatbots/${de.id}/leads`, { key: de.api_key })).json.data.map((lead: { id: string }) => lead.id),
    [fromChat.id, anon.id, zoe.id],
    'a chatbot key lists its chatbot’s leads',
  );
  t.same(await ids('', de.api_key), [fromChat.id, anon.id, zoe.id], 'and GET /leads shows it only those');

  // Cursor pages, with and without q, to the end.
  for (const query of ['', '&q=e']) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api.request('GET', `/api/v1/leads?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`, { key: acme.live });
      t.ok(page.json.data.length <= 2);
      seen.push(...page.json.data.map((lead: { id: string }) => lead.id));
      cursor = page.json.next_cursor;
      t.equal(page.json.has_more, cursor !== null);
    } while (cursor);
    const expected = query ? [fromChat.id, greta.id, jose.id, zoe.id] : [fromChat.id, greta.id, anon.id, jose.id, zoe.id];
    t.same(seen, expected, `every lead once${query}`);
  }
  const first = await api.request('GET', '/api/v1/leads?limit=1&q=e', { key: acme.live });
  assertError(t, await api.request('GET', `/api/v1/leads?limit=1&q=zoe&cursor=${first.json.next_cursor}`, { key: acme.live }), 400, 'invalid_cursor', 'a cursor of another search');
  assertError(t, await api.request('GET', `/api/v1/leads?limit=1&cursor=${first.json.next_cursor}`, { key: acme.live }), 400, 'invalid_cursor', 'a search cursor without the search');
  t.equal(made.length, 4);
});

t.test('bad input: a 400 with details on every route, and 404s naming the resource', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live);
  const lead = (await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com' })).json;
  const cases: Array<[string, string, unknown, string]> = [
    ['POST', '/api/v1/leads', { email: 'ada@example.com' }, 'chatbot_id'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, name: 'No contact' }, ''],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'not-an-email' }, 'email'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, phone: 'call me' }, 'phone'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, phone: '12345' }, 'phone'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, phone: '+49\t30\t1234567' }, 'phone'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, phone: '+٤٩ ٣٠ ١٢٣٤٥٦٧' }, 'phone'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, phone: '+49 30 1234567 89012345' }, 'phone'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', status: 'won' }, 'status'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', source: 'api' }, 'source'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', notes: 'x'.repeat(5001) }, 'notes'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', name: 'x'.repeat(201) }, 'name'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', custom: { a: { b: { c: { d: { e: {} } } } } } }, 'custom'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', custom: { 'a.b': 1 } }, 'custom'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'a@example.com', id: 'lead_x' }, 'id'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: null }, 'email'],
    ['GET', '/api/v1/leads?status=won', undefined, 'status'],
    ['GET', '/api/v1/leads?source=email', undefined, 'source'],
    ['GET', '/api/v1/leads?q=', undefined, 'q'],
    ['GET', `/api/v1/leads?q=${'x'.repeat(101)}`, undefined, 'q'],
    ['GET', '/api/v1/leads?limit=101', undefined, 'limit'],
    ['GET', '/api/v1/leads?email=a', undefined, 'email'],
    ['GET', '/api/v1/leads?created_after=yesterday', undefined, 'created_after'],
    ['GET', '/api/v1/leads?cursor=nonsense', undefined, 'cursor'],
    ['GET', `/api/v1/chatbots/${bot.id}/leads?chatbot_id=${bot.id}`, undefined, 'chatbot_id'],
    ['GET', `/api/v1/chatbots/${bot.id}/leads?status=hot`, undefined, 'status'],
    ['PATCH', `/api/v1/leads/${lead.id}`, {}, ''],
    ['PATCH', `/api/v1/leads/${lead.id}`, { status: 'won' }, 'status'],
    ['PATCH', `/api/v1/leads/${lead.id}`, { chatbot_id: bot.id }, 'chatbot_id'],
    ['PATCH', `/api/v1/leads/${lead.id}`, { source: 'api' }, 'source'],
    ['PATCH', `/api/v1/leads/${lead.id}`, { email: 'nope' }, 'email'],
    ['PATCH', `/api/v1/leads/${lead.id}`, { custom: null }, 'custom'],
    ['GET', '/api/v1/leads/export?format=xml', undefined, 'format'],
    ['GET', '/api/v1/leads/export?limit=5', undefined, 'limit'],
  ];
  for (const [method, url, payload, path] of cases) {
    const response = await api.request(method, url, { key: acme.live, payload });
    const body = assertError(t, response, 400, url.includes('cursor=') ? 'invalid_cursor' : 'validation_failed', `${method} ${url} ${path}`);
    if (path) t.ok(body.details?.some((d: { path: string }) => d.path === path), `details name ${path}: ${JSON.stringify(body.details)}`);
  }
  assertError(t, await api.request('POST', '/api/v1/leads', { key: acme.live, payload: '{"chatbot_id":', headers: { 'content-type': 'application/json' } }), 400, 'validation_failed', 'broken JSON');
  assertError(t, await api.request('POST', '/api/v1/leads', { key: acme.live, payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
  assertError(t, await postLead(api, acme.live, { chatbot_id: bot.id, email: 'a@example.com', notes: 'x'.repeat(1_100_000) }), 413, 'payload_too_large');

  assertError(t, await api.request('GET', '/api/v1/leads/lead_nope', { key: acme.live }), 404, 'lead_not_found');
  assertError(t, await api.request('PATCH', '/api/v1/leads/lead_nope', { key: acme.live, payload: { status: 'lost' } }), 404, 'lead_not_found');
  assertError(t, await api.request('DELETE', `/api/v1/leads/lead_${'z'.repeat(300)}`, { key: acme.live }), 404, 'lead_not_found', 'an id of any length');
  assertError(t, await postLead(api, acme.live, { chatbot_id: 'cb_nope', email: 'a@example.com' }), 404, 'chatbot_not_found');
  assertError(t, await api.request('GET', '/api/v1/chatbots/cb_nope/leads', { key: acme.live }), 404, 'chatbot_not_found');
  t.same((await api.request('GET', '/api/v1/leads?chatbot_id=cb_nope', { key: acme.live })).json.data, [], 'an unknown chatbot filter lists nothing');
  assertError(t, await api.request('PUT', `/api/v1/leads/${lead.id}`, { key: acme.live, payload: {} }), 405, 'method_not_allowed');

  // An archived chatbot takes no new leads; its leads can still be worked and deleted.
  await api.request('POST', `/api/v1/chatbots/${bot.id}/archive`, { key: acme.live });
  assertError(t, await postLead(api, acme.live, { chatbot_id: bot.id, email: 'late@example.com' }), 409, 'chatbot_archived');
  t.equal((await api.request('PATCH', `/api/v1/leads/${lead.id}`, { key: acme.live, payload: { status: 'lost' } })).statusCode, 200);
  t.equal((await api.request('DELETE', `/api/v1/leads/${lead.id}`, { key: acme.live })).statusCode, 200);
});

t.test('keys, plans, the sandbox and other accounts', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const globex = await api.account('starter', 'Globex');
  const bot = await chatbot(api, acme.live);
  const otherBot = await chatbot(api, acme.live, { name: 'Other' });
  const lead = (await postLead(api, acme.live, { chatbot_id: bot.id, email: 'ada@example.com' })).json;
  const otherLead = (await postLead(api, acme.live, { chatbot_id: otherBot.id, email: 'bea@example.com' })).json;

  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/v1/leads'],
    ['POST', '/api/v1/leads', { chatbot_id: bot.id, email: 'x@example.com' }],
    ['GET', `/api/v1/leads/${lead.id}`],
    ['PATCH', `/api/v1/leads/${lead.id}`, { status: 'lost' }],
    ['DELETE', `/api/v1/leads/${lead.id}`],
    ['GET', `/api/v1/chatbots/${bot.id}/leads`],
    ['GET', '/api/v1/leads/export'],
  ];
  for (const [method, url, payload] of routes) {
    const name = `${method} ${url}`;
    assertError(t, await api.request(method, url, { payload }), 401, 'missing_credentials', `no key: ${name}`);
    assertError(t, await api.request(method, url, { key: 'sk_live_0123456789abcdef0123456789abcdef', payload }), 401, 'invalid_api_key', `a wrong key: ${name}`);
    for (const [who, key] of [
      ['the sandbox key', acme.test],
      ['another account', globex.live],
    ] as const) {
      const response = await api.request(method, url, { key, payload });
      if (url.endsWith('/export')) assertError(t, response, 403, 'plan_feature_unavailable', `${who}: ${name}: a full plan first`);
      else if (method === 'GET' && !url.includes('lead_')) {
        if (url.includes('/chatbots/')) assertError(t, response, 404, 'chatbot_not_found', `${who}: ${name}`);
        else t.same(response.json.data, [], `${who}: ${name} lists nothing`);
      } else if (method === 'POST') assertError(t, response, 404, 'chatbot_not_found', `${who}: ${name}`);
      else assertError(t, response, 404, 'lead_not_found', `${who}: ${name}`);
    }
  }
  const sandboxBot = await chatbot(api, acme.test);
  const sandboxLead = await postLead(api, acme.test, { chatbot_id: sandboxBot.id, email: 'ada@example.com' });
  t.equal(sandboxLead.statusCode, 201, 'the sandbox has leads of its own, the same e-mail too');
  t.same((await api.request('GET', '/api/v1/leads', { key: acme.test })).json.data.map((l: { id: string }) => l.id), [sandboxLead.json.id]);
  assertError(t, await api.request('GET', `/api/v1/leads/${sandboxLead.json.id}`, { key: acme.live }), 404, 'lead_not_found', 'a live key never sees sandbox leads');
  const events: EventEnvelope[] = recordEvents(api);
  await postLead(api, acme.test, { chatbot_id: sandboxBot.id, email: 'new@example.com' });
  t.equal(events[0]!.livemode, false, 'sandbox lead events are not live');

  // Chatbot keys: their chatbot's leads only.
  const key = bot.api_key;
  t.same((await api.request('GET', '/api/v1/leads', { key })).json.data.map((l: { id: string }) => l.id), [lead.id]);
  t.equal((await api.request('GET', `/api/v1/leads/${lead.id}`, { key })).statusCode, 200);
  t.equal((await api.request('PATCH', `/api/v1/leads/${lead.id}`, { key, payload: { status: 'contacted' } })).statusCode, 200);
  t.equal((await postLead(api, key, { chatbot_id: bot.id, email: 'c@example.com' })).statusCode, 201);
  for (const method of ['GET', 'PATCH', 'DELETE']) {
    const response = await api.request(method, `/api/v1/leads/${otherLead.id}`, { key, payload: method === 'PATCH' ? { status: 'lost' } : undefined });
    assertError(t, response, 404, 'lead_not_found', `${method}: another chatbot's lead does not exist for this key`);
  }
  assertError(t, await postLead(api, key, { chatbot_id: otherBot.id, email: 'd@example.com' }), 403, 'key_scope_chatbot');
  assertError(t, await api.request('GET', `/api/v1/leads?chatbot_id=${otherBot.id}`, { key }), 403, 'key_scope_chatbot');
  assertError(t, await api.request('GET', `/api/v1/chatbots/${otherBot.id}/leads`, { key }), 403, 'key_scope_chatbot');

  // Plans: Free reads, Starter and up write; the export needs full access.
  assertError(t, await api.request('GET', '/api/v1/leads/export', { key: acme.live }), 403, 'plan_feature_unavailable', 'starter: no export');
  await setPlan(api, acme.id, 'free');
  t.equal((await api.request('GET', '/api/v1/leads', { key: acme.live })).statusCode, 200, 'free: lists');
  t.equal((await api.request('GET', `/api/v1/leads/${lead.id}`, { key: acme.live })).statusCode, 200, 'free: reads');
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/leads`, { key: acme.live })).statusCode, 200);
  assertError(t, await postLead(api, acme.live, { chatbot_id: bot.id, email: 'e@example.com' }), 403, 'plan_read_only');
  assertError(t, await api.request('PATCH', `/api/v1/leads/${lead.id}`, { key: acme.live, payload: { status: 'lost' } }), 403, 'plan_read_only');
  assertError(t, await api.request('DELETE', `/api/v1/leads/${lead.id}`, { key: acme.live }), 403, 'plan_read_only');
  assertError(t, await api.request('GET', '/api/v1/leads/export', { key: acme.live }), 403, 'plan_feature_unavailable');
  await setPlan(api, acme.id, 'professional');
  t.equal((await api.request('GET', '/api/v1/leads/export', { key: acme.live })).statusCode, 200, 'professional: exports');
  const scopedExport = await api.request('GET', '/api/v1/leads/export', { key });
  t.same(scopedExport.payload.trim().split('\n').map((line) => JSON.parse(line).chatbot_id), [bot.id, bot.id], 'a chatbot key exports its chatbot’s leads');
  assertError(t, await api.request('GET', `/api/v1/leads/export?chatbot_id=${otherBot.id}`, { key }), 403, 'key_scope_chatbot');
});

t.test('concurrent captures of one new e-mail or number make one lead', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const bot = await chatbot(api, acme.live, { name: 'Laden', language: 'de' });
  const events = recordEvents(api);
  const emails = ['race@example.com', 'RACE@example.com', 'Race@Example.com', 'race@EXAMPLE.COM'];
  const phones = ['+49 30 9876543', '030 9876543', '0049 30 9876543', '(030) 987-6543'];
  const recorder = api.server.plugins.leads.recorder;
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const results = await Promise.all([
    ...emails.flatMap((email) => [postLead(api, acme.live, { chatbot_id: bot.id, email }), postLead(api, acme.live, { chatbot_id: bot.id, email })]),
    ...phones.flatMap((phone) => [postLead(api, acme.live, { chatbot_id: bot.id, phone }), postLead(api, acme.live, { chatbot_id: bot.id, phone })]),
  ]);
  const byEmail = results.slice(0, 8);
  const byPhone = results.slice(8);
  for (const [what, group] of [
    ['e-mail', byEmail],
    ['phone', byPhone],
  ] as const) {
    t.equal(new Set(group.map((r) => r.json.id)).size, 1, `${what}: one lead`);
    t.same(group.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 200, 200, 200, 201], `${what}: one 201, the rest updates`);
  }
  const captures = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      recorder.capture(tenant, { chatbotId: bot.id, conversationId: `conv_${i}`, source: 'conversation', leadId: null, details: { email: 'chat.race@example.com', phone: i % 2 ? '030 5550000' : '+49 30 5550000' } }),
    ),
  );
  t.equal(new Set(captures.map((c) => c.id)).size, 1, 'racing conversation captures: one lead');
  t.equal(captures.filter((c) => c.created).length, 1);
  t.equal(events.filter((e) => e.type === 'lead.captured').length, 3, 'lead.captured once per lead');
  t.equal(await declareLeads(api.platform.store).forTenant(tenant).count(), 3);
});

t.test('leads stored before phones counted are upgraded at start: a placeholder phone key and their search text', async (t) => {
  const { openStore } = await import('../../app/store.js');
  const store = await openStore('sqlite::memory:');
  const upgrade = declareLeads(store).definition.upgrade!;
  const legacy = { id: 'lead_old', chatbot_id: 'cb_1', name: 'Ána Pop', email: 'Ana@Example.com', phone: '+40 721 234 567', company: 'Acme' };
  const filled = upgrade.fill(legacy);
  t.equal(upgrade.missing, 'phone_key');
  t.equal(filled.phone_key, 'none:lead_old', 'keeps matching by e-mail only, as before');
  t.match(String(filled.search_text), /ana pop/, 'the name, folded');
  t.match(String(filled.search_text), /40721234567/, 'the phone, as searched');
  await store.close();
});
