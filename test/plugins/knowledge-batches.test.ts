// Q&A pairs are processed in batches (plugins/knowledge/worker.ts): many items, their chunks and
// their events written together. Each item must still end as if processed alone: one event each,
// an item deleted or changed meanwhile dropped, an item the store refuses failing on its own.
import t from 'tap';
import { DocumentRejectedError } from '../../core/store/errors.js';
import type { WriteOp } from '../../core/store/types.js';
import { declareKnowledge, knowledgeRevisionCounter } from '../../plugins/knowledge/collections.js';
import { declareWebhooks } from '../../plugins/webhooks/collections.js';
import { startReceiver } from '../helpers/receiver.js';
import { buildTestServer, type TestServer } from '../helpers/server.js';

async function setup(t: Parameters<typeof buildTestServer>[0]) {
  const api = await buildTestServer(t, { config: { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const events: Array<{ type: string; id: string }> = [];
  api.platform.events.subscribe('*', (event) => {
    if (event.type.startsWith('knowledge.')) events.push({ type: event.type, id: String(event.data.id) });
  });
  return { api, acme, bot, tenant, events, knowledge: declareKnowledge(api.platform.store) };
}

async function importPairs(api: TestServer, key: string, chatbotId: string, count: number, prefix = 'Question') {
  const items = Array.from({ length: count }, (_, i) => ({ type: 'qa', question: `${prefix} ${i}: where is parcel ${i}?`, answer: `Parcel ${i} ships from warehouse ${i % 7}.` }));
  const response = await api.request('POST', `/api/v1/chatbots/${chatbotId}/knowledge/import`, { key, payload: { items } });
  if (response.statusCode !== 201) throw new Error(`import failed ${response.statusCode}: ${response.payload}`);
  return (response.json.data as Array<{ id: string }>).map((item) => item.id);
}

/** The id of the chatbot's `index`-th item, oldest first. */
async function nthItem(knowledge: ReturnType<typeof declareKnowledge>, tenant: { accountId: string; mode: 'live' }, chatbotId: string, index: number) {
  const items = await knowledge.items.forTenant(tenant).list({ filter: { chatbot_id: chatbotId }, sort: { field: 'id', direction: 'asc' }, limit: index + 1 });
  return items[index]!.id;
}

/**
 * Runs `before` once, just before the first commit that writes chunks (the worker's result). Set
 * up before the import: the import's nudge starts the worker before its response is back.
 * Returns the ids of the items whose result a commit made after `before` tried to write and the
 * store refused: the proof that the race happened, i.e. that the worker had read an item before
 * `before` changed or deleted it, rather than reading it afterwards.
 */
function beforeFirstResult(api: TestServer, before: (ops: WriteOp[]) => Promise<void>): { fired: boolean; refused: Set<string> } {
  const store = api.platform.store;
  const commit = store.commit.bind(store);
  const race = { fired: false, refused: new Set<string>() };
  store.commit = async (ops) => {
    if (!race.fired && ops.some((op) => op.kind === 'insert' && op.collection === 'knowledge_chunks')) {
      race.fired = true;
      await before(ops);
    }
    try {
      return await commit(ops);
    } catch (error) {
      if (race.fired) for (const op of ops) if (op.kind === 'update' && op.collection === 'knowledge_items') race.refused.add(op.id);
      throw error;
    }
  };
  return race;
}

t.test('pairs processed together: each ready and searchable, one knowledge.ready and one delivery each', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  const receiver = await startReceiver(t);
  const register = async (payload: Record<string, unknown>) =>
    (await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: `${receiver.url}/hooks`, ...payload } })).json.id as string;
  const accountWide = await register({ events: ['knowledge.ready'] });
  const chatbotOwn = await register({ chatbot_id: bot.id });
  const ids = await importPairs(api, acme.live, bot.id, 110); // more than one slice of a batch

  await api.server.plugins.knowledge.worker.drain();
  t.equal(await knowledge.items.forTenant(tenant).count({ chatbot_id: bot.id, status: 'ready' }), 110, 'every pair ready');
  t.equal(await knowledge.chunks.forTenant(tenant).count({ chatbot_id: bot.id }), 110, 'one chunk each');
  t.same(events.map((event) => event.id).sort(), [...ids].sort(), 'one knowledge.ready per item');
  t.ok(events.every((event) => event.type === 'knowledge.ready'));
  const stored = await knowledge.items.forTenant(tenant).get(ids[87]!);
  t.match(stored, { status: 'ready', chunk_count: 1, process_at: null, processed_at: /Z$/ }, 'done: no longer due');
  t.ok((await api.platform.store.counters.get(tenant, knowledgeRevisionCounter(bot.id).name)) > 0, 'the knowledge revision moved');

  const found = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: acme.live, payload: { query: 'where is parcel 87', limit: 3 } });
  t.equal(found.json.data[0]?.document_id, ids[87], 'the full-text search finds an imported pair');

  // Stopping the dispatcher fans out what was published and not yet fanned out; sending is not this test’s business.
  await api.server.plugins.webhooks.dispatcher.stop();
  const deliveries = declareWebhooks(api.platform.store).deliveries.forTenant(tenant);
  for (const webhookId of [accountWide, chatbotOwn]) {
    const made = await deliveries.list({ filter: { webhook_id: webhookId }, limit: 1000 });
    t.equal(new Set(made.map((delivery) => delivery.event_id)).size, 110, `one delivery per event for ${webhookId === accountWide ? 'the account-wide' : 'the chatbot’s'} endpoint`);
    t.equal(made.length, 110);
  }
});

