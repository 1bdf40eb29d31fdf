// The realtext benchmark: chat and knowledge search over real text, every part in its own process.
//
//   - corpus: the documentation installed in node_modules (./realtext-corpus.ts), about 10 MB in
//     about 2,000 documents, plus the FAQ entries found in it as Q&A pairs;
//   - questions: hand-written (./realtext-questions.json) and templated (./realtext-questions.ts);
//   - the platform's server: `node bin/chatbot-platform.js serve` on a fresh SQLite file in a
//     temporary directory, with an Enterprise account made by `accounts create` (no rate limits);
//   - the load generator: ./realtext-load.ts (autocannon's API) in a child process per run;
//   - the baseline: a bare hapi server (./bare-hapi.ts) in its own process, loaded the same
//     way in the same run.
//
// Everything goes through the public HTTP API: the corpus is imported in batches, the items are
// polled until ready, then the search is timed one request at a time (and its first source checked
// against the expected documents), and the chat turns are loaded by 50 connections at the default
// thresholds and at the strict ones of the chat benchmark. The server's RSS is read from
// /proc/<pid>/status.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildCorpus, type Corpus, type CorpusDocument } from './realtext-corpus.js';
import { freePort, residentMiB, run, start, startBareHapi, stop } from './processes.js';
import type { LoadJob, LoadOutput } from './realtext-load.js';
import { handWrittenQuestions, templatedQuestions, type BenchQuestion } from './realtext-questions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export interface RealtextOptions {
  quick: boolean;
  /** Seconds per chat workload (and for the baseline). */
  seconds: number;
  connections: number;
  /** Conversations the turns are spread over. */
  conversations: number;
  templated: number;
}

export interface Timing {
  p50: number;
  p99: number;
  mean: number;
  max: number;
  samples: number;
}

export interface QualityRow {
  name: string;
  questions: number;
  /** First source is an expected document. */
  top1: number;
  /** An expected document among the first five passages. */
  top5: number;
}

export interface RealtextResult {
  options: RealtextOptions;
  corpus: {
    buildSeconds: number;
    documents: number;
    characters: number;
    bytes: number;
    qaPairs: number;
    packages: number;
    markdownFiles: number;
    declarationFiles: number;
    bySource: Array<{ source: string; documents: number; bytes: number }>;
  };
  load: { importSeconds: number; readySeconds: number; items: number; ready: number; failed: number; chunks: number; batches: number };
  rssMiB: { start: number; loaded: number; firstSearch: number; afterChat: number; peak: number };
  firstSearchMs: number;
  /** Both passes; then the first pass alone (each question new to the index) and the second (its ranking kept). */
  search: Timing;
  searchFirstPass: Timing;
  searchSecondPass: Timing;
  searchBaseline: Timing;
  quality: { search: QualityRow[]; chat: QualityRow[] };
  chat: Array<{ name: string; result: LoadOutput }>;
  hello: LoadOutput;
  handMissing: string[];
  /**
   * Chat turns at the default thresholds with two webhook endpoints subscribed to every event:
   * the load's figures, deliveries received during it and after it (until 3 s without one).
   */
  webhookFanOut: { result: LoadOutput; duringLoad: number; afterLoad: number; drainSeconds: number } | null;
  /** The machine's 1-minute load average when the run started and when it ended (others' work skews a run). */
  loadAverage: { start: number; end: number };
}

/** Quick: every hand-written question's documents and one in eight of the others; full: all. */
function sliceCorpus(corpus: Corpus, quick: boolean): CorpusDocument[] {
  if (!quick) return corpus.documents;
  const wanted = new Set(handWrittenQuestions(corpus.documents).questions.flatMap((question) => question.expected));
  return corpus.documents.filter(
    (document) => wanted.has(document.key) || createHash('sha1').update(document.key).digest().readUInt8(0) % 8 === 0,
  );
}

export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length, max: sorted[sorted.length - 1]!, samples: sorted.length };
}

