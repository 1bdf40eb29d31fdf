// store-independent: the client's mechanics against local HTTP servers; no store is opened.
// The TypeScript client's own mechanics, each against a small local HTTP server that answers as a
// server under strain would (the scenario against the real server is typescript.test.ts):
// retries and their Idempotency-Key, Retry-After, errors, event streams, pages, signatures.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import {
  ApiError,
  ChatbotPlatform,
  ConnectionError,
  NotFoundError,
  PageList,
  RateLimitError,
  ServerError,
  WebhookVerificationError,
  verifyWebhook,
} from '../../clients/typescript/src/index.js';
import { retryAfterMs } from '../../clients/typescript/src/http.js';
import { MAX_EVENT_CHARS, serverSentEvents } from '../../clients/typescript/src/streaming.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

async function localServer(t: Test, handler: Handler) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const error = (statusCode: number, code: string) => ({ statusCode, error: 'E', message: `It failed: ${code}`, code, request_id: 'req_1' });

t.test('a POST answered 503 then 201 is sent twice with one Idempotency-Key', async (t) => {
  let calls = 0;
  const local = await localServer(t, (_request, response) => {
    calls += 1;
    if (calls === 1) json(response, 503, error(503, 'unavailable'), { 'retry-after': '0' });
    else json(response, 201, { id: 'cb_1', name: 'Support' });
  });
  const client = new ChatbotPlatform({ apiKey: 'sk_test_1', baseUrl: local.baseUrl });
  const created = await client.chatbots.create({ name: 'Support' });
  t.equal(created.id, 'cb_1');
  t.equal(local.seen.length, 2, 'two attempts');
  t.equal(local.seen[0]!.headers['idempotency-key'], local.seen[1]!.headers['idempotency-key'], 'with the same key');
  t.match(local.seen[0]!.headers['idempotency-key'], /^cbp_[0-9a-f-]{36}$/);
  t.equal(local.seen[1]!.headers.authorization, 'Bearer sk_test_1', 'the key as a Bearer token');
  t.same(JSON.parse(local.seen[1]!.body), { name: 'Support' }, 'the same body');

  await client.chatbots.create({ name: 'Support' }, { idempotencyKey: 'mine-1' });
  t.equal(local.seen[2]!.headers['idempotency-key'], 'mine-1', 'a key given is the one sent');
  await client.chatbots.list({ limit: 5 });
  t.equal(local.seen[3]!.headers['idempotency-key'], undefined, 'a GET carries none');
  t.equal(local.seen[3]!.url, '/api/v1/chatbots?limit=5', 'its query in the URL');
});

t.test('retries run out: the last error is thrown, typed', async (t) => {
  const local = await localServer(t, (_request, response) => json(response, 429, error(429, 'rate_limited'), { 'retry-after': '0' }));
  const client = new ChatbotPlatform({ apiKey: 'sk_test_1', baseUrl: local.baseUrl, maxRetries: 2 });
  const failed = await client.chatbots.list().catch((caught: unknown) => caught);
  t.ok(failed instanceof RateLimitError, 'a RateLimitError');
  t.match(failed, { status: 429, code: 'rate_limited', requestId: 'req_1', message: 'It failed: rate_limited' });
  t.equal(local.seen.length, 3, 'after the first attempt and two retries');

  const once = await new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, maxRetries: 0 }).chatbots.list().catch((caught: unknown) => caught);
  t.ok(once instanceof RateLimitError);
  t.equal(local.seen.length, 4, 'maxRetries 0: one attempt');
});

