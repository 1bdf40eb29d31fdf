// Webhooks against a real local receiver: every delivery verified with the `standardwebhooks`
// package, retries on the schedule under a fake clock, Retry-After, 410, redirects, the SSRF
// guard, rotation with two signatures, replay, the delivery log, the events API, and every
// route's 4xx, plan, sandbox and cross-account rules.
import { Webhook as StandardWebhook } from 'standardwebhooks';
import t from 'tap';
import { declareWebhooks } from '../../plugins/webhooks/collections.js';
import { startReceiver, type Answer } from '../helpers/receiver.js';
import { assertError, buildTestServer, TestClock, type TestServer } from '../helpers/server.js';

/** The receiver listens on loopback: webhook targets there must be allowed (knowledge fetching is not). */
const LOOPBACK = ['127.0.0.1/32'];

async function setup(t: Parameters<typeof buildTestServer>[0], config: { webhooks?: Record<string, unknown> } = {}) {
  const clock = new TestClock();
  const api = await buildTestServer(t, { clock, config: { ...config, webhooks: { allowed_cidrs: LOOPBACK, ...config.webhooks } } });
  const acme = await api.account('professional');
  const receiver = await startReceiver(t);
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  return { api, acme, receiver, bot, clock };
}

async function register(api: TestServer, key: string, payload: Record<string, unknown>) {
  const response = await api.request('POST', '/api/v1/webhooks', { key, payload });
  if (response.statusCode !== 201) throw new Error(`webhook failed ${response.statusCode}: ${response.payload}`);
  return response.json as { id: string; secret: string; url: string };
}

const drain = (api: TestServer) => api.server.plugins.webhooks.dispatcher.drain();

/** Verifies a received request with the off-the-shelf Standard Webhooks library; returns the payload. */
function verified(secret: string, request: { headers: Record<string, unknown>; body: string }) {
  return new StandardWebhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    id: string;
    type: string;
    livemode: boolean;
    data: Record<string, unknown>;
    chatbot_id: string;
  };
}

async function deliveries(api: TestServer, key: string, webhookId: string, query = '') {
  return (await api.request('GET', `/api/v1/webhooks/${webhookId}/deliveries?limit=100${query}`, { key })).json.data as Array<{
    id: string;
    status: string;
    attempt_count: number;
    next_attempt_at: string | null;
    event_type: string;
    attempts: Array<{ status_code: number | null; error: string | null; response_excerpt: string | null }>;
  }>;
}

