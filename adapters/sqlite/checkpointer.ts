// WAL checkpoints on a thread of their own. SQLite copies the write-ahead log back into the database
// ("checkpoints") inside whichever commit crosses wal_autocheckpoint pages: with a steady stream of
// small commits (chat turns) that was about a third of the serving thread's commit time, in 4 MB
// gulps. Here a worker thread's own connection checkpoints every CHECKPOINT_EVERY_WRITES writes
// instead; the serving connection keeps an automatic checkpoint only as a backstop, at
// BACKSTOP_PAGES, for when the thread cannot keep up (readers holding old pages); if the thread dies,
// SQLite's default comes back.
// The thread starts after START_AFTER_WRITES writes: starting one costs ~45 ms of CPU, which a
// server under load earns back in seconds, and a short-lived store (a CLI command, a test) never pays.
import { Worker } from 'node:worker_threads';
import { sqliteAddonPath, workerEntry } from '../../core/paths.js';

/** Writes (commits, counter steps, collection calls) between two checkpoint requests. */
export const CHECKPOINT_EVERY_WRITES = 64;
/** The serving connection's own automatic checkpoint once the thread runs, in pages (~40 MB of log at 4 KiB pages). */
export const BACKSTOP_PAGES = 10_000;
/** Writes before the thread is started; until then SQLite checkpoints inside commits, as by default. */
export const START_AFTER_WRITES = 2_000;
/** SQLite's own default, restored if the thread dies. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

const ENTRY = workerEntry('adapters/sqlite/checkpoint-worker.mjs', 'checkpoint-worker.mjs');

export class WalCheckpointer {
  private worker: Worker | null = null;
  private writes = 0;
  private inFlight = false;
  private dead = false;
  /** Closed or closing: no thread starts, and a thread that exits is not mourned. */
  private closing = false;
  /** Checkpoints the thread has run, and the last failure (for tests and diagnostics). */
  readonly stats = { checkpoints: 0, failures: 0, lastError: null as string | null };

  /** `setAutocheckpoint` sets the serving connection's automatic checkpoint, in pages. */
  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
    private readonly setAutocheckpoint: (pages: number) => void,
  ) {}

  get running(): boolean {
    return this.worker !== null && !this.dead;
  }

  private start(): void {
    // execArgv: [] keeps the parent's loaders (tsx, a test runner's instrumentation) out of a
    // thread that loads one plain module.
    const worker = new Worker(ENTRY, { workerData: { file: this.file, busyTimeoutMs: this.busyTimeoutMs, addonPath: sqliteAddonPath() }, execArgv: [] });
    this.worker = worker;
    worker.unref(); // never what keeps a process alive
    worker.on('message', (reply: { ok: boolean; message?: string }) => {
      this.inFlight = false;
      if (reply.ok) this.stats.checkpoints++;
      else {
        this.stats.failures++;
        this.stats.lastError = reply.message ?? 'unknown';
      }
    });
    // A dead thread leaves checkpoints to the serving connection again, at SQLite's default
    // (the raised backstop would make some commit copy ~40 MB at once): the store keeps working.
    const died = () => {
      if (this.dead) return;
      this.dead = true;
      if (!this.closing) this.setAutocheckpoint(DEFAULT_AUTOCHECKPOINT_PAGES);
    };
    worker.on('error', (error) => {
      this.stats.lastError = error.message;
      died();
    });
    worker.on('exit', died);
    this.setAutocheckpoint(BACKSTOP_PAGES);
  }

  /** Called after each write: starts the thread after START_AFTER_WRITES, then asks for a checkpoint every CHECKPOINT_EVERY_WRITES, one at a time. */
  noteWrite(): void {
    this.writes++;
    if (!this.worker) {
      if (this.closing || this.writes < START_AFTER_WRITES) return;
      this.start();
      this.writes = CHECKPOINT_EVERY_WRITES;
    }
    if (this.writes < CHECKPOINT_EVERY_WRITES || this.inFlight || this.dead) return;
    this.writes = 0;
    this.inFlight = true;
    this.worker!.postMessage('checkpoint');
  }

  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker || this.dead) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    // A checkpoint in progress finishes first; a thread that does not exit soon is ended.
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