t.test('statuses that are not retried are thrown at once; a body that is not JSON still gives an error', async (t) => {
  const local = await localServer(t, (request, response) => {
    if (request.url?.includes('broken')) {
      response.writeHead(500, { 'content-type': 'text/html', 'x-request-id': 'req_html' });
      response.end('<h1>Oops</h1>');
    } else json(response, 409, error(409, 'chatbot_archived'));
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });
  const conflict = await client.chatbots.pause('cb_1').catch((caught: unknown) => caught);
  t.match(conflict, { status: 409, code: 'chatbot_archived' });
  t.equal(local.seen.length, 1, 'a 409 is not retried');
  const broken = await client.chatbots.get('broken').catch((caught: unknown) => caught);
  t.ok(broken instanceof ServerError, 'a 500 is a ServerError');
  t.match(broken, { status: 500, code: 'http_500', requestId: 'req_html' });
  t.equal(local.seen.length, 2, 'a 500 is not retried either');
  t.equal(local.seen[1]!.url, '/api/v1/chatbots/broken', 'ids are put in paths escaped');
  await client.chatbots.get('a/b?c').catch(() => undefined);
  t.equal(local.seen[2]!.url, '/api/v1/chatbots/a%2Fb%3Fc');
});

t.test('no server: a ConnectionError after the retries', async (t) => {
  const local = await localServer(t, () => undefined);
  const closedPort = new URL(local.baseUrl).port;
  // A port nobody listens on: the server above is closed at once.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const freePort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t.not(String(freePort), closedPort);
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: `http://127.0.0.1:${freePort}`, maxRetries: 1 });
  const failed = await client.chatbots.list().catch((caught: unknown) => caught);
  t.ok(failed instanceof ConnectionError, 'a ConnectionError');
  t.notOk(failed instanceof ApiError, 'not an ApiError: nothing answered');
  t.match((failed as Error).message, /^GET \/api\/v1\/chatbots: /);

  const hanging = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, maxRetries: 0, timeoutMs: 200 });
  const timedOut = await hanging.chatbots.list().catch((caught: unknown) => caught);
  t.ok(timedOut instanceof ConnectionError, 'no answer in time is a ConnectionError too');
  t.match((timedOut as Error).message, /no answer within 200 ms/);
});

t.test('Retry-After: seconds or an HTTP date', async (t) => {
  t.equal(retryAfterMs(new Headers({ 'retry-after': '3' })), 3000);
  const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
  const fromDate = retryAfterMs(new Headers({ 'retry-after': inTwoSeconds }))!;
  t.ok(fromDate > 0 && fromDate <= 2000, `a date: ${fromDate} ms`);
  t.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' })), null, 'nonsense is ignored');
  t.equal(retryAfterMs(new Headers()), null);
});

t.test('OAuth: one token for concurrent calls, another after a 401', async (t) => {
  let tokens = 0;
  const local = await localServer(t, (request, response, body) => {
    if (request.url === '/oauth/token') {
      tokens += 1;
      t.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
      t.equal(new URLSearchParams(body).get('grant_type'), 'client_credentials');
      t.equal(new URLSearchParams(body).get('scope'), 'chatbots:read leads:read');
      t.equal(request.headers.authorization, `Basic ${Buffer.from('oc_1:secret').toString('base64')}`);
      return json(response, 200, { access_token: `token-${tokens}`, token_type: 'Bearer', expires_in: 3600, scope: 'chatbots:read' });
    }
    if (request.headers.authorization === 'Bearer token-1' && request.url === '/api/v1/chatbots/expired') return json(response, 401, error(401, 'invalid_token'));
    json(response, 200, { id: 'cb_1', seen: request.headers.authorization });
  });
  const client = new ChatbotPlatform({ baseUrl: local.baseUrl, oauth: { clientId: 'oc_1', clientSecret: 'secret', scope: ['chatbots:read', 'leads:read'] } });
  const [a, b] = await Promise.all([client.chatbots.get('cb_1'), client.chatbots.get('cb_2')]);
  t.same([(a as any).seen, (b as any).seen], ['Bearer token-1', 'Bearer token-1'], 'both calls with the one token');
  t.equal(tokens, 1, 'requested once');
  const renewed = await client.chatbots.get('expired');
  t.equal((renewed as any).seen, 'Bearer token-2', 'a 401 fetches a new token and the call goes again');
  t.equal(tokens, 2);

  const refused = await localServer(t, (_request, response) => json(response, 401, { error: 'invalid_client', error_description: 'Unknown client' }));
  const bad = new ChatbotPlatform({ baseUrl: refused.baseUrl, oauth: { clientId: 'x', clientSecret: 'y' } });
  const failed = await bad.chatbots.list().catch((caught: unknown) => caught);
  t.match(failed, { status: 401, code: 'invalid_client', message: 'Unknown client' }, 'the token endpoint’s RFC 6749 error, typed');
});

