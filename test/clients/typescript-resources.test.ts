// store-independent: the client's paths against the committed document and a local HTTP server; no store is opened.
// Every method of the TypeScript client's resources sends the method and path of the operation it
// names: each call is made against a local server that records it, and compared with where
// clients/openapi.json puts that operation id (the ids filled into its path template in order).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import t from 'tap';
import { ROOT } from '../../bin/build/server.js';
import { ChatbotPlatform } from '../../clients/typescript/src/index.js';

type Client = ChatbotPlatform;
interface Case {
  operation: string;
  ids: string[];
  call(client: Client): PromiseLike<unknown>;
  /** What the method gives back from the local server's answer, when it is not that JSON itself. */
  gives?: unknown;
}

const CB = 'cb_1';
const CONV = 'conv_1';
const none = {} as never;
/** What the local server answers an export with: text, not JSON. */
const CSV = 'id,email\r\nlead_1,ada@example.com\r\n';
/** A 1×1 PNG: what the local server answers a file's read with (bytes, not JSON). */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
/** The live event stream's events, read until `ready`, then closed. */
async function firstStreamEvents(client: Client) {
  const events = [];
  for await (const event of client.conversations.events({ chatbot_id: CB })) {
    events.push(event);
    if (event.type === 'ready') break;
  }
  return events;
}
const CASES: Case[] = [
  { operation: 'listChatbots', ids: [], call: (c) => c.chatbots.list() },
  { operation: 'createChatbot', ids: [], call: (c) => c.chatbots.create({ name: 'Support' }) },
  { operation: 'getChatbot', ids: [CB], call: (c) => c.chatbots.get(CB) },
  { operation: 'updateChatbot', ids: [CB], call: (c) => c.chatbots.update(CB, none) },
  { operation: 'deleteChatbot', ids: [CB], call: (c) => c.chatbots.delete(CB) },
  { operation: 'archiveChatbot', ids: [CB], call: (c) => c.chatbots.archive(CB) },
  { operation: 'restoreChatbot', ids: [CB], call: (c) => c.chatbots.restore(CB) },
  { operation: 'pauseChatbot', ids: [CB], call: (c) => c.chatbots.pause(CB) },
  { operation: 'resumeChatbot', ids: [CB], call: (c) => c.chatbots.resume(CB) },
  { operation: 'rotateChatbotApiKey', ids: [CB], call: (c) => c.chatbots.rotateApiKey(CB) },
  { operation: 'getChatbotSettings', ids: [CB], call: (c) => c.chatbots.getSettings(CB) },
  { operation: 'setChatbotSettings', ids: [CB], call: (c) => c.chatbots.setSettings(CB, none) },
  { operation: 'getWidgetSettings', ids: [CB], call: (c) => c.chatbots.getWidget(CB) },
  { operation: 'setWidgetSettings', ids: [CB], call: (c) => c.chatbots.setWidget(CB, none) },
  { operation: 'createWidgetIdentitySecret', ids: [CB], call: (c) => c.chatbots.makeWidgetIdentitySecret(CB) },
  { operation: 'getChatbotQuality', ids: [CB], call: (c) => c.chatbots.quality(CB) },
  { operation: 'listConversations', ids: [CB], call: (c) => c.conversations.list(CB) },
  { operation: 'listInboxConversations', ids: [], call: (c) => c.conversations.listInbox() },
  { operation: 'createConversation', ids: [CB], call: (c) => c.conversations.create(CB) },
  { operation: 'getConversation', ids: [CB, CONV], call: (c) => c.conversations.get(CB, CONV) },
  { operation: 'updateConversation', ids: [CB, CONV], call: (c) => c.conversations.update(CB, CONV, none) },
  { operation: 'deleteConversation', ids: [CB, CONV], call: (c) => c.conversations.delete(CB, CONV) },
  { operation: 'endConversation', ids: [CB, CONV], call: (c) => c.conversations.end(CB, CONV) },
  { operation: 'handoffConversation', ids: [CB, CONV], call: (c) => c.conversations.handoff(CB, CONV) },
  { operation: 'releaseConversation', ids: [CB, CONV], call: (c) => c.conversations.release(CB, CONV) },
  { operation: 'assignConversation', ids: [CB, CONV], call: (c) => c.conversations.assign(CB, CONV, none) },
  { operation: 'listMessages', ids: [CB, CONV], call: (c) => c.conversations.messages(CB, CONV) },
  { operation: 'sendMessage', ids: [CB, CONV], call: (c) => c.conversations.send(CB, CONV, { content: 'Hi' }) },
  { operation: 'getConversationCounts', ids: [], call: (c) => c.conversations.counts() },
  { operation: 'streamConversationEvents', ids: [], call: firstStreamEvents, gives: [{ type: 'event', event: { id: 'evt_1', type: 'conversation.created' } }, { type: 'ready' }] },
  { operation: 'exportConversations', ids: [CB], call: (c) => c.conversations.export(CB, { format: 'csv' }), gives: CSV },
  { operation: 'getConversationContact', ids: [CB, CONV], call: (c) => c.conversations.contact(CB, CONV) },
  { operation: 'getTyping', ids: [CB, CONV], call: (c) => c.conversations.typing(CB, CONV) },
  { operation: 'sendMessageFeedback', ids: [CB, CONV, 'msg_1'], call: (c) => c.conversations.feedback(CB, CONV, 'msg_1', none) },
  { operation: 'sendAttachment', ids: [CB, CONV], call: (c) => c.conversations.sendAttachment(CB, CONV, { name: 'dot.png', data: PNG }) },
  { operation: 'getAttachment', ids: [CB, CONV, 'att_1'], call: (c) => c.conversations.getAttachment(CB, CONV, 'att_1'), gives: PNG },
  { operation: 'listKnowledgeItems', ids: [CB], call: (c) => c.knowledge.list(CB) },
  { operation: 'createKnowledgeItem', ids: [CB], call: (c) => c.knowledge.create(CB, none) },
  { operation: 'getKnowledgeItem', ids: [CB, 'doc_1'], call: (c) => c.knowledge.get(CB, 'doc_1') },
  { operation: 'updateKnowledgeItem', ids: [CB, 'doc_1'], call: (c) => c.knowledge.update(CB, 'doc_1', none) },
  { operation: 'deleteKnowledgeItem', ids: [CB, 'doc_1'], call: (c) => c.knowledge.delete(CB, 'doc_1') },
  { operation: 'refreshKnowledgeItem', ids: [CB, 'doc_1'], call: (c) => c.knowledge.refresh(CB, 'doc_1') },
  { operation: 'importKnowledge', ids: [CB], call: (c) => c.knowledge.import(CB, none) },
  { operation: 'searchKnowledge', ids: [CB], call: (c) => c.knowledge.search(CB, none) },
  { operation: 'createQaFromMessage', ids: [CB], call: (c) => c.knowledge.fromMessage(CB, none) },
  { operation: 'getKnowledgeEmbeddings', ids: [CB], call: (c) => c.knowledge.embeddings(CB) },
  { operation: 'listKnowledgeItemEmbeddings', ids: [CB], call: (c) => c.knowledge.itemEmbeddings(CB) },
  { operation: 'exportKnowledge', ids: [CB], call: (c) => c.knowledge.export(CB), gives: CSV },
  { operation: 'listLeads', ids: [], call: (c) => c.leads.list() },
  { operation: 'listChatbotLeads', ids: [CB], call: (c) => c.leads.listForChatbot(CB) },
  { operation: 'createLead', ids: [], call: (c) => c.leads.create(none) },
  { operation: 'getLead', ids: ['lead_1'], call: (c) => c.leads.get('lead_1') },
  { operation: 'updateLead', ids: ['lead_1'], call: (c) => c.leads.update('lead_1', none) },
  { operation: 'deleteLead', ids: ['lead_1'], call: (c) => c.leads.delete('lead_1') },
  { operation: 'exportLeads', ids: [], call: (c) => c.leads.export({ format: 'csv' }), gives: CSV },
  { operation: 'listWebhooks', ids: [], call: (c) => c.webhooks.list() },
  { operation: 'createWebhook', ids: [], call: (c) => c.webhooks.create(none) },
  { operation: 'getWebhook', ids: ['wh_1'], call: (c) => c.webhooks.get('wh_1') },
  { operation: 'updateWebhook', ids: ['wh_1'], call: (c) => c.webhooks.update('wh_1', none) },
  { operation: 'deleteWebhook', ids: ['wh_1'], call: (c) => c.webhooks.delete('wh_1') },
  { operation: 'testWebhook', ids: ['wh_1'], call: (c) => c.webhooks.test('wh_1') },
  { operation: 'rotateWebhookSecret', ids: ['wh_1'], call: (c) => c.webhooks.rotateSecret('wh_1') },
  { operation: 'listWebhookDeliveries', ids: ['wh_1'], call: (c) => c.webhooks.deliveries('wh_1') },
  { operation: 'retryWebhookDelivery', ids: ['wh_1', 'del_1'], call: (c) => c.webhooks.retryDelivery('wh_1', 'del_1') },
  { operation: 'listEvents', ids: [], call: (c) => c.events.list() },
  { operation: 'getEvent', ids: ['evt_1'], call: (c) => c.events.get('evt_1') },
  { operation: 'getAnalyticsOverview', ids: [], call: (c) => c.analytics.overview() },
  { operation: 'getAnalyticsTimeseries', ids: [], call: (c) => c.analytics.timeseries() },
  { operation: 'getAnalyticsTrends', ids: [], call: (c) => c.analytics.trends() },
  { operation: 'exportAnalytics', ids: [], call: (c) => c.analytics.export({ format: 'csv' }), gives: CSV },
  { operation: 'getAccount', ids: [], call: (c) => c.account.get() },
  { operation: 'getUsage', ids: [], call: (c) => c.account.usage() },
  { operation: 'getIpAllowlist', ids: [], call: (c) => c.account.getIpAllowlist() },
  { operation: 'setIpAllowlist', ids: [], call: (c) => c.account.setIpAllowlist({ ip_allowlist: ['203.0.113.0/24'] }) },
  { operation: 'listApiKeys', ids: [], call: (c) => c.apiKeys.list() },
  { operation: 'createApiKey', ids: [], call: (c) => c.apiKeys.create(none) },
  { operation: 'deleteApiKey', ids: ['key_1'], call: (c) => c.apiKeys.delete('key_1') },
  { operation: 'rotateApiKey', ids: ['key_1'], call: (c) => c.apiKeys.rotate('key_1') },
  { operation: 'listOAuthClients', ids: [], call: (c) => c.oauthClients.list() },
  { operation: 'createOAuthClient', ids: [], call: (c) => c.oauthClients.create(none) },
  { operation: 'deleteOAuthClient', ids: ['oc_1'], call: (c) => c.oauthClients.delete('oc_1') },
  { operation: 'rotateOAuthClientSecret', ids: ['oc_1'], call: (c) => c.oauthClients.rotateSecret('oc_1') },
  { operation: 'listMembers', ids: [], call: (c) => c.members.list() },
  { operation: 'inviteMember', ids: [], call: (c) => c.members.invite({ email: 'ada@example.com', role: 'agent' }) },
  { operation: 'getMember', ids: ['usr_1'], call: (c) => c.members.get('usr_1') },
  { operation: 'updateMember', ids: ['usr_1'], call: (c) => c.members.update('usr_1', none) },
  { operation: 'removeMember', ids: ['usr_1'], call: (c) => c.members.remove('usr_1') },
  { operation: 'resendInvitation', ids: ['usr_1'], call: (c) => c.members.resendInvitation('usr_1') },
  { operation: 'signOutMember', ids: ['usr_1'], call: (c) => c.members.signOut('usr_1') },
  { operation: 'listModelProviders', ids: [], call: (c) => c.modelProviders.list() },
  { operation: 'createModelProvider', ids: [], call: (c) => c.modelProviders.create(none) },
  { operation: 'getModelProvider', ids: ['mp_1'], call: (c) => c.modelProviders.get('mp_1') },
  { operation: 'updateModelProvider', ids: ['mp_1'], call: (c) => c.modelProviders.update('mp_1', none) },
  { operation: 'deleteModelProvider', ids: ['mp_1'], call: (c) => c.modelProviders.delete('mp_1') },
  { operation: 'testModelProvider', ids: ['mp_1'], call: (c) => c.modelProviders.test('mp_1') },
  { operation: 'listSavedReplies', ids: [], call: (c) => c.savedReplies.list() },
  { operation: 'createSavedReply', ids: [], call: (c) => c.savedReplies.create(none) },
  { operation: 'getSavedReply', ids: ['sr_1'], call: (c) => c.savedReplies.get('sr_1') },
  { operation: 'updateSavedReply', ids: ['sr_1'], call: (c) => c.savedReplies.update('sr_1', none) },
  { operation: 'deleteSavedReply', ids: ['sr_1'], call: (c) => c.savedReplies.delete('sr_1') },
  { operation: 'renderSavedReply', ids: ['sr_1'], call: (c) => c.savedReplies.render('sr_1', { conversation_id: CONV }) },
  { operation: 'getOpenApiDocument', ids: [], call: (c) => c.openApiDocument() },
];

