// Issue 28, agents are told: `api.notifyMembersWith` gets a notice for members who are not looking
// (no dashboard heartbeat): every active member for an unassigned handoff, the assignee for a
// visitor's message in their conversation; nobody who has the dashboard open; once per event with
// two servers on one store; never in the visitor's request, and a failing notifier is only logged.
// Runs on SQLite and, with TEST_STORE=ferretdb, MongoDB.
import { Writable } from 'node:stream';
import pino from 'pino';
import t, { type Test } from 'tap';
import type { MemberNotice, PlatformPlugin } from '../../core/plugin-api/index.js';
import { accountWithOwner, addMember, asMember, ORIGIN } from '../helpers/members.js';
import { buildTestServer, type TestServer } from '../helpers/server.js';

function recordingPlugin(notices: MemberNotice[], notifier?: (notice: MemberNotice) => Promise<void>): PlatformPlugin {
  return {
    name: 'notice-recorder',
    version: '1.0.0',
    platformApi: '^1.0.0',
    register(api) {
      api.notifyMembersWith(async (notice) => {
        notices.push(notice);
        await notifier?.(notice);
      });
    },
  };
}

async function setUp(t: Test, notifier?: (notice: MemberNotice) => Promise<void>, databaseUrl?: string) {
  const notices: MemberNotice[] = [];
  const logs: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const api = await buildTestServer(t, {
    config: { server: { public_url: ORIGIN }, ...(databaseUrl ? { database: { url: databaseUrl } } : {}) },
    server: { externalPlugins: [recordingPlugin(notices, notifier)], logger: pino({ level: 'warn' }, sink) },
  });
  return { api, notices, logs };
}

async function team(api: TestServer) {
  const owner = await accountWithOwner(api, 'starter', 'owner@shop.example');
  const key = owner.live;
  const agent = await addMember(api, { key }, 'agent@shop.example', 'agent');
  const admin = await addMember(api, { key }, 'admin@shop.example', 'admin');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Shop' } })).json as { id: string };
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  return {
    owner,
    key,
    agent,
    admin,
    bot,
    startHandedOff: async (payload: Record<string, unknown> = {}) => {
      const started = (await api.request('POST', base, { key, payload: {} })).json as { id: string };
      const handoff = await api.request('POST', `${base}/${started.id}/handoff`, { key, payload });
      if (handoff.statusCode !== 200) throw new Error(`handoff: ${handoff.payload}`);
      return started.id;
    },
    visitorWrites: async (id: string, content: string) => {
      const written = await api.request('POST', `${base}/${id}/messages`, { key, payload: { content } });
      if (written.statusCode !== 201) throw new Error(`message: ${written.payload}`);
    },
    looks: async (member: { cookie: string }) => {
      const beat = await asMember(api, member.cookie)('POST', '/api/v1/presence/heartbeat', {});
      if (beat.statusCode !== 200) throw new Error(`heartbeat: ${beat.payload}`);
    },
  };
}

const idsOf = (notice: MemberNotice | undefined) => (notice?.members ?? []).map((member) => member.id).sort();

t.test('an unassigned handoff is told to every member who is not looking', async (t) => {
  const { api, notices } = await setUp(t);
  const s = await team(api);
  await s.looks(s.agent);
  const conversationId = await s.startHandedOff();
  await api.platform.events.reactions.drain();

  t.equal(notices.length, 1, 'one notice for the handoff');
  const notice = notices[0]!;
  t.equal(notice.kind, 'handoff');
  t.equal(notice.account_id, s.owner.accountId);
  t.equal(notice.mode, 'live');
  t.equal(notice.conversation.id, conversationId);
  t.equal(notice.conversation.status, 'handoff');
  t.same(notice.chatbot, { id: s.bot.id, name: 'Shop' });
  t.equal(notice.message, null);
  t.same(idsOf(notice), [s.owner.ownerId, s.admin.id].sort(), 'the owner and the admin; the agent has the dashboard open');
  const admin = notice.members.find((member) => member.id === s.admin.id);
  t.same(admin, { id: s.admin.id, email: 'admin@shop.example', name: 'Member admin', role: 'admin' });

  // Once the agent's heartbeat lapses they are told too.
  api.clock.advance(91_000);
  await s.startHandedOff();
  await api.platform.events.reactions.drain();
  t.same(idsOf(notices[1]), [s.owner.ownerId, s.admin.id, s.agent.id].sort(), 'a lapsed heartbeat is not looking');
});

