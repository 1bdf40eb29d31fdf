// Hybrid retrieval (issue 31): a chatbot whose answers use an embedding model of its account's
// model provider. Against the fake model server's deterministic "meaning" embedder (words of one
// group of synonyms share a dimension): a paraphrase sharing no word with the knowledge, which
// lexical retrieval misses, is answered; an unrelated question still is not; a provider that is
// down leaves the turn lexical (answered, and chatbot.error says why); embedding resumes after a
// crash without a duplicate vector; a model change re-embeds; the settings' checks. Both stores.
import t from 'tap';
import { declareEmbeddingJobs, declareEmbeddings, embeddingId, embeddingJobId } from '../../plugins/knowledge/semantic/embeddings.js';
import { PROBES, unpackVectors } from '../../plugins/knowledge/semantic/vectors.js';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { assertError, buildTestServer } from '../helpers/server.js';

const PAIRS = [
  { question: 'How long does delivery take?', answer: 'Delivery takes 3 to 5 working days.' },
  { question: 'How do I reset my password?', answer: 'Use the Forgot password link on the sign-in page.' },
  { question: 'What are your opening hours?', answer: 'We are open 9 to 17, Monday to Friday.' },
];
const REFUNDS = { type: 'document', format: 'markdown', title: 'Refunds', content: '# Refunds\n\nRefunds are repaid to your card within five working days.' };

