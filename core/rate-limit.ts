// Request limits per account and mode (API.md §3). Counters live in the store, so every server
// instance shares them. Windows are fixed and UTC-aligned: a "day" is a UTC calendar day.
import type { PlanDefinition, RateWindowName } from '../config/plans.js';
import type { CounterStore, TenantScope } from './store/types.js';

const WINDOW_SECONDS: Record<RateWindowName, number> = { minute: 60, day: 86_400 };

export interface WindowUsage {
  window: RateWindowName;
  limit: number;
  used: number;
  remaining: number;
  /** End of the window, UTC epoch seconds. */
  resetAt: number;
  windowSeconds: number;
}

export interface RateLimitState {
  windows: WindowUsage[];
  /** The window whose limit this request went over, if any. */
  exceeded: WindowUsage | null;
}

/** Counts one request against every window of the plan. */
export async function consumeRequest(
  counters: CounterStore,
  tenant: TenantScope,
  plan: PlanDefinition,
  now: Date,
): Promise<RateLimitState> {
  const windows = await Promise.all(
    windowsOf(plan).map(async ({ window, limit }) => {
      const { start, end } = windowBounds(window, now);
      // Keep the counter an hour past its window so a clock skew between instances is harmless.
      const used = await counters.increment(tenant, `requests:${window}:${start}`, new Date((end + 3600) * 1000));
      return usage(window, limit, used, end);
    }),
  );
  return { windows, exceeded: windows.find((w) => w.used > w.limit) ?? null };
}

/** Reads usage without counting (GET /usage). */
export async function readUsage(
  counters: CounterStore,
  tenant: TenantScope,
  plan: PlanDefinition,
  now: Date,
): Promise<WindowUsage[]> {
  return Promise.all(
    windowsOf(plan).map(async ({ window, limit }) => {
      const { start, end } = windowBounds(window, now);
      return usage(window, limit, await counters.get(tenant, `requests:${window}:${start}`), end);
    }),
  );
}

function windowsOf(plan: PlanDefinition): Array<{ window: RateWindowName; limit: number }> {
  return (Object.entries(plan.requests) as Array<[RateWindowName, number | undefined]>)
    .filter((entry): entry is [RateWindowName, number] => typeof entry[1] === 'number')
    .map(([window, limit]) => ({ window, limit }))
    .sort((a, b) => WINDOW_SECONDS[a.window] - WINDOW_SECONDS[b.window]);
}

function windowBounds(window: RateWindowName, now: Date): { start: number; end: number } {
  const length = WINDOW_SECONDS[window];
  const start = Math.floor(now.getTime() / 1000 / length) * length;
  return { start, end: start + length };
}

function usage(window: RateWindowName, limit: number, used: number, resetAt: number): WindowUsage {
  return { window, limit, used, remaining: Math.max(0, limit - used), resetAt, windowSeconds: WINDOW_SECONDS[window] };
}

/**
 * Response headers: GitHub's X-RateLimit-* for the tightest window, and the IETF httpapi
 * draft-10 RateLimit-Policy / RateLimit fields for every window.
 */
export function rateLimitHeaders(state: RateLimitState, now: Date): Record<string, string> {
  if (state.windows.length === 0) return {};
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const tightest = [...state.windows].sort((a, b) => a.remaining - b.remaining || a.resetAt - b.resetAt)[0]!;
  return {
    'X-RateLimit-Limit': String(tightest.limit),
    'X-RateLimit-Remaining': String(tightest.remaining),
    'X-RateLimit-Used': String(Math.min(tightest.used, tightest.limit)),
    'X-RateLimit-Reset': String(tightest.resetAt),
    'RateLimit-Policy': state.windows.map((w) => `"${w.window}";q=${w.limit};w=${w.windowSeconds}`).join(', '),
    RateLimit: state.windows.map((w) => `"${w.window}";r=${w.remaining};t=${Math.max(0, w.resetAt - nowSeconds)}`).join(', '),
  };
}

export function retryAfterSeconds(window: WindowUsage, now: Date): number {
  return Math.max(1, window.resetAt - Math.floor(now.getTime() / 1000));
}

/**
 * One request against a per-minute limit that belongs to no account (the public widget's per-IP
 * limits): counted in the store, so every instance shares it. Null while under the limit, else the
 * seconds until the window ends (for `Retry-After`).
 */
export async function consumeMinuteLimit(counters: CounterStore, name: string, limit: number, now: Date): Promise<number | null> {
  const { start, end } = windowBounds('minute', now);
  const used = await counters.increment(null, `${name}:${start}`, new Date((end + 3600) * 1000));
  return used > limit ? Math.max(1, end - Math.floor(now.getTime() / 1000)) : null;
}
