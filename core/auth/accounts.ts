// Accounts own everything. They live in a global collection: they exist before any tenant scope.
import type { AttachmentAllowance, PlanDefinition, PlanName, RateWindowName } from '../../config/plans.js';
import type { Config } from '../../config/index.js';
import type { Collection, Store, Stored, TenantScope } from '../store/types.js';

/** Per-account overrides of the plan. A missing key keeps the plan's value; null means unlimited. */
export interface AccountLimits {
  requests_per_minute?: number | null;
  requests_per_day?: number | null;
  chatbots?: number | null;
}

export interface AccountDoc {
  name: string;
  plan: PlanName;
  status: 'active' | 'disabled';
  limits: AccountLimits;
  /** CIDRs; enforced when the plan has `ip_allowlist` and the list is not empty. */
  ip_allowlist: string[];
  created_at: string;
  updated_at: string;
}

export type Account = Stored<AccountDoc>;

export function declareAccounts(store: Store): Collection<AccountDoc> {
  return store.collection<AccountDoc>({ name: 'accounts', scope: 'global', indexes: [{ fields: ['created_at'] }] });
}

/** The plan as it applies to one account: the config's plan with the account's overrides. */
export function effectivePlan(config: Config, account: AccountDoc): PlanDefinition {
  const plan = config.plans[account.plan];
  const requests: Partial<Record<RateWindowName, number>> = { ...plan.requests };
  const overrides: Array<[RateWindowName, number | null | undefined]> = [
    ['minute', account.limits.requests_per_minute],
    ['day', account.limits.requests_per_day],
  ];
  for (const [window, value] of overrides) {
    if (value === undefined) continue;
    if (value === null) delete requests[window];
    else requests[window] = value;
  }
  return {
    ...plan,
    requests,
    chatbots: account.limits.chatbots === undefined ? plan.chatbots : account.limits.chatbots,
  };
}

/** The files the tenant's conversations take: its plan's allowance (none for an account that is gone). */
export async function attachmentAllowance(config: Config, accounts: Collection<AccountDoc>, tenant: TenantScope): Promise<AttachmentAllowance> {
  const account = await accounts.global().get(tenant.accountId);
  return account ? effectivePlan(config, account).attachments : { kinds: [], max_bytes: 0 };
}

/**
 * What an attachment's request may carry under this config: the base64 of the largest file any
 * configured plan takes, plus room for the name (hapi refuses a larger body, 413, before reading it).
 */
export function attachmentBodyLimit(config: Config): number {
  const largest = Math.max(...Object.values(config.plans).map((plan) => plan.attachments.max_bytes));
  return Math.ceil(largest / 3) * 4 + 4096;
}

/**
 * How long an attachment's body may take to arrive: hapi's 10 s would refuse a 10 MB file on a
 * connection slower than about 11 Mbit/s; two minutes takes 33 MB at about 2.5 Mbit/s.
 */
export const ATTACHMENT_BODY_TIMEOUT_MS = 120_000;

export function presentAccount(config: Config, account: Account) {
  const plan = effectivePlan(config, account);
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    status: account.status,
    limits: {
      requests_per_minute: plan.requests.minute ?? null,
      requests_per_day: plan.requests.day ?? null,
      chatbots: plan.chatbots,
      webhooks: plan.webhooks,
      access: plan.access,
    },
    ip_allowlist: account.ip_allowlist,
    created_at: account.created_at,
    updated_at: account.updated_at,
  };
}
