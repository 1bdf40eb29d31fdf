// store-independent: it opens no store (the SQLite pass runs it once).
// The cache of knowledge indexes (plugins/knowledge/search-index/index-cache.ts): rebuilt when the
// knowledge revision moves, one build at a time per chatbot and two across the cache, the previous
// index answering while a slow rebuild runs, least recently used dropped past the memory budget.
// The chunks come from a source the test controls (the store-backed source is covered by the route
// and conversation tests).
import t from 'tap';
import { KnowledgeIndexCache, MAX_BUILDS, type IndexSource } from '../../plugins/knowledge/search-index/index-cache.js';
import { runParseTask, type AnalysedChunk } from '../../plugins/knowledge/parsing/tasks.js';
import type { StoredChunk } from '../../plugins/knowledge/collections.js';

const tenant = { accountId: 'acct_test', mode: 'live' as const };

async function qaChunk(id: string, question: string, answer = `answer ${id}`): Promise<StoredChunk> {
  const reply = await runParseTask({ kind: 'qa', question, alternatives: [], answer, language: 'en' });
  if (!reply.ok) throw new Error(reply.error.message);
  const { chunk } = reply.value as { chunk: AnalysedChunk };
  return { ...chunk, qa: { question, alternatives: [], answer }, id: `chk_${id}`, version: 1, chatbot_id: 'cb_1', item_id: id };
}

/**
 * A source whose revision (all chatbots', or one's in `revisions`) and chunks the test sets;
 * `gate` holds builds until released. It records the chatbots whose chunks were read, in order,
 * and the most reads under way at once.
 */
function controlledSource() {
  const state = {
    revision: '1',
    revisions: new Map<string, string>(),
    chunks: [] as StoredChunk[],
    gate: null as Promise<void> | null,
    reads: 0,
    started: [] as string[],
    active: 0,
    mostActive: 0,
  };
  const source: IndexSource = {
    revision: async (_tenant, chatbotId) => state.revisions.get(chatbotId) ?? state.revision,
    async *chunks(_tenant, chatbotId) {
      state.reads++;
      state.started.push(chatbotId);
      state.mostActive = Math.max(state.mostActive, ++state.active);
      try {
        const snapshot = [...state.chunks];
        if (state.gate) await state.gate;
        yield snapshot;
      } finally {
        state.active--;
      }
    },
  };
  return { state, source };
}

/** Lets every callback already due run (builds that were given their turn start reading). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

function gate(state: ReturnType<typeof controlledSource>['state']): () => void {
  let release!: () => void;
  state.gate = new Promise((resolve) => (release = resolve));
  return () => {
    state.gate = null;
    release();
  };
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

t.test('at most two builds at once across chatbots; a first build goes before a rebuild', async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  const first = await cache.indexFor(tenant, 'cb_1', 'en');

  const release = gate(state);
  const others = ['cb_2', 'cb_3', 'cb_4'].map((chatbot) => cache.indexFor(tenant, chatbot, 'en'));
  await settle();
  t.same(state.started, ['cb_1', 'cb_2', 'cb_3'], `${MAX_BUILDS} builds run, the third chatbot waits its turn`);
  t.match(cache.stats(), { running: 2, waiting: 1 });

  // cb_1 changes: its rebuild waits behind cb_4's first build, and its question is answered from
  // the previous index after FRESH_WAIT_MS, as when the rebuild itself is slow.
  state.revisions.set('cb_1', '2');
  t.equal(await cache.indexFor(tenant, 'cb_1', 'en'), first, 'answered from the previous index');
  t.match(cache.stats(), { running: 2, waiting: 2, stale: 1 });

  release();
  const built = await Promise.all(others);
  t.equal(built.length, 3, 'every chatbot waiting gets its index');
  await settle();
  t.same(state.started, ['cb_1', 'cb_2', 'cb_3', 'cb_4', 'cb_1'], 'the first build of cb_4 before the rebuild of cb_1');
  t.equal(state.mostActive, MAX_BUILDS, 'never more than two at once');
  t.match(cache.stats(), { running: 0, waiting: 0, builds: 5 });
  t.not(await cache.indexFor(tenant, 'cb_1', 'en'), first, 'then the rebuilt index answers');
});

t.test("an index's bytes count its Q&A pairs, answers included", async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  const answer = 'We ship worldwide within two working days. '.repeat(2_500);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?', answer)];
  const index = await cache.indexFor(tenant, 'cb_1', 'en');
  // The answer is held twice: in the chunk's text (search results) and in the pair (Q&A matches).
  t.ok(index.bytes >= 2 * 2 * answer.length, `${index.bytes} bytes for an answer of ${answer.length} characters`);
  t.equal(cache.stats().bytes, index.bytes);
});

t.test('idle(): once no build runs or waits, including the rebuild a change seen during a build starts', async (t) => {
  const { state, source } = controlledSource();
  const cache = new KnowledgeIndexCache(source, 64 * 1024 * 1024);
  state.chunks = [await qaChunk('doc_1', 'How long does delivery take?')];
  await cache.indexFor(tenant, 'cb_1', 'en');
  await cache.idle(); // nothing under way: at once

  const release = gate(state);
  state.revision = '2';
  await cache.indexFor(tenant, 'cb_1', 'en'); // the rebuild of revision 2, held by the gate
  state.revision = '3';
  await cache.indexFor(tenant, 'cb_1', 'en'); // seen while 2 builds: 3 is built next
  let idle = false;
  const waiting = cache.idle().then(() => (idle = true));
  await settle();
  t.notOk(idle, 'not while a build is held');
  release();
  await waiting;
  t.equal(state.reads, 3, 'the build of revision 3 ran before idle() resolved');
  t.match(cache.stats(), { running: 0, waiting: 0 });
});