t.test('a new user registers a webhook, chats, and receives signed events', async (t) => {
  const { api, acme, receiver, bot } = await setup(t);
  const created = await api.request('POST', '/api/v1/webhooks', {
    key: acme.live,
    payload: { url: `${receiver.url}/hooks`, chatbot_id: bot.id, description: 'CRM sync' },
  });
  t.equal(created.statusCode, 201);
  t.match(created.json, { id: /^wh_[0-9a-z]{26}$/, chatbot_id: bot.id, events: ['*'], status: 'enabled', secret: /^whsec_[A-Za-z0-9+/]{32}$/ });
  t.equal(created.headers.location, `/api/v1/webhooks/${created.json.id}`);
  const secret = created.json.secret as string;
  const fetched = await api.request('GET', `/api/v1/webhooks/${created.json.id}`, { key: acme.live });
  t.notOk('secret' in fetched.json, 'the secret is shown once');
  t.notMatch(await api.storedText(), secret.slice(6), 'the secret is stored encrypted');

  await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
    key: acme.live,
    payload: { type: 'qa', question: 'Do you ship abroad?', answer: 'Yes, to every EU country.' },
  });
  await api.server.plugins.knowledge.worker.drain();
  const conv = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, { key: acme.live, payload: { content: 'Do you ship abroad?' } });
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live });
  await drain(api);

  const payloads = receiver.received.map((request) => verified(secret, request));
  const types = payloads.map((p) => p.type).sort();
  t.same(types, ['conversation.ended', 'conversation.started', 'knowledge.ready', 'message.created', 'message.created'], 'every event, once');
  t.ok(receiver.received.every((r) => r.path === '/hooks' && r.headers['content-type'] === 'application/json'));
  for (const request of receiver.received) t.equal(request.headers['webhook-id'], JSON.parse(request.body).id, 'webhook-id is the event id');
  const ended = payloads.find((p) => p.type === 'conversation.ended')!;
  t.match(ended, { livemode: true, chatbot_id: bot.id, data: { id: conv.id, status: 'ended' } });

  const events = await api.request('GET', `/api/v1/events?chatbot_id=${bot.id}&limit=100`, { key: acme.live });
  const recorded = events.json.data.filter((e: { type: string }) => e.type !== 'chatbot.created'); // before the webhook
  t.same(recorded.map((e: { id: string }) => e.id).sort(), payloads.map((p) => p.id).sort(), '/events holds what was delivered');
  const one = await api.request('GET', `/api/v1/events/${ended.id}`, { key: acme.live });
  t.same(one.json, JSON.parse(receiver.received.find((r) => JSON.parse(r.body).id === ended.id)!.body), 'the same bytes');
  const typed = await api.request('GET', `/api/v1/events?type=conversation.ended`, { key: acme.live });
  t.same(typed.json.data.map((e: { id: string }) => e.id), [ended.id]);

  const log = await deliveries(api, acme.live, created.json.id);
  t.equal(log.length, 5);
  t.ok(log.every((d) => d.status === 'succeeded' && d.attempt_count === 1 && d.next_attempt_at === null));
  t.match(log[0]!.attempts[0], { status_code: 200, error: null, response_excerpt: 'ok' });
});

