// Learning from use (issue "Retrieval engine v2"): a thumbs-up on a Q&A answer makes the visitor's
// question an alternative phrasing of the pair (opt-in per chatbot), and
// POST …/knowledge/qa-from-message turns a question visitors asked into a Q&A pair in one call.
// Both stores.
import pino from 'pino';
import t from 'tap';
import { createServer } from '../../app/server.js';
import { assertError, buildTestServer, settleKnowledge, TestClock, type TestServer } from '../helpers/server.js';

interface Bot {
  id: string;
  api_key: string;
}

interface Turn {
  conversation: { id: string };
  message: { id: string; content: string };
  reply: { id: string; content: string; answer_type: string; confidence: number; sources: Array<{ document_id: string }> };
}

const SHIPPING = { type: 'qa', question: 'Do you ship abroad?', answer: 'Yes, we ship to every country in the European Union.' };
const RETURNS = { type: 'qa', question: 'How can I return an item?', answer: 'Send it back within 30 days with the return label.' };
/**
 * Another pair, so that how rare a word is in the knowledge means something: with one pair alone
 * every word of a paraphrase the pair lacks outweighs its own, and PARAPHRASE is only a "did you
 * mean", which is not learned.
 */
const OPENING = { type: 'qa', question: 'When are you open?', answer: 'Monday to Friday, from 9 to 18.' };
/**
 * Matches SHIPPING, but not as well as its own question does: English calibrates its raw 0.51 to
 * 0.48 (plugins/knowledge/search-index/calibration.ts), so these chatbots answer from ANSWER_AT.
 */
const PARAPHRASE = 'Do you also ship parcels abroad to other countries?';

/** The chatbots' min_confidence (an owner's setting): PARAPHRASE, at 0.48, is answered. */
const ANSWER_AT = 0.45;

/** A string as a test name can show it: non-ASCII characters escaped. */
const shown = (text: string) => JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

async function chatbot(api: TestServer, key: string, learn: boolean, name = 'Shop'): Promise<Bot> {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`chatbot failed ${response.statusCode}: ${response.payload}`);
  await learning(api, key, response.json.id, learn);
  return response.json;
}

async function learning(api: TestServer, key: string, botId: string, on: boolean) {
  const response = await api.request('PUT', `/api/v1/chatbots/${botId}/settings`, { key, payload: { answer: { learn_from_feedback: on, min_confidence: ANSWER_AT } } });
  if (response.statusCode !== 200) throw new Error(`settings failed ${response.statusCode}: ${response.payload}`);
  return response.json;
}


/** A chatbot that learns from use, with the shipping pair (returned) and the opening-hours pair. */
async function learningBot(t: Parameters<typeof buildTestServer>[0]) {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, true);
  const pair = await addPair(api, acme.live, bot.id, SHIPPING);
  await addPair(api, acme.live, bot.id, OPENING);
  return { api, acme, bot, pair };
}

async function addPair(api: TestServer, key: string, botId: string, payload: Record<string, unknown>) {
  const response = await api.request('POST', `/api/v1/chatbots/${botId}/knowledge`, { key, payload });
  if (response.statusCode !== 201) throw new Error(`knowledge failed ${response.statusCode}: ${response.payload}`);
  await settleKnowledge(api, key, botId);
  return response.json as { id: string };
}

async function ask(api: TestServer, key: string, botId: string, content: string): Promise<Turn> {
  const started = await api.request('POST', `/api/v1/chatbots/${botId}/conversations`, { key, payload: {} });
  if (started.statusCode !== 201) throw new Error(`start failed ${started.statusCode}: ${started.payload}`);
  const turn = await api.request('POST', `/api/v1/chatbots/${botId}/conversations/${started.json.id}/messages`, { key, payload: { content } });
  if (turn.statusCode !== 201) throw new Error(`message failed ${turn.statusCode}: ${turn.payload}`);
  return { conversation: started.json, message: turn.json.message, reply: turn.json.reply };
}

/** Asks, and when the reply offers the pair `pairId` instead of answering, chooses it: the turn that answered. */
async function answeredOrChosen(api: TestServer, key: string, botId: string, content: string, pairId: string): Promise<Turn> {
  const turn = await ask(api, key, botId, content);
  if (turn.reply.answer_type !== 'clarify') return turn;
  const url = `/api/v1/chatbots/${botId}/conversations/${turn.conversation.id}/messages`;
  const chosen = await api.request('POST', url, { key, payload: { suggestion_id: pairId } });
  if (chosen.statusCode !== 201) throw new Error(`choosing failed ${chosen.statusCode}: ${chosen.payload}`);
  return { conversation: turn.conversation, message: chosen.json.message, reply: chosen.json.reply };
}

function rate(api: TestServer, key: string, botId: string, turn: Turn, rating: 'up' | 'down') {
  const url = `/api/v1/chatbots/${botId}/conversations/${turn.conversation.id}/messages/${turn.reply.id}/feedback`;
  return api.request('POST', url, { key, payload: { rating } });
}

async function item(api: TestServer, key: string, botId: string, itemId: string) {
  const response = await api.request('GET', `/api/v1/chatbots/${botId}/knowledge/${itemId}`, { key });
  if (response.statusCode !== 200) throw new Error(`item failed ${response.statusCode}: ${response.payload}`);
  return response.json as { id: string; status: string; question: string; answer: string; alternatives: string[]; updated_at: string };
}

