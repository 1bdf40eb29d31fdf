// Request limits per account and mode (docs/ARCHITECTURE.md A3). Counters live in the store, so every server
// instance shares them. Windows are fixed and UTC-aligned: a "day" is a UTC calendar day.
//
// Counting every request in the store cost two writes a request (one per window), the largest
// part of a keyed GET. RequestCounts batches them: while a window has more than
// `rate_limits.exact_within` requests left, an instance counts in memory and adds its count to the
// store every `flush_interval_ms`; within the last `exact_within` requests (and for the first request
// an instance sees in a window) every request is counted in the store as it arrives, as before,
// so the 429 boundary is exact. The tolerance: an instance learns the others' requests from the
// store's answers, and counts in memory only while its last answer is at most two flush intervals
// old (an idle instance's first request goes to the store again), so its view lags the others'
// by at most their flush interval plus those two; a limit can be passed only when the other
// instances serve more than `exact_within` requests of one account and mode within that lag.
import type { Logger } from 'pino';
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

/** One window's count for one tenant on this instance. */
interface WindowCount {
  scope: TenantScope;
  name: string;
  /** The counter is kept an hour past its window so a clock skew between instances is harmless. */
  expiresAt: Date;
  /** The window's end, epoch ms: a count whose window has ended is flushed and dropped. */
  endsAt: number;
  /** The highest value the store has returned; null until the first increment answered. */
  stored: number | null;
  /** When the store last answered (epoch ms, the platform clock). */
  storedAt: number;
  /** Requests counted here and not yet sent to the store. */
  unsent: number;
  /** Requests sent in increments not answered yet. */
  sending: number;
}

export class RequestCounts {
  private readonly counts = new Map<string, WindowCount>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly counters: CounterStore,
    private readonly settings: { flush_interval_ms: number; exact_within: number },
    private readonly logger: Logger,
    /** The platform clock: a count is dropped once its window has ended by it. */
    private readonly now: () => Date,
  ) {}

  /** Counts one request against every window of the plan. */
  async consume(tenant: TenantScope, plan: PlanDefinition, now: Date): Promise<RateLimitState> {
    const limits = windowsOf(plan);
    if (limits.length === 0) return { windows: [], exceeded: null };
    const counted = limits.map(({ window, limit }) => this.count(tenant, window, limit, now));
    // Counted in memory (the usual case), every count is a number: no promise per window.
    const used = counted.every((count) => typeof count === 'number') ? (counted as number[]) : await Promise.all(counted);
    const windows = limits.map(({ window, limit }, i) => usage(window, limit, used[i]!, windowBounds(window, now).end));
    return { windows, exceeded: windows.find((w) => w.used > w.limit) ?? null };
  }

  /**
   * Counts one request in one window; returns the window's count including it: at once when
   * counted in memory, else once the store has answered.
   */
  private count(tenant: TenantScope, window: RateWindowName, limit: number, now: Date): number | Promise<number> {
    const { start, end } = windowBounds(window, now);
    const name = `requests:${window}:${start}`;
    const id = `${tenant.accountId}:${tenant.mode}:${name}`;
    let count = this.counts.get(id);
    if (!count) {
      count = { scope: tenant, name, expiresAt: new Date((end + 3600) * 1000), endsAt: end * 1000, stored: null, storedAt: 0, unsent: 0, sending: 0 };
      this.counts.set(id, count);
      // The flush also drops ended windows: with one due whenever a window starts, none stays for long.
      this.scheduleFlush();
    }
    const estimate = (count.stored ?? 0) + count.sending + count.unsent + 1;
    const fresh = count.stored !== null && now.getTime() - count.storedAt <= 2 * this.settings.flush_interval_ms;
    if (fresh && limit - estimate >= this.settings.exact_within) {
      count.unsent++;
      this.scheduleFlush();
      return estimate;
    }
    return this.countExactly(count);
  }

  /**
   * This request and any counted in memory go to the store now, and the store's answer (which
   * includes every instance's flushed requests) decides.
   */
  private async countExactly(count: WindowCount): Promise<number> {
    const carried = count.unsent;
    count.unsent = 0;
    try {
      return await this.send(count, carried + 1);
    } catch (error) {
      count.unsent += carried;
      throw error;
    }
  }

  /** Adds `amount` to the stored counter; returns the counter's new value. */
  private async send(count: WindowCount, amount: number): Promise<number> {
    count.sending += amount;
    try {
      const value = await this.counters.increment(count.scope, count.name, count.expiresAt, amount);
      count.stored = Math.max(count.stored ?? 0, value);
      count.storedAt = this.now().getTime();
      return value;
    } finally {
      count.sending -= amount;
    }
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.settings.flush_interval_ms);
    // A pending flush does not keep a process alive; stop() flushes what is left.
    this.timer.unref();
  }

  /**
   * Sends every count held in memory to the store (of one tenant, or all), and drops the counts of
   * windows that have ended. A failed send keeps its count for the next flush.
   */
  async flush(tenant?: TenantScope): Promise<void> {
    const sends: Array<Promise<unknown>> = [];
    const nowMs = this.now().getTime();
    for (const [id, count] of this.counts) {
      if (tenant && (count.scope.accountId !== tenant.accountId || count.scope.mode !== tenant.mode)) continue;
      if (count.unsent > 0) {
        const amount = count.unsent;
        count.unsent = 0;
        sends.push(
          this.send(count, amount).catch((error: unknown) => {
            count.unsent += amount;
            this.logger.warn({ err: error, counter: count.name }, 'request counts not flushed; retrying');
            this.scheduleFlush();
          }),
        );
      } else if (count.sending === 0 && count.endsAt < nowMs) {
        this.counts.delete(id);
      }
    }
    await Promise.all(sends);
  }

  /** Reads usage without counting (GET /usage): this instance's counts flushed first, so they are in it. */
  async readUsage(tenant: TenantScope, plan: PlanDefinition, now: Date): Promise<WindowUsage[]> {
    await this.flush(tenant);
    return Promise.all(
      windowsOf(plan).map(async ({ window, limit }) => {
        const { start, end } = windowBounds(window, now);
        return usage(window, limit, await this.counters.get(tenant, `requests:${window}:${start}`), end);
      }),
    );
  }

  /** Flushes what is held and stops the timer (server stop). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** Worked out once per plan object: the key cache hands the same plan to every request of a key. */
const windowsByPlan = new WeakMap<PlanDefinition, Array<{ window: RateWindowName; limit: number }>>();

function windowsOf(plan: PlanDefinition): Array<{ window: RateWindowName; limit: number }> {
  let windows = windowsByPlan.get(plan);
  if (!windows) {
    windows = limitedWindows(plan);
    windowsByPlan.set(plan, windows);
  }
  return windows;
}

function limitedWindows(plan: PlanDefinition): Array<{ window: RateWindowName; limit: number }> {
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
  let tightest = state.windows[0]!;
  for (const w of state.windows) {
    if (w.remaining < tightest.remaining || (w.remaining === tightest.remaining && w.resetAt < tightest.resetAt)) tightest = w;
  }
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
