// The answer engine's parts on their own: Q&A scoring (IDF, typos), rules, quoting passages,
// contact details in messages, phrases, and the export's CSV cells.
import t from 'tap';
import { extractAnswer } from '../../plugins/conversations/answer/extract.js';
import { phrasesFor } from '../../plugins/conversations/answer/phrases.js';
import { matchRule } from '../../plugins/conversations/answer/rules.js';
import { csvCell } from '../../plugins/conversations/export.js';
import { detectLead } from '../../plugins/conversations/lead-detection.js';
import { pieces } from '../../plugins/conversations/sse.js';
import type { Passage } from '../../core/contracts/knowledge.js';
import { buildTestServer } from '../helpers/server.js';

t.test('rules: keywords as words, patterns in RE2, first match wins', async (t) => {
  const rules = [
    { match: { keywords: ['price list', 'Préis'] }, action: { type: 'reply' as const, reply: 'prices' } },
    { match: { pattern: '^(hi|hello)\\b' }, action: { type: 'reply' as const, reply: 'greeting' } },
    { match: { pattern: '(a+)+$' }, action: { type: 'handoff' as const } },
    { match: { pattern: '(?<=x)y' }, action: { type: 'handoff' as const } },
  ];
  t.equal(matchRule(rules, 'Send me the PRICE LIST please')?.action.reply, 'prices');
  t.equal(matchRule(rules, 'was ist der preis?')?.action.reply, 'prices', 'accents and case folded');
  t.equal(matchRule(rules, 'price lists'), null, 'a keyword is a whole word or phrase');
  t.equal(matchRule(rules, 'Hello there')?.action.reply, 'greeting');
  t.equal(matchRule(rules, 'Oh, hello'), null);
  // A pattern that would backtrack for ever in a JavaScript RegExp is linear in RE2.
  t.equal(matchRule(rules, `${'a'.repeat(30_000)}!`), null, 'no catastrophic backtracking');
  t.equal(matchRule(rules, 'xy')?.action.type, undefined, 'a pattern RE2 cannot compile never matches');
});

t.test('quoting a passage: the sentences holding the question’s terms', async (t) => {
  const passage = (text: string, kind: Passage['kind'] = 'passage'): Passage => ({
    chunk_id: 'chk_1',
    document_id: 'doc_1',
    kind,
    title: 'T',
    heading_path: [],
    url: null,
    text,
    snippet: text,
    confidence: 0.5,
    score: 0.5,
  });
  const text =
    'We ship to every country in the EU. Orders before 2 pm leave the same day. ' +
    'Standard shipping costs 4.90 EUR. Orders over 50 EUR ship free. Returns are free within 30 days. Refunds take five days.';
  t.equal(extractAnswer(passage(text), 'what does shipping cost?', 'en'), 'Standard shipping costs 4.90 EUR. Orders over 50 EUR ship free.');
  t.equal(extractAnswer(passage('How do refunds work?\nRefunds take five days.', 'qa'), 'refunds', 'en'), 'Refunds take five days.', 'a Q&A chunk: its answer');
  t.equal(extractAnswer(passage(''), 'anything', 'en'), '', 'nothing to quote');
  const long = `${'Word '.repeat(200)}shipping costs money.`;
  t.ok(extractAnswer(passage(long), 'shipping', 'en').length <= 600, 'replies stay short');
});

