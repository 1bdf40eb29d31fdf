// A real local webhook receiver: records every request (headers and the exact body bytes) and
// answers as the test tells it to.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Decides each answer (default 200 "ok"); gets the request's index among all received. */
  answer: (request: Received, index: number) => Answer;
  /** Resolves when `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Listens again on the same port after close(). */
  reopen(): Promise<void>;
}

export async function startReceiver(t: Test, port = 0): Promise<Receiver> {
  let server: Server;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    waitFor(count, timeoutMs = 20_000) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the receiver got ${receiver.received.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async reopen() {
      await listen(receiver.port);
    },
  };

  async function listen(onPort: number) {
    server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      const received: Received = { headers: request.headers, body, path: request.url ?? '' };
      const index = receiver.received.push(received) - 1;
      for (const waiter of waiters.filter((w) => receiver.received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = receiver.answer(received, index);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (!response.destroyed) response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
    receiver.port = (server.address() as AddressInfo).port;
    receiver.url = `http://127.0.0.1:${receiver.port}`;
  }

  await listen(port);
  t.teardown(() => (server.listening ? receiver.close() : undefined));
  return receiver;
}
