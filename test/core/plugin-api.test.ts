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
    ['an API too new', pluginThat(() => undefined, { platformApi: '>=2' }), /needs the platform plugin API >=2; this server has 1\.2\.0/],
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
  t.equal(pluginApi!.apiVersion, '1.2.0', '1.1: notifyMembersWith added; 1.2: services.conversations');
});

t.test('services.conversations: a plugin relays a visitor message and reads the transcript, with no HTTP of the conversations area', async (t) => {
  // A relay: another channel's message goes in through the turn contract, its events come back as
  // plain values the plugin renders its own way (here, as one JSON list).
  const plugin = pluginThat((api) => {
    const chatbotOf = async (request: Parameters<PluginApi['request']['tenantOf']>[0]) => {
      const { id } = request.params as { id: string };
      const chatbot = await api.services.chatbots.profile(api.request.tenantOf(request), id);
      if (!chatbot) throw api.errors.notFound('chatbot', id);
      return chatbot;
    };
    const params = api.Joi.object({ id: api.Joi.string().required(), convId: api.Joi.string().required() });
    api.route([
      {
        method: 'POST',
        path: '/relay/{id}/{convId}',
        options: {
          description: 'Relay a visitor message',
          plugins: { platform: { scope: null } },
          validate: { params, payload: api.Joi.object({ content: api.Joi.string().required() }) },
          response: { status: { 201: api.Joi.object().unknown() } },
          handler: async (request, h) => {
            const tenant = api.request.tenantOf(request);
            const chatbot = await chatbotOf(request);
            const { content } = request.payload as { content: string };
            const events: unknown[] = [];
            for await (const event of await api.services.conversations.visitors.streamReply(tenant, chatbot, { conversationId: (request.params as { convId: string }).convId, content })) {
              events.push(event);
            }
            return h.response({ events }).code(201);
          },
        },
      },
      {
        method: 'GET',
        path: '/transcript/{id}/{convId}',
        options: {
          description: 'A transcript from the conversation facts',
          plugins: { platform: { scope: null } },
          validate: { params },
          response: { schema: api.Joi.object().unknown() },
          handler: async (request) => {
            const tenant = api.request.tenantOf(request);
            const { convId } = request.params as { convId: string };
            const conversation = await api.services.conversations.facts.conversation(tenant, convId);
            if (!conversation) throw api.errors.notFound('conversation', convId);
            const questions: string[] = [];
            for await (const message of api.services.conversations.facts.visitorMessages(tenant, convId)) questions.push(message.content);
            return { chatbot_id: conversation.chatbot_id, questions };
          },
        },
      },
    ]);
  });
  const api = await startPluginTestPlatform({ plugins: [plugin], databaseUrl: await databaseUrl() });
  t.teardown(() => api.close());
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const conversation = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live, payload: {} })).json as { id: string };

  const relayed = await api.request('POST', `/api/v1/relay/${bot.id}/${conversation.id}`, { key: acme.live, payload: { content: 'Do you ship abroad?' } });
  t.equal(relayed.statusCode, 201);
  const events = relayed.json.events as Array<{ type: string; message?: { role: string; content: string }; content?: string; turn?: { reply: { content: string } | null } }>;
  t.match(events[0], { type: 'message', message: { role: 'user', content: 'Do you ship abroad?' } }, 'the stored visitor message first');
  t.equal(events.at(-1)?.type, 'done', 'the whole turn last');
  const deltas = events.filter((event) => event.type === 'delta');
  t.ok(deltas.length > 0, 'the reply in deltas between');
  const reply = events.at(-1)!.turn!.reply!;
  t.ok(reply.content.length > 0);
  t.equal(deltas.map((event) => event.content).join(''), reply.content, 'the deltas make the reply');
  t.notOk('confidence' in reply, 'as the visitor sees it: nothing only the account sees');

  const transcript = await api.request('GET', `/api/v1/transcript/${bot.id}/${conversation.id}`, { key: acme.live });
  t.same(transcript.json, { chatbot_id: bot.id, questions: ['Do you ship abroad?'] }, 'the facts read what the turn stored');

  // What refuses a turn rejects before any event: the plugin's route answers it as the API's error.
  t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/end`, { key: acme.live, payload: {} })).statusCode, 200);
  const ended = await api.request('POST', `/api/v1/relay/${bot.id}/${conversation.id}`, { key: acme.live, payload: { content: 'Hello?' } });
  t.match(ended, { statusCode: 409, json: { code: 'conversation_ended' } });
  const foreign = await api.request('POST', `/api/v1/relay/${bot.id}/conv_00000000000000000000000000`, { key: acme.live, payload: { content: 'Hello?' } });
  t.match(foreign, { statusCode: 404, json: { code: 'conversation_not_found' } });
});
