// Language-model tokens an account used this calendar month (UTC), counted in the store so every
// instance sees one sum, against its plan's cap (`llm_tokens_per_month`). The check is before the
// call and the count after it, so concurrent turns near the cap may pass it by a few replies'
// tokens: a cap on spending, not an exact quota.
import type { Config } from '../../config/index.js';
import { effectivePlan, type AccountDoc } from '../auth/accounts.js';
import type { Collection, CounterStore, TenantScope } from '../store/types.js';
import type { TokenUsage } from './model-client.js';

export interface TokenBudgetState {
  used: number;
  /** Null: the plan sets no cap. */
  limit: number | null;
  /** When the month's count starts again. */
  resetsAt: Date;
}

export class TokenBudget {
  constructor(
    private readonly config: Config,
    private readonly accounts: Collection<AccountDoc>,
    private readonly counters: CounterStore,
    private readonly now: () => Date,
  ) {}

  async state(accountId: string): Promise<TokenBudgetState> {
    const now = this.now();
    const [account, used] = await Promise.all([this.accounts.global().get(accountId), this.counters.get(null, counterName(accountId, now))]);
    const limit = account ? effectivePlan(this.config, account).llm_tokens_per_month : null;
    return { used, limit, resetsAt: nextMonth(now) };
  }

  async allows(tenant: TenantScope): Promise<TokenBudgetState & { allowed: boolean }> {
    const state = await this.state(tenant.accountId);
    return { ...state, allowed: state.limit === null || state.used < state.limit };
  }

  async record(tenant: TenantScope, usage: TokenUsage): Promise<void> {
    const tokens = usage.input + usage.output;
    if (tokens <= 0) return;
    const now = this.now();
    // Kept a month past its own: the usage route may still read last month's.
    await this.counters.increment(null, counterName(tenant.accountId, now), nextMonth(nextMonth(now)), tokens);
  }
}

function counterName(accountId: string, at: Date): string {
  return `llm_tokens:${accountId}:${at.toISOString().slice(0, 7)}`;
}

function nextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
