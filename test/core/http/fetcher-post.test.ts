// store-independent: it opens no store (the SQLite pass runs it once).
// Fetcher.post, the webhook delivery path (node:http on the guarded keep-alive agents), on real
// loopback servers: what is sent, redirects answered rather than followed, the timeout, the cut-off
// of a large answer, a hang-up mid-answer, connections reused and bounded per origin, TLS verified.
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { Fetcher } from '../../../core/http/fetcher.js';
import { failure } from '../../helpers/fetch-failure.js';

const LIMITS = { timeout_ms: 2000, max_bytes: 1024 * 1024, max_redirects: 3, user_agent: 'post-test' };
const LOOPBACK = ['127.0.0.1/32'];

function fetcher(maxSocketsPerOrigin?: number) {
  return new Fetcher({ allowedCidrs: LOOPBACK, egressCidrs: [], limits: LIMITS, maxSocketsPerOrigin });
}

const post = (target: Fetcher, url: string, extra: { timeoutMs?: number; excerptBytes?: number; body?: string } = {}) =>
  target.post(url, { body: extra.body ?? '{"hello":"world"}', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, timeoutMs: extra.timeoutMs ?? 2000, excerptBytes: extra.excerptBytes ?? 100 });

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  remotePort: number;
}

/** A loopback receiver answering with `handler`; records every request and counts connections. */
async function receiver(t: Test, handler: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push({ method: request.method!, url: request.url!, headers: request.headers, body, remotePort: request.socket.remotePort! });
    handler(request, response);
  });
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: (p: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${p}`, received, connections: () => connections };
}

t.test('posts exactly the body with its headers, and returns the status, headers and start of the answer', async (t) => {
  const site = await receiver(t, (_request, response) => response.writeHead(202, { 'retry-after': '7' }).end('accepted, thank you'));
  const answer = await post(fetcher(), site.url('/hook?x=1'), { excerptBytes: 8 });
  t.equal(answer.statusCode, 202);
  t.equal(answer.headers['retry-after'], '7');
  t.equal(answer.excerpt, 'accepted', 'the excerpt is cut to excerptBytes');
  const [request] = site.received;
  t.equal(request!.method, 'POST');
  t.equal(request!.url, '/hook?x=1');
  t.equal(request!.body, '{"hello":"world"}');
  t.equal(request!.headers['content-length'], String(Buffer.byteLength('{"hello":"world"}')));
  t.equal(request!.headers['content-type'], 'application/json');
  t.equal(request!.headers['webhook-id'], 'msg_1');
  t.equal(request!.headers['user-agent'], 'post-test');
  const multibyte = await post(fetcher(), site.url('/hook'), { body: '{"name":"Zoë 🚀"}' });
  t.equal(multibyte.statusCode, 202);
  t.equal(site.received[1]!.body, '{"name":"Zoë 🚀"}', 'a body with multi-byte characters arrives whole');
});

t.test('a redirect is the answer, not followed', async (t) => {
  const site = await receiver(t, (request, response) => {
    if (request.url === '/moved') response.writeHead(301, { location: '/elsewhere' }).end();
    else response.writeHead(204).end();
  });
  const answer = await post(fetcher(), site.url('/moved'));
  t.equal(answer.statusCode, 301);
  t.equal(answer.headers.location, '/elsewhere');
  t.same(site.received.map((request) => request.url), ['/moved'], 'the redirect target was never requested');
});

t.test('an endpoint slower than the timeout fails with a readable error, in time', async (t) => {
  const site = await receiver(t, (_request, response) => setTimeout(() => response.writeHead(204).end(), 1500));
  const started = performance.now();
  t.equal(await failure(post(fetcher(), site.url('/slow'), { timeoutMs: 200 })), `${site.url('/slow')} did not answer within 200 ms`);
  t.ok(performance.now() - started < 1400, 'given up at the timeout, not at the answer');
  // A body that trickles past the timeout counts as well: the timeout covers the whole answer.
  const trickle = await receiver(t, (_request, response) => {
    response.writeHead(200);
    response.write('a');
    setTimeout(() => response.end('b'), 1500);
  });
  t.match(await failure(post(fetcher(), trickle.url('/'), { timeoutMs: 200 })), /did not answer within 200 ms$/);
});

t.test('a large answer is cut off, not read to its end', async (t) => {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  const site = await receiver(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const more = () => {
      // 64 MB if nobody stopped reading: the client hangs up long before.
      while (written < 64 * 1024 * 1024 && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    response.on('close', () => undefined);
    more();
  });
  const answer = await post(fetcher(), site.url('/huge'), { excerptBytes: 100 });
  t.equal(answer.statusCode, 200);
  t.equal(answer.excerpt, '(an answer longer than 65536 bytes, not read)');
  t.ok(written < 64 * 1024 * 1024, 'the receiver was not read to its end');
});

t.test('an endpoint that hangs up mid-answer or refuses the connection gives no answer', async (t) => {
  const site = await receiver(t, (_request, response) => {
    response.writeHead(200, { 'content-length': '100' });
    response.write('partial');
    setTimeout(() => response.socket?.destroy(), 20);
  });
  t.match(await failure(post(fetcher(), site.url('/cut'))), /could not be fetched/);
  const closed = http.createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  t.equal(await failure(post(fetcher(), `http://127.0.0.1:${port}/`)), `http://127.0.0.1:${port}/: the connection was refused`);
  t.match(await failure(post(fetcher(), 'ftp://127.0.0.1/')), /only http and https/);
});

