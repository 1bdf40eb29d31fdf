// Webhook benchmark: deliveries per second from the outbox to a local receiver (a burst of events),
// and event-to-receiver latency when events come at a steady pace. The baseline, in the same run:
// the same receiver POSTed to directly with got, 16 at a time (the dispatcher's concurrency).
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import got from 'got';
import { benchServer } from './harness.js';

export interface WebhookBenchResult {
  burst: number;
  deliveriesPerSecond: number;
  baselinePostsPerSecond: number;
  paced: number;
  latencyMs: { p50: number; p95: number; max: number };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function webhookBenchmark(options: { burst: number; paced: number; pacedIntervalMs: number }): Promise<WebhookBenchResult> {
  // The receiver notes when each event's payload (keyed by its data.id) first arrives.
  const arrivals = new Map<string, number>();
  let onArrival: () => void = () => undefined;
  const receiver = createHttpServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    // Deliveries carry the event; the baseline's bare POSTs only a webhook-id header.
    const id = String((JSON.parse(body) as { data?: { id?: string } }).data?.id ?? request.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, performance.now());
    response.writeHead(204).end();
    onArrival();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const { platform, accountId, call, close } = await benchServer('webhooks', { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } });
  try {
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench' })) as { id: string };
    await call('POST', '/api/v1/webhooks', { url: receiverUrl, chatbot_id: bot.id, events: ['conversation.started'] });
    const tenant = { accountId, mode: 'live' as const };
    const publish = (id: string) =>
      platform.events.publish(tenant, { type: 'conversation.started', chatbotId: bot.id, data: { id } });
    const allArrived = (count: number) =>
      new Promise<void>((resolve) => {
        onArrival = () => arrivals.size >= count && resolve();
        onArrival();
      });

    // Burst: events written to the outbox as fast as they commit; from the first write to the last arrival.
    const burstStarted = performance.now();
    for (let i = 0; i < options.burst; i++) await publish(`burst-${i}`);
    await allArrived(options.burst);
    const deliveriesPerSecond = options.burst / ((performance.now() - burstStarted) / 1000);

    // Paced: one event per interval; latency from the start of its write to its arrival.
    const written = new Map<string, number>();
    for (let i = 0; i < options.paced; i++) {
      written.set(`paced-${i}`, performance.now());
      await publish(`paced-${i}`);
      await new Promise((resolve) => setTimeout(resolve, options.pacedIntervalMs));
    }
    await allArrived(options.burst + options.paced);
    const latency = [...written].map(([id, at]) => arrivals.get(id)! - at).sort((a, b) => a - b);

    // Baseline: the same receiver, POSTed to directly, 16 at a time.
    const client = got.extend({ retry: { limit: 0 } });
    let sent = 0;
    const baselineStarted = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < options.burst) {
          sent++;
          await client.post(receiverUrl, { body: '{}', headers: { 'webhook-id': `baseline-${sent}` } });
        }
      }),
    );
    const baselinePostsPerSecond = options.burst / ((performance.now() - baselineStarted) / 1000);
    return {
      burst: options.burst,
      deliveriesPerSecond,
      baselinePostsPerSecond,
      paced: options.paced,
      latencyMs: { p50: percentile(latency, 0.5), p95: percentile(latency, 0.95), max: latency[latency.length - 1]! },
    };
  } finally {
    await close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
