// Every route describes itself (so the OpenAPI document can be generated from the routes alone)
// and every API route demands credentials. The route contract (core/route-contract.ts) is checked
// once, when a server starts, over every route, built-in or an external plugin's: a server with a
// route that breaks a rule refuses to start, naming the route and the rule. The servers of the
// other tests, with every built-in area, start: their routes keep it.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import pino from 'pino';
import t, { type Test } from 'tap';
import { loadConfig } from '../../config/index.js';
import { PLUGIN_API_VERSION, type BuiltInPlugin } from '../../core/index.js';
import { RouteContractError } from '../../core/route-contract.js';
import { createServer } from '../../app/server.js';
import { apiError } from '../../core/errors.js';
import { documentedResponses, notesOf, routeAuthStrategy } from '../../plugins/docs/responses.js';
import { allPlugins } from '../../plugins/index.js';
import { assertError, buildTestServer, openTestStoreHarness } from '../helpers/server.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

/** Routes under /api/v1 that need no credentials, on purpose. */
const PUBLIC_API_ROUTES = new Set(['GET /api/v1/openapi.json']);

/** A route that keeps every rule; each case below breaks one. */
function compliantRoute(): ServerRoute & { options: Record<string, any> } {
  return {
    method: 'POST',
    path: '/api/v1/notes/{noteId}',
    options: {
      description: 'Add to a note',
      tags: ['api', 'notes'],
      plugins: { platform: { scope: 'conversations:write' } },
      validate: { params: Joi.object({ noteId: Joi.string().required() }), payload: Joi.object({ text: Joi.string().required() }) },
      response: { status: { 201: Joi.object({ ok: Joi.boolean().required() }) } },
      handler: (_request, h) => h.response({ ok: true }).code(201),
    },
  };
}

/** A built-in area adding `routes` through its hapi server (full paths, as the test gives them). */
function pluginAdding(...routes: ServerRoute[]): BuiltInPlugin {
  return { name: 'contract-routes', version: '1.0.0', platformApi: PLUGIN_API_VERSION, register: (api) => api.privileged.server.route(routes) };
}

/** Starts a server with `plugins` on a fresh store of this pass: the error the start failed with, or null. */
async function startFailure(t: Test, plugins: typeof allPlugins): Promise<Error | null> {
  const harness = await openTestStoreHarness();
  const { dir, remove } = temporaryDirectory('cbp-contract-');
  t.teardown(async () => {
    await harness.close();
    remove();
  });
  const config = loadConfig({ env: {}, file: null, overrides: { data_dir: dir, log: { level: 'silent' } } });
  return createServer(config, { store: harness.store, logger: pino({ level: 'silent' }), plugins }).then(
    async ({ server }) => {
      await server.stop();
      return null;
    },
    (error: Error) => error,
  );
}

