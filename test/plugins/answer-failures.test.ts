// When working out a reply breaks (a bug, stored data the engine cannot read), the visitor gets the
// fallback and chatbot.error records why: never a 500 after the visitor's message was stored, which
// would invite a retry and a second copy of it (issue 10, row 7's second half).
import t from 'tap';
import { declareKnowledge } from '../../plugins/knowledge/collections.js';
import { buildTestServer } from '../helpers/server.js';

t.test('a Q&A chunk the engine cannot read: fallback reply, chatbot.error, one stored visitor message', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Fragile' } })).json;
  const tenant = { accountId: acme.id, mode: 'live' as const };
  // Written around the API, as a damaged or hand-edited store would hold it: a Q&A chunk whose pair
  // is not text.
  await declareKnowledge(api.platform.store).chunks.forTenant(tenant).insert({
    id: 'chk_damaged',
    chatbot_id: bot.id,
    item_id: 'doc_damaged',
    position: 0,
    kind: 'qa',
    title: 'Shipping',
    heading_path: [],
    url: null,
    text: 'How long does delivery take? Three days.',
    terms: ['long', 'delivery', 'take'],
    term_counts: { long: 1, delivery: 1, take: 1 },
    length: 3,
    qa: { question: 42, alternatives: 'not a list', answer: null } as never,
  });
  const conversation = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json;
  const sent = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, {
    key: acme.live,
    payload: { content: 'How long does delivery take?' },
  });
  t.equal(sent.statusCode, 201, 'the turn completes');
  t.match(sent.json.reply, { answer_type: 'fallback', confidence: 0 }, 'with the fallback');
  const events = (await api.request('GET', '/api/v1/events?type=chatbot.error', { key: acme.live })).json.data;
  t.match(events[0]?.data, { conversation_id: conversation.id, message_id: sent.json.reply.id, error: { code: 'answer_failed', provider: 'retrieval' } });
  const messages = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, { key: acme.live })).json.data;
  t.equal(messages.filter((message: { role: string }) => message.role === 'user').length, 1, 'the visitor message is stored once');
});
