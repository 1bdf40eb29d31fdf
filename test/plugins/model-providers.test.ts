// Model providers (issue 31, first part): an account's own OpenAI-compatible and Ollama servers.
// Create, read, change, delete and list them with the key sealed (never shown, not in the store's
// bytes), the operator's address rules, the test call against a local fake of both protocols, a
// chatbot answering through one (and the fallback when it fails), who may manage them (owners and
// admins; the model_providers scopes; not chatbot keys), and every route's 4xx. Both stores.
import t from 'tap';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';
import { accountWithOwner, addMember, asMember, ORIGIN, signIn } from '../helpers/members.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

const SECRET = 'sk-tenant-0123456789-abcdefXYZ';

/** The fake model server listens on loopback: the operator allows it, as one would a LAN's Ollama. */
async function setup(t: Parameters<typeof buildTestServer>[0], modelProviders: Record<string, unknown> = {}) {
  const llm = await startFakeLlm(t);
  const api = await buildTestServer(t, {
    config: {
      server: { public_url: ORIGIN },
      llm: { timeout_ms: 2000, providers: {} },
      model_providers: { allowed_cidrs: ['127.0.0.1/32'], ...modelProviders },
    },
  });
  return { llm, api };
}

const create = (api: TestServer, key: string, payload: Record<string, unknown>) => api.request('POST', '/api/v1/model-providers', { key, payload });

async function created(api: TestServer, key: string, payload: Record<string, unknown>) {
  const response = await create(api, key, payload);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
  return response.json;
}

const openai = (llm: FakeLlm, extra: Record<string, unknown> = {}) => ({
  name: 'OpenAI-compatible',
  type: 'openai',
  base_url: `${llm.url}/v1`,
  api_key: SECRET,
  chat_model: 'cite',
  embedding_model: 'embed',
  ...extra,
});

t.test('create, read, change, list and delete; the key is sealed and never shown', async (t) => {
  const { api, llm } = await setup(t);
  const acme = await api.account('starter');

  const response = await create(api, acme.live, openai(llm));
  t.equal(response.statusCode, 201);
  const provider = response.json;
  t.same(provider, {
    id: provider.id,
    name: 'OpenAI-compatible',
    type: 'openai',
    base_url: `${llm.url}/v1`,
    api_key_set: true,
    api_key_last4: 'fXYZ',
    chat_model: 'cite',
    embedding_model: 'embed',
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  });
  t.match(provider.id, /^mp_[0-9a-z]{26}$/);
  t.equal(response.headers.location, `/api/v1/model-providers/${provider.id}`);
  t.notMatch(response.payload, SECRET.slice(0, 12), 'the key is not in the response');
  t.same((await api.request('GET', `/api/v1/model-providers/${provider.id}`, { key: acme.live })).json, provider, 'read back as created');

  const stored = await api.storedText();
  t.ok(stored.includes(provider.id), 'the provider is in the store');
  t.notOk(stored.includes(SECRET), 'the key is not in the store’s bytes in the clear');
  t.notOk(stored.includes(SECRET.slice(0, 12)), 'nor any part of it');

  const local = await created(api, acme.live, { name: 'Ollama', type: 'ollama', base_url: llm.url, embedding_model: 'embed' });
  t.match(local, { api_key_set: false, api_key_last4: null, chat_model: null, embedding_model: 'embed' }, 'a key and a chat model are optional');

  const list = (await api.request('GET', '/api/v1/model-providers', { key: acme.live })).json;
  t.same(list.data.map((item: { id: string }) => item.id), [local.id, provider.id], 'newest first');
  t.equal(list.has_more, false);
  const page = (await api.request('GET', '/api/v1/model-providers?limit=1', { key: acme.live })).json;
  t.equal(page.data.length, 1);
  t.equal(page.has_more, true, 'pages with cursors');
  const next = (await api.request('GET', `/api/v1/model-providers?limit=1&cursor=${page.next_cursor}`, { key: acme.live })).json;
  t.same(next.data.map((item: { id: string }) => item.id), [provider.id]);

  api.clock.advance(1000);
  const renamed = await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { name: 'Gateway', api_key: 'sk-another-key-7777' } });
  t.equal(renamed.statusCode, 200);
  t.match(renamed.json, { name: 'Gateway', api_key_set: true, api_key_last4: '7777', chat_model: 'cite', updated_at: '2026-11-21T10:00:01.000Z', created_at: provider.created_at });
  const samePlace = await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { base_url: `${llm.url}/v1/` } });
  t.match(samePlace.json, { api_key_set: true, api_key_last4: '7777' }, 'a new path on the same origin keeps the key');
  const moved = await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { base_url: 'https://gateway.example.com/v1' } });
  t.match(moved.json, { base_url: 'https://gateway.example.com/v1', api_key_set: false, api_key_last4: null }, 'another origin without a new key drops the key (it cannot be sent to the new host)');
  const movedWithKey = await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { base_url: `${llm.url}/v1`, api_key: 'sk-back-home-8888' } });
  t.match(movedWithKey.json, { api_key_set: true, api_key_last4: '8888' }, 'with a new key it is kept');
  const keyless = await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { api_key: null } });
  t.match(keyless.json, { api_key_set: false, api_key_last4: null }, 'null removes the key');

  assertError(t, await create(api, acme.live, { ...openai(llm), name: 'Ollama' }), 409, 'model_provider_name_taken', 'names are unique in the account');
  assertError(t, await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { name: 'Ollama' } }), 409, 'model_provider_name_taken', 'also when renamed');

  const other = await api.account('starter', 'Other');
  assertError(t, await api.request('GET', `/api/v1/model-providers/${provider.id}`, { key: other.live }), 404, 'model_provider_not_found', 'another account’s is not found');
  t.same((await api.request('GET', '/api/v1/model-providers', { key: other.live })).json.data, [], 'nor listed');
  t.same((await api.request('GET', '/api/v1/model-providers', { key: acme.test })).json.data, [], 'the sandbox has its own');

  const deleted = await api.request('DELETE', `/api/v1/model-providers/${provider.id}`, { key: acme.live });
  t.same(deleted.json, { id: provider.id, deleted: true });
  assertError(t, await api.request('GET', `/api/v1/model-providers/${provider.id}`, { key: acme.live }), 404, 'model_provider_not_found', 'gone');
  assertError(t, await api.request('DELETE', `/api/v1/model-providers/${provider.id}`, { key: acme.live }), 404, 'model_provider_not_found', 'deleting twice');
});