/** Operation id → its method and path template in the committed document. */
function documentedOperations(): Map<string, { method: string; path: string }> {
  const document = JSON.parse(readFileSync(path.join(ROOT, 'clients/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
  const operations = new Map<string, { method: string; path: string }>();
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) operations.set(operation.operationId, { method: method.toUpperCase(), path: template });
  }
  return operations;
}

t.test('each resource method sends its operation’s method and path', async (t) => {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url!, 'http://x');
    seen.push(`${request.method} ${pathname}`);
    if (pathname.endsWith('/export')) {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      return response.end(CSV);
    }
    if (request.method === 'GET' && pathname.includes('/attachments/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(PNG);
    }
    if (pathname === '/api/v1/conversations/stream') {
      // A comment, an event, `ready`, a frame of a later server's; the stream stays open until the client closes it.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': keep-alive\n\nevent: conversation.created\ndata: {"id":"evt_1","type":"conversation.created"}\n\n');
      return response.write('event: later-control\ndata: {}\n\nevent: ready\ndata: {}\n\n');
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    // Enough for a list (a last page) and for any other call.
    response.end(JSON.stringify({ data: [], has_more: false, next_cursor: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const client = new ChatbotPlatform({ apiKey: 'sk_test_1', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  const operations = documentedOperations();

  for (const { operation, ids, call, gives } of CASES) {
    const documented = operations.get(operation);
    if (!t.ok(documented, `${operation} is in the document`)) continue;
    let index = 0;
    const expected = `${documented!.method} ${documented!.path.replace(/\{[^}]+\}/g, () => ids[index++] ?? '?')}`;
    t.equal(index, ids.length, `${operation}: one id for each parameter of ${documented!.path}`);
    const before = seen.length;
    const answer = await call(client);
    t.same(seen.slice(before), [expected], `${operation}: ${expected}`);
    t.same(answer, gives ?? { data: [], has_more: false, next_cursor: null }, `${operation}: what the server answered`);
  }

  // Every API-key operation of the account's resources has a method (those left out are the
  // dashboard's, the widget's, the operator's and the protocol endpoints), but a signed-in member's
  // own: presence and showing an agent typing answer an API key or OAuth token 403
  // (`session_required`, `member_required`), the only credentials this client has.
  const covered = new Set(CASES.map((entry) => entry.operation));
  const apiOperations = [...operations.entries()].filter(([, { path: template }]) => template.startsWith('/api/v1/')).map(([id]) => id);
  const withoutMethod = apiOperations.filter((id) => !covered.has(id)).sort();
  t.same(withoutMethod, ['getPresence', 'sendPresenceHeartbeat', 'sendTyping', 'setPresence'], 'the operations the client does not offer yet, listed so a new one is a decision');
});
