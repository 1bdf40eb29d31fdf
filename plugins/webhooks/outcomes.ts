// Delivery outcomes written in batches: the outcomes of the sends that finish close together go to
// the store in one `completeAll` (one transaction on SQLite) rather than one commit each. An outcome
// waits at most FLUSH_DELAY_MS. Until it is written the delivery's lease is still held, so a crash
// in between only means the delivery is sent again when the lease ends (at least once), never lost.
import type { Logger } from 'pino';
import type { ClaimQueue } from '../../core/index.js';
import type { DeliveryDoc } from './collections.js';

/** Outcomes written per commit at most. */
export const FLUSH_BATCH = 128;
/** How long an outcome may wait for others to share its commit. */
const FLUSH_DELAY_MS = 5;

interface Pending {
  id: string;
  changes: Partial<DeliveryDoc>;
  written: (completed: boolean) => void;
  failed: (error: unknown) => void;
}

export class OutcomeWriter {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly claims: ClaimQueue<DeliveryDoc>,
    private readonly owner: string,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  /**
   * Ends the delivery's lease with `changes`, together with the outcomes written about the same
   * time. Resolves true when written, false when the lease had been lost (another claim sends it
   * again); rejects when the store failed (the lease runs out and the delivery is claimed again).
   */
  write(id: string, changes: Partial<DeliveryDoc>): Promise<boolean> {
    return new Promise((written, failed) => {
      this.pending.push({ id, changes, written, failed });
      if (this.pending.length >= FLUSH_BATCH) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), FLUSH_DELAY_MS);
    });
  }

  /** Writes everything pending now; resolves when every write so far is done. */
  flush(): Promise<void> {
    this.flushNow();
    return this.writing;
  }

  private flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0);
    // One batch at a time, in order: a later outcome of a delivery never lands before an earlier one.
    this.writing = this.writing.then(() => this.writeBatch(batch));
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    try {
      const completed = new Set(
        await this.claims.completeAll({ owner: this.owner, now: this.now(), completions: batch.map(({ id, changes }) => ({ id, changes })) }),
      );
      for (const { id, written } of batch) written(completed.has(id));
      const lost = batch.filter(({ id }) => !completed.has(id)).map(({ id }) => id);
      if (lost.length > 0) this.logger.warn({ delivery_ids: lost }, 'webhook delivery leases ran out before their outcomes were written; they are sent again');
    } catch (error) {
      for (const { failed } of batch) failed(error);
    }
  }
}