t.test('bad input is a 400 naming the field', async (t) => {
  const { api, llm } = await setup(t);
  const acme = await api.account('starter');
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...openai(llm), type: 'anthropic' }, 'type'],
    [{ ...openai(llm), base_url: 'ftp://example.com' }, 'base_url'],
    [{ ...openai(llm), base_url: 'not a url' }, 'base_url'],
    // RFC 3986 reads these; the WHATWG parser every call goes through does not (they were a 500).
    [{ ...openai(llm), base_url: 'http://a.1/' }, 'base_url'],
    [{ ...openai(llm), base_url: 'http://999.1.1.1' }, 'base_url'],
    [{ ...openai(llm), base_url: 'https://user:pass@api.example.com' }, 'base_url'],
    [{ ...openai(llm), name: '' }, 'name'],
    [{ ...openai(llm), name: 'x'.repeat(101) }, 'name'],
    [{ ...openai(llm), api_key: '' }, 'api_key'],
    [{ ...openai(llm), chat_model: 'x'.repeat(201) }, 'chat_model'],
    [{ ...openai(llm), surprise: true }, 'surprise'],
    [{ name: 'x', type: 'openai' }, 'base_url'],
  ];
  for (const [payload, field] of cases) {
    const response = assertError(t, await create(api, acme.live, payload), 400, 'validation_failed', `${field}: ${JSON.stringify(payload[field as keyof typeof payload] ?? '(missing)').slice(0, 60)}`);
    t.ok(response.details?.some((detail: { path: string }) => detail.path === field), `the detail names ${field}`);
  }
  const provider = await created(api, acme.live, openai(llm));
  assertError(t, await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: {} }), 400, 'validation_failed', 'an empty change');
  assertError(t, await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { type: 'x' } }), 400, 'validation_failed', 'a bad type in a change');
  assertError(t, await api.request('GET', '/api/v1/model-providers?limit=0', { key: acme.live }), 400, 'validation_failed', 'a bad limit');
  assertError(t, await api.request('GET', '/api/v1/model-providers/mp_nope', { key: acme.live }), 404, 'model_provider_not_found', 'an id that names nothing');
  assertError(t, await api.request('POST', '/api/v1/model-providers/mp_nope/test', { key: acme.live }), 404, 'model_provider_not_found', 'testing nothing');
  assertError(t, await api.request('PATCH', '/api/v1/model-providers/mp_nope', { key: acme.live, payload: { name: 'x' } }), 404, 'model_provider_not_found', 'changing nothing');
});