t.test('a thumbs-up on a Q&A answer teaches the pair the visitor’s phrasing, when learning is on', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, true);
  const pair = await addPair(api, acme.live, bot.id, SHIPPING);
  await addPair(api, acme.live, bot.id, RETURNS);

  const first = await ask(api, acme.live, bot.id, PARAPHRASE);
  t.equal(first.reply.answer_type, 'qa', 'answered from the pair');
  t.equal(first.reply.sources[0]?.document_id, pair.id);
  t.ok(first.reply.confidence < 0.9, `a paraphrase: confidence ${first.reply.confidence}`);

  api.clock.advance(60_000);
  const rated = await rate(api, acme.live, bot.id, first, 'up');
  t.equal(rated.statusCode, 200);
  t.match(rated.json, { id: first.reply.id, feedback: 'up' });
  await settleKnowledge(api, acme.live, bot.id);
  const learned = await item(api, acme.live, bot.id, pair.id);
  t.same(learned.alternatives, [PARAPHRASE], 'the phrasing is an alternative');
  t.match(learned, { status: 'ready', question: SHIPPING.question, answer: SHIPPING.answer, updated_at: api.clock.now().toISOString() });
  t.equal((learned as any).processed_at, api.clock.now().toISOString(), 'processed again, as after a PATCH of its alternatives');

  const again = await ask(api, acme.live, bot.id, PARAPHRASE);
  t.equal(again.reply.answer_type, 'qa');
  t.equal(again.reply.sources[0]?.document_id, pair.id);
  t.ok(again.reply.confidence >= 0.95, `the same phrasing now matches as an alternative: confidence ${again.reply.confidence}`);

  const events = await api.request('GET', '/api/v1/events?type=message.rated', { key: acme.live });
  t.equal(events.json.data.length, 1, 'message.rated recorded');
  t.match(events.json.data[0].data, { id: first.reply.id, feedback: 'up', answer_type: 'qa' }, 'carrying the rated reply');
});

/** Reaction jobs still stored: none once every reaction ran (a failed one would stay). */
const jobsLeft = (api: TestServer, accountId: string, mode: 'live' | 'test' = 'live') =>
  api.platform.events.reactions.collection.forTenant({ accountId, mode }).count();

t.test('learning is off by default; thumbs-downs and replies that were not a Q&A answer teach nothing', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, false);
  const settings = await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live });
  t.equal(settings.json.answer.learn_from_feedback, false, 'off unless turned on');
  const pair = await addPair(api, acme.live, bot.id, SHIPPING);
  await addPair(api, acme.live, bot.id, RETURNS);
  const before = await item(api, acme.live, bot.id, pair.id);

  const off = await ask(api, acme.live, bot.id, PARAPHRASE);
  t.equal(off.reply.answer_type, 'qa');
  t.equal((await rate(api, acme.live, bot.id, off, 'up')).statusCode, 200);
  t.same(await item(api, acme.live, bot.id, pair.id), before, 'learning off: the pair is untouched');

  t.equal((await learning(api, acme.live, bot.id, true)).answer.learn_from_feedback, true, 'turned on');
  const down = await ask(api, acme.live, bot.id, PARAPHRASE);
  t.equal((await rate(api, acme.live, bot.id, down, 'down')).statusCode, 200);
  t.same(await item(api, acme.live, bot.id, pair.id), before, 'a thumbs-down teaches nothing');

  const fallback = await ask(api, acme.live, bot.id, 'What is the airspeed of an unladen swallow?');
  t.equal(fallback.reply.answer_type, 'fallback');
  t.equal((await rate(api, acme.live, bot.id, fallback, 'up')).statusCode, 200);
  await addPair(api, acme.live, bot.id, { type: 'document', title: 'Opening hours', content: 'Our shop in Berlin is open from 9 to 18 on weekdays and from 10 to 14 on Saturdays.' });
  const passage = await ask(api, acme.live, bot.id, 'When is the Berlin shop open on Saturdays?');
  t.not(passage.reply.answer_type, 'qa', `a ${passage.reply.answer_type} reply`);
  t.equal((await rate(api, acme.live, bot.id, passage, 'up')).statusCode, 200);
  const agentConversation = await ask(api, acme.live, bot.id, 'I would like to speak to a person');
  const base = `/api/v1/chatbots/${bot.id}/conversations/${agentConversation.conversation.id}`;
  await api.request('POST', `${base}/handoff`, { key: acme.live, payload: {} });
  const agent = await api.request('POST', `${base}/messages`, { key: acme.live, payload: { role: 'agent', content: 'Yes, we ship abroad.' } });
  t.equal((await api.request('POST', `${base}/messages/${agent.json.message.id}/feedback`, { key: acme.live, payload: { rating: 'up' } })).statusCode, 200);
  t.same(await item(api, acme.live, bot.id, pair.id), before, 'fallbacks, passages and agents’ messages teach nothing');

  // Learned, then rated down: a thumbs-down removes nothing.
  const learned = await ask(api, acme.live, bot.id, PARAPHRASE);
  await rate(api, acme.live, bot.id, learned, 'up');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE]);
  await rate(api, acme.live, bot.id, learned, 'down');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE], 'a later thumbs-down removes nothing');
  t.equal(await jobsLeft(api, acme.id), 0, 'every reaction ran and finished');
});

