// The chatbots API: create, list, get, update, delete, lifecycle, settings, the chatbot key,
// plan rules, and isolation between modes and accounts.
import t from 'tap';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import type { BehaviourSettings } from '../../core/contracts/chatbots.js';
import { completeSettings, defaultSettings } from '../../plugins/chatbots/settings.js';

async function createChatbot(api: TestServer, key: string, payload: Record<string, unknown> = { name: 'Support' }) {
  const response = await api.request('POST', '/api/v1/chatbots', { key, payload });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.payload}`);
  return response.json;
}

t.test('create', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');

  t.test('the spec example: 201 with id, name, status, api_key, created_at', async (t) => {
    const response = await api.request('POST', '/api/v1/chatbots', {
      key: acme.live,
      payload: { name: 'Support', language: 'en' },
    });
    t.equal(response.statusCode, 201);
    const body = response.json;
    t.match(body.id, /^cb_[0-9a-z]{26}$/);
    t.equal(body.name, 'Support');
    t.equal(body.status, 'active');
    t.match(body.api_key, /^sk_live_[0-9A-Za-z]{32}$/);
    t.equal(body.created_at, '2026-11-21T10:00:00.000Z');
    t.equal(body.updated_at, body.created_at);
    t.equal(body.language, 'en');
    t.equal(body.personality, 'friendly', 'default personality');
    t.equal(body.welcome_message, null);
    t.equal(response.headers.location, `/api/v1/chatbots/${body.id}`);
  });

  t.test('every create field, and the sandbox gets sk_test_ chatbot keys', async (t) => {
    const body = await createChatbot(api, acme.test, {
      name: '  Kundendienst  ',
      language: 'DE',
      personality: 'formal',
      welcome_message: 'Guten Tag!',
    });
    t.equal(body.name, 'Kundendienst', 'trimmed');
    t.equal(body.language, 'de', 'lower-cased');
    t.equal(body.personality, 'formal');
    t.equal(body.welcome_message, 'Guten Tag!');
    t.match(body.api_key, /^sk_test_/);
  });

  t.test('language defaults to en; an empty welcome message means none', async (t) => {
    const body = await createChatbot(api, acme.test, { name: 'Minimal', welcome_message: '' });
    t.equal(body.language, 'en');
    t.equal(body.welcome_message, null);
  });

  t.test('bad input: 400 validation_failed naming each field', async (t) => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'x', language: 'english' }, 'language'],
      [{ name: 'x', language: 'xx' }, 'language'],
      [{ name: 'x', personality: 'grumpy' }, 'personality'],
      [{ name: 'x', welcome_message: 'w'.repeat(1001) }, 'welcome_message'],
      [{ name: 'x', status: 'paused' }, 'status'],
      [{ name: 'x', id: 'cb_mine' }, 'id'],
      [[{ name: 'x' }], ''],
      ['"just a string"', ''],
    ];
    for (const [payload, path] of cases) {
      const response = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload });
      const body = assertError(t, response, 400, 'validation_failed', JSON.stringify(payload).slice(0, 40));
      t.ok(body.details.some((d: { path: string }) => d.path === path), `details name "${path}"`);
    }
    const empty = await api.request('POST', '/api/v1/chatbots', { key: acme.live });
    assertError(t, empty, 400, 'validation_failed', 'no body at all');
  });

  t.test('creating publishes chatbot.created, with the chatbot but not its key', async (t) => {
    const body = await createChatbot(api, acme.live, { name: 'Evented' });
    const events = await api.platform.events.collection
      .forTenant({ accountId: acme.id, mode: 'live' })
      .list({ filter: { type: 'chatbot.created', chatbot_id: body.id }, limit: 5 });
    t.equal(events.length, 1);
    t.equal(events[0]!.data.name, 'Evented');
    t.notOk('api_key' in events[0]!.data);
  });
});

t.test('plan rules', async (t) => {
  const api = await buildTestServer(t);

  t.test('starter: 5 active or paused chatbots, then 409 chatbot_limit_reached; archived ones do not count', async (t) => {
    const acme = await api.account('starter');
    const made: Array<{ id: string }> = [];
    for (let i = 0; i < 5; i++) made.push(await createChatbot(api, acme.live, { name: `Bot ${i}` }));
    await api.request('POST', `/api/v1/chatbots/${made[0].id}/pause`, { key: acme.live });
    const over = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Six' } });
    assertError(t, over, 409, 'chatbot_limit_reached');
    t.equal((await api.request('POST', '/api/v1/chatbots', { key: acme.test, payload: { name: 'Six' } })).statusCode, 201, 'the sandbox counts apart');

    await api.request('POST', `/api/v1/chatbots/${made[1].id}/archive`, { key: acme.live });
    const six = await createChatbot(api, acme.live, { name: 'Six' });
    t.ok(six.id, 'archiving freed a slot');
    assertError(t, await api.request('POST', `/api/v1/chatbots/${made[1].id}/restore`, { key: acme.live }), 409, 'chatbot_limit_reached', 'restoring needs a free slot');
    await api.request('DELETE', `/api/v1/chatbots/${six.id}`, { key: acme.live });
    t.equal((await api.request('POST', `/api/v1/chatbots/${made[1].id}/restore`, { key: acme.live })).statusCode, 200);
  });

  t.test('free: read-only API, so writes are 403 plan_read_only, reads work', async (t) => {
    const free = await api.account('free');
    assertError(t, await api.request('POST', '/api/v1/chatbots', { key: free.live, payload: { name: 'x' } }), 403, 'plan_read_only');
    t.equal((await api.request('GET', '/api/v1/chatbots', { key: free.live })).statusCode, 200);
    const created = await api.request('POST', '/api/v1/api-keys', { key: free.live, payload: { name: 'replacement' } });
    t.equal(created.statusCode, 201, 'key management stays open: a leaked key can be replaced');
  });

  t.test('per-account override of the chatbot limit', async (t) => {
    const acme = await api.account('starter');
    await api.platform.accounts.global().update(acme.id, { limits: { chatbots: 1 } });
    await createChatbot(api, acme.live);
    assertError(t, await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'two' } }), 409, 'chatbot_limit_reached');
  });
});

t.test('list', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const names = ['Alpha', 'Beta', 'Café Crème', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
  const created: Array<{ id: string; created_at: string }> = [];
  for (const [i, name] of names.entries()) {
    api.clock.advance(1000);
    created.push(await createChatbot(api, acme.live, { name, language: i % 2 ? 'de' : 'en' }));
  }
  await api.request('POST', `/api/v1/chatbots/${created[1].id}/pause`, { key: acme.live });
  await api.request('POST', `/api/v1/chatbots/${created[2].id}/archive`, { key: acme.live });
  const list = async (query: string) => {
    const response = await api.request('GET', `/api/v1/chatbots${query}`, { key: acme.live });
    t.equal(response.statusCode, 200, query);
    return response.json;
  };
  const namesOf = (page: { data: Array<{ name: string }> }) => page.data.map((c) => c.name);

  t.test('newest first, and asc on request', async (t) => {
    t.same(namesOf(await list('')), [...names].reverse());
    t.same(namesOf(await list('?order=asc')), names);
  });

  t.test('pages: limit, has_more, next_cursor, until the end', async (t) => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      pages++;
      seen.push(...namesOf(page));
      if (!page.has_more) {
        t.equal(page.next_cursor, null);
        break;
      }
      cursor = page.next_cursor;
    }
    t.equal(pages, 3);
    t.same(seen, [...names].reverse(), 'each chatbot once, in order');
  });

  t.test('filters: status, language, q (case and accents folded), time', async (t) => {
    t.same(namesOf(await list('?status=paused')), ['Beta']);
    t.same(namesOf(await list('?status=archived')), ['Café Crème']);
    t.same(namesOf(await list('?language=de&order=asc')), ['Beta', 'Delta', 'Foxtrot']);
    t.same(namesOf(await list('?q=CAFE')), ['Café Crème']);
    t.same(namesOf(await list('?q=o&order=asc')), ['Echo', 'Foxtrot', 'Golf']);
    const after = created[4].created_at;
    t.same(namesOf(await list(`?created_after=${after}&order=asc`)), ['Foxtrot', 'Golf']);
    t.same(namesOf(await list(`?created_before=${created[1].created_at}`)), ['Alpha']);
    // Joi takes six-digit and negative years, whose ISO strings sort before `2026-…`.
    t.equal(namesOf(await list('?created_before=%2B010000-01-01T00:00:00Z')).length, created.length, 'before the year 10000: all');
    t.same(namesOf(await list('?created_after=%2B010000-01-01T00:00:00Z')), [], 'after the year 10000: none');
    t.same(namesOf(await list('?created_before=-000001-01-01T00:00:00Z')), [], 'before the year -1: none');
    t.equal(namesOf(await list('?created_after=-000001-01-01T00:00:00Z')).length, created.length, 'after the year -1: all');
  });

  t.test('a cursor from another query or a forged one: 400 invalid_cursor', async (t) => {
    const page = await list('?limit=2&status=active');
    const other = await api.request('GET', `/api/v1/chatbots?limit=2&cursor=${page.next_cursor}`, { key: acme.live });
    assertError(t, other, 400, 'invalid_cursor');
    const forged = await api.request('GET', '/api/v1/chatbots?cursor=not-a-cursor', { key: acme.live });
    assertError(t, forged, 400, 'invalid_cursor');
    const reordered = await api.request('GET', `/api/v1/chatbots?limit=2&status=active&order=asc&cursor=${page.next_cursor}`, { key: acme.live });
    assertError(t, reordered, 400, 'invalid_cursor');
  });

  t.test('bad query values: 400', async (t) => {
    for (const query of ['?language=xx', '?q=', '?created_after=yesterday', '?order=random', '?unknown=1']) {
      assertError(t, await api.request('GET', `/api/v1/chatbots${query}`, { key: acme.live }), 400, 'validation_failed', query);
    }
  });
});

t.test('get, update, delete', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');

  t.test('get returns the chatbot; unknown or malformed ids are 404 chatbot_not_found', async (t) => {
    const bot = await createChatbot(api, acme.live);
    const got = await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
    t.equal(got.statusCode, 200);
    const { api_key: _key, ...withoutKey } = bot;
    t.same(got.json, withoutKey, 'the same fields as on create, without the key');
    // Any length too (schemathesis: a 65-character id was a 400 the document did not describe).
    for (const id of ['cb_01jzzzzzzzzzzzzzzzzzzzzzzz', 'nonsense', 'doc_01jabc', `cb_${'z'.repeat(200)}`, encodeURIComponent('𝕋𝕙𝕖 '.repeat(20))]) {
      assertError(t, await api.request('GET', `/api/v1/chatbots/${id}`, { key: acme.live }), 404, 'chatbot_not_found', id);
    }
  });

  t.test('PATCH changes only the fields sent', async (t) => {
    const bot = await createChatbot(api, acme.live, { name: 'Before', personality: 'casual', welcome_message: 'Hi' });
    api.clock.advance(5000);
    const patched = await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: acme.live, payload: { name: 'After' } });
    t.equal(patched.statusCode, 200);
    t.equal(patched.json.name, 'After');
    t.equal(patched.json.personality, 'casual');
    t.equal(patched.json.welcome_message, 'Hi');
    t.equal(patched.json.updated_at, api.clock.now().toISOString());
    t.equal(patched.json.created_at, bot.created_at);
    const cleared = await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: acme.live, payload: { welcome_message: null } });
    t.equal(cleared.json.welcome_message, null);
    const searchable = await api.request('GET', '/api/v1/chatbots?q=after', { key: acme.live });
    t.same(searchable.json.data.map((c: { id: string }) => c.id), [bot.id], 'the search name follows the rename');
  });

  t.test('PATCH bad input: 400; nothing to change: 400; unknown: 404', async (t) => {
    const bot = await createChatbot(api, acme.live);
    for (const payload of [{}, { name: '' }, { status: 'paused' }, { language: 'zz' }, { api_key: 'x' }]) {
      assertError(t, await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: acme.live, payload }), 400, 'validation_failed', JSON.stringify(payload));
    }
    assertError(t, await api.request('PATCH', '/api/v1/chatbots/cb_unknown', { key: acme.live, payload: { name: 'x' } }), 404, 'chatbot_not_found');
  });

  t.test('DELETE removes the chatbot and its keys, and publishes chatbot.deleted', async (t) => {
    const deletedEvents: string[] = [];
    api.platform.events.subscribe('chatbot.deleted', (event) => {
      deletedEvents.push(event.chatbot_id!);
    });
    const bot = await createChatbot(api, acme.live);
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key: bot.api_key })).statusCode, 200);
    const deleted = await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
    t.equal(deleted.statusCode, 200);
    t.same(deleted.json, { id: bot.id, deleted: true });
    assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live }), 404, 'chatbot_not_found');
    assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key: bot.api_key }), 401, 'invalid_api_key', 'its key is gone');
    t.same(deletedEvents, [bot.id], 'subscribers heard it');
    assertError(t, await api.request('DELETE', `/api/v1/chatbots/${bot.id}`, { key: acme.live }), 404, 'chatbot_not_found', 'twice');
  });
});

t.test('lifecycle', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const act = (id: string, action: string) => api.request('POST', `/api/v1/chatbots/${id}/${action}`, { key: acme.live });

  t.test('active → paused → active → archived → active', async (t) => {
    const bot = await createChatbot(api, acme.live);
    t.equal((await act(bot.id, 'pause')).json.status, 'paused');
    t.equal((await act(bot.id, 'resume')).json.status, 'active');
    t.equal((await act(bot.id, 'archive')).json.status, 'archived');
    t.equal((await act(bot.id, 'restore')).json.status, 'active');
    const paused = await act(bot.id, 'pause');
    t.equal((await act(bot.id, 'archive')).json.status, 'archived', 'paused can be archived');
    t.equal(paused.statusCode, 200);
  });

  t.test('asking for the current state is a no-op 200', async (t) => {
    const bot = await createChatbot(api, acme.live);
    const before = await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
    api.clock.advance(1000);
    const resumed = await act(bot.id, 'resume');
    t.equal(resumed.statusCode, 200);
    t.same(resumed.json, before.json, 'unchanged, not even updated_at');
  });

  t.test('archived is read-only: 409 chatbot_archived', async (t) => {
    const bot = await createChatbot(api, acme.live);
    await act(bot.id, 'archive');
    assertError(t, await act(bot.id, 'pause'), 409, 'chatbot_archived');
    assertError(t, await act(bot.id, 'resume'), 409, 'chatbot_archived');
    assertError(t, await api.request('PATCH', `/api/v1/chatbots/${bot.id}`, { key: acme.live, payload: { name: 'x' } }), 409, 'chatbot_archived');
    assertError(t, await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: {} }), 409, 'chatbot_archived');
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live })).statusCode, 200, 'still readable');
  });

  t.test('restore from a non-archived state other than active: 409 conflict', async (t) => {
    const bot = await createChatbot(api, acme.live);
    await act(bot.id, 'pause');
    assertError(t, await act(bot.id, 'restore'), 409, 'conflict');
  });

  t.test('each change publishes chatbot.updated with the new status', async (t) => {
    const bot = await createChatbot(api, acme.live);
    await act(bot.id, 'pause');
    const events = await api.platform.events.collection
      .forTenant({ accountId: acme.id, mode: 'live' })
      .list({ filter: { chatbot_id: bot.id, type: 'chatbot.updated' }, limit: 5 });
    t.equal(events.length, 1);
    t.equal(events[0]!.data.status, 'paused');
  });

  t.test('unknown chatbot: 404; a body with fields: 400', async (t) => {
    assertError(t, await act('cb_nope', 'pause'), 404, 'chatbot_not_found');
    const bot = await createChatbot(api, acme.live);
    assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/pause`, { key: acme.live, payload: { reason: 'x' } }), 400, 'validation_failed');
  });
});

