// Every route of the OpenAPI document, called with an OAuth token of each single scope: a token
// reaches an operation only with the scope the document names for it, and no answer carries data
// of an area whose scope the token lacks. Data is recognised by markers seeded in each area (a
// visitor's words, a lead's company, …) and by the event types of the mixed feeds (`/events`, a
// webhook's delivery log). The routes come from the document, so a new one is walked without a
// new line here. Both stores.
import t from 'tap';
import { SCOPES } from '../../core/auth/oauth-tokens.js';
import { buildTestServer, type TestServer } from '../helpers/server.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A value seeded into each area, found in an answer only if that area's data is in it. */
const MARKERS: Record<string, string> = {
  chatbots: 'Cbmarkshop',
  conversations: 'Convmarkword',
  leads: 'Leadmarkcompany',
  knowledge: 'Knowmarkwarranty',
  webhooks: 'hookmarkpath',
};

/** The area whose data an event type carries: the part of its name before the dot. */
const EVENT_AREAS: Record<string, string> = {
  message: 'conversations',
  conversation: 'conversations',
  lead: 'leads',
  chatbot: 'chatbots',
  knowledge: 'knowledge',
  webhook: 'webhooks',
};

const areaOf = (scope: string) => scope.slice(0, scope.indexOf(':'));