t.test('contact details in messages', async (t) => {
  t.same(detectLead('my email is ada@example.com', false), { details: { email: 'ada@example.com' }, remainder: 'my email is' });
  t.same(detectLead('Write to ada.lovelace+shop@example.co.uk.', false)?.details, { email: 'ada.lovelace+shop@example.co.uk' });
  t.same(detectLead('call me on +49 30 1234567', false)?.details, { phone: '+49 30 1234567' }, 'international number');
  t.same(detectLead('my phone number is 0721 123456', false)?.details, { phone: '0721 123456' }, 'a number called a phone number');
  t.equal(detectLead('order 12345678 has not arrived', false), null, 'an order number is not a phone number');
  t.same(detectLead('0721 123456', true)?.details, { phone: '0721 123456' }, 'a bare number answering our request');
  t.equal(detectLead('2026-11-21', true), null, 'a date is too short');
  t.same(detectLead('My name is Ada Lovelace and my email is ada@example.com', false)?.details, { email: 'ada@example.com', name: 'Ada Lovelace' });
  t.same(detectLead('Je m’appelle Marie Curie, marie@example.fr', false)?.details, { email: 'marie@example.fr', name: 'Marie Curie' });
  t.same(detectLead('Ich heiße Jürgen', false)?.details, { name: 'Jürgen' });
  t.same(detectLead('Mă numesc Ana Popescu', false)?.details, { name: 'Ana Popescu' });
  t.same(detectLead('Grace Hopper', true)?.details, { name: 'Grace Hopper' }, 'a bare name answering our request');
  t.equal(detectLead('Grace Hopper', false), null, 'a bare name out of the blue is not a lead');
  t.equal(detectLead("I'm looking for shoes", false), null, '"I’m" followed by no name');
  t.same(detectLead('company: Globex Corp, bob@globex.com', false)?.details, { email: 'bob@globex.com', company: 'Globex Corp' });
});

t.test('phrases: personality and language', async (t) => {
  t.equal(phrasesFor('en', 'friendly').leadRequest(['name', 'email', 'phone']), 'Could you leave your name, e-mail address and phone number so our team can get back to you?');
  t.equal(phrasesFor('en', 'formal').leadRequest(['email']), 'May I have your e-mail address, so that our team can follow up with you?');
  t.equal(phrasesFor('en', 'concise').knowledgeIntro, '', 'concise bots skip the preamble');
  t.equal(phrasesFor('en', 'playful').leadThanks, 'Thank you! We’ll be in touch. 🎉');
  t.equal(phrasesFor('de', 'professional').clarify, 'Ich habe keine genaue Antwort gefunden. Meinten Sie eine der folgenden Fragen?');
  t.equal(phrasesFor('fr', 'casual').handoff, 'Je fais appel à un membre de notre équipe. Il vous répondra ici très vite.');
  t.equal(phrasesFor('ro', 'concise').leadRequest(['phone']), 'Numărul de telefon, vă rog?');
  t.equal(phrasesFor('ja', 'friendly').defaultFallback, "I'm sorry, I don't have an answer to that yet.", 'other languages speak English');
});

t.test('CSV cells and streamed pieces', async (t) => {
  t.equal(csvCell(null), '');
  t.equal(csvCell(0.5), '0.5');
  t.equal(csvCell('plain'), 'plain');
  t.equal(csvCell('a, "b"'), '"a, ""b"""');
  t.equal(csvCell('=1+1'), "'=1+1", 'formulas are defused');
  t.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
  t.equal(csvCell('-2'), "'-2", 'a text cell starting with minus too');
  t.same(pieces('one two three four five six', 4), ['one two three four ', 'five six']);
  t.equal(pieces('a  b\nc').join(''), 'a  b\nc', 'pieces add up to the text exactly');
});

