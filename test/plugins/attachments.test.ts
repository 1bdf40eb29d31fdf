// Files in conversations (issue 33, "Attachments"): a visitor's image and an agent's PDF, both ways
// through the real routes; the type read from the bytes (an HTML page or an SVG named .png is
// refused); served inert; the plan's kinds and size, the widget's switch, the per-conversation cap;
// the bytes kept in chunks and deleted with their conversation and their chatbot. Both stores.
import t, { type Test } from 'tap';
import { attachmentName, declareAttachments, sniffAttachmentType, ATTACHMENT_CHUNK_BYTES } from '../../plugins/conversations/attachments.js';
import { declareConversations } from '../../plugins/conversations/collections.js';
import { GIF_HEADER, HTML_PAGE, JPEG_HEADER, PDF_MINIMAL, PNG_1PX, pngOfSize, SVG_WITH_SCRIPT } from '../helpers/files.js';
import { inertFileHeaders } from '../../core/index.js';
import { assertError, buildTestServer } from '../helpers/server.js';
import { visit, WIDGET_TEST_ORIGIN } from '../helpers/widget-visit.js';

const upload = (name: string, bytes: Buffer) => ({ name, content_base64: bytes.toString('base64') });

async function setUp(t: Test, config: Parameters<typeof buildTestServer>[1] = {}) {
  const api = await buildTestServer(t, config);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const start = async () => (await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} })).json as { conversation: { id: string }; token: string };
  const widgetUrl = (conversationId: string, rest = '') => `/widget/v1/${bot.id}/conversations/${conversationId}${rest}`;
  const apiUrl = (conversationId: string, rest = '') => `/api/v1/chatbots/${bot.id}/conversations/${conversationId}${rest}`;
  return { api, acme, bot, start, widgetUrl, apiUrl };
}

t.test('the type is read from the bytes; the kept name ends as the bytes are', async (t) => {
  t.equal(sniffAttachmentType(PNG_1PX), 'image/png');
  t.equal(sniffAttachmentType(PDF_MINIMAL), 'application/pdf');
  t.equal(sniffAttachmentType(GIF_HEADER), 'image/gif');
  t.equal(sniffAttachmentType(JPEG_HEADER), 'image/jpeg');
  t.equal(sniffAttachmentType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])), 'image/webp');
  t.equal(sniffAttachmentType(HTML_PAGE), null, 'HTML');
  t.equal(sniffAttachmentType(SVG_WITH_SCRIPT), null, 'SVG (it can hold script)');
  t.equal(sniffAttachmentType(Buffer.from('RIFF\0\0\0\0WAVEfmt ')), null, 'a RIFF that is not WebP');
  t.equal(sniffAttachmentType(Buffer.alloc(0)), null);
  t.equal(sniffAttachmentType(PNG_1PX.subarray(0, 7)), null, 'a signature cut short');
  t.equal(attachmentName('receipt.png', 'image/png'), 'receipt.png');
  t.equal(attachmentName('photo.JPEG', 'image/jpeg'), 'photo.JPEG');
  t.equal(attachmentName('invoice.html', 'image/png'), 'invoice.html.png', 'a name that lies gets the true extension');
  t.equal(attachmentName('C:\\Users\\ann\\scan.pdf', 'application/pdf'), 'scan.pdf', 'no path');
  t.equal(attachmentName('../../etc/passwd', 'application/pdf'), 'passwd.pdf');
  t.equal(attachmentName('a"\u0000<b>\n.png', 'image/png'), 'ab.png', 'no quotes, angle brackets or control characters');
  t.equal(attachmentName('   ', 'image/gif'), 'file.gif');
  const emoji = attachmentName(`${'a'.repeat(99)}😀😀.png`, 'image/png');
  t.equal(emoji, `${'a'.repeat(99)}😀.png`, 'cut at 100 code points: no emoji cut in half');
  t.doesNotThrow(() => encodeURIComponent(emoji), 'well formed');
  t.equal(attachmentName('bad\ud800name.png', 'image/png'), 'bad\ufffdname.png', 'a lone surrogate is replaced');
  t.equal(attachmentName('\u202eexe.png', 'image/png'), 'exe.png', 'no direction override to disguise the extension');
  // The header naming a file: never throws, quotes and RFC 8187's reserved characters encoded.
  const headers = inertFileHeaders({ name: 'it\'s (my) "scan"*.pdf', content_type: 'application/pdf' });
  t.equal(headers['Content-Disposition'], `attachment; filename="it's (my) _scan_*.pdf"; filename*=UTF-8''it%27s%20%28my%29%20%22scan%22%2A.pdf`);
  t.doesNotThrow(() => inertFileHeaders({ name: 'x\ud800.png', content_type: 'image/png' }), 'a name stored before it was made well formed still serves');
  t.match(inertFileHeaders({ name: 'Заказ №5.png', content_type: 'image/png' })['Content-Disposition'], /^inline; filename="_____ _5.png"; filename\*=UTF-8''%D0%97/);
});

