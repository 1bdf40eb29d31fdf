// Chat benchmark: visitor messages answered over real HTTP by 50 concurrent connections, with a
// knowledge base of about 10,000 chunks, against a bare hapi "hello" route measured the same way in
// the same run (autocannon drives both, in this process, so they share the machine alike).
import type { AddressInfo } from 'node:net';
import Hapi from '@hapi/hapi';
import autocannon from 'autocannon';
import { benchServer } from './harness.js';
import { random, WORDS } from './knowledge.js';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface ChatWorkload {
  name: string;
  result: LoadResult;
  answerTypes: Record<string, number>;
}

export interface ChatBenchResult {
  chunks: number;
  connections: number;
  seconds: number;
  /** The same messages at the default thresholds, then at strict ones that send most to the search. */
  workloads: ChatWorkload[];
  hello: LoadResult;
}

function summary(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function chatBenchmark(options: { qaPairs: number; documents: number; seconds: number; connections: number }): Promise<ChatBenchResult> {
  const { server, call, headers, close } = await benchServer('chat', { server: { host: '127.0.0.1', port: 0 } });
  const hello = Hapi.server({ host: '127.0.0.1', port: 0 });
  hello.route({ method: 'GET', path: '/hello', handler: () => ({ hello: 'world' }) });
  try {
    await server.start();
    await hello.start();
    const bot = (await call('POST', '/api/v1/chatbots', { name: 'Bench' })) as { id: string };
    const next = random(7);
    const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
    const sentence = (length: number) => `${Array.from({ length }, word).join(' ')}.`;
    for (let start = 0; start < options.qaPairs; start += 1000) {
      const items = Array.from({ length: Math.min(1000, options.qaPairs - start) }, () => ({
        type: 'qa',
        question: `How do I ${word()} my ${word()} ${word()}?`,
        answer: sentence(20),
      }));
      await call('POST', `/api/v1/chatbots/${bot.id}/knowledge/import`, { items });
    }
    for (let start = 0; start < options.documents; start += 100) {
      const items = Array.from({ length: Math.min(100, options.documents - start) }, (_, i) => ({
        type: 'document',
        format: 'markdown',
        title: `Guide ${start + i}`,
        content: Array.from({ length: 3 }, () => `## ${sentence(3)}\n\n${Array.from({ length: 10 }, () => sentence(12)).join(' ')}`).join('\n\n'),
      }));
      await call('POST', `/api/v1/chatbots/${bot.id}/knowledge/import`, { items });
    }
    await server.plugins.knowledge.worker.drain();
    const exported = await server.inject({ method: 'GET', url: `/api/v1/chatbots/${bot.id}/knowledge/export`, headers });
    const chunks = exported.payload
      .trimEnd()
      .split('\n')
      .reduce((sum, line) => sum + (JSON.parse(line) as { chunk_count: number }).chunk_count, 0);

    // Requests take conversations in turn from a pool 20 times the connections, so two turns of one
    // conversation rarely overlap (when they do, the second retries on the conversation's version).
    const conversations: string[] = [];
    for (let i = 0; i < options.connections * 20; i++) {
      conversations.push(((await call('POST', `/api/v1/chatbots/${bot.id}/conversations`, {})) as { id: string }).id);
    }
    const chatUrl = `http://127.0.0.1:${(server.listener.address() as AddressInfo).port}`;
    let turn = 0;
    const question = () =>
      next() < 0.5 ? `How do I ${word()} my ${word()} ${word()}?` : Array.from({ length: 2 + Math.floor(next() * 4) }, word).join(' ');
    const load = async (name: string): Promise<ChatWorkload> => {
      const answerTypes: Record<string, number> = {};
      const result = await autocannon({
        url: chatUrl,
        connections: options.connections,
        duration: options.seconds,
        requests: [
          {
            method: 'POST',
            headers,
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1/chatbots/${bot.id}/conversations/${conversations[turn++ % conversations.length]}/messages`,
              body: JSON.stringify({ content: question() }),
            }),
            onResponse: (status, body) => {
              if (status !== 201) return;
              // A turn in a conversation handed to a person has no bot reply (reply: null): counted, not read.
              const reply = (JSON.parse(body) as { reply: { answer_type: string } | null }).reply;
              const type = reply ? reply.answer_type : 'no reply (handed off)';
              answerTypes[type] = (answerTypes[type] ?? 0) + 1;
            },
          },
        ],
      });
      return { name, result: summary(result), answerTypes };
    };

    const workloads = [await load('default thresholds')];
    // The synthetic pairs cover the whole small vocabulary, so at the default thresholds most
    // messages are Q&A matches; strict thresholds send most of them through the passage search.
    await call('PUT', `/api/v1/chatbots/${bot.id}/settings`, { answer: { min_confidence: 0.9, suggest_confidence: 0.9 } });
    workloads.push(await load('strict thresholds (search-heavy)'));
    const helloResult = await autocannon({
      url: `http://127.0.0.1:${(hello.listener.address() as AddressInfo).port}/hello`,
      connections: options.connections,
      duration: options.seconds,
    });
    return {
      chunks,
      connections: options.connections,
      seconds: options.seconds,
      workloads,
      hello: summary(helloResult),
    };
  } finally {
    await hello.stop();
    await close();
  }
}
