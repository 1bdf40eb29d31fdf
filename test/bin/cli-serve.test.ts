// The command line as a user runs it, serving: real processes, a real server, real HTTP, signals;
// and the analytics rebuild against what a served store holds.
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

t.test('serve: real HTTP, then a graceful stop on SIGTERM', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json'], { DATA_DIR: dir });
  const keys = JSON.parse(created.stdout) as { live_key: string; test_key: string };

  const { server, uri, output } = await serve(t, { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_REQUEST_HEADERS: 'true' });

  const create = await fetch(`${uri}/api/v1/chatbots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.live_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Support', language: 'en' }),
  });
  t.equal(create.status, 201);
  const chatbot = (await create.json()) as Record<string, unknown>;
  t.match(chatbot, { id: /^cb_/, name: 'Support', status: 'active', api_key: /^sk_live_/, created_at: /Z$/ });
  const sandbox = await fetch(`${uri}/api/v1/chatbots`, { headers: { authorization: `Bearer ${keys.test_key}` } });
  t.same(((await sandbox.json()) as { data: unknown[] }).data, [], 'the test key does not see it');
  t.equal((await fetch(`${uri}/ready`)).status, 200);

  // Log lines are written asynchronously (core/server.ts): the access lines may follow the responses.
  for (let wait = 0; wait < 100 && !/"authorization":"\[redacted\]"/.test(output()); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
  t.notMatch(output(), new RegExp(keys.live_key), 'the key is not in the logs');
  t.match(output(), /"authorization":"\[redacted\]"/, 'the header is logged redacted');

  server.kill('SIGTERM');
  const [code] = (await once(server, 'exit')) as [number | null];
  t.equal(code, 0, 'exits cleanly');
  t.match(output(), /shutting down/);

  const migrate = await run(['migrate'], { DATA_DIR: dir, LOG_LEVEL: 'warn' });
  t.equal(migrate.code, 0, 'the store was left consistent');
});

t.test('serve: SIGTERM during a crawl that never answers stops within the shutdown timeout and releases the item', async (t) => {
  const { createServer: createHttpServer } = await import('node:http');
  const { writeFileSync } = await import('node:fs');
  const { default: Database } = await import('better-sqlite3');
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  // A site that takes the request and never answers: only an abort can end the fetch.
  let requests = 0;
  const site = createHttpServer(() => {
    requests++;
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  t.teardown(() => site.closeAllConnections() ?? site.close());
  const siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
  const configFile = path.join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({ server: { shutdown_timeout_ms: 1000 }, fetch: { timeout_ms: 120_000 } }));

  const created = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json'], { DATA_DIR: dir });
  const keys = JSON.parse(created.stdout) as { live_key: string };
  const { server, uri, output } = await serve(t, {
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    CONFIG_FILE: configFile,
    FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
  });
  const headers = { authorization: `Bearer ${keys.live_key}`, 'content-type': 'application/json' };
  const bot = (await (await fetch(`${uri}/api/v1/chatbots`, { method: 'POST', headers, body: JSON.stringify({ name: 'Crawler' }) })).json()) as { id: string };
  const item = await fetch(`${uri}/api/v1/chatbots/${bot.id}/knowledge`, { method: 'POST', headers, body: JSON.stringify({ type: 'url', url: siteUrl }) });
  t.equal(item.status, 201);
  const itemId = ((await item.json()) as { id: string }).id;
  while (requests === 0) await new Promise((resolve) => setTimeout(resolve, 20)); // the crawl is under way

  server.kill('SIGTERM');
  const [code] = (await once(server, 'exit')) as [number | null];
  t.equal(code, 0, 'exits cleanly although the fetch never finished');
  t.match(output(), /aborting/, 'the crawl was aborted at the deadline');

  const db = new Database(path.join(dir, 'chatbot-platform.sqlite'), { readonly: true });
  t.teardown(() => db.close());
  const row = db.prepare("SELECT lease_owner, json_extract(doc, '$.process_at') AS process_at FROM c_knowledge_items WHERE id = ?").get(itemId) as {
    lease_owner: string | null;
    process_at: string | null;
  };
  t.equal(row.lease_owner, null, 'its claim was released, not left for the 30-minute lease');
  t.not(row.process_at, null, 'and it is still due: the next start fetches it');
});

t.test('analytics rebuild rolls closed hours up again from the records; refuses what it cannot rebuild', async (t) => {
  const { loadConfig } = await import('../../config/index.js');
  const { createServer } = await import('../../app/server.js');
  const { declareConversations } = await import('../../plugins/conversations/collections.js');
  const { ulid } = await import('ulid');
  const { default: Database } = await import('better-sqlite3');
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const created = await run(['accounts', 'create', '--name', 'Acme', '--json'], { DATA_DIR: dir });
  const accountId = (JSON.parse(created.stdout) as { account_id: string }).account_id;
  const tenant = { accountId, mode: 'live' as const };

  // Three hours ago a conversation; the roll-up passes that hour; then a record of that hour the
  // bucket does not count (as if restored from a backup): only a rebuild counts it.
  const hourMs = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
  const conversation = (at: number) => ({
    id: `conv_${ulid(at).toLowerCase()}`,
    chatbot_id: 'cb_restored',
    status: 'open' as const,
    channel: 'api' as const,
    language: 'en',
    visitor: {},
    metadata: {},
    message_count: 0,
    user_message_count: 0,
    resolution: null,
    resolution_source: null,
    ended_reason: null,
    lead_id: null,
    had_fallback: false,
    had_negative_feedback: false,
    had_handoff: false,
    lead_requested_at: null,
    close_at: null,
    started_at: new Date(at).toISOString(),
    last_message_at: null,
    ended_at: null,
    created_at: new Date(at).toISOString(),
    updated_at: new Date(at).toISOString(),
  });
  const { server, platform } = await createServer(loadConfig({ env: { DATA_DIR: dir, LOG_LEVEL: 'warn' } }));
  const conversations = declareConversations(platform.store).conversations.forTenant(tenant);
  await conversations.insert(conversation(hourMs + 60_000));
  const rollup = server.plugins.analytics.rollup;
  await rollup.cursor(tenant);
  await rollup.rollUpDue();
  await conversations.insert(conversation(hourMs + 120_000));
  await server.stop();

  const db = new Database(path.join(dir, 'chatbot-platform.sqlite'), { readonly: true });
  t.teardown(() => db.close());
  const started = () =>
    (db.prepare("SELECT json_extract(doc, '$.conversations_started') AS n FROM c_analytics_buckets WHERE json_extract(doc, '$.hour') = ? AND json_extract(doc, '$.chatbot_id') = '*'").get(
      new Date(hourMs).toISOString(),
    ) as { n: number } | undefined)?.n;
  t.equal(started(), 1, 'the bucket as rolled up');

  const from = new Date(hourMs - 3_600_000).toISOString();
  const to = new Date(Date.now()).toISOString();
  const result = await run(['analytics', 'rebuild', '--from', from, '--to', to, '--account', accountId, '--mode', 'live', '--json'], { DATA_DIR: dir });
  t.equal(result.code, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { hours: number; tenants: Array<{ account_id: string; mode: string; hours: number; rolled_up_to: string }> };
  t.equal(report.tenants.length, 1);
  const rebuilt = report.tenants[0]!;
  t.match(rebuilt, { account_id: accountId, mode: 'live' });
  t.equal(rebuilt.hours, (Date.parse(rebuilt.rolled_up_to) - Date.parse(from)) / 3_600_000, 'every hour from --from to the roll-up cursor');
  t.ok(rebuilt.hours >= 3);
  t.equal(started(), 2, 'the bucket counts what the records say now');

  const everyone = await run(['analytics', 'rebuild', '--from', from, '--to', to], { DATA_DIR: dir });
  t.equal(everyone.code, 0, everyone.stderr);
  t.match(everyone.stdout, new RegExp(`${accountId} live: \\d+ hours rebuilt`), 'every account');
  t.match(everyone.stdout, new RegExp(`${accountId} test: \\d+ hours rebuilt`), 'both modes');
  t.match(everyone.stdout, /\d+ hours rebuilt in all/);

  const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
  for (const [args, message] of [
    [['--from', old, '--to', to], /older than the events kept \(retention\.events_days = 30/],
    [['--from', to, '--to', from], /--from must be before --to/],
    [['--from', 'yesterday', '--to', to], /--from is required: an ISO 8601 time/],
    [['--from', from, '--to', to, '--mode', 'sandbox'], /--mode must be live or test/],
  ] as const) {
    const refused = await run(['analytics', 'rebuild', ...args], { DATA_DIR: dir });
    t.equal(refused.code, 2, args.join(' '));
    t.match(refused.stderr, message);
  }
  const longer = await run(['analytics', 'rebuild', '--from', old, '--to', to, '--account', accountId], { DATA_DIR: dir, EVENT_RETENTION_DAYS: '90' });
  t.equal(longer.code, 0, 'with events kept longer, older hours can be rebuilt');
  const unknown = await run(['analytics', 'rebuild', '--from', from, '--to', to, '--account', 'acct_nobody'], { DATA_DIR: dir });
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /No account acct_nobody/);
  t.equal((await run(['analytics', 'report'], { DATA_DIR: dir })).code, 2, 'an unknown analytics command');
});
