// The built-in areas register through the plugin API (core/plugin-api/privileged.ts): their
// manifests keep the rules every plugin's keep, they publish only what they declare, and together
// they declare exactly the platform's event types.
import t from 'tap';
import { BUILT_IN_EVENT_TYPES } from '../../common/event-types.js';
import { PLUGIN_API_VERSION } from '../../core/plugin-api/index.js';
import { checkPlugins, PluginLoadError } from '../../core/plugin-api/loader.js';
import type { BuiltInPlugin, BuiltInPluginApi } from '../../core/plugin-api/privileged.js';
import { allPlugins } from '../../plugins/index.js';
import { assertError, buildTestServer } from '../helpers/server.js';

/** A built-in area that keeps its api for the test to use once the server is built. */
function keepingItsApi(name: string, extra: Partial<BuiltInPlugin> = {}): { area: BuiltInPlugin; api: () => BuiltInPluginApi } {
  let kept: BuiltInPluginApi | null = null;
  const area: BuiltInPlugin = { name, version: '1.0.0', platformApi: PLUGIN_API_VERSION, register: (api) => void (kept = api), ...extra };
  return { area, api: () => kept! };
}

t.test('every built-in area is a plugin manifest, and together they declare exactly the platform’s event types', async (t) => {
  const checked = checkPlugins(allPlugins.map((plugin) => ({ source: 'built-in', plugin })), []);
  t.equal(checked.length, allPlugins.length, 'every manifest passes the rules external plugins keep, names and event types unique');
  for (const area of allPlugins) t.equal(area.platformApi, PLUGIN_API_VERSION, `${area.name} is written for this API`);
  const declared = allPlugins.flatMap((area) => (area.events ?? []).map((event) => event.type));
  t.same([...declared].sort(), [...BUILT_IN_EVENT_TYPES].sort(), 'the declared types are the built-in event list (common/event-types.ts), each declared once');
  t.same(
    allPlugins.find((area) => area.name === 'leads')?.events?.map((event) => event.type),
    ['lead.captured', 'lead.updated'],
    'an area declares what it publishes',
  );
});

t.test('a built-in area’s manifest is checked at start like any plugin’s', async (t) => {
  const clash = keepingItsApi('leads');
  const failure = await buildTestServer(t, { server: { plugins: [...allPlugins, clash.area] } }).then(
    () => null,
    (error: unknown) => error,
  );
  t.type(failure, PluginLoadError);
  t.match((failure as Error).message, /another plugin is already called leads/);

  const taken = keepingItsApi('notes', { events: [{ type: 'lead.captured', description: 'a second publisher' }] });
  const second = await buildTestServer(t, { server: { plugins: [...allPlugins, taken.area] } }).then(
    () => null,
    (error: unknown) => error,
  );
  t.match((second as Error).message, /the event type lead\.captured is already taken/);
});

t.test('a built-in area publishes only what it declares, and gives its routes relative to /api/v1', async (t) => {
  const notes = keepingItsApi('notes', { events: [{ type: 'note.created', description: 'A note was made' }] });
  const server = await buildTestServer(t, { server: { plugins: [...allPlugins, notes.area] } });
  const account = await server.account('enterprise'); // OAuth clients need full API access
  const tenant = { accountId: account.id, mode: 'live' as const };
  const api = notes.api();

  await t.rejects(api.events.publish(tenant, { type: 'chatbot.created', chatbotId: null, data: {} }), /publishes "chatbot\.created", which its manifest's `events` does not declare/);
  const published = await api.events.publish(tenant, { type: 'note.created', chatbotId: null, data: { id: 'n1' } });
  t.equal(published.type, 'note.created', 'a declared type is published');

  // No OAuth scope covers an area's events until the scope table names it: the 403 says so.
  const registered = await server.request('POST', '/api/v1/oauth/clients', { key: account.live, payload: { name: 'reader', scopes: ['webhooks:read', 'conversations:read'] } });
  const basic = Buffer.from(`${registered.json.id}:${registered.json.client_secret}`).toString('base64');
  const issued = await server.request('POST', '/oauth/token', {
    payload: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
  });
  const asked = await server.request('GET', '/api/v1/events?type=note.created', { key: issued.json.access_token });
  assertError(t, asked, 403, 'insufficient_scope');
  t.equal(asked.json.message, 'No OAuth scope covers note.created events: only API keys and dashboard members see them');
  const byKey = await server.request('GET', '/api/v1/events?type=note.created', { key: account.live });
  t.same(byKey.json.data.map((event: { id: string }) => event.id), [published.id], 'an API key sees them');
  t.throws(() => api.route({ method: 'GET', path: '/api/v1/notes', options: { handler: () => ({}) } }), /relative to \/api\/v1/);
});

t.test('what the built-in areas provide each other is read through the privileged part, and a missing one is named', async (t) => {
  const reader = keepingItsApi('reader');
  await buildTestServer(t, { server: { plugins: [...allPlugins, reader.area] } });
  const services = reader.api().privileged.services;
  t.equal(typeof services.presence.availability, 'object', 'an area registered before it');
  t.equal(reader.api().services.chatbots, services.chatbots.directory, 'the public service is the provided one');

  const alone = keepingItsApi('alone');
  await buildTestServer(t, { server: { plugins: [alone.area] } });
  t.throws(() => alone.api().privileged.services.presence, /the presence area is not registered \(yet\)/);
  t.throws(() => alone.api().services.leads, /the leads area is not registered \(yet\)/);
});
