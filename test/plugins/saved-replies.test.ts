// Saved replies (issue 28): create, read, change, delete and list them (`q`, `chatbot_id`, cursors),
// one shortcut per scope also under concurrent creates, variables checked when written and filled
// in for a conversation when used, who may write (owners and admins) and read (agents too),
// chatbot keys, other accounts and the sandbox, a deleted chatbot's replies, and every route's 4xx.
// Both stores.
import t from 'tap';
import { declareSavedReplyUses } from '../../plugins/saved-replies/collections.js';
import { accountWithOwner, addMember, asMember, ORIGIN, signIn } from '../helpers/members.js';
import { assertError, buildTestServer as buildServer, type TestServer } from '../helpers/server.js';

/** Members sign in from the server's public URL (the dashboard's origin). */
const buildTestServer = (t: Parameters<typeof buildServer>[0]) => buildServer(t, { config: { server: { public_url: ORIGIN } } });

async function ok(api: TestServer, method: string, url: string, key: string, payload?: unknown) {
  const response = await api.request(method, url, { key, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
  return response.json;
}

const create = (api: TestServer, key: string, payload: Record<string, unknown>) => api.request('POST', '/api/v1/saved-replies', { key, payload });

t.test('create, read, change, delete; shortcuts in lower case and unique per scope', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });

  const created = await create(api, acme.live, { shortcut: 'Refund', title: ' Refund policy ', body: 'Hello {visitor.name}, refunds take 5 days.' });
  t.equal(created.statusCode, 201);
  const refund = created.json;
  t.match(refund, {
    id: /^sr_[0-9a-z]{26}$/,
    chatbot_id: null,
    shortcut: 'refund',
    title: 'Refund policy',
    body: 'Hello {visitor.name}, refunds take 5 days.',
    use_count: 0,
    last_used_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  });
  t.equal(created.headers.location, `/api/v1/saved-replies/${refund.id}`);
  t.same((await api.request('GET', `/api/v1/saved-replies/${refund.id}`, { key: acme.live })).json, refund, 'read back as created');

  assertError(t, await create(api, acme.live, { shortcut: 'REFUND', title: 'Again', body: 'x' }), 409, 'shortcut_taken', 'the same shortcut for every chatbot, in other case');
  const forShop = await create(api, acme.live, { shortcut: 'refund', title: 'Shop refunds', body: 'Shop: 10 days.', chatbot_id: shop.id });
  t.equal(forShop.statusCode, 201, 'one chatbot may have its own reply with an account-wide shortcut');
  assertError(t, await create(api, acme.live, { shortcut: 'refund', title: 'Twice', body: 'x', chatbot_id: shop.id }), 409, 'shortcut_taken', 'twice for one chatbot');

  api.clock.advance(1000);
  const changed = await api.request('PATCH', `/api/v1/saved-replies/${refund.id}`, { key: acme.live, payload: { title: 'Refunds', body: 'Refunds take 3 days, {agent.name}.' } });
  t.equal(changed.statusCode, 200);
  t.match(changed.json, { id: refund.id, shortcut: 'refund', title: 'Refunds', body: 'Refunds take 3 days, {agent.name}.', updated_at: '2026-11-21T10:00:01.000Z', created_at: refund.created_at });
  assertError(
    t,
    await api.request('PATCH', `/api/v1/saved-replies/${refund.id}`, { key: acme.live, payload: { chatbot_id: shop.id } }),
    409,
    'shortcut_taken',
    'moving it into a scope that has the shortcut',
  );
  const hours = (await create(api, acme.live, { shortcut: 'hours', title: 'Hours', body: 'We open at 9.' })).json;
  assertError(t, await api.request('PATCH', `/api/v1/saved-replies/${hours.id}`, { key: acme.live, payload: { shortcut: 'refund' } }), 409, 'shortcut_taken', 'renaming onto a taken shortcut');
  const moved = await api.request('PATCH', `/api/v1/saved-replies/${hours.id}`, { key: acme.live, payload: { chatbot_id: shop.id, shortcut: 'Opening-Hours' } });
  t.match(moved.json, { chatbot_id: shop.id, shortcut: 'opening-hours' }, 'moved to a chatbot and renamed');
  const shared = await api.request('PATCH', `/api/v1/saved-replies/${hours.id}`, { key: acme.live, payload: { chatbot_id: null } });
  t.equal(shared.json.chatbot_id, null, 'and back to every chatbot');

  const conversation = await ok(api, 'POST', `/api/v1/chatbots/${shop.id}/conversations`, acme.live, {});
  await ok(api, 'POST', `/api/v1/saved-replies/${hours.id}/render`, acme.live, { conversation_id: conversation.id });
  const uses = declareSavedReplyUses(api.platform.store).forTenant({ accountId: acme.id, mode: 'live' });
  t.equal(await uses.count({ saved_reply_id: hours.id }), 1);
  const deleted = await api.request('DELETE', `/api/v1/saved-replies/${hours.id}`, { key: acme.live });
  t.equal(await uses.count({ saved_reply_id: hours.id }), 0, 'a deleted reply’s uses go with it');
  t.same(deleted.json, { id: hours.id, deleted: true });
  assertError(t, await api.request('GET', `/api/v1/saved-replies/${hours.id}`, { key: acme.live }), 404, 'saved_reply_not_found');
  assertError(t, await api.request('DELETE', `/api/v1/saved-replies/${hours.id}`, { key: acme.live }), 404, 'saved_reply_not_found', 'twice');
  t.equal((await create(api, acme.live, { shortcut: 'opening-hours', title: 'Hours', body: 'Again' })).statusCode, 201, 'a deleted reply frees its shortcut');
});

