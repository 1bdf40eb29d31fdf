// The readpath benchmark's load generator, in its own process: autocannon's API with the job given
// as a JSON file; prints one JSON result on stdout. With `uniqueIdempotencyKey` every request
// carries a new Idempotency-Key, so a POST is done anew each time (never a replay).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult } from './chat.js';

export interface ReadpathLoadJob {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  body?: string;
  uniqueIdempotencyKey?: boolean;
}

export interface ReadpathLoadOutput extends LoadResult {
  /** Responses by status code, to see a 429 or 4xx at a glance. */
  statusCodes: Record<string, number>;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ReadpathLoadJob;
const statusCodes: Record<string, number> = {};
const request: autocannon.Request = {
  method: job.method,
  headers: job.headers,
  body: job.body,
  onResponse: (status) => {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  },
};
if (job.uniqueIdempotencyKey) {
  request.setupRequest = (next) => ({ ...next, headers: { ...next.headers, 'idempotency-key': randomUUID() } });
}
const result = await autocannon({ url: job.url, connections: job.connections, duration: job.seconds, requests: [request] });
const output: ReadpathLoadOutput = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  statusCodes,
};
process.stdout.write(`${JSON.stringify(output)}\n`);
