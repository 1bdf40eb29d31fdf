// What an authenticated API-key request must pass before its handler runs, in this order:
// the account's IP allowlist, the rate limit (so a refused request still counts and still gets
// the headers), the chatbot key's scope, the plan's access level, then Idempotency-Key.
import { BlockList, isIP } from 'node:net';
import type { Request, Server } from '@hapi/hapi';
import { apiError } from './errors.js';
import { beginIdempotentRequest } from './idempotency.js';
import type { ApiCaller, Platform, PlatformRouteOptions } from './platform.js';
import { consumeRequest, rateLimitHeaders, retryAfterSeconds } from './rate-limit.js';

export function registerAccessRules(server: Server, platform: Platform): void {
  server.ext('onPostAuth', async (request, h) => {
    const caller = request.auth.credentials?.app?.caller;
    if (!caller) return h.continue;
    const options: PlatformRouteOptions = request.route.settings.plugins?.platform ?? {};
    const now = platform.now();

    checkIpAllowlist(platform, caller, request);

    const rateLimit = await consumeRequest(platform.store.counters, caller.tenant, caller.plan, now);
    request.app.rateLimit = rateLimit;
    if (rateLimit.exceeded) {
      const window = rateLimit.exceeded;
      throw apiError(429, 'rate_limited', `The ${window.window} request limit of ${window.limit} is used up`, {
        headers: { 'Retry-After': String(retryAfterSeconds(window, now)), ...rateLimitHeaders(rateLimit, now) },
      });
    }

    checkChatbotKeyScope(caller, options, request);
    checkPlanAccess(caller, options, request);

    const replay = await beginIdempotentRequest(platform, platform.idempotencyKeys, caller.tenant, request, h);
    return replay ?? h.continue;
  });
}

function checkIpAllowlist(platform: Platform, caller: ApiCaller, request: Request): void {
  if (!caller.plan.ip_allowlist || caller.account.ip_allowlist.length === 0) return;
  const ip = clientIp(request, platform.config.server.trust_proxy);
  if (!ip || !allowlistOf(caller.account.ip_allowlist).check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) {
    throw apiError(403, 'ip_not_allowed', `Requests from ${ip ?? 'this address'} are not in the account's IP allowlist`);
  }
}

export function clientIp(request: Request, trustProxy: boolean): string | null {
  const forwarded = trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
  const address = forwarded || request.info.remoteAddress;
  if (!address) return null;
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Builds a BlockList from CIDRs ("10.0.0.0/8", "2001:db8::/32") or single addresses. */
export function allowlistOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function checkChatbotKeyScope(caller: ApiCaller, options: PlatformRouteOptions, request: Request): void {
  if (caller.key.kind !== 'chatbot') return;
  if (!options.chatbotKey || request.params.id !== caller.key.chatbot_id) {
    throw apiError(
      403,
      'key_scope_chatbot',
      `This key only works for chatbot ${caller.key.chatbot_id} and its settings, widget, conversations, knowledge and leads`,
    );
  }
}

function checkPlanAccess(caller: ApiCaller, options: PlatformRouteOptions, request: Request): void {
  if (options.feature && !caller.plan[options.feature]) {
    throw apiError(403, 'plan_feature_unavailable', `The ${caller.account.plan} plan does not include ${options.feature}; upgrade to use them`);
  }
  const needs = options.access ?? (request.method === 'get' || request.method === 'head' ? 'read' : 'write');
  const has = caller.plan.access;
  if (needs === 'read' || has === 'full') return;
  if (needs === 'write' && has === 'read' && !options.allowOnReadOnlyPlan) {
    throw apiError(403, 'plan_read_only', `The ${caller.account.plan} plan has read-only API access; upgrade to write`);
  }
  if (needs === 'full') {
    throw apiError(403, 'plan_feature_unavailable', `This feature needs a plan with full API access`);
  }
}

