// A scan thread descheduled once at the worst moment, for test/plugins/semantic-scan-threads.test.ts:
// the real loop (scan-thread.mjs), but after its first claim it sleeps past WAIT_MS before it reads
// the search's fields. By then the search has given that block up and the next search (of another
// index) has written its fields: the thread must see that and drop the block.
import { workerData } from 'node:worker_threads';
import { runScanThread } from '../../plugins/knowledge/semantic/scan-thread.mjs';

let late = true;
runScanThread(workerData, () => {
  if (!late) return;
  late = false;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
});