t.test('server-sent events: frames split anywhere, CRLF, comments, several data lines', async (t) => {
  const text = ': keep-alive\r\nevent: delta\r\ndata: {"content":"a"}\r\n\r\nevent: done\ndata: {"x":\ndata: 1}\n\nevent: ignored\n\n';
  for (const size of [1, 3, 7, text.length]) {
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
        controller.close();
      },
    });
    const frames = [];
    for await (const frame of serverSentEvents(body)) frames.push(frame);
    t.same(frames, [{ event: 'delta', data: '{"content":"a"}' }, { event: 'done', data: '{"x":\n1}' }], `in pieces of ${size} bytes`);
  }
});

t.test('server-sent events: 500 random splittings of a body of CR, LF and CRLF lines read the same', async (t) => {
  const whole = new TextEncoder().encode('event: a\r\ndata: 1\r\ndata: é2\r\r\ndata: 3\n\nevent: b\rdata: x\r\n\r\n: c\ndata: last\n\n');
  const read = async (parts: Uint8Array[]) => {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) });
    const frames = [];
    for await (const frame of serverSentEvents(body)) frames.push(frame);
    return frames;
  };
  const expected = [{ event: 'a', data: '1\né2' }, { event: 'message', data: '3' }, { event: 'b', data: 'x' }, { event: 'message', data: 'last' }];
  t.same(await read([whole]), expected, 'whole');
  let seed = 7; // a fixed sequence (a linear congruential generator), so a failure can be replayed
  const random = (below: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % below);
  const wrong: string[] = [];
  for (let run = 0; run < 500; run++) {
    const cuts = [...new Set(Array.from({ length: random(whole.length) }, () => 1 + random(whole.length - 1)))].sort((a, b) => a - b);
    const bounds = [0, ...cuts, whole.length];
    const parts = bounds.slice(1).map((end, index) => whole.slice(bounds[index], end));
    if (JSON.stringify(await read(parts)) !== JSON.stringify(expected)) wrong.push(cuts.join(','));
  }
  t.same(wrong, [], 'every splitting (the cuts of any that differ are listed)');
});

t.test('server-sent events: an event longer than the limit is refused, not buffered without end', async (t) => {
  const piece = new TextEncoder().encode('x'.repeat(1024 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      // One `data:` line that never ends: the parser must give up near the limit, not read on.
      controller.enqueue(sent === 0 ? new TextEncoder().encode('data: ') : piece);
      sent += 1;
      if (sent > 64) controller.close();
    },
  });
  const failed = await (async () => {
    for await (const frame of serverSentEvents(body)) t.fail(`no frame expected, got ${frame.event}`);
  })().catch((caught: unknown) => caught);
  t.match(String(failed), /longer than 16777216 characters/, 'the overlong event is an error');
  t.ok(sent <= 18, `it stopped reading after ${sent} chunks of 1 MiB (the limit is 16 MiB)`);

  const frames = [];
  const lines = `event: delta\ndata: ${'y'.repeat(MAX_EVENT_CHARS - 100)}\n\n`;
  const whole = new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(new TextEncoder().encode(lines)), controller.close()) });
  for await (const frame of serverSentEvents(whole)) frames.push(frame.data.length);
  t.same(frames, [MAX_EVENT_CHARS - 100], 'an event just under the limit is read whole');
});

t.test('a streamed turn: events typed; an error event thrown as the ApiError it describes', async (t) => {
  const local = await localServer(t, (request, response) => {
    t.equal(request.headers.accept, 'text/event-stream');
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: message\ndata: {"id":"msg_1","content":"Hi"}\n\n');
    response.write('event: delta\ndata: {"content":"Hel"}\n\n');
    response.end(`event: error\ndata: ${JSON.stringify(error(503, 'model_unavailable'))}\n\n`);
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });
  const events: unknown[] = [];
  const failed = await (async () => {
    for await (const event of client.conversations.stream('cb_1', 'conv_1', { content: 'Hi' })) events.push(event);
  })().catch((caught: unknown) => caught);
  t.same(events, [{ type: 'message', message: { id: 'msg_1', content: 'Hi' } }, { type: 'delta', content: 'Hel' }]);
  t.match(failed, { status: 503, code: 'model_unavailable' });
  t.ok(failed instanceof ServerError);
});