t.test('an item deleted while its batch is processed is dropped; the rest of the batch is written', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  let victim = '';
  const race = beforeFirstResult(api, async () => {
    victim = await nthItem(knowledge, tenant, bot.id, 2);
    const deleted = await api.request('DELETE', `/api/v1/chatbots/${bot.id}/knowledge/${victim}`, { key: acme.live });
    t.equal(deleted.statusCode, 200, 'deleted mid-processing');
  });
  const ids = await importPairs(api, acme.live, bot.id, 5);

  await api.server.plugins.knowledge.worker.drain();
  t.ok(race.fired, 'the race hook ran');
  t.ok(race.refused.has(victim), 'the race happened: the worker had read the item before it was deleted, and the store refused that result');
  const items = await knowledge.items.forTenant(tenant).list({ filter: { chatbot_id: bot.id }, limit: 10 });
  const others = ids.filter((id) => id !== victim).sort();
  t.same(items.map((item) => item.id).sort(), others, 'the deleted item stays deleted');
  t.ok(items.every((item) => item.status === 'ready'), 'the others are ready');
  t.equal(await knowledge.chunks.forTenant(tenant).count({ item_id: victim }), 0, 'no chunk of the deleted item');
  t.equal(await knowledge.chunks.forTenant(tenant).count({ chatbot_id: bot.id }), 4);
  t.same(events.map((event) => event.id).sort(), others, 'no event for the deleted item, one for each other');
});

t.test('an item changed while its batch is processed is processed again, with the change', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  let changed = '';
  const race = beforeFirstResult(api, async () => {
    changed = await nthItem(knowledge, tenant, bot.id, 3);
    const patched = await api.request('PATCH', `/api/v1/chatbots/${bot.id}/knowledge/${changed}`, {
      key: acme.live,
      payload: { answer: 'Parcel three now ships from the harbour depot.' },
    });
    t.equal(patched.statusCode, 200, 'changed mid-processing');
  });
  await importPairs(api, acme.live, bot.id, 5);

  await api.server.plugins.knowledge.worker.drain();
  t.ok(race.fired, 'the race hook ran');
  t.ok(race.refused.has(changed), 'the race happened: the worker had read the item before it was changed, and the store refused that result');
  const items = await knowledge.items.forTenant(tenant).list({ filter: { chatbot_id: bot.id }, limit: 10 });
  t.ok(items.every((item) => item.status === 'ready' && item.process_at === null), 'all ready, none due');
  const chunks = await knowledge.chunks.forTenant(tenant).list({ filter: { item_id: changed }, limit: 10 });
  t.equal(chunks.length, 1, 'one chunk');
  t.match(chunks[0]?.text, /harbour depot/, 'from the changed answer, not the one the batch read');
  t.same(events.filter((event) => event.id === changed).length, 1, 'one knowledge.ready for it: its first result was dropped');
  t.equal(events.length, 5);
});

