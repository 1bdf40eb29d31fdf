// Housekeeping on a node-cron schedule, run by every serving instance. Each step is idempotent, so
// instances running it at the same time do no harm. Plugins add their own sweeps
// (`platform.maintenance`); the webhook dispatcher has its own ticks for deliveries.
import cron, { type ScheduledTask } from 'node-cron';
import { yieldToEventLoop } from './background.js';
import type { Platform } from './platform.js';
import type { Collection } from './store/types.js';

/** How many records each sweep removed, by name. */
export type MaintenanceResult = Record<string, number>;

/** Deleted a batch at a time, so one tick never holds the store for long. */
const SWEEP_BATCH = 1000;

/** Deletes every record whose `field` holds a time before `before`, a batch at a time. */
export async function sweepExpired(collection: Collection<unknown>, field: string, before: Date): Promise<number> {
  let swept = 0;
  for (;;) {
    const deleted = await collection.deleteExpired({ field, before, limit: SWEEP_BATCH });
    swept += deleted;
    if (deleted < SWEEP_BATCH) return swept;
    await yieldToEventLoop(); // SQLite deletes synchronously: a large backlog must not hold requests up
  }
}

export async function runMaintenance(platform: Platform): Promise<MaintenanceResult> {
  const now = platform.now();
  const eventsBefore = new Date(now.getTime() - platform.config.retention.events_days * 86_400_000);
  const result: MaintenanceResult = {
    counters: await platform.store.counters.sweepExpired(now),
    idempotency_keys: await sweepExpired(platform.idempotencyKeys, 'expires_at', now),
    events: await sweepExpired(platform.events.collection, 'created_at', eventsBefore),
    // Reactions given up on are kept as long as their events, for an operator to look at.
    reaction_jobs: await sweepExpired(platform.events.reactions.collection, 'created_at', eventsBefore),
  };
  for (const [name, task] of platform.maintenance) result[name] = await task(now);
  return result;
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