t.test('settings', async (t) => {
  const api = await buildTestServer(t, {
    config: { llm: { providers: { openai: { type: 'openai', base_url: 'http://127.0.0.1:9', api_key: null, default_model: 'gpt-x' } } } },
  });
  const acme = await api.account('starter');
  const bot = await createChatbot(api, acme.live, { name: 'Configurable', language: 'fr', personality: 'casual' });
  const url = `/api/v1/chatbots/${bot.id}/settings`;

  t.test('defaults', async (t) => {
    const response = await api.request('GET', url, { key: acme.live });
    t.equal(response.statusCode, 200);
    t.same(response.json, {
      chatbot_id: bot.id,
      personality: 'casual',
      language: 'fr',
      welcome_message: null,
      instructions: '',
      fallback_message: "I'm sorry, I don't have an answer to that yet.",
      rules: [],
      inactivity_timeout_minutes: 30,
      lead_capture: { enabled: false, ask_after_messages: 3, fields: ['email'] },
      handoff: {
        on_visitor_request: true,
        require_available_member: true,
        business_hours: { enabled: false, time_zone: 'UTC', weekly: [] },
        auto_assign: { enabled: false, max_open_per_agent: 3 },
      },
      answer: {
        mode: 'retrieval',
        provider: null,
        model: null,
        temperature: 0.2,
        max_tokens: 512,
        min_confidence: 0.5,
        suggest_confidence: 0.3,
        min_passage_score: 0.1,
        show_sources: true,
        learn_from_feedback: false,
        retrieval: 'lexical',
        embedding_provider: null,
      },
      updated_at: bot.updated_at,
    });
  });

  t.test('PUT replaces: fields sent are kept, fields left out reset to defaults', async (t) => {
    const rules = [
      { name: 'pricing', match: { keywords: ['price', 'cost'] }, action: { type: 'reply', reply: 'See /pricing' } },
      { match: { pattern: '\\bhuman\\b' }, action: { type: 'handoff' } },
    ];
    const put = await api.request('PUT', url, {
      key: acme.live,
      payload: {
        personality: 'formal',
        instructions: 'Be brief.',
        rules,
        lead_capture: { enabled: true },
        answer: { mode: 'llm', provider: 'openai', model: 'gpt-x' },
      },
    });
    t.equal(put.statusCode, 200);
    t.equal(put.json.personality, 'formal');
    t.equal(put.json.language, 'en', 'left out: back to the default');
    t.same(put.json.rules, rules);
    t.same(put.json.lead_capture, { enabled: true, ask_after_messages: 3, fields: ['email'] });
    t.equal(put.json.answer.provider, 'openai');
    t.equal(put.json.answer.temperature, 0.2);
    const chatbot = await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
    t.equal(chatbot.json.personality, 'formal', 'the chatbot’s own fields follow');
    t.equal(chatbot.json.language, 'en');
    t.same((await api.request('GET', url, { key: acme.live })).json, put.json, 'stored');
  });

  t.test('bad settings: 400 with the path of each problem', async (t) => {
    const cases: Array<[unknown, string]> = [
      [{ rules: [{ match: {}, action: { type: 'reply', reply: 'x' } }] }, 'rules.0.match'],
      [{ rules: [{ match: { keywords: ['a'] }, action: { type: 'reply' } }] }, 'rules.0.action.reply'],
      [{ rules: [{ match: { pattern: '(unclosed' }, action: { type: 'handoff' } }] }, 'rules.0.match.pattern'],
      [{ rules: [{ match: { keywords: ['a'] }, action: { type: 'explode' } }] }, 'rules.0.action.type'],
      [{ inactivity_timeout_minutes: 0 }, 'inactivity_timeout_minutes'],
      [{ lead_capture: { fields: ['email', 'email'] } }, 'lead_capture.fields.1'],
      [{ lead_capture: { fields: ['ssn'] } }, 'lead_capture.fields.0'],
      [{ answer: { temperature: 3 } }, 'answer.temperature'],
      [{ answer: { mode: 'llm' } }, 'answer.provider'],
      [{ answer: { mode: 'llm', provider: 'not-configured' } }, 'answer.provider'],
      [{ rules: [{ match: { pattern: '(?<=a)b' }, action: { type: 'handoff' } }] }, 'rules.0.match.pattern'],
      [{ fallback_message: '' }, 'fallback_message'],
      [{ instructions: 'x'.repeat(10_001) }, 'instructions'],
      [{ colour: 'red' }, 'colour'],
      [{ rules: Array.from({ length: 51 }, () => ({ match: { keywords: ['a'] }, action: { type: 'handoff' } })) }, 'rules'],
    ];
    for (const [payload, path] of cases) {
      const body = assertError(t, await api.request('PUT', url, { key: acme.live, payload }), 400, 'validation_failed', path);
      t.ok(body.details.some((d: { path: string }) => d.path === path), `details name ${path}: ${JSON.stringify(body.details.map((d: { path: string }) => d.path))}`);
    }
    assertError(t, await api.request('PUT', url, { key: acme.live }), 400, 'validation_failed', 'no body');
  });

  t.test('suggest_confidence above min_confidence is accepted: it only turns suggestions off (schemathesis)', async (t) => {
    const put = await api.request('PUT', url, { key: acme.live, payload: { answer: { min_confidence: 0.4, suggest_confidence: 0.45 } } });
    t.equal(put.statusCode, 200);
    t.match(put.json.answer, { min_confidence: 0.4, suggest_confidence: 0.45 });
    await api.request('PUT', url, { key: acme.live, payload: {} });
  });

  t.test('the document lists the configured providers, so a provider it allows is accepted (schemathesis)', async (t) => {
    const document = (await api.request('GET', '/api/v1/openapi.json')).json;
    const answer = document.components.schemas.ChatbotSettingsInput.properties.answer;
    const [operator, account] = answer.properties.provider.anyOf;
    t.same(operator.enum, ['openai', null], 'the operator’s providers by name');
    t.equal(account.pattern, '^mp_[0-9a-z]{26}$', 'or an account’s model provider by id');
    const put = await api.request('PUT', url, { key: acme.live, payload: { answer: { mode: 'llm', provider: 'openai' } } });
    t.equal(put.statusCode, 200);
    await api.request('PUT', url, { key: acme.live, payload: {} });
  });

  t.test('unknown chatbot: 404', async (t) => {
    assertError(t, await api.request('GET', '/api/v1/chatbots/cb_nope/settings', { key: acme.live }), 404, 'chatbot_not_found');
    assertError(t, await api.request('PUT', '/api/v1/chatbots/cb_nope/settings', { key: acme.live, payload: {} }), 404, 'chatbot_not_found');
  });
});