t.test('an item whose result the store refuses fails alone; the others of its batch are ready', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  const store = api.platform.store;
  const commit = store.commit.bind(store);
  store.commit = async (ops) => {
    const event = (op: WriteOp) => (op.kind === 'insert' && op.collection === 'events' ? (op.doc.data as { question?: string }) : null);
    if (ops.some((op) => event(op)?.question?.startsWith('Question 1:'))) throw new DocumentRejectedError('the store refuses this event');
    return commit(ops);
  };
  const ids = await importPairs(api, acme.live, bot.id, 6);
  const poisoned = ids[1]!;

  await api.server.plugins.knowledge.worker.drain();
  const items = knowledge.items.forTenant(tenant);
  const poison = await items.get(poisoned);
  t.match(poison, { status: 'pending', processing_failures: 1 }, 'retried later, with backoff');
  t.ok(poison!.process_at! > api.clock.now().toISOString(), 'not due now');
  t.equal(await knowledge.chunks.forTenant(tenant).count({ item_id: poisoned }), 0, 'nothing of it written');
  t.equal(await items.count({ chatbot_id: bot.id, status: 'ready' }), 5, 'the other five are ready');
  t.same(events.map((event) => event.id).sort(), ids.filter((id) => id !== poisoned).sort(), 'with their events');
});

t.test('long pairs, documents and short pairs together', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  const longAnswer = `${'The warranty covers every part of the device for two years. '.repeat(60)}Batteries are covered for one year.`;
  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/import`, {
    key: acme.live,
    payload: {
      items: [
        { type: 'qa', question: 'How long is the warranty?', answer: longAnswer },
        { type: 'document', format: 'markdown', content: '# Opening hours\n\nThe shop opens at nine.' },
        { type: 'qa', question: 'Do you sell gift cards?', answer: 'Yes, from 10 EUR.' },
      ],
    },
  });
  t.equal(response.statusCode, 201);
  await api.server.plugins.knowledge.worker.drain();
  const items = await knowledge.items.forTenant(tenant).list({ filter: { chatbot_id: bot.id }, limit: 10 });
  t.same(items.map((item) => item.status), ['ready', 'ready', 'ready']);
  t.equal(items.find((item) => item.answer === longAnswer)?.char_count, 'How long is the warranty?'.length + 1 + longAnswer.length, 'the long pair, read in a parser thread');
  t.equal(events.length, 3);
  const found = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: acme.live, payload: { query: 'batteries warranty' } });
  t.equal(found.json.data[0]?.title, 'How long is the warranty?');
});

t.test('documents read together: one deleted meanwhile is dropped, the others are written', async (t) => {
  const { api, acme, bot, tenant, events, knowledge } = await setup(t);
  let victim = '';
  const race = beforeFirstResult(api, async () => {
    victim = await nthItem(knowledge, tenant, bot.id, 1);
    const deleted = await api.request('DELETE', `/api/v1/chatbots/${bot.id}/knowledge/${victim}`, { key: acme.live });
    t.equal(deleted.statusCode, 200, 'deleted mid-processing');
  });
  const items = Array.from({ length: 5 }, (_, i) => ({ type: 'document', format: 'markdown', content: `# Store ${i}\n\nStore ${i} opens at ${i + 7} am.` }));
  const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/import`, { key: acme.live, payload: { items } });
  const ids = (response.json.data as Array<{ id: string }>).map((item) => item.id);

  await api.server.plugins.knowledge.worker.drain();
  t.ok(race.fired, 'the race hook ran');
  t.ok(race.refused.has(victim), 'the race happened: the worker had read the item before it was deleted, and the store refused that result');
  const stored = await knowledge.items.forTenant(tenant).list({ filter: { chatbot_id: bot.id }, limit: 10 });
  const others = ids.filter((id) => id !== victim).sort();
  t.same(stored.map((item) => item.id).sort(), others, 'the deleted document stays deleted');
  t.ok(stored.every((item) => item.status === 'ready' && item.chunk_count === 1 && item.process_at === null), 'the others are ready');
  t.equal(await knowledge.chunks.forTenant(tenant).count({ item_id: victim }), 0, 'no chunk of the deleted one');
  t.same(events.map((event) => event.id).sort(), others, 'one knowledge.ready for each other');
});