t.test('a streamed turn lets its connection go on break and on an error event, while the server still writes', async (t) => {
  const closed: string[] = [];
  const local = await localServer(t, (request, response) => {
    const how = new URL(request.url!, 'http://x').pathname.split('/')[6]!; // the conversation id says what to send
    response.on('close', () => closed.push(how));
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (how === 'conv_break') response.write('event: delta\ndata: {"content":"a"}\n\n');
    else response.write(`event: error\ndata: ${JSON.stringify(error(503, 'model_unavailable'))}\n\n`);
    // and the answer stays open, as a long reply still being written would
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });
  // The server sees its answer closed only when the client lets the connection go; without that,
  // it stays open past until's bound, and the assertion below fails.
  const connectionClosed = (how: string) => until(() => closed.includes(how)).then(() => true, () => false);

  for await (const event of client.conversations.stream('cb_1', 'conv_break', { content: 'Hi' })) {
    t.same(event, { type: 'delta', content: 'a' });
    break;
  }
  t.ok(await connectionClosed('conv_break'), 'break closed the connection');

  const failed = await (async () => {
    for await (const _event of client.conversations.stream('cb_1', 'conv_error', { content: 'Hi' })) t.fail('no event before the error');
  })().catch((caught: unknown) => caught);
  t.match(failed, { status: 503, code: 'model_unavailable' });
  t.ok(await connectionClosed('conv_error'), 'the error event closed the connection');
});

t.test('pages: awaited, the first; iterated, every item, across an empty filtered page', async (t) => {
  const pages: Record<string, { data: number[]; has_more: boolean; next_cursor: string | null }> = {
    first: { data: [1, 2], has_more: true, next_cursor: 'b' },
    b: { data: [], has_more: true, next_cursor: 'c' },
    c: { data: [3], has_more: false, next_cursor: null },
  };
  const asked: Array<string | undefined> = [];
  const list = new PageList<number>(async (cursor) => {
    asked.push(cursor);
    return pages[cursor ?? 'first']!;
  });
  t.same((await list).data, [1, 2], 'awaited: the first page');
  t.same(await list.toArray(), [1, 2, 3], 'iterated: every item');
  t.same(await list.toArray(2), [1, 2], 'as many as asked');
  t.same(asked, [undefined, undefined, 'b', 'c', undefined], 'the empty page is followed, the last is not');
});

t.test('webhook signatures: Standard Webhooks, as the server signs', async (t) => {
  const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
  const other = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
  const body = JSON.stringify({ id: 'evt_1', type: 'lead.created', data: {} });
  const now = new Date('2026-11-29T12:00:00Z');
  const timestamp = String(now.getTime() / 1000);
  const sign = (key: string) => `v1,${createHmac('sha256', Buffer.from(key.slice(6), 'base64')).update(`msg_1.${timestamp}.${body}`).digest('base64')}`;
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': sign(secret) };

  t.match(verifyWebhook(body, headers, secret, { now }), { id: 'evt_1', type: 'lead.created' }, 'the event');
  t.match(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret, { now }), { id: 'evt_1' }, 'bytes and a Headers object');
  const rotated = { ...headers, 'webhook-signature': `${sign(other)} ${sign(secret)}` };
  t.match(verifyWebhook(body, rotated, secret, { now }), { id: 'evt_1' }, 'one of several signatures (a rotation) is enough');
  const refusals: Array<[string, () => unknown, RegExp]> = [
    ['another secret', () => verifyWebhook(body, headers, other, { now }), /No signature matches/],
    ['a changed body', () => verifyWebhook(`${body} `, headers, secret, { now }), /No signature matches/],
    ['a timestamp 6 minutes old', () => verifyWebhook(body, headers, secret, { now: new Date(now.getTime() + 360_000) }), /more than 300 s/],
    ['no signature header', () => verifyWebhook(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp }, secret, { now }), /headers are required/],
    ['a v2 signature', () => verifyWebhook(body, { ...headers, 'webhook-signature': sign(secret).replace('v1,', 'v2,') }, secret, { now }), /No signature matches/],
    ['a timestamp that is not a number', () => verifyWebhook(body, { ...headers, 'webhook-timestamp': '12e3' }, secret, { now }), /not a number/],
    ['an empty secret', () => verifyWebhook(body, headers, 'whsec_', { now }), /secret is empty/],
  ];
  for (const [what, verify, message] of refusals) {
    t.throws(verify, WebhookVerificationError, `${what} is refused`);
    t.throws(verify, message);
  }
});

