// WAL checkpoints on a thread of their own. SQLite copies the write-ahead log back into the database
// ("checkpoints") inside whichever commit crosses wal_autocheckpoint pages: with a steady stream of
// small commits (chat turns) that was about a third of the serving thread's commit time, in 4 MB
// gulps. Here a worker thread's own connection checkpoints every CHECKPOINT_EVERY_WRITES writes
// instead; the serving connection keeps an automatic checkpoint only as a backstop, at
// BACKSTOP_PAGES, for when the thread cannot keep up (readers holding old pages) or has died.
import { Worker } from 'node:worker_threads';

/** Writes (commits, counter steps, collection calls) between two checkpoint requests. */
export const CHECKPOINT_EVERY_WRITES = 64;
/** The serving connection's own automatic checkpoint, in pages (~40 MB of log at 4 KiB pages). */
export const BACKSTOP_PAGES = 10_000;

const ENTRY = new URL('./checkpoint-worker.mjs', import.meta.url);

export class WalCheckpointer {
  private readonly worker: Worker;
  private writes = 0;
  private inFlight = false;
  private dead = false;
  /** Checkpoints the thread has run, and the last failure (for tests and diagnostics). */
  readonly stats = { checkpoints: 0, failures: 0, lastError: null as string | null };

  constructor(file: string, busyTimeoutMs: number) {
    // execArgv: [] keeps the parent's loaders (tsx, a test runner's instrumentation) out of a
    // thread that loads one plain module.
    this.worker = new Worker(ENTRY, { workerData: { file, busyTimeoutMs }, execArgv: [] });
    this.worker.unref(); // never what keeps a process alive
    this.worker.on('message', (reply: { ok: boolean; message?: string }) => {
      this.inFlight = false;
      if (reply.ok) this.stats.checkpoints++;
      else {
        this.stats.failures++;
        this.stats.lastError = reply.message ?? 'unknown';
      }
    });
    // A dead thread leaves checkpoints to the backstop: the store keeps working.
    this.worker.on('error', (error) => {
      this.dead = true;
      this.stats.lastError = error.message;
    });
    this.worker.on('exit', () => {
      this.dead = true;
    });
  }

  /** Called after each write; asks for a checkpoint every CHECKPOINT_EVERY_WRITES writes, one at a time. */
  noteWrite(): void {
    if (++this.writes < CHECKPOINT_EVERY_WRITES || this.inFlight || this.dead) return;
    this.writes = 0;
    this.inFlight = true;
    this.worker.postMessage('checkpoint');
  }

  async close(): Promise<void> {
    if (this.dead) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    // A checkpoint in progress finishes first; a thread that does not exit soon is ended.
    const timer = setTimeout(() => void this.worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
