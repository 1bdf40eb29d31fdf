// The route contract: what every route of the server declares, built-in or an external plugin's,
// so the OpenAPI document can be generated from the route table alone and every API route is
// validated and scoped. Checked once, over server.table(), when the server initializes: a route
// that breaks a rule stops the start with a message naming the route and the rule. What only an
// external plugin is refused (paths outside /api/v1, auth of its own) is the facade's
// (core/plugin-api/facade.ts), checked as the plugin adds its routes.
import type { RequestRoute, Server } from '@hapi/hapi';
import { SCOPES } from './auth/oauth-tokens.js';
import type { PlatformRouteOptions } from './platform.js';

export class RouteContractError extends Error {
  override name = 'RouteContractError';

  constructor(
    readonly route: RequestRoute,
    readonly rule: string,
  ) {
    super(`${route.method.toUpperCase()} ${route.path}: ${rule}`);
  }
}

type RuleCheck = (route: RequestRoute, server: Server) => string | null;

const WITH_BODY = new Set(['post', 'put', 'patch']);

/** The rules in the order they are checked: the first one a route breaks is the one reported. */
const RULES: readonly RuleCheck[] = [
  (route) => (route.settings.description ? null : 'needs a description (the OpenAPI summary)'),
  (route) => (route.settings.tags?.includes('api') ? null : "needs the tag 'api' (every operation of the API has it)"),
  (route) => (validationOf(route).query ? null : 'validate its query (validate.query)'),
  (route) => (!route.path.includes('{') || validationOf(route).params ? null : 'validate its path parameters (validate.params)'),
  (route) => (!WITH_BODY.has(route.method) || validationOf(route).payload ? null : 'validate its body (validate.payload)'),
  (route) => (declaresResponse(route) ? null : 'declare its response schema (response.schema or response.status)'),
  (route, server) =>
    !needsScope(route, server) || 'scope' in platformRulesOf(route) ? null : 'declare plugins.platform.scope (an OAuth scope, or null for API keys only)',
  (route) => scopeRefusal(route),
  (route) => declaredErrorsRefusal(route),
];

/**
 * Makes the check an onPreStart step: it runs once every route is added, ahead of the steps
 * registered after it. `blame` turns an error into the one the start fails with.
 */
export function checkRouteContractAtStart(server: Server, blame: (error: RouteContractError) => Error = (error) => error): void {
  server.ext('onPreStart', () => {
    for (const route of server.table()) {
      if (isFallback(route)) continue;
      const broken = RULES.map((rule) => rule(route, server)).find((refusal) => refusal !== null);
      if (broken) throw blame(new RouteContractError(route, broken));
    }
  });
}

/** The catch-all that answers 404 and 405 for every other path (core/server.ts): no operation of the API. */
function isFallback(route: RequestRoute): boolean {
  return route.method === '*' && route.path === '/{any*}';
}

function validationOf(route: RequestRoute): Record<string, unknown> {
  return (route.settings.validate ?? {}) as Record<string, unknown>;
}

/** hapi leaves `status` unset unless the route declared `schema` or `status`. */
function declaresResponse(route: RequestRoute): boolean {
  const response = route.settings.response as { schema?: unknown; status?: unknown } | undefined;
  return response?.schema !== undefined || response?.status !== undefined;
}

function platformRulesOf(route: RequestRoute): PlatformRouteOptions {
  return route.settings.plugins?.platform ?? {};
}

/** An /api/v1 route that API keys (and so OAuth tokens) are required on: tokens need a scope for it. */
function needsScope(route: RequestRoute, server: Server): boolean {
  if (!route.path.startsWith('/api/v1/')) return false;
  // What hapi's auth.lookup(route) reads: `false` when the route turned auth off, else its own or the default.
  const own = route.settings.auth as false | { mode?: string; strategies?: string[] } | undefined;
  const auth = own === false ? null : (own ?? server.auth.settings.default);
  if (!auth || auth.mode === 'try' || auth.mode === 'optional') return false;
  return auth.strategies?.[0] === 'api-key';
}

/** A declared scope is one of SCOPES: a read one for reads, a write one for writes (a search sent as POST reads). */
function scopeRefusal(route: RequestRoute): string | null {
  const scope = platformRulesOf(route).scope;
  if (scope === null || scope === undefined) return null;
  if (!(SCOPES as readonly string[]).includes(scope)) return `plugins.platform.scope: ${scope} is not an OAuth scope (${SCOPES.join(', ')})`;
  if (route.method === 'get') return scope.endsWith(':read') ? null : `plugins.platform.scope: a read takes a :read scope, not ${scope}`;
  if (route.path.endsWith('/search')) return null;
  return scope.endsWith(':write') ? null : `plugins.platform.scope: a write takes a :write scope, not ${scope}`;
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** Declared errors (`plugins.platform.errors`) are error statuses with snake_case codes: a typo would be documented as it is. */
function declaredErrorsRefusal(route: RequestRoute): string | null {
  const errors: unknown = platformRulesOf(route).errors;
  if (errors === undefined) return null;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'plugins.platform.errors must map statuses to codes';
  for (const [status, codes] of Object.entries(errors)) {
    if (!/^[45]\d\d$/.test(status)) return `plugins.platform.errors: status ${status} is not a 4xx or 5xx status`;
    if (!Array.isArray(codes) || codes.length === 0) return `plugins.platform.errors: the codes of ${status} must be a non-empty list`;
    const bad = codes.find((code) => typeof code !== 'string' || !SNAKE_CASE.test(code));
    if (bad !== undefined) return `plugins.platform.errors: code ${JSON.stringify(bad)} of ${status} is not snake_case`;
  }
  return null;
}