t.test('concurrent creates of one shortcut: one wins, the others are 409 shortcut_taken', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });
  for (const chatbotId of [null, shop.id]) {
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => create(api, acme.live, { shortcut: 'greet', title: `Greeting ${i}`, body: 'Hi!', chatbot_id: chatbotId })));
    const codes = responses.map((response) => response.statusCode).sort();
    t.same(codes, [201, 409, 409, 409, 409, 409, 409, 409], `one created, seven refused (${chatbotId ? 'one chatbot' : 'every chatbot'})`);
    for (const response of responses.filter((response) => response.statusCode === 409)) t.equal(response.json.code, 'shortcut_taken');
  }
  const all = await ok(api, 'GET', '/api/v1/saved-replies', acme.live);
  t.equal(all.data.length, 2, 'two stored: one per scope');
});

t.test('lists: newest first, chatbot_id, q over shortcut, title and text, cursors', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });
  const blog = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Blog' });
  const everyone = (await create(api, acme.live, { shortcut: 'thanks', title: 'Thank you', body: 'Merci beaucoup!' })).json;
  const shopOnly = (await create(api, acme.live, { shortcut: 'delivery', title: 'Délivery times', body: 'Two days.', chatbot_id: shop.id })).json;
  const blogOnly = (await create(api, acme.live, { shortcut: 'subscribe', title: 'Newsletter', body: 'Sign up below.', chatbot_id: blog.id })).json;
  const ids = async (query: string) => (await ok(api, 'GET', `/api/v1/saved-replies${query}`, acme.live)).data.map((reply: { id: string }) => reply.id);

  t.same(await ids(''), [blogOnly.id, shopOnly.id, everyone.id], 'every reply, newest first');
  t.same(await ids('?order=asc'), [everyone.id, shopOnly.id, blogOnly.id]);
  t.same(await ids(`?chatbot_id=${shop.id}`), [shopOnly.id, everyone.id], 'a chatbot’s own and those for every chatbot');
  t.same(await ids('?q=DELIV'), [shopOnly.id], 'q finds a shortcut, ignoring case');
  t.same(await ids('?q=delivery%20times'), [shopOnly.id], 'q finds a title, ignoring accents');
  t.same(await ids('?q=beaucoup'), [everyone.id], 'q finds the text');
  t.same(await ids(`?q=sign&chatbot_id=${shop.id}`), [], 'q within a chatbot’s');
  t.same(await ids('?q=nothing-like-it'), []);

  const first = await ok(api, 'GET', '/api/v1/saved-replies?limit=2', acme.live);
  t.same(first.data.map((reply: { id: string }) => reply.id), [blogOnly.id, shopOnly.id]);
  t.equal(first.has_more, true);
  const second = await ok(api, 'GET', `/api/v1/saved-replies?limit=2&cursor=${first.next_cursor}`, acme.live);
  t.same(second.data.map((reply: { id: string }) => reply.id), [everyone.id]);
  t.equal(second.has_more, false);
  const searched = await ok(api, 'GET', '/api/v1/saved-replies?limit=1&q=e', acme.live);
  t.equal(searched.data.length, 1);
  t.equal(searched.has_more, true, 'a search pages too');
  const searchedNext = await ok(api, 'GET', `/api/v1/saved-replies?limit=1&q=e&cursor=${searched.next_cursor}`, acme.live);
  t.not(searchedNext.data[0].id, searched.data[0].id, 'the next page of a search holds the next match');
  assertError(t, await api.request('GET', `/api/v1/saved-replies?cursor=${first.next_cursor}&q=e`, { key: acme.live }), 400, 'invalid_cursor', 'a cursor of another query');
});

