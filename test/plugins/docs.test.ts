// The generated OpenAPI document (valid OpenAPI 3.1, every route, the joi → JSON Schema traps,
// the statuses the server really answers) and the offline docs page.
import { Validator } from '@seriousme/openapi-schema-validator';
import Joi from 'joi';
import t from 'tap';
import { SchemaConverter, convertRegex } from '../../plugins/docs/schema.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../plugins/docs/openapi.js';
import { OPERATION_IDS, preflightOperationId } from '../../plugins/docs/operation-ids.js';
import { itemInput } from '../../plugins/knowledge/schemas.js';
import { assertError, buildTestServer } from '../helpers/server.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options'];

async function fetchDocument(t: Parameters<typeof buildTestServer>[0]) {
  const api = await buildTestServer(t);
  const response = await api.request('GET', '/api/v1/openapi.json');
  return { api, response, document: response.json as OpenApiDocument };
}

t.test('the document is valid OpenAPI 3.1 and needs no credentials', async (t) => {
  const { response, document, api } = await fetchDocument(t);
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], /^application\/json/);
  t.type(response.headers['x-request-id'], 'string');
  t.equal(document.openapi, '3.1.0');

  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as never);
  t.same(result.errors ?? [], [], 'no schema errors');
  t.ok(result.valid, 'valid');
  t.equal(validator.version, '3.1', 'validated as 3.1');

  // Generated once: the same object on every request.
  t.equal(await api.server.plugins.docs.document(), await api.server.plugins.docs.document());
  const again = await api.request('GET', '/api/v1/openapi.json');
  t.same(again.json, document);
  assertError(t, await api.request('GET', '/api/v1/openapi.json?verbose=1'), 400, 'validation_failed', 'unknown query parameter');
});

t.test('every route of the table appears with its method, and nothing else', async (t) => {
  const { api, document } = await fetchDocument(t);
  const routes = api.server.table().filter((route) => route.path !== '/{any*}');
  for (const route of routes) {
    t.ok(document.paths[route.path]?.[route.method], `${route.method.toUpperCase()} ${route.path}`);
  }
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((key) => METHODS.includes(key)));
  t.equal(operations.length, routes.length, `${operations.length} operations for ${routes.length} routes`);
  t.notOk(document.paths['/{any*}'], 'the fallback route is not an operation');

  const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op: any) => op.operationId));
  t.equal(new Set(ids).size, ids.length, 'operationIds are unique');

  // Client libraries name their methods after these: every route of ours has a chosen name, not one
  // derived from its path (a new route must be named in plugins/docs/operation-ids.ts).
  const named = new Set([...Object.values(OPERATION_IDS), ...routes.filter((route) => route.method === 'options').map((route) => preflightOperationId(route.path))]);
  t.same(ids.filter((id) => !named.has(id)), [], 'every operation has a chosen name');
  t.same(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id)), [], 'every name is a plain camelCase word');
  // And the table names only routes that exist: a route renamed or removed leaves no stale entry
  // behind, which a later route with that old path would silently take.
  const routeKeys = new Set(routes.map((route) => `${route.method.toUpperCase()} ${route.path}`));
  t.same(Object.keys(OPERATION_IDS).filter((key) => !routeKeys.has(key)), [], 'every entry of the table is a route');
  t.equal((document.paths['/api/v1/chatbots/{id}/conversations/{convId}/messages']!.post as any).operationId, 'sendMessage');
});

