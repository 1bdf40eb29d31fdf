// Quotas hold when creates race, across instances sharing one store (issue 10, row 13): the plan's
// chatbots and the webhooks per chatbot. Two servers on the same store take requests at once.
import pino from 'pino';
import t, { type Test } from 'tap';
import { createServer } from '../../app/server.js';
import { declareChatbots } from '../../plugins/chatbots/collections.js';
import { ADMIN_TOKEN, buildTestServer, type TestServer } from '../helpers/server.js';

async function twoInstances(t: Test) {
  const api = await buildTestServer(t);
  const { server: second } = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => second.stop());
  const injectInto = (server: typeof second) => (key: string, url: string, payload: unknown) =>
    server.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
  return { api, instances: [injectInto(api.server), injectInto(second)] };
}

const statuses = (responses: Array<{ statusCode: number }>) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

t.test('twenty racing creates on two instances make exactly the plan’s five chatbots', async (t) => {
  const { api, instances } = await twoInstances(t);
  const acme = await api.account('starter');
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => instances[i % 2]!(acme.live, '/api/v1/chatbots', { name: `bot ${i}` })),
  );
  t.same(statuses(responses), { 201: 5, 409: 15 }, 'five made, the rest refused');
  for (const refused of responses.filter((response) => response.statusCode === 409)) {
    t.equal(JSON.parse(refused.payload).code, 'chatbot_limit_reached');
  }
  const listed = await api.request('GET', '/api/v1/chatbots?limit=100', { key: acme.live });
  t.equal(listed.json.data.length, 5, 'and five exist');

  // Archiving frees a slot, restoring takes one, deleting frees one: racing restores get one.
  const [first, second, third] = listed.json.data;
  for (const bot of [first, second]) t.equal((await api.request('POST', `/api/v1/chatbots/${bot.id}/archive`, { key: acme.live })).statusCode, 200);
  const made = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'into a freed slot' } });
  t.equal(made.statusCode, 201, 'a freed slot is taken again');
  const restores = await Promise.all([first, second].map((bot, i) => instances[i]!(acme.live, `/api/v1/chatbots/${bot.id}/restore`, {})));
  t.same(statuses(restores), { 200: 1, 409: 1 }, 'two racing restores for one free slot: one wins');
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${third.id}`, { key: acme.live })).statusCode, 200);
  const afterDelete = await Promise.all([0, 1].map((i) => instances[i]!(acme.live, '/api/v1/chatbots', { name: `after delete ${i}` })));
  t.same(statuses(afterDelete), { 201: 1, 409: 1 }, 'deleting frees exactly one');
  const active = (await api.request('GET', '/api/v1/chatbots?limit=100', { key: acme.live })).json.data.filter(
    (bot: { status: string }) => bot.status !== 'archived',
  );
  t.equal(active.length, 5, 'never more than five active or paused');
});

t.test('racing webhook registrations stop at the per-chatbot limit', async (t) => {
  const { api, instances } = await twoInstances(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'hooked' } })).json;
  const responses = await Promise.all(
    Array.from({ length: 24 }, (_, i) => instances[i % 2]!(acme.live, '/api/v1/webhooks', { url: `https://hooks.example.com/${i}`, chatbot_id: bot.id })),
  );
  t.same(statuses(responses), { 201: 10, 409: 14 }, 'ten made, the rest refused');
  const listed = await api.request('GET', `/api/v1/webhooks?chatbot_id=${bot.id}&limit=100`, { key: acme.live });
  t.equal(listed.json.data.length, 10);
  // Deleting the chatbot takes its webhooks and their slots: a new chatbot starts from zero.
  t.equal((await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live })).statusCode, 200);
  const account = await Promise.all(
    Array.from({ length: 12 }, (_, i) => instances[i % 2]!(acme.live, '/api/v1/webhooks', { url: `https://hooks.example.com/all/${i}` })),
  );
  t.same(statuses(account), { 201: 10, 409: 2 }, 'account-wide endpoints have their own ten');
});

