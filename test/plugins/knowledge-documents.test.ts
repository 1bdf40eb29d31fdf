// Hostile documents through the API: a DOCX zip bomb, a DOCX whose directory lies, HTML that
// needs more memory than a parser worker has. Each fails only its own item with an error a user
// can read, while the server goes on answering (the parse runs in a worker thread).
import t, { type Test } from 'tap';
import { docxBase64, withDeclaredSizes, zeroBombDocx } from '../helpers/documents.js';
import { buildTestServer } from '../helpers/server.js';
import { startSite } from '../helpers/site.js';

// 240 s, twice tap's default for a file: 54 s alone in a CI run (parser workers). A hang still fails it.
t.setTimeout(240_000);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function setup(t: Test, allowed: string[] = []) {
  const api = await buildTestServer(t, { config: { fetch: { allowed_cidrs: allowed, timeout_ms: 5000 } } });
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Docs' } })).json as { id: string };
  const add = async (payload: Record<string, unknown>) => {
    const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload });
    t.equal(response.statusCode, 201, `added a ${String(payload.type)} item`);
    return response.json as { id: string; status: string };
  };
  const item = async (id: string) =>
    (await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge/${id}`, { key: acme.live })).json as {
      status: string;
      error: string | null;
      chunk_count: number;
    };
  const drain = () => api.server.plugins.knowledge.worker.drain();
  const health = async () => (await api.request('GET', '/health')).statusCode;
  return { api, add, item, drain, health };
}

/** Polls (through the API, each poll a request the event loop must answer) until the item leaves "pending". */
async function untilStarted(item: (id: string) => Promise<{ status: string }>, id: string): Promise<string> {
  for (let polls = 0; polls < 10_000; polls++) {
    const { status } = await item(id);
    if (status !== 'pending') return status;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return 'pending';
}

/** 200 MB of zeros in one entry, about 200 KB packed; built once (deflating it takes seconds). */
let bombBuilt: Promise<Buffer> | null = null;
const zeroBomb = () => (bombBuilt ??= zeroBombDocx(200 * 1024 * 1024));

const SHORT_MARKDOWN = '# Opening hours\n\nThe shop opens at nine and closes at six, every day but Sunday.';

t.test('a DOCX zip bomb is refused from its directory; the item next to it is read', async (t) => {
  const { add, item, drain, health } = await setup(t);
  const bomb = await zeroBomb();
  const hostile = await add({ type: 'document', content_base64: bomb.toString('base64'), mime_type: DOCX });
  const fine = await add({ type: 'document', format: 'markdown', content: SHORT_MARKDOWN });
  await drain();
  t.match(await item(hostile.id), { status: 'failed', error: 'The DOCX file is larger than 50 MiB when unpacked' });
  t.match(await item(fine.id), { status: 'ready', error: null, chunk_count: 1 });
  t.equal(await health(), 200);
});

t.test('a DOCX whose directory lies about its sizes is refused by a capped inflate', async (t) => {
  const { add, item, drain, health } = await setup(t);
  const lying = withDeclaredSizes(await zeroBomb(), 1000);
  const hostile = await add({ type: 'document', content_base64: lying.toString('base64'), mime_type: DOCX });
  const fine = await add({ type: 'document', content_base64: await docxBase64([{ paragraph: 'Returns within thirty days.' }]), mime_type: DOCX });
  await drain();
  t.match(await item(hostile.id), {
    status: 'failed',
    error: 'The DOCX file could not be read: its part "word/document.xml" unpacks to more than the 1000 bytes it declares',
  });
  t.match(await item(fine.id), { status: 'ready', chunk_count: 1 });
  t.equal(await health(), 200);
});

t.test('HTML that needs more memory than a worker has: /health answers during the parse; only its item fails', async (t) => {
  const { add, item, drain, health } = await setup(t);
  // 1.2 million <br>: 4.8 MB of text, a few hundred MB of DOM.
  const hostile = await add({ type: 'document', format: 'html', content: '<br>'.repeat(1_200_000) });
  t.equal(await untilStarted(item, hostile.id), 'processing', 'the worker took the item');
  for (let i = 0; i < 3; i++) t.equal(await health(), 200, `/health answers during the parse (${i + 1})`);
  t.equal((await item(hostile.id)).status, 'processing', 'the parse was still running while /health answered');
  await drain();
  t.match(await item(hostile.id), { status: 'failed', error: 'The document needed more memory than 256 MB to read' });

  const after = await add({ type: 'document', format: 'markdown', content: SHORT_MARKDOWN });
  await drain();
  t.match(await item(after.id), { status: 'ready', chunk_count: 1 }, 'the next document gets a fresh worker');
});

t.test('a crawled page that needs more memory than a worker has fails its item with a readable error', async (t) => {
  const { add, item, drain, health } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, {
    '/huge': { body: `<html><head><title>Huge</title></head><body>${'<br>'.repeat(1_200_000)}</body></html>` },
  });
  const hostile = await add({ type: 'url', url: site.url('/huge') });
  await drain();
  t.match(await item(hostile.id), { status: 'failed', error: 'The document needed more memory than 256 MB to read' });
  t.equal(await health(), 200);
});