t.test('a visitor’s image and an agent’s PDF, both ways, served inert', async (t) => {
  const { api, acme, bot, start, widgetUrl, apiUrl } = await setUp(t);
  const visitor = await start();
  const other = await start();
  const conversationId = visitor.conversation.id;

  const config = (await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json;
  t.same(config.attachments, { kinds: ['image', 'pdf'], max_bytes: 5 * 1024 * 1024 }, 'the widget learns what it may send: the starter plan’s');

  assertError(t, await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { payload: upload('a.png', PNG_1PX) }), 401, 'missing_credentials');
  assertError(t, await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token: other.token, payload: upload('a.png', PNG_1PX) }), 401, 'invalid_token');
  assertError(t, await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token: visitor.token, payload: { name: 'a.png', content_base64: 'not base64!' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token: visitor.token, payload: { name: 'a.png' } }), 400, 'validation_failed');
  assertError(t, await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token: visitor.token, payload: upload('a.png', Buffer.alloc(0)) }), 400, 'validation_failed', 'an empty file');

  const sent = await visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token: visitor.token, payload: upload('screenshot.png', PNG_1PX) });
  t.equal(sent.statusCode, 201);
  t.equal(sent.headers['access-control-allow-origin'], WIDGET_TEST_ORIGIN);
  t.match(sent.json, { message: { role: 'user', content: '', attachment: { name: 'screenshot.png', content_type: 'image/png', size: PNG_1PX.length } }, reply: null });
  const image = sent.json.message.attachment as { id: string };
  t.match(image.id, /^att_/);

  const read = await visit(api, 'GET', widgetUrl(conversationId, `/attachments/${image.id}`), { token: visitor.token });
  t.equal(read.statusCode, 200);
  t.same(read.rawPayload, PNG_1PX, 'the same bytes back');
  t.equal(read.headers['content-type'], 'image/png');
  t.equal(read.headers['x-content-type-options'], 'nosniff');
  t.match(read.headers['content-security-policy'], /sandbox/);
  t.match(read.headers['content-security-policy'], /default-src 'none'/);
  t.match(read.headers['content-disposition'], /^inline; filename="screenshot.png"/);
  t.equal(read.headers['access-control-allow-origin'], WIDGET_TEST_ORIGIN, 'the widget reads it with fetch from the page');
  assertError(t, await visit(api, 'GET', widgetUrl(conversationId, `/attachments/${image.id}`)), 401, 'missing_credentials');
  assertError(t, await visit(api, 'GET', widgetUrl(other.conversation.id, `/attachments/${image.id}`), { token: other.token }), 404, 'attachment_not_found', 'another conversation cannot read it');
  assertError(t, await visit(api, 'GET', widgetUrl(conversationId, '/attachments/att_01jzzzzzzzzzzzzzzzzzzzzzzz'), { token: visitor.token }), 404, 'attachment_not_found');
  assertError(t, await visit(api, 'GET', widgetUrl(conversationId, '/attachments/msg_1'), { token: visitor.token }), 404, 'attachment_not_found', 'a malformed id names the resource');

  const asMember = await api.request('GET', apiUrl(conversationId, `/attachments/${image.id}`), { key: acme.live });
  t.equal(asMember.statusCode, 200);
  t.same(asMember.rawPayload, PNG_1PX, 'the account reads it too');
  t.equal(asMember.headers['cross-origin-resource-policy'], 'same-origin', 'no other site embeds it');

  // The agent's side: only in a handed-off conversation.
  assertError(t, await api.request('POST', apiUrl(conversationId, '/attachments'), { key: acme.live, payload: upload('guide.pdf', PDF_MINIMAL) }), 409, 'conversation_not_in_handoff');
  t.equal((await api.request('POST', apiUrl(conversationId, '/handoff'), { key: acme.live })).statusCode, 200);
  const agent = await api.request('POST', apiUrl(conversationId, '/attachments'), { key: acme.live, payload: upload('Returns guide', PDF_MINIMAL) });
  t.equal(agent.statusCode, 201);
  t.match(agent.json.message, { role: 'agent', content: '', attachment: { name: 'Returns guide.pdf', content_type: 'application/pdf', size: PDF_MINIMAL.length } });
  const pdf = agent.json.message.attachment as { id: string };

  const seen = (await visit(api, 'GET', widgetUrl(conversationId), { token: visitor.token })).json.messages as Array<{ role: string; attachment: { id: string } | null }>;
  t.same(
    seen.map((message) => [message.role, message.attachment?.id ?? null]),
    [
      ['user', image.id],
      ['agent', pdf.id],
    ],
    'the visitor’s poll shows both files (no reply to the image: the chatbot reads words)',
  );
  const download = await visit(api, 'GET', widgetUrl(conversationId, `/attachments/${pdf.id}`), { token: visitor.token });
  t.same(download.rawPayload, PDF_MINIMAL);
  t.equal(download.headers['content-type'], 'application/pdf');
  t.match(download.headers['content-disposition'], /^attachment; filename="Returns guide.pdf"; filename\*=UTF-8''Returns%20guide.pdf$/, 'a PDF is only downloaded');

  const listed = (await api.request('GET', apiUrl(conversationId, '/messages?order=asc'), { key: acme.live })).json.data;
  t.match(listed, [{ attachment: { id: image.id } }, { attachment: { id: pdf.id } }]);
  const events = (await api.request('GET', '/api/v1/events?type=message.created&limit=100', { key: acme.live })).json.data as Array<{ data: { attachment: { id: string } | null } }>;
  t.same(
    events.map((event) => event.data.attachment?.id).filter(Boolean).sort(),
    [image.id, pdf.id].sort(),
    'message.created carries the file’s description',
  );

  t.equal((await api.request('POST', apiUrl(conversationId, '/end'), { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('POST', apiUrl(conversationId, '/attachments'), { key: acme.live, payload: upload('late.png', PNG_1PX) }), 409, 'conversation_ended');
});

t.test('the type from the bytes: an HTML page or an SVG named .png is refused', async (t) => {
  const { api, start, widgetUrl } = await setUp(t);
  const visitor = await start();
  const send = (name: string, bytes: Buffer) => visit(api, 'POST', widgetUrl(visitor.conversation.id, '/attachments'), { token: visitor.token, payload: upload(name, bytes) });
  assertError(t, await send('cat.png', HTML_PAGE), 415, 'unsupported_attachment_type');
  assertError(t, await send('logo.png', SVG_WITH_SCRIPT), 415, 'unsupported_attachment_type');
  assertError(t, await send('notes.txt', Buffer.from('plain words')), 415, 'unsupported_attachment_type');
  const gif = await send('page.html', GIF_HEADER);
  t.equal(gif.statusCode, 201, 'a GIF named .html is a GIF');
  t.equal(gif.json.message.attachment.name, 'page.html.gif');
  t.equal(gif.json.message.attachment.content_type, 'image/gif');
});

t.test('the plan sets kinds and size; the widget can say no; a conversation holds 20 files', async (t) => {
  const small = { attachments: { kinds: ['image' as const], max_bytes: 1000 } };
  const manyForms = { rate_limits: { forms_per_minute: 1000 } };
  const { api, acme, bot, start, widgetUrl } = await setUp(t, { config: { plans: { starter: small }, widget: manyForms } });
  const visitor = await start();
  const send = (bytes: Buffer, token = visitor.token, conversationId = visitor.conversation.id) =>
    visit(api, 'POST', widgetUrl(conversationId, '/attachments'), { token, payload: upload('f', bytes) });
  t.same((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.attachments, { kinds: ['image'], max_bytes: 1000 });
  assertError(t, await send(PDF_MINIMAL), 415, 'unsupported_attachment_type', 'this plan takes images only');
  assertError(t, await send(pngOfSize(1001)), 413, 'attachment_too_large');
  t.equal((await send(pngOfSize(1000))).statusCode, 201, 'a file of the largest size');

  for (let sent = 1; sent < 19; sent++) t.equal((await send(PNG_1PX)).statusCode, 201);
  // Two at once for the last place: one takes it. (In process the two did not interleave here, so
  // this checks the outcome, not the race; the count inside the conversation's change orders them.)
  const both = await Promise.all([send(PNG_1PX), send(GIF_HEADER)]);
  t.same(both.map((response) => response.statusCode).sort(), [201, 409], 'the 20th file is one of the two');
  t.equal(both.find((response) => response.statusCode === 409)!.json.code, 'attachment_limit_reached');
  assertError(t, await send(PNG_1PX), 409, 'attachment_limit_reached', 'the 21st file');
  const messages = (await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/${visitor.conversation.id}/messages?limit=100`, { key: acme.live })).json.data;
  t.equal(messages.length, 20, 'twenty files, twenty messages');

  const settings = (await api.request('GET', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live })).json;
  t.equal(settings.attachments, true, 'on by default');
  t.equal((await api.request('PUT', `/api/v1/chatbots/${bot.id}/widget`, { key: acme.live, payload: { attachments: false } })).statusCode, 200);
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.attachments, null, 'the widget offers no files');
  const fresh = await start();
  assertError(t, await send(PNG_1PX, fresh.token, fresh.conversation.id), 409, 'attachments_disabled');
});

t.test('the last place is decided by the conversation’s own count, in its versioned change', async (t) => {
  // Two files sent at once both change the conversation; a count of the attachment records could
  // not order them on FerretDB, which applies a commit write by write (CI once saw both take the
  // 20th place). The count in the conversation is what decides now.
  const { api, acme, start, widgetUrl } = await setUp(t, { config: { widget: { rate_limits: { forms_per_minute: 1000 } } } });
  const conversations = declareConversations(api.platform.store).conversations.forTenant({ accountId: acme.id, mode: 'live' });
  const visitor = await start();
  const send = () => visit(api, 'POST', widgetUrl(visitor.conversation.id, '/attachments'), { token: visitor.token, payload: upload('f', PNG_1PX) });
  t.equal((await send()).statusCode, 201);
  t.equal((await send()).statusCode, 201);
  t.equal((await conversations.get(visitor.conversation.id))!.attachment_count, 2, 'counted in the conversation');
  await conversations.update(visitor.conversation.id, { attachment_count: 20 });
  assertError(t, await send(), 409, 'attachment_limit_reached', 'refused by the count, with 2 records');
  // A conversation from before the count: its records are counted, and the count starts there.
  await conversations.update(visitor.conversation.id, { attachment_count: null as unknown as number });
  t.equal((await send()).statusCode, 201, 'no count: the records say 2');
  t.equal((await conversations.get(visitor.conversation.id))!.attachment_count, 3);
});

t.test('a plan without attachments: none, for visitors and agents', async (t) => {
  const { api, acme, bot, start, widgetUrl, apiUrl } = await setUp(t, { config: { plans: { starter: { attachments: { kinds: [], max_bytes: 1000 } } } } });
  const visitor = await start();
  t.equal((await visit(api, 'GET', `/widget/v1/${bot.id}/config`)).json.attachments, null);
  assertError(t, await visit(api, 'POST', widgetUrl(visitor.conversation.id, '/attachments'), { token: visitor.token, payload: upload('a.png', PNG_1PX) }), 403, 'attachments_not_allowed');
  t.equal((await api.request('POST', apiUrl(visitor.conversation.id, '/handoff'), { key: acme.live })).statusCode, 200);
  assertError(t, await api.request('POST', apiUrl(visitor.conversation.id, '/attachments'), { key: acme.live, payload: upload('a.png', PNG_1PX) }), 403, 'attachments_not_allowed');
});

t.test('the bytes in chunks, whole again on reading; gone with the conversation and the chatbot', async (t) => {
  const { api, acme, bot, start, widgetUrl, apiUrl } = await setUp(t);
  const declared = declareAttachments(api.platform.store);
  const chunks = declared.chunks.forTenant({ accountId: acme.id, mode: 'live' });
  const records = declared.attachments.forTenant({ accountId: acme.id, mode: 'live' });
  const visitor = await start();
  const big = pngOfSize(2 * ATTACHMENT_CHUNK_BYTES + 123);
  const sent = await visit(api, 'POST', widgetUrl(visitor.conversation.id, '/attachments'), { token: visitor.token, payload: upload('big.png', big) });
  t.equal(sent.statusCode, 201);
  const id = sent.json.message.attachment.id as string;
  t.equal(await chunks.count({ attachment_id: id }), 3, 'three chunks');
  const read = await api.request('GET', apiUrl(visitor.conversation.id, `/attachments/${id}`), { key: acme.live });
  t.ok(Buffer.compare(read.rawPayload, big) === 0, 'the same bytes, in order');

  t.match((await api.request('DELETE', apiUrl(visitor.conversation.id), { key: acme.live })).json, { deleted: true });
  t.equal(await chunks.count({ attachment_id: id }), 0, 'deleting the conversation deletes its files');
  t.equal(await records.count({ conversation_id: visitor.conversation.id }), 0, 'and their records');

  const second = await start();
  const kept = await visit(api, 'POST', widgetUrl(second.conversation.id, '/attachments'), { token: second.token, payload: upload('a.png', PNG_1PX) });
  t.equal(await chunks.count({ chatbot_id: bot.id }), 1);
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live })).statusCode, 200);
  await waitFor(async () => (await chunks.count({ chatbot_id: bot.id })) === 0);
  t.equal(await chunks.count({ attachment_id: kept.json.message.attachment.id }), 0, 'deleting the chatbot deletes its files');
  t.equal(await records.count({ chatbot_id: bot.id }), 0, 'and their records');
});

async function waitFor(done: () => Promise<boolean>, attempts = 200): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('waited in vain');
}


t.test('the exports name the files: JSON lines with each message’s attachment, CSV in its own columns', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json as { id: string };
  const visitor = (await visit(api, 'POST', `/widget/v1/${bot.id}/conversations`, { payload: {} })).json as { conversation: { id: string }; token: string };
  const sent = await visit(api, 'POST', `/widget/v1/${bot.id}/conversations/${visitor.conversation.id}/attachments`, { token: visitor.token, payload: upload('scan, page 1.png', PNG_1PX) });
  const id = sent.json.message.attachment.id as string;
  const jsonl = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=jsonl`, { key: acme.live });
  t.match(JSON.parse(jsonl.payload.trim()).messages, [{ content: '', attachment: { id, name: 'scan, page 1.png', content_type: 'image/png' } }]);
  const csv = await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations/export?format=csv`, { key: acme.live });
  const [header, row] = csv.payload.split('\r\n');
  t.match(header, /,attachment_id,attachment_name,attachment_type$/);
  t.match(row, new RegExp(`,${id},"scan, page 1.png",image/png$`), 'quoted as CSV quotes a comma');
});
