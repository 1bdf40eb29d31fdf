// How a conversation's file is best cut for the store (issue 33, "Attachments"): a 10 MB file
// written, read back whole and deleted through the repository interface, cut in chunks of 64 KiB,
// 256 KiB (GridFS's size), 1 MiB (what plugins/conversations/attachments.ts uses) and 4 MiB, on SQLite and on
// FerretDB (MongoDB's wire protocol; a real MongoDB with MONGODB_URL set). The baseline, in the same
// run, is the same bytes written to and read from a plain file. Medians of `--runs` (default 7).
//
//   npx tsx bench/attachments.ts [--mb=10] [--runs=7] [--stores=sqlite,ferretdb]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../app/store.js';
import type { Store, WriteOp } from '../core/store/types.js';
import { freshMongoUrl } from '../test/helpers/mongodb.js';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const BYTES = Number(args.mb ?? 10) * 1024 * 1024;
const RUNS = Number(args.runs ?? 7);
const STORES = (args.stores ?? 'sqlite,ferretdb').split(',');
const CHUNK_SIZES = [64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024];
const tenant = { accountId: 'acct_bench', mode: 'live' as const };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Timing {
  write: number;
  read: number;
  remove: number;
}

async function timeStore(store: Store, chunkBytes: number, file: Buffer): Promise<Timing> {
  const chunks = store.collection<{ attachment_id: string; index: number; bytes: Uint8Array }>({
    name: `bench_chunks_${chunkBytes}`,
    scope: 'tenant',
    indexes: [{ fields: ['attachment_id'] }],
    binary: { field: 'bytes' },
  });
  await store.init();
  const repository = chunks.forTenant(tenant);
  const timings: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    const id = `att_${run}`;
    const writes: WriteOp[] = [];
    for (let index = 0; index * chunkBytes < file.length; index++) {
      writes.push(repository.ops.insert({ id: `${id}_${index}`, attachment_id: id, index, bytes: file.subarray(index * chunkBytes, (index + 1) * chunkBytes) }));
    }
    let started = performance.now();
    await store.commit(writes);
    const write = performance.now() - started;
    started = performance.now();
    const read = await repository.list({ filter: { attachment_id: id }, sort: { field: 'index', direction: 'asc' }, limit: writes.length });
    const whole = Buffer.concat(read.map((chunk) => chunk.bytes as Buffer));
    const readMs = performance.now() - started;
    if (Buffer.compare(whole, file) !== 0) throw new Error('the bytes read back differ');
    started = performance.now();
    await repository.deleteMany({ attachment_id: id });
    timings.push({ write, read: readMs, remove: performance.now() - started });
  }
  return { write: median(timings.map((t) => t.write)), read: median(timings.map((t) => t.read)), remove: median(timings.map((t) => t.remove)) };
}

function timeFile(dir: string, file: Buffer): Timing {
  const timings: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    const target = path.join(dir, `file-${run}`);
    let started = performance.now();
    writeFileSync(target, file);
    const write = performance.now() - started;
    started = performance.now();
    readFileSync(target);
    const read = performance.now() - started;
    started = performance.now();
    rmSync(target);
    timings.push({ write, read, remove: performance.now() - started });
  }
  return { write: median(timings.map((t) => t.write)), read: median(timings.map((t) => t.read)), remove: median(timings.map((t) => t.remove)) };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-bench-attachments-'));
const file = randomBytes(BYTES);
const baseline = timeFile(dir, file);
const rows: string[] = [`| plain file (baseline) | — | ${baseline.write.toFixed(1)} ms | ${baseline.read.toFixed(1)} ms | ${baseline.remove.toFixed(1)} ms | ×1 / ×1 |`];
for (const name of STORES) {
  for (const chunkBytes of CHUNK_SIZES) {
    const url = name === 'sqlite' ? `sqlite:${path.join(dir, `bench-${chunkBytes}.db`)}` : await freshMongoUrl(name === 'mongodb');
    const store = await openStore(url);
    try {
      const timing = await timeStore(store, chunkBytes, file);
      const ratio = `×${(timing.write / baseline.write).toFixed(1)} / ×${(timing.read / baseline.read).toFixed(1)}`;
      rows.push(`| ${name} | ${chunkBytes / 1024} KiB (${Math.ceil(BYTES / chunkBytes)}) | ${timing.write.toFixed(1)} ms | ${timing.read.toFixed(1)} ms | ${timing.remove.toFixed(1)} ms | ${ratio} |`);
    } finally {
      await store.close();
    }
  }
}
rmSync(dir, { recursive: true, force: true });
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(`### Attachments: chunk sizes (${BYTES / 1024 / 1024} MB file)

Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Date: ${new Date().toISOString().slice(0, 10)}. Medians of ${RUNS} runs.

| store | chunk (count) | write | read whole | delete | write / read ÷ baseline |
|---|---|---|---|---|---|
${rows.join('\n')}
`);
process.exit(0);