t.test('a visitor message is told to the assignee only, and only while they are not looking', async (t) => {
  const { api, notices } = await setUp(t);
  const s = await team(api);
  const conversationId = await s.startHandedOff({ member_id: s.agent.id });
  await api.platform.events.reactions.drain();
  t.equal(notices.length, 1);
  t.equal(notices[0]!.kind, 'handoff');
  t.same(idsOf(notices[0]), [s.agent.id], 'a handoff assigned at once is told to its assignee');

  await s.visitorWrites(conversationId, 'Are you there?');
  await api.platform.events.reactions.drain();
  t.equal(notices.length, 2);
  const notice = notices[1]!;
  t.equal(notice.kind, 'visitor_message');
  t.same(idsOf(notice), [s.agent.id]);
  t.equal(notice.message?.content, 'Are you there?');
  t.same(notice.conversation.assignee, { member_id: s.agent.id, name: 'Member agent' });

  await s.looks(s.agent);
  await s.visitorWrites(conversationId, 'Hello?');
  await api.platform.events.reactions.drain();
  t.equal(notices.length, 2, 'the assignee has the dashboard open: no notice');

  // An agent's own reply, and visitor messages before a handoff, tell nobody.
  const reply = await api.request('POST', `/api/v1/chatbots/${s.bot.id}/conversations/${conversationId}/messages`, { key: s.key, payload: { content: 'Yes', role: 'agent' } });
  t.equal(reply.statusCode, 201);
  api.clock.advance(91_000);
  const open = (await api.request('POST', `/api/v1/chatbots/${s.bot.id}/conversations`, { key: s.key, payload: {} })).json as { id: string };
  await s.visitorWrites(open.id, 'What are your opening hours?');
  await api.platform.events.reactions.drain();
  t.equal(notices.length, 2, 'nothing for agent replies or the chatbot’s conversations');
});

t.test('the notifier runs after the request, and its failure is logged without a retry', async (t) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const { api, notices, logs } = await setUp(t, async () => {
    calls += 1;
    if (calls === 1) await held;
    throw new Error('the mail server is down');
  });
  const s = await team(api);
  // The handoff answers while the first notice is still held by the notifier.
  await s.startHandedOff();
  const pending = api.platform.events.reactions.drain();
  await t.resolves(s.startHandedOff(), 'a second handoff answers while the notifier hangs');
  release();
  await pending;
  await api.platform.events.reactions.drain();
  t.equal(notices.length, 2, 'each handoff told once');
  const jobs = await api.platform.events.reactions.collection.forTenant({ accountId: s.owner.accountId, mode: 'live' }).list({ limit: 10 });
  t.same(jobs, [], 'a failed notice is not kept for a retry');
  const failures = logs.filter((line) => line.msg === 'notifying members failed');
  t.equal(failures.length, 2, 'each failure is logged');
  t.equal(failures[0]?.err?.message, 'the mail server is down');
});

t.test('no notifier: no reaction jobs are written', async (t) => {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const s = await team(api);
  const conversationId = await s.startHandedOff();
  await s.visitorWrites(conversationId, 'Hi');
  const jobs = await api.platform.events.reactions.collection.forTenant({ accountId: s.owner.accountId, mode: 'live' }).list({ limit: 10 });
  t.same(jobs, []);
});

t.test('two servers on one store tell each event once', async (t) => {
  const first = await setUp(t);
  const second = await setUp(t, undefined, first.api.config.database.url);
  const s = await team(first.api);
  await s.startHandedOff();
  await s.startHandedOff();
  await Promise.all([second.api.platform.events.reactions.drain(), first.api.platform.events.reactions.drain()]);
  await Promise.all([second.api.platform.events.reactions.drain(), first.api.platform.events.reactions.drain()]);
  const all = [...first.notices, ...second.notices];
  t.equal(all.length, 2, 'two handoffs, two notices across both servers');
  t.equal(new Set(all.map((notice) => notice.conversation.id)).size, 2, 'one per conversation');
});

t.test('a second plugin cannot set the notifier too', async (t) => {
  const other: PlatformPlugin = { ...recordingPlugin([]), name: 'other-notifier' };
  const failure = await buildTestServer(t, { server: { externalPlugins: [recordingPlugin([]), other] } }).catch((error: Error) => error);
  t.match((failure as Error).message, /another plugin already notifies the members/);
});
