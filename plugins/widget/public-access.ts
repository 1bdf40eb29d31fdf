// What every public widget request passes before its handler, in this order: the per-IP request
// limit, the chatbot (found by its id alone), the `Origin` against `allowed_origins`, then, on the
// conversation routes, the visitor's conversation token. And the CORS headers of the answer: the
// allowed `Origin` echoed, never credentials. docs/ARCHITECTURE.md A6.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, ResponseObject } from '@hapi/hapi';
import bearer from 'hapi-auth-bearer-token';
import type { Boom } from '@hapi/boom';
import { apiError, ClientAddressResolver, consumeMinuteLimit, notFound, unauthorized, type BuiltInPluginApi, type TenantScope } from '../../core/index.js';
import type { PublicWidget, WidgetDirectory } from './directory.js';
import { wildcardTooBroad } from './settings.js';
import type { WidgetCollections } from './collections.js';

export const TOKEN_PATTERN = /^wct_[A-Za-z0-9_-]{43}$/;
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Accept';
const CORS_EXPOSED_HEADERS = 'Retry-After, X-Request-Id';

export interface WidgetRouteOptions {
  /** A public widget route: rate limited per IP, its chatbot and origin checked. */
  public: true;
  /** Which per-IP limit besides the request limit it counts against. */
  limit?: 'messages' | 'forms' | 'typing';
}

export interface VisitorCredentials {
  tenant: TenantScope;
  chatbotId: string;
  conversationId: string;
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    widget?: WidgetRouteOptions;
  }
  interface RequestApplicationState {
    widget?: PublicWidget;
    /** The request's `Origin` once allowed: echoed in the CORS headers. */
    widgetOrigin?: string;
  }
  interface AppCredentials {
    visitor?: VisitorCredentials;
  }
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newVisitorToken(): string {
  return `wct_${randomBytes(32).toString('base64url')}`;
}

/**
 * Whether `origin` is one `allowed` lists (`https://*.example.com` allows its subdomains). Empty
 * allows any. A wildcard over a public suffix, stored before those were refused, matches nothing
 * (the settings API reports it as `ignored_origins`).
 */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  if (allowed.length === 0) return true;
  const given = origin.toLowerCase();
  return allowed.some((entry) => {
    if (entry === given) return true;
    const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(entry);
    if (!wildcard || wildcardTooBroad(entry)) return false;
    const [, scheme, rest] = wildcard;
    return given.startsWith(scheme!) && given.endsWith(`.${rest}`) && given.length > scheme!.length + rest!.length + 1;
  });
}

export async function registerWidgetAccess(api: BuiltInPluginApi, directory: WidgetDirectory, collections: WidgetCollections): Promise<void> {
  const { server } = api.privileged;
  const { config } = api.privileged.platform;
  const addresses = new ClientAddressResolver(config.server.trust_proxy);
  const limits = config.widget.rate_limits;

  async function limit(request: Request, kind: string, perMinute: number): Promise<void> {
    const ip = addresses.resolve(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | undefined) ?? 'unknown';
    const retryAfter = await consumeMinuteLimit(api.counters, `widget:${kind}:${ip}`, perMinute, api.now());
    if (retryAfter !== null) {
      throw apiError(429, 'rate_limited', `Too many widget ${kind} from this address; try again in ${retryAfter} s`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  }

  server.ext('onPreAuth', async (request, h) => {
    const options = request.route.settings.plugins?.widget;
    if (!options?.public) return h.continue;
    await limit(request, 'requests', limits.requests_per_minute);
    // The id is checked here already (validation comes after authentication): a malformed one is
    // simply not found.
    const chatbotId = String(request.params.id ?? '');
    const widget = chatbotId.startsWith('cb_') && chatbotId.length <= 64 ? await directory.findPublic(chatbotId) : null;
    if (!widget) throw notFound('chatbot', chatbotId);
    const origin = request.headers.origin as string | undefined;
    if (typeof origin === 'string') {
      if (!originAllowed(widget.settings.allowed_origins, origin)) {
        throw apiError(403, 'origin_not_allowed', `This chatbot's widget is not allowed on ${origin.slice(0, 300)}`);
      }
      request.app.widgetOrigin = origin;
    }
    request.app.widget = widget;
    if (options.limit === 'messages') await limit(request, 'messages', limits.messages_per_minute);
    if (options.limit === 'forms') await limit(request, 'forms', limits.forms_per_minute);
    if (options.limit === 'typing') await limit(request, 'typing marks', limits.typing_per_minute);
    return h.continue;
  });

  // CORS on every answer of a public route, errors included, for an allowed origin only.
  server.ext('onPreResponse', (request, h) => {
    if (!request.route.settings.plugins?.widget?.public) return h.continue;
    const response = request.response as ResponseObject | Boom;
    const headers = 'isBoom' in response && response.isBoom ? response.output.headers : (response as ResponseObject).headers;
    const vary = headers['Vary'] ?? headers['vary'];
    headers['Vary'] = vary ? `${vary}, Origin` : 'Origin';
    if (request.app.widgetOrigin) {
      headers['Access-Control-Allow-Origin'] = request.app.widgetOrigin;
      headers['Access-Control-Expose-Headers'] = CORS_EXPOSED_HEADERS;
    }
    return h.continue;
  });

  await server.register(bearer, { once: true }); // the scheme; core registered it already
  server.auth.strategy('widget-token', 'bearer-access-token', {
    unauthorized: () => unauthorized('missing_credentials', 'Send the conversation token as "Authorization: Bearer <token>"'),
    validate: async (request: Request, token: string) => {
      const widget = request.app.widget;
      const conversationId = String(request.params.convId ?? '');
      if (!widget || !(await tokenMatches(collections, widget, conversationId, token))) throw invalidToken();
      const visitor: VisitorCredentials = { tenant: widget.tenant, chatbotId: widget.widget.chatbot_id, conversationId };
      return { isValid: true, credentials: { app: { visitor } } };
    },
  });
}

export function invalidToken(message = 'The conversation token is not valid for this conversation'): Boom {
  return unauthorized('invalid_token', message);
}

/** Whether `token` is the one issued for this conversation of this widget's chatbot. */
export async function tokenMatches(collections: WidgetCollections, widget: PublicWidget, conversationId: string, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const stored = await collections.tokens.forTenant(widget.tenant).get(conversationId);
  if (!stored || stored.chatbot_id !== widget.widget.chatbot_id) return false;
  const hash = hashVisitorToken(token);
  // Each check runs whatever the first found: the time taken does not say which matched.
  return [stored.token_hash, ...(stored.device_hashes ?? [])].map((candidate) => sameHash(candidate, hash)).includes(true);
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
