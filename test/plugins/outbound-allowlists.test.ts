// Outbound requests per area, end to end: knowledge fetching and webhook delivery each have their
// own allowlist of non-public ranges (allowing an intranet for crawling must not let tenants POST
// there), and the egress list confines knowledge, webhooks and LLM providers alike. Public
// addresses appear only as IP literals that are refused before any connection is attempted.
import t, { type Test } from 'tap';
import type { Config, DeepPartial } from '../../config/index.js';
import type { EventEnvelope } from '../../core/events.js';
import { declareWebhooks } from '../../plugins/webhooks/collections.js';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { startReceiver } from '../helpers/receiver.js';
import { buildTestServer } from '../helpers/server.js';
import { htmlPage, startSite } from '../helpers/site.js';

const PUBLIC_TARGET = 'http://93.184.216.34';
const PRIVATE = /its address is private, loopback, link-local or reserved/;
const OUTSIDE_EGRESS = /its address is outside the egress allowlist/;

async function setup(t: Test, config: DeepPartial<Config>) {
  const api = await buildTestServer(t, { config });
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Out' } })).json as { id: string };
  const site = await startSite(t, {
    '/page': htmlPage('Page', '<article><h1>Page</h1><p>A page of the local site, long enough to be read as an article by Readability.</p></article>'),
  });
  const receiver = await startReceiver(t);

  /** Adds a URL item, lets the worker fetch it, and answers its status and error. */
  const knowledgeFrom = async (url: string) => {
    const added = (await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload: { type: 'url', url } })).json;
    await api.server.plugins.knowledge.worker.drain();
    const item = (await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge/${added.id}`, { key: acme.live })).json;
    return { status: item.status as string, error: item.error as string | null };
  };

  /** Sends a registered webhook a test event, and answers the first attempt. */
  const firstAttempt = async (hook: { id: string }) => {
    await api.request('POST', `/api/v1/webhooks/${hook.id}/test`, { key: acme.live });
    await api.server.plugins.webhooks.dispatcher.drain();
    const deliveries = (await api.request('GET', `/api/v1/webhooks/${hook.id}/deliveries?event_type=webhook.test`, { key: acme.live })).json.data;
    return deliveries[0].attempts[0] as { status_code: number | null; error: string | null };
  };
  /** Registers a webhook (a 201 expected) and answers the first attempt of its test event. */
  const webhookTo = async (url: string) => {
    const created = await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url, chatbot_id: bot.id } });
    t.equal(created.statusCode, 201, `${url} is taken`);
    return firstAttempt(created.json);
  };
  /** Registering a webhook at an address an IP literal names: refused at once, the message's. */
  const refusedWebhook = async (url: string) => {
    const refused = await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url, chatbot_id: bot.id } });
    t.match(refused.json, { code: 'webhook_address_not_allowed', details: [{ path: 'url' }] }, `${url} is refused (${refused.statusCode})`);
    t.equal(refused.statusCode, 400);
    return refused.json.message as string;
  };
  /**
   * An endpoint whose address the rules refuse but registration could not tell (a host name
   * resolving to it, or one stored before registration checked): stored as such, then tested.
   */
  const storedWebhookTo = async (url: string) => {
    const hook = (await api.request('POST', '/api/v1/webhooks', { key: acme.live, payload: { url: 'http://hooks.example/hook', chatbot_id: bot.id } })).json;
    await declareWebhooks(api.platform.store).webhooks.forTenant({ accountId: acme.id, mode: 'live' }).update(hook.id, { url });
    return firstAttempt(hook);
  };
  return { api, acme, bot, site, receiver, knowledgeFrom, webhookTo, refusedWebhook, storedWebhookTo };
}

t.test('FETCH_ALLOWED_CIDRS lets knowledge fetching reach a range, not webhooks', async (t) => {
  const { site, receiver, knowledgeFrom, refusedWebhook, storedWebhookTo } = await setup(t, { fetch: { allowed_cidrs: ['127.0.0.1/32'] } });
  t.match(await knowledgeFrom(site.url('/page')), { status: 'ready', error: null });
  t.match(await refusedWebhook(`${receiver.url}/hook`), /private, loopback, link-local or reserved.*WEBHOOK_ALLOWED_CIDRS/, 'an IP literal: refused when registered, naming the setting');
  t.match(await refusedWebhook('http://localhost:9/hook'), /WEBHOOK_ALLOWED_CIDRS/, '`localhost` too');
  t.match(await refusedWebhook('http://[::ffff:127.0.0.1]/hook'), /WEBHOOK_ALLOWED_CIDRS/, 'an IPv4-mapped loopback too');
  t.match(await storedWebhookTo(`${receiver.url}/hook`), { status_code: null, error: PRIVATE }, 'one it could not tell is refused at delivery');
  t.equal(receiver.received.length, 0, 'nothing reached the receiver');
});

t.test('WEBHOOK_ALLOWED_CIDRS lets webhooks reach a range, not knowledge fetching', async (t) => {
  const { site, receiver, knowledgeFrom, webhookTo } = await setup(t, { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } });
  t.match(await knowledgeFrom(site.url('/page')), { status: 'failed', error: PRIVATE });
  t.equal(site.hits('/page'), 0, 'the site was never asked');
  t.match(await webhookTo(`${receiver.url}/hook`), { status_code: 200, error: null });
  t.equal(receiver.received.length, 1);
});

t.test('EGRESS_ALLOWED_CIDRS confines knowledge, webhooks and LLM providers', async (t) => {
  const llm = await startFakeLlm(t);
  const { api, acme, bot, site, receiver, knowledgeFrom, webhookTo, refusedWebhook, storedWebhookTo } = await setup(t, {
    // Everything is allowed by the areas' lists; only the egress list stands in the way.
    fetch: { allowed_cidrs: ['0.0.0.0/0'] },
    webhooks: { allowed_cidrs: ['0.0.0.0/0'] },
    egress: { allowed_cidrs: ['127.0.0.0/8'] },
    llm: {
      timeout_ms: 2000,
      providers: {
        local: { type: 'ollama', base_url: llm.url, api_key: null, default_model: 'cite' },
        remote: { type: 'openai', base_url: PUBLIC_TARGET, api_key: 'sk-x', default_model: 'cite' },
      },
    },
  });
  t.match(await knowledgeFrom(site.url('/page')), { status: 'ready' }, 'a local site is inside the egress list');
  t.match(await knowledgeFrom(`${PUBLIC_TARGET}/page`), { status: 'failed', error: OUTSIDE_EGRESS });
  t.match(await webhookTo(`${receiver.url}/hook`), { status_code: 200 }, 'a local receiver is inside the egress list');
  t.match(await refusedWebhook(`${PUBLIC_TARGET}/hook`), /outside the egress allowlist.*EGRESS_ALLOWED_CIDRS/, 'a public address outside it: refused when registered');
  t.match(await storedWebhookTo(`${PUBLIC_TARGET}/hook`), { status_code: null, error: OUTSIDE_EGRESS }, 'and at delivery');

  const errors: EventEnvelope[] = [];
  api.platform.events.subscribe('chatbot.error', (event) => {
    errors.push(event);
  });
  const ask = async (provider: string) => {
    const settings = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { answer: { mode: 'llm', provider, model: null } } });
    t.equal(settings.statusCode, 200, settings.payload);
    const conv = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json;
    const turn = await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, {
      key: acme.live,
      payload: { content: 'What does the page of the local site say?' },
    });
    return turn.json.reply as { answer_type: string };
  };
  t.equal((await ask('local')).answer_type, 'llm', 'a local provider (private, operator-configured) is inside the egress list');
  t.equal(llm.calls.length, 1);
  t.equal((await ask('remote')).answer_type, 'fallback');
  t.match(errors.at(-1)?.data, { error: { code: 'provider_unavailable', provider: 'remote', message: OUTSIDE_EGRESS } });
  t.equal(llm.calls.length, 1, 'no other provider call');
});
