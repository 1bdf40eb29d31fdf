// Dashboard sessions (docs/ARCHITECTURE.md A6): the cookie carries a random token; the store keeps its SHA-256
// hash, the member, the mode chosen in the dashboard and two deadlines (idle and absolute).
import { randomBytes } from 'node:crypto';
import { newId } from '../ids.js';
import type { Collection, Mode, Store, Stored } from '../store/types.js';
import { hashToken } from './members.js';

export interface DashboardSessionDoc {
  /** The account's id; `account_id` and `mode` are the store's own tenant fields, reserved. */
  account: string;
  member_id: string;
  token_hash: string;
  /** The mode the dashboard shows: the session's requests act on this tenant. */
  data_mode: Mode;
  created_at: string;
  last_seen_at: string;
  /** The earlier of `last_seen_at` + idle lifetime and `created_at` + absolute lifetime. */
  expires_at: string;
  /** Never extended past this. */
  absolute_expires_at: string;
}

export type DashboardSession = Stored<DashboardSessionDoc>;

export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 7 * 86_400_000;
/** last_seen_at (and so the idle deadline) is written at most this often per session. */
export const SESSION_TOUCH_MS = 60_000;
export const SESSION_TOKEN_PATTERN = /^ses_[A-Za-z0-9_-]{43}$/;

export function declareDashboardSessions(store: Store): Collection<DashboardSessionDoc> {
  return store.collection<DashboardSessionDoc>({
    name: 'dashboard_sessions',
    scope: 'global',
    indexes: [{ fields: ['token_hash'], unique: true }, { fields: ['member_id'] }, { fields: ['expires_at'] }],
  });
}

export function idleDeadline(session: Pick<DashboardSessionDoc, 'absolute_expires_at'>, now: Date): string {
  const idle = new Date(now.getTime() + SESSION_IDLE_MS).toISOString();
  return idle < session.absolute_expires_at ? idle : session.absolute_expires_at;
}

export async function openSession(
  sessions: Collection<DashboardSessionDoc>,
  input: { accountId: string; memberId: string; mode: Mode; now: Date },
): Promise<{ token: string; record: DashboardSession }> {
  const token = `ses_${randomBytes(32).toString('base64url')}`;
  const now = input.now.toISOString();
  const absolute = new Date(input.now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
  const record = await sessions.global().insert({
    id: newId('ses', input.now.getTime()),
    account: input.accountId,
    member_id: input.memberId,
    token_hash: hashToken(token),
    data_mode: input.mode,
    created_at: now,
    last_seen_at: now,
    expires_at: idleDeadline({ absolute_expires_at: absolute }, input.now),
    absolute_expires_at: absolute,
  });
  return { token, record };
}

/** Signs a member out everywhere (removal, role change, password change), optionally keeping one session. */
export function revokeMemberSessions(sessions: Collection<DashboardSessionDoc>, memberId: string, keep?: string): Promise<number> {
  return sessions.global().deleteMany(keep ? { member_id: memberId, id: { ne: keep } } : { member_id: memberId });
}