async function setup(t: Parameters<typeof buildTestServer>[0]) {
  const llm = await startFakeLlm(t);
  const api = await buildTestServer(t, { config: { llm: { timeout_ms: 2000, providers: {} }, model_providers: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const acme = await api.account('starter');
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await api.request(method, url, { key: acme.live, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
    return response.json;
  };
  const bot = await call('POST', '/api/v1/chatbots', { name: 'Shop', language: 'en' });
  for (const pair of PAIRS) await call('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { type: 'qa', ...pair });
  await call('POST', `/api/v1/chatbots/${bot.id}/knowledge`, REFUNDS);
  await api.server.plugins.knowledge.worker.drain();
  const provider = await call('POST', '/api/v1/model-providers', { name: 'Local', type: 'ollama', base_url: llm.url, embedding_model: 'meaning' });
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const semantic = api.server.plugins.knowledge.semantic;
  return { llm, api, acme, bot, provider, call, tenant, semantic };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Makes a run due, as saving the settings does, and waits for it to fail (the provider is down). */
async function expectFailedRun(s: Setup) {
  await s.semantic.prepare(s.tenant, s.bot.id, s.provider.id, { force: true });
  await s.semantic.drain();
}

async function ask(s: Setup, content: string) {
  const conversation = await s.call('POST', `/api/v1/chatbots/${s.bot.id}/conversations`, {});
  return (await s.call('POST', `/api/v1/chatbots/${s.bot.id}/conversations/${conversation.id}/messages`, { content })).reply;
}

const hybrid = (s: Setup, extra: Record<string, unknown> = {}) =>
  s.api.request('PUT', `/api/v1/chatbots/${s.bot.id}/settings`, { key: s.acme.live, payload: { answer: { retrieval: 'hybrid', embedding_provider: s.provider.id, ...extra } } });

const PARAPHRASE = 'When will my parcel arrive?';
const MONEY = 'Is my money reimbursed?';
const UNRELATED = 'Do you sell pizza?';

t.test('a synonym paraphrase lexical retrieval misses is answered; an unrelated question is not', async (t) => {
  const s = await setup(t);
  t.match(await ask(s, PARAPHRASE), { answer_type: 'fallback' }, 'lexical alone: the paraphrase shares no word with the knowledge');
  const lexicalMoney = await ask(s, MONEY);
  t.notOk(['qa', 'knowledge'].includes(lexicalMoney.answer_type), `nor is the question about money answered (${lexicalMoney.answer_type})`);

  const status = async () => s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings`);
  t.same(await status(), { chatbot_id: s.bot.id, retrieval: 'lexical', embedding_provider: null, model: null, chunks: 4, embedded: 0, running: false, last_error: null }, 'before: nothing embedded');
  const itemsBefore = (await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings/items`)).data as Array<{ chunks: number; embedded: number }>;
  t.same(itemsBefore.map(({ chunks, embedded }) => [chunks, embedded]), [[1, 0], [1, 0], [1, 0], [1, 0]], 'per item too: a chunk each, none embedded');
  const saved = await hybrid(s);
  t.equal(saved.statusCode, 200);
  t.match(saved.json.answer, { retrieval: 'hybrid', embedding_provider: s.provider.id });
  await s.semantic.drain();
  t.same(await s.semantic.progress(s.tenant, s.bot.id, s.provider.id), { embedded: 4, chunks: 4, model_key: `${s.provider.id}:meaning` }, 'every chunk embedded, once');
  t.same(await status(), { chatbot_id: s.bot.id, retrieval: 'hybrid', embedding_provider: s.provider.id, model: 'meaning', chunks: 4, embedded: 4, running: false, last_error: null }, 'the route says so');
  const route = `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings`;
  const stranger = await s.api.account('starter', 'Other');
  assertError(t, await s.api.request('GET', route, { key: stranger.live }), 404, 'chatbot_not_found', 'another account’s chatbot');
  assertError(t, await s.api.request('GET', route, { key: s.acme.test }), 404, 'chatbot_not_found', 'the sandbox does not see a live chatbot');
  assertError(t, await s.api.request('GET', '/api/v1/chatbots/cb_nope/knowledge/embeddings', { key: s.acme.live }), 404, 'chatbot_not_found', 'an id that names nothing');
  const sibling = await s.call('POST', '/api/v1/chatbots', { name: 'Sibling' });
  assertError(t, await s.api.request('GET', route, { key: sibling.api_key }), 403, 'key_scope_chatbot', 'another chatbot’s key');
  t.equal((await s.api.request('GET', route, { key: s.bot.api_key })).statusCode, 200, 'the chatbot’s own key');
  t.ok(PAIRS.every((pair) => s.llm.embedded.includes(pair.question)), 'each question was embedded');

  // Per item, a page at a time, in the knowledge list's order.
  const perItem = await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings/items?limit=3`);
  const listed = await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge?limit=3`);
  t.same(perItem.data.map((item: { item_id: string }) => item.item_id), listed.data.map((item: { id: string }) => item.id), 'the items of the knowledge list, in its order');
  t.ok(perItem.data.every((item: { chunks: number; embedded: number; status: string }) => item.chunks === 1 && item.embedded === 1 && item.status === 'ready'), 'each embedded');
  t.equal(perItem.has_more, true);
  const rest = await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings/items?limit=3&cursor=${perItem.next_cursor}`);
  t.match(rest, { data: [{ type: 'qa', title: PAIRS[0]!.question, chunks: 1, embedded: 1 }], has_more: false, next_cursor: null }, 'the next page: the first pair added');
  const itemsRoute = `${route}/items`;
  assertError(t, await s.api.request('GET', itemsRoute, { key: stranger.live }), 404, 'chatbot_not_found', 'items: another account’s chatbot');
  assertError(t, await s.api.request('GET', itemsRoute, { key: s.acme.test }), 404, 'chatbot_not_found', 'items: the sandbox does not see a live chatbot');
  assertError(t, await s.api.request('GET', `${itemsRoute}?limit=0`, { key: s.acme.live }), 400, 'validation_failed', 'items: a limit below 1');
  assertError(t, await s.api.request('GET', `${itemsRoute}?cursor=nonsense`, { key: s.acme.live }), 400, 'invalid_cursor', 'items: a cursor that is not one');
  assertError(t, await s.api.request('GET', itemsRoute, { key: sibling.api_key }), 403, 'key_scope_chatbot', 'items: another chatbot’s key');
  t.equal((await s.api.request('GET', itemsRoute, { key: s.bot.api_key })).statusCode, 200, 'items: the chatbot’s own key');

  const paraphrase = await ask(s, PARAPHRASE);
  t.match(paraphrase, { answer_type: 'qa', content: PAIRS[0]!.answer }, 'hybrid: the paraphrase gets the delivery answer');
  t.ok(paraphrase.confidence >= 0.5, `with a confidence in the answer band (${paraphrase.confidence})`);
  const money = await ask(s, MONEY);
  t.match(money, { answer_type: 'knowledge', content: /repaid to your card/ }, 'and a passage found by meaning alone is quoted');
  t.match(await ask(s, UNRELATED), { answer_type: 'fallback' }, 'an unrelated question still gets the fallback');
  t.match(await ask(s, 'How do I reset my password?'), { answer_type: 'qa', content: PAIRS[1]!.answer }, 'a question lexical retrieval answers still is');

  const before = s.llm.embedded.length;
  await ask(s, PARAPHRASE);
  t.equal(s.llm.embedded.length, before, 'a question asked again is not embedded again');

  // An item processed again gets new chunk ids: the next question finds it without vectors, a run
  // embeds it and drops the old chunk's vectors.
  const items = (await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge?type=qa&limit=10`)).data as Array<{ id: string; question: string }>;
  const hours = items.find((item) => item.question === PAIRS[2]!.question)!;
  await s.call('PATCH', `/api/v1/chatbots/${s.bot.id}/knowledge/${hours.id}`, { question: 'When do you close?' });
  await s.api.server.plugins.knowledge.worker.drain();
  await ask(s, 'When do you close?');
  await s.semantic.drain();
  t.ok(s.llm.embedded.includes('When do you close?'), 'the changed pair was embedded');
  t.same(await s.semantic.progress(s.tenant, s.bot.id, s.provider.id), { embedded: 4, chunks: 4, model_key: `${s.provider.id}:meaning` }, 'one record per chunk: the old one dropped');
  t.match(await ask(s, 'What time is closing?'), { answer_type: 'qa', content: PAIRS[2]!.answer }, 'and it is found by meaning');

  // Another instance on the same store uses the vectors this one stored, without a run of its own.
  const other = await buildTestServer(t, { config: { data_dir: s.api.dataDir, database: { url: s.api.config.database.url }, model_providers: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const sent = s.llm.embedded.length;
  const conversation = (await other.request('POST', `/api/v1/chatbots/${s.bot.id}/conversations`, { key: s.acme.live, payload: {} })).json;
  const there = (await other.request('POST', `/api/v1/chatbots/${s.bot.id}/conversations/${conversation.id}/messages`, { key: s.acme.live, payload: { content: 'When does my package arrive?' } })).json.reply;
  t.match(there, { answer_type: 'qa', content: PAIRS[0]!.answer }, 'the other instance answers by meaning');
  await other.server.plugins.knowledge.semantic.drain();
  t.same(s.llm.embedded.slice(sent), ['When does my package arrive?', ...PROBES], 'having embedded only the question (and, once, the baseline sentences a knowledge base this small is read against): no chunk');
});

t.test('a provider that is down: the turn answers by words, and chatbot.error says why', async (t) => {
  const s = await setup(t);
  await hybrid(s);
  await s.semantic.drain();
  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { base_url: 'http://127.0.0.1:9' });
  const errors: Array<{ data: { error: { code: string; provider: string; message: string } } }> = [];
  s.api.platform.events.subscribe('chatbot.error', (event) => {
    errors.push(event as never);
  });
  const lexical = await ask(s, 'How do I reset my password?');
  t.match(lexical, { answer_type: 'qa', content: PAIRS[1]!.answer }, 'answered lexically, not a 5xx');
  t.match(errors.at(-1)?.data.error, { code: 'provider_unavailable', provider: s.provider.id, message: /^Answered by words alone/ }, 'chatbot.error names the provider and the reason');
  t.match(await ask(s, PARAPHRASE), { answer_type: 'fallback' }, 'what needs meaning falls back meanwhile');

  // A run that fails (the provider down for the knowledge too) is shown, with when the next may start.
  const items = (await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge?type=qa&limit=1`)).data as Array<{ id: string }>;
  await s.call('PATCH', `/api/v1/chatbots/${s.bot.id}/knowledge/${items[0]!.id}`, { question: 'Is there a changed question?' });
  await s.api.server.plugins.knowledge.worker.drain();
  await expectFailedRun(s);
  const shown = await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings`);
  t.match(shown, { retrieval: 'hybrid', model: 'meaning', chunks: 4, embedded: 3, running: false, last_error: { message: /could not be reached/, retry_after: String } }, 'the embeddings route shows the failed run');

  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { base_url: s.llm.url, embedding_model: 'slow' });
  s.api.server.plugins['model-providers'].registry.forget(s.tenant, s.provider.id);
  const slow = await ask(s, 'How do I reset my password?');
  t.match(slow, { answer_type: 'qa' }, 'a provider too slow for the turn: answered lexically within the embedding timeout');
  t.match(errors.at(-1)?.data.error, { code: 'provider_timeout' });
});

t.test('embedding resumes after a crash without duplicates, and a model change re-embeds', async (t) => {
  const s = await setup(t);
  const embeddings = declareEmbeddings(s.api.platform.store).forTenant(s.tenant);
  t.same(await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), { embedded: 4 });
  const modelKey = `${s.provider.id}:meaning`;
  const stored = await embeddings.list({ filter: { chatbot_id: s.bot.id }, limit: 100 });
  t.equal(stored.length, 4);
  t.ok(stored.every((doc) => doc.id === embeddingId(doc.chunk_id, modelKey) && doc.model_key === modelKey), 'ids derived from chunk and model');
  t.equal(stored.find((doc) => unpackVectors(doc).length > 1) ? 0 : 1, 1, 'a pair without alternatives has one vector');
  t.ok(
    stored.every((doc) => Buffer.isBuffer(doc.vectors) && doc.dimensions! > 0 && doc.vectors.byteLength === unpackVectors(doc).length * doc.dimensions! * 4),
    'vectors stored as bytes of float32 (a BLOB, BinData), with their width',
  );

  // A crash after two chunks were stored: the records of the other two are missing.
  for (const doc of stored.slice(2)) await embeddings.delete(doc.id);
  const sent = s.llm.embedded.length;
  t.same(await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), { embedded: 2 }, 'the next run embeds only what is missing');
  t.equal(s.llm.embedded.length - sent, 2, 'two texts sent, not four');
  t.same(await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), { embedded: 0 }, 'a run with nothing missing embeds nothing');
  const after = await embeddings.list({ filter: { chatbot_id: s.bot.id }, limit: 100 });
  t.equal(new Set(after.map((doc) => doc.chunk_id)).size, 4, 'one record per chunk');
  t.equal(after.length, 4, 'no duplicate');

  // Two runs at once (two instances): still one record per chunk.
  await embeddings.deleteMany({ chatbot_id: s.bot.id });
  await Promise.all([s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id)]);
  t.equal(await embeddings.count({ chatbot_id: s.bot.id }), 4, 'racing runs store each chunk once');

  // The provider's model changes: everything is embedded again, the old vectors go.
  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { embedding_model: 'meaning-v2' });
  s.api.server.plugins['model-providers'].registry.forget(s.tenant, s.provider.id);
  t.same(await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), { embedded: 4 });
  const v2 = await embeddings.list({ filter: { chatbot_id: s.bot.id }, limit: 100 });
  t.same([...new Set(v2.map((doc) => doc.model_key))], [`${s.provider.id}:meaning-v2`], 'only the new model’s vectors remain');

  // A provider that rate-limits a batch with Retry-After: the run waits as asked and goes on.
  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { embedding_model: 'meaning+429once' });
  s.api.server.plugins['model-providers'].registry.forget(s.tenant, s.provider.id);
  const before429 = s.llm.calls.length;
  t.same(await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id), { embedded: 4 }, 'embedded despite the 429');
  t.equal(s.llm.calls.length - before429, 2, 'the batch was sent again after the wait, once');

  // A deleted item's vectors go with the next run; the chatbot's deletion takes them all.
  const items = await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge?type=qa`);
  await s.call('DELETE', `/api/v1/chatbots/${s.bot.id}/knowledge/${items.data[0].id}`);
  await s.semantic.embedAll(s.tenant, s.bot.id, s.provider.id);
  t.equal(await embeddings.count({ chatbot_id: s.bot.id }), 3, 'a deleted item’s vectors are dropped');
  await s.call('PUT', `/api/v1/chatbots/${s.bot.id}/settings`, {}); // not in use: the chatbot may go
  await s.call('DELETE', `/api/v1/chatbots/${s.bot.id}`);
  await s.api.platform.events.reactions.drain();
  t.equal(await embeddings.count({ chatbot_id: s.bot.id }), 0, 'a deleted chatbot’s vectors go with it');
});

t.test('embedding is work of the worker role: an API-only instance leaves it to a worker instance', async (t) => {
  const llm = await startFakeLlm(t);
  const config = { llm: { timeout_ms: 2000, providers: {} }, model_providers: { allowed_cidrs: ['127.0.0.1/32'] } };
  const api = await buildTestServer(t, { config: { ...config, server: { roles: ['api'] } } });
  const acme = await api.account('starter');
  const call = async (method: string, url: string, payload?: unknown) => (await api.request(method, url, { key: acme.live, payload })).json;
  const bot = await call('POST', '/api/v1/chatbots', { name: 'Shop', language: 'en' });
  const provider = await call('POST', '/api/v1/model-providers', { name: 'Local', type: 'ollama', base_url: llm.url, embedding_model: 'meaning' });
  const worker = await buildTestServer(t, { config: { ...config, data_dir: api.dataDir, database: { url: api.config.database.url }, server: { roles: ['worker'] } } });
  for (const pair of PAIRS) await call('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { type: 'qa', ...pair });
  await worker.server.plugins.knowledge.worker.drain(); // the pairs' chunks (the worker's other job)
  const saved = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { answer: { retrieval: 'hybrid', embedding_provider: provider.id } } });
  t.equal(saved.statusCode, 200);
  for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
  const status = () => call('GET', `/api/v1/chatbots/${bot.id}/knowledge/embeddings`);
  t.match(await status(), { chunks: 3, embedded: 0, running: true, last_error: null }, 'the API instance made the run due and did not run it');
  t.equal(llm.embedded.length, 0, 'nothing was sent to the provider');

  await worker.server.start(); // a started worker catches up with what is due
  // Until the job is done: the vectors are stored before the run ends (and the job with it).
  let shown = await status();
  for (let attempt = 0; attempt < 200 && (shown.embedded < 3 || shown.running); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    shown = await status();
  }
  t.match(shown, { chunks: 3, embedded: 3, running: false, last_error: null }, 'the worker instance embedded the knowledge');
  t.ok(PAIRS.every((pair) => llm.embedded.includes(pair.question)));
  await worker.server.stop();
});

t.test('a run that keeps failing backs off and gives up; saving the settings starts it again', async (t) => {
  const s = await setup(t);
  // Refused as such (HTTP 400): a run fails at once, without the batch's own retries.
  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { embedding_model: 'refuse' });
  await hybrid(s);
  await s.semantic.drain();
  const jobs = declareEmbeddingJobs(s.api.platform.store).forTenant(s.tenant);
  const id = embeddingJobId(s.bot.id, s.provider.id);
  const first = (await jobs.get(id))!;
  t.equal(first.failures, 1, 'one failed run');
  const now = () => s.api.platform.now(); // the test server's clock
  t.ok(Date.parse(first.run_at!) > now().getTime() + 20_000, 'due again later, not at once');
  // Every try but the last, made due now (as time would): the job stops being due after the last.
  for (let run = 2; run <= 8; run++) {
    await jobs.update(id, { run_at: now().toISOString() });
    await s.semantic.drain();
  }
  const given = (await jobs.get(id))!;
  t.match(given, { failures: 8, run_at: null, last_error: { message: /HTTP 400/, retry_after: null } }, 'given up after 8 failed runs');
  t.match(await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings`), { running: false, last_error: { retry_after: null } }, 'the route says so');
  await ask(s, PARAPHRASE);
  await s.semantic.drain();
  t.equal((await jobs.get(id))!.run_at, null, 'a question does not start a run that gave up');

  await s.call('PATCH', `/api/v1/model-providers/${s.provider.id}`, { embedding_model: 'meaning' });
  await hybrid(s);
  await s.semantic.drain();
  t.match((await jobs.get(id))!, { failures: 0, run_at: null, last_error: null }, 'saving the settings ran it again, and it succeeded');
  t.match(await s.call('GET', `/api/v1/chatbots/${s.bot.id}/knowledge/embeddings`), { embedded: 4, running: false, last_error: null });
});