t.test('resources are named components; every $ref resolves', async (t) => {
  const { document } = await fetchDocument(t);
  const schemas = document.components.schemas;
  for (const name of ['Account', 'ApiKey', 'Chatbot', 'ChatbotSettings', 'Conversation', 'Message', 'KnowledgeItem', 'Webhook', 'WebhookDelivery', 'Event', 'Usage', 'Error']) {
    t.ok(schemas[name], `component ${name}`);
  }
  t.same((schemas.Error as any).required, ['statusCode', 'error', 'message', 'code', 'request_id']);
  t.ok((schemas.Error as any).properties.details, 'Error has details');

  const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of new Set(refs)) {
    const path = ref.slice(8, -1).replace('#/', '').split('/');
    let target: any = document;
    for (const part of path) target = target?.[part];
    t.ok(target, `${ref} resolves`);
  }

  const getChatbot = document.paths['/api/v1/chatbots/{id}']!.get as any;
  t.same(getChatbot.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Chatbot' });
  t.same(getChatbot.responses['404'].content['application/json'].schema, { $ref: '#/components/schemas/Error' });
  t.match(getChatbot.responses['404'].description, /`chatbot_not_found`/);
  const create = document.paths['/api/v1/chatbots']!.post as any;
  t.same(create.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/CreateChatbot' });
  t.ok(create.responses['201'], 'created is 201');
  t.match(create.responses['409'].description, /`chatbot_limit_reached`/);
  t.ok(create.parameters.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'), 'Idempotency-Key on POST');
  t.match(create.responses['422'].description, /idempotency_key_reused/);

  // A nullable labelled object: a reference or null, with its own description.
  const turn = schemas.MessageTurn as any;
  t.same(turn.properties.reply.anyOf, [{ $ref: '#/components/schemas/Message' }, { type: 'null' }]);
  t.match(turn.properties.reply.description, /null while a human/);
});

t.test('security schemes: API keys, the operator token, public routes', async (t) => {
  const { document } = await fetchDocument(t);
  const schemes = document.components.securitySchemes as any;
  t.match(schemes.bearerAuth, { type: 'http', scheme: 'bearer' });
  t.match(schemes.bearerAuth.description, /sk_live_.*sk_test_/);
  t.match(schemes.operatorToken, { type: 'http', scheme: 'bearer' });
  t.same((document.paths['/api/v1/chatbots']!.get as any).security, [{ bearerAuth: [] }, { oauth2: ['chatbots:read'] }, { dashboardSession: [] }]);
  t.same((document.paths['/api/v1/api-keys']!.get as any).security, [{ bearerAuth: [] }, { dashboardSession: [] }], 'key management takes API keys (and the dashboard) only');
  t.match(schemes.dashboardSession, { type: 'apiKey', in: 'cookie', name: 'cbp_session' });
  const signIn = document.paths['/dashboard/session']!.post as any;
  t.same(signIn.security, [], 'signing in is public');
  // 409 account_required: an address and password that open several accounts (issue 29).
  t.same(Object.keys(signIn.responses).sort(), ['200', '400', '401', '403', '409', '413', '415', '429', '500', '503']);
  t.same((document.paths['/dashboard/session']!.get as any).security, [{ dashboardSession: [] }], 'the session routes take the cookie only');
  const chatbotCreate = document.paths['/api/v1/chatbots']!.post as any;
  t.match(JSON.stringify(chatbotCreate.responses['403']), /origin_mismatch/, 'a cookie write documents the Origin check');
  t.match(JSON.stringify(chatbotCreate.responses['403']), /insufficient_role/);
  t.notMatch(JSON.stringify((document.paths['/api/v1/chatbots']!.get as any).responses['403']), /insufficient_role/, 'agents may list chatbots');
  t.match(schemes.oauth2, { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token' } } });
  t.equal(Object.keys(schemes.oauth2.flows.clientCredentials.scopes).length, 13, 'the scopes of every area, model_providers:read and :write included');
  t.match(schemes.widgetConversationToken, { type: 'http', scheme: 'bearer', bearerFormat: 'wct_…' });
  const token = document.paths['/oauth/token']!.post as any;
  t.same(Object.keys(token.requestBody.content), ['application/x-www-form-urlencoded']);
  t.same(token.responses['401'].content['application/json'].schema, { $ref: '#/components/schemas/OAuthError' });
  t.same(token.security, []);
  t.same((document.paths['/admin/v1/accounts']!.get as any).security, [{ operatorToken: [] }]);
  for (const path of ['/health', '/ready', '/api/v1/openapi.json', '/docs']) {
    const operation = document.paths[path]!.get as any;
    t.same(operation.security, [], `${path} is public`);
    t.notOk(operation.responses['401'], `${path} has no 401`);
  }
});

t.test('streams are documented with their media types', async (t) => {
  const { document } = await fetchDocument(t);
  const send = document.paths['/api/v1/chatbots/{id}/conversations/{convId}/messages']!.post as any;
  t.same(Object.keys(send.responses['200'].content), ['text/event-stream']);
  t.same(send.responses['201'].content['application/json'].schema, { $ref: '#/components/schemas/MessageTurn' });
  const conversations = document.paths['/api/v1/chatbots/{id}/conversations/export']!.get as any;
  t.same(Object.keys(conversations.responses['200'].content).sort(), ['application/x-ndjson', 'text/csv']);
  const knowledge = document.paths['/api/v1/chatbots/{id}/knowledge/export']!.get as any;
  t.same(Object.keys(knowledge.responses['200'].content), ['application/x-ndjson']);
  t.match(knowledge.responses['403'].description, /plan_feature_unavailable/);
});

t.test('parameters: path ids, list queries with defaults, enums and descriptions', async (t) => {
  const { document } = await fetchDocument(t);
  const list = document.paths['/api/v1/chatbots/{id}/conversations']!.get as any;
  const byName = Object.fromEntries(list.parameters.map((p: any) => [p.name, p]));
  t.match(byName.id, { in: 'path', required: true, schema: { type: 'string' } });
  t.notOk('maxLength' in byName.id.schema, 'an id of any length is a 404, not a 400 (schemathesis)');
  t.match(byName.limit, { in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } });
  t.same(byName.order.schema.enum, ['asc', 'desc']);
  t.equal(byName.order.description, 'Newest first unless asc');
  t.match(byName.created_after.schema, { type: 'string', format: 'date-time' });
  t.match(list.responses['400'].description, /invalid_cursor/);
});

t.test('joi → JSON Schema: the known traps', async (t) => {
  const convert = (schema: Joi.Schema) => new SchemaConverter().convert(schema, 'request') as any;

  t.test('trim().min(1): whitespace-only is invalid in the document as in joi', async (t) => {
    const joi = Joi.string().trim().min(1).max(5);
    const schema = convert(joi);
    const pattern = new RegExp(schema.pattern);
    const samples = ['', ' ', '   ', '\t\n', 'a', ' a ', 'abcde', '  abcde  ', 'abcdef', ' a b ', 'a    b', 'a     b'];
    for (const sample of samples) {
      const joiAccepts = joi.validate(sample).error === undefined;
      const documentAccepts = pattern.test(sample) && sample.length >= (schema.minLength ?? 0) && sample.length <= (schema.maxLength ?? Infinity);
      t.equal(documentAccepts, joiAccepts, `${JSON.stringify(sample)}: joi ${joiAccepts}`);
    }
    // '' allowed: whitespace-only is fine too, since it trims to ''.
    const optional = convert(Joi.string().trim().max(3).allow(''));
    t.ok(new RegExp(optional.pattern).test('   '));
    t.notOk(optional.minLength);
  });

  t.test('Joi.string() refuses the empty string', async (t) => {
    t.equal(convert(Joi.string()).minLength, 1);
    t.notOk(convert(Joi.string().allow('')).minLength);
    t.same(convert(Joi.string().length(4)), { type: 'string', minLength: 4, maxLength: 4 });
  });

  t.test('regex flags: rewritten when it is safe, dropped (looser) otherwise', async (t) => {
    const insensitive = convert(Joi.string().pattern(/^ab+c$/i));
    t.equal(insensitive.pattern, '^[aA][bB]+[cC]$');
    t.ok(new RegExp(insensitive.pattern).test('ABbC'));
    t.notOk(convert(Joi.string().pattern(/^[a-z]+$/i)).pattern, 'a class cannot be rewritten letter by letter: dropped');
    t.notOk(convertRegex('/^a$/m'), 'multiline changes what ^ means: dropped');
    t.same(convertRegex('/^whsec_/'), { pattern: '^whsec_' });
    t.same(convertRegex('/x/', true), { not: { pattern: 'x' } });
    t.same(convertRegex('/a\\/b/'), { pattern: 'a\\/b' });
  });

  t.test('lowercase().valid(): case-insensitive, as joi converts before comparing', async (t) => {
    const joi = Joi.string().lowercase().valid('en', 'de');
    const schema = convert(joi);
    t.notOk(schema.enum);
    for (const sample of ['en', 'EN', 'De', 'fr', 'e']) {
      t.equal(new RegExp(schema.pattern).test(sample), joi.validate(sample).error === undefined, sample);
    }
  });

  t.test('when(): conditions between keys', async (t) => {
    const rule = convert(Joi.object({
      type: Joi.string().valid('reply', 'handoff').required(),
      reply: Joi.string().when('type', { is: 'reply', then: Joi.required() }),
    }));
    t.same(rule.allOf, [{ if: { properties: { type: { const: 'reply' } }, required: ['type'] }, then: { required: ['reply'] } }]);

    const pair = convert(Joi.object({
      file: Joi.string(),
      mime: Joi.string().when('file', { is: Joi.exist(), then: Joi.required(), otherwise: Joi.forbidden() }),
    }));
    t.same(pair.allOf, [{ if: { required: ['file'] }, then: { required: ['mime'] }, else: { not: { required: ['mime'] } } }]);

    const self = convert(Joi.object({ mode: Joi.string().valid('a', 'b'), provider: Joi.string().allow(null) }).when('.mode', {
      is: 'b',
      then: Joi.object({ provider: Joi.string().required() }),
    }));
    t.same(self.allOf, [{ if: { properties: { mode: { const: 'b' } }, required: ['mode'] }, then: { required: ['provider'] } }]);
  });

  t.test('alternatives().conditional(): one branch per case, the unreachable otherwise left out', async (t) => {
    const converter = new SchemaConverter();
    t.same(converter.convert(itemInput, 'request'), { $ref: '#/components/schemas/KnowledgeItemInput' }, 'labelled: a reference');
    const components = converter.registry.components as Record<string, any>;
    t.same(
      components.KnowledgeItemInput.anyOf,
      ['Document', 'Url', 'Qa'].map((name) => ({ $ref: `#/components/schemas/KnowledgeItemInput${name}` })),
      'document, url, qa: a named branch each',
    );
    t.same(['document', 'url', 'qa'].map((type) => components[`KnowledgeItemInput${type === 'qa' ? 'Qa' : type[0]!.toUpperCase() + type.slice(1)}`].properties.type.const), ['document', 'url', 'qa']);
    t.same(components.KnowledgeItemInputDocument.allOf[0], { oneOf: [{ required: ['content'] }, { required: ['content_base64'] }] }, 'xor');
  });

  t.test('objects: unknown keys, limits, null, defaults, descriptions, examples', async (t) => {
    t.notOk(convert(Joi.object()).additionalProperties === false, 'Joi.object() takes any keys');
    t.equal(convert(Joi.object({ a: Joi.string() })).additionalProperties, false);
    t.equal(convert(Joi.object({ a: Joi.string() }).unknown()).additionalProperties, true);
    t.match(convert(Joi.object({ a: Joi.string() }).min(1).max(3)), { minProperties: 1, maxProperties: 3 });
    t.same(convert(Joi.number().integer().allow(null)).type, ['integer', 'null']);
    const defaults = convert(Joi.object({ a: Joi.object({ b: Joi.number().default(2) }).default(), c: Joi.string().default('x') }));
    t.notOk('default' in defaults.properties.a, 'an object’s default is left to its keys');
    t.equal(defaults.properties.a.properties.b.default, 2);
    t.equal(defaults.properties.c.default, 'x');
    t.same(convert(Joi.string().valid('a', 'b')).enum, ['a', 'b']);
    t.equal(convert(Joi.string().description('Said once')).description, 'Said once');
    t.same(convert(Joi.string().example('cb_01')).examples, ['cb_01']);
    const limits = convert(Joi.object({ low: Joi.number().min(0), high: Joi.number().max(Joi.ref('low')) }));
    t.equal(limits.properties.high.maximum, Number.MAX_SAFE_INTEGER, 'a limit from another key cannot be written: dropped');
    t.equal(convert(Joi.number()).maximum, Number.MAX_SAFE_INTEGER, 'joi refuses unsafe numbers');
  });

  t.test('a label shared by an input and a stored shape names both', async (t) => {
    const converter = new SchemaConverter();
    converter.convert(Joi.object({ a: Joi.string() }).label('Rule'), 'response');
    const input = converter.convert(Joi.object({ a: Joi.string().max(3) }).label('Rule'), 'request');
    t.same(input, { $ref: '#/components/schemas/RuleInput' });
    t.same(Object.keys(converter.registry.components).sort(), ['Rule', 'RuleInput']);
  });
});

t.test('rules custom validators enforce are stated in the document (schemathesis)', async (t) => {
  const { api, document } = await fetchDocument(t);
  const components = document.components.schemas as Record<string, any>;
  // Free-form metadata: no `__proto__` key at any level (hapi's parser refuses it), no key a
  // document store cannot keep (FerretDB: a dot or leading $ was a 500), 5 levels deep.
  const metadata = components.KnowledgeItemPatch.properties.metadata;
  const keyRule = { pattern: '^(?!\\$)[^.\\x00]*$', not: { const: '__proto__' } };
  t.same(metadata.propertyNames, keyRule);
  let level = metadata.additionalProperties;
  let depth = 1;
  while (level?.anyOf?.some((branch: any) => branch.type === 'object')) {
    const object = level.anyOf.find((branch: any) => branch.type === 'object');
    t.same(object.propertyNames, keyRule, `level ${depth + 1}`);
    level = object.additionalProperties;
    depth++;
  }
  t.equal(depth, 5, 'objects nest 5 levels deep, as the validator allows');
  const acme = await api.account('enterprise');
  const bot = await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Docs' } });
  const proto = await api.request('POST', `/api/v1/chatbots/${bot.json.id}/conversations`, {
    key: acme.live,
    payload: '{"metadata": {"a": {"__proto__": {"x": 1}}}}',
    headers: { 'content-type': 'application/json' },
  });
  assertError(t, proto, 400, 'validation_failed', 'a __proto__ key is refused, as documented');
  const conversations = `/api/v1/chatbots/${bot.json.id}/conversations`;
  // FerretDB also refuses an array directly inside an array.
  for (const metadata of [{ 'a.b': 1 }, { $x: 1 }, { o: [{ 'x\u0000': 1 }] }, { list: [1, [2]] }, { o: { list: [{ a: [[]] }] } }]) {
    const refused = await api.request('POST', conversations, { key: acme.live, payload: { metadata } });
    assertError(t, refused, 400, 'validation_failed', JSON.stringify(metadata));
    t.equal(refused.json.details[0].path, 'metadata');
  }
  const allowed = { 'x$': 1, '': 2, o: { 'ü-é': [1, { inner: [2] }] } };
  const kept = await api.request('POST', conversations, { key: acme.live, payload: { metadata: allowed } });
  t.equal(kept.statusCode, 201, 'every other key, and arrays inside objects inside arrays, are kept on every store');
  t.same(kept.json.metadata, allowed);
  // No array item of the document's metadata schema is an array.
  const items = JSON.stringify(metadata).match(/"type":"array","items":\{"anyOf":\[[^\]]*\]/g) ?? [];
  t.ok(items.length > 0 && items.every((branch) => !branch.includes('"type":"array"', 10)), 'array items are never arrays');
  // Knowledge PATCH: content_base64 and mime_type together, and not with content.
  const patch = JSON.stringify(components.KnowledgeItemPatch.allOf);
  t.match(patch, /"required":\["content_base64","mime_type"\]/);
  t.match(patch, /"required":\["content","content_base64"\]/);
});

t.test('the statuses the server answers are the documented ones', async (t) => {
  // Every operation, called without credentials, with a key and unknown ids, and with an empty or
  // wrong body: each status it answers must be in its documented responses, with the Error body.
  const { api, document } = await fetchDocument(t);
  const acme = await api.account('enterprise');
  const free = await api.account('free');
  let checked = 0;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as Array<[string, any]>) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'file' ? 'init.js' : `${name}_unknown`));
      const withBody = ['post', 'put', 'patch'].includes(method);
      const attempts = [
        { key: undefined, payload: withBody ? {} : undefined },
        { key: acme.live, payload: withBody ? {} : undefined },
        { key: free.live, payload: withBody ? { unexpected: true } : undefined },
        { key: acme.test, payload: withBody ? 'not json' : undefined },
      ];
      // A live stream never ends, and inject waits for the end: streams are called in ways that fail.
      const streamOnly = method === 'get' && Object.keys(operation.responses['200']?.content ?? {}).join() === 'text/event-stream';
      for (const attempt of attempts) {
        const query = streamOnly && attempt.key ? '?unexpected=1' : '';
        const response = await api.request(method.toUpperCase(), url + query, attempt);
        const documented = operation.responses[String(response.statusCode)];
        t.ok(documented, `${method.toUpperCase()} ${path} → ${response.statusCode} is documented`);
        if (response.statusCode >= 400 && documented) {
          // The OAuth endpoints answer RFC 6749 bodies: their `error` is the code.
          const code = path.startsWith('/oauth/') ? response.json?.error : response.json?.code;
          t.ok(documented['x-error-codes'].includes(code), `${method.toUpperCase()} ${path}: ${code} among its codes`);
        }
        checked++;
      }
    }
  }
  t.ok(checked > 200, `${checked} requests`);
});

