// The int8 scan of a large index split between the serving thread and scan threads: at 20,000
// vectors of 768 numbers the scan is most of a search (bench/vector-search.ts), it is bound by one
// core's multiply-adds, and the rows split into blocks that need nothing from each other.
//
// Work is taken, never handed out. A search writes its fields into a shared control area, rings a
// bell, and then claims blocks itself, one at a time, from a counter the threads claim from too (a
// compare-and-swap on one 64-bit word: the search's number, the block count and the next block).
// So a search never waits for a thread to start: with every thread asleep, elsewhere or dead, the
// serving thread claims every block and the search costs what it cost without threads. It waits
// only for blocks a thread has claimed, and at most WAIT_MS: past that it scans them itself.
//
// Why a late or stalled thread can never make a result wrong:
// - a search marks the claim word with its number and nothing to claim before it writes its
//   fields, and publishes its blocks after; a thread reads the fields only after its claim
//   succeeded and keeps them only if the claim word still names its search (a seqlock), so the
//   fields it scans with are its search's, even when it was descheduled in between and that
//   search has ended;
// - each thread writes cosines and bucket counts only to its own areas of the index's memory, and
//   reports a block in its own row of flags, tagged with the search's number: the search copies a
//   block from a thread's area only when that thread's flag names this search, and adds a thread's
//   counts only when no block was given up on and they add up to the rows it reported;
// - a block given up on is scanned by the serving thread into its own area; what the late thread
//   writes later goes to its own areas and carries an old search's number.
// A thread descheduled while it holds a block costs that search up to WAIT_MS (the serving thread
// then scans the block itself).
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { Logger } from 'pino';
import { workerEntry } from '../../../core/index.js';

const ENTRY = workerEntry('plugins/knowledge/semantic/scan-worker.mjs', 'scan-worker.mjs');

/** Blocks a search is split into, at most: enough to share out among a few threads evenly. */
const MAX_BLOCKS = 64;
/** Rows in a block, at least: below that, claiming costs more than scanning. */
const MIN_BLOCK_ROWS = 128;
/** How long a search waits for a thread's claimed block before scanning it itself. */
export const WAIT_MS = 50;
/** Scan threads a server may have: each has a row of flags in the control area (config/schema.ts allows as many). */
export const MAX_SCAN_THREADS = 15;
/** Search numbers wrap here: a block's flag is the search's number + 1 (0: not reported), an int32. */
const SEARCH_NUMBERS = 2 ** 31 - 1;

/** Int32 positions in the control area (the claim word is a BigInt64 at `claimByte`). */
const LAYOUT = {
  bell: 0,
  doneBell: 1,
  stop: 2,
  index: 3,
  rows: 4,
  count: 5,
  width: 6,
  query: 7,
  scales: 8,
  back: 9, // a float32's bits
  helperOut: 10,
  blockRows: 11,
  helperCounts: 12,
  buckets: 13,
  /** Thread h's flag of block b is at flags + h × maxBlocks + b. */
  flags: 16,
  maxBlocks: MAX_BLOCKS,
  claimByte: (16 + MAX_SCAN_THREADS * MAX_BLOCKS) * 4,
};
const CONTROL_BYTES = LAYOUT.claimByte + 8;

/** One search's scan, as Int8Rows lays it out in its memory (byte addresses). */
export interface ScanJob {
  index: number;
  rows: number;
  count: number;
  width: number;
  query: number;
  scales: number;
  back: number;
  /** The threads' areas: thread h's cosines start at helperOut + h × count × 4. */
  helperOut: number;
  /** Thread h's bucket counts (`buckets` int32) start at helperCounts + h × buckets × 4; it zeroes them at its first block of a search. */
  helperCounts: number;
  buckets: number;
  /** Scans rows [first, first + rows) in the serving thread, into its own area. */
  scanHere(first: number, rows: number): void;
  /** Copies rows [first, first + rows) from thread `helper`'s area into the serving thread's. */
  takeFrom(helper: number, first: number, rows: number): void;
}

