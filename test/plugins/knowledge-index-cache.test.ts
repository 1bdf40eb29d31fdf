// The cache of knowledge indexes (plugins/knowledge/index/index-cache.ts): rebuilt when the
// knowledge revision moves, one build at a time, the previous index answering while a slow rebuild
// runs, least recently used dropped past the memory budget. The chunks come from a source the test
// controls (the store-backed source is covered by the route and conversation tests).
import t from 'tap';
import { KnowledgeIndexCache, type IndexSource } from '../../plugins/knowledge/index/index-cache.js';
import { runParseTask, type AnalysedChunk } from '../../plugins/knowledge/parsing/tasks.js';
import type { StoredChunk } from '../../plugins/knowledge/store.js';

const tenant = { accountId: 'acct_test', mode: 'live' as const };

async function qaChunk(id: string, question: string): Promise<StoredChunk> {
  const reply = await runParseTask({ kind: 'qa', question, alternatives: [], answer: `answer ${id}`, language: 'en' });
  if (!reply.ok) throw new Error(reply.error.message);
  const { chunk } = reply.value as { chunk: AnalysedChunk };
  return { ...chunk, qa: { question, alternatives: [], answer: `answer ${id}` }, id: `chk_${id}`, version: 1, chatbot_id: 'cb_1', item_id: id };
}

/** A source whose revision and chunks the test sets; `gate` holds builds until released. */
function controlledSource() {
  const state = { revision: '1', chunks: [] as StoredChunk[], gate: null as Promise<void> | null, reads: 0 };
  const source: IndexSource = {
    revision: async () => state.revision,
    async *chunks() {
      state.reads++;
      const snapshot = [...state.chunks];
      if (state.gate) await state.gate;
      yield snapshot;
    },
  };
  return { state, source };
}

t.test('built on first use, kept while the revision stands, rebuilt when it moves', async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  const [first, second] = await Promise.all([cache.indexFor(tenant, 'cb_1', 'en'), cache.indexFor(tenant, 'cb_1', 'en')]);
  t.equal(first, second, 'a burst of questions shares one build');
  t.equal(state.reads, 1);
  t.equal(await cache.indexFor(tenant, 'cb_1', 'en'), first, 'same revision: the same index');
  t.match(cache.stats(), { indexes: 1, builds: 1 });

  state.chunks.push(await qaChunk('doc_2', 'Can I pay with PayPal?'));
  state.revision = '2';
  const rebuilt = await cache.indexFor(tenant, 'cb_1', 'en');
  t.not(rebuilt, first);
  t.equal(rebuilt.matchQa('pay with paypal')?.pair.document_id, 'doc_2', 'a quick rebuild is waited for: the change answers at once');
  t.not(await cache.indexFor(tenant, 'cb_1', 'de'), rebuilt, 'another language is another index');
});

t.test('a slow rebuild: the previous index answers, then the new one', async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  const first = await cache.indexFor(tenant, 'cb_1', 'en');

  let release!: () => void;
  state.gate = new Promise((resolve) => (release = resolve));
  state.chunks = [...state.chunks, await qaChunk('doc_2', 'Can I pay with PayPal?')];
  state.revision = '2';
  t.equal(await cache.indexFor(tenant, 'cb_1', 'en'), first, 'answered from the previous index');
  t.equal(await cache.indexFor(tenant, 'cb_1', 'en'), first, 'still building');
  t.equal(state.reads, 2, 'one build at a time');
  t.equal(cache.stats().stale, 2);
  release();
  state.gate = null;
  await new Promise((resolve) => setImmediate(resolve));
  const fresh = await cache.indexFor(tenant, 'cb_1', 'en');
  t.equal(fresh.matchQa('pay with paypal')?.pair.document_id, 'doc_2');
});

t.test('a change during a build is built next, without waiting for a question', async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  await cache.indexFor(tenant, 'cb_1', 'en');
  let release!: () => void;
  state.gate = new Promise((resolve) => (release = resolve));
  state.revision = '2';
  await cache.indexFor(tenant, 'cb_1', 'en'); // starts the build of revision 2 (held by the gate)
  state.chunks = [...state.chunks, await qaChunk('doc_3', 'Do you offer gift wrapping?')];
  state.revision = '3';
  await cache.indexFor(tenant, 'cb_1', 'en'); // sees revision 3 while 2 builds
  state.gate = null;
  release();
  for (let i = 0; i < 10 && state.reads < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  t.equal(state.reads, 3, 'the build of revision 3 follows the build of revision 2 by itself');
});

t.test('a failed build is not kept; the least recently used index goes past the budget', async (t) => {
  const { state, source } = controlledSource();
  let fail = true;
  const failing: IndexSource = {
    revision: source.revision,
    async *chunks(...args) {
      if (fail) throw new Error('store down');
      yield* source.chunks(...args);
    },
  };
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  const tiny = new KnowledgeIndexCache(failing, 1);
  await t.rejects(tiny.indexFor(tenant, 'cb_1', 'en'), /store down/, 'no index yet: the question sees the error');
  fail = false;
  const one = await tiny.indexFor(tenant, 'cb_1', 'en');
  t.ok(one.size === 1, 'the next question builds again');
  await tiny.indexFor(tenant, 'cb_2', 'en');
  t.equal(tiny.stats().indexes, 1, 'over the budget: only the newest stays');
  t.not(await tiny.indexFor(tenant, 'cb_1', 'en'), one, 'the dropped one is built again');
});
