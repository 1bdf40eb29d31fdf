// The single binary as a self-hoster gets it (issue 17): built by `npm run build:binary`, copied
// alone into an empty folder, run with an environment that cannot reach node, npm or this checkout
// (PATH leads nowhere, HOME is empty), then the walk through the API of docs/api-guide.md against it, over
// real HTTP: every CLI command, the knowledge base (the parse worker thread), a chat, an export,
// the widget script and the docs page.
import { once } from 'node:events';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import t, { type Test } from 'tap';
import { buildBinary } from '../../bin/build/binary.js';
import { runCommand, serveCommand } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

t.setTimeout(300_000); // building the binary copies and rewrites a ~100 MB executable

const { dir: workDir, remove } = temporaryDirectory();
t.teardown(remove);
const folder = path.join(workDir, 'opt');
const home = path.join(workDir, 'home');
mkdirSync(folder);
mkdirSync(home);
const built = path.join(workDir, 'built-chatbot-platform');
await buildBinary(built);
const binary = path.join(folder, 'chatbot-platform');
copyFileSync(built, binary);
rmSync(built);

/** Nothing from this machine's setup: no PATH to node, a HOME of its own, no config from the checkout. */
const environment = (extra: Record<string, string>) => ({ PATH: '/nonexistent', HOME: home, DATA_DIR: path.join(folder, 'data'), ...extra });

const run = (args: string[], extra: Record<string, string> = {}) => runCommand([binary], args, { cwd: folder, env: environment(extra) });
const serve = (t: Test) => serveCommand(t, [binary], { cwd: folder, env: environment({ PORT: '0', HOST: '127.0.0.1' }) });

