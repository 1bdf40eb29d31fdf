// The canned responses plugin on a real platform: the platform's conformance checks, the routes
// with their rules (tenancy, sandbox, chatbot keys, agents, plans), events and webhooks, and the
// cascade from a deleted chatbot. Both stores (see store.ts).
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { checkPluginConformance, startPluginTestPlatform, type PluginTestPlatform } from 'chatbot-platform/testing';
import cannedResponses from '../index.js';
import { testDatabaseUrl } from './store.js';

async function platform(t: Test): Promise<PluginTestPlatform> {
  const started = await startPluginTestPlatform({
    plugins: [cannedResponses],
    databaseUrl: await testDatabaseUrl(),
    // The webhook receiver below listens on loopback, which webhooks may not reach by default.
    config: { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } },
  });
  t.teardown(() => started.close());
  return started;
}

/**
 * A webhook endpoint on 127.0.0.1: `first` resolves with the first request it gets (answered 204),
 * or rejects after 30 s, so a delivery that never comes fails the test by name, not by tap's timeout.
 */
async function webhookReceiver(t: Test) {
  let deliver: (request: { headers: IncomingHttpHeaders; body: string }) => void = () => undefined;
  const first = new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no webhook delivery within 30 s')), 30_000);
    deliver = (request) => {
      clearTimeout(timer);
      resolve(request);
    };
  });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliver({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  first.catch(() => undefined); // a test that failed before awaiting it reports that failure, not this one
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    deliver({ headers: {}, body: '' }); // ends the wait
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, first };
}

t.test('passes the platform’s conformance checks', async (t) => {
  const api = await platform(t);
  t.same(await checkPluginConformance(api, cannedResponses), []);
  const document = await api.openApi();
  t.ok(document.paths['/api/v1/canned-responses'].post, 'its routes are in the OpenAPI document, under /api/v1');
  t.match(JSON.stringify(document.paths['/api/v1/canned-responses'].post.responses['409']), /shortcut_taken/);
});

t.test('create, list, read, change, use and delete; events published and delivered to webhooks', async (t) => {
  const api = await platform(t);
  const acme = await api.account('starter');
  const key = acme.live;
  const receiver = await webhookReceiver(t);
  const webhook = await api.request('POST', '/api/v1/webhooks', { key, payload: { url: receiver.url, events: ['canned_response.created'] } });
  t.equal(webhook.statusCode, 201, 'a webhook subscribes to the plugin’s event type');

  const created = await api.request('POST', '/api/v1/canned-responses', { key, payload: { title: 'Refunds', body: 'Refunds take 5 days.', shortcut: 'Refund' } });
  t.equal(created.statusCode, 201);
  t.match(created.json, { id: /^cr_/, shortcut: 'refund', chatbot_id: null, use_count: 0 });
  t.equal((await api.request('POST', '/api/v1/canned-responses', { key, payload: { title: 'Again', body: 'x', shortcut: 'refund' } })).json.code, 'shortcut_taken');

  const events = await api.request('GET', '/api/v1/events?type=canned_response.created', { key });
  t.equal(events.json.data.length, 1, 'the event is in the events API');
  t.equal(events.json.data[0].data.id, created.json.id);
  const delivered = await receiver.first;
  t.match(JSON.parse(delivered.body), { id: events.json.data[0].id, type: 'canned_response.created', data: { id: created.json.id, shortcut: 'refund' } }, 'and delivered to the webhook');
  t.equal(delivered.headers['webhook-id'], events.json.data[0].id, 'signed as every delivery is');
  t.match(delivered.headers['webhook-signature'], /^v1,/);

  const used = await api.request('POST', `/api/v1/canned-responses/${created.json.id}/use`, { key });
  t.equal(used.json.use_count, 1);
  const patched = await api.request('PATCH', `/api/v1/canned-responses/${created.json.id}`, { key, payload: { body: 'Refunds take 3 days.' } });
  t.equal(patched.json.body, 'Refunds take 3 days.');
  t.equal((await api.request('GET', `/api/v1/canned-responses?shortcut=refund`, { key })).json.data[0].body, 'Refunds take 3 days.');
  const deleted = await api.request('DELETE', `/api/v1/canned-responses/${created.json.id}`, { key });
  t.same(deleted.json, { id: created.json.id, deleted: true });
  t.equal((await api.request('GET', `/api/v1/canned-responses/${created.json.id}`, { key })).json.code, 'canned_response_not_found');
  for (const payload of [{ title: 'x', body: 'y' }, { title: 'x', body: 'y', shortcut: 'Has spaces' }, { title: '', body: 'y', shortcut: 'ok' }]) {
    t.equal((await api.request('POST', '/api/v1/canned-responses', { key, payload })).statusCode, 400, JSON.stringify(payload));
  }
});

