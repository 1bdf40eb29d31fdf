// A member's presence (issue 28): available or away, chosen in the dashboard, and counted only
// while a dashboard tab of theirs beats. Routes for a signed-in member about themselves: a key or
// token is nobody's presence.
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import { apiError, callerOf, UniqueConstraintError, type BuiltInPluginApi, type Collection, type PluginRoute } from '../../core/index.js';
import { PRESENCE_HEARTBEAT_SECONDS, PRESENCE_STATUSES, PRESENCE_TTL_SECONDS, type Presence, type PresenceDoc, type PresenceStatus } from './collections.js';

const presenceResponse = Joi.object({
  member_id: Joi.string().required(),
  status: Joi.string()
    .valid(...PRESENCE_STATUSES)
    .required()
    .description('What the member chose; `away` until they choose'),
  available: Joi.boolean().required().description('Whether handoffs count on them now: `available` and a dashboard heartbeat that has not lapsed'),
  expires_at: Joi.string().isoDate().allow(null).required().description('When their last heartbeat lapses; null before the first'),
  updated_at: Joi.string().isoDate().allow(null).required(),
}).label('MemberPresence');

const SESSION_NOTES =
  'A dashboard member’s own presence: with an API key or OAuth token, 403 `session_required`. The member counts as available ' +
  `for handoffs while their status is \`available\` and their last heartbeat is under ${PRESENCE_TTL_SECONDS} seconds old ` +
  '(the dashboard beats while a tab is open, so availability lapses when the last tab closes). Agents may call it.';

/** Every member may keep their presence; keys and tokens have none (403 `session_required`). */
const presenceAccess = { platform: { agent: true, scope: null, errors: { 403: ['session_required'] } } };

/** Whether a presence record counts its member available at `now` (an ISO time). */
export function isAvailable(record: Presence | null, now: string): boolean {
  return record !== null && record.status === 'available' && record.expires_at > now;
}

export function presenceRoutes(
  api: Pick<BuiltInPluginApi, 'now'>,
  presence: Collection<PresenceDoc>,
  becameAvailable: (member: { id: string; account: string }) => Promise<void>,
): PluginRoute[] {
  const records = () => presence.global();

  function memberOf(request: Request): { id: string; account: string } {
    const caller = callerOf(request);
    if (!caller.member) throw apiError(403, 'session_required', 'Presence belongs to a dashboard member: sign in to the dashboard');
    return { id: caller.member.id, account: caller.account.id };
  }

  function present(memberId: string, record: Presence | null) {
    const now = api.now().toISOString();
    const status: PresenceStatus = record?.status ?? 'away';
    return {
      member_id: memberId,
      status,
      available: isAvailable(record, now),
      expires_at: record?.expires_at ?? null,
      updated_at: record?.updated_at ?? null,
    };
  }

  /** Refreshes the heartbeat, sets the status when one is given, and tells who waits for it when the member became available. */
  async function beat(member: { id: string; account: string }, status?: PresenceStatus): Promise<Presence> {
    const wasAvailable = isAvailable(await records().get(member.id), api.now().toISOString());
    const record = await store(member, status);
    if (!wasAvailable && isAvailable(record, api.now().toISOString())) await becameAvailable(member);
    return record;
  }

  /** Writes the heartbeat, and the status when one is given (a first beat starts `away`). */
  async function store(member: { id: string; account: string }, status?: PresenceStatus): Promise<Presence> {
    const now = api.now();
    const changes = {
      expires_at: new Date(now.getTime() + PRESENCE_TTL_SECONDS * 1000).toISOString(),
      updated_at: now.toISOString(),
      ...(status ? { status } : {}),
    };
    const updated = await records().update(member.id, changes);
    if (updated) return updated;
    try {
      return await records().insert({ id: member.id, account: member.account, status: status ?? 'away', ...changes });
    } catch (error) {
      // Another tab's first beat came first: this one is an update of it.
      if (!(error instanceof UniqueConstraintError)) throw error;
      return (await records().update(member.id, changes))!;
    }
  }

  return [
    {
      method: 'GET',
      path: '/presence',
      options: {
        description: 'The signed-in member’s presence',
        notes: SESSION_NOTES,
        tags: ['api', 'presence'],
        plugins: presenceAccess,
        validate: { query: Joi.object({}) },
        response: { schema: presenceResponse },
        handler: async (request) => {
          const member = memberOf(request);
          return present(member.id, await records().get(member.id));
        },
      },
    },
    {
      method: 'PUT',
      path: '/presence',
      options: {
        description: 'Set the signed-in member available or away',
        notes: `Also counts as a heartbeat. ${SESSION_NOTES}`,
        tags: ['api', 'presence'],
        plugins: presenceAccess,
        validate: { payload: Joi.object({ status: Joi.string().valid(...PRESENCE_STATUSES).required() }).label('MemberPresenceInput') },
        response: { schema: presenceResponse },
        handler: async (request) => {
          const member = memberOf(request);
          const { status } = request.payload as { status: PresenceStatus };
          return present(member.id, await beat(member, status));
        },
      },
    },
    {
      method: 'POST',
      path: '/presence/heartbeat',
      options: {
        description: 'Keep the signed-in member’s presence from lapsing',
        notes: `What an open dashboard sends every ${PRESENCE_HEARTBEAT_SECONDS} seconds; the status stays as it is. ${SESSION_NOTES}`,
        tags: ['api', 'presence'],
        plugins: presenceAccess,
        validate: { payload: Joi.object({}).allow(null) },
        response: { schema: presenceResponse },
        handler: async (request) => {
          const member = memberOf(request);
          return present(member.id, await beat(member));
        },
      },
    },
  ];
}
