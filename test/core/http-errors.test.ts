// Every error leaves in the docs/ARCHITECTURE.md A2 shape: hapi's own, joi's, the store's and unexpected ones.
import Database from 'better-sqlite3';
import Joi from 'joi';
import path from 'node:path';
import pino from 'pino';
import t from 'tap';
import { mapSqliteError } from '../../adapters/sqlite/errors.js';
import { toBoom } from '../../core/errors.js';
import { VersionConflictError, StoreUnavailableError, UniqueConstraintError } from '../../core/store/errors.js';
import { allPlugins } from '../../plugins/index.js';
import { assertError, buildTestServer, contractRoute, testArea } from '../helpers/server.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

/** Routes that fail on purpose, registered beside the real plugins. */
const failingPlugin = testArea({
  name: 'failing-routes',
  register(server) {
    const fail = (path: string, error: () => Error) =>
      server.route(contractRoute({
        method: 'GET',
        path,
        options: {
          auth: false,
          // A store conflict is a 409 `conflict` (the document derives it for authenticated writes only).
          plugins: { platform: { scope: null, errors: { 409: ['conflict'] } } },
          handler: () => {
            throw error();
          },
        },
      }));
    fail('/test/crash', () => new Error('SELECT * FROM secret_table WHERE password = 1'));
    fail('/test/version-conflict', () => new VersionConflictError('chatbots', 'cb_1'));
    fail('/test/unique', () => new UniqueConstraintError('chatbots', ['name']));
    fail('/test/unavailable', () => new StoreUnavailableError('disk gone'));
    server.route(contractRoute({
      method: 'GET',
      path: '/test/bad-response',
      options: {
        auth: false,
        response: { schema: Joi.object({ ok: Joi.boolean().required() }) },
        handler: () => ({ ok: 'yes', extra: 1 }),
      },
    }));
  },
});

