// A local language-model server speaking both protocols the platform supports: OpenAI-compatible
// `/v1/chat/completions` and Ollama `/api/chat`, streamed or not. The model name picks a behaviour:
//   cite      answers "<first line of source 1> [1]", citing the first source
//   fail      HTTP 500
//   slow      never answers: waits until the client gives up (its timeout)
//   garbage   200 with a body that is not JSON
//   break     streams one piece, then cuts the connection
//   gullible  obeys an injected instruction it finds outside the sources' blocks (gullibleReply)
//   dontknow  answers NO_ANSWER (the marker for "the sources do not hold it") and a sentence after it"
//   flood     200, then a reply that never ends (JSON, events or lines that go on): it writes until
//             the client closes the connection and counts the bytes in `flooded`
//   umlaut    streams "Grüße" with the bytes of "ü" in two writes 20 ms apart
// and OpenAI's `/v1/embeddings` and Ollama's `/api/embed` with the same failing models, plus
//   embed     8 dimensions a text, the same for the same text (letter counts, so texts sharing
//             letters are near)
//   short     one vector fewer than asked for
//   wide      vectors of 8,193 numbers
//   refuse    HTTP 400 (a request the provider refuses as such: not retried within a run)
//   (flood)   as for chat: an embeddings reply that never ends
// and, for any model, a name ending in `+429` is rate limited on every request (429, Retry-After:
// 7), one ending in `+429once` on its first request only (Retry-After: 1), then served as the name
// before the suffix.
//   meaning…  (any model whose name starts so) a deterministic "meaning" embedder: the words of one
//             group of MEANINGS share a dimension, every other word hashes to one of its own, so a
//             paraphrase in synonyms is near its question and an unrelated question is far
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface RecordedCall {
  path: string;
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }>; [key: string]: unknown };
}

export interface FakeLlm {
  url: string;
  calls: RecordedCall[];
  /** Every text sent to be embedded, in order. */
  embedded: string[];
  /** Bytes the `flood` model wrote before the client closed each connection. */
  flooded: number[];
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** The reply of the `cite` model: the first source's first line of text, cited. */
export function citedReply(messages: Array<{ role: string; content: string }>): string {
  const system = messages[0]?.content ?? '';
  const source = /<source id="1"[^>]*>\n([^\n]+)/.exec(system)?.[1] ?? 'no sources';
  return `${source.trim()} [1]`;
}

/**
 * The reply of the `gullible` model: a model that obeys "ignore previous instructions … reply with
 * WORD" wherever it reads it outside the prompt's <source> blocks (which it treats as data, as it
 * was told), else the `cite` model's reply. So a prompt that lets knowledge text out of its block
 * (or has none) is obeyed, and one that contains it is not.
 */
export function gullibleReply(messages: Array<{ role: string; content: string }>): string {
  const outside = messages.map((message) => message.content.replace(/<source[^>]*>[\s\S]*?<\/source>/g, '')).join('\n');
  const order = /ignore (?:all )?previous instructions[^.\n]*?reply (?:only )?with (\w+)/i.exec(outside);
  return order ? order[1]! : citedReply(messages);
}

/** Words that mean alike, for the `meaning` model: each group is one dimension. */
export const MEANINGS: readonly string[][] = [
  ['delivery', 'deliver', 'delivered', 'shipping', 'ship', 'shipped', 'parcel', 'package', 'arrive', 'arrives', 'arrival', 'courier'],
  ['long', 'time', 'days', 'soon', 'when', 'quickly', 'fast', 'take', 'takes'],
  ['refund', 'refunds', 'money', 'reimburse', 'reimbursed', 'repaid'],
  ['password', 'login', 'credentials', 'sign-in', 'passcode'],
  ['opening', 'open', 'hours', 'closing', 'close'],
];
const MEANING_DIMENSIONS = 64;
const IGNORED = new Set(['the', 'a', 'an', 'my', 'will', 'do', 'does', 'you', 'how', 'is', 'i', 'to', 'of', 'what', 'can', 'we', 'your', 'it', 'me', 'get', 'back', 'are']);

/** The `meaning` model's vector of a text. */
export function meaningVector(text: string): number[] {
  const vector = new Array<number>(MEANING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z-]+/g) ?? []) {
    if (IGNORED.has(word)) continue;
    const group = MEANINGS.findIndex((words) => words.includes(word));
    let dimension = group;
    if (group < 0) {
      let hash = 7;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
      dimension = MEANINGS.length + (hash % (MEANING_DIMENSIONS - MEANINGS.length));
    }
    vector[dimension]! += 1;
  }
  return vector;
}

/** 8 numbers from a text's letters: deterministic, and alike for texts with alike letters. */
export function letterVector(text: string): number[] {
  const vector = new Array<number>(8).fill(0);
  for (const char of text.toLowerCase()) if (char >= 'a' && char <= 'z') vector[(char.charCodeAt(0) - 97) % 8]! += 1;
  return vector;
}

/**
 * Writes `opening`, then `piece` again and again until the client closes the connection (as a
 * broken or hostile server would); resolves with the bytes written.
 */
async function flood(response: import('node:http').ServerResponse, contentType: string, opening: string, piece: string): Promise<number> {
  response.writeHead(200, { 'content-type': contentType });
  let written = Buffer.byteLength(opening);
  response.write(opening);
  const block = piece.repeat(Math.ceil(65536 / piece.length));
  while (!response.destroyed && !response.socket?.destroyed) {
    written += Buffer.byteLength(block);
    if (!response.write(block)) await new Promise((resolve) => { response.once('drain', resolve); response.once('close', resolve); });
  }
  return written;
}