t.test('a phrasing is learned once: the same thumbs-up twice, up-down-up, another spelling, two instances at once', async (t) => {
  const { api, acme, bot, pair } = await learningBot(t);

  const turn = await ask(api, acme.live, bot.id, PARAPHRASE);
  await rate(api, acme.live, bot.id, turn, 'up');
  await rate(api, acme.live, bot.id, turn, 'up');
  const events = await api.request('GET', '/api/v1/events?type=message.rated', { key: acme.live });
  t.equal(events.json.data.length, 1, 'the same rating again is no change: no second event');
  await rate(api, acme.live, bot.id, turn, 'down');
  await rate(api, acme.live, bot.id, turn, 'up');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE], 'up, down, up: learned once');
  await settleKnowledge(api, acme.live, bot.id);

  const shouted = await ask(api, acme.live, bot.id, '  DO YOU ALSO SHIP PARCELS ABROAD,   TO OTHER COUNTRIES!! ');
  t.equal(shouted.reply.answer_type, 'qa');
  await rate(api, acme.live, bot.id, shouted, 'up');
  const question = await ask(api, acme.live, bot.id, 'do you ship abroad');
  await rate(api, acme.live, bot.id, question, 'up');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE], 'the same words in other case and punctuation, or the question itself: nothing new');

  // Two instances on one store rate the same reply at once: both publish, both react, one adds.
  const { server: second } = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.stop());
  const other = await ask(api, acme.live, bot.id, 'Do you ship parcels to other countries?');
  t.equal(other.reply.content, SHIPPING.answer, `answered from the pair, not as a "did you mean" (${other.reply.confidence})`);
  const url = `/api/v1/chatbots/${bot.id}/conversations/${other.conversation.id}/messages/${other.reply.id}/feedback`;
  const responses = await Promise.all(
    [api.server, second, api.server, second].map((server) =>
      server.inject({ method: 'POST', url, payload: JSON.stringify({ rating: 'up' }), headers: { authorization: `Bearer ${acme.live}`, 'content-type': 'application/json' } }),
    ),
  );
  t.same(responses.map((response) => response.statusCode), [200, 200, 200, 200]);
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE, 'Do you ship parcels to other countries?'], 'added once');

  // The reaction itself, run twice at once on both instances (a job retried while the first run was still going).
  const third = await ask(api, acme.live, bot.id, 'Is shipping abroad possible for my parcel?');
  await learning(api, acme.live, bot.id, false);
  await rate(api, acme.live, bot.id, third, 'up');
  await learning(api, acme.live, bot.id, true);
  const [rated] = (await api.request('GET', '/api/v1/events?type=message.rated&limit=1', { key: acme.live })).json.data;
  t.equal(rated.data.id, third.reply.id);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  await Promise.all([api.server, second, api.server, second].map((server) => server.plugins.learning.fromUse.learnFromRating(rated, tenant)));
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE, 'Do you ship parcels to other countries?', 'Is shipping abroad possible for my parcel?'], 'four runs, added once');
  t.equal(await jobsLeft(api, acme.id), 0);
});

