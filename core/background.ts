// Background work over store queues (knowledge processing, webhook delivery, inactivity): a pass
// claims and handles what is due and says how much it found. A nudge runs passes until one finds
// nothing; nudges while running fold into one more round; a node-cron tick nudges too, for work
// that falls due later or that another instance left behind.
//
// Every job kind follows the same failure rule (retryAfterFailure): a job whose handling failed is
// due again later, with exponential backoff, and is given up after a few tries, so one poisoned
// record can never keep a loop busy. Passes yield to the event loop between them, so even a queue
// that is never empty cannot starve requests.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';

export { yieldToEventLoop };

/** How a failed job is retried: 30 s, 1 min, 2 min, … at most an hour apart (±10%), 8 tries in all. */
export const JOB_RETRY = { firstDelayMs: 30_000, maxDelayMs: 3_600_000, maxFailures: 8 } as const;

export interface RetryDecision {
  /** Failures so far, this one included (store it on the job). */
  failures: number;
  /** When to try again, or null: given up, mark the job failed. */
  retryAt: Date | null;
}

/** The next try after a failure, from the failures the job had before this one. */
export function retryAfterFailure(now: Date, previousFailures: number, policy: typeof JOB_RETRY = JOB_RETRY): RetryDecision {
  const failures = previousFailures + 1;
  if (failures >= policy.maxFailures) return { failures, retryAt: null };
  const delay = Math.min(policy.firstDelayMs * 2 ** (failures - 1), policy.maxDelayMs) * (0.9 + Math.random() * 0.2);
  return { failures, retryAt: new Date(now.getTime() + delay) };
}

/** A pass: handles what is due and returns how many items it handled (0: nothing due). */
export type BackgroundPass = (signal: AbortSignal) => Promise<number>;

export interface BackgroundLoopOptions {
  /**
   * false on an instance without the `worker` role (config/roles.ts): nudges and schedules do
   * nothing, so requests that create work leave it to the worker instances. `drain()` still runs
   * passes when called.
   */
  enabled?: boolean;
  /** The loop adds itself here, for /ready (platform.loopOptions.registry). */
  registry?: Set<BackgroundLoop>;
}

/** A loop's state for /ready: whether it runs here, and whether its last round failed. */
export interface BackgroundLoopHealth {
  name: string;
  enabled: boolean;
  /** The last round threw (the store failed, say); cleared by the next round that does not. */
  failing: boolean;
  last_failure_at: string | null;
}

export class BackgroundLoop {
  private running: Promise<void> | null = null;
  private nudgedWhileRunning = false;
  private stopped = false;
  private stopping: Promise<void> | null = null;
  private schedule: ScheduledTask | null = null;
  /** Aborted when a stop runs out of patience: long work (a crawl) gives up and releases its claim. */
  private readonly abort = new AbortController();
  private readonly enabled: boolean;
  private lastFailureAt: Date | null = null;
  private failing = false;

  constructor(
    private readonly name: string,
    private readonly pass: BackgroundPass,
    private readonly logger: Logger,
    options: BackgroundLoopOptions = {},
  ) {
    this.enabled = options.enabled ?? true;
    options.registry?.add(this);
  }

  get health(): BackgroundLoopHealth {
    return { name: this.name, enabled: this.enabled, failing: this.failing, last_failure_at: this.lastFailureAt?.toISOString() ?? null };
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Work through what is due, in the background. */
  nudge(): void {
    if (this.stopped || !this.enabled) return;
    if (this.running) {
      this.nudgedWhileRunning = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Passes until nothing is due now, after the round in progress (tests, callers that want the result). */
  async drain(): Promise<void> {
    // A nudge during these passes can start the loop beside them: wait for that round too.
    do {
      await this.running;
      while ((await this.pass(this.abort.signal)) > 0) await yieldToEventLoop();
    } while (this.running);
  }

  /** Nudges on a node-cron expression (seconds allowed) while the server runs; `onTick` first, if given. */
  startSchedule(expression: string, onTick?: () => void): void {
    if (!this.enabled) return;
    this.schedule = cron.schedule(
      expression,
      () => {
        onTick?.();
        this.nudge();
      },
      { name: this.name, noOverlap: true },
    );
  }

  /**
   * Stops nudging and waits for the pass in progress, at most `deadlineMs`; then aborts it (its
   * work releases what it claimed) and waits for it to wind down, at most `deadlineMs` more. A
   * second call (a loop its owner stops, and the shutdown too) waits for the first instead of
   * warning again.
   */
  stop(deadlineMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopping ??= this.stopOnce(deadlineMs);
    return this.stopping;
  }

  private async stopOnce(deadlineMs: number): Promise<void> {
    this.stopped = true;
    await this.schedule?.stop();
    if (!this.running) return;
    if (await settlesWithin(this.running, deadlineMs)) return;
    this.logger.warn(`${this.name}: still working at the shutdown deadline; aborting`);
    this.abort.abort(new Error('The server is shutting down'));
    if (!(await settlesWithin(this.running, deadlineMs))) this.logger.warn(`${this.name}: did not stop in time; leaving it`);
  }

  private async loop(): Promise<void> {
    do {
      this.nudgedWhileRunning = false;
      try {
        while (!this.stopped && (await this.pass(this.abort.signal)) > 0) await yieldToEventLoop();
        this.failing = false;
      } catch (error) {
        this.failing = true;
        this.lastFailureAt = new Date();
        this.logger.error({ err: error }, `${this.name} failed; the next tick retries`);
        return;
      }
    } while (this.nudgedWhileRunning && !this.stopped);
  }
}

/** True when `work` settled within `ms`; never rejects. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  if (!Number.isFinite(ms)) {
    await work.catch(() => undefined);
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const, () => true as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