t.test('a server with a route that breaks the route contract refuses to start, naming the route and the rule', async (t) => {
  const breaking = (change: (route: ReturnType<typeof compliantRoute>) => void) => {
    const route = compliantRoute();
    change(route);
    return route;
  };
  const cases: Array<[string, ServerRoute, string]> = [
    ['no description', breaking((route) => delete route.options.description), 'POST /api/v1/notes/{noteId}: needs a description (the OpenAPI summary)'],
    ['not tagged api', breaking((route) => (route.options.tags = ['notes'])), "POST /api/v1/notes/{noteId}: needs the tag 'api' (every operation of the API has it)"],
    ['any query taken', breaking((route) => (route.options.validate.query = true)), 'POST /api/v1/notes/{noteId}: validate its query (validate.query)'],
    ['path parameters not validated', breaking((route) => delete route.options.validate.params), 'POST /api/v1/notes/{noteId}: validate its path parameters (validate.params)'],
    ['body not validated', breaking((route) => delete route.options.validate.payload), 'POST /api/v1/notes/{noteId}: validate its body (validate.payload)'],
    ['no response schema', breaking((route) => delete route.options.response), 'POST /api/v1/notes/{noteId}: declare its response schema (response.schema or response.status)'],
    ['no scope declared', breaking((route) => (route.options.plugins = {})), 'POST /api/v1/notes/{noteId}: declare plugins.platform.scope (an OAuth scope, or null for API keys only)'],
    ['a scope that is none', breaking((route) => (route.options.plugins.platform.scope = 'notes:write')), 'POST /api/v1/notes/{noteId}: plugins.platform.scope: notes:write is not an OAuth scope'],
    ['a write with a read scope', breaking((route) => (route.options.plugins.platform.scope = 'conversations:read')), 'POST /api/v1/notes/{noteId}: plugins.platform.scope: a write takes a :write scope, not conversations:read'],
    [
      'a read with a write scope',
      breaking((route) => {
        route.method = 'GET';
        delete route.options.validate.payload;
      }),
      'GET /api/v1/notes/{noteId}: plugins.platform.scope: a read takes a :read scope, not conversations:write',
    ],
    // Declared errors (plugins.platform.errors) are error statuses with snake_case codes.
    ['a declared status that is no error', breaking((route) => (route.options.plugins.platform.errors = { 302: ['moved'] })), 'POST /api/v1/notes/{noteId}: plugins.platform.errors: status 302 is not a 4xx or 5xx status'],
    ['a declared code not in snake_case', breaking((route) => (route.options.plugins.platform.errors = { 409: ['Not-Snake'] })), 'POST /api/v1/notes/{noteId}: plugins.platform.errors: code "Not-Snake" of 409 is not snake_case'],
    ['a status declared with no code', breaking((route) => (route.options.plugins.platform.errors = { 409: [] })), 'POST /api/v1/notes/{noteId}: plugins.platform.errors: the codes of 409 must be a non-empty list'],
    ['codes declared without statuses', breaking((route) => (route.options.plugins.platform.errors = ['conflict'])), 'POST /api/v1/notes/{noteId}: plugins.platform.errors must map statuses to codes'],
  ];
  for (const [label, route, message] of cases) {
    const failure = await startFailure(t, [pluginAdding(route)]);
    t.type(failure, RouteContractError, label);
    t.equal(failure?.message.slice(0, message.length), message, `${label}: ${message}`);
  }
});

t.test('the check covers the built-in routes too: a route added after every area is refused', async (t) => {
  const unvalidated = compliantRoute();
  unvalidated.method = 'PUT';
  delete unvalidated.options.validate.payload;
  const failure = await startFailure(t, [...allPlugins, pluginAdding(compliantRoute(), unvalidated)]);
  t.type(failure, RouteContractError);
  t.equal(failure?.message, 'PUT /api/v1/notes/{noteId}: validate its body (validate.payload)');
});

t.test('routes that keep the contract start, and are served', async (t) => {
  const search: ServerRoute = {
    ...compliantRoute(),
    path: '/api/v1/notes/search',
    options: { ...compliantRoute().options, plugins: { platform: { scope: 'conversations:read' } }, validate: { payload: Joi.object({ q: Joi.string() }) } },
  };
  const keysOnly: ServerRoute = { ...compliantRoute(), path: '/api/v1/notes', options: { ...compliantRoute().options, plugins: { platform: { scope: null } }, validate: { payload: Joi.object({}) } } };
  // Outside /api/v1, without API keys: no scope to declare.
  const open: ServerRoute = {
    method: 'GET',
    path: '/notes-status',
    options: { auth: false, description: 'Notes status', tags: ['api'], response: { schema: Joi.object({ ok: Joi.boolean() }) }, handler: () => ({ ok: true }) },
  };
  const api = await buildTestServer(t, { server: { plugins: [pluginAdding(compliantRoute(), search, keysOnly, open)] } });
  t.same((await api.request('GET', '/notes-status')).json, { ok: true }, 'the open route answers');
  assertError(t, await api.request('POST', '/api/v1/notes/n1', { payload: { text: 'x' } }), 401, 'missing_credentials');
});

