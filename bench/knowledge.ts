// Knowledge-base benchmark: import 10,000 Q&A pairs and 1,000 documents through the API, process
// them, then search over the chunks. Latencies are compared with a baseline measured in the same
// run on the same server: GET /api/v1/chatbots/{id}, a keyed read through the whole request path.
import { performance } from 'node:perf_hooks';
import { benchServer } from './harness.js';

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

export interface KnowledgeBenchResult {
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

export async function knowledgeBenchmark(options: { qaPairs: number; documents: number; searches: number }): Promise<KnowledgeBenchResult> {
  const { server, call, headers, close } = await benchServer('knowledge');
  try {
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench' })) as { id: string };
    const base = `/api/v1/chatbots/${bot.id}/knowledge`;
    const next = random(42);
    const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
    const sentence = (length: number) => {
      const words = Array.from({ length }, word);
      return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
    };

    const importStarted = performance.now();
    for (let start = 0; start < options.qaPairs; start += 1000) {
      const items = Array.from({ length: Math.min(1000, options.qaPairs - start) }, () => ({
        type: 'qa',
        question: `How do I ${word()} my ${word()} ${word()}?`,
        answer: sentence(20),
      }));
      await call('POST', `${base}/import`, { items });
    }
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