t.test('at the limit of alternatives nothing is added or dropped; a changed or deleted pair learns nothing', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, true);
  const nineteen = Array.from({ length: 19 }, (_, i) => `Shipping question variant ${i + 1}`);
  const pair = await addPair(api, acme.live, bot.id, { ...SHIPPING, alternatives: nineteen });
  await addPair(api, acme.live, bot.id, OPENING);

  const last = await ask(api, acme.live, bot.id, PARAPHRASE);
  t.equal(last.reply.sources[0]?.document_id, pair.id);
  await rate(api, acme.live, bot.id, last, 'up');
  const full = await item(api, acme.live, bot.id, pair.id);
  t.same(full.alternatives, [...nineteen, PARAPHRASE], 'the twentieth alternative, the most the API allows');
  await settleKnowledge(api, acme.live, bot.id);
  const settled = await item(api, acme.live, bot.id, pair.id);

  const beyond = await ask(api, acme.live, bot.id, 'Do you ship parcels to other countries?');
  t.equal(beyond.reply.sources[0]?.document_id, pair.id);
  await rate(api, acme.live, bot.id, beyond, 'up');
  t.same(await item(api, acme.live, bot.id, pair.id), settled, 'a full pair takes no more and drops none');
  const patched = await api.request('PATCH', `/api/v1/chatbots/${bot.id}/knowledge/${pair.id}`, { key: acme.live, payload: { alternatives: full.alternatives } });
  t.equal(patched.statusCode, 200, 'and stays valid for PATCH');

  // The answer changed after the reply: the thumbs-up was for another pair.
  const changed = await addPair(api, acme.live, bot.id, RETURNS);
  const returning = await ask(api, acme.live, bot.id, 'How do I return the item I bought?');
  t.equal(returning.reply.sources[0]?.document_id, changed.id);
  await api.request('PATCH', `/api/v1/chatbots/${bot.id}/knowledge/${changed.id}`, { key: acme.live, payload: { answer: 'Returns are free: use the label in the parcel.' } });
  await settleKnowledge(api, acme.live, bot.id);
  await rate(api, acme.live, bot.id, returning, 'up');
  t.same((await item(api, acme.live, bot.id, changed.id)).alternatives, [], 'a changed answer: nothing learned');
  // Its alternatives or title changing does not count: the pair is the same.
  const again = await ask(api, acme.live, bot.id, 'How can I return an item I bought?');
  t.match(again.reply, { answer_type: 'qa', content: /Returns are free/, sources: [{ document_id: changed.id }] }, 'the pair as it is now');
  await api.request('PATCH', `/api/v1/chatbots/${bot.id}/knowledge/${changed.id}`, { key: acme.live, payload: { title: 'Returns', alternatives: ['Can I return it?'] } });
  // Processed again before the rating, as in the case above: a reaction that runs while the pair is
  // being re-read may not find it the best match yet (seen once on FerretDB under load).
  await settleKnowledge(api, acme.live, bot.id);
  await rate(api, acme.live, bot.id, again, 'up');
  t.same((await item(api, acme.live, bot.id, changed.id)).alternatives, ['Can I return it?', 'How can I return an item I bought?'], 'new alternatives or title: still learned');

  // Deleted after the reply: the thumbs-up is kept, nothing fails.
  const gone = await addPair(api, acme.live, bot.id, { type: 'qa', question: 'Do you sell gift cards?', answer: 'Yes, from 10 to 500 EUR.' });
  const gift = await ask(api, acme.live, bot.id, 'Do you sell gift cards?');
  t.equal(gift.reply.sources[0]?.document_id, gone.id);
  await api.request('DELETE', `/api/v1/chatbots/${bot.id}/knowledge/${gone.id}`, { key: acme.live });
  const rated = await rate(api, acme.live, bot.id, gift, 'up');
  t.match(rated, { statusCode: 200, json: { feedback: 'up' } });
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge/${gone.id}`, { key: acme.live })).statusCode, 404, 'not made again');
  t.equal(await jobsLeft(api, acme.id), 0, 'no reaction failed');

  const learner = api.server.plugins.knowledge.curation;
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const outcome = (phrasing: string, itemId = changed.id) =>
    learner.addPhrasing(tenant, { chatbotId: bot.id, itemId, phrasing, pair: { question: RETURNS.question, snippet: 'Returns are free: use the label in the parcel.' } });
  t.equal(await outcome('what is it?'), 'no_terms', 'stop words alone are nothing to match on');
  t.equal(await outcome('HOW CAN I RETURN AN ITEM I BOUGHT'), 'known');
  t.equal(await outcome('Return policy', gone.id), 'gone');
  t.equal(await outcome('Return policy', pair.id), 'changed', 'another pair than the one rated');
});

t.test('a reaction that did not run (a crash after the rating was stored) is run by the next pass of any instance', async (t) => {
  const { api, acme, bot, pair } = await learningBot(t);
  const turn = await ask(api, acme.live, bot.id, PARAPHRASE);

  const reactions = api.platform.events.reactions;
  const runCommitted = reactions.runCommitted;
  reactions.runCommitted = async () => undefined; // the process "dies" right after the commit
  t.teardown(() => {
    reactions.runCommitted = runCommitted;
  });
  await rate(api, acme.live, bot.id, turn, 'up');
  reactions.runCommitted = runCommitted;
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [], 'not yet learned');
  t.equal(await jobsLeft(api, acme.id), 1, 'the reaction is stored with the rating');

  api.clock.advance(31_000);
  await reactions.drain();
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE], 'learned by the recovery pass');
  t.equal(await jobsLeft(api, acme.id), 0);

  // Archived before the recovery pass: its knowledge is read-only, the late job teaches nothing.
  const late = await ask(api, acme.live, bot.id, 'Do you ship parcels to other countries?');
  reactions.runCommitted = async () => undefined;
  await rate(api, acme.live, bot.id, late, 'up');
  reactions.runCommitted = runCommitted;
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/archive`, { key: acme.live, payload: {} })).statusCode, 200);
  api.clock.advance(31_000);
  await reactions.drain();
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE], 'an archived chatbot learns nothing');
  t.equal(await jobsLeft(api, acme.id), 0, 'and the job is done');
});

t.test('long, hostile or empty questions are not learned', async (t) => {
  const { api, acme, bot, pair } = await learningBot(t);

  const longMessage = Array.from({ length: 40 }, () => 'Do you ship parcels abroad?').join(' ');
  t.ok(longMessage.length > 1000, `${longMessage.length} characters`);
  const long = await answeredOrChosen(api, acme.live, bot.id, longMessage, pair.id);
  t.equal(long.reply.answer_type, 'qa');
  await rate(api, acme.live, bot.id, long, 'up');
  for (const hostile of ['Do you also ship\u0007 parcels abroad to other countries?', 'Do you also ship parcels abroad \u202eto other countries?', 'Do you also ship\u200b parcels abroad?']) {
    // Answered, or the pair suggested and chosen (a confirmation too): neither teaches it.
    const turn = await answeredOrChosen(api, acme.live, bot.id, hostile, pair.id);
    t.equal(turn.reply.answer_type, 'qa', shown(hostile));
    await rate(api, acme.live, bot.id, turn, 'up');
  }
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [], 'none of them learned');
  t.equal(await jobsLeft(api, acme.id), 0);

  // Line breaks and runs of spaces are only whitespace: collapsed, then learned.
  const spaced = await ask(api, acme.live, bot.id, 'Do you also ship\n\nparcels   abroad\tto other countries?');
  await rate(api, acme.live, bot.id, spaced, 'up');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [PARAPHRASE]);
});

const PORTUGAL = { type: 'qa', question: 'Do you ship to Portugal?', answer: 'Yes, we ship to Portugal in 3 to 5 days.' };