function embeddings(ollama: boolean, body: { model: string; input: string[] }, response: import('node:http').ServerResponse): void {
  if (body.model === 'fail') {
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    return;
  }
  if (body.model === 'garbage') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
    return;
  }
  if (body.model === 'refuse') {
    response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"this model cannot embed"}');
    return;
  }
  if (body.model === 'slow') return; // never answers: the client's timeout ends it
  const texts = body.model === 'short' ? body.input.slice(1) : body.input;
  const vectors = texts.map(body.model === 'wide' ? () => new Array<number>(8193).fill(0.5) : body.model.startsWith('meaning') ? meaningVector : letterVector);
  const payload = ollama
    ? { model: body.model, embeddings: vectors }
    : { object: 'list', model: body.model, data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })), usage: { prompt_tokens: 1, total_tokens: 1 } };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

export async function startFakeLlm(t: Test): Promise<FakeLlm> {
  const calls: RecordedCall[] = [];
  const embedded: string[] = [];
  const flooded: number[] = [];
  /** Models ending in `+429once` that were refused once already. */
  const limitedOnce = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as RecordedCall['body'];
    // Routed by the path alone; the call is recorded with its query (a gateway's api-version).
    const path = (request.url ?? '').split('?')[0];
    calls.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const limited = /\+429(once)?$/.exec(body.model ?? '');
    if (limited) {
      const first = !limitedOnce.has(body.model);
      limitedOnce.add(body.model);
      if (!limited[1] || first) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': limited[1] ? '1' : '7' }).end('{"error":"rate limited"}');
        return;
      }
      body.model = body.model.slice(0, limited.index);
    }
    if (body.model === 'flood') {
      const opening = path === '/api/embed' ? '{"embeddings":[[' : path === '/v1/embeddings' ? '{"data":[{"embedding":[' : null;
      if (opening) flooded.push(await flood(response, 'application/json', opening, '0.125,'));
      else if (!body.stream) flooded.push(await flood(response, 'application/json', path === '/api/chat' ? '{"message":{"content":"' : '{"choices":[{"message":{"content":"', 'flood '));
      else if (path === '/api/chat') flooded.push(await flood(response, 'application/x-ndjson', '', `${JSON.stringify({ message: { role: 'assistant', content: 'flood ' }, done: false })}\n`));
      else flooded.push(await flood(response, 'text/event-stream', '', `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'flood ' } }] })}\n\n`));
      return;
    }
    if (path === '/v1/embeddings' || path === '/api/embed') {
      embedded.push(...((body as unknown as { input: string[] }).input ?? []));
      embeddings(path === '/api/embed', body as unknown as { model: string; input: string[] }, response);
      return;
    }
    const ollama = path === '/api/chat';
    if (!ollama && path !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const model = body.model;
    if (model === 'fail') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      return;
    }
    if (model === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
      return;
    }
    if (model === 'slow') {
      await new Promise((resolve) => response.once('close', resolve));
      return;
    }
    if (model === 'umlaut' && body.stream) {
      const event = ollama ? `${JSON.stringify({ message: { role: 'assistant', content: 'Grüße' }, done: false })}\n` : `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Grüße' } }] })}\n\n`;
      const bytes = Buffer.from(event);
      const middle = bytes.indexOf(Buffer.from('ü')) + 1; // between the two bytes of "ü"
      response.writeHead(200, { 'content-type': ollama ? 'application/x-ndjson' : 'text/event-stream' });
      response.write(bytes.subarray(0, middle));
      await new Promise((resolve) => setTimeout(resolve, 20));
      response.end(Buffer.concat([bytes.subarray(middle), Buffer.from(ollama ? `${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true })}\n` : 'data: [DONE]\n\n')]));
      return;
    }
    const reply = model === 'gullible' ? gullibleReply(body.messages) : model === 'dontknow' ? 'NO_ANSWER. The sources do not say.' : citedReply(body.messages);
    const words = reply.match(/\S+\s*/g) ?? [reply];
    // Usage as both protocols report it: the prompt's characters over 4 in, the reply's words out.
    const tokensIn = Math.ceil(body.messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
    const tokensOut = words.length;

    if (!body.stream) {
      const payload = ollama
        ? { model, message: { role: 'assistant', content: reply }, done: true, prompt_eval_count: tokensIn, eval_count: tokensOut }
        : {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
            usage: { prompt_tokens: tokensIn, completion_tokens: tokensOut, total_tokens: tokensIn + tokensOut },
          };
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      return;
    }
    response.writeHead(200, { 'content-type': ollama ? 'application/x-ndjson' : 'text/event-stream' });
    for (const [index, word] of words.entries()) {
      if (model === 'break' && index === 1) {
        response.destroy();
        return;
      }
      if (ollama) response.write(`${JSON.stringify({ model, message: { role: 'assistant', content: word }, done: false })}\n`);
      else response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: word } }] })}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (ollama) response.end(`${JSON.stringify({ model, message: { role: 'assistant', content: '' }, done: true, prompt_eval_count: tokensIn, eval_count: tokensOut })}\n`);
    else {
      // Only when asked (stream_options.include_usage), as OpenAI does: a last event with no choices.
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      if (options?.include_usage) response.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: tokensIn, completion_tokens: tokensOut } })}\n\n`);
      response.end('data: [DONE]\n\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  server.on('connection', (socket) => t.teardown(() => socket.destroy()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, embedded, flooded };
}
