// The parser pool: untrusted documents (PDF, DOCX, HTML, sitemaps) and their chunking run in worker
// threads with a memory limit and a time limit, so a hostile file costs one worker, never the
// server's event loop. A worker that runs out of memory, crashes or overruns is terminated; only
// its task fails, and the next task gets a fresh worker.
//
// Piscina rather than bare worker_threads: it already replaces dead workers, terminates the worker
// of an aborted task, passes resourceLimits and retires idle threads. On top of it this adds the
// time limit (counted once a worker is free for the task, not while it waits in the queue), a bounded queue, and
// the mapping of worker failures to errors a user can read.
import { Piscina } from 'piscina';
import { workerEntry } from '../../../core/index.js';
import { ExtractionError, fromWireError } from './errors.js';
import type { ParseOutput, ParseTask, ParseTaskKind, WorkerReply } from './tasks.js';

export interface ParserLimits {
  /**
   * Wall-clock time one task may take once a worker slot is free, before its worker is
   * terminated. It includes starting a worker when none is idle (about 0.2 to 0.4 s).
   */
  timeLimitMs: number;
  /** The worker's old-generation heap, where a parsed document lives. */
  heapMb: number;
  youngGenerationMb: number;
  stackMb: number;
  /** Worker threads at most. */
  threads: number;
  /** Tasks that may wait for a worker; more are refused. */
  queue: number;
  /** An idle worker exits after this long (the next task starts a new one, ~1 s of loading). */
  idleMs: number;
}

/**
 * One thread: the knowledge worker feeds it one item at a time, and on a two-core machine the
 * other core stays with the event loop. 256 MB of heap reads any real document (a 10 MiB text
 * makes ~30 MB of chunks); 30 s is far more than a real document needs.
 */
export const DEFAULT_PARSER_LIMITS: ParserLimits = {
  timeLimitMs: 30_000,
  heapMb: 256,
  youngGenerationMb: 32,
  stackMb: 4,
  threads: 1,
  queue: 16,
  idleMs: 60_000,
};

const WORKER_ENTRY = workerEntry('plugins/knowledge/parsing/worker-entry.mjs', 'parse-worker.mjs');

/** The queue is full: the server is reading as many documents as it will at once. */
export class ParserBusyError extends Error {
  override name = 'ParserBusyError';
}

export class ParserPool {
  readonly limits: ParserLimits;
  private readonly piscina: Piscina;
  private running = 0;
  private readonly waiting: Array<{ start: () => void; cancel: (reason: unknown) => void }> = [];

  /** `workerEntry`: tests point it at an entry with extra tasks; the API cannot reach it. */
  constructor(limits: Partial<ParserLimits> = {}, workerEntry: URL = WORKER_ENTRY) {
    this.limits = { ...DEFAULT_PARSER_LIMITS, ...limits };
    this.piscina = new Piscina({
      filename: workerEntry.href,
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: this.limits.idleMs,
      // The entry loads what a worker needs (tsx, then the tasks); the parent's loaders and
      // preloads (a test runner's instrumentation, three more module hooks) only slow it down.
      execArgv: [],
      // Our own queue (below) holds waiting tasks, so their time limit starts when they run.
      maxQueue: this.limits.threads,
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.heapMb,
        maxYoungGenerationSizeMb: this.limits.youngGenerationMb,
        stackSizeMb: this.limits.stackMb,
      },
    });
  }

  /**
   * Runs one task in a worker. Fails with an ExtractionError a user can read when the content
   * cannot be read, takes too long or needs too much memory; with `signal`'s reason when aborted.
   */
  async run<K extends ParseTaskKind>(task: ParseTask<K>, signal?: AbortSignal): Promise<ParseOutput<K>> {
    signal?.throwIfAborted();
    await this.turn(signal);
    try {
      return (await this.runInWorker(task, signal)) as ParseOutput<K>;
    } finally {
      this.running--;
      this.waiting.shift()?.start();
    }
  }

  /** Ends the workers (a task in progress fails). */
  async close(): Promise<void> {
    for (const waiter of this.waiting.splice(0)) waiter.cancel(new ParserBusyError('The parser pool is closed'));
    await this.piscina.destroy();
  }

  /** Waits for a free worker, in order; refuses when the queue is full. */
  private turn(signal?: AbortSignal): Promise<void> {
    if (this.running < this.limits.threads) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) {
      return Promise.reject(new ParserBusyError(`More than ${this.limits.queue} documents are waiting to be read`));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve();
        },
        cancel: (reason: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        waiter.cancel(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private async runInWorker(task: ParseTask, signal?: AbortSignal): Promise<unknown> {
    // One controller per task, aborted by the time limit or the caller: Piscina then terminates
    // the worker running it.
    const stop = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop.abort();
    }, this.limits.timeLimitMs);
    const onCallerAbort = () => stop.abort(signal!.reason);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const reply = (await this.piscina.run(task, { signal: stop.signal })) as WorkerReply;
      if (!reply.ok) throw fromWireError(reply.error);
      return reply.value;
    } catch (error) {
      throw this.explain(error, timedOut, signal);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private explain(error: unknown, timedOut: boolean, signal?: AbortSignal): unknown {
    if (error instanceof ExtractionError) return error;
    if (timedOut) return new ExtractionError(`The document took longer than ${formatSeconds(this.limits.timeLimitMs)} to read`);
    if (signal?.aborted) return signal.reason;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new ExtractionError(`The document needed more memory than ${this.limits.heapMb} MB to read`);
    // The worker exited or was killed mid-task (not our code throwing: that arrives as a cloned
    // error with a stack). Only this task fails; the pool starts a new worker for the next.
    if (error instanceof Error && /worker exited|Terminating worker thread/i.test(error.message)) {
      return new ExtractionError('The document could not be read: its reader stopped unexpectedly');
    }
    return error;
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
