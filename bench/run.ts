// `npm run bench`: runs the benchmarks and prints their numbers with the machine they ran on, as
// a Markdown block to paste into bench/RESULTS.md. Times are never asserted; ratios against a
// baseline from the same run are what compare across machines.
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { analyticsBenchmark, type Reads } from './analytics.js';
import { chatBenchmark } from './chat.js';
import { knowledgeBenchmark } from './knowledge.js';
import { readpathBenchmark } from './readpath.js';
import { realtextBenchmark } from './realtext.js';
import { median, startupBenchmark } from './startup.js';
import { webhookBenchmark } from './webhooks.js';

const quick = process.argv.includes('--quick');
/** `--only=chat`, `--only=knowledge`, `--only=webhooks`, `--only=analytics`, `--only=realtext`, `--only=readpath`, `--only=startup` or `--only=attachments` runs one benchmark. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

if (!only || only === 'knowledge') await runKnowledge();
if (!only || only === 'chat') await runChat();
if (!only || only === 'webhooks') await runWebhooks();
if (!only || only === 'analytics') await runAnalytics();
if (!only || only === 'realtext') await runRealtext();
if (!only || only === 'readpath') await runReadpath();
if (!only || only === 'startup') await runStartup();
if (!only || only === 'attachments') runAttachments();

/** bench/attachments.ts in its own process (it opens its own stores); it prints its own table. */
function runAttachments() {
  const run = spawnSync('npx', ['tsx', 'bench/attachments.ts', quick ? '--runs=3' : '--runs=7'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) process.stdout.write(`\nbench/attachments.ts failed (exit ${run.status})\n`);
}

async function runStartup() {
  const result = await startupBenchmark(quick ? { runs: 3, idleSeconds: 25 } : { runs: 7, idleSeconds: 30 });
  const [baseline] = result.variants;
  const rows = result.variants.map((variant) => {
    const ready = median(variant.readyMs);
    const range = `${Math.min(...variant.readyMs).toFixed(0)}–${Math.max(...variant.readyMs).toFixed(0)}`;
    return `| ${variant.name} | ${ready.toFixed(0)} ms (${range}) | ×${(ready / median(baseline!.readyMs)).toFixed(1)} | ${median(variant.rssMb).toFixed(0)} MB | ${variant.idleRssMb.toFixed(0)} MB |`;
  });
  process.stdout.write(`
### Start-up and memory${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}. Medians of ${result.runs} starts on a fresh SQLite file; "ready" is from spawning the process to its "listening" line; memory is resident (VmRSS), 3 s after listening and after ${result.idleSeconds} s without requests (one start).

| how it runs | ready (min–max) | ÷ bare hapi | RSS at 3 s | RSS idle |
|---|---|---|---|---|
${rows.join('\n')}
`);
}

async function runKnowledge() {
  const knowledge = await knowledgeBenchmark(
    quick ? { qaPairs: 1000, documents: 100, searches: 200 } : { qaPairs: 10_000, documents: 1000, searches: 1000 },
  );

  process.stdout.write(`### Knowledge base (SQLite)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.

| measure | value |
|---|---|
| ${knowledge.qaOnly.qaPairs} Q&A pairs alone, fresh server (import API, 1,000 per call) | all ready ${knowledge.qaOnly.readySeconds.toFixed(2)} s after the first import call (import calls ${knowledge.qaOnly.importSeconds.toFixed(2)} s); search finds the first pair: ${knowledge.qaOnly.searchFoundPair ? 'yes' : 'NO'} |
| imported | ${knowledge.qaPairs} Q&A pairs + ${knowledge.documents} documents in ${knowledge.importSeconds.toFixed(1)} s (import API, 1,000 / 100 per call) |
| all ready (import and processing overlap) | ${knowledge.chunks} chunks, ${knowledge.processSeconds.toFixed(1)} s after the first import call (${knowledge.itemsPerSecondProcessed.toFixed(0)} items/s, one worker) |
| search, ${knowledge.searches} queries of 2 to 5 words | p50 ${ms(knowledge.searchMs.p50)}, p99 ${ms(knowledge.searchMs.p99)}, mean ${ms(knowledge.searchMs.mean)} |
| baseline: GET /chatbots/{id}, same run | p50 ${ms(knowledge.baselineGetMs.p50)}, p99 ${ms(knowledge.baselineGetMs.p99)} |
| search ÷ baseline | p50 ×${knowledge.ratioP50.toFixed(1)}, p99 ×${knowledge.ratioP99.toFixed(1)} |
`);
}

async function runChat() {
  const chat = await chatBenchmark(
    quick ? { qaPairs: 1000, documents: 100, seconds: 5, connections: 50 } : { qaPairs: 6000, documents: 1000, seconds: 30, connections: 50 },
  );
  const rows = chat.workloads.map(({ name, result, answerTypes }) => {
    const types = Object.entries(answerTypes)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ');
    return `| chat turns, ${name} | ${result.requestsPerSecond.toFixed(1)} turns/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; ${result.requests} turns (${types}), ${result.non2xx} non-2xx, ${result.errors} errors or timeouts |
| … ÷ baseline | throughput ×${(result.requestsPerSecond / chat.hello.requestsPerSecond).toFixed(4)}, p50 ×${(result.p50 / Math.max(chat.hello.p50, 0.01)).toFixed(1)} |`;
  });
  process.stdout.write(`
### Chat turns (SQLite, real HTTP)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.

| measure | value |
|---|---|
| knowledge base | ${chat.chunks} chunks |
| load | ${chat.connections} connections for ${chat.seconds} s per workload, turns spread over ${chat.connections * 20} conversations (autocannon, same process) |
${rows.join('\n')}
| baseline: bare hapi GET /hello, same run | ${chat.hello.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(chat.hello.p50)}, p99 ${ms(chat.hello.p99)} |
`);
}

async function runWebhooks() {
  const hooks = await webhookBenchmark(
    quick
      ? { burst: 1000, steady: [{ rate: 50, seconds: 4 }, { rate: 500, seconds: 4 }] }
      : { burst: 5000, steady: [{ rate: 50, seconds: 10 }, { rate: 500, seconds: 10 }] },
  );
  const steadyRows = hooks.steady.map(
    ({ rate, seconds, latencyMs: l }) =>
      `| steady: ${rate} events/s for ${seconds} s (${l.events} events): event write → arrival | p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, max ${ms(l.max)} |`,
  );
  process.stdout.write(`
### Webhook deliveries (SQLite, local receiver; server, receiver and baseline in their own processes)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}. Load average (1 min) ${hooks.loadAverage.start.toFixed(2)} at the start, ${hooks.loadAverage.end.toFixed(2)} at the end.

| measure | value |
|---|---|
| server | ${hooks.serverRun === 'build' ? 'bundled as npm run build bundles it (no tsx)' : 'the TypeScript sources through tsx'} |
| burst: ${hooks.burst} events written to the outbox (in ${hooks.burstWriteSeconds.toFixed(2)} s), until the last arrives | ${hooks.deliveriesPerSecond.toFixed(0)} deliveries/s (signed, logged) |
| server CPU per delivery over the burst (user + system, /proc; the event's write included) | ${hooks.serverCpuMicrosPerDelivery.toFixed(0)} µs |
| baseline: the same receiver POSTed to directly with got, 16 at a time, keep-alive | ${hooks.baselinePostsPerSecond.toFixed(0)} POSTs/s, ${hooks.baselineCpuMicrosPerPost.toFixed(0)} µs CPU per POST |
| deliveries ÷ baseline | ×${(hooks.deliveriesPerSecond / hooks.baselinePostsPerSecond).toFixed(3)} (throughput), ×${(hooks.baselineCpuMicrosPerPost / hooks.serverCpuMicrosPerDelivery).toFixed(3)} (CPU per item) |
${steadyRows.join('\n')}
`);
}

async function runAnalytics() {
  const a = await analyticsBenchmark(
    quick
      ? { messages: 50_000, conversations: 5000, chatbots: 50, days: 90, requests: 100 }
      : { messages: 1_000_000, conversations: 100_000, chatbots: 50, days: 90, requests: 200 },
  );
  const row = (name: string, t: { p50: number; p99: number; mean: number }) =>
    `| ${name} | p50 ${ms(t.p50)}, p99 ${ms(t.p99)}, mean ${ms(t.mean)}; ÷ baseline ×${(t.p99 / a.baselineMs).toFixed(5)} (p99) |`;
  process.stdout.write(`
### Analytics (SQLite, real HTTP, server in its own process)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.

| measure | value |
|---|---|
| seeded through the repository | ${a.messages.toLocaleString('en')} messages, ${a.conversations.toLocaleString('en')} conversations, ${a.chatbots} chatbots, ${a.days} days, ${(a.conversations / 10).toLocaleString('en')} lead events, in ${a.seedSeconds.toFixed(0)} s |
| roll-up job catching up with every hour (claims of 24 hours; each day summed once its hours are) | ${a.hours} hours in ${a.jobSeconds.toFixed(1)} s |
| roll-up of one hour (5 hours mid-range) | p50 ${ms(a.hour.p50)}, max ${ms(a.hour.p99)} |
| full rebuild (hours, then their days) | ${a.rebuiltHours} hours in ${a.rebuildSeconds.toFixed(1)} s |
${row(`overview, ${a.days} days, all chatbots (${a.requests} requests, one at a time)`, a.reads.overview)}
${row(`overview, ${a.days} days, one chatbot`, a.reads.overviewChatbot)}
${row(`timeseries, ${a.days} days, daily (UTC: whole days from day buckets)`, a.reads.timeseries)}
${row(`timeseries, ${a.days} days, daily in America/New_York (each UTC day: its document and its first 5 hours)`, a.reads.timeseriesNewYork)}
${row(`trends, ${a.days} days and the ${a.days} before`, a.reads.trends)}
| baseline: plain scan of the raw messages of the ${a.days} days through the repository, same run | ${a.scannedMessages.toLocaleString('en')} messages in ${ms(a.baselineMs)} |
${analyticsComparison(a.rounds)}`);
}

/** With ANALYTICS_COMPARE_WITH: each read's p50 / p99 for both builds, their rounds alternated on the same store. */
function analyticsComparison(rounds: Array<{ build: string; reads: Reads }>): string {
  if (rounds.length < 2) return '';
  const builds = [...new Set(rounds.map((round) => round.build))];
  const names: Array<[keyof Reads, string]> = [
    ['overview', 'overview, all chatbots'],
    ['overviewChatbot', 'overview, one chatbot'],
    ['timeseries', 'timeseries, daily UTC'],
    ['timeseriesNewYork', 'timeseries, daily in America/New_York'],
    ['trends', 'trends'],
  ];
  const cell = (build: string, read: keyof Reads) =>
    rounds
      .filter((round) => round.build === build)
      .map((round) => `${ms(round.reads[read].p50)} / ${ms(round.reads[read].p99)}`)
      .join('; ');
  return `
The same store read by both builds, alternated (${rounds.map((round) => round.build).join(', ')}); p50 / p99 of each round:

| read | ${builds.join(' | ')} |
|---|${builds.map(() => '---|').join('')}
${names.map(([read, name]) => `| ${name} | ${builds.map((build) => cell(build, read)).join(' | ')} |`).join('\n')}
`;
}

async function runRealtext() {
  const r = await realtextBenchmark(
    quick
      ? { quick: true, seconds: 5, connections: 50, conversations: 1000, templated: 60 }
      : { quick: false, seconds: 30, connections: 50, conversations: 1000, templated: 200 },
  );
  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  const pct = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
  const sources = r.corpus.bySource.map(({ source, documents, bytes }) => `${source} ${documents} (${(bytes / 1e6).toFixed(2)} MB)`).join(', ');
  const quality = (rows: typeof r.quality.search, top5: boolean) =>
    rows
      .map(
        (row) =>
          `| ${row.name} | ${row.questions} | ${row.top1} (${pct(row.top1, row.questions)}) |${top5 ? ` ${row.top5} (${pct(row.top5, row.questions)}) |` : ''}`,
      )
      .join('\n');
  const runs = r.webhookFanOut ? [...r.chat, { name: 'default thresholds, every event to 2 webhook endpoints', result: r.webhookFanOut.result }] : r.chat;
  const chatRows = runs.map(({ name, result }) => {
    const types = Object.entries(result.answerTypes)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ');
    return `| chat turns, ${name} | ${result.requestsPerSecond.toFixed(1)} turns/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}; ${result.requests} turns (${types}), ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} of them autocannon's 10 s timeouts) |
| … ÷ baseline | throughput ×${(result.requestsPerSecond / r.hello.requestsPerSecond).toFixed(4)}, p50 ×${(result.p50 / Math.max(r.hello.p50, 0.01)).toFixed(1)}, p99 ×${(result.p99 / Math.max(r.hello.p99, 0.01)).toFixed(1)} |`;
  });
  process.stdout.write(`
### Real text: chat and knowledge search (SQLite, real HTTP, server, load and baseline in their own processes)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}. Load average (1 min) ${r.loadAverage.start.toFixed(2)} at the start, ${r.loadAverage.end.toFixed(2)} at the end.

| measure | value |
|---|---|
| corpus (node_modules documentation at the lock file's versions${quick ? ', quick slice: the hand-written questions’ documents and one in eight of the rest' : ''}) | ${r.corpus.documents.toLocaleString('en')} documents, ${(r.corpus.bytes / 1e6).toFixed(2)} MB, from ${r.corpus.packages} packages (${r.corpus.markdownFiles} Markdown files, ${r.corpus.declarationFiles} declaration files read); ${sources}; + ${r.corpus.qaPairs} FAQ entries as Q&A pairs; built in ${r.corpus.buildSeconds.toFixed(1)} s |
| loaded through the API | ${r.load.items.toLocaleString('en')} items in ${r.load.batches} import calls (${r.load.importSeconds.toFixed(1)} s); all processed ${r.load.readySeconds.toFixed(1)} s after the first call: ${r.load.ready} ready, ${r.load.failed} failed, **${r.load.chunks.toLocaleString('en')} chunks** |
| server RSS | before loading ${mib(r.rssMiB.start)}, after loading ${mib(r.rssMiB.loaded)}, after the first search ${mib(r.rssMiB.firstSearch)}, after the chat loads ${mib(r.rssMiB.afterChat)} (peak ${mib(r.rssMiB.peak)}) |
| first search after loading (includes any index build) | ${ms(r.firstSearchMs)} |
| search alone, ${r.search.samples} queries (the ${r.search.samples / 2} questions twice), one at a time | p50 ${ms(r.search.p50)}, p99 ${ms(r.search.p99)}, mean ${ms(r.search.mean)}, max ${ms(r.search.max)} |
| … first pass (each question new: ranked) | p50 ${ms(r.searchFirstPass.p50)}, p99 ${ms(r.searchFirstPass.p99)}, mean ${ms(r.searchFirstPass.mean)}, max ${ms(r.searchFirstPass.max)} |
| … second pass (each ranking kept by the index) | p50 ${ms(r.searchSecondPass.p50)}, p99 ${ms(r.searchSecondPass.p99)}, mean ${ms(r.searchSecondPass.mean)}, max ${ms(r.searchSecondPass.max)} |
| baseline: bare hapi GET /hello after each search, same run | p50 ${ms(r.searchBaseline.p50)}, p99 ${ms(r.searchBaseline.p99)} |
| search ÷ baseline | p50 ×${(r.search.p50 / r.searchBaseline.p50).toFixed(1)}, p99 ×${(r.search.p99 / r.searchBaseline.p99).toFixed(1)} |
| load | ${r.options.connections} connections for ${r.options.seconds} s per workload, the questions in turn, turns spread over ${r.options.conversations.toLocaleString('en')} conversations (autocannon in a child process) |
${chatRows.join('\n')}
${
  r.webhookFanOut
    ? `| … webhook deliveries | ${r.webhookFanOut.duringLoad} received during the load, ${r.webhookFanOut.afterLoad} after it (in ${r.webhookFanOut.drainSeconds.toFixed(1)} s); turns/s ÷ the default-threshold run without webhooks ×${(r.webhookFanOut.result.requestsPerSecond / r.chat[0]!.result.requestsPerSecond).toFixed(3)} |\n`
    : ''
}| baseline: bare hapi GET /hello, same run, same load | ${r.hello.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(r.hello.p50)}, p99 ${ms(r.hello.p99)} |

Quality, search route (\`POST …/knowledge/search\`, limit 5): is the first passage's document one the question expects?

| questions | n | first source right | expected in top 5 |
|---|---|---|---|
${quality(r.quality.search, true)}

Quality, messages route (the first reply to each question in the default-threshold load; a fallback has no source):

| questions | n | first source right |
|---|---|---|
${quality(r.quality.chat, false)}
${r.handMissing.length > 0 ? `\nHand-written questions left out (expected document not in the corpus): ${r.handMissing.length}.\n` : ''}`);
}

async function runReadpath() {
  const r = await readpathBenchmark(quick ? { seconds: 4, warmupSeconds: 1, connections: 50 } : { seconds: 10, warmupSeconds: 3, connections: 50 });
  const baselineOf = (row: (typeof r.rows)[number]) => (row.baseline === 'get' ? r.bareGet : r.barePost);
  const statuses = (codes: Record<string, number>) =>
    Object.entries(codes)
      .map(([code, count]) => `${code} ×${count}`)
      .join(', ');
  const cpu = (micros: number) => `${micros.toFixed(0)} µs`;
  const rows = r.rows.map((row) => {
    const { result } = row;
    const baseline = baselineOf(row);
    return `| ${row.name} | ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; ${statuses(result.statusCodes)}, ${result.errors} errors; server CPU ${cpu(result.cpuMicrosPerRequest)} a request | **×${(result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}** of bare hapi ${row.baseline.toUpperCase()}; CPU a request ×${(result.cpuMicrosPerRequest / baseline.cpuMicrosPerRequest).toFixed(1)} |`;
  });
  process.stdout.write(`
### Keyed read path: API-key requests against bare hapi (SQLite, real HTTP, server, load and baseline in their own processes)${quick ? ' — quick run' : ''}

Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}. Load average (1 min) ${r.loadAverage.start.toFixed(2)} at the start, ${r.loadAverage.end.toFixed(2)} at the end.
Server: \`${r.serverCommand}\`, log level info (${r.logLines.toLocaleString('en')} access log lines written to a file). Load: autocannon, ${r.options.connections} connections, ${r.options.seconds} s per run after ${r.options.warmupSeconds} s of warm-up on each server.

| run | result | ÷ baseline (throughput; server CPU a request) |
|---|---|---|
| baseline: bare hapi GET returning the keyed GET's ${r.bodyBytes}-byte body, same run | ${r.bareGet.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(r.bareGet.p50)}, p99 ${ms(r.bareGet.p99)}; server CPU ${cpu(r.bareGet.cpuMicrosPerRequest)} a request | ×1 |
| baseline: bare hapi POST echoing a small JSON body, same run | ${r.barePost.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(r.barePost.p50)}, p99 ${ms(r.barePost.p99)}; server CPU ${cpu(r.barePost.cpuMicrosPerRequest)} a request | ×1 |
${rows.join('\n')}
`);
}