async function ok(api: TestServer, method: string, url: string, key: string, payload?: unknown) {
  const response = await api.request(method, url, { key, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
  return response.json;
}

async function seed(api: TestServer, key: string) {
  const hook = await ok(api, 'POST', '/api/v1/webhooks', key, { url: `http://127.0.0.1:9/${MARKERS.webhooks}`, description: MARKERS.webhooks });
  const bot = await ok(api, 'POST', '/api/v1/chatbots', key, { name: MARKERS.chatbots });
  const item = await ok(api, 'POST', `/api/v1/chatbots/${bot.id}/knowledge`, key, {
    type: 'qa',
    question: `How long is the ${MARKERS.knowledge} period?`,
    answer: `The ${MARKERS.knowledge} period is five years.`,
  });
  await api.server.plugins.knowledge.worker.drain();
  const conversation = await ok(api, 'POST', `/api/v1/chatbots/${bot.id}/conversations`, key, {});
  const turn = await ok(api, 'POST', `/api/v1/chatbots/${bot.id}/conversations/${conversation.id}/messages`, key, { content: `${MARKERS.conversations} hello` });
  const lead = await ok(api, 'POST', '/api/v1/leads', key, { chatbot_id: bot.id, email: 'lead@example.com', company: MARKERS.leads });
  const apiKey = await ok(api, 'POST', '/api/v1/api-keys', key, { name: 'Other key' });
  await ok(api, 'POST', `/api/v1/webhooks/${hook.id}/test`, key, {});
  const deliveries = await ok(api, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`, key);
  const leadEvent = (await ok(api, 'GET', '/api/v1/events?type=lead.captured', key)).data[0];
  return { hook, bot, item, conversation, message: turn.message, lead, apiKey, delivery: deliveries.data[0], leadEvent };
}

t.test('every route of the OpenAPI document with a token of each single scope', async (t) => {
  const api = await buildTestServer(t, { config: { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const acme = await api.account('enterprise');
  const seeded = await seed(api, acme.live);
  t.ok(seeded.delivery, 'the webhook has deliveries to walk');
  const byPrefix: Record<string, string> = {
    cb: seeded.bot.id,
    conv: seeded.conversation.id,
    msg: seeded.message.id,
    doc: seeded.item.id,
    lead: seeded.lead.id,
    wh: seeded.hook.id,
    whd: seeded.delivery.id,
    // A lead's event: the events route passes with webhooks:read, the event itself needs leads:read.
    evt: seeded.leadEvent.id,
    key: seeded.apiKey.id,
  };

  const tokens: Record<string, string> = {};
  for (const scope of SCOPES) {
    const client = await ok(api, 'POST', '/api/v1/oauth/clients', acme.live, { name: scope, scopes: [scope] });
    const issued = await api.request('POST', '/oauth/token', {
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.client_secret }).toString(),
      headers: FORM,
    });
    tokens[scope] = issued.json.access_token;
  }

  const document = await ok(api, 'GET', '/api/v1/openapi.json', acme.live);
  const schemes = document.components.securitySchemes as Record<string, { type: string; scheme?: string }>;
  // The API keys' scheme (OAuth tokens ride on it); the operator's and the widget's are bearer tokens too.
  const isApiKey = (name: string) => name === 'bearerAuth';
  t.equal(schemes.bearerAuth?.scheme, 'bearer', 'the document names the API keys’ scheme bearerAuth');
  const isOAuth = (name: string) => schemes[name]?.type === 'oauth2';

  let walked = 0;
  let readsAnswered = 0;
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const requirements = (operation.security ?? []) as Array<Record<string, string[]>>;
      if (!requirements.some((requirement) => Object.keys(requirement).some(isApiKey))) continue; // no API keys: no tokens either
      const declared = requirements.flatMap((requirement) => Object.entries(requirement).filter(([name]) => isOAuth(name)).flatMap(([, scopes]) => scopes));
      const parameters = (operation.parameters ?? []) as Array<{ in: string; name: string; description?: string }>;
      const idOf = (name: string) => {
        const prefix = /form ([a-z]+)_</.exec(parameters.find((p) => p.in === 'path' && p.name === name)?.description ?? '')?.[1] ?? 'x';
        return byPrefix[prefix] ?? `${prefix}_01jzzzzzzzzzzzzzzzzzzzzzzz`;
      };
      const realUrl = path.replace(/\{(\w+)\}/g, (_, name: string) => idOf(name));
      // Writes the token may make are sent to ids that do not exist, so the walk changes nothing.
      const harmlessUrl = path.replace(/\{(\w+)\}/g, (_, name: string) => `${idOf(name).split('_')[0]}_01jzzzzzzzzzzzzzzzzzzzzzzz`);
      const streams = Object.keys(operation.responses?.['200']?.content ?? {}).includes('text/event-stream');
      for (const scope of SCOPES) {
        const name = `${method.toUpperCase()} ${path} with ${scope}`;
        const allowed = declared.length > 0 && declared.every((needed) => needed === scope);
        if (allowed && streams) continue; // a live stream never ends: only its refusals are walked
        const url = allowed && method !== 'get' ? harmlessUrl : realUrl;
        const response = await api.request(method.toUpperCase(), url, { key: tokens[scope]!, payload: method === 'get' ? undefined : {} });
        walked++;
        const refusal = response.statusCode === 403 && response.json?.code === 'insufficient_scope';
        if (!allowed) {
          t.ok(refusal, `${name}: 403 insufficient_scope (declared ${declared.join(' ') || 'API keys only'}), got ${response.statusCode} ${response.json?.code ?? ''}`);
          continue;
        }
        if (refusal) {
          // The route's scope passed; what it would answer needs another area's (an event of that area).
          t.notMatch(response.headers['www-authenticate'], `scope="${scope}"`, `${name}: refused for another scope than its own`);
          continue;
        }
        if (response.statusCode >= 300) continue;
        if (method === 'get') readsAnswered++;
        const text = response.payload;
        for (const [area, marker] of Object.entries(MARKERS)) {
          if (area !== areaOf(scope)) t.notOk(text.includes(marker), `${name}: no ${area} data`);
        }
        const eventTypes = [...text.matchAll(/"(?:type|event_type)":"([a-z_]+)\.[a-z_.]+"/g)].map((match) => match[1]!);
        for (const prefix of eventTypes) {
          if (EVENT_AREAS[prefix]) t.equal(EVENT_AREAS[prefix], areaOf(scope), `${name}: a ${prefix}.* event only with ${EVENT_AREAS[prefix]}'s scope`);
        }
      }
    }
  }
  t.ok(walked > 500, `${walked} requests walked`);
  t.ok(readsAnswered > 20, `${readsAnswered} reads answered with data`);

  // The mixed feeds answer a webhooks:read token with its own area's events, not nothing.
  const feed = await api.request('GET', '/api/v1/events', { key: tokens['webhooks:read']! });
  t.equal(feed.statusCode, 200);
  const everything = await api.request('GET', '/api/v1/events?limit=100', { key: acme.live });
  t.ok(everything.json.data.some((event: { type: string }) => event.type.startsWith('lead.')), 'the account has lead events');
  t.same(
    feed.json.data.map((event: { type: string }) => event.type),
    everything.json.data.map((event: { type: string }) => event.type).filter((type: string) => type.startsWith('webhook.')),
    'a webhooks:read token sees the webhook.* events and no other',
  );
});
