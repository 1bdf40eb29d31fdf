// Analytics at size: 1,000,000 messages over 100,000 conversations and 50 chatbots across 90 days,
// seeded through the repository; the roll-up job over every hour, one hour, a full rebuild; then
// the read routes over real HTTP against a server in its own process, and, as the baseline of the
// same run, a plain scan of the raw records for the same 90 days.
//
// ANALYTICS_COMPARE_WITH=<checkout>: another build (its dist/ built, e.g. a git worktree of the
// commit before) reads the same store too, the two alternated: a before/after on one seed.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ulid } from 'ulid';
import type { WriteOp } from '../core/store/types.js';
import { declareConversations, type ConversationDoc, type MessageDoc } from '../plugins/conversations/collections.js';
import { benchServer } from './harness.js';
import { listeningUri, start, stop } from './processes.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AnalyticsBenchOptions {
  messages: number;
  conversations: number;
  chatbots: number;
  days: number;
  requests: number;
}

export interface Timing {
  p50: number;
  p99: number;
  mean: number;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length };
}

/** A fixed-seed generator, so every run seeds the same records. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

export async function analyticsBenchmark(options: AnalyticsBenchOptions) {
  const bench = await benchServer('analytics', { retention: { events_days: options.days + 30 } });
  const { platform, server } = bench;
  const tenant = { accountId: bench.accountId, mode: 'live' as const };
  const bots: string[] = [];
  for (let i = 0; i < options.chatbots; i++) bots.push(String((await bench.call('POST', '/api/v1/chatbots', { name: `Bot ${i}` })).id));

  // Seed: conversations spread evenly over the days, each with its messages 30 s apart (a visitor
  // message, then a reply); most end, some replies are rated, one in ten brings a lead.
  const seedStarted = performance.now();
  const now = Date.now();
  const startMs = now - options.days * DAY_MS;
  const { conversations, messages } = declareConversations(platform.store);
  const conversationRepo = conversations.forTenant(tenant);
  const messageRepo = messages.forTenant(tenant);
  const events = platform.events.collection.forTenant(tenant);
  const rand = random(42);
  const perConversation = Math.round(options.messages / options.conversations);
  const spacing = (options.days * DAY_MS - HOUR_MS) / options.conversations;
  const questions = ['opening hours', 'shipping abroad', 'return policy', 'price of the plan', 'reset my password', 'talk to a human'];
  let writes: WriteOp[] = [];
  const flush = async () => {
    if (writes.length > 0) await platform.store.commit(writes);
    writes = [];
  };
  for (let c = 0; c < options.conversations; c++) {
    const at = Math.floor(startMs + c * spacing);
    const chatbotId = bots[c % bots.length]!;
    const conversationId = `conv_${ulid(at).toLowerCase()}`;
    let fallback = false;
    let lastAt = at;
    for (let m = 0; m < perConversation; m++) {
      const messageAt = at + m * 30_000;
      lastAt = messageAt;
      const user = m % 2 === 0;
      const isFallback = !user && rand() < 0.15;
      fallback ||= isFallback;
      const rated = !user && rand() < 0.05 ? (rand() < 0.7 ? 'up' : 'down') : null;
      const doc: MessageDoc & { id: string } = {
        id: `msg_${ulid(messageAt).toLowerCase()}`,
        chatbot_id: chatbotId,
        conversation_id: conversationId,
        role: user ? 'user' : 'assistant',
        content: user ? `What about ${questions[Math.floor(rand() * questions.length)]}?` : 'Here is what I found.',
        answer_type: user ? null : isFallback ? 'fallback' : 'qa',
        confidence: user ? null : 0.8,
        sources: [],
        response_time_ms: user ? null : Math.round(50 + rand() * rand() * 3000),
        feedback: rated,
        feedback_comment: null,
        feedback_at: rated ? new Date(messageAt + 60_000).toISOString() : null,
        created_at: new Date(messageAt).toISOString(),
      };
      writes.push(messageRepo.ops.insert(doc));
    }
    const ended = rand() < 0.8 && lastAt + 300_000 < now;
    const endedAt = ended ? new Date(lastAt + 300_000).toISOString() : null;
    const resolution = ended ? (fallback ? 'unresolved' : rand() < 0.1 ? 'escalated' : 'resolved') : null;
    const conversation: ConversationDoc & { id: string } = {
      id: conversationId,
      chatbot_id: chatbotId,
      status: ended ? 'ended' : 'open',
      channel: 'api',
      language: 'en',
      visitor: {},
      metadata: {},
      message_count: perConversation,
      user_message_count: Math.ceil(perConversation / 2),
      resolution,
      resolution_source: ended ? 'auto' : null,
      resolution_at: endedAt,
      ended_reason: ended ? 'inactivity' : null,
      lead_id: null,
      had_fallback: fallback,
      had_negative_feedback: false,
      had_handoff: false,
      lead_requested_at: null,
      close_at: null,
      started_at: new Date(at).toISOString(),
      last_message_at: new Date(lastAt).toISOString(),
      ended_at: endedAt,
      created_at: new Date(at).toISOString(),
      updated_at: new Date(lastAt).toISOString(),
    };
    writes.push(conversationRepo.ops.insert(conversation));
    if (c % 10 === 0) {
      writes.push(
        events.ops.insert({
          id: `evt_${ulid(at + 60_000).toLowerCase()}`,
          type: 'lead.captured',
          chatbot_id: chatbotId,
          created_at: new Date(at + 60_000).toISOString(),
          data: { conversation_id: conversationId },
          dispatch_at: null,
        }),
      );
    }
    if (writes.length >= 5000) await flush();
  }
  await flush();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // The roll-up job catching up with every hour (as after a first start), one hour, a full rebuild.
  const rollup = server.plugins.analytics.rollup;
  await rollup.cursor(tenant);
  const jobStarted = performance.now();
  while ((await rollup.rollUpDue()) > 0);
  const jobSeconds = (performance.now() - jobStarted) / 1000;
  const hours = rollup.rolledUp.length;
  const hourSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const hourMs = Math.floor((startMs + (i + 1) * 15 * DAY_MS) / HOUR_MS) * HOUR_MS;
    const started = performance.now();
    await rollup.rollUpHour(tenant, hourMs);
    hourSamples.push(performance.now() - started);
  }
  const rebuildStarted = performance.now();
  const rebuiltHours = await rollup.rebuild(tenant, startMs, now);
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  const dbFile = path.join(String(platform.config.data_dir), 'bench.sqlite');
  const dataDir = String(platform.config.data_dir);
  await server.stop();

  // The server in its own process; this process sends one request at a time. With another build to
  // compare (ANALYTICS_COMPARE_WITH: a checkout whose dist/ is built), both read the same store,
  // alternated (this, other, this, other), so that their figures share the seed and the machine.
  const from = new Date(Math.floor(startMs / HOUR_MS) * HOUR_MS).toISOString();
  const to = new Date(Math.ceil(now / HOUR_MS) * HOUR_MS).toISOString();
  const serve = { dataDir, dbFile, headers: bench.headers, period: `from=${from}&to=${to}`, chatbotId: bots[0]!, requests: options.requests, days: options.days };
  const other = process.env.ANALYTICS_COMPARE_WITH;
  const rounds: Array<{ build: string; reads: Reads }> = [];
  for (const build of other ? [root, path.resolve(other), root, path.resolve(other)] : [root]) {
    rounds.push({ build: build === root ? 'this build' : path.resolve(other!), reads: await measureReads(build, serve) });
  }
  const reads = rounds[0]!.reads;

  // Baseline: the same 90 days' figures by a plain scan of the raw records (what a read without
  // roll-ups would do), through the repository, once.
  const baselineStarted = performance.now();
  const { openStore } = await import('../app/store.js');
  const store = await openStore(`sqlite:${dbFile}`);
  const scanned = declareConversations(store);
  await store.init();
  let scannedMessages = 0;
  let after: { id: string; value: null } | undefined;
  for (;;) {
    const page = await scanned.messages.forTenant(tenant).list({ filter: { id: { gte: `msg_${ulid(startMs).slice(0, 10).toLowerCase()}` } }, sort: { field: 'id', direction: 'asc' }, limit: 1000, after });
    scannedMessages += page.length;
    if (page.length < 1000) break;
    after = { id: page[page.length - 1]!.id, value: null };
  }
  const baselineMs = performance.now() - baselineStarted;
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });

  return {
    ...options,
    seedSeconds,
    hours,
    jobSeconds,
    hour: timing(hourSamples),
    rebuiltHours,
    rebuildSeconds,
    reads,
    rounds,
    scannedMessages,
    baselineMs,
  };
}

export interface Reads {
  overview: Timing;
  overviewChatbot: Timing;
  timeseries: Timing;
  timeseriesNewYork: Timing;
  trends: Timing;
}

/** The read routes of a server started from the checkout `buildRoot` on the seeded store, one request at a time. */
async function measureReads(
  buildRoot: string,
  serve: { dataDir: string; dbFile: string; headers: Record<string, string>; period: string; chatbotId: string; requests: number; days: number },
): Promise<Reads> {
  const server = start([path.join(buildRoot, 'bin/chatbot-platform.js'), 'serve'], {
    PATH: process.env.PATH!,
    DATA_DIR: serve.dataDir,
    DATABASE_URL: `sqlite:${serve.dbFile}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    EVENT_RETENTION_DAYS: String(serve.days + 30),
  });
  const uri = await listeningUri(server, `server of ${buildRoot}`).catch(async (error: unknown) => {
    await stop(server.child);
    throw error;
  });
  const measure = async (url: string) => {
    const samples: number[] = [];
    for (let i = 0; i < serve.requests + 5; i++) {
      const started = performance.now();
      const response = await fetch(`${uri}${url}`, { headers: serve.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      if (i >= 5) samples.push(performance.now() - started); // the first five warm up
    }
    return timing(samples);
  };
  const period = serve.period;
  try {
    return {
      overview: await measure(`/api/v1/analytics/overview?${period}`),
      overviewChatbot: await measure(`/api/v1/analytics/overview?${period}&chatbot_id=${serve.chatbotId}`),
      timeseries: await measure(`/api/v1/analytics/timeseries?${period}&metric=messages&interval=day`),
      // New York's days are not UTC days: each UTC day is read as its document and its first 5 hours.
      timeseriesNewYork: await measure(`/api/v1/analytics/timeseries?${period}&metric=messages&interval=day&tz=America/New_York`),
      trends: await measure(`/api/v1/analytics/trends?${period}`),
    };
  } finally {
    await stop(server.child); // the next server opens the same store
  }
}