t.test('errors', async (t) => {
  const api = await buildTestServer(t, { server: { plugins: [...allPlugins, failingPlugin] } });
  const acme = await api.account('starter');

  t.test('unknown route: 404 route_not_found, no auth needed to learn that', async (t) => {
    assertError(t, await api.request('GET', '/api/v1/nothing-here'), 404, 'route_not_found');
  });

  t.test('known path, wrong method: 405 with Allow', async (t) => {
    const response = await api.request('PUT', '/api/v1/chatbots', { key: acme.live, payload: {} });
    assertError(t, response, 405, 'method_not_allowed');
    t.equal(response.headers.allow, 'GET, POST');
    // Whatever the body: the route decides before the media type does (schemathesis ST204).
    const form = await api.request('TRACE', '/oauth/token', { payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assertError(t, form, 405, 'method_not_allowed');
    t.equal(form.headers.allow, 'POST');
    assertError(t, await api.request('POST', '/api/v1/nothing-here', { payload: '<x/>', headers: { 'content-type': 'application/xml' } }), 404, 'route_not_found');
  });

  t.test('Allow names the methods of the most specific template only (schemathesis ST205)', async (t) => {
    // `…/conversations/export` also matches `…/conversations/{convId}` (GET, PATCH, DELETE).
    for (const area of ['conversations', 'knowledge']) {
      const response = await api.request('OPTIONS', `/api/v1/chatbots/cb_0/${area}/export`, { key: acme.live });
      assertError(t, response, 405, 'method_not_allowed', area);
      t.equal(response.headers.allow, 'GET', `${area}/export`);
    }
    const item = await api.request('POST', '/api/v1/chatbots/cb_0/conversations/conv_0', { key: acme.live, payload: {} });
    assertError(t, item, 405, 'method_not_allowed');
    t.equal(item.headers.allow, 'GET, PATCH, DELETE', 'the parameter template where no literal one matches');
  });

  t.test('a body that is not JSON: 415; malformed JSON: 400', async (t) => {
    const form = await api.server.inject({
      method: 'POST',
      url: '/api/v1/chatbots',
      payload: 'name=x',
      headers: { authorization: `Bearer ${acme.live}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    assertError(t, { ...form, json: JSON.parse(form.payload) }, 415, 'unsupported_media_type');
    const broken = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: '{"name": ' });
    assertError(t, broken, 400, 'validation_failed');
    t.match(broken.json.message, /not valid JSON/);
  });

  t.test('a body over 1 MiB: 413 payload_too_large', async (t) => {
    const response = await api.request('POST', '/api/v1/chatbots', {
      key: acme.live,
      payload: { name: 'x', welcome_message: 'a'.repeat(1024 * 1024 + 10) },
    });
    assertError(t, response, 413, 'payload_too_large');
  });

  t.test('validation failures list every problem in details', async (t) => {
    const response = await api.request('POST', '/api/v1/chatbots', {
      key: acme.live,
      payload: { language: 'klingon', personality: 'grumpy', color: 'red' },
    });
    const body = assertError(t, response, 400, 'validation_failed');
    t.same(body.details.map((d: { path: string }) => d.path).sort(), ['color', 'language', 'name', 'personality']);
    for (const detail of body.details) {
      t.type(detail.message, 'string');
      t.type(detail.type, 'string');
    }
  });

  t.test('query validation: out-of-range limit', async (t) => {
    const body = assertError(t, await api.request('GET', '/api/v1/chatbots?limit=0', { key: acme.live }), 400, 'validation_failed');
    t.equal(body.details[0].path, 'limit');
    assertError(t, await api.request('GET', '/api/v1/chatbots?limit=101', { key: acme.live }), 400, 'validation_failed');
    assertError(t, await api.request('GET', '/api/v1/chatbots?status=gone', { key: acme.live }), 400, 'validation_failed');
  });

  t.test('an unexpected error: 500 internal_error, with nothing of the error in the body', async (t) => {
    const response = await api.request('GET', '/test/crash');
    const body = assertError(t, response, 500, 'internal_error');
    t.equal(body.message, 'An internal error occurred');
    t.notMatch(response.payload, /SELECT|secret_table|password|at .*\.ts/);
  });

  t.test('a response that breaks its own schema is a 500, never sent as is', async (t) => {
    const response = await api.request('GET', '/test/bad-response');
    assertError(t, response, 500, 'internal_error');
    t.notMatch(response.payload, /extra/);
  });

  t.test('store errors map to their API errors', async (t) => {
    assertError(t, await api.request('GET', '/test/version-conflict'), 409, 'conflict');
    const unique = assertError(t, await api.request('GET', '/test/unique'), 409, 'conflict');
    t.match(unique.message, /name/);
    assertError(t, await api.request('GET', '/test/unavailable'), 503, 'unavailable');
  });

  t.test('X-Request-Id: a sane incoming one is echoed, anything else replaced', async (t) => {
    const echoed = await api.request('GET', '/api/v1/nothing', { headers: { 'x-request-id': 'trace-abc.123' } });
    t.equal(echoed.headers['x-request-id'], 'trace-abc.123');
    t.equal(echoed.json.request_id, 'trace-abc.123');
    const replaced = await api.request('GET', '/api/v1/nothing', { headers: { 'x-request-id': 'bad id <script>' } });
    t.match(replaced.headers['x-request-id'], /^req_[0-9a-z]{26}$/);
    const ok = await api.request('GET', '/health');
    t.match(ok.headers['x-request-id'], /^req_/, 'successful responses carry one too');
  });
});

/** GET /test/leaky-response answers `body`, whose `ok` must be a boolean by the route's schema. */
function leakyRoute(body: Record<string, unknown>) {
  return testArea({
    name: 'leaky-route',
    register(server) {
      server.route(contractRoute({
        method: 'GET',
        path: '/test/leaky-response',
        options: { auth: false, response: { schema: Joi.object({ ok: Joi.boolean().required() }) }, handler: () => body },
      }));
    },
  });
}

t.test('a response that fails its schema: 500 for the caller, a log line naming the fields and never their values', async (t) => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const api = await buildTestServer(t, { server: { plugins: [...allPlugins, leakyRoute({ ok: 'not a boolean', secret: 'sk_live_do_not_log_me' })], logger } });
  assertError(t, await api.request('GET', '/test/leaky-response'), 500, 'internal_error');
  const logged = lines.join('\n');
  t.match(logged, /response failed its schema/);
  t.match(logged, /"path":"ok"/, 'the failing field is named');
  t.notMatch(logged, /sk_live_do_not_log_me/, 'the body is not logged');
  t.notMatch(logged, /not a boolean/, 'nor the failing value');
});

t.test('sampled response checks (server.response_validation_percent below 100) log a failure and send the response', async (t) => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const api = await buildTestServer(t, { config: { server: { response_validation_percent: 99 } }, server: { plugins: [...allPlugins, leakyRoute({ ok: 'not a boolean' })], logger } });
  const statuses = new Set<number>();
  for (let i = 0; i < 50; i++) statuses.add((await api.request('GET', '/test/leaky-response')).statusCode);
  t.same([...statuses], [200], 'never a 500 for the caller');
  // 99 in 100 responses are checked: 50 requests without a single check would be a 1-in-10^100 event.
  t.ok(lines.filter((line) => line.includes('response failed its schema')).length > 0, 'the checked ones are logged');
});

t.test('a store that cannot be written at run time answers 503 unavailable, not 500', async (t) => {
  // A real read-only SQLite connection produces the engine's own error, which the adapter maps.
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'ro.sqlite');
  new Database(file).exec('CREATE TABLE things (id TEXT)');
  const readOnly = new Database(file, { readonly: true });
  t.teardown(() => readOnly.close());
  let caught: unknown;
  try {
    readOnly.prepare("INSERT INTO things VALUES ('x')").run();
  } catch (error) {
    caught = error;
  }
  t.equal((caught as { code?: string }).code, 'SQLITE_READONLY', 'SQLite refuses the write');
  const mapped = mapSqliteError(caught, 'things', () => undefined);
  t.equal(mapped.name, 'StoreUnavailableError');
  const boom = toBoom(mapped);
  t.equal(boom.output.statusCode, 503);
  t.equal(boom.output.headers['Retry-After'], '5', 'with Retry-After');
});
