// The inbox routes (Dashboard II): every chatbot's conversations with filters and search, counts
// by status, and the live stream of conversation events over real HTTP, from this instance and
// from another one on the same store. Both stores.
import t, { type Test } from 'tap';
import { createServer } from '../../app/server.js';
import pino from 'pino';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

interface StreamedEvent {
  id: string | null;
  event: string;
  data: any;
}

/** Reads server-sent events from a live response until `until` holds or `timeoutMs` passes. */
async function readEvents(response: Response, until: (events: StreamedEvent[]) => boolean, timeoutMs = 15_000): Promise<StreamedEvent[] & { ended?: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamedEvent[] & { ended?: boolean } = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
      if (chunk === null) break;
      if (chunk.done) {
        events.ended = true;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        events.push({ id: /^id: (.*)$/m.exec(block)?.[1] ?? null, event, data: data ? JSON.parse(data) : null });
      }
    }
  } finally {
    reader.releaseLock();
  }
  return events;
}

async function listening(t: Test, api: TestServer): Promise<string> {
  await api.server.start();
  return `http://127.0.0.1:${api.server.info.port}`;
}

async function seed(api: TestServer, key: string) {
  const make = async (name: string) => (await api.request('POST', '/api/v1/chatbots', { key, payload: { name } })).json;
  const sales = await make('Sales');
  const support = await make('Support');
  const start = async (chatbot: { id: string }, visitor: Record<string, string>) =>
    (await api.request('POST', `/api/v1/chatbots/${chatbot.id}/conversations`, { key, payload: { visitor } })).json;
  const zoe = await start(sales, { name: 'Zoë Martín', email: 'zoe@example.com' });
  const bob = await start(support, { name: 'Bob', email: 'bob@example.org' });
  const ann = await start(support, { name: 'Ann', phone: '+1 555 0100' });
  await api.request('POST', `/api/v1/chatbots/${support.id}/conversations/${bob.id}/handoff`, { key, payload: {} });
  return { sales, support, zoe, bob, ann };
}

