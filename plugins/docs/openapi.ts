// The OpenAPI 3.1 document, generated from the route table: each route's joi validation gives its
// parameters and request body, its response schemas and derived errors (responses.ts) its
// responses, its auth strategy its security. Nothing here is written per route.
import type { RequestRoute } from '@hapi/hapi';
import type Joi from 'joi';
import { SCOPES, type PlatformRouteOptions, type Scope } from '../../core/index.js';
import { OPERATION_IDS, preflightOperationId } from './operation-ids.js';
import { acceptsSession, documentedResponses, notesOf, routeAuthStrategy, UndocumentableRouteError } from './responses.js';
import { SchemaConverter, type JsonSchema } from './schema.js';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
  };
}

export interface DocumentOptions {
  title: string;
  version: string;
  description?: string;
  /** Routes left out of the document (the fallback route). */
  exclude?: (route: RequestRoute) => boolean;
}

/** Auth strategy → security scheme of the document. */
const SECURITY_SCHEMES: Record<string, { name: string; scheme: JsonSchema }> = {
  'api-key': {
    name: 'bearerAuth',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_live_… / sk_test_…',
      description:
        'An API key as `Authorization: Bearer <key>`: `sk_live_…` for live data, `sk_test_…` for the sandbox. ' +
        'Account keys reach every chatbot of the account; chatbot keys (from chatbot creation) only their chatbot.',
    },
  },
  session: {
    name: 'dashboardSession',
    scheme: {
      type: 'apiKey',
      in: 'cookie',
      name: 'cbp_session',
      description:
        'The dashboard\'s session cookie, set by `POST /dashboard/session`: a member acts for their account in the mode ' +
        'chosen in the dashboard. Writes must send an `Origin` equal to the server\'s; agents reach conversations only.',
    },
  },
  'admin-token': {
    name: 'operatorToken',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      description: 'The operator token of the server (config `admin.token`), for the `/admin/v1` routes only.',
    },
  },
  'widget-token': {
    name: 'widgetConversationToken',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'wct_…',
      description:
        'A visitor’s conversation token from `POST /widget/v1/{id}/conversations`: valid for that one conversation of the ' +
        'public widget routes, until it ends.',
    },
  },
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: see `Location`',
  400: 'The request is not valid',
  401: 'Missing or invalid credentials (with `WWW-Authenticate: Bearer`)',
  403: 'Authenticated but not allowed',
  404: 'Not found (also for another account’s or the other mode’s records)',
  409: 'Conflict with the current state, a quota or an in-flight request',
  413: 'The request body is too large',
  415: 'The request body is not `application/json`',
  422: 'The Idempotency-Key was used with another request',
  429: 'Rate limit reached (with `Retry-After`)',
  500: 'Internal error (no details are given)',
  503: 'Temporarily unavailable (with `Retry-After` when the store is down)',
};

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The error body of every error response: a stable machine `code` and the request id beside the HTTP status; `details` lists what failed validation.',
  required: ['statusCode', 'error', 'message', 'code', 'request_id'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    error: { type: 'string', description: 'The HTTP reason phrase' },
    message: { type: 'string', description: 'What went wrong, for people' },
    code: { type: 'string', description: 'A stable machine code such as `chatbot_not_found`', examples: ['validation_failed'] },
    request_id: { type: 'string', description: 'The X-Request-Id of the response' },
    details: {
      type: 'array',
      description: 'For `validation_failed` and `invalid_cursor`: one entry per problem; for `account_required`: one entry per account to choose from',
      items: {
        type: 'object',
        required: ['path', 'message', 'type'],
        properties: {
          path: { type: 'string', description: 'Dotted path of the field (`items.0.url`); empty for the whole body' },
          message: { type: 'string' },
          type: { type: 'string', description: 'The joi error type, such as `any.required`' },
          value: { type: 'string', description: 'A value to send at `path` (`account_required`: an account id)' },
        },
      },
    },
  },
};

const OAUTH_SCHEME_NAME = 'oauth2';

/** OAuth 2.0 client credentials (core/auth/oauth-tokens.ts, plugins/oauth): one scope per route. */
function oauthScheme(): JsonSchema {
  return {
    type: 'oauth2',
    description:
      'An access token from the client credentials grant (`POST /oauth/token`) for a registered OAuth client. ' +
      'Each operation names the one scope it needs; operations without one take API keys only.',
    flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]])) } },
  };
}

const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'chatbots:read': 'Read chatbots, their settings and widgets',
  'chatbots:write': 'Create, change and delete chatbots, their settings and widgets',
  'conversations:read': 'Read and export conversations and messages; read and use saved replies',
  'conversations:write': 'Chat, hand off, end, rate and delete conversations; write saved replies',
  'knowledge:read': 'Read, export and search the knowledge base',
  'knowledge:write': 'Add, change, refresh and delete knowledge',
  'leads:read': 'Read and export leads',
  'leads:write': 'Create, change and delete leads',
  'webhooks:read': 'Read webhooks, their deliveries and the events',
  'webhooks:write': 'Create, change, test and delete webhooks',
  'analytics:read': 'Read and export analytics',
  'model_providers:read': 'Read the account’s model providers (never their API keys)',
  'model_providers:write': 'Add, change, test and delete the account’s model providers',
};