t.test('only a short question the pair answers as a whole is learned: never a message that matched through one sentence', async (t) => {
  // Regression: a learned phrasing lends the pair to any message made of its words, so a visitor
  // (the widget can rate) who got the pair for one sentence of a message taught it the others:
  // "careers?" then got the shipping answer.
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, true);
  const pair = await addPair(api, acme.live, bot.id, PORTUGAL);
  await addPair(api, acme.live, bot.id, RETURNS);
  const taught = async (content: string) => {
    const turn = await ask(api, acme.live, bot.id, content);
    t.match(turn.reply, { answer_type: 'qa', sources: [{ document_id: pair.id }] }, `"${content.slice(0, 40)}…" answered from the pair (${turn.reply.confidence})`);
    t.equal((await rate(api, acme.live, bot.id, turn, 'up')).statusCode, 200);
    await settleKnowledge(api, acme.live, bot.id);
    return (await item(api, acme.live, bot.id, pair.id)).alternatives;
  };

  const story = 'Do you ship to Portugal? I also want to know about careers, jobs, salaries and offices in Berlin and Munich.';
  t.same(await taught(story), [], 'a long message answered through its first sentence: nothing learned');

  // An operator who answers loosely: the message as a whole reaches min_confidence, but it is two sentences.
  await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { answer: { learn_from_feedback: true, min_confidence: 0.2 } } });
  t.same(await taught('Do you ship to Portugal? also careers jobs Berlin'), [], 'a question with other words after it: nothing learned');
  await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { answer: { learn_from_feedback: true } } });
  const careers = await ask(api, acme.live, bot.id, 'careers?');
  t.equal(careers.reply.answer_type, 'fallback', '"careers?" does not get the shipping answer');

  // Suggestions instead of an answer: the pair is below min_confidence for the message, so a word
  // of it may be all the two share. A thumbs-up on the suggestions confirms nothing; the visitor
  // choosing the pair does (learnFromChoice), and is tested in learning-from-choice.test.ts.
  const suggested = await ask(api, acme.live, bot.id, 'Can you ship my order to Portugal?');
  t.match(suggested.reply, { answer_type: 'clarify', suggestions: [{ knowledge_id: pair.id }] });
  await rate(api, acme.live, bot.id, suggested, 'up');
  t.same((await item(api, acme.live, bot.id, pair.id)).alternatives, [], 'suggestions rated up: nothing learned');

  // One sentence, but more words than a question needs (13 of the question's 15 terms).
  const many = await addPair(api, acme.live, bot.id, {
    type: 'qa',
    question: 'Do you send parcels, packages, letters, boxes, pallets, furniture, bikes, books, clothes, shoes, toys, plants and food to Spain?',
    answer: 'Yes, everything but food.',
  });
  const long = await ask(api, acme.live, bot.id, 'Do you send parcels, packages, letters, boxes, pallets, furniture, bikes, books, clothes, shoes and toys to Spain?');
  t.match(long.reply, { answer_type: 'qa', sources: [{ document_id: many.id }] }, `answered from the pair (${long.reply.confidence})`);
  await rate(api, acme.live, bot.id, long, 'up');
  t.same((await item(api, acme.live, bot.id, many.id)).alternatives, [], 'too many terms to be one question: nothing learned');

  const paraphrase = 'Do you ship parcels to Portugal?';
  t.same(await taught(paraphrase), [paraphrase], 'a short paraphrase the pair answers as a whole is learned');
  t.equal(await jobsLeft(api, acme.id), 0);
});

const fromMessage = (api: TestServer, key: string, botId: string, payload: unknown, headers?: Record<string, string>) =>
  api.request('POST', `/api/v1/chatbots/${botId}/knowledge/qa-from-message`, { key, payload, headers });

const INVOICE_ANSWER = 'Yes: choose "invoice" at checkout and pay within 14 days.';