t.test('the client needs credentials', async (t) => {
  const saved = process.env.CHATBOT_PLATFORM_API_KEY;
  delete process.env.CHATBOT_PLATFORM_API_KEY;
  t.teardown(() => {
    if (saved !== undefined) process.env.CHATBOT_PLATFORM_API_KEY = saved;
  });
  t.throws(() => new ChatbotPlatform(), /apiKey .* is required/);
  process.env.CHATBOT_PLATFORM_API_KEY = 'sk_test_env';
  t.ok(new ChatbotPlatform(), 'or finds the key in the environment');
});

t.test('an id that URLs would resolve (".", "..") or an empty one is refused before any request', async (t) => {
  const local = await localServer(t, (_request, response) => json(response, 200, {}));
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });
  // `DELETE …/conversations/..` would be `DELETE /api/v1/chatbots/cb_1`: the chatbot.
  for (const id of ['..', '.', '']) {
    t.throws(() => client.conversations.delete('cb_1', id), TypeError, `${JSON.stringify(id)} is refused`);
    t.throws(() => client.webhooks.retryDelivery('wh_1', id), TypeError);
  }
  t.throws(() => client.conversations.messages('..', 'conv_1'), TypeError, 'a list too');
  t.equal(local.seen.length, 0, 'and nothing was sent');
  await client.chatbots.get('...');
  t.equal(local.seen[0]!.url, '/api/v1/chatbots/...', 'three dots are an ordinary id');
});

t.test('OAuth: a second 401 is thrown; a renewal is not repeated by the retries after it', async (t) => {
  let tokens = 0;
  let calls = 0;
  const local = await localServer(t, (request, response) => {
    if (request.url === '/oauth/token') {
      tokens += 1;
      return json(response, 200, { access_token: `token-${tokens}`, token_type: 'Bearer', expires_in: 3600, scope: '' });
    }
    calls += 1;
    if (request.url === '/api/v1/chatbots/revoked') return json(response, 401, error(401, 'invalid_token'));
    // The first token is refused; with the second, one 503 and then the answer.
    if (request.headers.authorization === 'Bearer token-1') return json(response, 401, error(401, 'invalid_token'));
    if (calls === 2) return json(response, 503, error(503, 'unavailable'), { 'retry-after': '0' });
    json(response, 200, { id: 'cb_1' });
  });
  const client = new ChatbotPlatform({ baseUrl: local.baseUrl, oauth: { clientId: 'oc_1', clientSecret: 's' } });
  await client.chatbots.get('cb_1');
  t.equal(tokens, 2, 'one renewal after the 401, none after the 503');
  t.equal(calls, 3, '401, then 503 and 200 with the new token');
  const failed = await client.chatbots.get('revoked').catch((caught: unknown) => caught);
  t.match(failed, { status: 401, code: 'invalid_token' }, 'a 401 after the renewal is thrown');
  t.equal(tokens, 3, 'after one more renewal, not a loop');
});

t.test('a 409 of the same Idempotency-Key still running is retried; other 409s are not', async (t) => {
  let calls = 0;
  const local = await localServer(t, (_request, response) => {
    calls += 1;
    if (calls === 1) json(response, 409, error(409, 'idempotency_key_in_flight'), { 'retry-after': '0' });
    else json(response, 201, { id: 'cb_1' });
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });
  t.match(await client.chatbots.create({ name: 'Support' }), { id: 'cb_1' });
  t.equal(local.seen.length, 2, 'sent again once the first attempt is done');
  t.equal(local.seen[0]!.headers['idempotency-key'], local.seen[1]!.headers['idempotency-key'], 'with its key');
});

