// Idempotency-Key on POST (docs/ARCHITECTURE.md A1): replay, reuse with another body, in flight, 5xx, expiry.
import t from 'tap';
import { allPlugins } from '../../plugins/index.js';
import { assertError, buildTestServer, contractRoute, testArea } from '../helpers/server.js';

/** Resolvers of the slow requests the test is holding open. */
const heldRequests: Array<() => void> = [];
const releaseSlow = () => heldRequests.splice(0).forEach((release) => release());
let failuresLeft = 0;
let handlerRuns = 0;

const controlledPlugin = testArea({
  name: 'controlled-routes',
  register(server) {
    server.route(contractRoute({
      method: 'POST',
      path: '/api/v1/test/slow',
      handler: async (_request, h) => {
        handlerRuns++;
        await new Promise<void>((resolve) => heldRequests.push(resolve));
        return h.response({ done: true }).code(201);
      },
    }));
    server.route(contractRoute({
      method: 'POST',
      path: '/api/v1/test/flaky',
      handler: (_request, h) => {
        handlerRuns++;
        if (failuresLeft-- > 0) throw new Error('transient');
        return h.response({ run: handlerRuns }).code(201);
      },
    }));
  },
});

t.test('idempotency keys', async (t) => {
  const api = await buildTestServer(t, { server: { plugins: [...allPlugins, controlledPlugin] } });
  const acme = await api.account('starter');
  const create = (key: string, payload: unknown, idempotencyKey: string) =>
    api.request('POST', '/api/v1/chatbots', { key, payload, headers: { 'idempotency-key': idempotencyKey } });

  t.test('a retry gets the first response, marked as replayed, and nothing is created twice', async (t) => {
    const first = await create(acme.live, { name: 'Once' }, 'create-once');
    t.equal(first.statusCode, 201);
    t.notOk(first.headers['idempotent-replayed']);
    const retry = await create(acme.live, { name: 'Once' }, 'create-once');
    t.equal(retry.statusCode, 201);
    t.equal(retry.headers['idempotent-replayed'], 'true');
    t.same(retry.json, first.json, 'the same body, api_key included');
    t.equal(retry.headers.location, first.headers.location);
    const list = await api.request('GET', '/api/v1/chatbots?q=once', { key: acme.live });
    t.equal(list.json.data.length, 1, 'one chatbot');
  });

  t.test('quoted (IETF) and bare (Stripe) forms are the same key', async (t) => {
    const first = await create(acme.live, { name: 'Quoted' }, '"same-key-2"');
    const second = await create(acme.live, { name: 'Quoted' }, 'same-key-2');
    t.equal(second.headers['idempotent-replayed'], 'true');
    t.equal(second.json.id, first.json.id);
  });

  t.test('the same key with another body: 422 idempotency_key_reused', async (t) => {
    await create(acme.live, { name: 'A' }, 'reused');
    assertError(t, await create(acme.live, { name: 'B' }, 'reused'), 422, 'idempotency_key_reused');
  });

  t.test('keys are per account and mode', async (t) => {
    const other = await api.account('starter');
    const live = await create(acme.live, { name: 'Per mode' }, 'shared-key');
    const test = await create(acme.test, { name: 'Per mode' }, 'shared-key');
    const elsewhere = await create(other.live, { name: 'Per mode' }, 'shared-key');
    t.notOk(test.headers['idempotent-replayed']);
    t.notOk(elsewhere.headers['idempotent-replayed']);
    t.not(test.json.id, live.json.id);
    t.not(elsewhere.json.id, live.json.id);
  });

  t.test('error responses are replayed too (4xx), not server errors (5xx)', async (t) => {
    const bad = await create(acme.live, { name: '' }, 'bad-body');
    assertError(t, bad, 400, 'validation_failed');
    const again = await create(acme.live, { name: '' }, 'bad-body');
    t.equal(again.headers['idempotent-replayed'], 'true');
    t.equal(again.json.request_id, bad.json.request_id, 'the stored response');

    failuresLeft = 1;
    handlerRuns = 0;
    const call = () => api.request('POST', '/api/v1/test/flaky', { key: acme.live, payload: {}, headers: { 'idempotency-key': 'flaky' } });
    assertError(t, await call(), 500, 'internal_error');
    const retried = await call();
    t.equal(retried.statusCode, 201, 'the retry ran the request again');
    t.equal(handlerRuns, 2);
    const replay = await call();
    t.equal(replay.headers['idempotent-replayed'], 'true');
    t.equal(handlerRuns, 2, 'then it is replayed');
  });

  t.test('a request still in flight: 409 idempotency_key_in_flight', async (t) => {
    handlerRuns = 0;
    const call = () => api.request('POST', '/api/v1/test/slow', { key: acme.live, payload: {}, headers: { 'idempotency-key': 'slow' } });
    const first = call();
    while (handlerRuns === 0) await new Promise((resolve) => setImmediate(resolve));
    assertError(t, await call(), 409, 'idempotency_key_in_flight');
    releaseSlow();
    t.equal((await first).statusCode, 201);
    t.equal((await call()).headers['idempotent-replayed'], 'true');
  });

  t.test('a key whose request died in flight is taken over after the timeout', async (t) => {
    handlerRuns = 0;
    const call = () => api.request('POST', '/api/v1/test/slow', { key: acme.live, payload: {}, headers: { 'idempotency-key': 'died' } });
    const stuck = call();
    while (handlerRuns === 0) await new Promise((resolve) => setImmediate(resolve));
    api.clock.advance((api.config.idempotency.in_flight_timeout_seconds + 1) * 1000);
    const takeover = call();
    while (handlerRuns === 1) await new Promise((resolve) => setImmediate(resolve));
    t.equal(handlerRuns, 2, 'the second request ran');
    releaseSlow();
    t.equal((await takeover).statusCode, 201);
    await stuck;
  });

  t.test('after 24 hours the key is free again', async (t) => {
    const fresh = await api.account('starter'); // the earlier cases used up acme's chatbot quota
    const first = await create(fresh.live, { name: 'Day one' }, 'daily');
    api.clock.advance(24 * 3600 * 1000 + 1000);
    const later = await create(fresh.live, { name: 'Day one' }, 'daily');
    t.equal(later.statusCode, 201);
    t.notOk(later.headers['idempotent-replayed']);
    t.not(later.json.id, first.json.id);
  });

  t.test('a malformed key: 400 validation_failed', async (t) => {
    for (const bad of ['', '""', 'x'.repeat(256), 'tab\there']) {
      const body = assertError(t, await create(acme.live, { name: 'x' }, bad), 400, 'validation_failed', JSON.stringify(bad));
      t.equal(body.details[0].path, 'headers.idempotency-key');
    }
  });

  t.test('GET requests ignore the header', async (t) => {
    const response = await api.request('GET', '/api/v1/chatbots', { key: acme.live, headers: { 'idempotency-key': 'get' } });
    t.equal(response.statusCode, 200);
    t.notOk(response.headers['idempotent-replayed']);
  });
});