t.test('the chatbot key', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = await createChatbot(api, acme.live);
  const other = await createChatbot(api, acme.live, { name: 'Other' });

  t.test('works for its own chatbot’s sub-resources', async (t) => {
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: bot.api_key })).statusCode, 200);
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}/settings`, { key: bot.api_key })).statusCode, 200);
    t.equal((await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: bot.api_key, payload: {} })).statusCode, 200);
  });

  t.test('anything else: 403 key_scope_chatbot', async (t) => {
    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/chatbots'],
      ['POST', '/api/v1/chatbots', { name: 'x' }],
      ['PATCH', `/api/v1/chatbots/${bot.id}`, { name: 'x' }],
      ['DELETE', `/api/v1/chatbots/${bot.id}`],
      ['POST', `/api/v1/chatbots/${bot.id}/pause`],
      ['POST', `/api/v1/chatbots/${bot.id}/api-key/rotate`],
      ['GET', `/api/v1/chatbots/${other.id}`],
      ['GET', `/api/v1/chatbots/${other.id}/settings`],
      ['GET', '/api/v1/account'],
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys', { name: 'escalate' }],
    ];
    for (const [method, url, payload] of refused) {
      assertError(t, await api.request(method, url, { key: bot.api_key, payload }), 403, 'key_scope_chatbot', `${method} ${url}`);
    }
  });

  t.test('rotation: a new key at once, the old one for the grace period', async (t) => {
    const rotated = await api.request('POST', `/api/v1/chatbots/${bot.id}/api-key/rotate`, {
      key: acme.live,
      payload: { grace_period_seconds: 60 },
    });
    t.equal(rotated.statusCode, 201);
    t.match(rotated.json.api_key, /^sk_live_/);
    t.equal(rotated.json.key.chatbot_id, bot.id);
    t.equal(rotated.json.key.kind, 'chatbot');
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: rotated.json.api_key })).statusCode, 200);
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: bot.api_key })).statusCode, 200, 'old key in grace');
    api.clock.advance(60_000);
    assertError(t, await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: bot.api_key }), 401, 'api_key_expired');
    t.equal((await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: rotated.json.api_key })).statusCode, 200);
    assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/api-key/rotate`, { key: acme.live, payload: { grace_period_seconds: -1 } }), 400, 'validation_failed');
    assertError(t, await api.request('POST', '/api/v1/chatbots/cb_nope/api-key/rotate', { key: acme.live }), 404, 'chatbot_not_found');
  });
});

