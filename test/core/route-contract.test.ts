// Every route describes itself (so the OpenAPI document can be generated from the routes alone)
// and every API route demands credentials. New plugins are held to this automatically.
import t from 'tap';
import { assertError, buildTestServer } from '../helpers/server.js';

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
  const routes = api.server.table().filter((route) => /^\/(api|admin)\/v1\//.test(route.path));
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
});
