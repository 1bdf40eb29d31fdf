// Roles (issue 17): ROLES=api,worker decides whether an instance serves the API, runs the background
// loops, or both; /ready reports each role. Two instances on one store, as an operator runs them.
import t from 'tap';
import { BackgroundLoop } from '../../core/background.js';
import { ConfigError, loadConfig } from '../../config/index.js';
import { startReceiver } from '../helpers/receiver.js';
import { buildTestServer } from '../helpers/server.js';

const qaPair = { type: 'qa', question: 'How long does delivery take?', answer: 'Two to three working days.' };

t.test('ROLES is read from the environment, and only api and worker are roles', async (t) => {
  t.same(loadConfig({ env: {}, file: null }).server.roles, ['api', 'worker'], 'both by default');
  t.same(loadConfig({ env: { ROLES: 'worker' }, file: null }).server.roles, ['worker']);
  t.same(loadConfig({ env: { ROLES: 'api, worker' }, file: null }).server.roles, ['api', 'worker']);
  for (const value of ['web', 'api,api', 'api,gateway']) {
    t.throws(() => loadConfig({ env: { ROLES: value }, file: null }), ConfigError, `ROLES=${JSON.stringify(value)} is refused`);
  }
});

t.test('/ready reports both roles and every background loop by default', async (t) => {
  const api = await buildTestServer(t);
  const ready = await api.request('GET', '/ready');
  t.equal(ready.statusCode, 200);
  t.match(ready.json, { status: 'ready', roles: { api: 'ready', worker: 'ready' } });
  const names = (ready.json.loops as Array<{ name: string; failing: boolean }>).map((loop) => loop.name);
  for (const name of ['event reactions', 'knowledge worker', 'webhook dispatcher', 'analytics roll-up', 'inactivity closer']) {
    t.ok(names.includes(name), `${name} is reported`);
  }
  t.notOk((ready.json.loops as Array<{ failing: boolean }>).some((loop) => loop.failing), 'none failing');
});

t.test('a loop whose round fails makes the worker role degraded until a round succeeds', async (t) => {
  const api = await buildTestServer(t);
  let fail = true;
  let rounds = 0;
  const loop = new BackgroundLoop(
    'flaky test loop',
    async () => {
      rounds++;
      if (fail) throw new Error('the store said no');
      return 0;
    },
    api.platform.logger,
    api.platform.loopOptions,
  );
  loop.nudge();
  await loop.drain().catch(() => undefined);
  const degraded = await api.request('GET', '/ready');
  t.equal(degraded.statusCode, 200, 'the instance still serves');
  t.equal(degraded.json.roles.worker, 'degraded');
  t.match(
    (degraded.json.loops as Array<{ name: string }>).find((entry) => entry.name === 'flaky test loop'),
    { failing: true, last_failure_at: /Z$/ },
  );

  fail = false;
  const before = rounds;
  loop.nudge();
  await loop.drain();
  t.ok(rounds > before, 'the loop ran again');
  t.equal((await api.request('GET', '/ready')).json.roles.worker, 'ready', 'a round that succeeds clears it');
});

t.test('an API-only instance leaves background work to a worker instance on the same store', async (t) => {
  const api = await buildTestServer(t, { config: { server: { roles: ['api'] } } });
  const acme = await api.account('professional');
  const bot = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Support' } });
  const item = await api.request('POST', `/api/v1/chatbots/${bot.json.id}/knowledge`, { key: acme.live, payload: qaPair });
  t.equal(item.statusCode, 201);

  const ready = await api.request('GET', '/ready');
  t.same(ready.json.roles, { api: 'ready' }, 'the API role only');
  t.same(
    (ready.json.loops as Array<{ name: string }>).map((loop) => loop.name),
    ['webhook fan-out'],
    'no loop runs here but the fan-out, which ends a publish',
  );
  // The same request on a default instance nudges its knowledge worker, which reads the pair at
  // once; here the nudge is ignored, however long the instance runs.
  for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
  const pending = await api.request('GET', `/api/v1/chatbots/${bot.json.id}/knowledge/${item.json.id}`, { key: acme.live });
  t.equal(pending.json.status, 'pending', 'the API instance did not process the item');

  const worker = await buildTestServer(t, { config: { database: { url: api.config.database.url }, server: { roles: ['worker'] } } });
  await worker.server.start(); // a started worker catches up with what is due
  let status = 'pending';
  for (let attempt = 0; attempt < 200 && status !== 'ready'; attempt++) {
    status = (await api.request('GET', `/api/v1/chatbots/${bot.json.id}/knowledge/${item.json.id}`, { key: acme.live })).json.status as string;
    if (status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 25));
  }
  t.equal(status, 'ready', 'the worker instance processed it');
});