t.test('where providers may point is the operator’s rule', async (t) => {
  t.test('by default: public addresses only', async (t) => {
    const api = await buildTestServer(t);
    const acme = await api.account('starter');
    for (const base_url of ['http://127.0.0.1:11434', 'http://localhost:11434', 'http://localhost.:11434', 'http://ollama.localhost', 'http://10.1.2.3', 'http://[::1]:8080', 'http://169.254.169.254/latest']) {
      const response = assertError(t, await create(api, acme.live, { name: base_url, type: 'ollama', base_url }), 400, 'model_provider_address_not_allowed', base_url);
      t.match(response.message, /MODEL_PROVIDERS_ALLOWED_CIDRS/, 'the message names the setting');
      t.equal(response.details?.[0]?.path, 'base_url');
    }
    t.equal((await create(api, acme.live, { name: 'OpenAI', type: 'openai', base_url: 'https://api.openai.com' })).statusCode, 201, 'a public host');
  });

  t.test('a private address the operator did not allow is refused when called, too', async (t) => {
    // Saved while allowed, then the operator narrowed the rule: the test call reaches nothing.
    const { api, llm } = await setup(t);
    const acme = await api.account('starter');
    const provider = await created(api, acme.live, openai(llm));
    const stricter = await buildTestServer(t, { config: { data_dir: api.dataDir, database: { url: api.config.database.url }, llm: { timeout_ms: 2000, providers: {} } } });
    const calls = llm.calls.length;
    const report = (await stricter.request('POST', `/api/v1/model-providers/${provider.id}/test`, { key: acme.live })).json;
    t.match(report.chat, { ok: false, error: { code: 'provider_unavailable', message: /not allowed/ } });
    t.match(report.embeddings, { ok: false, error: { code: 'provider_unavailable' } });
    t.equal(llm.calls.length, calls, 'not a request reached the model server');
  });

  t.test('allowed hosts', async (t) => {
    const { api, llm } = await setup(t, { allowed_hosts: ['api.openai.com', '*.openai.azure.com'] });
    const acme = await api.account('starter');
    t.equal((await create(api, acme.live, { name: 'a', type: 'openai', base_url: 'https://api.openai.com' })).statusCode, 201);
    t.equal((await create(api, acme.live, { name: 'b', type: 'openai', base_url: 'https://acme.openai.azure.com/openai' })).statusCode, 201, 'a subdomain of a *. rule');
    for (const base_url of ['https://openai.azure.com', 'https://api.openai.com.evil.example', llm.url]) {
      const response = assertError(t, await create(api, acme.live, { name: base_url, type: 'openai', base_url }), 400, 'model_provider_address_not_allowed', base_url);
      t.match(response.message, /api\.openai\.com, \*\.openai\.azure\.com/);
    }
  });

  t.test('at most max_per_account providers', async (t) => {
    const { api, llm } = await setup(t, { max_per_account: 2 });
    const acme = await api.account('starter');
    const first = await created(api, acme.live, openai(llm, { name: 'one' }));
    await created(api, acme.live, openai(llm, { name: 'two' }));
    assertError(t, await create(api, acme.live, openai(llm, { name: 'three' })), 409, 'model_provider_limit_reached');
    await api.request('DELETE', `/api/v1/model-providers/${first.id}`, { key: acme.live });
    t.equal((await create(api, acme.live, openai(llm, { name: 'three' }))).statusCode, 201, 'a deleted one frees its place');
  });
});

