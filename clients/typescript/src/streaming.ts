// A streamed reply (`Accept: text/event-stream`) as an async iterable of typed events: `message`
// (the visitor's stored message), `delta` (a piece of the reply), then `done` (the whole turn, the
// same body as the JSON answer). An `error` event is thrown as an ApiError, like any error.
import { apiErrorOf } from './errors.js';
import type { Result, Schemas } from './types.js';

export type TurnStreamEvent =
  | { type: 'message'; message: Schemas['Message'] }
  | { type: 'delta'; content: string }
  | { type: 'done'; turn: Result<'sendMessage'> };

/** Server-sent events of an answer's body: each frame's `event` and `data` (lines joined). */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A CR last in the buffer may be the first half of a CRLF split between two chunks.
        if (!done && newline === buffer.length - 1 && buffer.endsWith('\r')) break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = 'message';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/** The turn's events, typed; an `error` event becomes the ApiError it describes. */
export async function* turnEvents(response: Response): AsyncGenerator<TurnStreamEvent> {
  if (!response.body) return;
  for await (const { event, data } of serverSentEvents(response.body)) {
    const parsed = JSON.parse(data) as unknown;
    if (event === 'message') yield { type: 'message', message: parsed as Schemas['Message'] };
    else if (event === 'delta') yield { type: 'delta', content: (parsed as { content: string }).content };
    else if (event === 'done') yield { type: 'done', turn: parsed as Result<'sendMessage'> };
    else if (event === 'error') {
      const status = (parsed as { statusCode?: number }).statusCode ?? 500;
      throw apiErrorOf(status, parsed, response.headers);
    }
  }
}
