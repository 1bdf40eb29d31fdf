// Entry of a vector scan thread (scan-threads.ts): the loop is scan-thread.mjs.
import { workerData } from 'node:worker_threads';
import { runScanThread } from './scan-thread.mjs';

runScanThread(workerData);
