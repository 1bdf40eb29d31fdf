// What an authenticated request (API key, OAuth token or dashboard session) must pass before its
// handler runs, in this order: the account's IP allowlist, the rate limit (so a refused request
// still counts and still gets the headers), the member's role, the chatbot key's scope, the token's
// OAuth scope, the plan's access level, then Idempotency-Key.
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import { currentRoleOf, OPERATOR, roleAtLeast, type Maker } from './auth/makers.js';
import type { MemberRole } from './auth/members.js';
import { SCOPES, type Scope } from './auth/oauth-tokens.js';
import { addressListOf, ClientAddressResolver, listHas } from './client-address.js';
import { apiError } from './errors.js';
import { beginIdempotentRequest } from './idempotency.js';
import type { ApiCaller, Platform, PlatformRouteOptions } from './platform.js';
import { rateLimitHeaders, retryAfterSeconds } from './rate-limit.js';

export function registerAccessRules(server: Server, platform: Platform): void {
  const addresses = new ClientAddressResolver(platform.config.server.trust_proxy);
  server.ext('onPostAuth', async (request, h) => {
    const caller = request.auth.credentials?.app?.caller;
    if (!caller) return h.continue;
    const options: PlatformRouteOptions = request.route.settings.plugins?.platform ?? {};
    const now = platform.now();

    checkIpAllowlist(addresses, caller, request);

    const rateLimit = await platform.requestCounts.consume(caller.tenant, caller.plan, now);
    request.app.rateLimit = rateLimit;
    if (rateLimit.exceeded) {
      const window = rateLimit.exceeded;
      throw apiError(429, 'rate_limited', `The ${window.window} request limit of ${window.limit} is used up`, {
        headers: { 'Retry-After': String(retryAfterSeconds(window, now)), ...rateLimitHeaders(rateLimit, now) },
      });
    }

    checkMemberRole(caller, options);
    checkChatbotKeyScope(caller, options, request);
    checkTokenScope(caller, options);
    checkPlanAccess(caller, options, request);

    const replay = await beginIdempotentRequest(platform, platform.idempotencyKeys, caller.tenant, caller.credentialId, request, h);
    return replay ?? h.continue;
  });
  // Request counts held in memory reach the store before it closes (its onPostStop comes later).
  server.ext('onPostStop', () => platform.requestCounts.stop());
}

function checkIpAllowlist(addresses: ClientAddressResolver, caller: ApiCaller, request: Request): void {
  if (!caller.plan.ip_allowlist || caller.account.ip_allowlist.length === 0) return;
  const ip = addresses.resolve(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | undefined);
  if (!ip || !listHas(addressListOf(caller.account.ip_allowlist), ip)) {
    throw apiError(403, 'ip_not_allowed', `Requests from ${ip ?? 'this address'} are not in the account's IP allowlist`);
  }
}

/**
 * Agents answer conversations and nothing else (docs/ARCHITECTURE.md A6); owners and admins reach every route.
 * A key or token acts with its maker's current role, so one whose maker is now an agent is an agent.
 */
function checkMemberRole(caller: ApiCaller, options: PlatformRouteOptions): void {
  if (caller.role === 'agent' && !options.agent) {
    throw apiError(403, 'insufficient_role', 'Agents may only work on conversations: ask an owner or admin of the account');
  }
}

/** 403 `insufficient_role` unless the caller acts with one of `roles` (a key or token: its maker's current role). */
export function assertMemberRole(request: Request, roles: readonly MemberRole[], what: string): void {
  const caller = request.auth.credentials?.app?.caller;
  if (caller && !roles.includes(caller.role)) throw apiError(403, 'insufficient_role', `Only ${roles.join(' or ')} members may ${what}`);
}

/**
 * Rotating, revoking or deleting a credential hands its power to the caller or takes it from its
 * maker, so it needs a caller at or above the maker's current role (403 `insufficient_role`). A
 * credential whose maker left no longer works: anyone who manages credentials may replace it, and
 * the replacement is the caller's. Returns the maker a replacement records: never a higher one.
 */
