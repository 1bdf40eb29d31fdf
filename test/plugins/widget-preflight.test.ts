// Every public widget route answers its CORS preflight as a browser sends it: for every method it
// serves, with the headers the widget's script sets and the query strings it really uses. The
// routes are read from the server's table, so a new public route or query is covered without a
// new line here. (A poll's preflight carrying `?after=msg_…` was once refused with a 400, and the
// browser dropped every agent's reply on the floor.)
import t from 'tap';
import Joi from 'joi';
import { buildTestServer } from '../helpers/server.js';

const ORIGIN = 'https://shop.example.com';
/** What web/widget/src/api.ts sets on its requests (`fetch` asks for the non-simple ones). */
const WIDGET_HEADERS = ['authorization', 'content-type', 'accept'];

t.test('every public widget route answers its preflight, query strings included', async (t) => {
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const created = await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Shop' } });
  const bot = created.json as { id: string };
  await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: account.live, payload: { allowed_origins: [ORIGIN] } });
  const started = await api.request('POST', `/widget/v1/${bot.id}/conversations`, { payload: {}, headers: { origin: ORIGIN } });
  const { conversation, token } = started.json as { conversation: { id: string }; token: string };
  const sent = await api.request('POST', `/widget/v1/${bot.id}/conversations/${conversation.id}/messages`, {
    payload: { content: 'hello' },
    headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
  });
  const messageId = (sent.json as { message: { id: string } }).message.id;

  const ids: Record<string, string> = { id: bot.id, convId: conversation.id, msgId: messageId };
  // The queries the widget sends, by name (the poll's `after`). A public route that declares a query
  // parameter missing here fails below: add what the widget sends for it.
  const queryValues: Record<string, string> = { after: messageId };

  const routes = api.server.table().filter((route) => route.settings.plugins?.widget?.public && route.method !== 'options');
  t.ok(routes.length >= 6, `${routes.length} public widget routes`);
  for (const route of routes) {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
    const query = route.settings.validate?.query;
    const names = Joi.isSchema(query) ? Object.keys((query as Joi.ObjectSchema).describe().keys ?? {}) : [];
    for (const name of names) t.ok(queryValues[name], `${route.method.toUpperCase()} ${route.path}: a value for its query "${name}"`);
    const queries = ['', ...(names.length ? [`?${names.map((name) => `${name}=${encodeURIComponent(queryValues[name] ?? '')}`).join('&')}`] : []), '?_=1'];
    for (const search of queries) {
      const what = `OPTIONS ${route.path}${search} for ${route.method.toUpperCase()}`;
      const response = await api.request('OPTIONS', `${path}${search}`, {
        headers: { origin: ORIGIN, 'access-control-request-method': route.method.toUpperCase(), 'access-control-request-headers': WIDGET_HEADERS.join(',') },
      });
      t.equal(response.statusCode, 204, `${what}: 204 (${response.statusCode === 204 ? '' : response.payload})`);
      t.equal(response.headers['access-control-allow-origin'], ORIGIN, `${what}: the origin echoed`);
      const methods = String(response.headers['access-control-allow-methods'] ?? '').split(/,\s*/);
      t.ok(methods.includes(route.method.toUpperCase()), `${what}: the method allowed (${methods.join(', ')})`);
      const allowed = String(response.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/,\s*/);
      for (const header of WIDGET_HEADERS) t.ok(allowed.includes(header), `${what}: ${header} allowed`);
    }
  }
});

t.test('a preflight from an origin the widget does not allow is refused, whatever its query', async (t) => {
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Shop' } })).json as { id: string };
  await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: account.live, payload: { allowed_origins: [ORIGIN] } });
  const response = await api.request('OPTIONS', `/widget/v1/${bot.id}/config?after=x`, {
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
  });
  t.equal(response.statusCode, 403);
  t.equal(response.json.code, 'origin_not_allowed');
  t.notOk(response.headers['access-control-allow-origin'], 'no CORS grant');
});
