// Creating an account with its first keys: shared by the CLI and the operator API.
import type { PlanName } from '../../config/plans.js';
import { newId } from '../ids.js';
import type { Platform } from '../platform.js';
import type { WriteOp } from '../store/types.js';
import type { Account, AccountLimits } from './accounts.js';
import { issueKey } from './keys.js';
import { OPERATOR } from './makers.js';
import { FirstRun } from './first-run.js';
import { newMember, type Member } from './members.js';

export interface NewAccount {
  name: string;
  plan: PlanName;
  limits?: AccountLimits;
  ip_allowlist?: string[];
  /** The first member, an active owner who can sign in to the dashboard at once. */
  owner?: { email: string; password: string; name?: string };
  /** A write committed before the account's, that must succeed for it to exist (the first-run marker). */
  claim?: (accountId: string, now: Date) => WriteOp;
}

export interface CreatedAccount {
  account: Account;
  liveKey: string;
  testKey: string;
  owner: Member | null;
}

export async function createAccountWithKeys(platform: Platform, input: NewAccount): Promise<CreatedAccount> {
  const now = platform.now();
  const id = newId('acct', now.getTime());
  const doc = {
    id,
    name: input.name,
    plan: input.plan,
    status: 'active' as const,
    limits: input.limits ?? {},
    ip_allowlist: input.ip_allowlist ?? [],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const live = issueKey(platform.apiKeys, { accountId: id, mode: 'live' }, { name: 'Default live key', kind: 'account', createdBy: OPERATOR, now });
  const test = issueKey(platform.apiKeys, { accountId: id, mode: 'test' }, { name: 'Default test key', kind: 'account', createdBy: OPERATOR, now });
  const owner = input.owner
    ? await newMember(platform.members, { accountId: id, email: input.owner.email, name: input.owner.name ?? '', role: 'owner', password: input.owner.password, now })
    : null;
  // One commit: the account never exists without its keys and first owner.
  await platform.store.commit([...(input.claim ? [input.claim(id, now)] : []), platform.accounts.global().ops.insert(doc), live.op, test.op, ...(owner ? [owner.op] : [])]);
  if (!input.claim) await new FirstRun(platform.store, platform.accounts).close(platform.store, id, now);
  return { account: { ...doc, version: 1 }, liveKey: live.secret, testKey: test.secret, owner: owner?.record ?? null };
}
