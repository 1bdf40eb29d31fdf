// A streamed reply (`Accept: text/event-stream`) as an async iterable of typed events: `message`
// (the visitor's stored message), `delta` (a piece of the reply), then `done` (the whole turn, the
// same body as the JSON answer). An `error` event is thrown as an ApiError, like any error.
import { ConnectionError, apiErrorOf } from './errors.js';
import { readFailure, type Call } from './http.js';
import type { Result, Schemas } from './types.js';

export type TurnStreamEvent =
  | { type: 'message'; message: Schemas['Message'] }
  | { type: 'delta'; content: string }
  | { type: 'done'; turn: Result<'sendMessage'> };

/** The longest event the client reads (its `data` lines and the line being read): a `done` event
 * carries a whole turn, far below this; a server sending more is broken or hostile. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/**
 * Server-sent events of an answer's body: each frame's `event` and `data` (lines joined). Linear in
 * the body however it is split: a line's end is looked for only in text not yet scanned, and the
 * buffer is cut once per chunk, not once per line.
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  const lineEnd = /\r\n|\r|\n/g;
  let buffer = '';
  let scanned = 0;
  let event = 'message';
  let data: string[] = [];
  let dataChars = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let start = 0;
      lineEnd.lastIndex = scanned;
      let match: RegExpExecArray | null;
      while ((match = lineEnd.exec(buffer)) !== null) {
        // A CR last in the buffer may be the first half of a CRLF split between two chunks.
        if (!done && match[0] === '\r' && match.index === buffer.length - 1) break;
        const line = buffer.slice(start, match.index);
        start = match.index + match[0].length;
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = 'message';
          data = [];
          dataChars = 0;
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') {
            data.push(text);
            dataChars += text.length + 1;
          }
        }
      }
      buffer = buffer.slice(start);
      scanned = Math.max(0, buffer.length - 1); // the kept CR, if any, is looked at again
      if (dataChars + buffer.length > MAX_EVENT_CHARS) throw new Error(`an event of the stream is longer than ${MAX_EVENT_CHARS} characters`);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

const TURN_EVENTS = new Set(['message', 'delta', 'done', 'error']);

/**
 * The turn's events, typed; an `error` event becomes the ApiError it describes. Events of other
 * types (a later server's) are skipped unread. A stream that breaks off, or ends without `done`,
 * throws a ConnectionError: a reply cut short must not look whole.
 */
export async function* turnEvents(response: Response, call: Pick<Call, 'method' | 'path'>): AsyncGenerator<TurnStreamEvent> {
  if (!response.body) throw new ConnectionError(`${call.method} ${call.path}: the answer has no body`);
  const frames = serverSentEvents(response.body);
  for (;;) {
    let next: IteratorResult<{ event: string; data: string }>;
    try {
      next = await frames.next();
    } catch (error) {
      throw readFailure(call, error);
    }
    if (next.done) throw new ConnectionError(`${call.method} ${call.path}: the stream ended before its done event`);
    const { event, data } = next.value;
    if (!TURN_EVENTS.has(event)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      throw readFailure(call, error);
    }
    if (event === 'message') yield { type: 'message', message: parsed as Schemas['Message'] };
    else if (event === 'delta') yield { type: 'delta', content: (parsed as { content: string }).content };
    else if (event === 'done') {
      yield { type: 'done', turn: parsed as Result<'sendMessage'> };
      await frames.return(undefined);
      return;
    } else {
      const status = (parsed as { statusCode?: number }).statusCode ?? 500;
      throw apiErrorOf(status, parsed, response.headers);
    }
  }
}