/** The load generator in its own process, with the job in a temporary file. */
async function load(dir: string, job: LoadJob): Promise<LoadOutput> {
  const file = path.join(dir, `load-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(job));
  const out = await run(['--import', 'tsx', path.join(here, 'realtext-load.ts'), file], { PATH: process.env.PATH });
  rmSync(file, { force: true });
  return JSON.parse(out.trim().split('\n').pop()!) as LoadOutput;
}

export async function realtextBenchmark(options: RealtextOptions): Promise<RealtextResult> {
  const loadAtStart = loadavg()[0]!;
  // The corpus and the questions.
  const built = performance.now();
  const corpus = buildCorpus(root);
  const documents = sliceCorpus(corpus, options.quick);
  const keys = new Set(documents.map((document) => document.key));
  const qa = corpus.qa.filter((pair) => keys.has(pair.document));
  const buildSeconds = (performance.now() - built) / 1000;
  const hand = handWrittenQuestions(documents);
  const templated = templatedQuestions(documents, options.templated);
  const questions: BenchQuestion[] = [...hand.questions, ...templated];
  const bySource = new Map<string, { documents: number; bytes: number }>();
  for (const document of documents) {
    const entry = bySource.get(document.source) ?? { documents: 0, bytes: 0 };
    entry.documents++;
    entry.bytes += Buffer.byteLength(document.content);
    bySource.set(document.source, entry);
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-bench-realtext-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // The webhook fan-out workload delivers to a receiver on this machine.
    WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
  };
  const account = JSON.parse(await run([path.join(root, 'bin/chatbot-platform.js'), 'accounts', 'create', '--name', 'Bench', '--plan', 'enterprise', '--json'], env)) as {
    live_key: string;
  };
  const headers = { authorization: `Bearer ${account.live_key}`, 'content-type': 'application/json' };
  // REALTEXT_SERVER_NODE_ARGS: extra node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const serverNodeArgs = process.env.REALTEXT_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = start([...serverNodeArgs, path.join(root, 'bin/chatbot-platform.js'), 'serve'], env);
  const hello = startBareHapi();
  const base = `http://127.0.0.1:${port}`;

  try {
    // Both servers up: the platform answers /health, the baseline prints its address.
    const helloUri = await hello.uri;
    for (let i = 0; ; i++) {
      if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error(`server did not start: ${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pid = server.child.pid!;

    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const rssStart = residentMiB(pid).rss;
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Realtext bench' })) as { id: string };
    const knowledge = `/api/v1/chatbots/${bot.id}/knowledge`;

    // Import: batches of at most 200 items and about 2 MB (the route takes 1,000 items and 10 MB).
    const owner = new Map<string, string>(); // item id → corpus document key
    const items = [
      ...documents.map((document) => ({ key: document.key, item: { type: 'document', format: 'markdown', title: document.title, content: document.content } })),
      ...qa.map((pair) => ({ key: pair.document, item: { type: 'qa', question: pair.question, answer: pair.answer } })),
    ];
    const importStarted = performance.now();
    let batches = 0;
    for (let start = 0; start < items.length; ) {
      let end = start;
      let bytes = 0;
      while (end < items.length && end - start < 200) {
        const size = JSON.stringify(items[end]!.item).length;
        if (end > start && bytes + size > 2_000_000) break;
        bytes += size;
        end++;
      }
      const batch = items.slice(start, end);
      const created = (await call('POST', `${knowledge}/import`, { items: batch.map(({ item }) => item) })) as { data: Array<{ id: string }> };
      created.data.forEach((item, i) => owner.set(item.id, batch[i]!.key));
      batches++;
      start = end;
    }
    const importSeconds = (performance.now() - importStarted) / 1000;

    // Ready: nothing pending or processing, then one pass over every item for the counts.
    for (;;) {
      const [pending, processing] = await Promise.all(
        ['pending', 'processing'].map((status) => call('GET', `${knowledge}?status=${status}&limit=1`) as Promise<{ data: unknown[] }>),
      );
      if (pending!.data.length === 0 && processing!.data.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const readySeconds = (performance.now() - importStarted) / 1000;
    let chunks = 0;
    let ready = 0;
    let failed = 0;
    let listed = 0;
    for (let cursor: string | null = null; ; ) {
      const page = (await call('GET', `${knowledge}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as {
        data: Array<{ status: string; chunk_count: number }>;
        next_cursor: string | null;
      };
      for (const item of page.data) {
        listed++;
        chunks += item.chunk_count;
        if (item.status === 'ready') ready++;
        if (item.status === 'failed') failed++;
      }
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    const rssLoaded = residentMiB(pid).rss;

    // The first search after loading (it pays for any index the engine builds), then every
    // question one request at a time, twice; each search followed by a request to the baseline.
    const search = async (query: string) => {
      const started = performance.now();
      const result = (await call('POST', `${knowledge}/search`, { query, limit: 5 })) as { data: Array<{ document_id: string }> };
      return { ms: performance.now() - started, documents: result.data.map((passage) => owner.get(passage.document_id) ?? passage.document_id) };
    };
    const first = await search(questions[0]!.text);
    const rssFirstSearch = residentMiB(pid).rss;
    const searchSamples: number[] = [];
    const passSamples: number[][] = [[], []];
    const baselineSamples: number[] = [];
    const found: string[][] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < questions.length; i++) {
        const result = await search(questions[i]!.text);
        searchSamples.push(result.ms);
        passSamples[pass]!.push(result.ms);
        if (pass === 0) found.push(result.documents);
        const started = performance.now();
        const response = await fetch(`${helloUri}/body`);
        await response.arrayBuffer();
        baselineSamples.push(performance.now() - started);
      }
    }
    const qualityRows = (documentsOf: (i: number) => string[] | undefined) => {
      const row = (name: string, filter: (question: BenchQuestion) => boolean): QualityRow => {
        let total = 0;
        let top1 = 0;
        let top5 = 0;
        questions.forEach((question, i) => {
          if (!filter(question)) return;
          const got = documentsOf(i);
          if (!got) return;
          total++;
          if (got[0] !== undefined && question.expected.includes(got[0])) top1++;
          if (got.some((key) => question.expected.includes(key))) top5++;
        });
        return { name, questions: total, top1, top5 };
      };
      return [
        row('hand-written', (q) => q.set === 'hand-written'),
        row('templated', (q) => q.set === 'templated'),
        row('… templated from task headings', (q) => q.kind === 'task'),
        row('… templated from API names', (q) => q.kind === 'api'),
        row('… templated from descriptions', (q) => q.kind === 'description'),
      ];
    };
    const searchQuality = qualityRows((i) => found[i]);

    // Chat: a pool of conversations, taken in turn by the load generator.
    const conversations: string[] = [];
    for (let i = 0; i < options.conversations; i += 10) {
      const created = await Promise.all(
        Array.from({ length: Math.min(10, options.conversations - i) }, () => call('POST', `/api/v1/chatbots/${bot.id}/conversations`, {}) as Promise<{ id: string }>),
      );
      conversations.push(...created.map((conversation) => conversation.id));
    }
    const chatJob = (): LoadJob => ({
      url: base,
      connections: options.connections,
      seconds: options.seconds,
      headers,
      chat: { chatbotId: bot.id, conversations, questions: questions.map((question) => question.text) },
    });
    const chat: Array<{ name: string; result: LoadOutput }> = [];
    let fanOut: RealtextResult['webhookFanOut'] = null;
    chat.push({ name: 'default thresholds', result: await load(dir, chatJob()) });
    // The chat benchmark's strict thresholds: Q&A pairs must score 0.9, so nearly every turn
    // answers from the passage search.
    const settings = (await call('GET', `/api/v1/chatbots/${bot.id}/settings`)) as { answer: { min_confidence: number; suggest_confidence: number } };
    await call('PUT', `/api/v1/chatbots/${bot.id}/settings`, { answer: { min_confidence: 0.9, suggest_confidence: 0.9 } });
    chat.push({ name: 'strict thresholds (search-heavy)', result: await load(dir, chatJob()) });
    // Default thresholds again, with every event of every turn delivered to two endpoints: the
    // turns write their deliveries, and the dispatcher posts them while the load goes on.
    const { min_confidence, suggest_confidence } = settings.answer;
    await call('PUT', `/api/v1/chatbots/${bot.id}/settings`, { answer: { min_confidence, suggest_confidence } });
    const receiver = await startReceiver();
    try {
      for (let i = 0; i < 2; i++) await call('POST', '/api/v1/webhooks', { url: `${receiver.url}/endpoint-${i}`, chatbot_id: bot.id, events: ['*'] });
      const before = receiver.received();
      const result = await load(dir, chatJob());
      const duringLoad = receiver.received() - before;
      // Then until the receiver has heard nothing for 3 s (at most 60 s): what the dispatcher still owed.
      const drainStarted = performance.now();
      for (let last = receiver.received(), quiet = performance.now(); performance.now() - quiet < 3_000 && performance.now() - drainStarted < 60_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        if (receiver.received() !== last) [last, quiet] = [receiver.received(), performance.now()];
      }
      fanOut = { result, duringLoad, afterLoad: receiver.received() - before - duringLoad, drainSeconds: (performance.now() - drainStarted) / 1000 };
    } finally {
      await receiver.close();
    }
    const rssAfter = residentMiB(pid);
    const helloResult = await load(dir, { url: `${helloUri}/body`, connections: options.connections, seconds: options.seconds });

    // Quality through the messages route: the first reply to each question at the default
    // thresholds (a Q&A answer's source is the FAQ entry, owned by the document it came from).
    const replies = chat[0]!.result.firstReplies;
    const chatQuality = qualityRows((i) => (replies[i] ? [replies[i]!.document ? (owner.get(replies[i]!.document!) ?? replies[i]!.document!) : ''] : undefined)).map(
      (row) => ({ ...row, top5: NaN }),
    );

    return {
      options,
      corpus: {
        buildSeconds,
        documents: documents.length,
        characters: documents.reduce((sum, document) => sum + document.content.length, 0),
        bytes: documents.reduce((sum, document) => sum + Buffer.byteLength(document.content), 0),
        qaPairs: qa.length,
        packages: new Set(documents.map((document) => document.package)).size,
        markdownFiles: corpus.stats.markdownFiles,
        declarationFiles: corpus.stats.declarationFiles,
        bySource: [...bySource].map(([source, entry]) => ({ source, ...entry })),
      },
      load: { importSeconds, readySeconds, items: listed, ready, failed, chunks, batches },
      rssMiB: { start: rssStart, loaded: rssLoaded, firstSearch: rssFirstSearch, afterChat: rssAfter.rss, peak: rssAfter.peak },
      firstSearchMs: first.ms,
      search: timing(searchSamples),
      searchFirstPass: timing(passSamples[0]!),
      searchSecondPass: timing(passSamples[1]!),
      searchBaseline: timing(baselineSamples),
      quality: { search: searchQuality, chat: chatQuality },
      chat,
      webhookFanOut: fanOut,
      hello: helloResult,
      handMissing: hand.missing,
      loadAverage: { start: loadAtStart, end: loadavg()[0]! },
    };
  } finally {
    await stop(server.child);
    await stop(hello.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A webhook receiver in this process: answers 204 to every POST and counts them. */
async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