t.test('keep-alive: sequential posts share one connection; concurrent ones open at most maxSocketsPerOrigin', async (t) => {
  let inFlight = 0;
  let mostInFlight = 0;
  const site = await receiver(t, (_request, response) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(204).end();
    }, 20);
  });
  const shared = fetcher(3);
  for (let i = 0; i < 5; i++) t.equal((await post(shared, site.url('/seq'))).statusCode, 204);
  t.equal(site.connections(), 1, 'five posts, one after another, over one connection');
  const answers = await Promise.all(Array.from({ length: 12 }, () => post(shared, site.url('/par'))));
  t.ok(answers.every((answer) => answer.statusCode === 204));
  t.equal(mostInFlight, 3, 'never more than three at once to the origin');
  t.equal(site.connections(), 3, 'and three connections in all, reused');
});

t.test('TLS: a certificate the system does not trust is refused; the guard holds on https', async (t) => {
  // A committed, test-only self-signed certificate (valid until 2126): the test runs everywhere,
  // with no openssl binary and no package to make one.
  const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../fixtures/tls/test-only-self-signed.${name}.pem`, import.meta.url)));
  let requests = 0;
  const server = https.createServer({ key: fixture('key'), cert: fixture('cert') }, (_request, response) => {
    requests++;
    response.writeHead(204).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  t.match(await failure(post(fetcher(), url)), /self[- ]signed certificate/);
  t.equal(requests, 0, 'nothing was sent over the untrusted connection');
  const closed = new Fetcher({ allowedCidrs: [], egressCidrs: [], limits: LIMITS });
  t.match(await failure(post(closed, url)), /^Refused to fetch .*: its address is private, loopback, link-local or reserved$/);
});

t.test('a header value Node refuses (a control character) fails as a FetchError, not a TypeError', async (t) => {
  const message = await failure(
    fetcher().post('http://127.0.0.1:9/hook', { body: '{}', headers: { 'webhook-id': 'msg_1\r\nx-injected: 1' }, timeoutMs: 2000, excerptBytes: 100 }),
  );
  t.match(message, /could not be fetched/);
});

t.test('a 101 Switching Protocols answer fails at once instead of waiting out the timeout', async (t) => {
  const server = http.createServer();
  server.on('request', (request, response) => {
    // Answers 101 on the raw socket, as a misbehaving endpoint would, to a request that asked for no upgrade.
    response.socket!.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  // The timeout is an hour: a failure that waited for it would time the test out.
  const message = await failure(fetcher().post(`http://127.0.0.1:${port}/hook`, { body: '{}', headers: {}, timeoutMs: 3_600_000, excerptBytes: 100 }));
  t.match(message, /switched protocols/);
});