export async function makerForReplacement(platform: Platform, caller: ApiCaller, maker: Maker, what: string): Promise<Maker> {
  const role = await currentRoleOf(platform.members, caller.account.id, maker);
  if (role === null) return caller.maker;
  if (!roleAtLeast(caller.role, role)) {
    const whose = maker === OPERATOR ? 'the operator (the CLI or the operator API)' : `an ${role}`;
    throw apiError(403, 'insufficient_role', `Only ${role === 'owner' ? 'an owner' : 'an owner or admin'} may ${what} made by ${whose}`);
  }
  return maker;
}

function checkChatbotKeyScope(caller: ApiCaller, options: PlatformRouteOptions, request: Request): void {
  if (caller.key?.kind !== 'chatbot' || options.chatbotKey === 'scoped') return;
  if (!options.chatbotKey || request.params.id !== caller.key.chatbot_id) throw keyScopeError(caller.key.chatbot_id!);
}

/** An OAuth token reaches a route only with the route's scope; API keys have every scope. */
function checkTokenScope(caller: ApiCaller, options: PlatformRouteOptions): void {
  if (!caller.oauth) return;
  const needed = options.scope;
  if (needed && caller.oauth.scopes.includes(needed)) return;
  throw insufficientScope(needed ?? null);
}

/**
 * A scope a route needs besides the one it declares (qa-from-message writes knowledge from what it
 * reads of conversations): 403 `insufficient_scope`, as for the declared one, when an OAuth token
 * lacks it. API keys have every scope.
 */
export function assertTokenScope(request: Request, scope: Scope): void {
  const oauth = request.auth.credentials?.app?.caller?.oauth;
  if (oauth && !oauth.scopes.includes(scope)) throw insufficientScope(scope);
}

/**
 * The one table of what events an OAuth token sees: the area an event type belongs to (the part
 * before the dot) and that area's read scope. An event carries its area's data (`message.created`
 * a visitor's text, `lead.*` contact details), so every feed of events (`/events`, a webhook's
 * delivery log, the inbox stream) and every webhook subscription holds a token to it. Types of
 * no area here (external plugins') are for API keys and members only.
 */
export const EVENT_AREA_SCOPES: Readonly<Record<string, Scope>> = {
  message: 'conversations:read',
  conversation: 'conversations:read',
  lead: 'leads:read',
  chatbot: 'chatbots:read',
  knowledge: 'knowledge:read',
  webhook: 'webhooks:read',
};

/** The scope a token needs to see events of `type`; null: no token sees them. */
export function eventScope(type: string): Scope | null {
  return EVENT_AREA_SCOPES[type.slice(0, type.indexOf('.'))] ?? null;
}

/** Whether the caller sees events of `type`: API keys and members every one, tokens those of their scopes. */
export function seesEventType(caller: ApiCaller, type: string): boolean {
  if (!caller.oauth) return true;
  const needed = eventScope(type);
  return needed !== null && caller.oauth.scopes.includes(needed);
}

/** The types among `types` the caller sees, or null when it sees every type (keys and members). */
export function visibleEventTypes(caller: ApiCaller, types: readonly string[]): string[] | null {
  return caller.oauth ? types.filter((type) => seesEventType(caller, type)) : null;
}

/** 403 `insufficient_scope` naming the scope events of `type` need, unless the caller sees them. */
export function assertSeesEventType(caller: ApiCaller, type: string): void {
  if (!seesEventType(caller, type)) throw insufficientScope(eventScope(type), type);
}

/**
 * A webhook subscription delivers events to a URL of the caller's choosing: a token subscribes
 * only to the types it sees, and to `*` only with every area's scope (external plugins' types,
 * which no token sees, are left out of what `*` asks).
 */
export function assertMaySubscribe(caller: ApiCaller, types: readonly string[]): void {
  if (!caller.oauth) return;
  if (types.includes('*')) {
    for (const scope of Object.values(EVENT_AREA_SCOPES)) if (!caller.oauth.scopes.includes(scope)) throw insufficientScope(scope);
    return;
  }
  for (const type of types) assertSeesEventType(caller, type);
}