t.test('Retry-After longer than the client waits is thrown at once; a wait is cut short by the signal', async (t) => {
  const local = await localServer(t, (_request, response) => json(response, 429, error(429, 'rate_limited'), { 'retry-after': '3600' }));
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, maxRetryDelayMs: 60_000 });
  const failed = await client.chatbots.list().catch((caught: unknown) => caught);
  t.ok(failed instanceof RateLimitError, 'an hour is the caller’s to wait');
  t.equal(local.seen.length, 1, 'not retried early');

  const patient = await localServer(t, (_request, response) => json(response, 503, error(503, 'unavailable'), { 'retry-after': '30' }));
  const controller = new AbortController();
  const waiting = new ChatbotPlatform({ apiKey: 'k', baseUrl: patient.baseUrl }).chatbots.list({}, { signal: controller.signal }).catch((caught: unknown) => caught);
  while (patient.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  controller.abort(new Error('the caller gave up'));
  t.match(await waiting, { message: 'the caller gave up' }, 'the 30 s wait ends with the caller’s abort');
  t.equal(patient.seen.length, 1, 'and nothing more is sent');
});

t.test('streams: no time limit once the answer has begun; a streamed POST is not sent twice; a stream cut short throws', async (t) => {
  let attempts = 0;
  const local = await localServer(t, (request, response) => {
    attempts += 1;
    if (request.url?.includes('conv_broken')) return request.socket.destroy();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: message\ndata: {"id":"msg_1"}\n\n');
    response.write('event: later-version\ndata: not json\n\n');
    if (request.url?.includes('conv_cut')) return response.end('event: delta\ndata: {"content":"Hal"}\n\n');
    setTimeout(() => response.end('event: delta\ndata: {"content":"Hello"}\n\nevent: done\ndata: {"reply":{"content":"Hello"}}\n\n'), 300);
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, timeoutMs: 100 });
  const events: string[] = [];
  for await (const event of client.conversations.stream('cb_1', 'conv_slow', { content: 'Hi' })) events.push(event.type);
  t.same(events, ['message', 'delta', 'done'], 'a reply written after the time limit arrives whole; an unknown event is skipped unread');

  const cut = await (async () => {
    for await (const _event of client.conversations.stream('cb_1', 'conv_cut', { content: 'Hi' }));
  })().catch((caught: unknown) => caught);
  t.ok(cut instanceof ConnectionError, 'a stream ending before done is a ConnectionError');
  t.match((cut as Error).message, /ended before its done event/);

  const before = attempts;
  const broken = await (async () => {
    for await (const _event of client.conversations.stream('cb_1', 'conv_broken', { content: 'Hi' }));
  })().catch((caught: unknown) => caught);
  t.ok(broken instanceof ConnectionError, 'a broken connection is a ConnectionError');
  t.equal(attempts - before, 1, 'sent once: not again after the connection broke');
});

t.test('a JSON answer that stalls past the time limit is a ConnectionError, as no answer is', async (t) => {
  const local = await localServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"data": [');
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, timeoutMs: 200, maxRetries: 0 });
  const failed = await client.chatbots.get('cb_1').catch((caught: unknown) => caught);
  t.ok(failed instanceof ConnectionError, 'a ConnectionError');
  t.match((failed as Error).message, /GET \/api\/v1\/chatbots\/cb_1: no answer within 200 ms/);
});

t.test('a cursor given twice ends the paging with an error, not a circle', async (t) => {
  const list = new PageList<number>(async () => ({ data: [1], has_more: true, next_cursor: 'same' }));
  const failed = await list.toArray().catch((caught: unknown) => caught);
  t.match(failed, { message: /cursor same twice/ });
});

