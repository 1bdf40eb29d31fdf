// A scan thread that misbehaves, for test/plugins/semantic-scan-threads.test.ts: at each search it
// claims one block and never reports it (as a thread that hangs, or is never scheduled again, would).
// The search must wait for it at most WAIT_MS and then scan that block itself.
import { workerData } from 'node:worker_threads';

const { control, layout } = workerData;
const words = new Int32Array(control);
const claims = new BigInt64Array(control, layout.claimByte, 1);
let bell = Atomics.load(words, layout.bell);
for (;;) {
  Atomics.wait(words, layout.bell, bell);
  bell = Atomics.load(words, layout.bell);
  if (Atomics.load(words, layout.stop) !== 0) break;
  const word = Atomics.load(claims, 0);
  if ((word & 0xffffn) < ((word >> 16n) & 0xffffn)) Atomics.compareExchange(claims, 0, word, word + 1n);
}