/** 403 for a token: the scope it lacks; null, when no scope would do (the route, or the event type named, is for API keys and members). */
function insufficientScope(needed: Scope | null, eventType?: string) {
  const nobody = eventType
    ? `No OAuth scope covers ${eventType} events: only API keys and dashboard members see them`
    : 'This route takes an API key, not an OAuth access token';
  const message = needed ? `This access token lacks the scope ${needed}` : nobody;
  const challenge = `Bearer error="insufficient_scope", error_description="${message}"${needed ? `, scope="${needed}"` : ''}`;
  return apiError(403, 'insufficient_scope', message, { headers: { 'WWW-Authenticate': challenge } });
}

function keyScopeError(chatbotId: string) {
  return apiError(
    403,
    'key_scope_chatbot',
    `This key only works for chatbot ${chatbotId} and its settings, widget, conversations, knowledge and leads`,
  );
}

/**
 * The chatbot a chatbot-scoped key is confined to, or null for account keys. Routes marked
 * `chatbotKey: 'scoped'` read it to show and change that chatbot's records only.
 */
export function chatbotKeyScope(request: Request): string | null {
  const key = request.auth.credentials?.app?.caller?.key;
  return key?.kind === 'chatbot' ? key.chatbot_id : null;
}

/** 403 `key_scope_chatbot` for a chatbot-scoped key naming a chatbot other than its own. */
export function assertChatbotKeyAllows(request: Request, chatbotId: string): void {
  const scope = chatbotKeyScope(request);
  if (scope && scope !== chatbotId) throw keyScopeError(scope);
}

function checkPlanAccess(caller: ApiCaller, options: PlatformRouteOptions, request: Request): void {
  if (options.feature && !caller.plan[options.feature]) {
    throw apiError(403, 'plan_feature_unavailable', `The ${caller.account.plan} plan does not include ${options.feature}; upgrade to use them`);
  }
  const needs = options.access ?? (request.method === 'get' || request.method === 'head' ? 'read' : 'write');
  const has = caller.plan.access;
  if (needs === 'read' || has === 'full') return;
  // The read-only rule is the plan's API access: members in the dashboard may still write (docs/ARCHITECTURE.md A6).
  if (needs === 'write' && has === 'read' && !options.allowOnReadOnlyPlan && !caller.member) {
    throw apiError(403, 'plan_read_only', `The ${caller.account.plan} plan has read-only API access; upgrade to write`);
  }
  if (needs === 'full') {
    throw apiError(403, 'plan_feature_unavailable', `This feature needs a plan with full API access`);
  }
}

/**
 * Declares the OAuth scope of each /api/v1 route that does not declare its own: `scopeOf(route)`,
 * a scope or null (API keys only). `areaScope('leads')` gives `leads:read` for GET and
 * `leads:write` for the rest. Every plugin passes its routes through this or sets `scope` on each;
 * the route-contract test holds every route to it.
 */
export function withScopes<R extends ServerRoute>(routes: R[], scopeOf: (route: ServerRoute) => Scope | null): R[] {
  return routes.map((route) => {
    const options = (route.options ?? {}) as Exclude<ServerRoute['options'], (...args: never[]) => unknown> & object;
    const platform: PlatformRouteOptions = options.plugins?.platform ?? {};
    if ('scope' in platform) return route;
    return { ...route, options: { ...options, plugins: { ...options.plugins, platform: { ...platform, scope: scopeOf(route) } } } };
  });
}

export function areaScope(area: 'chatbots' | 'conversations' | 'knowledge' | 'leads' | 'webhooks' | 'analytics' | 'model_providers') {
  return (route: ServerRoute): Scope => {
    const scope = `${area}:${String(route.method).toLowerCase() === 'get' ? 'read' : 'write'}`;
    if (!(SCOPES as readonly string[]).includes(scope)) throw new Error(`${route.method} ${route.path}: there is no scope ${scope}`);
    return scope as Scope;
  };
}

/** Account, key and OAuth client management: API keys only. */
export const apiKeysOnly = (): null => null;