export class VectorScanThreads {
  private readonly control = new SharedArrayBuffer(CONTROL_BYTES);
  private readonly words = new Int32Array(this.control);
  /** A float32's bits, to store `back` atomically. */
  private readonly bits = new Int32Array(1);
  private readonly asFloat = new Float32Array(this.bits.buffer);
  private readonly claims = new BigInt64Array(this.control, LAYOUT.claimByte, 1);
  private workers: Array<{ worker: Worker; mail: MessagePort }> | null = null;
  private searchNumber = 0;
  private nextIndex = 1;
  private closed = false;
  /** An index's number is dropped by the threads once the index is collected. */
  private readonly forget = new FinalizationRegistry<number>((index) => this.post({ drop: index }));
  /** For tests and diagnostics: blocks scanned by threads, blocks given up on after WAIT_MS, threads that died. */
  readonly stats = { helperBlocks: 0, givenUp: 0, died: 0 };

  /**
   * `threads`: scan threads beside the serving thread (0: none). `entry`: tests start a thread of
   * their own making. `logger`: told when a thread dies (searches go on without it).
   */
  constructor(
    readonly threads: number,
    private readonly entry: URL = ENTRY,
    private readonly logger?: Pick<Logger, 'error'>,
  ) {
    if (!Number.isInteger(threads) || threads < 0 || threads > MAX_SCAN_THREADS) throw new RangeError(`scan threads: 0 to ${MAX_SCAN_THREADS}`);
  }

  /**
   * Tells the threads of an index's memory (starting them with the first); returns the number its
   * searches name it by. The threads let go of the memory once `owner` is collected.
   */
  register(owner: object, module: WebAssembly.Module, memory: WebAssembly.Memory): number {
    const index = this.nextIndex++;
    if (this.threads === 0 || this.closed) return index;
    this.start(module);
    this.post({ add: index, memory });
    this.forget.register(owner, index);
    return index;
  }

  /**
   * Scans every row of `job`, the serving thread and the threads together; returns when all are in
   * the serving thread's area. Returns false when a block was given up on: a thread's bucket counts
   * may then hold part of that block, so they cannot be added.
   */
  scan(job: ScanJob): boolean {
    if (!this.workers || this.closed) {
      job.scanHere(0, job.count);
      return true;
    }
    const blockRows = Math.max(MIN_BLOCK_ROWS, Math.ceil(job.count / MAX_BLOCKS));
    const blocks = Math.ceil(job.count / blockRows);
    const search = (this.searchNumber = (this.searchNumber + 1) % SEARCH_NUMBERS);
    const words = this.words;
    // The claim word names this search with nothing to claim before the fields change: a thread
    // that claimed in the last search then sees another number and drops what it read.
    Atomics.store(this.claims, 0, BigInt(search) << 32n);
    for (let helper = 0; helper < this.threads; helper++) words.fill(0, LAYOUT.flags + helper * MAX_BLOCKS, LAYOUT.flags + helper * MAX_BLOCKS + blocks);
    this.asFloat[0] = job.back;
    const fields: Array<[number, number]> = [
      [LAYOUT.index, job.index],
      [LAYOUT.rows, job.rows],
      [LAYOUT.count, job.count],
      [LAYOUT.width, job.width],
      [LAYOUT.query, job.query],
      [LAYOUT.scales, job.scales],
      [LAYOUT.back, this.bits[0]!],
      [LAYOUT.helperOut, job.helperOut],
      [LAYOUT.helperCounts, job.helperCounts],
      [LAYOUT.buckets, job.buckets],
      [LAYOUT.blockRows, blockRows],
    ];
    for (const [at, value] of fields) Atomics.store(words, at, value);
    Atomics.store(this.claims, 0, (BigInt(search) << 32n) | (BigInt(blocks) << 16n));
    Atomics.add(words, LAYOUT.bell, 1);
    Atomics.notify(words, LAYOUT.bell);

    const here = new Uint8Array(blocks);
    for (;;) {
      const word = Atomics.load(this.claims, 0);
      const next = Number(word & 0xffffn);
      if (next >= blocks) break;
      if (Atomics.compareExchange(this.claims, 0, word, word + 1n) !== word) continue;
      here[next] = 1;
      job.scanHere(next * blockRows, Math.min(blockRows, job.count - next * blockRows));
    }
    return this.collect(job, search, blocks, blockRows, here);
  }