t.test('qa-from-message: a visitor message the bot could not answer becomes a Q&A pair in one call', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, false);
  await addPair(api, acme.live, bot.id, SHIPPING);
  const unanswered = await ask(api, acme.live, bot.id, '  Can I pay\nby   invoice? ');
  t.equal(unanswered.reply.answer_type, 'fallback');

  const payload = { message_id: unanswered.message.id, answer: INVOICE_ANSWER, alternatives: ['Do you accept invoices?'], metadata: { source: 'dashboard' } };
  const created = await fromMessage(api, acme.live, bot.id, payload, { 'idempotency-key': 'invoice-1' });
  t.equal(created.statusCode, 201);
  t.match(created.json, {
    id: /^doc_[0-9a-z]{26}$/,
    chatbot_id: bot.id,
    type: 'qa',
    status: 'pending',
    question: 'Can I pay by invoice?',
    title: 'Can I pay by invoice?',
    answer: INVOICE_ANSWER,
    alternatives: ['Do you accept invoices?'],
    metadata: { source: 'dashboard' },
    language: 'en',
  }, 'the visitor’s question, whitespace collapsed, with the answer given');
  t.equal(created.headers.location, `/api/v1/chatbots/${bot.id}/knowledge/${created.json.id}`);

  const replay = await fromMessage(api, acme.live, bot.id, payload, { 'idempotency-key': 'invoice-1' });
  t.equal(replay.statusCode, 201);
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.equal(replay.json.id, created.json.id, 'a retry with the same key makes no second pair');
  assertError(t, await fromMessage(api, acme.live, bot.id, { ...payload, answer: 'No.' }, { 'idempotency-key': 'invoice-1' }), 422, 'idempotency_key_reused');
  const listed = await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge?type=qa`, { key: acme.live });
  t.equal(listed.json.data.length, 2, 'one new pair');

  await settleKnowledge(api, acme.live, bot.id);
  t.match(await item(api, acme.live, bot.id, created.json.id), { status: 'ready' });
  const answered = await ask(api, acme.live, bot.id, 'Can I pay by invoice?');
  t.match(answered.reply, { answer_type: 'qa', content: INVOICE_ANSWER });
  t.ok(answered.reply.confidence >= 0.95, `answered with confidence ${answered.reply.confidence}`);

  const titled = await fromMessage(api, acme.live, bot.id, { message_id: unanswered.message.id, answer: 'Yes.', title: 'Invoices' });
  t.match(titled.json, { title: 'Invoices', question: 'Can I pay by invoice?', alternatives: [] }, 'a title of its own');
});

t.test('qa-from-message from the analytics list: the conversation and the question as top_unanswered shows them', async (t) => {
  // Analytics reads messages by the time in their ids, which follow the latest clock seen: a
  // clock after the real one keeps every id on it.
  const api = await buildTestServer(t, { clock: new TestClock(new Date('2030-11-21T10:00:00.000Z')) });
  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live, false);
  const other = await chatbot(api, acme.live, false, 'Other');
  await addPair(api, acme.live, bot.id, SHIPPING);
  await ask(api, acme.live, bot.id, 'Do you ship abroad?');
  await ask(api, acme.live, bot.id, 'Can I pay by invoice?');
  const longQuestion = `Can I pay by invoice ${'and '.repeat(80)}later?`;
  const long = await ask(api, acme.live, bot.id, longQuestion);

  const from = new Date(api.clock.now().getTime() - 3_600_000).toISOString();
  const to = new Date(api.clock.now().getTime() + 3_600_000).toISOString();
  const trends = await api.request('GET', `/api/v1/analytics/trends?chatbot_id=${bot.id}&from=${from}&to=${to}`, { key: acme.live });
  t.equal(trends.statusCode, 200);
  const listed = trends.json.top_unanswered as Array<{ question: string; sample_conversation_id: string }>;
  const invoice = listed.find((group) => group.question === 'Can I pay by invoice?')!;
  t.ok(invoice, 'the unanswered question is listed');
  const created = await fromMessage(api, acme.live, bot.id, { conversation_id: invoice.sample_conversation_id, question: invoice.question, answer: INVOICE_ANSWER });
  t.equal(created.statusCode, 201);
  t.match(created.json, { type: 'qa', question: 'Can I pay by invoice?', answer: INVOICE_ANSWER });

  const cut = listed.find((group) => group.sample_conversation_id === long.conversation.id)!;
  t.ok(cut.question.length < longQuestion.length, `a long question is listed cut (${cut.question.length} characters)`);
  const fromCut = await fromMessage(api, acme.live, bot.id, { conversation_id: cut.sample_conversation_id, question: cut.question, answer: 'Yes.' });
  t.equal(fromCut.statusCode, 201, 'its beginning names it');
  t.equal(fromCut.json.question, cut.question.trim(), 'the question as given');
  const folded = await fromMessage(api, acme.live, bot.id, { conversation_id: invoice.sample_conversation_id, question: 'CAN I PAY BY INVOICE?', answer: 'Yes.' });
  t.equal(folded.statusCode, 201, 'compared ignoring case');

  assertError(
    t,
    await fromMessage(api, acme.live, bot.id, { conversation_id: invoice.sample_conversation_id, question: 'Do you ship abroad?', answer: 'Yes.' }),
    404,
    'message_not_found',
    'a question not asked in that conversation',
  );
  const elsewhere = await ask(api, acme.live, other.id, 'Can I pay by invoice?');
  assertError(
    t,
    await fromMessage(api, acme.live, bot.id, { conversation_id: elsewhere.conversation.id, question: 'Can I pay by invoice?', answer: 'Yes.' }),
    404,
    'conversation_not_found',
    'another chatbot’s conversation',
  );
  for (const id of ['conv_nope', 'conv_\u0000\u0007', `conv_${'x'.repeat(100_000)}`]) {
    assertError(t, await fromMessage(api, acme.live, bot.id, { conversation_id: id, question: 'Can I pay by invoice?', answer: 'Yes.' }), 404, 'conversation_not_found', shown(id.slice(0, 12)));
  }
});

t.test('qa-from-message refuses what it cannot use with the error shape, never a 500', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const globex = await api.account('starter', 'Globex');
  const bot = await chatbot(api, acme.live, false);
  const other = await chatbot(api, acme.live, false, 'Other');
  const foreign = await chatbot(api, globex.live, false, 'Foreign');
  const sandbox = await chatbot(api, acme.test, false, 'Sandbox');
  const turn = await ask(api, acme.live, bot.id, 'Can I pay by invoice?');
  const answer = 'Yes.';

  const notFound = async (messageId: string, why: string, botId = bot.id, key = acme.live) =>
    assertError(t, await fromMessage(api, key, botId, { message_id: messageId, answer }), 404, 'message_not_found', why);
  await notFound('msg_01jzzzzzzzzzzzzzzzzzzzzzzz', 'an unknown message');
  await notFound('msg_nope', 'a malformed id');
  await notFound('msg_\u0000\u0007\u202e', 'an id with control characters');
  const huge = await notFound(`msg_${'a'.repeat(200_000)}`, 'a huge id');
  t.ok(huge.message.length < 200, 'not repeated whole in the message');
  await notFound((await ask(api, acme.live, other.id, 'Can I pay by invoice?')).message.id, 'another chatbot’s message');
  await notFound((await ask(api, globex.live, foreign.id, 'Can I pay by invoice?')).message.id, 'another account’s message');
  const testMessage = await ask(api, acme.test, sandbox.id, 'Can I pay by invoice?');
  await notFound(testMessage.message.id, 'a sandbox message with a live key');
  await notFound(turn.message.id, 'a live message with a sandbox key', sandbox.id, acme.test);
  assertError(t, await fromMessage(api, acme.live, 'cb_01jzzzzzzzzzzzzzzzzzzzzzzz', { message_id: turn.message.id, answer }), 404, 'chatbot_not_found');

  assertError(t, await fromMessage(api, acme.live, bot.id, { message_id: turn.reply.id, answer }), 409, 'conflict', 'the chatbot’s reply');
  const base = `/api/v1/chatbots/${bot.id}/conversations/${turn.conversation.id}`;
  await api.request('POST', `${base}/handoff`, { key: acme.live, payload: {} });
  const agent = await api.request('POST', `${base}/messages`, { key: acme.live, payload: { role: 'agent', content: 'We take invoices.' } });
  assertError(t, await fromMessage(api, acme.live, bot.id, { message_id: agent.json.message.id, answer }), 409, 'conflict', 'an agent’s message');
  const tooLong = await ask(api, acme.live, bot.id, 'invoice '.repeat(200));
  const body = assertError(t, await fromMessage(api, acme.live, bot.id, { message_id: tooLong.message.id, answer }), 409, 'conflict', 'a message longer than a question may be');
  t.match(body.message, /longer than 1000 characters/);
  const hostile = await ask(api, acme.live, bot.id, 'Can I pay by \u202einvoice?');
  assertError(t, await fromMessage(api, acme.live, bot.id, { message_id: hostile.message.id, answer }), 409, 'conflict', 'a message with formatting characters');

  const invalid = async (payload: unknown, why: string) => {
    const response = assertError(t, await fromMessage(api, acme.live, bot.id, payload), 400, 'validation_failed', why);
    t.ok(Array.isArray(response.details) && response.details.length > 0, `${why}: details`);
  };
  await invalid({ message_id: turn.message.id }, 'no answer');
  await invalid({ message_id: turn.message.id, answer: '' }, 'an empty answer');
  await invalid({ message_id: turn.message.id, answer: '   ' }, 'a blank answer');
  await invalid({ message_id: turn.message.id, answer: 'x'.repeat(10_001) }, 'an answer over 10,000 characters');
  await invalid({ message_id: turn.message.id, answer, alternatives: Array.from({ length: 21 }, (_, i) => `alt ${i}`) }, '21 alternatives');
  await invalid({ message_id: turn.message.id, answer, alternatives: ['x'.repeat(1001)] }, 'an alternative over 1,000 characters');
  await invalid({ answer }, 'neither message_id nor conversation_id');
  await invalid({ message_id: turn.message.id, conversation_id: turn.conversation.id, question: 'Can I pay by invoice?', answer }, 'both');
  await invalid({ message_id: turn.message.id, question: 'Can I pay by invoice?', answer }, 'a question with message_id');
  await invalid({ conversation_id: turn.conversation.id, answer }, 'conversation_id without question');
  await invalid({ conversation_id: turn.conversation.id, question: 'q'.repeat(1001), answer }, 'a question over 1,000 characters');
  await invalid({ message_id: 42, answer }, 'a number for an id');
  await invalid({ message_id: turn.message.id, answer, type: 'qa' }, 'an unknown field');
  await invalid([], 'an array');
  assertError(t, await fromMessage(api, acme.live, bot.id, 'message_id=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  assertError(t, await fromMessage(api, acme.live, bot.id, { message_id: turn.message.id, answer: 'x'.repeat(1_100_000) }), 413, 'payload_too_large');

  await api.request('POST', `/api/v1/chatbots/${other.id}/archive`, { key: acme.live, payload: {} });
  const archivedTurn = (await api.request('GET', `/api/v1/chatbots/${other.id}/conversations`, { key: acme.live })).json.data[0];
  const archivedMessage = (await api.request('GET', `/api/v1/chatbots/${other.id}/conversations/${archivedTurn.id}/messages?role=user`, { key: acme.live })).json.data[0];
  assertError(t, await fromMessage(api, acme.live, other.id, { message_id: archivedMessage.id, answer }), 409, 'chatbot_archived');

  const items = await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live });
  t.equal(items.json.data.length, 0, 'nothing was created');
});

t.test('qa-from-message: a question under 8 characters names a whole message, never a beginning', async (t) => {
  // Regression: 201 or 404 for a one-letter `question` told whether a message began with it, so
  // conversations could be read letter by letter.
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await chatbot(api, acme.live, false);
  const turn = await ask(api, acme.live, bot.id, 'Can I pay by invoice?');
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${turn.conversation.id}/messages`, { key: acme.live, payload: { content: 'Hours?' } });
  const named = (question: string) => fromMessage(api, acme.live, bot.id, { conversation_id: turn.conversation.id, question, answer: 'Yes.' });

  for (const guess of ['C', 'Can I p', 'Hours', 'Zzz']) {
    const body = assertError(t, await named(guess), 400, 'validation_failed', `"${guess}"`);
    t.match(body.details, [{ path: 'question', type: 'string.min' }], `"${guess}": details`);
  }
  t.match(await named('Can I pa'), { statusCode: 201, json: { question: 'Can I pa' } }, '8 characters may be a beginning');
  t.match(await named('hours?'), { statusCode: 201, json: { question: 'hours?' } }, 'a short question that is a whole message');
  assertError(t, await named('Can I go'), 404, 'message_not_found', '8 characters no message begins with');
  const listed = await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live });
  t.equal(listed.json.data.length, 2, 'only the two accepted made pairs');
});

