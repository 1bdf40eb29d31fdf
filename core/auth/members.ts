// Members: the people of an account who use the dashboard (docs/ARCHITECTURE.md A6). Global, not per tenant:
// a member belongs to an account in both modes. An e-mail address is a member of an account at
// most once; the same address may be a member of several accounts, each membership with its own
// role and password (sign-in picks the account: plugins/members/session-routes.ts).
import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../ids.js';
import type { Collection, Store, Stored, WriteOp } from '../store/types.js';
import { hashPassword } from './passwords.js';

export const MEMBER_ROLES = ['owner', 'admin', 'agent'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface MemberDoc {
  /** The account's id (`account_id` is the store's own tenant field, reserved). */
  account: string;
  /** Lower case. */
  email: string;
  name: string;
  /** An https image shown to visitors beside the member's messages; absent on earlier records (none). */
  avatar_url?: string | null;
  role: MemberRole;
  /** `invited` until the member sets a password through their invitation link. */
  status: 'invited' | 'active';
  password_hash: string | null;
  /** SHA-256 of the one-time invitation token; null once accepted. */
  invitation_hash: string | null;
  invitation_expires_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export type Member = Stored<MemberDoc>;

export const INVITATION_DAYS = 7;

export function declareMembers(store: Store): Collection<MemberDoc> {
  return store.collection<MemberDoc>({
    name: 'members',
    scope: 'global',
    // No unique index on invitation_hash: MongoDB would count every accepted member's null as a
    // duplicate. The tokens are 256 random bits.
    // Unique per account, not per server (issue 29: a server-wide rule told anyone who could invite
    // which addresses used the server, and let one account squat an address). Existing stores
    // swap the index at start: the old one was stricter, so every stored member fits the new one.
    indexes: [
      { fields: ['account', 'email'], unique: true },
      // Sign-in's lookup. Not ['email'] alone: MongoDB refuses an index with the old unique one's key.
      { fields: ['email', 'status'] },
      { fields: ['account', 'created_at'] },
      { fields: ['invitation_hash'] },
    ],
  });
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function presentMember(member: Member) {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    avatar_url: member.avatar_url ?? null,
    role: member.role,
    status: member.status,
    last_sign_in_at: member.last_sign_in_at,
    created_at: member.created_at,
    updated_at: member.updated_at,
  };
}

export interface NewMember {
  accountId: string;
  email: string;
  name: string;
  role: MemberRole;
  /** An active member with this password; without one, an invited member with a one-time link. */
  password?: string;
  now: Date;
}

export interface IssuedMember {
  record: Member;
  /** The invitation token of an invited member (shown once); null for an active one. */
  invitationToken: string | null;
  op: WriteOp;
}

export async function newMember(members: Collection<MemberDoc>, input: NewMember): Promise<IssuedMember> {
  const now = input.now.toISOString();
  const invitation = input.password === undefined ? newInvitation(input.now) : null;
  const doc: MemberDoc & { id: string } = {
    id: newId('usr', input.now.getTime()),
    account: input.accountId,
    email: normaliseEmail(input.email),
    name: input.name,
    role: input.role,
    status: invitation ? 'invited' : 'active',
    password_hash: input.password === undefined ? null : await hashPassword(input.password),
    invitation_hash: invitation?.hash ?? null,
    invitation_expires_at: invitation?.expiresAt ?? null,
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
  };
  return { record: { ...doc, version: 1 }, invitationToken: invitation?.token ?? null, op: members.global().ops.insert(doc) };
}

/** A one-time invitation: the token for the link, and what is stored of it. */
export function newInvitation(now: Date, validMs = INVITATION_DAYS * 86_400_000): { token: string; hash: string; expiresAt: string } {
  const token = `inv_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), expiresAt: new Date(now.getTime() + validMs).toISOString() };
}

/** How long a password reset link works: long enough to pass on, short for a link that opens an owner's account. */
export const PASSWORD_RESET_HOURS = 24;

/**
 * A password reset (`members reset-password`): an invitation link for an active member. Accepting
 * it sets a new password and ends the member's other sessions; a newer link replaces this one.
 */
export async function issuePasswordReset(members: Collection<MemberDoc>, member: Member, now: Date): Promise<{ token: string; expiresAt: string }> {
  const reset = newInvitation(now, PASSWORD_RESET_HOURS * 3_600_000);
  await members.global().update(member.id, { invitation_hash: reset.hash, invitation_expires_at: reset.expiresAt, updated_at: now.toISOString() });
  return { token: reset.token, expiresAt: reset.expiresAt };
}
