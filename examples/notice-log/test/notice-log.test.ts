// The notice log plugin on a real platform: a handoff is written for the member who has no
// dashboard open, one JSON line each, and a visitor's message in an assigned conversation for its
// assignee. Both stores (see store.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { startPluginTestPlatform } from 'chatbot-platform/testing';
import noticeLog from '../index.js';
import { testDatabaseUrl } from './store.js';

const ORIGIN = 'http://dash.example';

/** The lines written so far; waits for `count` of them, at most 30 s (the notices are sent in the background). */
async function linesOf(file: string, count: number): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })();
    const lines = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    if (lines.length >= count) return lines;
    if (Date.now() > deadline) throw new Error(`${lines.length} notice lines after 30 s, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

t.test('handoffs and visitor messages are written for members who are not looking', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notice-log-'));
  const file = path.join(dir, 'notices.log');
  process.env.NOTICE_LOG_FILE = file;
  t.teardown(() => {
    delete process.env.NOTICE_LOG_FILE;
    rmSync(dir, { recursive: true, force: true });
  });
  const platform = await startPluginTestPlatform({ plugins: [noticeLog], databaseUrl: await testDatabaseUrl(), config: { server: { public_url: ORIGIN } } });
  t.teardown(() => platform.close());
  const { live: key } = await platform.account();

  // Two agents join; one has the dashboard open (a heartbeat), the other does not.
  const join = async (email: string) => {
    const invited = await platform.request('POST', '/api/v1/members', { key, payload: { email, name: email.split('@')[0], role: 'agent' } });
    t.equal(invited.statusCode, 201);
    const token = decodeURIComponent(invited.json.invitation.url.split('token=')[1]);
    const accepted = await platform.request('POST', '/dashboard/invitations/accept', { payload: { token, password: 'agent password 1' }, headers: { origin: ORIGIN } });
    t.equal(accepted.statusCode, 200);
    const cookie = String([accepted.headers['set-cookie']].flat().find((line) => String(line).startsWith('cbp_session='))).split(';')[0]!;
    return { id: invited.json.id as string, cookie };
  };
  const away = await join('away@shop.example');
  const looking = await join('looking@shop.example');
  const beat = await platform.request('POST', '/api/v1/presence/heartbeat', { payload: {}, headers: { cookie: looking.cookie, origin: ORIGIN } });
  t.equal(beat.statusCode, 200);

  const bot = (await platform.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  const conversation = (await platform.request('POST', base, { key, payload: {} })).json as { id: string };
  t.equal((await platform.request('POST', `${base}/${conversation.id}/handoff`, { key, payload: {} })).statusCode, 200);

  const [handoff] = await linesOf(file, 1);
  t.same(handoff, {
    to: 'away@shop.example',
    name: 'away',
    subject: 'A visitor is waiting for a person (Shop)',
    kind: 'handoff',
    account_id: handoff!.account_id,
    mode: 'live',
    chatbot_id: bot.id,
    conversation_id: conversation.id,
    message: null,
  });
  t.match(handoff!.account_id, /^acct_/);

  // Assigned to the member who is away, the visitor writes: the assignee is told what they wrote.
  t.equal((await platform.request('POST', `${base}/${conversation.id}/assign`, { key, payload: { member_id: away.id } })).statusCode, 200);
  t.equal((await platform.request('POST', `${base}/${conversation.id}/messages`, { key, payload: { content: 'Hello, anyone?' } })).statusCode, 201);
  const lines = await linesOf(file, 2);
  t.equal(lines.length, 2, 'nothing for the member who is looking');
  t.match(lines[1], { to: 'away@shop.example', kind: 'visitor_message', subject: 'The visitor wrote in your conversation (Shop)', message: 'Hello, anyone?' });
});
