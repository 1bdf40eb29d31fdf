// Webhook delivery across real server processes and a real receiver: a server killed with SIGKILL
// in the middle of its deliveries and started again still delivers every event (sent twice: exactly
// those the killed one had sent and not yet recorded, within what its dispatcher can hold in
// flight), and two servers on one store deliver each event once. The scenarios
// run per store from webhook-delivery-*.test.ts (one file each, for tap's per-file time limit).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { defaultConfig } from '../../config/defaults.js';
import { openStore } from '../../app/store.js';
import { FLUSH_BATCH } from '../../plugins/webhooks/outcomes.js';
import { declareWebhooks } from '../../plugins/webhooks/collections.js';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/chatbot-platform.js');

interface Setup {
  env: Record<string, string>;
  accountId: string;
  liveKey: string;
}

async function prepare(t: Test, databaseUrl: string): Promise<Setup> {
  const { dir, remove } = temporaryDirectory('cbp-webhooks-');
  t.teardown(remove);
  const env = {
    PATH: process.env.PATH!,
    ...childCoverageEnv(),
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
    WEBHOOK_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [bin, 'accounts', 'create', '--name', 'Hooks', '--plan', 'enterprise', '--json'], { env, cwd: root });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`accounts create exited ${code}`);
  const created = JSON.parse(stdout) as { account_id: string; live_key: string };
  return { env, accountId: created.account_id, liveKey: created.live_key };
}

/** A 20 s timeout, so 25 s leases (timeout + 5 s): long past any starved event loop here. */
const LONG_LEASE = { WEBHOOK_TIMEOUT_MS: '20000' };

/** The servers' own "leases ran out" warnings, for a failure message: why an event went out twice. */
function leaseWarnings(servers: Server[]): string {
  const lines = servers.flatMap((server) => server.output().split('\n').filter((line) => line.includes('leases ran out')));
  return lines.length ? `; the servers lost leases: ${lines.join(' ')}` : '';
}

interface Server {
  url: string;
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output: () => string;
}

async function startServer(t: Test, setup: Setup, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [bin, 'serve'], { env: { ...setup.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, cwd: root });
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (exitCode) => reject(new Error(`server exited with ${exitCode}: ${output}`)));
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { url, child, output: () => output };
}

async function call(server: Server, key: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Starts `count` conversations (one conversation.started event each), `parallel` at a time, over the servers in turn. */
async function startConversations(servers: Server[], key: string, chatbotId: string, count: number, parallel = 10) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        await call(servers[index % servers.length]!, key, 'POST', `/api/v1/chatbots/${chatbotId}/conversations`, {});
      }
    }),
  );
}