t.test('the binary alone runs every CLI command and the API guide walk-through', async (t) => {
  t.same(readdirSync(folder), ['chatbot-platform'], 'the folder holds the binary only');

  const help = await run(['help']);
  t.equal(help.code, 0, help.stderr);
  t.match(help.stdout, /Usage: chatbot-platform/);
  t.equal((await run(['launch'])).code, 2, 'a usage error exits 2');

  const migrate = await run(['migrate'], { LOG_LEVEL: 'warn' });
  t.equal(migrate.code, 0, migrate.stderr);
  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'professional', '--owner-email', 'me@example.com', '--owner-password', 'a long password', '--json']);
  t.equal(created.code, 0, created.stderr);
  const keys = JSON.parse(created.stdout) as { live_key: string; test_key: string };

  const { server, uri, output } = await serve(t);
  const call = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${uri}${route}`, {
      method,
      headers: { authorization: `Bearer ${keys.live_key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, any> };
  };

  const bot = await call('POST', '/api/v1/chatbots', { name: 'Support', language: 'en' });
  t.equal(bot.status, 201, 'a chatbot is created');
  const botId = bot.json().id as string;
  t.equal((await call('GET', '/api/v1/chatbots?limit=20')).json().data.length, 1, 'the list holds it');
  const sandbox = await call('GET', '/api/v1/chatbots', undefined, { authorization: `Bearer ${keys.test_key}` });
  t.same(sandbox.json().data, [], 'the sandbox sees none of the live data');
  const settings = await call('PUT', `/api/v1/chatbots/${botId}/settings`, {
    personality: 'professional',
    rules: [{ match: { keywords: ['price'] }, action: { type: 'reply', reply: 'See /pricing' } }],
  });
  t.equal(settings.status, 200, 'its settings are replaced');
  const first = await call('POST', '/api/v1/chatbots', { name: 'Sales' }, { 'idempotency-key': 'binary-walk-1' });
  const again = await call('POST', '/api/v1/chatbots', { name: 'Sales' }, { 'idempotency-key': 'binary-walk-1' });
  t.equal(again.json().id, first.json().id, 'an idempotent retry gives the same chatbot');

  // A Q&A pair and an HTML document: the document is read by the parse worker thread, which in the
  // binary runs from the unpacked assets.
  t.equal((await call('POST', `/api/v1/chatbots/${botId}/knowledge`, { type: 'qa', question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.' })).status, 201, 'a Q&A pair is added');
  const document = await call('POST', `/api/v1/chatbots/${botId}/knowledge`, {
    type: 'document',
    format: 'html',
    title: 'Returns',
    content: '<html><body><h1>Returns</h1><p>Returns are free within 30 days of delivery.</p></body></html>',
  });
  t.equal(document.status, 201, 'an HTML document is added');
  let status = '';
  for (let attempt = 0; attempt < 200 && status !== 'ready' && status !== 'failed'; attempt++) {
    status = (await call('GET', `/api/v1/chatbots/${botId}/knowledge/${document.json().id}`)).json().status as string;
    if (status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.equal(status, 'ready', 'the document was read in the worker thread');

  const conversation = await call('POST', `/api/v1/chatbots/${botId}/conversations`, { visitor: { id: 'v-42' } });
  t.equal(conversation.status, 201, 'a conversation starts');
  const messages = `/api/v1/chatbots/${botId}/conversations/${conversation.json().id}/messages`;
  const reply = await call('POST', messages, { content: 'how long does delivry take?' });
  t.match(reply.json().reply, { answer_type: 'qa', content: 'Delivery takes 2 to 3 working days.' });
  const returns = await call('POST', messages, { content: 'are returns free?' });
  t.match(returns.json().reply.content, /30 days/, 'answered from the document');
  const streamed = await call('POST', messages, { content: 'what is the price?' }, { accept: 'text/event-stream' });
  t.match(streamed.text, /event: message[\s\S]*event: done/, 'streamed as server-sent events');
  t.equal((await call('POST', `/api/v1/chatbots/${botId}/conversations/${conversation.json().id}/end`)).status, 200, 'the conversation ends');
  const exported = await call('GET', `/api/v1/chatbots/${botId}/conversations/export?format=csv`);
  t.equal(exported.status, 200, 'conversations export as CSV');
  t.match(exported.text, /how long does delivry take\?/, 'the export holds the conversation');

  const widget = await fetch(`${uri}/widget.js`);
  t.equal(widget.status, 200, 'the widget script is served');
  t.ok((await widget.text()).length > 10_000, 'the whole script');
  const arabic = await fetch(`${uri}/widget/ui/ar.json`);
  t.equal(arabic.status, 200, 'the widget’s words it loads on demand are served');
  t.equal(((await arabic.json()) as { send: string }).send, 'إرسال');
  t.equal((await fetch(`${uri}/docs`)).status, 200, 'the docs page is served');
  t.equal((await fetch(`${uri}/docs/swagger-ui-bundle.js`)).status, 200, 'with its script');
  const dashboard = await (await fetch(`${uri}/dashboard`)).text();
  const appScript = /src="(\/dashboard\/assets\/app\.js\?v=[0-9a-f]+)"/.exec(dashboard)?.[1];
  t.ok(appScript, 'the dashboard page is served');
  t.equal((await fetch(`${uri}${appScript}`)).status, 200, 'with its script');
  const signIn = await fetch(`${uri}/dashboard/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: uri },
    body: JSON.stringify({ email: 'me@example.com', password: 'a long password' }),
  });
  t.equal(signIn.status, 200, 'the owner the CLI made signs in');
  const openapi = (await (await fetch(`${uri}/api/v1/openapi.json`)).json()) as { openapi: string };
  t.equal(openapi.openapi, '3.1.0', 'the OpenAPI document is generated');

  server.kill('SIGTERM');
  const [code] = (await once(server, 'exit')) as [number | null];
  t.equal(code, 0, `exits cleanly on SIGTERM: ${output().slice(-500)}`);
  const cached = readdirSync(path.join(home, '.cache/chatbot-platform'));
  t.equal(cached.length, 1, 'the assets were unpacked once, into the cache folder');
});