t.test('kept responses carrying secrets: encrypted at rest, replayed only to the key that made them', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const post = (key: string, url: string, payload: unknown, idempotencyKey: string) =>
    api.request('POST', url, { key, payload, headers: { 'idempotency-key': idempotencyKey } });

  const created = await post(acme.live, '/api/v1/api-keys', { name: 'ci' }, 'make-ci-key');
  t.equal(created.statusCode, 201);
  const secret: string = created.json.secret;
  t.match(secret, /^sk_live_/);
  const webhook = await post(acme.live, '/api/v1/webhooks', { url: 'https://hooks.example.com/in' }, 'make-hook');
  t.equal(webhook.statusCode, 201);
  const signingSecret: string = webhook.json.secret;
  t.match(signingSecret, /^whsec_/);

  const stored = await api.storedText();
  t.notOk(stored.includes(secret.slice(8)), 'the new API key is not in the store in clear');
  t.notOk(stored.includes(signingSecret.slice(6)), 'nor the webhook signing secret');

  const replay = await post(acme.live, '/api/v1/api-keys', { name: 'ci' }, 'make-ci-key');
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.equal(replay.json.secret, secret, 'the same key replays the response, secret included');

  // Another key of the same account (here the one just made) does not get the first key's response.
  const other = await post(secret, '/api/v1/api-keys', { name: 'ci' }, 'make-ci-key');
  assertError(t, other, 422, 'idempotency_key_reused', 'another credential');
  t.notOk(other.payload.includes(secret.slice(8)), 'and sees nothing of it');
  const otherHook = await post(secret, '/api/v1/webhooks', { url: 'https://hooks.example.com/in' }, 'make-hook');
  assertError(t, otherHook, 422, 'idempotency_key_reused', 'another credential, webhook');
  t.notOk(otherHook.payload.includes(signingSecret), 'no signing secret either');
});
