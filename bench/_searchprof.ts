import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildCorpus } from './realtext-corpus.js';
import { freePort, run, start, stop } from './processes.js';
import { handWrittenQuestions, templatedQuestions } from './realtext-questions.js';
const root = '/work/main';
const corpus = buildCorpus(root);
const documents = corpus.documents.slice(0, Number(process.env.DOCS ?? 400));
const questions = [...handWrittenQuestions(corpus.documents).questions, ...templatedQuestions(corpus.documents, 200)].map((q) => q.text);
const dir = mkdtempSync(path.join(tmpdir(), 'sp-'));
const port = await freePort();
const env = { PATH: process.env.PATH, DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'b.sqlite')}`, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' };
const account = JSON.parse(await run([path.join(root, 'bin/chatbot-platform.js'), 'accounts', 'create', '--name', 'B', '--plan', 'enterprise', '--json'], env)) as { live_key: string };
const headers = { authorization: `Bearer ${account.live_key}`, 'content-type': 'application/json' };
const server = start([...(process.env.NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(root, 'bin/chatbot-platform.js'), 'serve'], env);
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${base}/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const call = async (method: string, url: string, body?: unknown) => { const r = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }); const t = await r.text(); if (r.status >= 300) throw new Error(t); return JSON.parse(t); };
const bot = await call('POST', '/api/v1/chatbots', { name: 'x' });
const k = `/api/v1/chatbots/${bot.id}/knowledge`;
for (let i = 0; i < documents.length; i += 100) await call('POST', `${k}/import`, { items: documents.slice(i, i + 100).map((d) => ({ type: 'document', format: 'markdown', title: d.title, content: d.content })) });
for (;;) { const p = await call('GET', `${k}?status=pending&limit=1`); const q = await call('GET', `${k}?status=processing&limit=1`); if (!p.data.length && !q.data.length) break; await new Promise((r) => setTimeout(r, 250)); }
await call('POST', `${k}/search`, { query: 'x', limit: 5 });
const times: number[] = [];
const what = process.env.WHAT ?? 'search';
for (let round = 0; round < Number(process.env.ROUNDS ?? 10); round++) for (const q of questions) {
  const s = performance.now();
  if (what === 'search') await call('POST', `${k}/search`, { query: q, limit: 5 });
  else await call('GET', `/api/v1/chatbots/${bot.id}`);
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log(`${what}: n ${times.length} p50 ${times[Math.floor(times.length / 2)]!.toFixed(2)} p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(2)}`);
await stop(server.child);