t.test('the test call: both models, both protocols, and what fails', async (t) => {
  const { api, llm } = await setup(t);
  const acme = await api.account('starter');
  for (const [type, base_url, chatPath, embedPath] of [
    ['openai', `${llm.url}/v1`, '/v1/chat/completions', '/v1/embeddings'],
    ['openai', llm.url, '/v1/chat/completions', '/v1/embeddings'],
    ['ollama', llm.url, '/api/chat', '/api/embed'],
  ] as const) {
    const provider = await created(api, acme.live, { name: `${type} ${base_url}`, type, base_url, api_key: SECRET, chat_model: 'cite', embedding_model: 'embed' });
    const response = await api.request('POST', `/api/v1/model-providers/${provider.id}/test`, { key: acme.live });
    t.equal(response.statusCode, 200);
    t.match(response.json, {
      chat: { model: 'cite', ok: true, latency_ms: Number, reply: 'no sources [1]', error: null },
      embeddings: { model: 'embed', ok: true, latency_ms: Number, dimensions: 8, error: null },
    }, `${type} at ${base_url}`);
    const calls = llm.calls.slice(-2);
    t.same(calls.map((call) => call.path).sort(), [chatPath, embedPath].sort(), 'each protocol’s paths');
    t.ok(calls.every((call) => call.authorization === `Bearer ${SECRET}`), 'the unsealed key, as a bearer token');
    const embed = calls.find((call) => call.path === embedPath)!.body as unknown as { model: string; input: string[] };
    t.same(embed, { model: 'embed', input: ['hello world'] });
  }

  // An Azure-style gateway: its query goes with every call, under the path; a fragment does not.
  const gateway = await created(api, acme.live, openai(llm, { name: 'gateway', base_url: `${llm.url}/openai/v1?api-version=2024-06-01#ignored` }));
  t.match((await api.request('POST', `/api/v1/model-providers/${gateway.id}/test`, { key: acme.live })).json, { chat: { ok: false, error: { code: 'provider_error' } } }, 'the fake knows no /openai prefix: a 404');
  t.same(llm.calls.slice(-2).map((call) => call.path).sort(), ['/openai/v1/chat/completions?api-version=2024-06-01', '/openai/v1/embeddings?api-version=2024-06-01']);

  const failing = await created(api, acme.live, openai(llm, { name: 'failing', chat_model: 'fail', embedding_model: 'garbage' }));
  t.match((await api.request('POST', `/api/v1/model-providers/${failing.id}/test`, { key: acme.live })).json, {
    chat: { ok: false, reply: null, error: { code: 'provider_error', message: 'The provider answered HTTP 500' } },
    embeddings: { ok: false, dimensions: null, error: { code: 'provider_bad_response' } },
  });
  const short = await created(api, acme.live, openai(llm, { name: 'short', chat_model: null, embedding_model: 'short' }));
  t.match((await api.request('POST', `/api/v1/model-providers/${short.id}/test`, { key: acme.live })).json, {
    chat: null,
    embeddings: { ok: false, error: { code: 'provider_bad_response', message: /1 vectors/ } },
  }, 'no chat model: null; too few vectors: a bad response');
  const limited = await created(api, acme.live, openai(llm, { name: 'limited', chat_model: 'cite+429', embedding_model: 'embed+429' }));
  t.match((await api.request('POST', `/api/v1/model-providers/${limited.id}/test`, { key: acme.live })).json, {
    chat: { ok: false, error: { code: 'provider_error', message: 'The provider is rate limiting (HTTP 429); it asks to wait 7 s' } },
    embeddings: { ok: false, error: { code: 'provider_error', message: /HTTP 429/ } },
  }, 'a rate-limited provider: said so, with its Retry-After');
  const slow = await created(api, acme.live, openai(llm, { name: 'slow', chat_model: 'slow', embedding_model: null }));
  t.match((await api.request('POST', `/api/v1/model-providers/${slow.id}/test`, { key: acme.live })).json, {
    chat: { ok: false, error: { code: 'provider_timeout' } },
    embeddings: null,
  }, 'a provider that never answers times out');
  const down = await created(api, acme.live, openai(llm, { name: 'down', base_url: 'http://127.0.0.1:9/v1' }));
  t.match((await api.request('POST', `/api/v1/model-providers/${down.id}/test`, { key: acme.live })).json, {
    chat: { ok: false, error: { code: 'provider_unavailable' } },
    embeddings: { ok: false, error: { code: 'provider_unavailable' } },
  }, 'nothing listening');
});

