// A server killed with SIGKILL in the middle of a load of chat turns, then started again: every
// conversation is consistent. A visitor's message with an immediate answer is written with its
// reply in one commit (plugins/conversations/service.ts, visitorTurn), so no message is stored
// without its reply, and the conversation's counts are its messages'. On SQLite, whose commits are
// atomic; a store without atomic commits writes a commit's parts in order (docs/operations.md).
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { openStore } from '../../app/store.js';
import { declareConversations } from '../../plugins/conversations/collections.js';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli, keyedCall } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VISITORS = 20;
/** Turns answered before each kill: enough that many are in flight when it lands. */
const TURNS_PER_KILL = 150;
const KILLS = 6;

t.setTimeout(180_000);

interface Inconsistency {
  conversation: string;
  problem: string;
}

/** What the store holds that a turn should not have left: read with no server running. */
async function inconsistencies(databaseUrl: string, accountId: string): Promise<{ conversations: number; messages: number; found: Inconsistency[] }> {
  const store = await openStore(databaseUrl);
  try {
    const { conversations, messages } = declareConversations(store);
    await store.init();
    const tenant = { accountId, mode: 'live' as const };
    const found: Inconsistency[] = [];
    let messageTotal = 0;
    const all = await conversations.forTenant(tenant).list({ limit: 1000, sort: { field: 'id', direction: 'asc' } });
    for (const conversation of all) {
      const held = await messages.forTenant(tenant).list({ filter: { conversation_id: conversation.id }, limit: 100_000, sort: { field: 'id', direction: 'asc' } });
      messageTotal += held.length;
      const roles = held.map((message) => message.role);
      if (conversation.message_count !== held.length) found.push({ conversation: conversation.id, problem: `message_count ${conversation.message_count}, ${held.length} messages` });
      const visitors = roles.filter((role) => role === 'user').length;
      if (conversation.user_message_count !== visitors) found.push({ conversation: conversation.id, problem: `user_message_count ${conversation.user_message_count}, ${visitors} visitor messages` });
      roles.forEach((role, index) => {
        if (role === 'user' && roles[index + 1] !== 'assistant') found.push({ conversation: conversation.id, problem: `visitor message ${index + 1} of ${roles.length} has no reply after it` });
      });
    }
    return { conversations: all.length, messages: messageTotal, found };
  } finally {
    await store.close();
  }
}

t.test(`SIGKILL during ${VISITORS} visitors' turns, ${KILLS} times, restart: no message without its reply, counts as the messages`, async (t) => {
  const { dir, remove } = temporaryDirectory('cbp-turns-');
  t.teardown(remove);
  const databaseUrl = `sqlite:${path.join(dir, 'turns.sqlite')}`;
  const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  const cli = checkoutCli(root, childCoverageEnv());
  const created = await cli.run(['accounts', 'create', '--name', 'Turns', '--plan', 'enterprise', '--json'], env);
  t.equal(created.code, 0, 'accounts create');
  const { account_id: accountId, live_key: key } = JSON.parse(created.stdout) as { account_id: string; live_key: string };
  const call = keyedCall(key);
  const serving = { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };

  let { server, uri } = await cli.serve(t, serving);
  const bot = (await call(uri, 'POST', '/api/v1/chatbots', { name: 'Shop' })).json as { id: string };
  const base = `/api/v1/chatbots/${bot.id}/conversations`;
  const conversations: string[] = [];
  for (let i = 0; i < VISITORS; i++) conversations.push(((await call(uri, 'POST', base, {})).json as { id: string }).id);

  // Each time, every visitor sends message after message until the server dies under them. One
  // kill lands between a turn's two writes only now and then (when they were two commits, two runs
  // of one kill each found nothing; six kills found it in each of three runs), so it is killed
  // several times over.
  let stored = 0;
  for (let kill = 1; kill <= KILLS; kill++) {
    let answered = 0;
    let killed = false;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    const visitors = conversations.map(async (conversationId, visitor) => {
      for (let turn = 0; !killed; turn++) {
        try {
          const sent = await call(uri, 'POST', `${base}/${conversationId}/messages`, { content: `Visitor ${visitor} asks question ${turn} about delivery` });
          if (sent.status !== 201) throw new Error(`turn: ${sent.status} ${JSON.stringify(sent.json)}`);
          if (++answered === TURNS_PER_KILL) reachedKillPoint();
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    });
    // The kill point, or the first visitor's failure (which fails the test instead of waiting on).
    await Promise.race([killPoint, Promise.all(visitors)]);
    killed = true;
    server.kill('SIGKILL');
    await once(server, 'exit');
    await Promise.all(visitors);
    t.equal(server.signalCode, 'SIGKILL', `kill ${kill}: the server died of the SIGKILL`);

    const atKill = await inconsistencies(databaseUrl, accountId);
    t.ok(atKill.messages >= stored + 2 * TURNS_PER_KILL, `kill ${kill}: ${atKill.messages} messages stored (${answered} turns answered since the start)`);
    t.same(atKill.found, [], `kill ${kill}: every visitor message stored has its reply; every count matches the messages`);
    stored = atKill.messages;
    // Started again, every conversation takes turns as before, counted on from what was stored.
    ({ server, uri } = await cli.serve(t, serving));
  }
  for (const conversationId of conversations) {
    const sent = await call(uri, 'POST', `${base}/${conversationId}/messages`, { content: 'And after the restart?' });
    if (sent.status !== 201) t.fail(`a turn in ${conversationId} after the restart: ${sent.status}`);
  }
  server.kill('SIGTERM');
  await once(server, 'exit');
  const afterRestart = await inconsistencies(databaseUrl, accountId);
  t.equal(afterRestart.conversations, VISITORS);
  t.equal(afterRestart.messages, stored + 2 * VISITORS, 'after the last restart: one message and one reply more per conversation');
  t.same(afterRestart.found, [], 'still consistent');
});
