// Background work over store queues (knowledge processing, webhook delivery): a pass claims and
// handles what is due and says how much it found. A nudge runs passes until one finds nothing;
// nudges while running fold into one more round; a node-cron tick nudges too, for work that falls
// due later or that another instance left behind.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';

export class BackgroundLoop {
  private running: Promise<void> | null = null;
  private nudgedWhileRunning = false;
  private stopped = false;
  private schedule: ScheduledTask | null = null;

  constructor(
    private readonly name: string,
    /** One pass: returns how many items it handled (0: nothing due). */
    private readonly pass: () => Promise<number>,
    private readonly logger: Logger,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Work through what is due, in the background. */
  nudge(): void {
    if (this.stopped) return;
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
    await this.running;
    while ((await this.pass()) > 0);
  }

  /** Nudges on a node-cron expression (seconds allowed) while the server runs. */
  startSchedule(expression: string): void {
    this.schedule = cron.schedule(expression, () => this.nudge(), { name: this.name, noOverlap: true });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.schedule?.stop();
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.nudgedWhileRunning = false;
      try {
        while (!this.stopped && (await this.pass()) > 0);
      } catch (error) {
        this.logger.error({ err: error }, `${this.name} failed; the next tick retries`);
        return;
      }
    } while (this.nudgedWhileRunning && !this.stopped);
  }
}
