// Knowledge-base benchmark: import 10,000 Q&A pairs alone on a fresh server (the import
// goal), then 10,000 Q&A pairs and 1,000 documents through the API, process them, then search over
// the chunks. Latencies are compared with a baseline measured in the same run on the same server:
// GET /api/v1/chatbots/{id}, a keyed read through the whole request path.
import { performance } from 'node:perf_hooks';
import { benchServer, type BenchServer } from './harness.js';

export const WORDS = (
  'account address answer billing card cancel change charge check coupon credit customer date delivery deposit ' +
  'discount download email error exchange express fee gift guarantee install invoice item label language limit ' +
  'login member message mobile model network notice offer order package parcel partner password payment pickup ' +
  'plan point policy price print privacy product profile promotion purchase receipt refund region register ' +
  'repair replace report request reset return review router schedule screen security setting shipping size ' +
  'software status storage store subscription support tax ticket tracking transfer update upgrade voucher ' +
  'warehouse warranty website window'
).split(' ');

/** A deterministic pseudo-random source, so runs compare. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface Percentiles {
  p50: number;
  p99: number;
  mean: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/** Q&A pairs alone, on a fresh server: from the first import call until every pair is ready. */
export interface QaImportResult {
  qaPairs: number;
  importSeconds: number;
  readySeconds: number;
  /** The first pair is among the search API's top 5 for its own question and answer afterwards. */
  searchFoundPair: boolean;
}

export interface KnowledgeBenchResult {
  qaOnly: QaImportResult;
  qaPairs: number;
  documents: number;
  chunks: number;
  importSeconds: number;
  /** From the first import call until every item is ready. */
  processSeconds: number;
  itemsPerSecondProcessed: number;
  searches: number;
  searchMs: Percentiles;
  baselineGetMs: Percentiles;
  ratioP50: number;
  ratioP99: number;
}

function textSource(seed: number) {
  const next = random(seed);
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const sentence = (length: number) => {
    const words = Array.from({ length }, word);
    return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
  };
  return { next, word, sentence };
}

/** Imports `count` Q&A pairs, 1,000 per call; returns the first pair, to search for it after. */
async function importQaPairs(call: BenchServer['call'], base: string, count: number, text: ReturnType<typeof textSource>) {
  const { word, sentence } = text;
  let first: { id: string; query: string } | undefined;
  for (let start = 0; start < count; start += 1000) {
    const items = Array.from({ length: Math.min(1000, count - start) }, () => ({
      type: 'qa',
      question: `How do I ${word()} my ${word()} ${word()}?`,
      answer: sentence(20),
    }));
    const imported = (await call('POST', `${base}/import`, { items })) as { data: Array<{ id: string }> };
    first ??= { id: imported.data[0]!.id, query: `${items[0]!.question} ${items[0]!.answer}` };
  }
  return first;
}

/** The items of a knowledge base not ready yet (a benchmark that timed failures would mislead). */
async function notReady(call: BenchServer['call'], base: string): Promise<number> {
  let pending = 0;
  for (const status of ['pending', 'processing', 'failed']) {
    const page = (await call('GET', `${base}?status=${status}&limit=1`)) as { data: unknown[] };
    pending += page.data.length;
  }
  return pending;
}

/** 10,000 Q&A pairs alone (the goal: ready for answering in 2 s), on a fresh server. */
export async function qaImportBenchmark(options: { qaPairs: number }): Promise<QaImportResult> {
  const { server, call, close } = await benchServer('knowledge-qa');
  try {
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench Q&A' })) as { id: string };
    const base = `/api/v1/chatbots/${bot.id}/knowledge`;
    const started = performance.now();
    const first = await importQaPairs(call, base, options.qaPairs, textSource(7));
    const importSeconds = (performance.now() - started) / 1000;
    await server.plugins.knowledge.worker.drain();
    const readySeconds = (performance.now() - started) / 1000;
    if ((await notReady(call, base)) > 0) throw new Error('Some Q&A pairs are not ready after the worker drained');
    const found = first && ((await call('POST', `${base}/search`, { query: first.query, limit: 5 })) as { data: Array<{ document_id: string }> });
    return {
      qaPairs: options.qaPairs,
      importSeconds,
      readySeconds,
      searchFoundPair: Boolean(found?.data.some((passage) => passage.document_id === first!.id)),
    };
  } finally {
    await close();
  }
}

export async function knowledgeBenchmark(options: { qaPairs: number; documents: number; searches: number }): Promise<KnowledgeBenchResult> {
  const qaOnly = await qaImportBenchmark({ qaPairs: options.qaPairs });
  const { server, call, headers, close } = await benchServer('knowledge');
  try {
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench' })) as { id: string };
    const base = `/api/v1/chatbots/${bot.id}/knowledge`;
    const text = textSource(42);
    const { next, word, sentence } = text;

    const importStarted = performance.now();
    await importQaPairs(call, base, options.qaPairs, text);
    for (let start = 0; start < options.documents; start += 100) {
      const items = Array.from({ length: Math.min(100, options.documents - start) }, (_, i) => ({
        type: 'document',
        format: 'markdown',
        title: `Guide ${start + i}`,
        content: Array.from(
          { length: 3 },
          () => `## ${sentence(3)}\n\n${Array.from({ length: 6 }, () => sentence(12)).join(' ')}\n\n${Array.from({ length: 4 }, () => sentence(10)).join(' ')}`,
        ).join('\n\n'),
      }));
      await call('POST', `${base}/import`, { items });
    }
    const importSeconds = (performance.now() - importStarted) / 1000;

    // The worker starts as soon as items arrive, so processing overlaps the import: report the
    // wall time from the first import call until everything is ready.
    await server.plugins.knowledge.worker.drain();
    const processSeconds = (performance.now() - importStarted) / 1000;
    if ((await notReady(call, base)) > 0) throw new Error('Some items are not ready after the worker drained');
    const exported = await server.inject({ method: 'GET', url: `${base}/export`, headers });
    const chunks = exported.payload
      .trimEnd()
      .split('\n')
      .reduce((sum, line) => sum + (JSON.parse(line) as { chunk_count: number }).chunk_count, 0);

    // Interleave the two measurements so both see the same machine state.
    const searchSamples: number[] = [];
    const getSamples: number[] = [];
    for (let i = 0; i < 50; i++) await call('POST', `${base}/search`, { query: `${word()} ${word()}` }); // warm-up
    for (let i = 0; i < options.searches; i++) {
      const query = Array.from({ length: 2 + Math.floor(next() * 4) }, word).join(' ');
      let started = performance.now();
      await call('POST', `${base}/search`, { query, limit: 5 });
      searchSamples.push(performance.now() - started);
      started = performance.now();
      await call('GET', `/api/v1/chatbots/${bot.id}`);
      getSamples.push(performance.now() - started);
    }
    const searchMs = percentiles(searchSamples);
    const baselineGetMs = percentiles(getSamples);
    return {
      qaOnly,
      qaPairs: options.qaPairs,
      documents: options.documents,
      chunks,
      importSeconds,
      processSeconds,
      itemsPerSecondProcessed: (options.qaPairs + options.documents) / processSeconds,
      searches: options.searches,
      searchMs,
      baselineGetMs,
      ratioP50: searchMs.p50 / baselineGetMs.p50,
      ratioP99: searchMs.p99 / baselineGetMs.p99,
    };
  } finally {
    await close();
  }
}