t.test('every chatbot’s conversations in one list: filters, search, paging, counts', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const { sales, support, zoe, bob, ann } = await seed(api, acme.live);

  const all = await api.request('GET', '/api/v1/conversations', { key: acme.live });
  t.equal(all.statusCode, 200);
  t.same(all.json.data.map((c: { id: string }) => c.id), [ann.id, bob.id, zoe.id], 'newest first, across chatbots');
  const ids = async (query: string) => (await api.request('GET', `/api/v1/conversations?${query}`, { key: acme.live })).json.data.map((c: { id: string }) => c.id);
  t.same(await ids('status=handoff'), [bob.id]);
  t.same(await ids(`chatbot_id=${sales.id}`), [zoe.id]);
  t.same(await ids(`chatbot_id=${support.id}&status=open`), [ann.id]);
  t.same(await ids('q=zoe'), [zoe.id], 'accents folded');
  t.same(await ids('q=EXAMPLE.ORG'), [bob.id], 'e-mail, any case');
  t.same(await ids('q=555%200100'), [ann.id], 'phone');
  t.same(await ids(`q=${bob.id}`), [bob.id], 'conversation id');
  t.same(await ids('q=nobody'), []);
  t.same(await ids('has_lead=true'), []);
  t.same(await ids('order=asc&limit=2'), [zoe.id, bob.id]);
  const page = await api.request('GET', '/api/v1/conversations?limit=2', { key: acme.live });
  t.equal(page.json.has_more, true);
  t.same((await api.request('GET', `/api/v1/conversations?limit=2&cursor=${page.json.next_cursor}`, { key: acme.live })).json.data.map((c: { id: string }) => c.id), [zoe.id]);
  assertError(t, await api.request('GET', `/api/v1/conversations?cursor=${page.json.next_cursor}&status=open`, { key: acme.live }), 400, 'invalid_cursor');
  for (const query of ['status=waiting', 'channel=phone', 'has_lead=maybe', 'q=', 'colour=red', 'limit=1000']) {
    assertError(t, await api.request('GET', `/api/v1/conversations?${query}`, { key: acme.live }), 400, 'validation_failed', query);
  }

  const counts = await api.request('GET', '/api/v1/conversations/counts', { key: acme.live });
  t.same(counts.json, { open: 2, handoff: 1, ended: 0 });
  t.same((await api.request('GET', `/api/v1/conversations/counts?chatbot_id=${sales.id}`, { key: acme.live })).json, { open: 1, handoff: 0, ended: 0 });
  assertError(t, await api.request('GET', '/api/v1/conversations/counts?q=x', { key: acme.live }), 400, 'validation_failed');

  // A chatbot key sees its chatbot only, and may not ask for another's.
  t.same((await api.request('GET', '/api/v1/conversations', { key: sales.api_key })).json.data.map((c: { id: string }) => c.id), [zoe.id]);
  t.same((await api.request('GET', '/api/v1/conversations/counts', { key: sales.api_key })).json, { open: 1, handoff: 0, ended: 0 });
  assertError(t, await api.request('GET', `/api/v1/conversations?chatbot_id=${support.id}`, { key: sales.api_key }), 403, 'key_scope_chatbot');

  // Other tenants: another account, and the test mode, see none of it.
  const other = await api.account('starter');
  t.same((await api.request('GET', '/api/v1/conversations', { key: other.live })).json.data, []);
  t.same((await api.request('GET', '/api/v1/conversations', { key: acme.test })).json.data, []);
  t.same((await api.request('GET', `/api/v1/conversations?chatbot_id=${sales.id}`, { key: other.live })).json.data, [], 'another account’s chatbot id filters to nothing');
  assertError(t, await api.request('GET', '/api/v1/conversations'), 401, 'missing_credentials');
});