t.test('a slot whose holder never got written is taken back', async (t) => {
  // A store without atomic commits can keep a slot and lose its chatbot in a crash between the two.
  const api: TestServer = await buildTestServer(t);
  const starter = await api.account('starter');
  const starterTenant = { accountId: starter.id, mode: 'live' as const };
  for (let slot = 0; slot < 5; slot++) {
    await api.platform.quotas.collection.forTenant(starterTenant).insert({
      id: `qs_${starter.id}_live_chatbots_${slot}`,
      quota: 'chatbots',
      slot,
      holder: `cb_lost_${slot}`,
      created_at: api.clock.now().toISOString(),
    });
  }
  const tooSoon = await api.request('POST', '/api/v1/chatbots', { key: starter.live, payload: { name: 'waits' } });
  t.equal(tooSoon.statusCode, 409, 'young slots may belong to a commit in flight: not taken back yet');
  api.clock.advance(61_000);
  const later = await api.request('POST', '/api/v1/chatbots', { key: starter.live, payload: { name: 'takes one back' } });
  t.equal(later.statusCode, 201, 'a minute on, a slot whose holder does not exist is taken back');
});

t.test('a lowered limit and chatbots without slots still cap racing creates (found in review)', async (t) => {
  const { api, instances } = await twoInstances(t);
  const acme = await api.account('starter');
  const admin = (limits: Record<string, number>) =>
    api.request('PATCH', `/admin/v1/accounts/${acme.id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { limits } });
  t.equal((await admin({ chatbots: 10 })).statusCode, 200);
  const made: string[] = [];
  for (let i = 0; i < 10; i++) made.push((await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: `bot ${i}` } })).json.id);
  t.equal((await admin({ chatbots: 5 })).statusCode, 200, 'the limit is lowered to five');
  // Archive the holders of slots 0 to 5: four chatbots remain active, in slots 6 to 9.
  for (const id of made.slice(0, 6)) t.equal((await api.request('POST', `/api/v1/chatbots/${id}/archive`, { key: acme.live })).statusCode, 200);
  const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => instances[i % 2]!(acme.live, '/api/v1/chatbots', { name: `racer ${i}` })));
  t.same(statuses(racing), { 201: 1, 409: 5 }, 'one more, not five');

  const other = await api.account('starter');
  const tenant = { accountId: other.id, mode: 'live' as const };
  const chatbots = declareChatbots(api.platform.store).forTenant(tenant);
  const now = api.clock.now().toISOString();
  for (let i = 0; i < 3; i++) {
    // As chatbots made before quota slots existed are stored: no slot.
    await chatbots.insert({ id: `cb_legacy${i}`, name: `legacy ${i}`, name_folded: `legacy ${i}`, language: 'en', personality: 'friendly', welcome_message: null, status: 'active', settings: {} as never, created_at: now, updated_at: now });
  }
  const withLegacy = await Promise.all(Array.from({ length: 6 }, (_, i) => instances[i % 2]!(other.live, '/api/v1/chatbots', { name: `new ${i}` })));
  t.same(statuses(withLegacy), { 201: 2, 409: 4 }, 'three legacy chatbots leave room for two');
});

t.test('a holder with a slot inside and a backfilled one counts once (seen on FerretDB under a race)', async (t) => {
  const api: TestServer = await buildTestServer(t);
  const acme = await api.account('starter');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const first = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'first' } })).json;
  // What a racing writer's backfill leaves when it read the slots just before this chatbot took one.
  await api.platform.quotas.collection.forTenant(tenant).insert({
    id: `qs_${acme.id}_live_chatbots_h_${first.id}`,
    quota: 'chatbots',
    slot: -1,
    holder: first.id,
    created_at: api.clock.now().toISOString(),
  });
  const rest = [];
  for (let i = 0; i < 5; i++) rest.push((await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: `more ${i}` } })).statusCode);
  t.same(rest, [201, 201, 201, 201, 409], 'four more fit: five in all, not four');
});
