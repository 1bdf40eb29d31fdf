// Entry of a vector scan thread (scan-threads.ts): it scans blocks of rows of whichever index the
// serving thread is searching, at the same time as the serving thread, and writes their cosines to
// its own area of that index's memory. Plain JavaScript: it needs nothing but the scan's
// WebAssembly module, passed compiled. The protocol, and why it can never make a search wrong or
// wait long, is in scan-threads.ts.
import { receiveMessageOnPort, workerData } from 'node:worker_threads';

const { module, control, mail, helper, layout } = workerData;
const words = new Int32Array(control);
const backs = new Float32Array(control);
const claims = new BigInt64Array(control, layout.claimByte, 1);
/** The scan of each index this thread was told of, by the index's number. */
const scans = new Map();
let stopping = false;
/** The search this thread last scanned a block of: its bucket counts are zeroed at the first block of the next. */
let lastSearch = -1;

function read(message) {
  if (message.add !== undefined) {
    const instance = new WebAssembly.Instance(module, { env: { memory: message.memory } });
    scans.set(message.add, { dots: instance.exports.dots, memory: message.memory });
  } else if (message.drop !== undefined) scans.delete(message.drop);
}

/** Claims blocks of the current search until none is left, and scans them. */
function work() {
  for (;;) {
    const word = Atomics.load(claims, 0);
    const next = Number(word & 0xffffn);
    if (next >= Number((word >> 16n) & 0xffffn)) return;
    // Possibly another search's field: then the claim below fails (see scan-threads.ts).
    if (!scans.has(words[layout.index])) return;
    if (Atomics.compareExchange(claims, 0, word, word + 1n) !== word) continue;
    // Claimed: the search cannot end before this block is reported or given up on, so the fields
    // read now are this search's.
    const scan = scans.get(words[layout.index]);
    if (scan) {
      const search = Number(word >> 32n);
      const buckets = words[layout.buckets];
      const counts = words[layout.helperCounts] + helper * buckets * 4;
      if (search !== lastSearch) new Int32Array(scan.memory.buffer, counts, buckets).fill(0);
      lastSearch = search;
      const blockRows = words[layout.blockRows];
      const first = next * blockRows;
      const rows = Math.min(blockRows, words[layout.count] - first);
      const width = words[layout.width];
      const out = words[layout.helperOut] + (helper * words[layout.count] + first) * 4;
      scan.dots(words[layout.rows] + first * width, rows, width, words[layout.query], words[layout.scales] + first * 4, backs[layout.back], out, counts);
      Atomics.store(words, layout.flags + next, search * layout.tagBase + helper + 1);
    }
    Atomics.add(words, layout.doneBell, 1);
    Atomics.notify(words, layout.doneBell);
  }
}

while (!stopping) {
  const bell = Atomics.load(words, layout.bell);
  for (let message; (message = receiveMessageOnPort(mail)); ) read(message.message);
  stopping = Atomics.load(words, layout.stop) !== 0;
  if (!stopping) work();
  if (!stopping) Atomics.wait(words, layout.bell, bell);
}
