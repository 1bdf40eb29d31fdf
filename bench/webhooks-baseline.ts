// The webhook benchmark's baseline, in its own process: `count` plain got POSTs of a small JSON
// body to the receiver at argv[2], `concurrency` at a time over keep-alive connections, each with a
// `webhook-id` header the receiver counts. Prints { seconds, cpuSeconds } (its CPU time over the POSTs).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import got from 'got';

const [url, countArg, concurrencyArg] = process.argv.slice(2);
const count = Number(countArg);
const client = got.extend({ retry: { limit: 0 }, agent: { http: new http.Agent({ keepAlive: true }) } });
let sent = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: Number(concurrencyArg) }, async () => {
    while (sent < count) {
      sent++;
      await client.post(url!, { body: '{}', headers: { 'content-type': 'application/json', 'webhook-id': `baseline-${sent}` } });
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
