// GET /metrics: who may read it (loopback, the token, proxies), that it is gone when disabled, and
// that each measurement moves for real work: requests by route template, store calls, webhook
// deliveries to a real receiver, knowledge queue depths, and the knowledge index cache.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { DISABLED_METRICS } from '../../core/metrics/index.js';
import { CACHE_MS } from '../../plugins/metrics/queues.js';
import { startReceiver } from '../helpers/receiver.js';
import { assertError, buildTestServer, TestClock, type TestServer } from '../helpers/server.js';

const TOKEN = 'metrics-token-0123456789';
const OUTSIDER = '203.0.113.7';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comments skipped); label values here never hold quotes or commas. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    // Greedy to the last brace: route templates in label values hold braces of their own.
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(api: TestServer, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const response = await api.server.inject({ method: 'GET', url: '/metrics', headers: options.headers, remoteAddress: options.remoteAddress });
  let json: any = null;
  try {
    json = JSON.parse(response.payload);
  } catch {
    json = null;
  }
  return Object.assign(response, { json, samples: response.statusCode === 200 ? parseSamples(response.payload) : [] });
}

t.test('loopback callers read the metrics in the Prometheus text format', async (t) => {
  const api = await buildTestServer(t);
  for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    const response = await scrape(api, { remoteAddress });
    t.equal(response.statusCode, 200, `${remoteAddress} is loopback`);
    t.match(response.headers['content-type'], /^text\/plain; version=0\.0\.4/);
    t.equal(response.headers['cache-control'], 'no-store');
    t.type(response.headers['x-request-id'], 'string');
  }
  const { samples, payload } = await scrape(api);
  t.type(valueOf(samples, 'chatbot_platform_nodejs_eventloop_lag_p99_seconds'), 'number', 'event-loop lag');
  t.type(valueOf(samples, 'chatbot_platform_process_cpu_user_seconds_total'), 'number', 'process CPU');
  t.equal(valueOf(samples, 'chatbot_platform_queue_depth_cap'), 10_000);
  t.match(payload, /# TYPE chatbot_platform_http_request_duration_seconds histogram/);
});

