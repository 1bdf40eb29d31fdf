// The public plugin API (core/plugin-api): what a plugin's register may do and what it may not,
// checked at start; the services it gets (collections migrated, events in the webhook list, loops,
// sweeps, the guarded fetcher). The example plugin's own tests are in examples/canned-responses.
import t from 'tap';
import { runMaintenance } from '../../core/maintenance.js';
import type { PlatformPlugin, PluginApi, PluginRoute } from '../../core/plugin-api/index.js';
import { PluginLoadError } from '../../core/plugin-api/loader.js';
import { startPluginTestPlatform } from '../../app/testing.js';
import { TEST_STORE } from '../helpers/server.js';
import { freshMongoUrl } from '../helpers/mongodb.js';

const databaseUrl = async () => (TEST_STORE === 'sqlite' ? undefined : freshMongoUrl(TEST_STORE === 'mongodb'));

function pluginThat(register: (api: PluginApi) => void, extra: Partial<PlatformPlugin> = {}): PlatformPlugin {
  return { name: 'notes', version: '1.2.3', platformApi: '^1.0.0', register, ...extra };
}

const listRoute = (api: PluginApi): PluginRoute => ({
  method: 'GET',
  path: '/notes',
  options: {
    description: 'List notes',
    plugins: { platform: { scope: null } },
    response: { schema: api.Joi.object({ data: api.Joi.array().required() }) },
    handler: () => ({ data: [] }),
  },
});

t.test('a plugin that breaks the rules does not start, and the error names it', async (t) => {
  const cases: Array<[string, PlatformPlugin, RegExp]> = [
    ['collection name', pluginThat((api) => void api.collection({ name: 'things', scope: 'tenant' })), /collection "things" must be named "notes" or start with "notes_"/],
    ['auth off', pluginThat((api) => api.route({ ...listRoute(api), options: { ...listRoute(api).options, auth: false } } as PluginRoute)), /auth cannot be turned off/],
    ['no scope', pluginThat((api) => api.route({ ...listRoute(api), options: { ...listRoute(api).options, plugins: {} } })), /declare plugins\.platform\.scope/],
    ['no response schema', pluginThat((api) => api.route({ ...listRoute(api), options: { ...listRoute(api).options, response: undefined } })), /declare its response schema/],
    ['absolute path', pluginThat((api) => api.route({ ...listRoute(api), path: '/api/v1/notes' })), /relative to \/api\/v1/],
    ['unvalidated params', pluginThat((api) => api.route({ ...listRoute(api), path: '/notes/{noteId}' })), /validate its path parameters/],
    ['a platform id prefix', pluginThat((api) => void api.ids.idSchema('cb')), /id prefix "cb" belongs to the platform/],
    ['an API too new', pluginThat(() => undefined, { platformApi: '>=2' }), /needs the platform plugin API >=2; this server has 1\.1\.0/],
    ['a taken event type', pluginThat(() => undefined, { events: [{ type: 'chatbot.created', description: 'x' }] }), /the event type chatbot\.created is already taken/],
    ['a bad version', pluginThat(() => undefined, { version: 'latest' }), /"version" failed custom validation because not a semver version/],
  ];
  for (const [label, plugin, message] of cases) {
    const failure = await startPluginTestPlatform({ plugins: [plugin], databaseUrl: await databaseUrl() }).then(
      (started) => started.close().then(() => null),
      (error: unknown) => error,
    );
    t.type(failure, PluginLoadError, label);
    t.match((failure as Error).message, /^Plugin notes/, `${label}: names the plugin`);
    t.match((failure as Error).message, message, label);
  }
  const twice = await startPluginTestPlatform({ plugins: [pluginThat(() => undefined), pluginThat(() => undefined)] }).catch((error: Error) => error);
  t.match((twice as Error).message, /another plugin is already called notes/);
});

t.test('what a plugin gets: its routes, collection, events, loop, sweep and a guarded fetcher', async (t) => {
  let pluginApi: PluginApi | null = null;
  let passes = 0;
  const invitations: Array<{ email: string; url: string; role: string }> = [];
  const plugin = pluginThat(
    (api) => {
      pluginApi = api;
      const notes = api.collection<{ text: string; created_at: string }>({ name: 'notes', scope: 'tenant' });
      api.route([
        {
          method: 'POST',
          path: '/notes',
          options: {
            description: 'Add a note',
            plugins: { platform: { scope: null } },
            validate: { payload: api.Joi.object({ text: api.Joi.string().required(), event: api.Joi.string() }) },
            response: { status: { 201: api.Joi.object({ id: api.Joi.string().required() }) } },
            handler: async (request, h) => {
              const { text, event } = request.payload as { text: string; event?: string };
              const tenant = api.request.tenantOf(request);
              const doc = { id: api.ids.newId('note'), text, created_at: api.now().toISOString() };
              await api.events.publish(tenant, { type: event ?? 'note.added', data: { id: doc.id } }, [notes.forTenant(tenant).ops.insert(doc)]);
              return h.response({ id: doc.id }).code(201);
            },
          },
        },
      ]);
      api.loop('counter', async () => {
        passes++;
        return 0;
      });
      api.maintenance('sweep', async () => 7);
      api.sendInvitationsWith(async (invitation) => {
        invitations.push(invitation);
      });
    },
    { events: [{ type: 'note.added', description: 'A note was added' }] },
  );
  const api = await startPluginTestPlatform({ plugins: [plugin], databaseUrl: await databaseUrl() });
  t.teardown(() => api.close());
  const acme = await api.account('starter');

  const added = await api.request('POST', '/api/v1/notes', { key: acme.live, payload: { text: 'hello' } });
  t.equal(added.statusCode, 201, 'served under /api/v1');
  t.match(added.json.id, /^note_[0-9a-z]{26}$/);
  const events = await api.request('GET', '/api/v1/events?type=note.added', { key: acme.live });
  t.equal(events.json.data[0]?.data.id, added.json.id, 'its event is published');
  t.ok(api.platform.eventTypes.includes('note.added'), 'and in the event types');
  const webhook = await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: 'https://hooks.example.com/x', events: ['note.added'] } });
  t.equal(webhook.statusCode, 201, 'webhooks may subscribe to it');
  const undeclared = await api.request('POST', '/api/v1/notes', { key: acme.live, payload: { text: 'x', event: 'note.removed' } });
  t.equal(undeclared.statusCode, 500, 'publishing a type the manifest does not declare is a bug in the plugin');
  t.equal((await api.request('GET', '/api/v1/events?type=note.removed', { key: acme.live })).json.data.length, 0, 'and nothing was written');

  t.equal((await runMaintenance(api.platform))['notes.sweep'], 7, 'its sweep runs with the maintenance tick');
  const loop = [...api.platform.loopOptions.registry].find((candidate) => candidate.health.name === 'notes.counter');
  t.ok(loop, 'its loop is reported by /ready');
  await loop!.drain();
  t.ok(passes >= 1, 'and runs');

  const invited = await api.request('POST', '/api/v1/members', { key: acme.live, payload: { email: 'new@example.com', role: 'agent' } });
  t.equal(invited.statusCode, 201);
  t.match(invitations, [{ email: 'new@example.com', role: 'agent', url: invited.json.invitation.url }], 'its invitation sender got the link');

  const fetcher = pluginApi!.fetcher();
  await t.rejects(fetcher.fetch('http://127.0.0.1:1/'), 'the fetcher refuses private addresses');
  t.equal(pluginApi!.apiVersion, '1.1.0', '1.1: notifyMembersWith added');
});
