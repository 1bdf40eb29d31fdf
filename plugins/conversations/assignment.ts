// Assignment (issue 28): a handed-off conversation waits unassigned until a member takes it, an
// owner or admin assigns it, or automatic assignment gives it to the available member assigned
// least recently among those under the chatbot's limit of open handoffs (round robin).
//
// Each member has a turn record per tenant holding when they were last assigned, as a number one
// above the tenant's highest (timestamps tie within a millisecond, and the order must not; two
// assignments at once may take the same number, and then the member id decides). Every assignment
// updates it with the version it read, in the same commit as the conversation and before it: two
// handoffs that both counted a member's open conversations as under the limit cannot both assign
// them, since the second commit fails on the turn's version and is decided again, counting the
// first. The count itself is read from the conversations, so nothing has to be decremented when a
// conversation ends or goes back to the bot. On a store without atomic commits (MongoDB-wire
// servers) the turn write still goes first, but a second handoff reading between the two writes
// of the first may pass the limit by one.
import {
  apiError,
  notFound,
  UniqueConstraintError,
  type BuiltInPluginApi,
  type Collection,
  type MemberAvailability,
  type MemberRole,
  type CollectionDeclarer,
  type Stored,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';
import type { Conversation, ConversationDoc } from './collections.js';

export interface AssignmentTurnDoc {
  member_id: string;
  /** The order of their last assignment among the tenant's; 0 before the first, so a member never assigned comes first. */
  last_turn: number;
  last_assigned_at: string | null;
}

/** Who asks for an assignment: their role, and the member they are when signed in to the dashboard. */
export interface Assigner {
  role: MemberRole;
  memberId: string | null;
}

/** The member an assignment names, as the conversation records them. */
export interface AssignableMember {
  id: string;
  name: string;
}

/** What an assignment writes: the conversation's fields, and the turn write that goes first. */
export interface Assignment {
  changes: Partial<ConversationDoc>;
  turn: WriteOp;
}

export const UNASSIGNED: Partial<ConversationDoc> = { assignee_id: null, assignee_name: null, assigned_at: null };

export function declareAssignmentTurns(store: CollectionDeclarer): Collection<AssignmentTurnDoc> {
  return store.collection<AssignmentTurnDoc>({ name: 'assignment_turns', scope: 'tenant', indexes: [{ fields: ['last_turn'] }] });
}

/**
 * Agents assign only themselves ("take"), and only what nobody else has; they give back only what
 * is theirs. Owners and admins assign anyone, over any assignment.
 */
export function assertMayAssign(assigner: Assigner, current: Conversation, memberId: string | null): void {
  if (assigner.role !== 'agent') return;
  if (memberId === null) {
    if (current.assignee_id && current.assignee_id !== assigner.memberId) {
      throw apiError(403, 'insufficient_role', 'Agents may only unassign conversations assigned to them: ask an owner or admin');
    }
    return;
  }
  if (memberId !== assigner.memberId) {
    throw apiError(403, 'insufficient_role', 'Agents may only assign conversations to themselves, signed in to the dashboard: ask an owner or admin');
  }
  if (current.assignee_id && current.assignee_id !== memberId) {
    throw apiError(409, 'conversation_assigned', `Conversation ${current.id} is assigned to ${current.assignee_name || 'another member'}: an owner or admin may reassign it`);
  }
}

export class AssignmentRoster {
  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly conversations: Collection<ConversationDoc>,
    private readonly turns: Collection<AssignmentTurnDoc>,
    private readonly availability: MemberAvailability,
  ) {}

  /** An active member of the tenant's account: 404 for anyone else, 409 for one who has not accepted their invitation. */
  async member(tenant: TenantScope, memberId: string): Promise<AssignableMember> {
    const member = await this.accountMember(tenant, memberId);
    if (!member) throw notFound('member', memberId);
    if (member.status !== 'active') {
      throw apiError(409, 'member_not_active', `Member ${memberId} has not accepted their invitation yet: conversations go to active members`);
    }
    return { id: member.id, name: member.name };
  }

  /**
   * The writes that assign a conversation to `member` now. `turn`: their turn record as read before
   * anything the decision rests on (their open handoffs), so that a change since fails the commit.
   */
  async assignment(tenant: TenantScope, member: AssignableMember, turn?: Stored<AssignmentTurnDoc>): Promise<Assignment> {
    const at = this.api.now().toISOString();
    turn ??= await this.turnOf(tenant, member.id);
    const [latest] = await this.turns.forTenant(tenant).list({ sort: { field: 'last_turn', direction: 'desc' }, limit: 1 });
    const order = (latest?.last_turn ?? 0) + 1;
    return {
      changes: { assignee_id: member.id, assignee_name: member.name, assigned_at: at, updated_at: at },
      turn: this.turns.forTenant(tenant).ops.update(turn.id, { last_turn: order, last_assigned_at: at }, { ifVersion: turn.version }),
    };
  }

  /**
   * The next member round robin: among the available active members with fewer than `limit`
   * handed-off conversations assigned, the one assigned least recently (never first; then by id).
   * Null when nobody fits.
   */
  async next(tenant: TenantScope, limit: number): Promise<Assignment | null> {
    const candidates: Array<{ member: AssignableMember; turn: Stored<AssignmentTurnDoc> }> = [];
    for (const memberId of await this.availability.availableMembers(tenant.accountId)) {
      const member = await this.activeMember(tenant, memberId);
      if (!member) continue;
      // The turn first: an assignment of theirs committed after it was read makes ours fail on its version.
      const turn = await this.turnOf(tenant, memberId);
      if ((await this.openHandoffsOf(tenant, memberId)) < limit) candidates.push({ member, turn });
    }
    candidates.sort((a, b) => a.turn.last_turn - b.turn.last_turn || a.member.id.localeCompare(b.member.id));
    const [first] = candidates;
    return first ? this.assignment(tenant, first.member, first.turn) : null;
  }

  private async activeMember(tenant: TenantScope, memberId: string): Promise<AssignableMember | null> {
    const member = await this.accountMember(tenant, memberId);
    return member?.status === 'active' ? { id: member.id, name: member.name } : null;
  }

  private async accountMember(tenant: TenantScope, memberId: string) {
    const member = await this.api.privileged.platform.members.global().get(memberId);
    return member && member.account === tenant.accountId ? member : null;
  }

  private openHandoffsOf(tenant: TenantScope, memberId: string): Promise<number> {
    return this.conversations.forTenant(tenant).count({ assignee_id: memberId, status: 'handoff' });
  }

  /** The member's turn record, made on their first assignment (two first assignments at once make it once). */
  private async turnOf(tenant: TenantScope, memberId: string) {
    const turns = this.turns.forTenant(tenant);
    const id = turnId(tenant, memberId);
    const existing = await turns.get(id);
    if (existing) return existing;
    try {
      return await turns.insert({ id, member_id: memberId, last_turn: 0, last_assigned_at: null });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      return (await turns.get(id))!;
    }
  }
}

/** Ids are unique store-wide: the member's id (unique itself) and the mode. */
function turnId(tenant: TenantScope, memberId: string): string {
  return `asn_${tenant.mode}_${memberId}`;
}
