// The lead recorder (the leads API itself is a later issue): one lead per e-mail per chatbot, a
// conversation's lead taking later details, a second address making another lead, and two
// captures of one new address racing into one lead.
import t from 'tap';
import type { EventEnvelope } from '../../core/events.js';
import { buildTestServer } from '../helpers/server.js';

t.test('captures: create, update, another address, races', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const recorder = api.server.plugins.leads.recorder;
  const captured: EventEnvelope[] = [];
  api.platform.events.subscribe('lead.captured', (event) => {
    captured.push(event);
  });
  const capture = (details: Record<string, string | null>, leadId: string | null = null, conversationId: string | null = 'conv_a') =>
    recorder.capture(tenant, { chatbotId: bot.id, conversationId, source: 'conversation', leadId, details });

  const phoneOnly = await capture({ phone: '+49 30 1234567', email: '  ' });
  t.match(phoneOnly, { id: /^lead_/, created: true }, 'a phone number alone makes a lead; empty details are ignored');
  const withEmail = await capture({ email: 'Ada@Example.com', name: 'Ada' }, phoneOnly.id);
  t.same(withEmail, { id: phoneOnly.id, created: false }, 'the conversation’s lead takes the e-mail');
  t.match(captured[1]!.data, { email: 'Ada@Example.com', phone: '+49 30 1234567', name: 'Ada' });

  const again = await capture({ email: 'ada@example.com', company: 'Analytical Engines' }, null, 'conv_b');
  t.same(again, { id: phoneOnly.id, created: false }, 'the same address (any case) from another conversation: the same lead');
  t.match(captured[2]!.data, { email: 'Ada@Example.com', company: 'Analytical Engines', conversation_id: 'conv_a' });

  const second = await capture({ email: 'charles@example.com' }, phoneOnly.id);
  t.equal(second.created, true, 'a second address in one conversation is another lead');
  t.not(second.id, phoneOnly.id);

  const raced = await Promise.all([capture({ email: 'grace@example.com' }, null, 'conv_c'), capture({ email: 'grace@example.com' }, null, 'conv_d')]);
  t.equal(raced[0].id, raced[1].id, 'two captures of one new address end in one lead');
  t.same(raced.map((r) => r.created).sort(), [false, true]);
  t.equal(captured.length, 6, 'every capture publishes lead.captured');
  t.ok(captured.every((event) => event.chatbot_id === bot.id && event.data.source === 'conversation'));
});