t.test('a chatbot answers through the account’s provider, and falls back when it fails', async (t) => {
  const { api, llm } = await setup(t);
  const acme = await api.account('starter');
  const provider = await created(api, acme.live, openai(llm));
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Helper' } })).json;
  await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
    key: acme.live,
    payload: { type: 'document', format: 'markdown', title: 'Returns policy', content: '# Returns\n\nRefunds reach your card within five working days.' },
  });
  await api.server.plugins.knowledge.worker.drain();
  const settings = (provider: string, model: string | null = null) =>
    api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { answer: { mode: 'llm', provider, model } } });

  const chosen = await settings(provider.id);
  t.equal(chosen.statusCode, 200, `answer.provider takes the provider’s id: ${chosen.payload}`);
  const conversation = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live, payload: {} })).json;
  const send = async () =>
    (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, { key: acme.live, payload: { content: 'When do refunds reach my card?' } })).json;
  const turn = await send();
  t.match(turn.reply, { answer_type: 'llm', content: 'Refunds reach your card within five working days. [1]' });
  const call = llm.calls[llm.calls.length - 1]!;
  t.equal(call.path, '/v1/chat/completions');
  t.equal(call.body.model, 'cite', 'the provider’s chat model, as the settings name none');
  t.equal(call.authorization, `Bearer ${SECRET}`);

  const other = await api.account('starter', 'Other');
  const theirs = await created(api, other.live, openai(llm));
  assertError(t, await settings(theirs.id), 404, 'model_provider_not_found', 'another account’s provider');
  assertError(t, await settings('mp_01aaaaaaaaaaaaaaaaaaaaaaaa'), 404, 'model_provider_not_found', 'a provider that does not exist');
  t.equal(assertError(t, await settings('mp_nope'), 400, 'validation_failed', 'not an id, nor a name the operator gave').details[0].path, 'answer.provider');

  assertError(t, await api.request('DELETE', `/api/v1/model-providers/${provider.id}`, { key: acme.live }), 409, 'model_provider_in_use', 'one a chatbot answers with');

  await api.request('PATCH', `/api/v1/model-providers/${provider.id}`, { key: acme.live, payload: { chat_model: 'fail' } });
  const errors: Array<{ data: { error: { code: string; provider: string } } }> = [];
  api.platform.events.subscribe('chatbot.error', (event) => {
    errors.push(event as never);
  });
  const failed = await send();
  t.match(failed.reply, { answer_type: 'fallback' }, 'a failing provider: the fallback, never a 5xx');
  t.match(errors[0]?.data, { error: { code: 'provider_error', provider: provider.id } }, 'and chatbot.error says why');

  await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: {} });
  t.equal((await api.request('DELETE', `/api/v1/model-providers/${provider.id}`, { key: acme.live })).statusCode, 200, 'deleted once no chatbot uses it');
});

t.test('owners and admins only; the model_providers scopes; not chatbot keys', async (t) => {
  const { api, llm } = await setup(t);
  const acme = await accountWithOwner(api, 'enterprise', 'olive@example.com');
  const ownerCookie = await signIn(api, 'olive@example.com');
  const admin = await addMember(api, { cookie: ownerCookie }, 'adam@example.com', 'admin');
  const agent = await addMember(api, { cookie: ownerCookie }, 'agnes@example.com', 'agent');
  const asAdmin = asMember(api, admin.cookie);
  const asAgent = asMember(api, agent.cookie);

  const byAdmin = await asAdmin('POST', '/api/v1/model-providers', openai(llm));
  t.equal(byAdmin.statusCode, 201, 'an admin adds one');
  const id = byAdmin.json.id;
  assertError(t, await asAgent('GET', '/api/v1/model-providers'), 403, 'insufficient_role', 'an agent may not list');
  assertError(t, await asAgent('GET', `/api/v1/model-providers/${id}`), 403, 'insufficient_role', 'nor read');
  assertError(t, await asAgent('POST', '/api/v1/model-providers', openai(llm, { name: 'x' })), 403, 'insufficient_role', 'nor create');
  assertError(t, await asAgent('POST', `/api/v1/model-providers/${id}/test`), 403, 'insufficient_role', 'nor test');
  assertError(t, await asAgent('DELETE', `/api/v1/model-providers/${id}`), 403, 'insufficient_role', 'nor delete');

  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Shop' } })).json;
  assertError(t, await api.request('GET', '/api/v1/model-providers', { key: bot.api_key }), 403, 'key_scope_chatbot', 'a chatbot key may not');

  const client = (await api.request('POST', '/api/v1/oauth/clients', { key: acme.live, payload: { name: 'Ops', scopes: ['model_providers:read', 'chatbots:read'] } })).json;
  const basic = `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}`;
  const issued = await api.request('POST', '/oauth/token', {
    payload: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
  });
  const token = issued.json.access_token;
  t.equal((await api.request('GET', '/api/v1/model-providers', { key: token })).statusCode, 200, 'model_providers:read lists');
  const refused = assertError(t, await api.request('POST', '/api/v1/model-providers', { key: token, payload: openai(llm, { name: 'y' }) }), 403, 'insufficient_scope', 'writing needs model_providers:write');
  t.match(refused.message, /model_providers:write/);
  assertError(t, await api.request('POST', `/api/v1/model-providers/${id}/test`, { key: token }), 403, 'insufficient_scope', 'so does the test, which spends');
});