t.test('a worker-only instance answers the operations routes and refuses API calls with 503', async (t) => {
  const worker = await buildTestServer(t, { config: { server: { roles: ['worker'] } } });
  t.equal((await worker.request('GET', '/health')).statusCode, 200);
  const ready = await worker.request('GET', '/ready');
  t.equal(ready.statusCode, 200);
  t.same(ready.json.roles, { worker: 'ready' });
  t.ok((ready.json.loops as unknown[]).length >= 5, 'its loops are reported');

  const acme = await worker.account('professional');
  for (const [method, url] of [
    ['GET', '/api/v1/chatbots'],
    ['POST', '/api/v1/chatbots'],
    ['GET', '/widget.js'],
    ['GET', '/no/such/route'],
  ] as const) {
    const refused = await worker.request(method, url, { key: acme.live, payload: method === 'POST' ? { name: 'x' } : undefined });
    t.equal(refused.statusCode, 503, `${method} ${url}`);
    t.equal(refused.json.code, 'unavailable');
    t.match(refused.json.message, /ROLES=worker/);
    t.ok(refused.json.request_id, 'in the error shape, with its request id');
  }
});

t.test('an API-only instance fans its events out at once; a worker instance sends them', async (t) => {
  // Instances sharing a store share the server key (it seals the endpoints' signing secrets).
  const webhooks = { allowed_cidrs: ['127.0.0.1/32'], secret_key: Buffer.alloc(32, 7).toString('base64') };
  const api = await buildTestServer(t, { config: { server: { roles: ['api'] }, webhooks } });
  const acme = await api.account('professional');
  const receiver = await startReceiver(t);
  const bot = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } });
  const endpoint = await api.request('POST', '/api/v1/webhooks', {
    key: acme.live,
    payload: { url: receiver.url, chatbot_id: bot.json.id, events: ['conversation.started'] },
  });
  t.equal(endpoint.statusCode, 201);
  const conversation = await api.request('POST', `/api/v1/chatbots/${bot.json.id}/conversations`, { key: acme.live, payload: {} });
  t.equal(conversation.statusCode, 201);

  // The fan-out runs here (it writes the delivery; sending is the workers'): the delivery is in the
  // store, due now, and nothing was sent.
  let deliveries: Array<{ status: string }> = [];
  for (let attempt = 0; attempt < 200 && deliveries.length === 0; attempt++) {
    deliveries = (await api.request('GET', `/api/v1/webhooks/${endpoint.json.id}/deliveries`, { key: acme.live })).json.data;
    if (deliveries.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  t.equal(deliveries.length, 1, 'the API instance wrote the delivery');
  t.equal(deliveries[0]!.status, 'pending');
  t.equal(receiver.received.length, 0, 'and sent nothing');

  const worker = await buildTestServer(t, { config: { database: { url: api.config.database.url }, server: { roles: ['worker'] }, webhooks } });
  await worker.server.start(); // the worker's dispatcher catches up with what is due at start
  await receiver.waitFor(1, 10_000);
  t.match(JSON.parse(receiver.received[0]!.body), { type: 'conversation.started', data: { id: conversation.json.id } }, 'the worker sent it');
});
