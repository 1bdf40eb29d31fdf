// The TypeScript client against a live server on the store of TEST_STORE (SQLite and FerretDB): the
// scenario the Python client runs too. Everything goes over real HTTP; the only thing the test adds
// is a `fetch` that counts the attempts, to see the retries the client makes.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { ChatbotPlatform, InvalidRequestError, NotFoundError, WebhookVerificationError } from '../../clients/typescript/src/index.js';
import { startClientScenario } from '../helpers/client-scenario.js';

const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open Monday to Friday, 9:00 to 17:00.';

/** A fetch that records each attempt's method, path, status and Idempotency-Key. */
function countingFetch() {
  const attempts: Array<{ method: string; path: string; status: number; key: string | null }> = [];
  const counted: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    attempts.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, status: response.status, key: headers.get('idempotency-key') });
    return response;
  };
  return { attempts, fetch: counted };
}

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('the TypeScript client runs the scenario against a live server', async (t) => {
  const scenario = await startClientScenario(t);
  const counting = countingFetch();
  const client = new ChatbotPlatform({ apiKey: scenario.apiKey, baseUrl: scenario.baseUrl, fetch: counting.fetch });

  // A chatbot with a Q&A pair, ready.
  const chatbot = await client.chatbots.create({ name: 'Support' });
  t.match(chatbot, { id: /^cb_/, name: 'Support', api_key: /^sk_live_/ }, 'created, with its own key');
  const item = await client.knowledge.create(chatbot.id, { type: 'qa', question: QUESTION, answer: ANSWER });
  const ready = await until(() => client.knowledge.get(chatbot.id, item.id), (read) => read.status === 'ready', 'the pair to be ready');
  t.equal(ready.status, 'ready', 'the pair is ready');
  const created = counting.attempts.filter((attempt) => attempt.method === 'POST');
  t.ok(created.every((attempt) => attempt.key?.startsWith('cbp_')), 'every POST carried an Idempotency-Key');
  t.equal(new Set(created.map((attempt) => attempt.key)).size, created.length, 'a new one for each call');

  // Chat: whole, then streamed.
  const conversation = await client.conversations.create(chatbot.id, { visitor: { name: 'Ada' } });
  const turn = await client.conversations.send(chatbot.id, conversation.id, { content: QUESTION });
  t.equal(turn.reply?.content, ANSWER, 'the reply is the pair’s answer');
  t.equal(turn.message.content, QUESTION, 'after the visitor’s message');
  const events = [];
  for await (const event of client.conversations.stream(chatbot.id, conversation.id, { content: QUESTION })) events.push(event);
  t.equal(events[0]?.type, 'message', 'the stream opens with the stored message');
  const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.content] : []));
  t.equal(deltas.join(''), ANSWER, 'the deltas write the answer');
  const done = events.at(-1);
  t.equal(done?.type, 'done', 'and it ends with done');
  if (done?.type === 'done') t.equal(done.turn.reply?.content, ANSWER, 'whose turn holds the same reply');
  const messages = await client.conversations.messages(chatbot.id, conversation.id).toArray();
  t.equal(messages.length, 4, 'four messages stored: two questions, two answers');

  // Leads, page after page.
  for (const name of ['Ada', 'Grace', 'Edsger']) await client.leads.create({ chatbot_id: chatbot.id, name, email: `${name.toLowerCase()}@example.com` });
  const first = await client.leads.list({ chatbot_id: chatbot.id, limit: 1 });
  t.equal(first.data.length, 1, 'one lead a page');
  t.equal(first.has_more, true, 'and more after it');
  const before = counting.attempts.length;
  const names: string[] = [];
  for await (const lead of client.leads.list({ chatbot_id: chatbot.id, limit: 1 })) names.push(lead.name ?? '');
  t.same(names, ['Edsger', 'Grace', 'Ada'], 'every lead, newest first, across pages');
  t.ok(counting.attempts.length - before >= 3, 'one request a page');

  // The inbox's tools: saved replies, counts, the live event stream.
  const saved = await client.savedReplies.create({ shortcut: 'hours', title: 'Opening hours', body: 'Hi {visitor.name}, {chatbot.name} is open 9 to 5.' });
  t.match(saved, { id: /^sr_/, shortcut: 'hours', use_count: 0 }, 'a saved reply');
  t.same((await client.savedReplies.list({ q: 'HOURS' })).data.map((reply) => reply.id), [saved.id], 'found by part of its shortcut');
  const rendered = await client.savedReplies.render(saved.id, { conversation_id: conversation.id });
  t.same(rendered, { saved_reply_id: saved.id, conversation_id: conversation.id, text: 'Hi Ada, Support is open 9 to 5.', missing: [] }, 'rendered with the visitor’s and chatbot’s names');
  t.equal((await client.savedReplies.get(saved.id)).use_count, 1, 'a render counts as a use');
  await client.savedReplies.delete(saved.id);
  t.ok((await client.savedReplies.get(saved.id).catch((error: unknown) => error)) instanceof NotFoundError, 'deleted');
  t.same(await client.conversations.counts({ chatbot_id: chatbot.id }), { open: 1, handoff: 0, ended: 0 }, 'one open conversation');

  const stop = new AbortController();
  const timeLimit = setTimeout(() => stop.abort(), 20_000);
  const streamed: string[] = [];
  let started: string | undefined;
  for await (const event of client.conversations.events({ chatbot_id: chatbot.id }, { signal: stop.signal })) {
    if (event.type === 'ready') await client.conversations.create(chatbot.id, { visitor: { name: 'Grace' } }).then((made) => (started = made.id));
    if (event.type !== 'event') continue;
    streamed.push(event.event.type);
    const data = event.event.data as { id?: string; conversation?: { id?: string } };
    if (event.event.type === 'conversation.started' && (data.id ?? data.conversation?.id) === started) break;
  }
  clearTimeout(timeLimit);
  t.notOk(stop.signal.aborted, `the conversation started after ready came in the live stream (${streamed.join(', ')})`);

  // An agent's file in the handed-off conversation: sent by its bytes, read back the same.
  const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  const early = await client.conversations.sendAttachment(chatbot.id, conversation.id, { name: 'dot.png', data: png }).catch((error: unknown) => error);
  t.match(early, { status: 409, code: 'conversation_not_in_handoff' }, 'not before the conversation is handed off');
  await client.conversations.handoff(chatbot.id, conversation.id);
  const filed = await client.conversations.sendAttachment(chatbot.id, conversation.id, { name: 'dot.png', data: png });
  t.match(filed, { message: { role: 'agent', content: '', attachment: { id: /^att_/, name: 'dot.png', content_type: 'image/png', size: png.length } }, reply: null }, 'an agent message with the file');
  const fileId = filed.message.attachment!.id;
  t.same(Buffer.from(await client.conversations.getAttachment(chatbot.id, conversation.id, fileId)), Buffer.from(png), 'read back, the same bytes');
  const page = await client.conversations.sendAttachment(chatbot.id, conversation.id, { name: 'page.png', content_base64: Buffer.from('<!doctype html><p>hi').toString('base64') }).catch((error: unknown) => error);
  t.match(page, { status: 415, code: 'unsupported_attachment_type' }, 'the type read from the bytes, not the name');

  // Typed errors.
  const missing = await client.chatbots.get('cb_00000000000000000000000000').catch((error: unknown) => error);
  t.ok(missing instanceof NotFoundError, 'a 404 is a NotFoundError');
  t.match(missing, { status: 404, code: 'chatbot_not_found', requestId: /^req_/ });
  const invalid = await client.chatbots.create({ name: '' }).catch((error: unknown) => error);
  t.ok(invalid instanceof InvalidRequestError, 'a 400 is an InvalidRequestError');
  t.match(invalid, { status: 400, code: 'validation_failed', requestId: /^req_/, details: [{ path: 'name', type: 'string.empty' }] });

  // The leads exported as CSV, the account's members and its IP allowlist.
  const csv = await client.leads.export({ format: 'csv', chatbot_id: chatbot.id });
  const rows = csv.trimEnd().split('\r\n');
  t.match(rows[0], /^id,chatbot_id,conversation_id,name,email,/, 'the CSV’s header row');
  t.same(rows.slice(1).map((row) => row.split(',')[4]), ['ada@example.com', 'grace@example.com', 'edsger@example.com'], 'a row per lead with its email, oldest first');
  const invited = await client.members.invite({ email: 'barbara@example.com', name: 'Barbara', role: 'agent' });
  t.match(invited, { id: /^usr_/, email: 'barbara@example.com', status: 'invited', invitation: { url: /^http/ } }, 'a member invited, with the link to pass on');
  const members = await client.members.list({ status: 'invited' }).toArray();
  t.same(members.map((member) => member.email), ['barbara@example.com'], 'listed among the invited');
  t.match(await client.members.get(invited.id), { name: 'Barbara', role: 'agent' });
  await client.members.remove(invited.id);
  t.same((await client.members.list({ status: 'invited' })).data, [], 'and removed');
  t.same(await client.account.getIpAllowlist(), { ip_allowlist: [], enforced: false }, 'no IP allowlist');
  t.same(await client.account.setIpAllowlist({ ip_allowlist: ['127.0.0.1'] }), { ip_allowlist: ['127.0.0.1'], enforced: true }, 'loopback only, enforced on enterprise');
  t.same((await client.account.setIpAllowlist({ ip_allowlist: [] })).ip_allowlist, [], 'every address again: the call came from loopback');

  // A webhook delivery, verified with the secret shown on creation.
  const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const webhook = await client.webhooks.create({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['webhook.test'] });
  await client.webhooks.test(webhook.id);
  const delivery = (await until(async () => received, (list) => list.length > 0, 'the test delivery'))[0]!;
  const event = client.webhooks.verify(delivery.body, delivery.headers, webhook.secret);
  t.match(event, { type: 'webhook.test', id: /^evt_/ }, 'the signature holds: the event');
  t.throws(() => client.webhooks.verify(delivery.body.replace('webhook.test', 'webhook.tset'), delivery.headers, webhook.secret), WebhookVerificationError, 'a changed body does not');
  t.throws(() => client.webhooks.verify(delivery.body, delivery.headers, 'whsec_' + Buffer.alloc(24, 1).toString('base64')), WebhookVerificationError, 'nor another secret');

  // OAuth: a client's token, requested by the library, lists the chatbots.
  const oauthClient = await client.oauthClients.create({ name: 'Reporting', scopes: ['chatbots:read'] });
  const viaOAuth = new ChatbotPlatform({ baseUrl: scenario.baseUrl, oauth: { clientId: oauthClient.id, clientSecret: oauthClient.client_secret } });
  const listed = await viaOAuth.chatbots.list();
  t.same(listed.data.map((bot) => bot.id), [chatbot.id], 'an OAuth token lists the chatbots');
  const denied = await viaOAuth.chatbots.create({ name: 'Not allowed' }).catch((error: unknown) => error);
  t.match(denied, { status: 403, code: 'insufficient_scope' }, 'and is held to its scope');

  // A 429: waited out (Retry-After) and retried with the same Idempotency-Key.
  const limited = countingFetch();
  const throttled = new ChatbotPlatform({ apiKey: scenario.rateLimitedKey, baseUrl: scenario.baseUrl, fetch: limited.fetch });
  for (let i = 0; i < 2; i++) await throttled.chatbots.list();
  const afterLimit = await throttled.chatbots.list();
  t.ok(Array.isArray(afterLimit.data), 'the call past the limit succeeds');
  t.same(
    limited.attempts.map((attempt) => attempt.status),
    [200, 200, 429, 200],
    'after one 429 and one retry',
  );
});