t.test('every /api/v1 and /admin/v1 route refuses a request without credentials', async (t) => {
  const api = await buildTestServer(t);
  const routes = api.server
    .table()
    .filter((route) => /^\/(api|admin)\/v1\//.test(route.path))
    .filter((route) => !PUBLIC_API_ROUTES.has(`${route.method.toUpperCase()} ${route.path}`));
  for (const route of routes) {
    const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_x`);
    const response = await api.request(route.method, url, {
      payload: ['post', 'put', 'patch'].includes(route.method) ? {} : undefined,
    });
    assertError(t, response, 401, 'missing_credentials', `${route.method.toUpperCase()} ${route.path}`);
  }
});

t.test('unknown query parameters are refused on every route', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const body = assertError(t, await api.request('GET', '/api/v1/account?verbose=1', { key: acme.live }), 400, 'validation_failed');
  t.equal(body.details[0].path, 'verbose');
  assertError(t, await api.request('GET', '/api/v1/chatbots?verbose=1', { key: acme.live }), 400, 'validation_failed');
  // An empty query passes the default rule without joi (core/server.ts); `?` and `?&` are empty too.
  for (const suffix of ['', '?', '?&']) t.equal((await api.request('GET', `/api/v1/account${suffix}`, { key: acme.live })).statusCode, 200, `GET /api/v1/account${suffix}`);
  assertError(t, await api.request('GET', '/api/v1/account?=1', { key: acme.live }), 400, 'validation_failed');
});

t.test('every route documents its responses, derived from what it declares', async (t) => {
  const api = await buildTestServer(t);
  const routes = api.server.table().filter((route) => route.path !== '/{any*}');
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    let derived: ReturnType<typeof documentedResponses>;
    try {
      derived = documentedResponses(route);
    } catch (error) {
      t.fail(`${name}: ${(error as Error).message}`);
      continue;
    }
    const statuses = new Map(derived.errors.map((error) => [error.status, error.codes]));
    const validate = route.settings.validate as Record<string, unknown>;
    const strategy = routeAuthStrategy(route);
    // A 2xx, or the one redirect the API has (GET / to the dashboard: a 302 without a body).
    t.ok(derived.success.length > 0 && derived.success.every((s) => (s.status >= 200 && s.status < 300) || s.status === 302), `${name}: success codes`);
    t.ok(
      derived.success.every((s) => (s.status === 204 || s.status === 302 ? s.mediaTypes.length === 0 : s.mediaTypes.length > 0)),
      `${name}: media types (none for 204 and 302)`,
    );
    t.ok(statuses.has(500) && statuses.has(503), `${name}: 500 and 503`);
    if (validate.query || validate.params || validate.payload) t.ok(statuses.has(400), `${name}: 400`);
    if (strategy) t.ok(statuses.get(401)?.includes('missing_credentials'), `${name}: 401`);
    if (strategy === 'api-key') {
      t.ok(statuses.has(403) && statuses.get(429)?.includes('rate_limited'), `${name}: 403 and 429`);
      if (route.method === 'post') {
        t.ok(statuses.get(409)?.includes('idempotency_key_in_flight'), `${name}: 409 for Idempotency-Key`);
        t.ok(statuses.get(422)?.includes('idempotency_key_reused'), `${name}: 422 for Idempotency-Key`);
      }
    }
    if (/\{\w+\}/.test(route.path) && strategy) t.ok(statuses.has(404), `${name}: 404 for its ids`);
    if (['post', 'put', 'patch'].includes(route.method)) t.ok(statuses.has(413) && statuses.has(415), `${name}: 413 and 415`);
    // An error a route's notes promise ("409 `chatbot_archived`") is among its documented codes.
    for (const match of notesOf(route).matchAll(/\b([45]\d\d) `([a-z_]+)`/g)) {
      t.ok(statuses.get(Number(match[1]))?.includes(match[2]!), `${name}: ${match[1]} ${match[2]} documented`);
    }
  }
});

t.test('a route declares the errors its handler answers: documented, and held to in tests', async (t) => {
  const reported: string[] = [];
  const api = await buildTestServer(t, { undocumentedError: (message) => reported.push(message) });
  const answer = (code: string) => () => {
    throw apiError(409, code, 'Refused');
  };
  api.server.route([
    {
      method: 'GET',
      path: '/declared',
      options: { auth: false, plugins: { platform: { errors: { 409: ['declared_refusal'] } } }, response: { schema: Joi.object() }, handler: answer('declared_refusal') },
    },
    { method: 'GET', path: '/undeclared', options: { auth: false, response: { schema: Joi.object() }, handler: answer('undeclared_refusal') } },
  ]);
  const declared = api.server.table().find((route) => route.path === '/declared')!;
  t.same(documentedResponses(declared).errors.find((error) => error.status === 409)?.codes, ['declared_refusal'], 'the declared code is documented');

  assertError(t, await api.request('GET', '/declared'), 409, 'declared_refusal');
  t.same(reported, [], 'a declared error passes');
  assertError(t, await api.request('GET', '/undeclared'), 409, 'undeclared_refusal');
  t.equal(reported.length, 1, 'an undeclared error is reported');
  t.match(reported[0], /^GET \/undeclared answered 409 undeclared_refusal, which its document does not list/);
  // A 404 of the fallback route is no route's error.
  t.equal((await api.request('GET', '/nowhere')).statusCode, 404);
  t.equal(reported.length, 1, 'the fallback route is not held to a document');
});
