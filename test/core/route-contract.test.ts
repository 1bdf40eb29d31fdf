// Every route describes itself (so the OpenAPI document can be generated from the routes alone)
// and every API route demands credentials. New plugins are held to this automatically.
import Joi from 'joi';
import t from 'tap';
import { SCOPES } from '../../core/auth/oauth-tokens.js';
import { apiError } from '../../core/errors.js';
import { documentedResponses, notesOf, routeAuthStrategy } from '../../plugins/docs/responses.js';
import { assertError, buildTestServer } from '../helpers/server.js';

/** Routes under /api/v1 that need no credentials, on purpose. */
const PUBLIC_API_ROUTES = new Set(['GET /api/v1/openapi.json']);

t.test('every route describes and validates itself', async (t) => {
  const api = await buildTestServer(t);
  const routes = api.server.table().filter((route) => route.path !== '/{any*}');
  t.ok(routes.length >= 25, `${routes.length} routes`);
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    const settings = route.settings;
    const validate = settings.validate as Record<string, unknown>;
    t.ok(settings.description, `${name}: description`);
    t.ok(settings.tags?.includes('api'), `${name}: tagged api`);
    t.ok(validate.query, `${name}: query validated`);
    if (route.path.includes('{')) t.ok(validate.params, `${name}: params validated`);
    if (['post', 'put', 'patch'].includes(route.method)) t.ok(validate.payload, `${name}: payload validated`);
    const response = settings.response as { schema?: unknown; status?: Record<string, unknown> } | undefined;
    t.ok(response?.schema || response?.status, `${name}: response schema`);
  }
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

t.test('every /api/v1 route taking credentials declares the OAuth scope it needs (or none: API keys only)', async (t) => {
  const api = await buildTestServer(t);
  const routes = api.server
    .table()
    .filter((route) => route.path.startsWith('/api/v1/') && routeAuthStrategy(route) === 'api-key');
  t.ok(routes.length > 50, `${routes.length} routes`);
  for (const route of routes) {
    const platform = route.settings.plugins?.platform ?? {};
    const name = `${route.method.toUpperCase()} ${route.path}`;
    t.ok('scope' in platform, `${name}: declares its scope`);
    const scope = platform.scope;
    if (scope === null || scope === undefined) continue;
    t.ok((SCOPES as readonly string[]).includes(scope), `${name}: ${scope} is a scope`);
    // Reads need a :read scope; writes a :write one, except searches sent as POST.
    if (route.method === 'get') t.match(scope, /:read$/, `${name}: reads with a read scope`);
    else if (!route.path.endsWith('/search')) t.match(scope, /:write$/, `${name}: writes with a write scope`);
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
    t.ok(derived.success.length > 0 && derived.success.every((s) => s.status >= 200 && s.status < 300), `${name}: success codes`);
    t.ok(derived.success.every((s) => (s.status === 204 ? s.mediaTypes.length === 0 : s.mediaTypes.length > 0)), `${name}: media types (none for 204)`);
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

t.test('a route declares the errors its handler answers: documented, checked for form, and held to in tests', async (t) => {
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

  // Refused as the route is added (hapi's route event), so the plugin adding it fails to register.
  for (const [index, [errors, problem]] of ([
    [{ 302: ['moved'] }, /status 302 is not a 4xx or 5xx status/],
    [{ 409: ['Not-Snake'] }, /code "Not-Snake" of 409 is not snake_case/],
    [{ 409: [] }, /must be a non-empty list of codes/],
    [['conflict'], /must map statuses to codes/],
  ] as Array<[unknown, RegExp]>).entries()) {
    t.throws(
      () => api.server.route({ method: 'GET', path: `/malformed-${index}`, options: { auth: false, plugins: { platform: { errors: errors as never } }, handler: () => ({}) } }),
      { message: problem },
      JSON.stringify(errors),
    );
  }
});
