// Housekeeping on a node-cron schedule, run by every serving instance. Each step is idempotent, so
// instances running it at the same time do no harm. The webhook dispatcher has its own ticks.
import cron, { type ScheduledTask } from 'node-cron';
import type { Platform } from './platform.js';

export interface MaintenanceResult {
  /** Rate-limit counters whose windows have ended. */
  countersSwept: number;
  /** Idempotency keys past their 24 hours. */
  idempotencyKeysSwept: number;
}

/** Deleted a batch at a time, so one tick never holds the store for long. */
const SWEEP_BATCH = 1000;

export async function runMaintenance(platform: Platform): Promise<MaintenanceResult> {
  const now = platform.now();
  let idempotencyKeysSwept = 0;
  for (;;) {
    const deleted = await platform.idempotencyKeys.deleteExpired({ field: 'expires_at', before: now, limit: SWEEP_BATCH });
    idempotencyKeysSwept += deleted;
    if (deleted < SWEEP_BATCH) break;
  }
  return { countersSwept: await platform.store.counters.sweepExpired(now), idempotencyKeysSwept };
}

/** Every ten minutes: windows end each minute, and a counter document is small. */
export function scheduleMaintenance(platform: Platform, expression = '*/10 * * * *'): ScheduledTask {
  return cron.schedule(
    expression,
    async () => {
      try {
        platform.logger.debug(await runMaintenance(platform), 'maintenance done');
      } catch (error) {
        platform.logger.warn({ err: error }, 'maintenance failed; it runs again at the next tick');
      }
    },
    { name: 'maintenance', noOverlap: true },
  );
}
