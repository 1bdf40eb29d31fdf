// The webhook benchmark's server, in its own process: a platform on a fresh SQLite file (the
// dispatcher runs here, as in `serve`), one chatbot and one endpoint at the receiver given as
// argv[2]. It writes events when the parent asks (IPC), as the platform does after a change: each
// event's data carries `t`, the wall-clock time its write started, for the receiver's latency.
//   { burst: n }                  n events, one commit each, as fast as they commit
//   { steady: { rate, seconds } } `rate` events per second, spread over 5 ms ticks
//   { stop: true }                stops the server (the dispatcher drains) and exits
// Answers { ready }, then one { done, writeSeconds, events } per job.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchServer } from './harness.js';

const receiverUrl = process.argv[2]!;
const wallClock = () => performance.timeOrigin + performance.now();

const { platform, accountId, call, close } = await benchServer('webhooks', { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } });
const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench' })) as { id: string };
await call('POST', '/api/v1/webhooks', { url: receiverUrl, chatbot_id: bot.id, events: ['conversation.started'] });
const tenant = { accountId, mode: 'live' as const };
let written = 0;
const publish = (id: string) =>
  platform.events.publish(tenant, { type: 'conversation.started', chatbotId: bot.id, data: { id, t: wallClock() } });

async function burst(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await publish(`burst-${written++}`);
}

/** Events at `rate` per second: every 5 ms, those whose time has come (a late tick catches up). */
async function steady(rate: number, seconds: number): Promise<void> {
  const started = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent++) await publish(`steady-${written++}`);
    await sleep(5);
  }
}

process.on('message', (job: { burst?: number; steady?: { rate: number; seconds: number }; stop?: boolean }) => {
  void (async () => {
    if (job.stop) {
      await close();
      process.exit(0);
    }
    const before = written;
    const started = performance.now();
    if (job.burst) await burst(job.burst);
    if (job.steady) await steady(job.steady.rate, job.steady.seconds);
    process.send!({ done: true, writeSeconds: (performance.now() - started) / 1000, events: written - before });
  })().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  });
});
process.send!({ ready: true });