t.test('the stream: events from this instance and another on the same store, filtered, closed at shutdown', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 } } });
  const acme = await api.account('starter');
  const chatbots = await seed(api, acme.live);
  api.clock.advance(1000); // the seeded events are older than the streams
  const base = await listening(t, api);

  const unauthenticated = await fetch(`${base}/api/v1/conversations/stream`);
  t.equal(unauthenticated.status, 401);
  await unauthenticated.body?.cancel();

  const everything = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${acme.live}` } });
  t.equal(everything.status, 200);
  t.match(everything.headers.get('content-type'), /^text\/event-stream/);
  const salesOnly = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${chatbots.sales.api_key}` } });
  t.equal((await readEvents(everything, (events) => events.length >= 1))[0]?.event, 'ready');
  t.equal((await readEvents(salesOnly, (events) => events.length >= 1))[0]?.event, 'ready');

  // Another instance on the same store: what it publishes reaches this instance's readers.
  const other = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => other.server.stop());
  const started = await other.server.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${chatbots.support.id}/conversations/${chatbots.ann.id}/handoff`,
    headers: { authorization: `Bearer ${acme.live}`, 'content-type': 'application/json' },
    payload: '{}',
  });
  t.equal(started.statusCode, 200, 'handed off on the other instance');
  const replied = await api.request('POST', `/api/v1/chatbots/${chatbots.support.id}/conversations/${chatbots.ann.id}/messages`, {
    key: acme.live,
    payload: { role: 'agent', content: 'A person here' },
  });
  t.equal(replied.statusCode, 201);
  const received = await readEvents(everything, (events) => events.some((event) => event.event === 'message.created'));
  const handoff = received.find((event) => event.event === 'conversation.handoff');
  t.ok(handoff, 'the handoff made on the other instance arrived');
  t.equal(handoff?.data.data.id ?? handoff?.data.data.conversation?.id, chatbots.ann.id);
  t.match(handoff?.id, /^evt_/, 'with its event id');
  const message = received.find((event) => event.event === 'message.created');
  t.equal(message?.data.data.content ?? message?.data.data.message?.content, 'A person here');
  t.equal(new Set(received.map((event) => event.id)).size, received.length, 'each event once');

  // The Sales key's stream got nothing of Support; a Sales conversation then reaches it.
  await api.request('POST', `/api/v1/chatbots/${chatbots.sales.id}/conversations`, { key: acme.live, payload: {} });
  const salesEvents = await readEvents(salesOnly, (events) => events.some((event) => event.event === 'conversation.started'));
  t.ok(salesEvents.every((event) => event.data?.chatbot_id === chatbots.sales.id), 'only its chatbot’s events');
  t.ok(salesEvents.some((event) => event.event === 'conversation.started'));

  t.equal(api.platform.eventFeed.readerCount, 2);
  await api.server.stop();
  const after = await readEvents(everything, () => false, 5_000);
  t.equal(after.ended, true, 'the stream ended at shutdown');
  t.ok(after.every((event) => event.event === 'conversation.started'), 'after the Sales conversation’s events, nothing');
  t.equal(api.platform.eventFeed.readerCount, 0, 'and its reader is gone');
});

t.test('a stream ends when its credential goes: a revoked key, a signed-out session; and is bounded per tenant', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0, public_url: null, stream_heartbeat_ms: 100 } } });
  const { createAccountWithKeys } = await import('../../core/auth/bootstrap.js');
  const created = await createAccountWithKeys(api.platform, { name: 'Streams', plan: 'starter', owner: { email: 'streams@example.com', password: 'a long password' } });
  const base = await listening(t, api);
  const key = (await api.request('POST', '/api/v1/api-keys', { key: created.liveKey, payload: { name: 'Stream key' } })).json;

  const byKey = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${key.secret}` } });
  t.equal((await readEvents(byKey, (events) => events.length >= 1))[0]?.event, 'ready');
  t.equal((await api.request('DELETE', `/api/v1/api-keys/${key.id}`, { key: created.liveKey })).statusCode, 200);
  t.equal((await readEvents(byKey, () => false, 10_000)).ended, true, 'the revoked key’s stream ended');

  const signIn = await fetch(`${base}/dashboard/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'streams@example.com', password: 'a long password' }) });
  const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('cbp_session='))!.split(';')[0]!;
  const bySession = await fetch(`${base}/api/v1/conversations/stream`, { headers: { cookie } });
  t.equal((await readEvents(bySession, (events) => events.length >= 1))[0]?.event, 'ready');
  const signOut = await fetch(`${base}/dashboard/session`, { method: 'DELETE', headers: { cookie, origin: base } });
  t.equal(signOut.status, 200);
  t.equal((await readEvents(bySession, () => false, 10_000)).ended, true, 'the signed-out session’s stream ended');

  const open: Response[] = [];
  for (let i = 0; i < 20; i++) open.push(await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${created.liveKey}` } }));
  t.ok(open.every((response) => response.status === 200), '20 streams of one tenant');
  const oneTooMany = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${created.liveKey}` } });
  t.equal(oneTooMany.status, 429);
  t.equal(((await oneTooMany.json()) as { code: string }).code, 'too_many_streams');
  const otherTenant = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${created.testKey}` } });
  t.equal(otherTenant.status, 200, 'the sandbox counts apart');
  await otherTenant.body?.cancel();
  await open[0]!.body!.cancel();
  let reopened: Response | null = null;
  for (let tries = 0; tries < 50 && reopened?.status !== 200; tries++) {
    await reopened?.body?.cancel();
    reopened = await fetch(`${base}/api/v1/conversations/stream`, { headers: { authorization: `Bearer ${created.liveKey}` } });
  }
  t.equal(reopened?.status, 200, 'a closed stream frees its place');
  await reopened?.body?.cancel();
  for (const response of open.slice(1)) await response.body?.cancel();
});