t.test('qa-from-message: plans, chatbot keys, OAuth scopes and the sandbox', async (t) => {
  const api = await buildTestServer(t);
  const free = await api.account('free', 'Free');
  assertError(t, await fromMessage(api, free.live, 'cb_01jzzzzzzzzzzzzzzzzzzzzzzz', { message_id: 'msg_01jzzzzzzzzzzzzzzzzzzzzzzz', answer: 'Yes.' }), 403, 'plan_read_only');

  const acme = await api.account('professional');
  const bot = await chatbot(api, acme.live, false);
  const other = await chatbot(api, acme.live, false, 'Other');
  const turn = await ask(api, acme.live, bot.id, 'Can I pay by invoice?');
  const viaBotKey = await fromMessage(api, bot.api_key, bot.id, { message_id: turn.message.id, answer: INVOICE_ANSWER });
  t.equal(viaBotKey.statusCode, 201, 'the chatbot’s own key');
  assertError(t, await fromMessage(api, bot.api_key, other.id, { message_id: turn.message.id, answer: INVOICE_ANSWER }), 403, 'key_scope_chatbot');

  const client = async (scopes: string[]) => {
    const registered = await api.request('POST', '/api/v1/oauth/clients', { key: acme.live, payload: { name: scopes.join(' '), scopes } });
    const basic = Buffer.from(`${registered.json.id}:${registered.json.client_secret}`).toString('base64');
    const issued = await api.request('POST', '/oauth/token', {
      payload: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    return issued.json.access_token as string;
  };
  assertError(t, await fromMessage(api, await client(['knowledge:read', 'conversations:read']), bot.id, { message_id: turn.message.id, answer: INVOICE_ANSWER }), 403, 'insufficient_scope');
  // The route reads conversations: it copies a visitor's words into the knowledge (readable with
  // knowledge:read), and whether a message begins with a guessed text decides its answer.
  const writer = await client(['knowledge:write']);
  const byMessage = assertError(t, await fromMessage(api, writer, bot.id, { message_id: turn.message.id, answer: INVOICE_ANSWER }), 403, 'insufficient_scope', 'knowledge:write alone, by message_id');
  t.match(byMessage.message, /conversations:read/);
  const byQuestion = await fromMessage(api, writer, bot.id, { conversation_id: turn.conversation.id, question: 'Can I pay', answer: INVOICE_ANSWER });
  assertError(t, byQuestion, 403, 'insufficient_scope', 'knowledge:write alone, by conversation and question');
  t.match(byQuestion.headers['www-authenticate'], /error="insufficient_scope".*scope="conversations:read"/, 'the challenge names the scope');
  const both = await client(['knowledge:write', 'conversations:read']);
  t.equal((await fromMessage(api, both, bot.id, { message_id: turn.message.id, answer: INVOICE_ANSWER })).statusCode, 201, 'knowledge:write and conversations:read');
  t.equal((await fromMessage(api, both, bot.id, { conversation_id: turn.conversation.id, question: 'Can I pay', answer: INVOICE_ANSWER })).statusCode, 201, 'by conversation and question too');

  // The sandbox: a test key learns and creates in test mode, and live knowledge never changes.
  const sandbox = await chatbot(api, acme.test, true, 'Sandbox');
  const livePair = await addPair(api, acme.live, bot.id, SHIPPING);
  const pair = await addPair(api, acme.test, sandbox.id, SHIPPING);
  await addPair(api, acme.test, sandbox.id, OPENING);
  const paraphrase = await ask(api, acme.test, sandbox.id, PARAPHRASE);
  await rate(api, acme.test, sandbox.id, paraphrase, 'up');
  t.same((await item(api, acme.test, sandbox.id, pair.id)).alternatives, [PARAPHRASE], 'learned in test mode');
  t.same((await item(api, acme.live, bot.id, livePair.id)).alternatives, [], 'live knowledge untouched');
  const testQuestion = await ask(api, acme.test, sandbox.id, 'Can I pay by invoice?');
  const created = await fromMessage(api, acme.test, sandbox.id, { message_id: testQuestion.message.id, answer: INVOICE_ANSWER });
  t.equal(created.statusCode, 201);
  t.equal((await api.request('GET', `/api/v1/chatbots/${sandbox.id}/knowledge/${created.json.id}`, { key: acme.live })).statusCode, 404, 'invisible to live keys');
  t.equal(await jobsLeft(api, acme.id, 'test'), 0);
});