t.test('a signature is over the bytes as they came', async (t) => {
  const secret = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
  const bytes = Buffer.concat([Buffer.from('{"id":"evt_1","note":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`msg_1.${timestamp}.`).update(bytes).digest('base64');
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
  t.match(verifyWebhook(new Uint8Array(bytes), headers, secret), { id: 'evt_1' }, 'bytes that are not UTF-8 verify as signed');
});

t.test('an export is its body as text; errors, retries and the time limit as a JSON call', async (t) => {
  const csv = 'id,email\r\nlead_1,"ada@example.com"\r\n';
  let exports = 0;
  const local = await localServer(t, (request, response) => {
    if (request.url?.startsWith('/api/v1/leads/export')) {
      exports += 1;
      if (exports === 1) return json(response, 503, error(503, 'unavailable'), { 'retry-after': '0' });
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      return response.end(csv);
    }
    if (request.url?.includes('cb_stalls')) {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return response.write('{"id":"doc_1"}\n');
    }
    json(response, 404, error(404, 'chatbot_not_found'));
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, timeoutMs: 300 });
  t.equal(await client.leads.export({ format: 'csv', status: 'new' }), csv, 'the CSV as it was sent, after a 503 retried');
  t.equal(local.seen.length, 2, 'two attempts');
  t.equal(local.seen[1]!.url, '/api/v1/leads/export?format=csv&status=new', 'its query in the URL');
  t.match(local.seen[1]!.headers.accept, /text\/csv/, 'asking for what the operation answers');

  const missing = await client.conversations.export('cb_gone', { format: 'csv' }).catch((caught: unknown) => caught);
  t.ok(missing instanceof NotFoundError, 'a 404 is a NotFoundError');
  t.match(missing, { status: 404, code: 'chatbot_not_found', requestId: 'req_1' });

  const stalled = await client.knowledge.export('cb_stalls', undefined, { maxRetries: 0 }).catch((caught: unknown) => caught);
  t.ok(stalled instanceof ConnectionError, 'a body that stalls past the time limit is a ConnectionError, not part of the text');
  t.match((stalled as Error).message, /GET \/api\/v1\/chatbots\/cb_stalls\/knowledge\/export: no answer within 300 ms/);
});

t.test('a file is sent base64, from its bytes or as given, and read back as its bytes; errors as a JSON call', async (t) => {
  // A PNG's signature (0x89 is no UTF-8 start) and, longer than one piece of the client's base64, random bytes.
  const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  const large = new Uint8Array(randomBytes(100_000));
  const local = await localServer(t, (request, response) => {
    if (request.method === 'POST') return json(response, 201, { message: { id: 'msg_1', content: '' }, reply: null });
    if (request.url?.endsWith('/att_1')) {
      response.writeHead(200, { 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
      return response.end(png);
    }
    json(response, 404, error(404, 'attachment_not_found'));
  });
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl });

  const turn = await client.conversations.sendAttachment('cb_1', 'conv_1', { name: 'dot.png', data: png });
  t.same(turn, { message: { id: 'msg_1', content: '' }, reply: null }, 'the turn as answered');
  t.equal(local.seen[0]!.url, '/api/v1/chatbots/cb_1/conversations/conv_1/attachments');
  t.same(JSON.parse(local.seen[0]!.body), { name: 'dot.png', content_base64: Buffer.from(png).toString('base64') }, 'the bytes sent base64');
  t.match(local.seen[0]!.headers['idempotency-key'], /^cbp_/, 'a POST: with an Idempotency-Key');
  await client.conversations.sendAttachment('cb_1', 'conv_1', { name: 'noise.png', data: large });
  t.equal(JSON.parse(local.seen[1]!.body).content_base64, Buffer.from(large).toString('base64'), 'a file longer than one piece, whole');
  await client.conversations.sendAttachment('cb_1', 'conv_1', { name: 'as-given.png', content_base64: 'AAAA' });
  t.same(JSON.parse(local.seen[2]!.body), { name: 'as-given.png', content_base64: 'AAAA' }, 'base64 as given, unchanged');

  const read = await client.conversations.getAttachment('cb_1', 'conv_1', 'att_1');
  t.ok(read instanceof Uint8Array, 'bytes');
  t.same(Buffer.from(read), Buffer.from(png), 'as they were sent');
  t.equal(local.seen[3]!.method, 'GET');
  t.equal(local.seen[3]!.url, '/api/v1/chatbots/cb_1/conversations/conv_1/attachments/att_1');
  t.match(local.seen[3]!.headers.accept, /image\/png.*application\/pdf/, 'asking for what the operation answers');
  const missing = await client.conversations.getAttachment('cb_1', 'conv_1', 'att_gone').catch((caught: unknown) => caught);
  t.ok(missing instanceof NotFoundError, 'a 404 is a NotFoundError');
  t.match(missing, { status: 404, code: 'attachment_not_found', requestId: 'req_1' });
});

t.test('the live event stream: typed events; break and abort close the connection and end the iteration', async (t) => {
  const closed: string[] = [];
  const local = await localServer(t, (request, response) => {
    const url = request.url!;
    response.on('close', () => closed.push(url));
    if (url.includes('cb_busy')) return json(response, 429, error(429, 'too_many_streams'), { 'retry-after': '15' });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: ready\ndata: {}\n\n: keep-alive\n\n');
    response.write('id: evt_1\nevent: message.created\ndata: {"id":"evt_1","type":"message.created","data":{}}\n\n');
    response.write('event: later-control\ndata: not json\n\nevent: reset\ndata: {}\n\n');
    if (url.includes('cb_ends')) return response.end();
    if (url.includes('cb_breaks')) return setTimeout(() => request.socket.destroy(), 50);
    // Otherwise it stays open, as the server's does, until the client leaves.
  });
  // A short time limit: a stream that has begun is not bound by it.
  const client = new ChatbotPlatform({ apiKey: 'k', baseUrl: local.baseUrl, timeoutMs: 100, maxRetryDelayMs: 1000 });
  const closedFor = (chatbotId: string) => until(() => closed.some((url) => url.includes(chatbotId)));

  const read = [];
  for await (const event of client.conversations.events({ chatbot_id: 'cb_open' })) {
    read.push(event);
    if (event.type === 'reset') {
      await new Promise((resolve) => setTimeout(resolve, 200)); // past timeoutMs
      break;
    }
  }
  t.same(
    read,
    [{ type: 'ready' }, { type: 'event', event: { id: 'evt_1', type: 'message.created', data: {} } }, { type: 'reset' }],
    'ready, the event’s envelope, reset; a comment and an unknown frame skipped',
  );
  t.equal(local.seen[0]!.headers.accept, 'text/event-stream');
  t.equal(local.seen[0]!.url, '/api/v1/conversations/stream?chatbot_id=cb_open');
  await closedFor('cb_open');
  t.pass('break closed the connection');

  const controller = new AbortController();
  const aborted: string[] = [];
  for await (const event of client.conversations.events({ chatbot_id: 'cb_abort' }, { signal: controller.signal })) {
    aborted.push(event.type);
    if (event.type === 'reset') setTimeout(() => controller.abort(), 20);
  }
  t.same(aborted, ['ready', 'event', 'reset'], 'an abort while waiting for the next event ends the iteration, without an error');
  await closedFor('cb_abort');
  t.pass('and closed the connection');
  const early = [];
  for await (const event of client.conversations.events({}, { signal: AbortSignal.abort() })) early.push(event);
  t.same(early, [], 'aborted before it opened: no events, no error');

  const ended = [];
  for await (const event of client.conversations.events({ chatbot_id: 'cb_ends' })) ended.push(event.type);
  t.same(ended, ['ready', 'event', 'reset'], 'a stream the server ends ends the iteration');

  const broken = await (async () => {
    for await (const _event of client.conversations.events({ chatbot_id: 'cb_breaks' }));
  })().catch((caught: unknown) => caught);
  t.ok(broken instanceof ConnectionError, 'a connection that breaks is a ConnectionError');

  const busy = await client.conversations.events({ chatbot_id: 'cb_busy' }).next().catch((caught: unknown) => caught);
  t.ok(busy instanceof RateLimitError, 'a refusal to open is the typed error');
  t.match(busy, { status: 429, code: 'too_many_streams' });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
