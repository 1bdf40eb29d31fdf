// Entry of the SQLite checkpoint thread (checkpointer.ts): its own connection to the database file
// copies the write-ahead log back into the database when asked, so the serving thread's commits
// only append to the log. Plain JavaScript: it needs nothing but the driver.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// The single binary passes its unpacked addon (core/paths.ts); elsewhere the driver finds its own.
let nativeBinding;
if (workerData.addonPath) {
  const addon = { exports: {} };
  process.dlopen(addon, workerData.addonPath);
  nativeBinding = addon.exports;
}
const db = new Database(workerData.file, { nativeBinding });
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);

parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks a writer or a reader.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
  }
});
