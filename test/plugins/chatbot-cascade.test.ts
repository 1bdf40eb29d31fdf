// Deleting a chatbot removes what it owns through durable reactions (issue 10, row 12): jobs written
// with the event, run at once, and run by any instance later if the publisher died; a job whose
// delete never happened (possible on a store without atomic commits) is dropped, not run.
import t from 'tap';
import { newId } from '../../core/ids.js';
import { declareChatbots } from '../../plugins/chatbots/collections.js';
import { declareConversations } from '../../plugins/conversations/collections.js';
import { declareLeads } from '../../plugins/leads/collections.js';
import { buildTestServer, type TestServer } from '../helpers/server.js';

async function chatbotWithData(api: TestServer, key: string) {
  const bot = (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Owner of data' } })).json;
  const conversation = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key, payload: {} })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, { key, payload: { content: 'Reach me at jo@example.com' } });
  return { bot, conversation };
}

/** A chatbot.deleted job as a publisher that died after writing it would have left it. */
async function leftBehindJob(api: TestServer, tenant: { accountId: string; mode: 'live' }, chatbot: Record<string, unknown>) {
  const event = { id: newId('evt'), type: 'chatbot.deleted', created_at: api.clock.now().toISOString(), livemode: true, account_id: tenant.accountId, chatbot_id: chatbot.id as string, data: chatbot };
  const jobs = api.platform.events.reactions.jobsFor(tenant, [event]);
  await api.platform.store.commit(jobs.map((job) => job.write));
  return jobs.length;
}

t.test('a job left by a dead publisher runs only if the chatbot is really gone', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const jobs = api.platform.events.reactions.collection.forTenant(tenant);
  const conversationsOf = async (botId: string) => (await api.request('GET', `/api/v1/chatbots/${botId}/conversations`, { key: acme.live })).json;

  // The delete failed after its jobs were written: the chatbot is still there, so nothing is deleted.
  const alive = await chatbotWithData(api, acme.live);
  t.ok((await leftBehindJob(api, tenant, alive.bot)) >= 4, 'one job per area that owns chatbot data');
  api.clock.advance(31_000);
  await api.platform.events.reactions.drain();
  t.equal(await jobs.count(), 0, 'the unconfirmed jobs are dropped');
  t.equal((await conversationsOf(alive.bot.id)).data.length, 1, 'and the live chatbot keeps its conversations');

  // The delete happened and the publisher died before its reactions ran: another instance runs them.
  const gone = await chatbotWithData(api, acme.live);
  const written = await leftBehindJob(api, tenant, gone.bot);
  await declareChatbots(api.platform.store).forTenant(tenant).delete(gone.bot.id);
  await api.platform.events.reactions.drain();
  t.equal(await jobs.count(), written, 'nothing runs before the recovery delay');
  api.clock.advance(31_000);
  await api.platform.events.reactions.drain();
  t.same((await jobs.list({ limit: 10 })).map((job) => [job.reaction, job.last_error]), [], 'all done');
  t.equal(await declareConversations(api.platform.store).conversations.forTenant(tenant).count({ chatbot_id: gone.bot.id }), 0, 'its conversations are gone');
  t.equal(await declareLeads(api.platform.store).forTenant(tenant).count({ chatbot_id: gone.bot.id }), 0, 'and its leads');
});

t.test('a delete whose commit fails leaves no reaction job behind, on either store', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const { bot } = await chatbotWithData(api, acme.live);
  const chatbots = declareChatbots(api.platform.store).forTenant(tenant);
  // A stale version: the delete fails, as a concurrent change would make it.
  await t.rejects(
    api.platform.events.publish(tenant, { type: 'chatbot.deleted', chatbotId: bot.id, data: bot }, [chatbots.ops.delete(bot.id, { ifVersion: 999 })]),
    { name: 'VersionConflictError' },
  );
  t.equal(await api.platform.events.reactions.collection.forTenant(tenant).count(), 0, 'no job is left');
  t.ok(await chatbots.get(bot.id), 'the chatbot is still there');
  t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json.data.length, 1, 'with its data');
});