t.test('other callers: 403 without a configured token; with one, 401 unless they send it', async (t) => {
  const open = await buildTestServer(t);
  assertError(t, await scrape(open, { remoteAddress: OUTSIDER }), 403, 'ip_not_allowed', 'no token configured');
  assertError(
    t,
    await scrape(open, { remoteAddress: OUTSIDER, headers: { authorization: `Bearer ${TOKEN}` } }),
    403,
    'ip_not_allowed',
    'a token means nothing when none is configured',
  );
  // X-Forwarded-For is not believed unless server.trust_proxy says so.
  assertError(t, await scrape(open, { remoteAddress: OUTSIDER, headers: { 'x-forwarded-for': '127.0.0.1' } }), 403, 'ip_not_allowed', 'a forged forwarded-for');

  const guarded = await buildTestServer(t, { config: { metrics: { token: TOKEN } } });
  const missing = assertError(t, await scrape(guarded, { remoteAddress: OUTSIDER }), 401, 'missing_credentials');
  t.ok(missing, 'missing token');
  t.match((await scrape(guarded, { remoteAddress: OUTSIDER })).headers['www-authenticate'], /^Bearer/);
  assertError(t, await scrape(guarded, { remoteAddress: OUTSIDER, headers: { authorization: `Bearer ${TOKEN}x` } }), 401, 'invalid_token');
  assertError(t, await scrape(guarded, { remoteAddress: OUTSIDER, headers: { authorization: TOKEN } }), 401, 'missing_credentials', 'not a bearer header');
  t.equal((await scrape(guarded, { remoteAddress: OUTSIDER, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode, 200, 'the token');
  // With a token, loopback needs it too: a reverse proxy on the same host makes every caller loopback.
  assertError(t, await scrape(guarded, { remoteAddress: '127.0.0.1' }), 401, 'missing_credentials', 'loopback needs the token once one is set');
  t.equal((await scrape(guarded, { remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode, 200, 'loopback with the token');
});

t.test('behind a trusted proxy on the same host, the client behind it is what counts', async (t) => {
  const api = await buildTestServer(t, { config: { server: { trust_proxy: true } } });
  assertError(
    t,
    await scrape(api, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': OUTSIDER } }),
    403,
    'ip_not_allowed',
    'proxied from outside',
  );
  t.equal((await scrape(api, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode, 200, 'proxied from loopback');
});

t.test('disabled: no route, no registry, the store unwrapped', async (t) => {
  const api = await buildTestServer(t, { config: { metrics: { enabled: false } } });
  assertError(t, await api.request('GET', '/metrics'), 404, 'route_not_found');
  t.equal(api.platform.metrics, DISABLED_METRICS);
  t.equal(api.platform.metrics.registry, null);
  // The adapters' stores are class instances; the timed wrapper is a plain object.
  t.not(Object.getPrototypeOf(api.platform.store), Object.prototype, 'the store as the adapter opened it');
  t.notOk(api.server.table().some((route) => route.path === '/metrics'));
  // The platform still takes the calls other code makes, and they do nothing.
  api.platform.metrics.recordCacheLookup('api_key', true);
  api.platform.metrics.recordWebhookDelivery('succeeded');
});

t.test('requests are counted by route template, method and status; unknown paths under the fallback', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account();
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  for (let i = 0; i < 2; i++) t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live })).statusCode, 200);
  t.equal((await api.request('GET', '/api/v1/chatbots/cb_missing', { key: acme.live })).statusCode, 404);
  t.equal((await api.request('GET', '/no/such/path/42')).statusCode, 404);
  t.equal((await api.request('DELETE', '/health')).statusCode, 405);

  const { samples, payload } = await scrape(api);
  const count = (labels: Record<string, string>) => valueOf(samples, 'chatbot_platform_http_request_duration_seconds_count', labels);
  t.equal(Object.getPrototypeOf(api.platform.store), Object.prototype, 'enabled: the timed wrapper');
  t.equal(count({ route: '/api/v1/chatbots', method: 'POST', status_code: '201' }), 1);
  t.equal(count({ route: '/api/v1/chatbots/{id}', method: 'GET', status_code: '200' }), 2);
  t.equal(count({ route: '/api/v1/chatbots/{id}', method: 'GET', status_code: '404' }), 1);
  t.equal(count({ route: '/{any*}', method: 'GET', status_code: '404' }), 1, 'an unknown path');
  t.equal(count({ route: '/{any*}', method: 'DELETE', status_code: '405' }), 1, 'a known path, another method');
  t.notMatch(payload, bot.id, 'no raw ids in labels');
  t.notMatch(payload, 'cb_missing');
  t.notMatch(payload, '/no/such/path');
  const buckets = samples.filter((s) => s.name === 'chatbot_platform_http_request_duration_seconds_bucket' && s.labels.route === '/api/v1/chatbots/{id}' && s.labels.status_code === '200');
  t.equal(buckets.find((s) => s.labels.le === '+Inf')?.value, 2, 'the +Inf bucket holds both');
  t.ok(buckets.some((s) => s.labels.le === '0.001') && buckets.some((s) => s.labels.le === '10'), 'buckets from 1 ms to 10 s');
});

t.test('store operations are timed by operation and collection', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account();
  await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } });
  await api.request('GET', '/api/v1/chatbots', { key: acme.live });
  const { samples } = await scrape(api);
  const count = (operation: string, collection: string) =>
    valueOf(samples, 'chatbot_platform_store_operation_duration_seconds_count', { operation, collection }) ?? 0;
  t.ok(count('findUniqueAcrossTenants', 'api_keys') >= 1, 'the key looked up');
  t.ok(count('list', 'chatbots') >= 1, 'the list');
  t.ok(count('commit', '') + count('insert', 'chatbots') >= 1, 'the chatbot written');
  const sum = valueOf(samples, 'chatbot_platform_store_operation_duration_seconds_sum', { operation: 'list', collection: 'chatbots' })!;
  t.ok(sum > 0 && sum < 5, `a plausible duration in seconds (${sum})`);
});

t.test('webhook deliveries are counted by outcome', async (t) => {
  const api = await buildTestServer(t, { config: { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const acme = await api.account('professional');
  const receiver = await startReceiver(t);
  receiver.answer = (request) => (request.path === '/down' ? { status: 500 } : { status: 200, body: 'ok' });
  const good = (await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: `${receiver.url}/hooks` } })).json;
  const bad = (await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: `${receiver.url}/down` } })).json;
  t.equal((await api.request('POST', `/api/v1/webhooks/${good.id}/test`, { key: acme.live })).statusCode, 202);
  t.equal((await api.request('POST', `/api/v1/webhooks/${bad.id}/test`, { key: acme.live })).statusCode, 202);
  await api.server.plugins.webhooks.dispatcher.drain();
  t.equal(receiver.received.length, 2, 'both were sent');

  const { samples } = await scrape(api);
  t.equal(valueOf(samples, 'chatbot_platform_webhook_deliveries_total', { outcome: 'succeeded' }), 1);
  t.equal(valueOf(samples, 'chatbot_platform_webhook_deliveries_total', { outcome: 'pending' }), 1, 'a 500: a retry is scheduled');
  t.equal(valueOf(samples, 'chatbot_platform_webhook_deliveries_total', { outcome: 'failed' }), undefined);
});

