// The loop of a vector scan thread (scan-threads.ts; entry scan-worker.mjs): it scans blocks of
// rows of whichever index the serving thread is searching, at the same time as the serving thread,
// and writes their cosines and bucket counts to its own areas of that index's memory. Plain
// JavaScript: it needs nothing but the scan's WebAssembly module, passed compiled. The protocol,
// and why a late thread can never make a search wrong, is in scan-threads.ts.
import { receiveMessageOnPort } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';

// A dropped index's memory is freed once no thread holds it; this thread allocates almost
// nothing, so its heap is rarely collected by itself: it collects after each drop (measured: 25
// indexes of 37 MB dropped kept 930 MB resident without this, none with it).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

/**
 * Runs until the control area says stop. `afterClaim(block)`: called between a claim and the
 * reading of the search's fields (tests make a thread late there; the server passes none).
 */
export function runScanThread({ module, control, mail, helper, layout }, afterClaim = () => undefined) {
  const words = new Int32Array(control);
  // `back` is a float32 passed as its bits, so that it too is read atomically.
  const bits = new Int32Array(1);
  const asFloat = new Float32Array(bits.buffer);
  const claims = new BigInt64Array(control, layout.claimByte, 1);
  /** The scan of each index this thread was told of, by the index's number. */
  const scans = new Map();
  /** The search this thread last scanned a block of: its bucket counts are zeroed at the first block of another. */
  let lastSearch = -1;

  function readMail() {
    let dropped = false;
    for (let message; (message = receiveMessageOnPort(mail)); ) {
      const { add, drop, memory } = message.message;
      if (add !== undefined) {
        const instance = new WebAssembly.Instance(module, { env: { memory } });
        scans.set(add, { dots: instance.exports.dots, memory });
      } else if (scans.delete(drop)) dropped = true;
    }
    if (dropped) collect();
  }

  /** Claims blocks of the current search until none is left, and scans them. */
  function work() {
    for (;;) {
      const word = Atomics.load(claims, 0);
      const next = Number(word & 0xffffn);
      if (next >= Number((word >> 16n) & 0xffffn)) return;
      if (!scans.has(Atomics.load(words, layout.index))) return; // an index this thread was not told of (yet)
      if (Atomics.compareExchange(claims, 0, word, word + 1n) !== word) continue;
      afterClaim(next);
      const search = Number(word >> 32n);
      const field = (name) => Atomics.load(words, layout[name]);
      const job = {
        index: field('index'), rows: field('rows'), count: field('count'), width: field('width'), query: field('query'),
        scales: field('scales'), back: ((bits[0] = field('back')), asFloat[0]), helperOut: field('helperOut'), blockRows: field('blockRows'),
        helperCounts: field('helperCounts'), buckets: field('buckets'),
      };
      // The fields are this search's only if the claim word still names it: a search that gave up
      // on a block may have ended, and the next one marks the word before it writes its fields.
      if (Number(Atomics.load(claims, 0) >> 32n) !== search) continue;
      const scan = scans.get(job.index);
      if (!scan) continue; // the serving thread scans it after its wait
      const counts = job.helperCounts + helper * job.buckets * 4;
      if (search !== lastSearch) new Int32Array(scan.memory.buffer, counts, job.buckets).fill(0);
      lastSearch = search;
      const first = next * job.blockRows;
      const rows = Math.min(job.blockRows, job.count - first);
      const out = job.helperOut + (helper * job.count + first) * 4;
      scan.dots(job.rows + first * job.width, rows, job.width, job.query, job.scales + first * 4, job.back, out, counts);
      // This thread's own row of flags: no other thread's report can be overwritten by a late one.
      Atomics.store(words, layout.flags + helper * layout.maxBlocks + next, search + 1);
      Atomics.add(words, layout.doneBell, 1);
      Atomics.notify(words, layout.doneBell);
    }
  }

  for (;;) {
    const bell = Atomics.load(words, layout.bell);
    readMail();
    if (Atomics.load(words, layout.stop) !== 0) return;
    work();
    Atomics.wait(words, layout.bell, bell);
  }
}
