// The account's members (docs/ARCHITECTURE.md A6): list, invite, read, change, remove, re-invite, sign out
// everywhere. Owners and admins in the dashboard, or an account API key (acting with the current
// role of the member who made it, as an owner when the operator made it); agents are refused by the
// access rules (core/access.ts).
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import {
  apiError,
  callerOf,
  listQuerySchema,
  newInvitation,
  newMember,
  notFound,
  pageSchema,
  paginate,
  presentMember,
  revokeMemberSessions,
  UniqueConstraintError,
  withTimeFilter,
  type BuiltInPluginApi,
  type Filter,
  type ListParams,
  type Member,
  type MemberRole,
  type PluginRoute,
} from '../../core/index.js';
import type { OwnerLock } from './owner-lock.js';
import { avatarUrl, email, invitationResponse, invitedMemberResponse, memberName, memberParams, memberResponse, role } from './schemas.js';

/** Only an owner makes, changes or removes an owner; an admin manages admins and agents. */
function assertMayManage(request: Request, roles: Array<MemberRole | undefined>): void {
  if (callerOf(request).role !== 'owner' && roles.includes('owner')) {
    throw apiError(403, 'insufficient_role', 'Only an owner may make, change or remove an owner');
  }
}

/**
 * Members are account-wide: whoever manages them reaches live data. So a key must be a live one;
 * a session may manage them in either mode (the member reaches live data anyway). Run before the
 * handler of every members route (plugins/members/index.ts).
 */
export function assertLiveOrSession(request: Request): void {
  const caller = callerOf(request);
  if (!caller.member && caller.tenant.mode !== 'live') {
    throw apiError(403, 'live_mode_required', 'Members act on live data too: manage them with a live key');
  }
}

/** For the OpenAPI document (its notes): the error assertLiveOrSession answers. */
const LIVE_ONLY = ' A test-mode key is 403 `live_mode_required`.';

