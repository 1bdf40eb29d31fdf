// store-independent: the event-stream writer (core/http/sse.ts) behind a real server; the store only
// serves the platform's request ids and error shape.
// What every stream of the server puts on the wire: a turn's events as `message`, `delta` and
// `done`, and a failure midway as an `error` event with the API's error body, after which the
// stream ends; the server's own failures are logged with the request id the body carries.
import pino from 'pino';
import t from 'tap';
import { apiError } from '../../../core/errors.js';
import { respondWithEvents, turnOnTheWire, type WireEvent } from '../../../core/http/sse.js';
import type { TurnEvent } from '../../../core/contracts/conversations.js';
import { allPlugins } from '../../../plugins/index.js';
import { buildTestServer, contractRoute, testArea } from '../../helpers/server.js';
import { parseEvents } from '../../helpers/sse.js';

async function* turn(): AsyncIterable<TurnEvent<{ text: string }, { whole: string }>> {
  yield { type: 'message', message: { text: 'Hi' } };
  yield { type: 'delta', content: 'Hel' };
  yield { type: 'delta', content: 'lo' };
  yield { type: 'done', turn: { whole: 'Hello' } };
}

async function* failingAfterOne(error: Error): AsyncIterable<WireEvent> {
  yield { event: 'message', data: { n: 1 } };
  throw error;
}

function streamRoutes(logger: pino.Logger) {
  return testArea({
    name: 'stream-routes',
    register(server) {
      const route = (path: string, events: () => AsyncIterable<WireEvent>) =>
        server.route(
          contractRoute({
            method: 'GET',
            path,
            options: {
              auth: false,
              notes: 'Answers text/event-stream.',
              handler: (request, h) => respondWithEvents(request, h, events(), { logger, message: 'test stream failed' }),
            },
          }),
        );
      route('/test/turn', () => turnOnTheWire(turn(), { message: ({ text }) => ({ said: text }), turn: ({ whole }) => ({ reply: whole }) }));
      route('/test/refused', () => failingAfterOne(apiError(409, 'conflict', 'Not now')));
      route('/test/crash', () => failingAfterOne(new Error('SELECT secret FROM somewhere')));
    },
  });
}

t.test('the event-stream writer', async (t) => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const api = await buildTestServer(t, { server: { plugins: [...allPlugins, streamRoutes(logger)] } });

  t.test('a turn on the wire: message, deltas, done, each presented by the channel', async (t) => {
    const response = await api.request('GET', '/test/turn');
    t.equal(response.statusCode, 200);
    t.equal(response.headers['content-type'], 'text/event-stream; charset=utf-8');
    t.equal(response.headers['cache-control'], 'no-cache');
    t.equal(response.headers['x-accel-buffering'], 'no');
    t.equal(
      response.payload,
      'event: message\ndata: {"said":"Hi"}\n\n' +
        'event: delta\ndata: {"content":"Hel"}\n\n' +
        'event: delta\ndata: {"content":"lo"}\n\n' +
        'event: done\ndata: {"reply":"Hello"}\n\n',
    );
  });

  t.test('a refusal midway: an error event with the API error body, then the end; nothing logged', async (t) => {
    lines.length = 0;
    const response = await api.request('GET', '/test/refused');
    t.equal(response.statusCode, 200, 'the status went out with the first event');
    const events = parseEvents(response.payload);
    t.same(events.map((event) => event.event), ['message', 'error']);
    t.match(events[1]!.data, { statusCode: 409, error: 'Conflict', message: 'Not now', code: 'conflict', request_id: response.headers['x-request-id'] });
    t.notMatch(lines.join('\n'), /test stream failed/);
  });

  t.test('a crash midway: a 500 error event that tells nothing of it, logged with the request id', async (t) => {
    lines.length = 0;
    const response = await api.request('GET', '/test/crash');
    const events = parseEvents(response.payload);
    t.same(events.map((event) => event.event), ['message', 'error']);
    const requestId = response.headers['x-request-id'];
    t.ok(requestId);
    t.match(events[1]!.data, { statusCode: 500, code: 'internal_error', request_id: requestId });
    t.notMatch(JSON.stringify(events[1]!.data), /secret/, 'the cause stays in the log');
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; request_id?: string; err?: { message: string } }).find((line) => line.msg === 'test stream failed');
    t.equal(logged?.request_id, requestId);
    t.match(logged?.err?.message, /SELECT secret/);
  });
});