t.test('variables: unknown ones refused with their names, the known ones filled in for a conversation', async (t) => {
  const api = await buildTestServer(t);
  const acme = await accountWithOwner(api, 'starter', 'olive@example.com');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Acme Shop' });
  const blog = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Blog' });

  const unknown = assertError(t, await create(api, acme.live, { shortcut: 'x', title: 'X', body: 'Hi {visitor.phone} and {order.id}, {visitor.phone}' }), 400, 'unknown_variable');
  t.match(unknown.message, /\{visitor\.phone\}, \{order\.id\}/, 'names each unknown variable once');
  t.match(unknown.message, /\{visitor\.name\}/, 'and says which ones exist');
  t.same(unknown.details.map((detail: { path: string }) => detail.path), ['body']);
  const reply = (await create(api, acme.live, { shortcut: 'hello', title: 'Hello', body: 'Hi {visitor.name} ({visitor.email}), {agent.name} of {chatbot.name} here. {not a variable}' })).json;
  assertError(t, await api.request('PATCH', `/api/v1/saved-replies/${reply.id}`, { key: acme.live, payload: { body: 'Dear {Visitor.Name}' } }), 400, 'unknown_variable', 'on change too; variables are lower case');

  const ada = await ok(api, 'POST', `/api/v1/chatbots/${shop.id}/conversations`, acme.live, { visitor: { name: 'Ada', email: 'ada@example.com' } });
  const anonymous = await ok(api, 'POST', `/api/v1/chatbots/${shop.id}/conversations`, acme.live, {});
  const render = (conversationId: string, key = acme.live, replyId = reply.id) =>
    api.request('POST', `/api/v1/saved-replies/${replyId}/render`, { key, payload: { conversation_id: conversationId } });

  const owner = asMember(api, await signIn(api, 'olive@example.com'));
  const byMember = await owner('POST', `/api/v1/saved-replies/${reply.id}/render`, { conversation_id: ada.id });
  t.equal(byMember.statusCode, 200);
  t.same(byMember.json, {
    saved_reply_id: reply.id,
    conversation_id: ada.id,
    text: 'Hi Ada (ada@example.com), Olive Owner of Acme Shop here. {not a variable}',
    missing: [],
  });
  const byOperatorKey = await render(anonymous.id);
  t.same(byOperatorKey.json.text, 'Hi  (),  of Acme Shop here. {not a variable}', 'missing values are empty; the operator’s key has no name');
  t.same(byOperatorKey.json.missing, ['visitor.name', 'visitor.email', 'agent.name'], 'and each missing one is named once, in order');
  const ownersKey = await owner('POST', '/api/v1/api-keys', { name: 'Helpdesk' });
  t.equal(ownersKey.statusCode, 201);
  const byMembersKey = await render(ada.id, ownersKey.json.secret);
  t.equal(byMembersKey.json.text, 'Hi Ada (ada@example.com), Olive Owner of Acme Shop here. {not a variable}', 'a key a member made signs with the member’s name');

  api.clock.advance(5000);
  await render(ada.id);
  const used = await ok(api, 'GET', `/api/v1/saved-replies/${reply.id}`, acme.live);
  t.equal(used.use_count, 4, 'every use counted');
  t.equal(used.last_used_at, '2026-11-21T10:00:05.000Z');
  const together = await Promise.all(Array.from({ length: 4 }, () => render(ada.id)));
  t.same(together.map((response) => `${response.statusCode} ${response.json.code ?? ''}`), Array(4).fill('200 '), 'four uses at once all answered');
  t.equal((await ok(api, 'GET', `/api/v1/saved-replies/${reply.id}`, acme.live)).use_count, 8, 'uses at the same time all count');

  const blogReply = (await create(api, acme.live, { shortcut: 'posts', title: 'Posts', body: 'See our posts.', chatbot_id: blog.id })).json;
  assertError(t, await render(ada.id, acme.live, blogReply.id), 409, 'saved_reply_not_for_chatbot', 'another chatbot’s reply');
  assertError(t, await render('conv_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'conversation_not_found');
  assertError(t, await api.request('POST', `/api/v1/saved-replies/${reply.id}/render`, { key: acme.live, payload: {} }), 400, 'validation_failed', 'no conversation');
  assertError(t, await api.request('POST', `/api/v1/saved-replies/${reply.id}/render`, { key: acme.live, payload: { conversation_id: 5 } }), 400, 'validation_failed', 'a number');
  assertError(t, await render(ada.id, acme.live, 'sr_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'saved_reply_not_found');

  const other = await api.account('starter');
  const theirs = await ok(api, 'POST', '/api/v1/chatbots', other.live, { name: 'Theirs' });
  const theirConversation = await ok(api, 'POST', `/api/v1/chatbots/${theirs.id}/conversations`, other.live, { visitor: { name: 'Eve' } });
  assertError(t, await render(theirConversation.id), 404, 'conversation_not_found', 'another account’s conversation');
  assertError(t, await render(ada.id, other.live), 404, 'saved_reply_not_found', 'another account’s reply');
});

t.test('agents read and use saved replies; owners and admins write them', async (t) => {
  const api = await buildTestServer(t);
  const acme = await accountWithOwner(api, 'starter', 'olive@example.com');
  const ownerCookie = await signIn(api, 'olive@example.com');
  const agent = await addMember(api, { cookie: ownerCookie }, 'agnes@example.com', 'agent');
  const admin = await addMember(api, { cookie: ownerCookie }, 'adam@example.com', 'admin');
  const asAgent = asMember(api, agent.cookie);
  const asAdmin = asMember(api, admin.cookie);
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });
  const conversation = await ok(api, 'POST', `/api/v1/chatbots/${shop.id}/conversations`, acme.live, { visitor: { name: 'Ada' } });

  const byAdmin = await asAdmin('POST', '/api/v1/saved-replies', { shortcut: 'hi', title: 'Hi', body: '{agent.name} here, hi {visitor.name}!' });
  t.equal(byAdmin.statusCode, 201, 'an admin creates');
  assertError(t, await asAgent('POST', '/api/v1/saved-replies', { shortcut: 'mine', title: 'Mine', body: 'x' }), 403, 'insufficient_role', 'an agent may not create');
  assertError(t, await asAgent('PATCH', `/api/v1/saved-replies/${byAdmin.json.id}`, { title: 'Changed' }), 403, 'insufficient_role', 'nor change');
  assertError(t, await asAgent('DELETE', `/api/v1/saved-replies/${byAdmin.json.id}`), 403, 'insufficient_role', 'nor delete');
  t.equal((await asAgent('GET', '/api/v1/saved-replies?q=hi')).json.data.length, 1, 'an agent lists');
  t.equal((await asAgent('GET', `/api/v1/saved-replies/${byAdmin.json.id}`)).statusCode, 200, 'and reads');
  const used = await asAgent('POST', `/api/v1/saved-replies/${byAdmin.json.id}/render`, { conversation_id: conversation.id });
  t.equal(used.json.text, 'Member agent here, hi Ada!', 'and uses, signing with their own name');
  t.equal((await asAdmin('DELETE', `/api/v1/saved-replies/${byAdmin.json.id}`)).statusCode, 200, 'an admin deletes');
});

t.test('chatbot keys: their chatbot’s replies and those for every chatbot', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });
  const blog = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Blog' });
  const shared = (await create(api, acme.live, { shortcut: 'hi', title: 'Hi', body: 'Hi' })).json;
  const blogReply = (await create(api, acme.live, { shortcut: 'blog', title: 'Blog', body: 'Blog' })).json;
  await api.request('PATCH', `/api/v1/saved-replies/${blogReply.id}`, { key: acme.live, payload: { chatbot_id: blog.id } });
  const key = shop.api_key;

  const own = await create(api, key, { shortcut: 'shop', title: 'Shop', body: 'Shop' });
  t.equal(own.statusCode, 201);
  t.equal(own.json.chatbot_id, shop.id, 'made for the key’s chatbot when none is named');
  t.same((await ok(api, 'GET', '/api/v1/saved-replies', key)).data.map((reply: { id: string }) => reply.id), [own.json.id, shared.id], 'its own and the shared ones');
  assertError(t, await api.request('GET', `/api/v1/saved-replies?chatbot_id=${blog.id}`, { key }), 403, 'key_scope_chatbot', 'another chatbot’s list');
  assertError(t, await api.request('GET', `/api/v1/saved-replies/${blogReply.id}`, { key }), 404, 'saved_reply_not_found', 'another chatbot’s reply');
  assertError(t, await create(api, key, { shortcut: 'x', title: 'X', body: 'x', chatbot_id: blog.id }), 403, 'key_scope_chatbot', 'creating for another chatbot');
  assertError(t, await create(api, key, { shortcut: 'x', title: 'X', body: 'x', chatbot_id: null }), 403, 'key_scope_chatbot', 'creating for every chatbot');
  assertError(t, await api.request('PATCH', `/api/v1/saved-replies/${shared.id}`, { key, payload: { title: 'Mine now' } }), 403, 'key_scope_chatbot', 'changing a shared one');
  assertError(t, await api.request('DELETE', `/api/v1/saved-replies/${shared.id}`, { key }), 403, 'key_scope_chatbot', 'deleting a shared one');
  assertError(t, await api.request('PATCH', `/api/v1/saved-replies/${own.json.id}`, { key, payload: { chatbot_id: null } }), 403, 'key_scope_chatbot', 'sharing its own');
  t.equal((await api.request('PATCH', `/api/v1/saved-replies/${own.json.id}`, { key, payload: { title: 'Our shop' } })).json.title, 'Our shop');

  const blogConversation = await ok(api, 'POST', `/api/v1/chatbots/${blog.id}/conversations`, acme.live, {});
  assertError(t, await api.request('POST', `/api/v1/saved-replies/${shared.id}/render`, { key, payload: { conversation_id: blogConversation.id } }), 404, 'conversation_not_found', 'another chatbot’s conversation');
});