export function memberRoutes(api: BuiltInPluginApi, ownerLock: OwnerLock): PluginRoute[] {
  const { platform, auth } = api.privileged;
  const members = () => platform.members.global();

  async function findMember(request: Request): Promise<Member> {
    const { userId } = request.params as { userId: string };
    const member = await members().get(userId);
    if (!member || member.account !== callerOf(request).account.id) throw notFound('member', userId);
    return member;
  }

  /**
   * Runs `write` (which must apply only to `member` as read, ifVersion) so that the account keeps an
   * active owner: when the change takes one away, under the account's owner lock and after counting
   * the owners again (409 `last_owner` for the last one). Two owners demoting each other at once:
   * one waits for nothing and is refused (409), so one owner stays.
   */
  async function keepingAnOwner<T>(member: Member, takesOwnerAway: boolean, write: () => Promise<T>): Promise<T> {
    if (!takesOwnerAway || member.role !== 'owner' || member.status !== 'active') return write();
    return ownerLock.hold(member.account, async () => {
      const owners = await members().count({ account: member.account, role: 'owner', status: 'active' });
      if (owners <= 1) throw apiError(409, 'last_owner', 'An account keeps at least one owner: make another member owner first');
      return write();
    });
  }

  /** Keys a member made act with their role, cached briefly: a change of role or a removal forgets them here at once. */
  const forgetTheirKeys = (member: Member) => platform.apiKeyCache.forgetMaker(member.id);

  /** The link, and the e-mail hook when one is set (its failure is logged: the link is in the response). */
  async function invitationOf(request: Request, member: Member, token: string, expiresAt: string) {
    const url = `${auth.serverOrigin(request)}/dashboard#/accept?token=${encodeURIComponent(token)}`;
    if (platform.sendInvitation) {
      const invitation = { accountId: member.account, email: member.email, name: member.name, role: member.role, url, expiresAt };
      await platform.sendInvitation(invitation).catch((error: unknown) => api.logger.warn({ err: error, member: member.id }, 'sending an invitation failed'));
    }
    return { url, expires_at: expiresAt };
  }

  return [
    {
      method: 'GET',
      path: '/members',
      options: {
        description: 'List the account’s members',
        notes: 'Newest first. Filters: `role`, `status`.' + LIVE_ONLY,
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'] } } },
        validate: { query: listQuerySchema.keys({ role, status: Joi.string().valid('invited', 'active') }) },
        response: { schema: pageSchema(memberResponse).label('MemberList') },
        handler: async (request) => {
          const params = request.query as ListParams & { role?: string; status?: string };
          const filter: Filter = { account: callerOf(request).account.id };
          if (params.role) filter.role = params.role;
          if (params.status) filter.status = params.status;
          return paginate(members(), params, { filter: withTimeFilter(filter, params), present: presentMember });
        },
      },
    },
    {
      method: 'POST',
      path: '/members',
      options: {
        description: 'Invite a member',
        notes:
          'The member is `invited` until they open the link in `invitation.url` (shown in this response only, valid ' +
          '7 days) and set a password. An address that is already a member of this account is 409 `member_exists`; ' +
          'membership of other accounts plays no part (each has its own role and password).' + LIVE_ONLY,
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'], 409: ['member_exists'] } } },
        validate: { payload: Joi.object({ email: email.required(), name: memberName.allow(''), role: role.required() }) },
        response: { status: { 201: invitedMemberResponse } },
        handler: async (request, h) => {
          const input = request.payload as { email: string; name?: string; role: MemberRole };
          assertMayManage(request, [input.role]);
          const issued = await newMember(platform.members, {
            accountId: callerOf(request).account.id,
            email: input.email,
            name: input.name ?? '',
            role: input.role,
            now: api.now(),
          });
          try {
            await api.commit([issued.op]);
          } catch (error) {
            if (error instanceof UniqueConstraintError) throw apiError(409, 'member_exists', `${input.email} is already a member of this account`);
            throw error;
          }
          const invitation = await invitationOf(request, issued.record, issued.invitationToken!, issued.record.invitation_expires_at!);
          return h.response({ ...presentMember(issued.record), invitation }).code(201);
        },
      },
    },
    {
      method: 'GET',
      path: '/members/{userId}',
      options: {
        description: 'Get a member',
        notes: LIVE_ONLY.trim(),
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'] } } },
        validate: { params: memberParams },
        response: { schema: memberResponse },
        handler: async (request) => presentMember(await findMember(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/members/{userId}',
      options: {
        description: 'Change a member’s name, avatar or role',
        notes:
          'Only an owner may make or change an owner; the last active owner keeps the role (409 `last_owner`). A new ' +
          'role applies from the member’s next request, also to the keys and OAuth clients they made. While another ' +
          'change takes an owner away, 409 `conflict` (retry).' + LIVE_ONLY,
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'], 409: ['last_owner'] } } },
        validate: { params: memberParams, payload: Joi.object({ name: memberName.allow(''), avatar_url: avatarUrl, role }).min(1) },
        response: { schema: memberResponse },
        handler: async (request) => {
          const member = await findMember(request);
          const changes = request.payload as { name?: string; avatar_url?: string | null; role?: MemberRole };
          assertMayManage(request, [member.role, changes.role]);
          const demotesOwner = changes.role !== undefined && changes.role !== 'owner';
          const updated = await keepingAnOwner(member, demotesOwner, () =>
            members().update(member.id, { ...changes, updated_at: api.now().toISOString() }, { ifVersion: member.version }),
          );
          if (changes.role && changes.role !== member.role) forgetTheirKeys(member);
          return presentMember(updated!);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/members/{userId}',
      options: {
        description: 'Remove a member',
        notes:
          'Ends their sessions at once; the keys and OAuth clients they made stop working. Nobody removes themselves ' +
          '(409 `cannot_remove_self`), and the last active owner stays (409 `last_owner`).' + LIVE_ONLY,
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'], 409: ['cannot_remove_self', 'last_owner'] } } },
        validate: { params: memberParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }).label('DeletedMember') },
        handler: async (request) => {
          const member = await findMember(request);
          if (callerOf(request).member?.id === member.id) {
            throw apiError(409, 'cannot_remove_self', 'You cannot remove yourself: ask another owner or admin');
          }
          assertMayManage(request, [member.role]);
          await keepingAnOwner(member, true, () => members().delete(member.id, { ifVersion: member.version }));
          forgetTheirKeys(member);
          await revokeMemberSessions(platform.dashboardSessions, member.id);
          return { id: member.id, deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/members/{userId}/invitation',
      options: {
        description: 'Issue a new invitation link for an invited member',
        notes: 'The previous link stops working. A member who already accepted is 409 `member_active`.' + LIVE_ONLY,
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'], 409: ['member_active'] } } },
        validate: { params: memberParams, payload: Joi.object({}).allow(null) },
        response: { status: { 201: invitationResponse } },
        handler: async (request, h) => {
          const member = await findMember(request);
          if (member.status !== 'invited') throw apiError(409, 'member_active', 'This member has already accepted their invitation');
          assertMayManage(request, [member.role]);
          const invitation = newInvitation(api.now());
          const updated = await members().update(
            member.id,
            { invitation_hash: invitation.hash, invitation_expires_at: invitation.expiresAt, updated_at: api.now().toISOString() },
            { ifVersion: member.version },
          );
          return h.response(await invitationOf(request, updated!, invitation.token, invitation.expiresAt)).code(201);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/members/{userId}/sessions',
      options: {
        description: 'Sign a member out everywhere',
        notes: LIVE_ONLY.trim(),
        tags: ['api', 'members'],
        plugins: { platform: { errors: { 403: ['live_mode_required'] } } },
        validate: { params: memberParams },
        response: { schema: Joi.object({ id: Joi.string().required(), sessions_ended: Joi.number().integer().min(0).required() }).label('MemberSignedOut') },
        handler: async (request) => {
          const member = await findMember(request);
          assertMayManage(request, [member.role]);
          return { id: member.id, sessions_ended: await revokeMemberSessions(platform.dashboardSessions, member.id) };
        },
      },
    },
  ];
}