const OAUTH_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An error of the OAuth endpoints, as RFC 6749 §5.2 writes it.',
  required: ['error'],
  properties: {
    error: {
      type: 'string',
      enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'unsupported_token_type', 'server_error', 'temporarily_unavailable'],
    },
    error_description: { type: 'string' },
  },
};

/** Builds the document from a route table (`server.table()`). */
export function buildOpenApiDocument(routes: RequestRoute[], options: DocumentOptions): OpenApiDocument {
  const converter = new SchemaConverter();
  const errorName = converter.registry.register('Error', ERROR_SCHEMA);
  const errorRef = { $ref: `#/components/schemas/${errorName}` };
  // RFC 6749 §5.2 error bodies, on the OAuth endpoints only (registered when one is documented).
  const oauthErrorRef = () => ({ $ref: `#/components/schemas/${converter.registry.register('OAuthError', OAUTH_ERROR_SCHEMA)}` });
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const usedSchemes = new Map<string, JsonSchema>();
  const operationIds = new Set<string>();

  for (const route of routes) {
    if (options.exclude?.(route)) continue;
    const strategy = routeAuthStrategy(route);
    const security = strategy ? SECURITY_SCHEMES[strategy] : null;
    if (strategy && !security) throw new UndocumentableRouteError(`${route.method.toUpperCase()} ${route.path}: no security scheme for ${strategy}`);
    if (security) usedSchemes.set(security.name, security.scheme);

    const settings = route.settings;
    const validate = (settings.validate ?? {}) as { params?: Joi.Schema | true; query?: Joi.Schema | true; payload?: Joi.Schema | true };
    const routeTags = (settings.tags ?? []).filter((tag) => tag !== 'api');
    routeTags.forEach((tag) => tags.add(tag));

    const parameters: JsonSchema[] = [];
    for (const key of keysOf(converter, validate.params)) {
      parameters.push(parameter('path', key.name, true, key.schema, key.description));
    }
    for (const key of keysOf(converter, validate.query)) {
      parameters.push(parameter('query', key.name, key.required, key.schema, key.description));
    }
    // Idempotency-Key is honoured for API-key POSTs (core/access.ts runs it for API callers only).
    if (route.method === 'post' && strategy === 'api-key') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

    // An API key, or an OAuth token with the route's scope (core/access.ts); null: API keys only.
    const scope = (settings.plugins?.platform as PlatformRouteOptions | undefined)?.scope;
    const requirements: JsonSchema[] = security ? [{ [security.name]: [] }] : [];
    if (strategy === 'api-key' && scope) {
      requirements.push({ [OAUTH_SCHEME_NAME]: [scope] });
      usedSchemes.set(OAUTH_SCHEME_NAME, oauthScheme());
    }
    if (strategy !== 'session' && acceptsSession(route)) {
      requirements.push({ [SECURITY_SCHEMES.session!.name]: [] });
      usedSchemes.set(SECURITY_SCHEMES.session!.name, SECURITY_SCHEMES.session!.scheme);
    }
    const operation: JsonSchema = {
      operationId: uniqueOperationId(route, operationIds),
      summary: settings.description,
      ...(notesOf(route) ? { description: notesOf(route) } : {}),
      tags: routeTags,
      security: requirements,
      ...(parameters.length > 0 ? { parameters } : {}),
    };

    if (validate.payload && validate.payload !== true && ['post', 'put', 'patch'].includes(route.method)) {
      const payload = validate.payload;
      // A route taking another media type (the OAuth endpoints' forms) says so in its payload options.
      const allowed = (settings.payload as { allow?: string | string[] } | undefined)?.allow;
      const mediaType = Array.isArray(allowed) && allowed.length === 1 ? allowed[0]! : 'application/json';
      operation.requestBody = {
        // hapi validates an absent body as null: the body is optional when the schema takes null.
        required: payload.validate(null).error !== undefined,
        content: { [mediaType]: { schema: converter.convert(payload, 'request') } },
      };
    }

    const responses: Record<string, JsonSchema> = {};
    const derived = documentedResponses(route);
    for (const success of derived.success) {
      const content: Record<string, JsonSchema> = {};
      for (const mediaType of success.mediaTypes) {
        content[mediaType] = {
          // A JSON download (an export's `format=json`) is a JSON value, not a string.
          schema: success.schema
            ? converter.convert(success.schema)
            : mediaType === 'application/json'
              ? { description: streamDescription(mediaType) }
              : { type: 'string', description: streamDescription(mediaType) },
        };
      }
      responses[String(success.status)] = {
        description: STATUS_TEXT[success.status] ?? 'Success',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
          ...(success.status >= 300 && success.status < 400 ? { Location: { $ref: '#/components/headers/Location' } } : {}),
        },
        ...(success.mediaTypes.length > 0 ? { content } : {}),
      };
    }
    for (const error of derived.errors) {
      const headers: JsonSchema = { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } };
      if (error.status === 429 || error.status === 503) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
      if (error.status === 401) headers['WWW-Authenticate'] = { $ref: '#/components/headers/WWWAuthenticate' };
      const oauthErrors = (settings.plugins?.platform as PlatformRouteOptions | undefined)?.errorBody === 'oauth';
      responses[String(error.status)] = {
        description: `${STATUS_TEXT[error.status] ?? 'Error'}. Codes: ${error.codes.map((code) => `\`${code}\``).join(', ')}`,
        headers,
        content: { 'application/json': { schema: oauthErrors ? oauthErrorRef() : errorRef } },
        'x-error-codes': error.codes,
      };
    }
    operation.responses = responses;

    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path]![route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: sortedPaths(paths),
    components: {
      schemas: sortedObject(converter.registry.components),
      securitySchemes: Object.fromEntries([...usedSchemes.entries()].sort(([a], [b]) => a.localeCompare(b))),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry of this POST safe: the first response is kept 24 h per account and mode and replayed ' +
            '(`Idempotent-Replayed: true`); the same key with another body is 422, one still running is 409. ' +
            'Bare (Stripe) or quoted (IETF draft); 1 to 255 printable ASCII characters.',
          // parseIdempotencyKey (core/idempotency.ts): trimmed, then an outer pair of quotes removed;
          // the key starts with a visible character. A quoted value is read as quoted.
          schema: {
            type: 'string',
            pattern: '^\\s*(?:(?!"[\\x20-\\x7e]*"\\s*$)[\\x21-\\x7e][\\x20-\\x7e]{0,254}|"[\\x21-\\x7e][\\x20-\\x7e]{0,254}")\\s*$',
          },
        },
      },
      headers: {
        XRequestId: {
          description: 'The request id (an incoming sane X-Request-Id is echoed); error bodies repeat it',
          schema: { type: 'string' },
        },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'string', pattern: '^[0-9]+$' } },
        WWWAuthenticate: { description: 'Bearer challenge', schema: { type: 'string' } },
        Location: { description: 'Where the redirect leads', schema: { type: 'string' } },
      },
    },
  };
}

function keysOf(converter: SchemaConverter, schema: Joi.Schema | true | undefined) {
  if (!schema || schema === true) return [];
  return converter.objectKeys(schema);
}

function parameter(location: 'path' | 'query', name: string, required: boolean, schema: JsonSchema, description?: string): JsonSchema {
  return {
    name,
    in: location,
    required: location === 'path' ? true : required,
    ...(description ? { description } : {}),
    schema,
  };
}

function streamDescription(mediaType: string): string {
  if (mediaType === 'text/event-stream') return 'Server-sent events (see the operation description)';
  if (mediaType === 'application/x-ndjson') return 'JSON Lines: one JSON object per line';
  if (mediaType === 'text/csv') return 'CSV with a header row';
  return `A ${mediaType} file`;
}

/** hapi's `{name}` is OpenAPI's; `{name?}` and `{name*}` have no OpenAPI form. */
function openApiPath(path: string): string {
  if (/\{[^}]*[?*]\}/.test(path)) throw new UndocumentableRouteError(`${path}: optional and wildcard path parameters cannot be documented`);
  return path;
}

/**
 * The route's chosen name (operation-ids.ts, or hapi's route `id` for a plugin's own route), else one
 * derived from its path: `GET /api/v1/chatbots/{id}/knowledge` → `getChatbotsByIdKnowledge`,
 * `/admin/v1/...` → `adminGet...`.
 */
function uniqueOperationId(route: RequestRoute, taken: Set<string>): string {
  const chosen =
    OPERATION_IDS[`${route.method.toUpperCase()} ${route.path}`] ??
    route.settings.id ??
    (route.method === 'options' ? preflightOperationId(route.path) : undefined);
  if (chosen) {
    if (taken.has(chosen)) throw new UndocumentableRouteError(`${route.method.toUpperCase()} ${route.path}: the operation id ${chosen} is taken`);
    taken.add(chosen);
    return chosen;
  }
  const segments = route.path.split('/').filter(Boolean);
  const area = segments[0] === 'admin' ? 'admin' : '';
  const rest = segments[1] === 'v1' ? segments.slice(2) : segments;
  const words = rest.map((segment) => {
    const param = /^\{(\w+)\}$/.exec(segment);
    return param ? `By${pascal(param[1]!)}` : pascal(segment);
  });
  const base = `${area}${area ? pascal(route.method) : route.method}${words.join('')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function sortedPaths(paths: OpenApiDocument['paths']): OpenApiDocument['paths'] {
  const order = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [
        path,
        Object.fromEntries(Object.entries(paths[path]!).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))),
      ]),
  );
}

function sortedObject<T>(object: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}