t.test('every route’s bad input is a 4xx in the error shape', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const reply = (await create(api, acme.live, { shortcut: 'ok', title: 'Ok', body: 'Ok' })).json;
  const missing = 'sr_01jzzzzzzzzzzzzzzzzzzzzzzz';
  const cases: Array<[string, string, unknown, number, string]> = [
    ['POST', '/api/v1/saved-replies', {}, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: '/refund', title: 'R', body: 'x' }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: '-dash', title: 'R', body: 'x' }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'two words', title: 'R', body: 'x' }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'a'.repeat(41), title: 'R', body: 'x' }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'r', title: '  ', body: 'x' }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'r', title: 'R', body: 'x'.repeat(4001) }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'r', title: 'R', body: 'x', extra: 1 }, 400, 'validation_failed'],
    ['POST', '/api/v1/saved-replies', { shortcut: 'r', title: 'R', body: 'x', chatbot_id: 'cb_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'chatbot_not_found'],
    ['POST', '/api/v1/saved-replies', [1, 2], 400, 'validation_failed'],
    ['GET', '/api/v1/saved-replies?limit=0', undefined, 400, 'validation_failed'],
    ['GET', '/api/v1/saved-replies?unknown=1', undefined, 400, 'validation_failed'],
    ['GET', '/api/v1/saved-replies?q=', undefined, 400, 'validation_failed'],
    ['GET', `/api/v1/saved-replies?q=${'x'.repeat(101)}`, undefined, 400, 'validation_failed'],
    ['GET', '/api/v1/saved-replies?cursor=not-ours', undefined, 400, 'invalid_cursor'],
    ['GET', `/api/v1/saved-replies/${missing}`, undefined, 404, 'saved_reply_not_found'],
    ['GET', '/api/v1/saved-replies/garbage', undefined, 404, 'saved_reply_not_found'],
    ['PATCH', `/api/v1/saved-replies/${reply.id}`, {}, 400, 'validation_failed'],
    ['PATCH', `/api/v1/saved-replies/${reply.id}`, { shortcut: null }, 400, 'validation_failed'],
    ['PATCH', `/api/v1/saved-replies/${reply.id}`, { use_count: 5 }, 400, 'validation_failed'],
    ['PATCH', `/api/v1/saved-replies/${reply.id}`, { chatbot_id: 'cb_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'chatbot_not_found'],
    ['PATCH', `/api/v1/saved-replies/${missing}`, { title: 'x' }, 404, 'saved_reply_not_found'],
    ['DELETE', `/api/v1/saved-replies/${missing}`, undefined, 404, 'saved_reply_not_found'],
    ['POST', `/api/v1/saved-replies/${reply.id}/render`, { conversation_id: 'conv_x', more: true }, 400, 'validation_failed'],
  ];
  for (const [method, url, payload, status, code] of cases) {
    assertError(t, await api.request(method, url, { key: acme.live, payload }), status, code, `${method} ${url} ${JSON.stringify(payload) ?? ''}`);
  }
  assertError(t, await api.request('GET', '/api/v1/saved-replies'), 401, 'missing_credentials', 'no key');
  const sent = await api.request('POST', '/api/v1/saved-replies', { key: acme.live, payload: '{"shortcut":', headers: { 'content-type': 'application/json' } });
  t.equal(sent.statusCode, 400, 'broken JSON');
  t.equal(sent.json.request_id, sent.headers['x-request-id']);
});

t.test('other accounts and the sandbox are apart; a deleted chatbot takes its own replies', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const other = await api.account('starter');
  const shop = await ok(api, 'POST', '/api/v1/chatbots', acme.live, { name: 'Shop' });
  const shared = (await create(api, acme.live, { shortcut: 'hi', title: 'Hi', body: 'Hi' })).json;
  const shopReply = (await create(api, acme.live, { shortcut: 'shop', title: 'Shop', body: 'Shop', chatbot_id: shop.id })).json;

  t.equal((await create(api, other.live, { shortcut: 'hi', title: 'Hi', body: 'Theirs' })).statusCode, 201, 'another account has its own shortcuts');
  t.equal((await create(api, acme.test, { shortcut: 'hi', title: 'Hi', body: 'Sandbox' })).statusCode, 201, 'and so has the sandbox');
  assertError(t, await api.request('GET', `/api/v1/saved-replies/${shared.id}`, { key: other.live }), 404, 'saved_reply_not_found', 'another account');
  assertError(t, await api.request('PATCH', `/api/v1/saved-replies/${shared.id}`, { key: other.live, payload: { title: 'Mine' } }), 404, 'saved_reply_not_found');
  assertError(t, await api.request('DELETE', `/api/v1/saved-replies/${shared.id}`, { key: acme.test }), 404, 'saved_reply_not_found', 'the sandbox');
  t.same((await ok(api, 'GET', '/api/v1/saved-replies', acme.test)).data.map((reply: { body: string }) => reply.body), ['Sandbox']);

  const conversation = await ok(api, 'POST', `/api/v1/chatbots/${shop.id}/conversations`, acme.live, {});
  for (const reply of [shared, shopReply, shopReply]) await ok(api, 'POST', `/api/v1/saved-replies/${reply.id}/render`, acme.live, { conversation_id: conversation.id });
  const uses = declareSavedReplyUses(api.platform.store).forTenant({ accountId: acme.id, mode: 'live' });
  t.equal(await uses.count({ saved_reply_id: shopReply.id }), 2, 'each use is stored');
  t.equal((await ok(api, 'GET', `/api/v1/saved-replies/${shopReply.id}`, acme.live)).use_count, 2);

  await ok(api, 'DELETE', `/api/v1/chatbots/${shop.id}`, acme.live);
  await api.platform.events.reactions.drain();
  t.equal(await uses.count({ saved_reply_id: shopReply.id }), 0, 'its uses went with it');
  t.equal(await uses.count({ saved_reply_id: shared.id }), 1, 'the shared reply keeps its uses');
  assertError(t, await api.request('GET', `/api/v1/saved-replies/${shopReply.id}`, { key: acme.live }), 404, 'saved_reply_not_found', 'the chatbot’s reply is gone');
  t.equal((await ok(api, 'GET', `/api/v1/saved-replies/${shared.id}`, acme.live)).id, shared.id, 'the shared one stays');
});
