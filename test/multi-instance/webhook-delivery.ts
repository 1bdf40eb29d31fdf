// Webhook delivery across real server processes and a real receiver: a server killed with SIGKILL
// in the middle of its deliveries and started again still delivers every event (duplicates only
// for what was in flight), and two servers on one store deliver each event once. The scenarios
// run per store from webhook-delivery-*.test.ts (one file each, for tap's per-file time limit).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/chatbot-platform.js');

interface Setup {
  env: Record<string, string>;
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
  return { env, liveKey: (JSON.parse(stdout) as { live_key: string }).live_key };
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(t: Test, setup: Setup): Promise<Server> {
  const child = spawn(process.execPath, [bin, 'serve'], { env: { ...setup.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, cwd: root });
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
  return { url, child };
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
  const sentByKilled = uniqueIds(receiver).size;
  t.ok(atKill < events, `killed with ${atKill} of ${events} delivered`);

  server = await startServer(t, setup);
  await until(() => uniqueIds(receiver).size >= events, 90_000, `all ${events} events after the restart`);
  // Deliveries in flight at the kill are sent again once their lease ends: wait for the log to settle.
  await settled(server, setup.liveKey, hook.id);
  const duplicates = receiver.received.length - uniqueIds(receiver).size;
  t.equal(uniqueIds(receiver).size, events, 'every event delivered');
  // Only what the killed process had sent can be sent again: the deliveries in flight (16 to one
  // endpoint) and those answered whose outcome still waited for its batched commit (at most 128,
  // plugins/webhooks/outcomes.ts). The bound was 32 before outcomes were batched.
  const bound = Math.min(sentByKilled, 16 + 128);
  t.ok(duplicates <= bound, `${duplicates} duplicates: at most ${bound}, what the killed process had sent and not yet recorded`);
  t.comment(`${atKill} of ${events} delivered before SIGKILL; all after the restart; ${duplicates} sent twice`);
}

export async function twoServersScenario(t: Test, databaseUrl: string, events: number): Promise<void> {
  const setup = await prepare(t, databaseUrl);
  const receiver = await startReceiver(t);
  const servers = [await startServer(t, setup), await startServer(t, setup)];
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
  t.equal(receiver.received.length, events, 'no event delivered twice');
}