t.test('tenancy: accounts and modes apart; chatbot keys to their chatbot; plans and OAuth scopes apply', async (t) => {
  const api = await platform(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Support' } })).json;
  const other = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Sales' } })).json;
  const everywhere = (await api.request('POST', '/api/v1/canned-responses', { key: acme.live, payload: { title: 'Hi', body: 'Hello!', shortcut: 'hi' } })).json;
  const mine = (await api.request('POST', '/api/v1/canned-responses', { key: bot.api_key, payload: { title: 'Hours', body: '9 to 5', shortcut: 'hours' } })).json;
  const theirs = (await api.request('POST', '/api/v1/canned-responses', { key: acme.live, payload: { title: 'Deal', body: '10% off', shortcut: 'deal', chatbot_id: other.id } })).json;
  t.equal(mine.chatbot_id, bot.id, 'a chatbot key’s responses are its chatbot’s');

  const seenBy = async (key: string) => (await api.request('GET', '/api/v1/canned-responses', { key })).json.data.map((r: { shortcut: string }) => r.shortcut).sort();
  t.same(await seenBy(acme.live), ['deal', 'hi', 'hours']);
  t.same(await seenBy(bot.api_key), ['hi', 'hours'], 'a chatbot key: its own and those of every chatbot');
  t.equal((await api.request('GET', `/api/v1/canned-responses/${theirs.id}`, { key: bot.api_key })).statusCode, 404);
  t.equal((await api.request('DELETE', `/api/v1/canned-responses/${everywhere.id}`, { key: bot.api_key })).json.code, 'key_scope_chatbot');
  t.equal((await api.request('PATCH', `/api/v1/canned-responses/${mine.id}`, { key: bot.api_key, payload: { chatbot_id: null } })).json.code, 'key_scope_chatbot', 'nor share its own with every chatbot');
  t.equal((await api.request('GET', `/api/v1/canned-responses?chatbot_id=${other.id}`, { key: bot.api_key })).json.code, 'key_scope_chatbot');
  t.equal((await api.request('POST', '/api/v1/canned-responses', { key: acme.live, payload: { title: 'x', body: 'y', shortcut: 'ghost', chatbot_id: 'cb_nonexistent' } })).json.code, 'chatbot_not_found');

  t.same(await seenBy(acme.test), [], 'the sandbox has its own');
  const stranger = await api.account('starter');
  t.same(await seenBy(stranger.live), [], 'another account sees none');
  t.equal((await api.request('GET', `/api/v1/canned-responses/${everywhere.id}`, { key: stranger.live })).statusCode, 404);
  t.equal((await api.request('POST', '/api/v1/canned-responses', { key: stranger.live, payload: { title: 'Hi', body: 'Hey', shortcut: 'hi' } })).statusCode, 201, 'shortcuts are per tenant');

  // An OAuth token acts with its scopes: conversations:read lists, only conversations:write writes.
  const partner = await api.account('professional');
  const client = (await api.request('POST', '/api/v1/oauth/clients', { key: partner.live, payload: { name: 'Helpdesk', scopes: ['conversations:read'] } })).json;
  const granted = await api.request('POST', '/oauth/token', {
    payload: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}` },
  });
  const reader = granted.json.access_token as string;
  t.equal((await api.request('POST', '/api/v1/canned-responses', { key: partner.live, payload: { title: 'Bye', body: 'Goodbye!', shortcut: 'bye' } })).statusCode, 201);
  t.same(await seenBy(reader), ['bye'], 'a token with conversations:read lists them');
  const refused = await api.request('POST', '/api/v1/canned-responses', { key: reader, payload: { title: 'x', body: 'y', shortcut: 'x' } });
  t.match({ status: refused.statusCode, code: refused.json.code }, { status: 403, code: 'insufficient_scope' }, 'but cannot write without conversations:write');

  const free = await api.account('free');
  t.equal((await api.request('POST', '/api/v1/canned-responses', { key: free.live, payload: { title: 'x', body: 'y', shortcut: 'x' } })).json.code, 'plan_read_only');

  // Deleting a chatbot deletes its canned responses (a durable reaction), not the account-wide ones.
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${other.id}`, { key: acme.live })).statusCode, 200);
  await api.platform.events.reactions.drain();
  t.same(await seenBy(acme.live), ['hi', 'hours']);
  const deletions = await api.request('GET', '/api/v1/events?type=canned_response.deleted', { key: acme.live });
  t.equal(deletions.json.data[0]?.data.id, theirs.id, 'with its event');
});