const uniqueIds = (receiver: Receiver) => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves when the endpoint's delivery log, read through the API, holds nothing pending. */
async function settled(server: Server, key: string, webhookId: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const page = (await call(server, key, 'GET', `/api/v1/webhooks/${webhookId}/deliveries?status=pending&limit=1`)) as { data: unknown[] };
    if (page.data.length === 0) return;
    if (Date.now() - started > 60_000) throw new Error('deliveries still pending after a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Of the events `sent`, those whose delivery the store does not hold as succeeded: read straight
 * from the store while no server runs, so exactly what a dead dispatcher left unrecorded.
 */
async function unrecordedOf(databaseUrl: string, accountId: string, webhookId: string, sent: Set<string>): Promise<string[]> {
  const store = await openStore(databaseUrl);
  try {
    const { deliveries } = declareWebhooks(store);
    await store.init();
    const open = await deliveries.forTenant({ accountId, mode: 'live' }).list({ filter: { webhook_id: webhookId, status: { ne: 'succeeded' } }, limit: 100_000 });
    return open.map((delivery) => delivery.event_id).filter((eventId) => sent.has(eventId));
  } finally {
    await store.close();
  }
}

/**
 * What a SIGKILLed dispatcher can have sent without recording it, all to one endpoint: the sends in
 * flight (its per-endpoint slots: a delivery waiting for a slot was claimed but not sent), and the
 * answered sends whose outcomes wait for their batched commit (plugins/webhooks/outcomes.ts: one
 * batch of at most FLUSH_BATCH). Claimed deliveries beyond those were never sent, so never twice.
 * This assumes the store commits a batch of outcomes before the slots have answered another batch
 * (128 answers, 8 rounds of 16 at the receiver's 40 ms here); the run's unrecorded count shows it.
 */
const DUPLICATE_BOUND = defaultConfig().webhooks.concurrency_per_endpoint + FLUSH_BATCH;

export async function crashScenario(t: Test, databaseUrl: string, events: number): Promise<void> {
  const setup = await prepare(t, databaseUrl);
  const receiver = await startReceiver(t);
  // Slow enough that the kill lands mid-way: 16 deliveries at a time, 40 ms each.
  receiver.answer = () => ({ status: 200, delayMs: 40 });
  let server = await startServer(t, setup);
  const bot = (await call(server, setup.liveKey, 'POST', '/api/v1/chatbots', { name: 'Busy' })) as { id: string };
  const hook = (await call(server, setup.liveKey, 'POST', '/api/v1/webhooks', {
    url: receiver.url,
    chatbot_id: bot.id,
    events: ['conversation.started'],
  })) as { id: string };

  await startConversations([server], setup.liveKey, bot.id, events);
  await until(() => uniqueIds(receiver).size >= events * 0.3, 90_000, `${events * 0.3} deliveries`);
  const atKill = uniqueIds(receiver).size;
  server.child.kill('SIGKILL');
  await once(server.child, 'exit');
  t.equal(server.child.signalCode, 'SIGKILL', 'the server died of the SIGKILL');
  t.ok(atKill < events, `killed with ${atKill} of ${events} delivered`);
  const sentBeforeRestart = new Set(uniqueIds(receiver));
  const unrecorded = await unrecordedOf(databaseUrl, setup.accountId, hook.id, sentBeforeRestart);
  const sentAtRestart = receiver.received.length;
  t.ok(unrecorded.length > 0, `the kill interrupted deliveries: ${unrecorded.length} sent and not recorded`);

  // The killed server's claims keep their 7 s leases (stored when it claimed), so what it had in
  // flight is claimed again soon; the restarted server claims with 25 s leases, so that on a busy
  // machine it does not outlive its own leases and send an event twice by itself (at least once by
  // design; seen once on FerretDB while other tests loaded the machine), which is not what this
  // test is about.
  server = await startServer(t, setup, LONG_LEASE);
  await until(() => uniqueIds(receiver).size >= events, 90_000, `all ${events} events after the restart`);
  // Deliveries in flight at the kill are sent again once their lease ends: wait for the log to settle.
  await settled(server, setup.liveKey, hook.id);
  const duplicates = receiver.received.length - uniqueIds(receiver).size;
  t.equal(uniqueIds(receiver).size, events, 'every event delivered');
  // Sent again because of the crash: sent before the restart and again after it. (A server whose
  // event loop is starved past a lease can send one again by itself; twoServersScenario covers that.)
  const beforeRestart = new Set(receiver.received.slice(0, sentAtRestart).map((request) => String(request.headers['webhook-id'])));
  const afterRestart = receiver.received.slice(sentAtRestart).map((request) => String(request.headers['webhook-id']));
  const sentAgain = afterRestart.filter((id) => beforeRestart.has(id));
  t.equal(new Set(sentAgain).size, sentAgain.length, `none sent again twice after the restart${leaseWarnings([server])}`);
  t.same([...sentAgain].sort(), [...unrecorded].sort(), 'sent again: exactly those the killed server had sent and not recorded');
  t.ok(duplicates <= DUPLICATE_BOUND, `${duplicates} duplicates: at most ${DUPLICATE_BOUND}, per-endpoint slots in flight + one batch of outcomes (concurrency_per_endpoint + FLUSH_BATCH)`);
  t.comment(`${atKill} of ${events} delivered before SIGKILL; all after the restart; ${duplicates} sent twice`);
}

export async function twoServersScenario(t: Test, databaseUrl: string, events: number): Promise<void> {
  const setup = await prepare(t, databaseUrl);
  const receiver = await startReceiver(t);
  // Exactly once holds while no lease runs out: a delivery whose outcome is written after its lease
  // ended is sent again by whoever claims it next (at least once, by design; the conformance suite
  // pins that an owner cannot finish after its lease). With the 2 s timeout of the other scenarios
  // the lease is 7 s, and two coverage-measured servers on FerretDB on a busy 2-core machine have
  // written a batch of outcomes later than that (8 of 100 sent twice in one run). A 20 s timeout
  // (25 s leases) keeps this test about two servers racing, not about a starved event loop; the
  // servers' own "leases ran out" warnings are printed if it fails all the same.
  const servers = [await startServer(t, setup, LONG_LEASE), await startServer(t, setup, LONG_LEASE)];
  const bot = (await call(servers[0]!, setup.liveKey, 'POST', '/api/v1/chatbots', { name: 'Shared' })) as { id: string };
  const hook = (await call(servers[1]!, setup.liveKey, 'POST', '/api/v1/webhooks', {
    url: receiver.url,
    chatbot_id: bot.id,
    events: ['conversation.started'],
  })) as { id: string };
  await startConversations(servers, setup.liveKey, bot.id, events);
  await until(() => uniqueIds(receiver).size >= events, 90_000, `${events} deliveries`);
  // Once the log holds nothing pending, no instance sends anything more: a double send would be in.
  await settled(servers[0]!, setup.liveKey, hook.id);
  t.equal(uniqueIds(receiver).size, events);
  t.equal(receiver.received.length, events, `no event delivered twice${leaseWarnings(servers)}`);
}