t.test('event filters, account-wide endpoints, the sandbox', async (t) => {
  const { api, acme, receiver, bot } = await setup(t);
  const ended = await register(api, acme.live, { url: `${receiver.url}/ended`, chatbot_id: bot.id, events: ['conversation.ended'] });
  const everything = await register(api, acme.live, { url: `${receiver.url}/all` });
  const sandbox = await register(api, acme.test, { url: `${receiver.url}/test` });
  const other = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Other' } })).json;
  await drain(api);
  receiver.received.length = 0;

  const conv = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/end`, { key: acme.live });
  const otherConv = (await api.request('POST', `/api/v1/chatbots/${other.id}/conversations`, { key: acme.live })).json;
  const testBot = (await api.request('POST', '/api/v1/chatbots', { key: acme.test, payload: { name: 'Sandbox' } })).json;
  await drain(api);

  const by = (path: string) => receiver.received.filter((r) => r.path === path);
  t.same(by('/ended').map((r) => verified(ended.secret, r).type), ['conversation.ended'], 'only the subscribed type');
  t.same(
    by('/all').map((r) => verified(everything.secret, r).type).sort(),
    ['conversation.ended', 'conversation.started', 'conversation.started'],
    'an account-wide endpoint gets every chatbot’s events',
  );
  t.ok(by('/all').some((r) => verified(everything.secret, r).data.id === otherConv.id));
  const sandboxEvents = by('/test').map((r) => verified(sandbox.secret, r));
  t.same(sandboxEvents.map((e) => e.type), ['chatbot.created'], 'test-mode events go to test-mode endpoints only');
  t.equal(sandboxEvents[0]!.livemode, false);
  t.equal(sandboxEvents[0]!.data.id, testBot.id);

  // Deleting a chatbot removes its own endpoints; account-wide ones hear chatbot.deleted.
  await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
  await drain(api);
  assertError(t, await api.request('GET', `/api/v1/webhooks/${ended.id}`, { key: acme.live }), 404, 'webhook_not_found');
  t.ok(by('/all').some((r) => verified(everything.secret, r).type === 'chatbot.deleted'));
});

t.test('retries follow the schedule (fake clock), then succeed; the log shows every attempt', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  receiver.answer = (_request, index) => (index < 3 ? { status: 500, body: `broken ${index}` } : { status: 204 });
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await drain(api);

  const schedule = [5, 300, 1800];
  for (const [failure, seconds] of schedule.entries()) {
    const [delivery] = await deliveries(api, acme.live, hook.id);
    t.equal(delivery!.status, 'pending');
    t.equal(delivery!.attempt_count, failure + 1);
    const wait = new Date(delivery!.next_attempt_at!).getTime() - clock.now().getTime();
    t.ok(wait >= seconds * 900 && wait <= seconds * 1100, `retry ${failure + 1} after ${wait} ms: ${seconds} s ± 10%`);
    clock.advance(wait - 1000);
    await drain(api);
    t.equal(receiver.received.length, failure + 1, 'not before it is due');
    clock.advance(1000);
    await drain(api);
    t.equal(receiver.received.length, failure + 2, 'sent when due');
  }
  const [done] = await deliveries(api, acme.live, hook.id);
  t.match(done, { status: 'succeeded', attempt_count: 4, next_attempt_at: null });
  t.same(done!.attempts.map((a) => a.status_code), [500, 500, 500, 204]);
  t.match(done!.attempts[0], { error: 'HTTP 500', response_excerpt: 'broken 0' });
  const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
  t.equal(ids.size, 1, 'the same webhook-id on every attempt');
  t.ok(receiver.received.every((r) => verified(hook.secret, r)));
  const failed = await deliveries(api, acme.live, hook.id, '&status=failed');
  t.same(failed, [], 'status filter');
});

t.test('the schedule runs out: failed; Retry-After is honoured; 410 disables; redirects are not followed', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t, { webhooks: { retry_schedule_seconds: [5, 10] } });
  const events: string[] = [];
  api.platform.events.subscribe('webhook.disabled', (event) => {
    events.push(String(event.data.disabled_reason));
  });
  const start = () => api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });

  const failing = await register(api, acme.live, { url: `${receiver.url}/failing`, chatbot_id: bot.id, events: ['conversation.started'] });
  receiver.answer = (request): Answer =>
    request.path === '/failing'
      ? { status: 502 }
      : request.path === '/busy'
        ? { status: 503, headers: { 'retry-after': '120' } }
        : request.path === '/gone'
          ? { status: 410 }
          : { status: 302, headers: { location: `${receiver.url}/elsewhere` } };
  await start();
  await drain(api);
  for (let i = 0; i < 3; i++) {
    clock.advance(12_000);
    await drain(api);
  }
  const [spent] = await deliveries(api, acme.live, failing.id);
  t.match(spent, { status: 'failed', attempt_count: 3, next_attempt_at: null }, 'three attempts, then failed');
  await api.request('DELETE', `/api/v1/webhooks/${failing.id}`, { key: acme.live });

  const busy = await register(api, acme.live, { url: `${receiver.url}/busy`, chatbot_id: bot.id, events: ['conversation.started'] });
  await start();
  await drain(api);
  const [waiting] = await deliveries(api, acme.live, busy.id);
  const wait = new Date(waiting!.next_attempt_at!).getTime() - clock.now().getTime();
  t.ok(wait >= 120_000, `Retry-After 120 s beats the 5 s step (${wait} ms)`);
  await api.request('DELETE', `/api/v1/webhooks/${busy.id}`, { key: acme.live });

  const redirect = await register(api, acme.live, { url: `${receiver.url}/moved`, chatbot_id: bot.id, events: ['conversation.started'] });
  await start();
  await drain(api);
  const [moved] = await deliveries(api, acme.live, redirect.id);
  t.match(moved!.attempts[0], { status_code: 302, error: /redirects are not followed/ });
  t.notOk(receiver.received.some((r) => r.path === '/elsewhere'), 'the redirect was not followed');
  await api.request('DELETE', `/api/v1/webhooks/${redirect.id}`, { key: acme.live });

  const gone = await register(api, acme.live, { url: `${receiver.url}/gone`, chatbot_id: bot.id, events: ['conversation.started'] });
  await start();
  await drain(api);
  const disabled = await api.request('GET', `/api/v1/webhooks/${gone.id}`, { key: acme.live });
  t.match(disabled.json, { status: 'disabled', disabled_reason: 'gone' });
  t.same(events, ['gone'], 'webhook.disabled recorded');
  await start();
  await drain(api);
  t.equal(receiver.received.filter((r) => r.path === '/gone').length, 1, 'a disabled endpoint gets nothing more');
  const [first] = await deliveries(api, acme.live, gone.id);
  assertError(
    t,
    await api.request('POST', `/api/v1/webhooks/${gone.id}/deliveries/${first!.id}/retry`, { key: acme.live }),
    409,
    'conflict',
    'retry on a disabled endpoint',
  );
  const enabled = await api.request('PATCH', `/api/v1/webhooks/${gone.id}`, { key: acme.live, payload: { status: 'enabled' } });
  t.match(enabled.json, { status: 'enabled', disabled_reason: null });
});

t.test('an endpoint failing for the configured time is disabled', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t, { webhooks: { disable_after_hours: 1, retry_schedule_seconds: [1800, 1800, 1800] } });
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  receiver.answer = () => ({ status: 500 });
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await drain(api);
  // Steps of 2,000 s: past the 1,800 s retry plus its jitter (at most +10%).
  clock.advance(2000_000);
  await drain(api);
  t.equal((await api.request('GET', `/api/v1/webhooks/${hook.id}`, { key: acme.live })).json.status, 'enabled', 'failing for 33 minutes');
  clock.advance(2000_000);
  await drain(api);
  t.match((await api.request('GET', `/api/v1/webhooks/${hook.id}`, { key: acme.live })).json, { status: 'disabled', disabled_reason: 'failing' });
});

t.test('a receiver that is down and comes back gets everything', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  await receiver.close();
  const started: string[] = [];
  for (let i = 0; i < 20; i++) started.push((await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json.id);
  await drain(api);
  const down = await deliveries(api, acme.live, hook.id);
  t.equal(down.length, 20);
  t.ok(down.every((d) => d.status === 'pending' && /refused/.test(d.attempts[0]!.error ?? '')), 'refused connections are retried');
  await receiver.reopen();
  clock.advance(6_000);
  await drain(api);
  const got = receiver.received.map((r) => verified(hook.secret, r).data.id as string);
  t.same(got.sort(), started.sort(), 'all 20, once each');
});

t.test('rotation: two signatures during the grace period, then one', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  const rotated = await api.request('POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, { key: acme.live, payload: { grace_seconds: 3600 } });
  t.equal(rotated.statusCode, 200);
  t.match(rotated.json.secret, /^whsec_/);
  t.not(rotated.json.secret, hook.secret);
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await drain(api);
  const during = receiver.received[0]!;
  t.equal(String(during.headers['webhook-signature']).split(' ').length, 2, 'two signatures');
  t.ok(verified(hook.secret, during), 'the old secret verifies');
  t.ok(verified(rotated.json.secret, during), 'the new secret verifies');

  clock.advance(3601_000);
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live });
  await drain(api);
  const after = receiver.received[1]!;
  t.equal(String(after.headers['webhook-signature']).split(' ').length, 1, 'one signature after the grace period');
  t.ok(verified(rotated.json.secret, after));
  t.throws(() => verified(hook.secret, after), 'the old secret no longer verifies');
  const unsigned = { ...after, headers: { ...after.headers, 'webhook-signature': 'v1,AAAA' } };
  t.throws(() => verified(rotated.json.secret, unsigned), 'a wrong signature fails');
});

t.test('test events, replay, the SSRF guard', async (t) => {
  const { api, acme, receiver, bot } = await setup(t);
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id });
  await drain(api);
  receiver.received.length = 0;
  const test = await api.request('POST', `/api/v1/webhooks/${hook.id}/test`, { key: acme.live });
  t.equal(test.statusCode, 202);
  t.match(test.json, { id: /^whd_/, event_type: 'webhook.test', status: 'pending' });
  await drain(api);
  const payload = verified(hook.secret, receiver.received[0]!);
  t.match(payload, { type: 'webhook.test', data: { webhook_id: hook.id } });

  const replay = await api.request('POST', `/api/v1/webhooks/${hook.id}/deliveries/${test.json.id}/retry`, { key: acme.live });
  t.equal(replay.statusCode, 202);
  await drain(api);
  t.equal(receiver.received.length, 2);
  t.equal(receiver.received[1]!.headers['webhook-id'], payload.id, 'a replay keeps the event id');
  const [log] = await deliveries(api, acme.live, hook.id);
  t.match(log, { status: 'succeeded', attempt_count: 2 });

  // Without the operator's allowance, a loopback target is refused when registered or set (a host
  // name resolving to one is refused at connect time: outbound-allowlists.test.ts).
  const guarded = await buildTestServer(t);
  const other = await guarded.account('starter');
  const theirBot = (await guarded.request('POST', '/api/v1/chatbots', { key: other.live, payload: { name: 'x' } })).json;
  const refused = assertError(t, await guarded.request('POST', '/api/v1/webhooks', { key: other.live, payload: { url: `${receiver.url}/private`, chatbot_id: theirBot.id } }), 400, 'webhook_address_not_allowed');
  t.match(refused.message, /WEBHOOK_ALLOWED_CIDRS/, 'the message names the setting');
  const theirs = await register(guarded, other.live, { url: 'https://hooks.example/in', chatbot_id: theirBot.id });
  assertError(t, await guarded.request('PATCH', `/api/v1/webhooks/${theirs.id}`, { key: other.live, payload: { url: `${receiver.url}/private` } }), 400, 'webhook_address_not_allowed', 'nor set later');
  t.equal((await guarded.request('GET', `/api/v1/webhooks/${theirs.id}`, { key: other.live })).json.url, 'https://hooks.example/in', 'the address is unchanged');
  t.notOk(receiver.received.some((r) => r.path === '/private'), 'nothing reached the receiver');
});

t.test('routes: limits, plans, keys, isolation and bad input', async (t) => {
  const { api, acme, receiver, bot } = await setup(t, { webhooks: { max_per_chatbot: 3 } });
  for (let i = 0; i < 3; i++) await register(api, acme.live, { url: `${receiver.url}/${i}`, chatbot_id: bot.id });
  assertError(t, await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: receiver.url, chatbot_id: bot.id } }), 409, 'webhook_limit_reached');
  const wide = await register(api, acme.live, { url: receiver.url });
  t.ok(wide.id, 'account-wide endpoints have their own limit');

  const list = await api.request('GET', `/api/v1/webhooks?chatbot_id=${bot.id}&limit=2`, { key: acme.live });
  t.equal(list.json.data.length, 2);
  t.equal(list.json.has_more, true);
  t.ok(list.json.data.every((w: Record<string, unknown>) => !('secret' in w)));
  const patched = await api.request('PATCH', `/api/v1/webhooks/${wide.id}`, {
    key: acme.live,
    payload: { events: ['lead.captured', 'conversation.ended'], description: 'Leads', status: 'disabled' },
  });
  t.match(patched.json, { events: ['lead.captured', 'conversation.ended'], description: 'Leads', status: 'disabled', disabled_reason: 'api' });
  t.same((await api.request('GET', '/api/v1/webhooks?status=disabled', { key: acme.live })).json.data.map((w: { id: string }) => w.id), [wide.id]);
  const deleted = await api.request('DELETE', `/api/v1/webhooks/${wide.id}`, { key: acme.live });
  t.same(deleted.json, { id: wide.id, deleted: true });

  const free = await api.account('free');
  assertError(t, await api.request('GET', '/api/v1/webhooks', { key: free.live }), 403, 'plan_feature_unavailable');
  assertError(t, await api.request('POST', '/api/v1/webhooks', { key: free.live, payload: { url: receiver.url } }), 403, 'plan_feature_unavailable');
  t.equal((await api.request('GET', '/api/v1/events', { key: free.live })).statusCode, 200, 'events are readable on every plan');
  assertError(t, await api.request('GET', '/api/v1/webhooks', { key: bot.api_key }), 403, 'key_scope_chatbot');

  const [first] = (await api.request('GET', `/api/v1/webhooks?chatbot_id=${bot.id}`, { key: acme.live })).json.data;
  const globex = await api.account('starter', 'Globex');
  const event = (await api.request('GET', '/api/v1/events?limit=1', { key: acme.live })).json.data[0];
  await api.request('POST', `/api/v1/webhooks/${first.id}/test`, { key: acme.live });
  const [delivery] = await deliveries(api, acme.live, first.id);
  const routes: Array<[string, string, unknown?]> = [
    ['GET', `/api/v1/webhooks/${first.id}`],
    ['PATCH', `/api/v1/webhooks/${first.id}`, { description: 'x' }],
    ['DELETE', `/api/v1/webhooks/${first.id}`],
    ['POST', `/api/v1/webhooks/${first.id}/rotate-secret`, {}],
    ['POST', `/api/v1/webhooks/${first.id}/test`, {}],
    ['GET', `/api/v1/webhooks/${first.id}/deliveries`],
    ['POST', `/api/v1/webhooks/${first.id}/deliveries/${delivery!.id}/retry`, {}],
  ];
  for (const [method, url, payload] of routes) {
    for (const key of [acme.test, globex.live]) assertError(t, await api.request(method, url, { key, payload }), 404, 'webhook_not_found', `${method} ${url}`);
    assertError(t, await api.request(method, url, { payload }), 401, 'missing_credentials');
  }
  assertError(t, await api.request('GET', `/api/v1/events/${event.id}`, { key: acme.test }), 404, 'event_not_found');
  assertError(t, await api.request('GET', `/api/v1/events/${event.id}`, { key: globex.live }), 404, 'event_not_found');
  t.same((await api.request('GET', '/api/v1/webhooks', { key: globex.live })).json.data, [], 'another account sees none');
  assertError(
    t,
    await api.request('POST', '/api/v1/webhooks', { key: globex.live, payload: { url: receiver.url, chatbot_id: bot.id } }),
    404,
    'chatbot_not_found',
    'another account’s chatbot',
  );
  assertError(t, await api.request('POST', `/api/v1/webhooks/${first.id}/deliveries/whd_nope/retry`, { key: acme.live }), 404, 'delivery_not_found');

  const cases: Array<[string, string, unknown, string]> = [
    ['POST', '/api/v1/webhooks', {}, 'url'],
    ['POST', '/api/v1/webhooks', { url: 'ftp://example.com' }, 'url'],
    ['POST', '/api/v1/webhooks', { url: 'not a url' }, 'url'],
    // RFC 3986 reads these; the WHATWG parser every call goes through does not (they were a 500).
    ['POST', '/api/v1/webhooks', { url: 'http://a.1/' }, 'url'],
    ['POST', '/api/v1/webhooks', { url: 'http://1.2.3.4.5/hook' }, 'url'],
    ['POST', '/api/v1/webhooks', { url: 'https://xn--/' }, 'url'],
    ['POST', '/api/v1/webhooks', { url: receiver.url, events: [] }, 'events'],
    ['POST', '/api/v1/webhooks', { url: receiver.url, events: ['message.exploded'] }, 'events.0'],
    ['POST', '/api/v1/webhooks', { url: receiver.url, events: ['lead.captured', 'lead.captured'] }, 'events.1'],
    ['POST', '/api/v1/webhooks', { url: receiver.url, secret: 'mine' }, 'secret'],
    ['POST', '/api/v1/webhooks', { url: receiver.url, description: 'x'.repeat(501) }, 'description'],
    ['GET', '/api/v1/webhooks?status=broken', undefined, 'status'],
    ['PATCH', `/api/v1/webhooks/${first.id}`, {}, ''],
    ['PATCH', `/api/v1/webhooks/${first.id}`, { chatbot_id: null }, 'chatbot_id'],
    ['PATCH', `/api/v1/webhooks/${first.id}`, { status: 'paused' }, 'status'],
    ['POST', `/api/v1/webhooks/${first.id}/rotate-secret`, { grace_seconds: -1 }, 'grace_seconds'],
    ['POST', `/api/v1/webhooks/${first.id}/test`, { type: 'x' }, 'type'],
    ['GET', `/api/v1/webhooks/${first.id}/deliveries?status=lost`, undefined, 'status'],
    ['GET', '/api/v1/events?limit=0', undefined, 'limit'],
    ['GET', '/api/v1/events?kind=x', undefined, 'kind'],
  ];
  for (const [method, url, payload, path] of cases) {
    const body = assertError(t, await api.request(method, url, { key: acme.live, payload }), 400, 'validation_failed', `${method} ${url} ${path}`);
    if (path) t.ok(body.details?.some((d: { path: string }) => d.path === path), `details name ${path}: ${JSON.stringify(body.details)}`);
  }
  assertError(t, await api.request('GET', '/api/v1/webhooks/wh_nope', { key: acme.live }), 404, 'webhook_not_found');
  assertError(t, await api.request('GET', '/api/v1/events/evt_nope', { key: acme.live }), 404, 'event_not_found');
});

t.test('the secret key: generated into DATA_DIR, and another key on the same store refuses to start', async (t) => {
  const { api, acme, receiver } = await setup(t);
  await register(api, acme.live, { url: receiver.url });
  const { readFileSync, statSync } = await import('node:fs');
  const path = await import('node:path');
  const keyFile = path.join(api.dataDir, 'webhook-secret.key');
  t.equal(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64').length, 32, 'a 32-byte key');
  t.equal(statSync(keyFile).mode & 0o777, 0o600, 'readable by the owner only');

  const { SecretBox, declareMeta } = await import('../../core/secret-box.js');
  const now = api.clock.now();
  const other = { ...api.config, webhooks: { ...api.config.webhooks, secret_key: Buffer.alloc(32, 7).toString('base64') } };
  await t.rejects(SecretBox.open(other, declareMeta(api.platform.store), now), { name: 'KeyMismatchError', message: /differs/ }, 'another key is refused');
  const same = { ...api.config, webhooks: { ...api.config.webhooks, secret_key: readFileSync(keyFile, 'utf8').trim() } };
  const box = await SecretBox.open(same, declareMeta(api.platform.store), now);
  t.equal(box.unseal(box.seal('whsec_abc')), 'whsec_abc', 'the same key, from config, works');
});



t.test('an event whose publisher crashed before the fan-out is picked up from the outbox', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  const hook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  await drain(api);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  // Committed like publish() does, but nobody was left to run the in-process fan-out.
  const { DISPATCH_RECOVERY_MS } = await import('../../core/events.js');
  await api.platform.events.collection.forTenant(tenant).insert({
    id: 'evt_01m7zzzzzzzzzzzzzzzzzzzzzz',
    type: 'conversation.started',
    chatbot_id: bot.id,
    created_at: clock.now().toISOString(),
    data: { id: 'conv_orphan' },
    dispatch_at: new Date(clock.now().getTime() + DISPATCH_RECOVERY_MS).toISOString(),
  });
  await drain(api);
  t.equal(receiver.received.length, 0, 'not before the publisher’s grace time');
  clock.advance(DISPATCH_RECOVERY_MS + 1000);
  await drain(api);
  t.equal(receiver.received.length, 1);
  t.match(verified(hook.secret, receiver.received[0]!), { id: 'evt_01m7zzzzzzzzzzzzzzzzzzzzzz', data: { id: 'conv_orphan' } });
  await drain(api);
  t.equal(receiver.received.length, 1, 'fanned out once');
});

t.test('a fan-out whose marking commit fails leaves its events due, and the relay sends each once', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['conversation.started'] });
  await drain(api);
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const events = api.platform.events.collection.forTenant(tenant);

  // The commit that marks the events fanned out fails once, as a store error would.
  const store = api.platform.store;
  const commit = store.commit.bind(store);
  let failed = 0;
  store.commit = async (ops) => {
    const marksFannedOut = ops.length > 0 && ops.every((op) => op.kind === 'update' && op.collection === 'events' && 'dispatch_at' in op.changes);
    if (marksFannedOut && failed === 0) {
      failed = ops.length;
      throw new Error('the store refused the write');
    }
    return commit(ops);
  };
  const started = await Promise.all([1, 2, 3].map(() => api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })));
  t.same(started.map((response) => response.statusCode), [201, 201, 201], 'the requests do not wait for the fan-out');
  await drain(api);
  t.ok(failed >= 1, `the events of a pass are marked in one commit: ${failed} of them (the failing one)`);
  t.equal(receiver.received.length, 3, 'their deliveries were made and sent before the failure');
  const ids = started.map((response) => response.json.id as string);
  const due = (await events.list({ filter: { type: 'conversation.started' }, limit: 10 })).filter((event) => event.dispatch_at !== null);
  t.equal(due.length, failed, 'those are still due: the relay takes them up');

  clock.advance(60 * 60_000);
  await drain(api);
  t.equal(receiver.received.length, 3, 'the relay fans them out again and sends nothing twice (deliveries have derived ids)');
  t.same(
    (await events.list({ filter: { type: 'conversation.started' }, limit: 10 })).filter((event) => event.dispatch_at !== null),
    [],
    'no longer due',
  );
  t.same(receiver.received.map((request) => JSON.parse(request.body).data.id).sort(), [...ids].sort(), 'one delivery per conversation');
});

t.test('a delivery that breaks inside the server counts as a failed attempt and ends failed, never spins', async (t) => {
  const { api, acme, receiver, bot, clock } = await setup(t);
  const webhook = await register(api, acme.live, { url: receiver.url, chatbot_id: bot.id, events: ['chatbot.updated'] });
  // A signing secret damaged in the store (written around the API): it cannot be unsealed.
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const webhooks = declareWebhooks(api.platform.store).webhooks.forTenant(tenant);
  const stored = await webhooks.get(webhook.id);
  await webhooks.update(webhook.id, { secrets: stored!.secrets.map((secret) => ({ ...secret, sealed: 'v1:AAAA' })) });
  await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: acme.live, payload: { name: 'Renamed' } });

  // Before the fix the failure escaped the pass: the loop stopped, and the delivery was claimed again
  // every lease, for ever. Now each break is an attempt on the retry schedule.
  await drain(api);
  const first = (await api.request('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, { key: acme.live })).json.data[0];
  t.equal(first.status, 'pending');
  t.equal(first.attempt_count, 1);
  t.match(first.attempts[0].error, /internal error/);
  for (let i = 0; i < 10; i++) {
    clock.advance(11 * 3600_000);
    await drain(api);
  }
  const last = (await api.request('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, { key: acme.live })).json.data[0];
  t.equal(last.status, 'failed', 'failed once the schedule is spent');
  t.equal(last.attempt_count, api.config.webhooks.retry_schedule_seconds.length + 1, 'one attempt per step, no more');
  t.equal(receiver.received.length, 0, 'nothing unsigned was ever sent');
});
