// Who made a credential, and so what it may do (issue 29). An API key, an OAuth client and the
// client's tokens record their maker: the member who made them (in the dashboard, or through a
// credential that member made), or the operator (the CLI, the operator API). A credential acts with
// its maker's *current* role, read when it is used, and stops when the maker leaves the account: a
// member's power never outlives their membership or their demotion. The operator acts as an owner.
import type { Collection } from '../store/types.js';
import type { MemberDoc, MemberRole } from './members.js';

/** The stored maker: a member id (`usr_…`), `operator`, or `legacy:<role>` (see LEGACY_PREFIX). */
export type Maker = string;

export const OPERATOR: Maker = 'operator';

/**
 * Keys stored before makers were recorded kept only their maker's role (`creator_role`). Those
 * made by an admin cannot be tied to a member any more; they keep acting as an admin (never more),
 * until revoked. Owner-made and CLI-made ones become the operator's, as they acted before.
 */
const LEGACY_PREFIX = 'legacy:';

export function legacyMaker(creatorRole: MemberRole | null | undefined): Maker {
  return !creatorRole || creatorRole === 'owner' ? OPERATOR : `${LEGACY_PREFIX}${creatorRole}`;
}

const RANK: Record<MemberRole, number> = { agent: 0, admin: 1, owner: 2 };

export function roleAtLeast(role: MemberRole, than: MemberRole): boolean {
  return RANK[role] >= RANK[than];
}

/** The role a credential made by `maker` acts with now; null when the maker is no longer an active member of the account. */
export async function currentRoleOf(members: Collection<MemberDoc>, accountId: string, maker: Maker): Promise<MemberRole | null> {
  if (maker === OPERATOR) return 'owner';
  if (maker.startsWith(LEGACY_PREFIX)) return maker.slice(LEGACY_PREFIX.length) as MemberRole;
  const member = await members.global().get(maker);
  return member && member.account === accountId && member.status === 'active' ? member.role : null;
}

/** How a maker appears in the API: `{type, member_id}`. */
export function presentMaker(maker: Maker): { type: 'member' | 'operator' | 'unknown_member'; member_id: string | null } {
  if (maker === OPERATOR) return { type: 'operator', member_id: null };
  if (maker.startsWith(LEGACY_PREFIX)) return { type: 'unknown_member', member_id: null };
  return { type: 'member', member_id: maker };
}
