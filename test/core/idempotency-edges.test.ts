// Idempotency-Key edges the mutation run (npm run mutate:core) found untested: the key's form at its
// limits, the exact end of the 24 hours and of the in-flight timeout, GET never kept, and a streamed
// response never kept. Each test names the rule it holds; CONTRIBUTING.md's mutation section lists them.
import { Readable } from 'node:stream';
import t, { type Test } from 'tap';
import { allPlugins } from '../../plugins/index.js';
import { assertError, buildTestServer, contractRoute, testArea } from '../helpers/server.js';

/** Resolvers of the held requests. */
const held: Array<() => void> = [];
let runs = 0;

const routes = testArea({
  name: 'idempotency-edge-routes',
  register(server) {
    server.route(contractRoute({ method: 'POST', path: '/api/v1/test/count', handler: (_request, h) => h.response({ run: ++runs }).code(201) }));
    server.route(contractRoute({
      method: 'POST',
      path: '/api/v1/test/held',
      handler: async (_request, h) => {
        runs++;
        await new Promise<void>((resolve) => held.push(resolve));
        return h.response({ done: true }).code(201);
      },
    }));
    server.route(contractRoute({
      method: 'POST',
      path: '/api/v1/test/stream',
      handler: (_request, h) => h.response(Readable.from([Buffer.from(`run ${++runs}`)], { objectMode: false })).type('text/plain').code(201),
    }));
  },
});

async function setup(t: Test) {
  const api = await buildTestServer(t, { server: { plugins: [...allPlugins, routes] } });
  const acme = await api.account('starter');
  const post = (path: string, idempotencyKey: string, payload: unknown = {}) =>
    api.request('POST', path, { key: acme.live, payload, headers: { 'idempotency-key': idempotencyKey } });
  return { api, acme, post };
}

/** Lets the server run until `condition` holds (a held handler started), without a fixed sleep. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

// One server for every case (a server on FerretDB is the slow part); each case uses its own keys.
t.test('idempotency key edges', async (t) => {
  const { api, acme, post } = await setup(t);

  t.test('the key at its limits: 255 characters, a lone quote, a quote on one side, inner spaces', async (t) => {
    for (const key of ['k'.repeat(255), '"', '"half', 'half"', 'two words']) {
      const first = await post('/api/v1/test/count', key);
      t.equal(first.statusCode, 201, `${JSON.stringify(key)} is a valid key`);
      t.notOk(first.headers['idempotent-replayed'], `${JSON.stringify(key)}: first use`);
      const again = await post('/api/v1/test/count', key);
      t.equal(again.headers['idempotent-replayed'], 'true', `${JSON.stringify(key)}: replayed`);
      t.same(again.json, first.json, `${JSON.stringify(key)}: the first response`);
    }
    // A quote on one side only is part of the key, not RFC 8941 quoting: "half is not half.
    const bare = await post('/api/v1/test/count', 'half');
    t.notOk(bare.headers['idempotent-replayed'], '"half, half" and half are three keys');
    const body = assertError(t, await post('/api/v1/test/count', 'k'.repeat(256)), 400, 'validation_failed', '256 characters');
    t.equal(body.details[0].path, 'headers.idempotency-key');
  });

  t.test('GET requests are never kept: the same key twice runs twice, and is still free for a POST', async (t) => {
    const get = () => api.request('GET', '/api/v1/account', { key: acme.live, headers: { 'idempotency-key': 'read' } });
    const first = await get();
    const second = await get();
    t.equal(first.statusCode, 200);
    t.equal(second.statusCode, 200);
    t.notOk(second.headers['idempotent-replayed'], 'the second GET is not a replay');
    const created = await post('/api/v1/test/count', 'read');
    t.equal(created.statusCode, 201);
    t.notOk(created.headers['idempotent-replayed'], 'the GETs took no key');
  });

  t.test('a kept response lasts exactly ttl_seconds: replayed 1 ms before, free at the second', async (t) => {
    const ttlMs = api.config.idempotency.ttl_seconds * 1000;
    const first = await post('/api/v1/test/count', 'day');
    api.clock.advance(ttlMs - 1);
    const replay = await post('/api/v1/test/count', 'day');
    t.equal(replay.headers['idempotent-replayed'], 'true', '1 ms before expiry: replayed');
    t.same(replay.json, first.json);
    api.clock.advance(1);
    const fresh = await post('/api/v1/test/count', 'day');
    t.equal(fresh.statusCode, 201);
    t.notOk(fresh.headers['idempotent-replayed'], 'at expires_at: the key is free again');
    t.not(fresh.json.run, first.json.run, 'the request ran again');
  });

  t.test('a request in flight is taken over only after in_flight_timeout_seconds have passed', async (t) => {
    runs = 0;
    const timeoutMs = api.config.idempotency.in_flight_timeout_seconds * 1000;
    const stuck = post('/api/v1/test/held', 'stuck');
    await until(() => runs === 1);
    api.clock.advance(timeoutMs);
    let answered = false;
    const atTimeout = post('/api/v1/test/held', 'stuck').finally(() => (answered = true));
    await until(() => answered || runs > 1);
    if (runs > 1) {
      t.fail('at the timeout itself the request was taken over and ran again');
      for (const release of held.splice(0)) release();
      await Promise.all([stuck, atTimeout]);
      return;
    }
    assertError(t, await atTimeout, 409, 'idempotency_key_in_flight', 'at the timeout itself: still in flight');
    t.equal(runs, 1, 'not run again');
    api.clock.advance(1);
    const takeover = post('/api/v1/test/held', 'stuck');
    await until(() => runs === 2);
    t.pass('1 ms past the timeout: the retry took the key over and ran');
    for (const release of held.splice(0)) release();
    t.equal((await takeover).statusCode, 201);
    await stuck;
  });

  t.test('a streamed response is not kept: the retry runs the request again', async (t) => {
    runs = 0;
    const first = await post('/api/v1/test/stream', 'streamed');
    t.equal(first.statusCode, 201);
    t.equal(first.payload, 'run 1');
    const retry = await post('/api/v1/test/stream', 'streamed');
    t.equal(retry.statusCode, 201);
    t.notOk(retry.headers['idempotent-replayed'], 'not a replay');
    t.equal(retry.payload, 'run 2', 'the handler ran again');
  });
});
