// Signing in and out of the dashboard, the session's mode, password changes and accepting an
// invitation (docs/ARCHITECTURE.md A6; docs/API-DECISIONS.md "Members, sessions and the dashboard").
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import {
  apiError,
  callerOf,
  ClientAddressResolver,
  hashPassword,
  hashInvitationToken as hashToken,
  openSession,
  presentMember,
  revokeMemberSessions,
  SESSION_COOKIE,
  verifyPassword,
  type Account,
  type BuiltInPluginApi,
  type DashboardSession,
  type Member,
  type Mode,
  type SessionCookie,
} from '../../core/index.js';
import { avatarUrl, email, memberName, mode, password, sessionResponse } from './schemas.js';
import { setupRoutes } from './setup-routes.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** Memberships of one address considered at a sign-in that names no account (their hashes are all checked). */
const MAX_MEMBERSHIPS = 20;

/** Session routes: the cookie only (an API key has no session), and agents use them too. */
const sessionAuth = { strategies: ['session'] };
const everyRole = { platform: { agent: true } };

export function sessionRoutes(api: BuiltInPluginApi): ServerRoute[] {
  const { platform, auth } = api.privileged;
  const throttle = new SignInThrottle(api.counters, () => api.now());
  const addresses = new ClientAddressResolver(platform.config.server.trust_proxy);
  const clientAddress = (request: Request) =>
    addresses.resolve(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | undefined) ?? 'unknown';

  function present(session: Pick<DashboardSession, 'data_mode' | 'expires_at'>, member: Member, account: Account) {
    return {
      member: presentMember(member),
      account: { id: account.id, name: account.name, plan: account.plan },
      mode: session.data_mode,
      expires_at: session.expires_at,
    };
  }

  /** Opens a session for an active member and sets its cookie (Secure when the request came over TLS). */
  async function signIn(request: Request, h: ResponseToolkit, member: Member, sessionMode: Mode) {
    const now = api.now();
    const account = await platform.accounts.global().get(member.account);
    if (!account || account.status !== 'active') throw apiError(403, 'account_disabled', 'This account is disabled');
    const { token, record } = await openSession(platform.dashboardSessions, { accountId: account.id, memberId: member.id, mode: sessionMode, now });
    const updated = await platform.members.global().update(member.id, { last_sign_in_at: now.toISOString(), updated_at: now.toISOString() });
    const cookie: SessionCookie = { token };
    h.state(SESSION_COOKIE, cookie, { isSecure: auth.overTls(request) });
    return present(record, updated ?? member, account);
  }

  /**
   * The active memberships of this address (in `account` only, when named) whose password this is.
   * The hashes are checked together (scrypt runs on libuv's threads), and an address with none
   * costs a hash too, so timing says little about how many accounts an address belongs to.
   */
  async function membershipsOpenedBy(address: string, password: string, account?: string): Promise<Member[]> {
    const filter = { email: address, status: 'active', ...(account ? { account } : {}) };
    const candidates = await platform.members.global().list({ filter, limit: MAX_MEMBERSHIPS, sort: { field: 'created_at', direction: 'asc' } });
    if (candidates.length === 0) {
      await verifyPassword(password, null);
      return [];
    }
    const valid = await Promise.all(candidates.map((member) => verifyPassword(password, member.password_hash)));
    return candidates.filter((_, i) => valid[i]);
  }

  /** 409 `account_required`: the password opens several accounts; they are named so the caller can pick one. */
  async function accountRequired(opened: Member[]) {
    const accounts = await Promise.all(opened.map((member) => platform.accounts.global().get(member.account)));
    const details = opened.map((member, i) => ({ path: 'account', type: 'account.choice', value: member.account, message: accounts[i]?.name ?? member.account }));
    return apiError(409, 'account_required', 'This address and password open several accounts: name one in "account"', { details });
  }

  /** Browsers send Origin with every POST; a sign-in from another site's page (login CSRF) is refused. */
  function assertOriginIfSent(request: Request): void {
    if (request.headers.origin !== undefined) auth.assertSameOrigin(request);
  }

  /** The session, member and account the session strategy read for this request (session routes only). */
  function signedIn(request: Request) {
    return { ...request.app.dashboardSession!, account: callerOf(request).account };
  }

  return [
    ...setupRoutes(api, { throttle, clientAddress, assertOriginIfSent, signIn: (request, h, member) => signIn(request, h, member, 'live') }),
    {
      method: 'POST',
      path: '/dashboard/session',
      options: {
        auth: false,
        description: 'Sign in to the dashboard',
        notes:
          'Sets the `cbp_session` cookie (HttpOnly, SameSite=Strict) that authenticates `/api/v1` requests as the ' +
          'member, in `mode` (`live` by default). An address may be a member of several accounts, each with its own ' +
          'password: the password picks the account; when it opens more than one, 409 `account_required` lists them in ' +
          '`details` (`path` `account`, `value` the account id, `message` its name) and `account` names the one to ' +
          'sign in to. A wrong e-mail or password is 401 `invalid_credentials`; past 10 ' +
          'attempts for one e-mail from one address, or 100 from one address, within 15 minutes, 429 `sign_in_throttled`. ' +
          'Posted from another origin: 403 `origin_mismatch`; a disabled account: 403 `account_disabled`.',
        tags: ['api', 'dashboard'],
        plugins: { platform: { errors: { 401: ['invalid_credentials'], 403: ['account_disabled', 'origin_mismatch'], 409: ['account_required'], 429: ['sign_in_throttled'] } } },
        validate: {
          payload: Joi.object({
            email: email.required(),
            password: Joi.string().max(1000).required(),
            mode: mode.default('live'),
            account: Joi.string().max(64).description('The account to sign in to, when the address is a member of several'),
          }),
        },
        response: { schema: sessionResponse },
        handler: async (request, h) => {
          assertOriginIfSent(request);
          const input = request.payload as { email: string; password: string; mode: Mode; account?: string };
          await throttle.attempt(input.email, clientAddress(request));
          const opened = await membershipsOpenedBy(input.email, input.password, input.account);
          if (opened.length === 0) throw apiError(401, 'invalid_credentials', 'The e-mail address or the password is not right');
          if (opened.length > 1) throw await accountRequired(opened);
          return signIn(request, h, opened[0]!, input.mode);
        },
      },
    },
    {
      method: 'GET',
      path: '/dashboard/session',
      options: {
        auth: sessionAuth,
        description: 'The signed-in member, their account and the mode of the dashboard session',
        tags: ['api', 'dashboard'],
        plugins: everyRole,
        response: { schema: sessionResponse },
        handler: (request) => {
          const { session, member, account } = signedIn(request);
          return present(session, member, account);
        },
      },
    },
    {
      method: 'PATCH',
      path: '/dashboard/session',
      options: {
        auth: sessionAuth,
        description: 'Switch the dashboard session between live and test data',
        tags: ['api', 'dashboard'],
        plugins: everyRole,
        validate: { payload: Joi.object({ mode: mode.required() }) },
        response: { schema: sessionResponse },
        handler: async (request) => {
          const { session, member, account } = signedIn(request);
          const updated = await platform.dashboardSessions.global().update(session.id, { data_mode: (request.payload as { mode: Mode }).mode });
          return present(updated ?? session, member, account);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/dashboard/session',
      options: {
        auth: sessionAuth,
        description: 'Sign out: ends this session and clears its cookie',
        tags: ['api', 'dashboard'],
        plugins: everyRole,
        response: { schema: Joi.object({ deleted: Joi.boolean().valid(true).required() }).label('SignedOut') },
        handler: async (request, h) => {
          await platform.dashboardSessions.global().delete(callerOf(request).member!.sessionId);
          h.unstate(SESSION_COOKIE);
          return { deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/dashboard/password',
      options: {
        auth: sessionAuth,
        description: 'Change the signed-in member’s password',
        notes:
          'Ends every session of the member and gives this browser a new one (a new cookie). A wrong ' +
          '`current_password` is 401 `invalid_credentials`; each try counts as a sign-in attempt (429 `sign_in_throttled`).',
        tags: ['api', 'dashboard'],
        plugins: { platform: { ...everyRole.platform, errors: { 401: ['invalid_credentials'], 429: ['sign_in_throttled'] } } },
        validate: { payload: Joi.object({ current_password: Joi.string().max(1000).required(), new_password: password.required() }) },
        response: { schema: Joi.object({ changed: Joi.boolean().valid(true).required() }).label('PasswordChanged') },
        handler: async (request, h) => {
          const { current_password, new_password } = request.payload as { current_password: string; new_password: string };
          const { session, member } = signedIn(request);
          await throttle.attempt(member.email, clientAddress(request));
          if (!(await verifyPassword(current_password, member.password_hash))) {
            throw apiError(401, 'invalid_credentials', 'The current password is not right');
          }
          const now = api.now().toISOString();
          // A pending reset link (members reset-password) dies with the password it was for.
          await platform.members
            .global()
            .update(member.id, { password_hash: await hashPassword(new_password), invitation_hash: null, invitation_expires_at: null, updated_at: now });
          // Every session ends, this one too, and this browser gets a new one: a cookie taken
          // before the change stops working.
          await revokeMemberSessions(platform.dashboardSessions, member.id);
          await signIn(request, h, member, session.data_mode);
          return { changed: true };
        },
      },
    },
    {
      method: 'PATCH',
      path: '/dashboard/profile',
      options: {
        auth: sessionAuth,
        description: 'Change the signed-in member’s own name or avatar',
        notes:
          'Every member, agents too (changing other members is `PATCH /api/v1/members/{userId}`, for owners and admins). ' +
          'Visitors see the name and avatar beside the member’s messages from the next one on; `avatar_url` is an https ' +
          'URL of at most 1,000 characters, null removes it.',
        tags: ['api', 'dashboard'],
        plugins: everyRole,
        validate: { payload: Joi.object({ name: memberName, avatar_url: avatarUrl }).min(1).label('OwnProfile') },
        response: { schema: sessionResponse },
        handler: async (request) => {
          const { session, member, account } = signedIn(request);
          const changes = request.payload as { name?: string; avatar_url?: string | null };
          const updated = await platform.members.global().update(member.id, { ...changes, updated_at: api.now().toISOString() });
          return present(session, updated ?? member, account);
        },
      },
    },
    {
      method: 'POST',
      path: '/dashboard/invitations/accept',
      options: {
        auth: false,
        description: 'Accept an invitation or a password reset link: set a password and sign in',
        notes:
          'The token of an invitation, or of a password reset link (`chatbot-platform members reset-password`), which also ' +
          'ends the member’s other sessions. An unknown, used or expired token is 404 `invitation_not_found`. Sets the session cookie, in live mode. ' +
          'Posted from another origin: 403 `origin_mismatch`; a disabled account: 403 `account_disabled`.',
        tags: ['api', 'dashboard'],
        plugins: { platform: { errors: { 403: ['account_disabled', 'origin_mismatch'], 404: ['invitation_not_found'] } } },
        validate: { payload: Joi.object({ token: Joi.string().max(200).required(), password: password.required(), name: memberName }) },
        response: { schema: sessionResponse },
        handler: async (request, h) => {
          assertOriginIfSent(request);
          const input = request.payload as { token: string; password: string; name?: string };
          const members = platform.members.global();
          const member = await members.findOne({ invitation_hash: hashToken(input.token) });
          const now = api.now();
          // An active member's link is a password reset (chatbot-platform members reset-password).
          if (!member || !member.invitation_expires_at || member.invitation_expires_at <= now.toISOString()) {
            throw apiError(404, 'invitation_not_found', 'This invitation link is not valid: it was used, replaced or has expired');
          }
          const isReset = member.status === 'active';
          // Before the token is used: a link into a disabled account changes nothing.
          const account = await platform.accounts.global().get(member.account);
          if (!account || account.status !== 'active') throw apiError(403, 'account_disabled', 'This account is disabled');
          // Only if it is still this invitation: two tabs accepting at once cannot both set a password.
          const accepted = await members.update(
            member.id,
            {
              status: 'active',
              password_hash: await hashPassword(input.password),
              invitation_hash: null,
              invitation_expires_at: null,
              ...(input.name ? { name: input.name } : {}),
              updated_at: now.toISOString(),
            },
            { ifVersion: member.version },
          );
          // A reset ends every session the old password opened (whoever may have it).
          if (isReset) await revokeMemberSessions(platform.dashboardSessions, member.id);
          return signIn(request, h, accepted!, 'live');
        },
      },
    },
  ];
}
