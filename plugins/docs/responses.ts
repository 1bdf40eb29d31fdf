// Which responses a route documents, derived from what the route already declares: its response
// schemas (success codes), its validation (400), its auth strategy (401), its platform rules
// (403, 429), its id parameters (404), its method (409, 413, 415, 422), and the error codes it
// declares (`plugins.platform.errors`: what its handler and what that calls answer besides these).
// Route authors write none of this twice; the route-contract test checks that every route's
// responses can be derived, and test servers that every error a route answers is among them.
import type { RouteOptionsResponseSchema, RequestRoute } from '@hapi/hapi';
import type Joi from 'joi';
import { DEFAULT_ROUTE_AUTH, ID_PREFIXES, oauthErrorCode, type PlatformRouteOptions } from '../../core/index.js';

export interface SuccessResponse {
  status: number;
  /** The joi schema of a JSON body, or null for a stream of `mediaTypes`. */
  schema: Joi.Schema | null;
  mediaTypes: string[];
}

export interface ErrorResponse {
  status: number;
  /** The `code`s of docs/ARCHITECTURE.md A2 this route can answer with that status. */
  codes: string[];
}

export interface RouteResponses {
  success: SuccessResponse[];
  errors: ErrorResponse[];
}

export class UndocumentableRouteError extends Error {}

/** The auth strategies the document knows, and the 401 codes each answers with. */
export const AUTH_CODES: Record<string, string[]> = {
  // API keys, and OAuth access tokens (invalid_token) through the same strategy.
  'api-key': ['missing_credentials', 'invalid_api_key', 'api_key_revoked', 'api_key_expired', 'invalid_token'],
  'admin-token': ['missing_credentials', 'invalid_token'],
  'widget-token': ['missing_credentials', 'invalid_token'],
  session: ['missing_credentials', 'session_expired'],
};

/** `format` values of export routes and what they stream. */
const FORMAT_MEDIA_TYPES: Record<string, string> = {
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
  json: 'application/json',
};

/**
 * The id prefix of a parameter names its resource, and so its 404 code (`cb` → chatbot_not_found).
 * Knowledge items are `doc_` ids but the resource is called a knowledge item everywhere else.
 */
const NOT_FOUND_OVERRIDES: Record<string, string> = { doc: 'knowledge_item' };

/**
 * The route's auth strategy: one, or `api-key` followed by `session` (the default of /api/v1 routes:
 * a key or token, else the dashboard's cookie), which is documented as `api-key` plus the cookie.
 */
export function routeAuthStrategy(route: RequestRoute): string | null {
  const auth = (route.settings.auth ?? DEFAULT_ROUTE_AUTH) as false | null | { strategies?: string[]; mode?: string };
  if (auth === false || !auth) return null;
  if (auth.mode === 'try' || auth.mode === 'optional') return null;
  const strategies = auth.strategies ?? [];
  const keyOrSession = strategies.length === 2 && strategies[0] === 'api-key' && strategies[1] === 'session';
  if (strategies.length !== 1 && !keyOrSession) throw new UndocumentableRouteError(`${nameOf(route)}: expected one auth strategy, got ${strategies.join(', ')}`);
  return strategies[0]!;
}

/** Whether the dashboard's session cookie is accepted on this route. */
export function acceptsSession(route: RequestRoute): boolean {
  const auth = (route.settings.auth ?? DEFAULT_ROUTE_AUTH) as false | null | { strategies?: string[] };
  return Boolean(auth && auth.strategies?.includes('session'));
}