  /** Waits for the threads' blocks (at most WAIT_MS), takes them into the serving thread's area, and scans what did not come; false if any did not. */
  private collect(job: ScanJob, search: number, blocks: number, blockRows: number, here: Uint8Array): boolean {
    const words = this.words;
    const deadline = performance.now() + WAIT_MS;
    let complete = true;
    // The thread that reported each block, as read once: a flag is never read twice.
    const from = new Int8Array(blocks).fill(-1);
    for (;;) {
      const bell = Atomics.load(words, LAYOUT.doneBell);
      let missing = 0;
      for (let block = 0; block < blocks; block++) {
        if (here[block] || from[block]! >= 0) continue;
        from[block] = this.reporter(block, search);
        if (from[block]! < 0) missing++;
      }
      if (missing === 0) break;
      const left = deadline - performance.now();
      if (left <= 0) {
        this.stats.givenUp += missing;
        complete = false;
        for (let block = 0; block < blocks; block++) {
          if (here[block] || from[block]! >= 0) continue;
          here[block] = 1;
          job.scanHere(block * blockRows, Math.min(blockRows, job.count - block * blockRows));
        }
        break;
      }
      // Wakes at the next block a thread reports (a main-thread wait is allowed in Node).
      Atomics.wait(words, LAYOUT.doneBell, bell, left);
    }
    for (let block = 0; block < blocks; block++) {
      if (here[block]) continue;
      this.stats.helperBlocks++;
      job.takeFrom(from[block]!, block * blockRows, Math.min(blockRows, job.count - block * blockRows));
    }
    return complete;
  }

  /** The thread that reported `block` of search `search`, or −1. */
  private reporter(block: number, search: number): number {
    for (let helper = 0; helper < this.threads; helper++) {
      if (Atomics.load(this.words, LAYOUT.flags + helper * MAX_BLOCKS + block) === search + 1) return helper;
    }
    return -1;
  }

  private start(module: WebAssembly.Module): void {
    if (this.workers) return;
    this.workers = Array.from({ length: this.threads }, (_, helper) => {
      const { port1: mail, port2: theirs } = new MessageChannel();
      // execArgv: [] keeps the parent's loaders (tsx, a test runner's instrumentation) out of a
      // thread that loads one plain module.
      const worker = new Worker(this.entry, {
        workerData: { module, control: this.control, mail: theirs, helper, layout: LAYOUT },
        transferList: [theirs],
        execArgv: [],
      });
      worker.unref(); // never what keeps a process alive
      // A thread that dies takes no more blocks: searches claim them all themselves.
      worker.on('error', (error) => {
        this.stats.died++;
        this.logger?.error({ err: error, thread: helper }, 'a vector scan thread died; searches go on without it');
      });
      return { worker, mail };
    });
  }

  private post(message: { add: number; memory: WebAssembly.Memory } | { drop: number }): void {
    if (!this.workers || this.closed) return;
    for (const { mail } of this.workers) mail.postMessage(message);
    // The bell wakes a waiting thread to read its mail.
    Atomics.add(this.words, LAYOUT.bell, 1);
    Atomics.notify(this.words, LAYOUT.bell);
  }

  /** Stops the threads; searches go on in the serving thread alone. */
  async close(): Promise<void> {
    this.closed = true;
    Atomics.store(this.words, LAYOUT.stop, 1);
    Atomics.add(this.words, LAYOUT.bell, 1);
    Atomics.notify(this.words, LAYOUT.bell);
    const workers = this.workers ?? [];
    this.workers = null;
    await Promise.all(workers.map(({ worker, mail }) => (mail.close(), worker.terminate())));
  }
}
