// Creating an account with its first keys: shared by the CLI and the operator API.
import type { PlanName } from '../../config/plans.js';
import { newId } from '../ids.js';
import type { Platform } from '../platform.js';
import type { Account, AccountLimits } from './accounts.js';
import { issueKey } from './keys.js';

export interface NewAccount {
  name: string;
  plan: PlanName;
  limits?: AccountLimits;
  ip_allowlist?: string[];
}

export interface CreatedAccount {
  account: Account;
  liveKey: string;
  testKey: string;
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
  const live = issueKey(platform.apiKeys, { accountId: id, mode: 'live' }, { name: 'Default live key', kind: 'account', now });
  const test = issueKey(platform.apiKeys, { accountId: id, mode: 'test' }, { name: 'Default test key', kind: 'account', now });
  await platform.store.commit([platform.accounts.global().ops.insert(doc), live.op, test.op]);
  return { account: { ...doc, version: 1 }, liveKey: live.secret, testKey: test.secret };
}