t.test('queue depths: knowledge items waiting, counted at scrape time and cached for a few seconds', async (t) => {
  const clock = new TestClock();
  const api = await buildTestServer(t, { clock });
  const acme = await api.account();
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  const depth = async () => valueOf((await scrape(api)).samples, 'chatbot_platform_queue_depth', { queue: 'knowledge_items' });
  t.equal(await depth(), 0, 'nothing waits');

  // The worker is stopped, so the items stay due: what a backlog looks like.
  await api.server.plugins.knowledge.worker.stop();
  for (const title of ['One', 'Two', 'Three']) {
    const added = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
      key: acme.live,
      payload: { type: 'document', title, format: 'text', content: `${title} is a page about shipping.` },
    });
    t.equal(added.statusCode, 201, added.payload);
  }
  t.equal(await depth(), 0, 'within the cache time: the last count');
  clock.advance(CACHE_MS);
  t.equal(await depth(), 3, 'counted again');
  const { samples } = await scrape(api);
  for (const queue of ['webhook_deliveries', 'events', 'analytics_cursors']) {
    t.type(valueOf(samples, 'chatbot_platform_queue_depth', { queue }), 'number', `${queue} is a queue`);
  }
});

t.test('the knowledge index cache counts hits and misses', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account();
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
    key: acme.live,
    payload: { type: 'qa', question: 'Do you ship abroad?', answer: 'Yes, to every EU country.' },
  });
  await api.server.plugins.knowledge.worker.drain();
  const lookups = async (result: string) =>
    valueOf((await scrape(api)).samples, 'chatbot_platform_cache_lookups_total', { cache: 'knowledge_index', result }) ?? 0;

  const search = () => api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: acme.live, payload: { query: 'ship abroad' } });
  t.equal((await search()).statusCode, 200);
  t.equal(await lookups('miss'), 1, 'the first search builds the index');
  t.equal(await lookups('hit'), 0);
  t.equal((await search()).statusCode, 200);
  t.equal(await lookups('hit'), 1, 'the second finds it');
  t.equal(await lookups('miss'), 1);

  // Other code records through the platform under its own cache name.
  const before = (await scrape(api)).samples;
  api.platform.metrics.recordCacheLookup('learning_test', false);
  api.platform.metrics.recordCacheLookup('learning_test', false);
  const after = (await scrape(api)).samples;
  t.equal(valueOf(before, 'chatbot_platform_cache_lookups_total', { cache: 'learning_test', result: 'miss' }), undefined);
  t.equal(valueOf(after, 'chatbot_platform_cache_lookups_total', { cache: 'learning_test', result: 'miss' }), 2);
  t.equal(valueOf(after, 'chatbot_platform_cache_lookups_total', { cache: 'learning_test', result: 'hit' }), 0);
});

t.test('two servers in one process keep their own registries', async (t) => {
  const first = await buildTestServer(t);
  const second = await buildTestServer(t);
  t.not(first.platform.metrics.registry, second.platform.metrics.registry);
  await first.request('GET', '/health');
  await first.request('GET', '/health');
  const count = async (api: TestServer) =>
    valueOf((await scrape(api)).samples, 'chatbot_platform_http_request_duration_seconds_count', { route: '/health', method: 'GET', status_code: '200' });
  t.equal(await count(first), 2);
  t.equal(await count(second), undefined);
});

t.test('the sample Grafana dashboard queries only metrics the server exports', async (t) => {
  const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8'));
  t.ok(dashboard.templating.list.some((v: any) => v.type === 'datasource' && v.query === 'prometheus'), 'a Prometheus data source variable');
  const api = await buildTestServer(t);
  await api.request('GET', '/health'); // a request, so the request histogram has a series
  const { payload } = await scrape(api);
  const exported = new Set([...payload.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
  const queried = new Set(JSON.stringify(dashboard).match(/chatbot_platform_\w+/g));
  t.ok(queried.size >= 8, `${queried.size} metrics queried`);
  for (const name of queried) t.ok(exported.has(name.replace(/_(bucket|count|sum)$/, '')), `${name} is exported`);
});

