// A client generated from the live document (openapi-typescript types, openapi-fetch calls) runs
// the basic scenario against a real server on loopback: create a chatbot, add a Q&A pair, chat,
// read the conversation. The types are generated here, not committed (nothing checks a copy).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import t from 'tap';
import { buildTestServer } from '../helpers/server.js';

t.test('a generated TypeScript client completes the scenario', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 } } });
  await api.server.start();
  const baseUrl = `http://127.0.0.1:${api.server.info.port}`;
  const acme = await api.account('professional');

  // Types from the document the server serves. Injected, not fetched: a kept-alive socket left idle
  // while openapi-typescript works (30 s under CI load) is closed by the server just as the client's
  // first call reuses it (ECONNRESET in CI).
  const document = (await api.request('GET', '/api/v1/openapi.json')).json as Parameters<typeof openapiTS>[0];
  const types = astToString(await openapiTS(document));
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-client-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'api.d.ts');
  writeFileSync(file, types);
  const generated = readFileSync(file, 'utf8');
  t.match(generated, /export interface paths/);
  t.match(generated, /"\/api\/v1\/chatbots\/\{id\}\/conversations\/\{convId\}\/messages": \{/);
  t.match(generated, /Chatbot: \{/);
  t.match(generated, /sendMessage: \{/);

  // The types are not checked at run time; the calls go through openapi-fetch as a client would.
  const client = createClient<any>({ baseUrl, headers: { Authorization: `Bearer ${acme.live}` } });

  const created = await client.POST('/api/v1/chatbots', { body: { name: 'Support bot' } });
  t.equal(created.response.status, 201, 'chatbot created');
  const chatbot = created.data as { id: string; api_key: string; status: string };
  t.match(chatbot, { id: /^cb_/, api_key: /^sk_live_/, status: 'active' });
  const chatbotPath = { path: { id: chatbot.id } };

  const question = 'What are your opening hours?';
  const answer = 'We are open Monday to Friday, 9:00 to 17:00.';
  const added = await client.POST('/api/v1/chatbots/{id}/knowledge', {
    params: chatbotPath,
    body: { type: 'qa', question, answer },
  });
  t.equal(added.response.status, 201, 'Q&A pair added');
  const item = added.data as { id: string; status: string };

  await api.server.plugins.knowledge.worker.drain();
  const ready = await client.GET('/api/v1/chatbots/{id}/knowledge/{docId}', { params: { path: { id: chatbot.id, docId: item.id } } });
  t.equal((ready.data as { status: string }).status, 'ready', 'the pair is ready');

  const started = await client.POST('/api/v1/chatbots/{id}/conversations', {
    params: chatbotPath,
    body: { visitor: { name: 'Ada' } },
  });
  t.equal(started.response.status, 201, 'conversation started');
  const conversation = started.data as { id: string; status: string };
  t.equal(conversation.status, 'open');
  const conversationPath = { path: { id: chatbot.id, convId: conversation.id } };

  const sent = await client.POST('/api/v1/chatbots/{id}/conversations/{convId}/messages', {
    params: conversationPath,
    body: { content: question },
  });
  t.equal(sent.response.status, 201, 'message sent');
  const turn = sent.data as { message: { role: string; content: string }; reply: { content: string; answer_type: string } | null };
  t.equal(turn.message.content, question);
  t.equal(turn.reply?.content, answer, 'the Q&A answer comes back');
  t.equal(turn.reply?.answer_type, 'qa');

  const messages = await client.GET('/api/v1/chatbots/{id}/conversations/{convId}/messages', {
    params: { ...conversationPath, query: { order: 'asc' } },
  });
  t.equal(messages.response.status, 200);
  const page = messages.data as { data: Array<{ role: string; content: string }>; has_more: boolean };
  t.same(
    page.data.map((message) => [message.role, message.content]),
    [
      ['user', question],
      ['assistant', answer],
    ],
    'the conversation reads back in order',
  );
  t.equal(page.has_more, false);

  // An error through the same client: the documented Error body.
  const missing = await client.GET('/api/v1/chatbots/{id}', { params: { path: { id: 'cb_missing' } } });
  t.equal(missing.response.status, 404);
  t.match(missing.error, { code: 'chatbot_not_found', request_id: String });
});
