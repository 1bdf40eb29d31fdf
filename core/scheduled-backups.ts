// Scheduled backups of the SQLite store (BACKUP_CRON), run by worker instances: at each tick one
// backup into BACKUP_DIR named by its time, the copy `chatbot-platform backup` makes (core/backup.ts),
// then the oldest of this job's backups past BACKUP_KEEP are deleted. Only files named as this job
// names them are ever deleted, and only after a new backup is whole: a failing job keeps every
// backup it made before.
//
// A tick is a job, retried like every background job (retryAfterFailure: 30 s, 1 min, 2 min, …)
// until it succeeds, is given up, or the next tick starts a fresh one. A failure marks the loop
// failing on GET /ready until a backup succeeds.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { BackgroundLoop, retryAfterFailure, type BackgroundLoopOptions } from './background.js';
import { backupSqlite, keyFileOf, readPassphrase, sqliteFileOf } from './backup.js';

/** chatbot-platform-20260102T030405Z.sqlite: sorts by time, and marks the files this job may delete. */
const SCHEDULED_NAME = /^chatbot-platform-\d{8}T\d{6}Z\.sqlite$/;

export function scheduledBackupName(at: Date): string {
  return `chatbot-platform-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.sqlite`;
}

/** This job's backups in `dir`, oldest first. */
export function scheduledBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => SCHEDULED_NAME.test(name)).sort();
}

interface PendingRun {
  failures: number;
  /** Not before this time (a retry waits out its back-off). */
  dueAt: number;
}

export class ScheduledBackups {
  private readonly loop: BackgroundLoop;
  private pending: PendingRun | null = null;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly now: () => Date,
    loopOptions: BackgroundLoopOptions,
  ) {
    this.loop = new BackgroundLoop('scheduled backups', () => this.runDue(), logger, loopOptions);
  }

  /** Starts the schedule when BACKUP_CRON is set (on a worker instance; the loop is off elsewhere). */
  start(): void {
    const expression = this.config.backups.cron;
    if (!expression || !sqliteFileOf(this.config)) return;
    this.loop.startSchedule(expression, () => {
      this.pending = { failures: 0, dueAt: 0 }; // a new tick supersedes a retry still waiting
    });
  }

  async stop(deadlineMs?: number): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.loop.stop(deadlineMs);
  }

  /** The due backup, if any: 1 when one was made (the loop then finds nothing more), else 0. */
  private async runDue(): Promise<number> {
    const run = this.pending;
    if (!run || run.dueAt > Date.now()) return 0;
    this.pending = null;
    try {
      await this.backUpAndPrune();
      return 1;
    } catch (error) {
      const decision = retryAfterFailure(this.now(), run.failures);
      if (decision.retryAt && !this.pending) {
        this.pending = { failures: decision.failures, dueAt: decision.retryAt.getTime() };
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.loop.nudge(), Math.max(0, decision.retryAt.getTime() - Date.now())).unref();
      } else if (!decision.retryAt) {
        this.logger.error({ failures: decision.failures }, 'scheduled backup given up after repeated failures; the next tick tries again');
      }
      throw error; // the loop logs it, and /ready shows the loop failing until a backup succeeds
    }
  }

  private async backUpAndPrune(): Promise<void> {
    const { dir, keep, passphrase_file: passphraseFile } = this.config.backups;
    const target = path.join(path.resolve(dir), scheduledBackupName(this.now()));
    const result = await backupSqlite({
      source: sqliteFileOf(this.config)!,
      target,
      keyFile: keyFileOf(this.config),
      passphrase: passphraseFile ? readPassphrase(passphraseFile) : null,
    });
    const backups = scheduledBackups(path.dirname(target));
    const removed = backups.slice(0, Math.max(0, backups.length - keep));
    for (const name of removed) {
      const file = path.join(path.dirname(target), name);
      rmSync(`${file}.key`, { force: true });
      rmSync(file, { force: true });
    }
    this.logger.info({ file: result.file, bytes: result.bytes, key_file: result.key_file, key_sealed: result.key_sealed, removed }, 'scheduled backup done');
  }
}