export function documentedResponses(route: RequestRoute): RouteResponses {
  const success = successResponses(route);
  const errors = new Map<number, Set<string>>();
  const add = (status: number, ...codes: string[]) => {
    const set = errors.get(status) ?? new Set<string>();
    for (const code of codes) set.add(code);
    errors.set(status, set);
  };

  const settings = route.settings;
  const validate = (settings.validate ?? {}) as Record<string, unknown>;
  const platform: PlatformRouteOptions = settings.plugins?.platform ?? {};
  const strategy = routeAuthStrategy(route);
  const isWrite = route.method !== 'get';
  const hasBody = ['post', 'put', 'patch'].includes(route.method) && Boolean(validate.payload);

  if (validate.query || validate.params || validate.payload || validate.headers) {
    add(400, 'validation_failed');
    if (queryKeys(validate.query).includes('cursor')) add(400, 'invalid_cursor');
  }
  if (strategy) {
    const codes = AUTH_CODES[strategy];
    if (!codes) throw new UndocumentableRouteError(`${nameOf(route)}: unknown auth strategy ${strategy}`);
    add(401, ...codes);
  }
  if (acceptsSession(route)) {
    // A session (core/auth/session-strategy.ts): its own 401, the Origin of writes, the member's role.
    add(401, ...AUTH_CODES.session!);
    if (isWrite) add(403, 'origin_mismatch');
    if (!platform.agent) add(403, 'insufficient_role');
    add(403, 'account_disabled', 'ip_not_allowed');
    add(429, 'rate_limited');
  }
  if (strategy === 'api-key') {
    // Every API-key or token request passes the IP allowlist, the chatbot-key and OAuth scopes, the plan, the rate limit.
    add(403, 'ip_not_allowed', 'key_scope_chatbot', 'insufficient_scope');
    if (platform.feature || platform.access === 'full') add(403, 'plan_feature_unavailable');
    if (isWrite && !platform.allowOnReadOnlyPlan && platform.access !== 'read') add(403, 'plan_read_only');
    add(429, 'rate_limited');
    if (route.method === 'post') {
      add(409, 'idempotency_key_in_flight');
      add(422, 'idempotency_key_reused');
    }
  }
  const idParams = idParamResources(validate.params);
  if (idParams.length > 0) add(404, ...idParams.map((resource) => `${resource}_not_found`));
  // Writes use optimistic versions and unique constraints: a concurrent change is a 409 `conflict`.
  if (isWrite && strategy) add(409, 'conflict');
  if (hasBody) {
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  for (const [status, codes] of Object.entries(platform.errors ?? {})) add(Number(status), ...(codes ?? []));
  add(500, 'internal_error');
  add(503, 'unavailable');

  // The OAuth endpoints answer RFC 6749 bodies: the house codes become theirs.
  const rfc = platform.errorBody === 'oauth';
  return {
    success,
    errors: [...errors.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => ({ status, codes: [...new Set([...codes].map((code) => (rfc ? oauthErrorCode(status, code) : code)))].sort() })),
  };
}

function successResponses(route: RequestRoute): SuccessResponse[] {
  const response = (route.settings.response ?? {}) as RouteOptionsResponseSchema & {
    schema?: Joi.Schema | boolean | null;
    status?: Record<string, Joi.Schema | boolean | null>;
  };
  const result: SuccessResponse[] = [];
  for (const [code, schema] of Object.entries(response.status ?? {})) {
    result.push(successOf(route, Number(code), schema));
  }
  // A route-level `schema` of null is no schema (hapi's default), not `true`.
  if (response.schema !== undefined && response.schema !== null && !result.some((r) => r.status === 200)) {
    result.push(successOf(route, 200, response.schema));
  }
  if (result.length === 0) throw new UndocumentableRouteError(`${nameOf(route)}: no response schema`);
  return result.sort((a, b) => a.status - b.status);
}

function successOf(route: RequestRoute, status: number, schema: Joi.Schema | boolean | null): SuccessResponse {
  if (status === 204) return { status, schema: null, mediaTypes: [] }; // no body at all
  if (status >= 300 && status < 400) return { status, schema: null, mediaTypes: [] }; // a redirect: its Location, no body
  if (schema === false) throw new UndocumentableRouteError(`${nameOf(route)}: response ${status} is refused by its schema`);
  // hapi compiles `true` (anything goes) to null.
  if (schema === true || schema === null) return { status, schema: null, mediaTypes: streamMediaTypes(route, status) };
  return { status, schema, mediaTypes: ['application/json'] };
}

/**
 * An unvalidated response (`status: { 200: true }`) is a stream: its media types come from the
 * route's `format` query values (exports), else from the media types its notes name.
 */
function streamMediaTypes(route: RequestRoute, status: number): string[] {
  const query = (route.settings.validate as { query?: Joi.Schema } | undefined)?.query;
  const format = typeof query === 'object' && query ? describeKeys(query).format : undefined;
  if (format?.allow?.length) {
    const types = (format.allow as string[]).map((value) => FORMAT_MEDIA_TYPES[value]);
    if (types.every(Boolean)) return [...new Set(types as string[])];
  }
  const notes = notesOf(route);
  // A media type ends in a letter, digit or +: the full stop of a sentence is not part of it.
  const named = [...notes.matchAll(/\b((?:text|application|image)\/[a-z0-9.+-]*[a-z0-9+])/g)].map((match) => match[1]!);
  if (named.length > 0) return [...new Set(named)];
  throw new UndocumentableRouteError(
    `${nameOf(route)}: response ${status} has no schema; give the route a \`format\` query or name the media types in its notes`,
  );
}

/** The resources of a route's id parameters (`{id}` of the form cb_<ulid> → chatbot). */
function idParamResources(params: unknown): string[] {
  if (!params || typeof params !== 'object' || typeof (params as Joi.Schema).describe !== 'function') return [];
  const byPrefix = new Map<string, string>(
    Object.entries(ID_PREFIXES).map(([name, prefix]) => [prefix, NOT_FOUND_OVERRIDES[prefix] ?? snakeCase(name)]),
  );
  const resources: string[] = [];
  for (const child of Object.values(describeKeys(params as Joi.Schema))) {
    const prefix = /An id of the form ([a-z]+)_</.exec(String(child.flags?.description ?? ''))?.[1];
    const resource = prefix ? byPrefix.get(prefix) : undefined;
    if (resource) resources.push(resource);
  }
  return resources;
}

function queryKeys(query: unknown): string[] {
  if (!query || typeof query !== 'object' || typeof (query as Joi.Schema).describe !== 'function') return [];
  return Object.keys(describeKeys(query as Joi.Schema));
}

function describeKeys(schema: Joi.Schema): Record<string, { allow?: unknown[]; flags?: Record<string, unknown> }> {
  return ((schema.describe() as { keys?: Record<string, never> }).keys ?? {}) as never;
}

export function notesOf(route: RequestRoute): string {
  const notes = route.settings.notes;
  return Array.isArray(notes) ? notes.join('\n') : (notes ?? '');
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function nameOf(route: RequestRoute): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}
