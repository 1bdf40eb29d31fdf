// The command line as a user runs it, the commands that do not serve: accounts, usage errors, a bad
// configuration. Real processes on a real SQLite file. (cli-serve.test.ts has the server's; they
// are two files so tap runs them side by side, each well inside its time limit under coverage.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

t.test('accounts create --json prints exactly the ids and keys', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const result = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json'], { DATA_DIR: dir });
  t.equal(result.code, 0, result.stderr);
  t.equal(result.stderr, '', 'nothing on stderr');
  const lines = result.stdout.trimEnd().split('\n');
  t.equal(lines.length, 1, 'one line');
  const parsed = JSON.parse(lines[0]!);
  t.same(Object.keys(parsed), ['account_id', 'live_key', 'test_key']);
  t.match(parsed, { account_id: /^acct_[0-9a-z]{26}$/, live_key: /^sk_live_/, test_key: /^sk_test_/ });
});

t.test('accounts create without --json explains what it printed', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const result = await run(['accounts', 'create', '--name', 'Solo'], { DATA_DIR: dir });
  t.equal(result.code, 0);
  t.match(result.stdout, /Account acct_\S+ \(Solo, plan free\)/);
  t.match(result.stdout, /live key: sk_live_\S+/);
  t.match(result.stdout, /test key: sk_test_\S+/);
});

t.test('accounts create --owner-email: the owner signs in to the served dashboard and works through the API', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const created = await run(
    ['accounts', 'create', '--name', 'Self-hosted', '--plan', 'free', '--owner-email', 'Me@Example.com', '--owner-password', 'a long password', '--owner-name', 'Me', '--json'],
    { DATA_DIR: dir },
  );
  t.equal(created.code, 0, created.stderr);
  const parsed = JSON.parse(created.stdout);
  t.same(Object.keys(parsed), ['account_id', 'live_key', 'test_key', 'owner_id']);
  t.match(parsed.owner_id, /^usr_[0-9a-z]{26}$/);
  const again = await run(['accounts', 'create', '--name', 'Twice', '--owner-email', 'me@example.com', '--owner-password', 'a long password'], { DATA_DIR: dir });
  t.equal(again.code, 2, 'an e-mail already taken');
  t.match(again.stderr, /me@example.com is already a member/);

  const { uri } = await serve(t, { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
  const signIn = await fetch(`${uri}/dashboard/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: uri },
    body: JSON.stringify({ email: 'me@example.com', password: 'a long password' }),
  });
  t.equal(signIn.status, 200);
  const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('cbp_session='))!.split(';')[0]!;
  const chatbot = await fetch(`${uri}/api/v1/chatbots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: uri, cookie },
    body: JSON.stringify({ name: 'The Free plan’s one chatbot' }),
  });
  t.equal(chatbot.status, 201, 'a Free-plan owner creates the chatbot in the dashboard');
});

t.test('accounts list, show and update: a plan changed and an account disabled without the operator API', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  t.match((await run(['accounts', 'list'], { DATA_DIR: dir })).stdout, /^No accounts yet/);
  const acme = JSON.parse((await run(['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json'], { DATA_DIR: dir })).stdout) as { account_id: string; live_key: string };
  const solo = JSON.parse((await run(['accounts', 'create', '--name', 'Solo', '--json'], { DATA_DIR: dir })).stdout) as { account_id: string };

  const listed = await run(['accounts', 'list'], { DATA_DIR: dir });
  t.equal(listed.code, 0, listed.stderr);
  t.match(listed.stdout, new RegExp(`${acme.account_id}  starter +active +Acme\n`));
  t.match(listed.stdout, new RegExp(`${solo.account_id}  free +active +Solo\n`));
  const asJson = (await run(['accounts', 'list', '--json'], { DATA_DIR: dir })).stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  t.same(asJson.map((account) => account.id).sort(), [acme.account_id, solo.account_id].sort(), 'one object a line');

  const updated = await run(['accounts', 'update', acme.account_id, '--plan', 'enterprise', '--name', 'Acme Inc', '--json'], { DATA_DIR: dir });
  t.equal(updated.code, 0, updated.stderr);
  t.match(JSON.parse(updated.stdout), { id: acme.account_id, name: 'Acme Inc', plan: 'enterprise', status: 'active' });
  t.match(JSON.parse((await run(['accounts', 'show', acme.account_id], { DATA_DIR: dir })).stdout), { id: acme.account_id, plan: 'enterprise', name: 'Acme Inc' }, 'show reads it back');

  const disabled = await run(['accounts', 'update', acme.account_id, '--disable'], { DATA_DIR: dir });
  t.match(disabled.stdout, new RegExp(`^${acme.account_id}  enterprise  disabled  Acme Inc\n$`));
  const { uri } = await serve(t, { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  const refused = await fetch(`${uri}/api/v1/chatbots`, { headers: { authorization: `Bearer ${acme.live_key}` } });
  t.equal(refused.status, 401, 'a disabled account’s key is refused (as a revoked one: docs/API-DECISIONS.md)');
  t.match(await refused.json(), { code: 'invalid_api_key' });
  t.match((await run(['accounts', 'update', acme.account_id, '--enable'], { DATA_DIR: dir })).stdout, / active /);

  const unknown = await run(['accounts', 'update', 'acct_nope', '--plan', 'free'], { DATA_DIR: dir });
  t.equal(unknown.code, 1, 'an unknown account: exit 1');
  t.equal(unknown.stderr, 'No account acct_nope\n', 'one line, no usage text');
  t.match((await run(['accounts', 'show', 'acct_nope'], { DATA_DIR: dir })).stderr, /^No account acct_nope/);
});

t.test('usage errors exit 2 with the usage text', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const usageErrors = [
    ['accounts', 'create'],
    ['accounts', 'create', '--name', 'x', '--plan', 'gold'],
    ['accounts', 'create', '--name', 'x', '--colour', 'red'],
    ['accounts', 'create', '--name', 'x', '--owner-password', 'a long password'],
    ['accounts', 'create', '--name', 'x', '--owner-email', 'not-an-address', '--owner-password', 'a long password'],
    ['accounts', 'create', '--name', 'x', '--owner-email', 'me@example.com', '--owner-password', 'short'],
    ['accounts', 'create', '--name', 'x', '--owner-email', 'me@example.com'], // stdin is not a terminal: no prompt
    ['accounts', 'delete'],
    ['accounts'],
    ['accounts', 'show'],
    ['accounts', 'update', 'acct_x'], // nothing to change
    ['accounts', 'update', 'acct_x', '--plan', 'gold'],
    ['accounts', 'update', 'acct_x', '--disable', '--enable'],
    ['accounts', 'update', '--plan', 'free'], // no id
    ['accounts', 'list', '--all'],
    ['backup'],
    ['launch'],
  ];
  // Side by side: each is a process start, and none of them opens the store.
  const results = await Promise.all(usageErrors.map((args) => run(args, { DATA_DIR: dir })));
  usageErrors.forEach((args, index) => {
    t.equal(results[index]!.code, 2, args.join(' '));
    t.match(results[index]!.stderr, /Usage: chatbot-platform/);
  });
  const help = await run(['help'], {});
  t.equal(help.code, 0);
  t.match(help.stdout, /accounts create --name <name>/);
});

t.test('a bad configuration stops the start, naming the variable', async (t) => {
  const result = await run(['serve'], { PORT: 'eighty', LOG_LEVEL: 'loud' });
  t.equal(result.code, 78);
  t.match(result.stderr, /PORT \(server\.port\)/);
  t.match(result.stderr, /LOG_LEVEL \(log\.level\)/);
});
