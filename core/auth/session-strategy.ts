// The dashboard's session cookie (docs/ARCHITECTURE.md A6) as a third credential beside API keys and OAuth tokens.
// @hapi/cookie reads and seals the cookie (`cbp_session`, iron, a key derived from the server key);
// the session itself is resolved here, in onPostAuth before the access rules, rather than in the
// scheme's `validate`: that one turns every error into "Invalid cookie", so a store outage would
// sign members out instead of answering 503.
import cookie from '@hapi/cookie';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import { apiError, unauthorized } from '../errors.js';
import type { ApiCaller, Platform } from '../platform.js';
import { derivedKey } from '../secret-box.js';
import { effectivePlan } from './accounts.js';
import { hashToken } from './members.js';
import { idleDeadline, SESSION_ABSOLUTE_MS, SESSION_TOKEN_PATTERN, SESSION_TOUCH_MS } from './sessions.js';

export const SESSION_COOKIE = 'cbp_session';

/** What the sealed cookie holds: the session token (its hash is the stored session's key). */
export interface SessionCookie {
  token: string;
}

export async function registerSessionStrategy(server: Server, platform: Platform): Promise<void> {
  await server.register(cookie);
  server.auth.strategy('session', 'cookie', {
    cookie: {
      name: SESSION_COOKIE,
      password: derivedKey(platform.config, 'dashboard session cookie').toString('hex'),
      path: '/',
      isHttpOnly: true,
      isSameSite: 'Strict',
      // Secure is decided per request when the cookie is set (the sign-in routes' h.state, overTls): behind TLS
      // or an https PUBLIC_URL only.
      isSecure: false,
      ttl: SESSION_ABSOLUTE_MS,
      clearInvalid: true,
    },
  });
  server.ext('onPostAuth', async (request, h) => {
    if (request.auth.strategy !== 'session' || !request.auth.isAuthenticated) return h.continue;
    const caller = await resolveSession(platform, request, h);
    if (request.method !== 'get' && request.method !== 'head') assertSameOrigin(platform, request);
    request.auth.credentials.app = { caller };
    return h.continue;
  });
}

async function resolveSession(platform: Platform, request: Request, h: ResponseToolkit): Promise<ApiCaller> {
  const { token } = request.auth.credentials as unknown as Partial<SessionCookie>;
  const now = platform.now();
  const signedOut = () => {
    h.unstate(SESSION_COOKIE);
    return unauthorized('session_expired', 'Your dashboard session has expired or was ended: sign in again');
  };
  if (typeof token !== 'string' || !SESSION_TOKEN_PATTERN.test(token)) throw signedOut();
  const sessions = platform.dashboardSessions.global();
  const session = await sessions.findOne({ token_hash: hashToken(token) });
  if (!session || session.expires_at <= now.toISOString()) throw signedOut();
  const [member, account] = await Promise.all([platform.members.global().get(session.member_id), platform.accounts.global().get(session.account)]);
  if (!member || member.status !== 'active' || member.account !== session.account) throw signedOut();
  if (!account || account.status !== 'active') throw apiError(403, 'account_disabled', 'This account is disabled');
  let current = session;
  if (now.getTime() - Date.parse(session.last_seen_at) >= SESSION_TOUCH_MS) {
    // Use extends the idle deadline, written at most once a minute so reads stay reads.
    const touched = { last_seen_at: now.toISOString(), expires_at: idleDeadline(session, now) };
    await sessions.update(session.id, touched);
    current = { ...session, ...touched };
  }
  // The session routes answer from these rather than reading them again.
  request.app.dashboardSession = { session: current, member };
  return {
    tenant: { accountId: account.id, mode: session.data_mode },
    account,
    plan: effectivePlan(platform.config, account),
    key: null,
    oauth: null,
    member: { id: member.id, role: member.role, sessionId: session.id },
    role: member.role,
    maker: member.id,
    credentialId: member.id,
  };
}

/** The origin this server is reached at: PUBLIC_URL when set, else the request's scheme and Host. */
export function serverOrigin(platform: Platform, request: Request): string {
  const configured = platform.config.server.public_url;
  if (configured) return new URL(configured).origin;
  return `${overTls(platform, request) ? 'https' : 'http'}://${request.info.host}`;
}

/**
 * Whether the client reached us over TLS: directly, through a trusted proxy that says so, or at an
 * https PUBLIC_URL. A proxy that terminates TLS need not be trusted for us to know that: an https
 * public URL is what the operator tells browsers to use, and the session cookie (Secure from this)
 * must never travel in clear text from there.
 */
export function overTls(platform: Platform, request: Request): boolean {
  if (request.server.info.protocol === 'https') return true;
  const publicUrl = platform.config.server.public_url;
  if (publicUrl && new URL(publicUrl).protocol === 'https:') return true;
  const forwarded = request.headers['x-forwarded-proto'];
  return Boolean(platform.config.server.trust_proxy) && typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https';
}

/**
 * A cookie rides along on any request the browser makes to us, so a write made with one must come
 * from our own pages: browsers send `Origin` on every cross-origin request and on same-origin writes.
 * SameSite=Strict already keeps the cookie off cross-site requests; this also covers sibling
 * subdomains (same site, other origin) and old browsers.
 */
export function assertSameOrigin(platform: Platform, request: Request): void {
  const origin = request.headers.origin as string | undefined;
  const expected = serverOrigin(platform, request);
  if (origin !== expected) {
    const given = origin === undefined ? 'missing' : JSON.stringify(origin.slice(0, 200));
    throw apiError(403, 'origin_mismatch', `Dashboard writes must come from ${expected} (Origin was ${given})`);
  }
}