t.test('the docs page is served by this server alone', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 } } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;

  const page = await fetch(`${base}/docs`);
  t.equal(page.status, 200);
  t.match(page.headers.get('content-type'), /^text\/html/);
  const csp = page.headers.get('content-security-policy') ?? '';
  t.match(csp, /default-src 'none'/);
  t.match(csp, /connect-src 'self'/);
  const html = await page.text();
  t.notMatch(html, /https?:\/\//, 'the page names no host');
  t.notMatch(html, /\/\/[a-z0-9.-]+\.[a-z]{2,}/i, 'no protocol-relative URLs');

  const documented = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as any;
  const assetTypes = Object.keys(documented.paths['/docs/{file}'].get.responses['200'].content);
  t.same(Object.keys(documented.paths['/docs'].get.responses['200'].content), ['text/html']);

  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  t.ok(assets.includes('/docs/swagger-ui-bundle.js') && assets.includes('/docs/swagger-ui.css') && assets.includes('/docs/init.js'));
  for (const asset of assets) {
    t.ok(asset.startsWith('/'), `${asset} is on this server`);
    const response = await fetch(`${base}${asset}`);
    t.equal(response.status, 200, `${asset} loads`);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
    const documentedTypes = asset.startsWith('/docs/') ? assetTypes : Object.keys(documented.paths[asset]?.get.responses['200'].content ?? {});
    t.ok(documentedTypes.includes(type), `${asset}: ${type} is documented`);
    await response.arrayBuffer();
  }
  const init = await (await fetch(`${base}/docs/init.js`)).text();
  t.match(init, /validatorUrl: null/, 'no validator badge');
  t.match(init, /url: '\/api\/v1\/openapi\.json'/, 'this server’s document');
  t.notMatch(init, /https?:\/\//, 'the initializer names no host');
  const css = await (await fetch(`${base}/docs/swagger-ui.css`)).text();
  t.notMatch(css, /url\(\s*['"]?https?:/, 'the stylesheet loads nothing from elsewhere');
  t.notMatch(css, /@import/, 'and imports nothing');

  const missing = await fetch(`${base}/docs/petstore.json`);
  t.equal(missing.status, 400, 'only the listed files are served');
  // Source maps are not served (schemathesis: a JSON map among documented scripts broke the schema).
  t.equal((await fetch(`${base}/docs/swagger-ui-bundle.js.map`)).status, 400, 'no source maps');
  t.same(assetTypes.sort(), ['image/png', 'text/css', 'text/javascript'], 'only the types of the files served');
  await missing.arrayBuffer();
});

t.test("a plugin's own route: named by hapi's route id, else from its path; a name used twice is refused", async (t) => {
  const Hapi = (await import('@hapi/hapi')).default;
  const server = Hapi.server();
  server.route([
    { method: 'GET', path: '/api/v1/notices', options: { id: 'listNotices', description: 'Notices', tags: ['api', 'notices'], handler: () => [], response: { schema: Joi.array() } } },
    { method: 'POST', path: '/api/v1/notices/{noticeId}/pin', options: { description: 'Pin', tags: ['api', 'notices'], handler: () => null, response: { schema: Joi.any() } } },
  ]);
  const document = buildOpenApiDocument(server.table(), { title: 'T', version: '1' });
  t.equal(document.paths['/api/v1/notices']!.get!.operationId, 'listNotices', 'the route id');
  t.equal(document.paths['/api/v1/notices/{noticeId}/pin']!.post!.operationId, 'postNoticesByNoticeIdPin', 'derived from the path');

  const clash = Hapi.server();
  clash.route({ method: 'GET', path: '/api/v1/chatbot-list', options: { id: 'listChatbots', handler: () => [], response: { schema: Joi.array() } } });
  clash.route({ method: 'GET', path: '/api/v1/chatbots', options: { handler: () => [], response: { schema: Joi.array() } } });
  t.throws(() => buildOpenApiDocument(clash.table(), { title: 'T', version: '1' }), /the operation id listChatbots is taken/);
});
