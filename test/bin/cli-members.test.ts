// `members reset-password` as a user runs it (issue 32): the sole owner who forgot their password
// gets a one-time link from the command line; opening it on the served dashboard sets a new
// password and ends the sessions the old one opened. Real processes on a real SQLite file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run, serve } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

function post(uri: string, url: string, body: unknown, cookie?: string) {
  return fetch(`${uri}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: uri, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}
const cookieOf = (response: Response) => response.headers.getSetCookie().find((line) => line.startsWith('cbp_session='))!.split(';')[0]!;
const tokenOf = (url: string) => decodeURIComponent(url.split('token=')[1]!);

t.test('a forgotten owner password: a reset link sets a new one and ends the old sessions', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const env = { DATA_DIR: dir, PUBLIC_URL: 'https://chat.example.org' };
  const created = await run(['accounts', 'create', '--name', 'Solo', '--plan', 'starter', '--owner-email', 'me@solo.example', '--owner-password', 'the old password', '--json'], env);
  t.equal(created.code, 0, created.stderr);

  const { uri } = await serve(t, { ...env, PUBLIC_URL: '', PORT: '0', HOST: '127.0.0.1' });
  const before = await post(uri, '/dashboard/session', { email: 'me@solo.example', password: 'the old password' });
  t.equal(before.status, 200);
  const oldSession = cookieOf(before);

  const printed = await run(['members', 'reset-password', '--email', 'Me@Solo.example'], env);
  t.equal(printed.code, 0, printed.stderr);
  const link = /https:\/\/chat\.example\.org\/dashboard#\/accept\?token=\S+/.exec(printed.stdout)?.[0];
  t.ok(link, `a link on the public URL: ${printed.stdout}`);
  t.match(printed.stdout, /valid for 24 hours and once/);

  const json = await run(['members', 'reset-password', '--email', 'me@solo.example', '--json'], env);
  t.equal(json.code, 0, json.stderr);
  const parsed = JSON.parse(json.stdout);
  t.same(Object.keys(parsed), ['member_id', 'account_id', 'url', 'expires_at']);
  t.ok(Date.parse(parsed.expires_at) - Date.now() <= 24 * 3_600_000, 'it lasts a day at most');

  // The newer link replaced the first one.
  t.equal((await post(uri, '/dashboard/invitations/accept', { token: tokenOf(link!), password: 'a new password 1' })).status, 404, 'the first link was replaced');
  const reset = await post(uri, '/dashboard/invitations/accept', { token: tokenOf(parsed.url), password: 'a new password 2' });
  t.equal(reset.status, 200, 'the link sets the password and signs in');
  t.equal((await fetch(`${uri}/dashboard/session`, { headers: { cookie: oldSession } })).status, 401, 'the session the old password opened is over');
  t.equal((await fetch(`${uri}/dashboard/session`, { headers: { cookie: cookieOf(reset) } })).status, 200, 'the new one works');
  t.equal((await post(uri, '/dashboard/session', { email: 'me@solo.example', password: 'the old password' })).status, 401, 'the old password no longer opens it');
  t.equal((await post(uri, '/dashboard/session', { email: 'me@solo.example', password: 'a new password 2' })).status, 200, 'the new one does');
  t.equal((await post(uri, '/dashboard/invitations/accept', { token: tokenOf(parsed.url), password: 'a new password 3' })).status, 404, 'the link works once');
});

t.test('reset-password refuses what it cannot do, in one line', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const env = { DATA_DIR: dir };
  const one = await run(['accounts', 'create', '--name', 'One', '--owner-email', 'both@example.com', '--owner-password', 'password of one'], env);
  t.equal(one.code, 0, one.stderr);
  // The same address joins a second account the only way it can: invited there, and accepting.
  const two = await run(['accounts', 'create', '--name', 'Two', '--plan', 'starter', '--owner-email', 'olga@example.com', '--owner-password', 'password of two', '--json'], env);
  t.equal(two.code, 0, two.stderr);
  const { uri, server } = await serve(t, { ...env, PORT: '0', HOST: '127.0.0.1' });
  const invited = await fetch(`${uri}/api/v1/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${JSON.parse(two.stdout).live_key}` },
    body: JSON.stringify({ email: 'both@example.com', name: 'Both', role: 'agent' }),
  });
  t.equal(invited.status, 201);
  const invitation = ((await invited.json()) as { invitation: { url: string } }).invitation.url;
  t.equal((await post(uri, '/dashboard/invitations/accept', { token: tokenOf(invitation), password: 'password of two' })).status, 200);
  server.kill('SIGTERM');
  const usage = await run(['members', 'reset-password'], env);
  t.equal(usage.code, 2, 'no --email is a usage error');
  t.match(usage.stderr, /--email is required/);
  const unknown = await run(['members', 'reset-password', '--email', 'nobody@example.com'], env);
  t.equal(unknown.code, 1);
  t.equal(unknown.stderr.trim().split('\n').length, 1, 'one line');
  t.match(unknown.stderr, /No member nobody@example\.com/);
  const several = await run(['members', 'reset-password', '--email', 'both@example.com'], env);
  t.equal(several.code, 1);
  t.match(several.stderr, /member of several accounts \(acct_\S+, acct_\S+\): name one with --account/);
  const account = /\((acct_\S+),/.exec(several.stderr)![1]!;
  const named = await run(['members', 'reset-password', '--email', 'both@example.com', '--account', account, '--json'], env);
  t.equal(named.code, 0, named.stderr);
  t.equal(JSON.parse(named.stdout).account_id, account);
  const wrongCommand = await run(['members', 'remove'], env);
  t.equal(wrongCommand.code, 2);
  t.match(wrongCommand.stderr, /Unknown members command: remove/);
});

t.test('a reset link does nothing in a disabled account, and dies when the password is changed', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const env = { DATA_DIR: dir };
  const created = await run(['accounts', 'create', '--name', 'Paused', '--owner-email', 'pat@paused.example', '--owner-password', 'the first password', '--json'], env);
  t.equal(created.code, 0, created.stderr);
  const accountId = JSON.parse(created.stdout).account_id as string;
  const issued = JSON.parse((await run(['members', 'reset-password', '--email', 'pat@paused.example', '--json'], env)).stdout) as { url: string };

  t.equal((await run(['accounts', 'update', accountId, '--disable'], env)).code, 0);
  const refused = await run(['members', 'reset-password', '--email', 'pat@paused.example'], env);
  t.equal(refused.code, 1);
  t.match(refused.stderr, /is disabled: enable it first/);

  const { uri, server } = await serve(t, { ...env, PORT: '0', HOST: '127.0.0.1', KEY_CACHE_SECONDS: '0' });
  const inDisabled = await post(uri, '/dashboard/invitations/accept', { token: tokenOf(issued.url), password: 'a password while off' });
  t.equal(inDisabled.status, 403, 'the link into a disabled account is refused');
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));

  t.equal((await run(['accounts', 'update', accountId, '--enable'], env)).code, 0);
  const again = await serve(t, { ...env, PORT: '0', HOST: '127.0.0.1' });
  t.equal((await post(again.uri, '/dashboard/session', { email: 'pat@paused.example', password: 'the first password' })).status, 200, 'the refused link changed nothing');
  const signedIn = cookieOf(await post(again.uri, '/dashboard/session', { email: 'pat@paused.example', password: 'the first password' }));
  const changed = await post(again.uri, '/dashboard/password', { current_password: 'the first password', new_password: 'a changed password' }, signedIn);
  t.equal(changed.status, 200, 'the member changes their password themselves');
  t.equal((await post(again.uri, '/dashboard/invitations/accept', { token: tokenOf(issued.url), password: 'someone else now' })).status, 404, 'the pending reset link died with the old password');
});