t.test('the settings: hybrid needs an embedding provider of the account that names an embedding model', async (t) => {
  const s = await setup(t);
  const put = (answer: Record<string, unknown>) => s.api.request('PUT', `/api/v1/chatbots/${s.bot.id}/settings`, { key: s.acme.live, payload: { answer } });
  const missing = assertError(t, await put({ retrieval: 'hybrid' }), 400, 'validation_failed', 'hybrid without a provider');
  t.equal(missing.details[0].path, 'answer.embedding_provider');
  assertError(t, await put({ retrieval: 'semantic' }), 400, 'validation_failed', 'an unknown retrieval');
  assertError(t, await put({ retrieval: 'hybrid', embedding_provider: 'openai' }), 400, 'validation_failed', 'not a provider id');
  assertError(t, await put({ retrieval: 'hybrid', embedding_provider: 'mp_01aaaaaaaaaaaaaaaaaaaaaaaa' }), 404, 'model_provider_not_found', 'a provider the account lacks');
  const chatOnly = await s.call('POST', '/api/v1/model-providers', { name: 'Chat only', type: 'ollama', base_url: s.llm.url, chat_model: 'cite' });
  assertError(t, await put({ retrieval: 'hybrid', embedding_provider: chatOnly.id }), 409, 'model_provider_without_embedding_model', 'a provider without an embedding model');
  t.equal((await put({ retrieval: 'lexical', embedding_provider: s.provider.id })).statusCode, 200, 'a provider may be named while retrieval stays lexical');
  assertError(t, await s.api.request('DELETE', `/api/v1/model-providers/${s.provider.id}`, { key: s.acme.live }), 409, 'model_provider_in_use', 'and it is then in use');
  const patch = (id: string, payload: Record<string, unknown>) => s.api.request('PATCH', `/api/v1/model-providers/${id}`, { key: s.acme.live, payload });
  const taken = assertError(t, await patch(s.provider.id, { embedding_model: null }), 409, 'model_provider_in_use', 'its embedding model cannot be taken away under a chatbot');
  t.match(taken.message, new RegExp(`${s.bot.id}.*answer\\.embedding_provider`), 'naming the chatbot and the setting');
  t.equal((await patch(s.provider.id, { embedding_model: 'meaning-2' })).statusCode, 200, 'another embedding model is fine (everything is embedded again)');
  t.equal((await patch(s.provider.id, { chat_model: null, name: 'Renamed' })).statusCode, 200, 'and other changes are');
  t.equal((await patch(chatOnly.id, { embedding_model: null })).statusCode, 200, 'a provider no chatbot embeds with may drop it');
  const defaults = (await s.api.request('GET', `/api/v1/chatbots/${s.bot.id}/settings`, { key: s.acme.live })).json;
  t.match(defaults.answer, { retrieval: 'lexical' });
});
