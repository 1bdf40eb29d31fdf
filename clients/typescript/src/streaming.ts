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
 * the body however it is split: only each newly decoded piece is scanned for line ends, and a line
 * cut across pieces is kept as its parts, joined once when it ends (appending to one string and
 * searching it again would copy the whole line on every piece).
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  const lineEnd = /\r\n|\r|\n/g;
  /** The line being read, in the pieces it came in. */
  let parts: string[] = [];
  let partsChars = 0;
  /** The last piece ended with a CR: a LF first in the next one belongs to it (a CRLF cut in two). */
  let afterCr = false;
  let event = 'message';
  let data: string[] = [];
  let dataChars = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      let text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      if (text.length > 0) afterCr = text.endsWith('\r');
      let start = 0;
      lineEnd.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = lineEnd.exec(text)) !== null) {
        parts.push(text.slice(start, match.index));
        const line = parts.length === 1 ? parts[0]! : parts.join('');
        parts = [];
        partsChars = 0;
        start = match.index + match[0].length;
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = 'message';
          data = [];
          dataChars = 0;
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') {
            data.push(value);
            dataChars += value.length + 1;
          }
        }
      }
      if (start < text.length) {
        parts.push(text.slice(start));
        partsChars += text.length - start;
      }
      if (dataChars + partsChars > MAX_EVENT_CHARS) throw new Error(`an event of the stream is longer than ${MAX_EVENT_CHARS} characters`);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/**
 * The answer's frames, for the typed readers below: a body missing or a read that fails is a
 * ConnectionError, unless `stopped()` says the caller stopped the stream, which ends it quietly.
 * However the caller's loop ends (`break`, a throw, the end), the body is cancelled and its
 * connection let go, not left open until the server closes it.
 */
export async function* answerFrames(
  response: Response,
  call: Pick<Call, 'method' | 'path'>,
  stopped: () => boolean = () => false,
): AsyncGenerator<{ event: string; data: string }> {
  if (!response.body) throw new ConnectionError(`${call.method} ${call.path}: the answer has no body`);
  const frames = serverSentEvents(response.body);
  try {
    for (;;) {
      let next: IteratorResult<{ event: string; data: string }>;
      try {
        next = await frames.next();
      } catch (error) {
        if (stopped()) return;
        throw readFailure(call, error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await frames.return(undefined);
  }
}

/** A frame's data as JSON; data that is not JSON is a broken answer (a ConnectionError). */
export function frameJson(data: string, call: Pick<Call, 'method' | 'path'>): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw readFailure(call, error);
  }
}

const TURN_EVENTS = new Set(['message', 'delta', 'done', 'error']);

/**
 * The turn's events, typed; an `error` event becomes the ApiError it describes. Events of other
 * types (a later server's) are skipped unread. A stream that breaks off, or ends without `done`,
 * throws a ConnectionError: a reply cut short must not look whole.
 */
export async function* turnEvents(response: Response, call: Pick<Call, 'method' | 'path'>): AsyncGenerator<TurnStreamEvent> {
  for await (const { event, data } of answerFrames(response, call)) {
    if (!TURN_EVENTS.has(event)) continue;
    const parsed = frameJson(data, call);
    if (event === 'message') yield { type: 'message', message: parsed as Schemas['Message'] };
    else if (event === 'delta') yield { type: 'delta', content: (parsed as { content: string }).content };
    else if (event === 'done') {
      yield { type: 'done', turn: parsed as Result<'sendMessage'> };
      return;
    } else {
      const status = (parsed as { statusCode?: number }).statusCode ?? 500;
      throw apiErrorOf(status, parsed, response.headers);
    }
  }
  throw new ConnectionError(`${call.method} ${call.path}: the stream ended before its done event`);
}