t.test('end to end: a document and a Q&A pair with "constructor", "__proto__", "toString"', async (t) => {
  // Regression: term counts in plain objects read Object.prototype.constructor, so search and
  // chat answered 500 for these words.
  const api = await buildTestServer(t);
  const account = await api.account('enterprise');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Prototype', language: 'en' } })).json;
  const base = `/api/v1/chatbots/${bot.id}`;
  const add = async (payload: Record<string, unknown>) => {
    const response = await api.request('POST', `${base}/knowledge`, { key: account.live, payload });
    t.equal(response.statusCode, 201, response.payload.slice(0, 200));
    return response.json.id as string;
  };
  const document = await add({
    type: 'document',
    format: 'markdown',
    title: 'Objects',
    content: '# Objects\n\nEvery object has a constructor property. The __proto__ link and toString method come from the prototype.',
  });
  const qa = await add({ type: 'qa', question: 'What does the constructor __proto__ toString do?', answer: 'It builds objects.' });
  // A candidate without the word: its stored term counts must not answer "constructor" from Object.
  await add({ type: 'document', format: 'markdown', title: 'Strings', content: 'Call toString on a number to get its digits as a string.' });
  await api.server.plugins.knowledge.worker.drain();
  for (const id of [document, qa]) {
    t.equal((await api.request('GET', `${base}/knowledge/${id}`, { key: account.live })).json.status, 'ready', `${id} ready`);
  }

  for (const query of ['constructor', 'toString', '__proto__ constructor toString valueOf hasOwnProperty']) {
    const search = await api.request('POST', `${base}/knowledge/search`, { key: account.live, payload: { query, limit: 5 } });
    t.equal(search.statusCode, 200, `search "${query}": ${search.payload.slice(0, 200)}`);
    const hits = (search.json?.data ?? []) as Array<{ document_id: string; score: number }>;
    t.ok(hits.some((hit) => hit.document_id === document), `search "${query}" finds the document`);
    t.ok(hits.every((hit) => Number.isFinite(hit.score) && hit.score >= 0 && hit.score <= 1), 'scores are numbers in 0..1');
  }

  const conversation = await api.request('POST', `${base}/conversations`, { key: account.live });
  t.equal(conversation.statusCode, 201);
  const asked = await api.request('POST', `${base}/conversations/${conversation.json.id}/messages`, {
    key: account.live,
    payload: { content: 'What does the constructor __proto__ toString do?' },
  });
  t.ok([200, 201].includes(asked.statusCode), `chat: ${asked.statusCode} ${asked.payload.slice(0, 200)}`);
  t.match(asked.json?.reply, { answer_type: 'qa', content: 'It builds objects.' });
  const other = await api.request('POST', `${base}/conversations/${conversation.json.id}/messages`, {
    key: account.live,
    payload: { content: 'Tell me about toString, valueOf and hasOwnProperty and constructor properties' },
  });
  t.ok([200, 201].includes(other.statusCode), `chat: ${other.statusCode} ${other.payload.slice(0, 200)}`);
});

t.test('retrieval mode quotes a passage at min_confidence, whatever min_passage_score says', async (t) => {
  // min_passage_score only decides which passages go to a language model (settings, docs/knowledge-and-answers.md, docs/API-DECISIONS.md):
  // a passage between the two thresholds was refused quoting.
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Shop', language: 'en' } })).json;
  const base = `/api/v1/chatbots/${bot.id}`;
  const settings = await api.request('PUT', `${base}/settings`, { key: account.live, payload: { answer: { mode: 'retrieval', min_confidence: 0.3, min_passage_score: 0.9 } } });
  t.equal(settings.statusCode, 200, settings.payload.slice(0, 200));
  const added = await api.request('POST', `${base}/knowledge`, {
    key: account.live,
    payload: { type: 'document', title: 'Opening hours', content: 'Our shop in Berlin is open from 9 to 18 on weekdays and from 10 to 14 on Saturdays.' },
  });
  t.equal(added.statusCode, 201);
  await api.server.plugins.knowledge.worker.drain();

  const question = 'Is the Berlin shop open on Saturdays or do I need an appointment?';
  const search = await api.request('POST', `${base}/knowledge/search`, { key: account.live, payload: { query: question, limit: 1 } });
  const confidence = search.json.data[0]?.confidence as number;
  t.ok(confidence >= 0.3 && confidence < 0.9, `the passage's confidence ${confidence} lies between min_confidence and min_passage_score`);
  const conversation = await api.request('POST', `${base}/conversations`, { key: account.live, payload: {} });
  const asked = await api.request('POST', `${base}/conversations/${conversation.json.id}/messages`, { key: account.live, payload: { content: question } });
  t.equal(asked.statusCode, 201);
  t.match(asked.json.reply, { answer_type: 'knowledge', content: /Saturdays/, sources: [{ document_id: added.json.id }] }, 'quoted');
  t.equal(asked.json.reply.confidence, confidence);
});