t.test('isolation: the sandbox and other accounts never see a chatbot (404, never 403)', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const rival = await api.account('enterprise');
  const bot = await createChatbot(api, acme.live, { name: 'Live only' });
  const routes: Array<[string, string, unknown?]> = [
    ['GET', `/api/v1/chatbots/${bot.id}`],
    ['PATCH', `/api/v1/chatbots/${bot.id}`, { name: 'stolen' }],
    ['DELETE', `/api/v1/chatbots/${bot.id}`],
    ['POST', `/api/v1/chatbots/${bot.id}/pause`],
    ['POST', `/api/v1/chatbots/${bot.id}/resume`],
    ['POST', `/api/v1/chatbots/${bot.id}/archive`],
    ['POST', `/api/v1/chatbots/${bot.id}/restore`],
    ['POST', `/api/v1/chatbots/${bot.id}/api-key/rotate`],
    ['GET', `/api/v1/chatbots/${bot.id}/settings`],
    ['PUT', `/api/v1/chatbots/${bot.id}/settings`, {}],
  ];
  for (const key of [acme.test, rival.live, rival.test]) {
    const label = key === acme.test ? 'own sandbox' : 'other account';
    for (const [method, url, payload] of routes) {
      assertError(t, await api.request(method, url, { key, payload }), 404, 'chatbot_not_found', `${label}: ${method} ${url}`);
    }
    const list = await api.request('GET', '/api/v1/chatbots', { key });
    t.same(list.json.data, [], `${label}: not listed`);
  }
  const still = await api.request('GET', `/api/v1/chatbots/${bot.id}`, { key: acme.live });
  t.equal(still.json.name, 'Live only', 'untouched');
  t.equal(still.json.status, 'active');
});

t.test('string limits count characters (code points), as the document’s maxLength does (schemathesis)', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  // 100 characters outside the BMP are 200 UTF-16 code units: joi alone counted those.
  const name = '𝕋'.repeat(100);
  const created = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name } });
  t.equal(created.statusCode, 201);
  t.equal(created.json.name, name);
  assertError(t, await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: '𝕋'.repeat(101) } }), 400, 'validation_failed', '101 characters');
});

t.test('default settings are worked out once, and each caller gets its own copy', async (t) => {
  const first = defaultSettings();
  first.answer.min_confidence = 0.99;
  first.rules.push({ match: { keywords: ['x'] }, action: { type: 'handoff' } });
  const second = defaultSettings();
  t.not(second.answer.min_confidence, 0.99, 'a change to one copy is not seen in the next');
  t.same(second.rules, [], 'nor in its arrays');
  // Settings stored before any field existed: completing them gives the defaults.
  t.same(completeSettings({} as BehaviourSettings), second, 'completing nothing gives the defaults');
});
