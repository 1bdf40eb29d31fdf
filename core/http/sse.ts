// Server-sent events (text/event-stream), the one writer of every stream the server answers: a
// visitor's turn (the API's and the widget's) and the inbox's live events. hapi hands a stream that
// has `setCompressor` its gzip stream, so every event is flushed through compression at once
// instead of waiting in a buffer.
import { PassThrough } from 'node:stream';
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { Logger } from 'pino';
import { formatErrorResponse, toBoom } from '../errors.js';
import type { TurnEvent } from '../contracts/conversations.js';

export class EventStream extends PassThrough {
  private compressor: { flush(): void } | null = null;

  setCompressor(compressor: { flush(): void; once?(event: 'pipe', listener: () => void): unknown }): void {
    this.compressor = compressor;
    // Events sent before hapi set the compressor up (the inbox stream's `ready`, sent by the
    // handler) reach it through the pipe hapi makes next: flush once they have passed into it, or
    // they would wait in gzip's buffer for the next event.
    compressor.once?.('pipe', () => setImmediate(() => compressor.flush()));
  }

  constructor() {
    super();
    // A client that hangs up destroys the stream; the turn still completes and is stored.
    this.on('error', () => {});
  }

  /** One event; `id` becomes the client's Last-Event-ID. */
  send(event: string, data: unknown, id?: string): void {
    if (this.writableEnded || this.destroyed) return;
    this.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    this.compressor?.flush();
  }

  /** A comment line: clients ignore it, proxies see traffic and keep the connection open. */
  comment(text: string): void {
    if (this.writableEnded || this.destroyed) return;
    this.write(`: ${text}\n\n`);
    this.compressor?.flush();
  }
}

/** One event as it goes on the wire. */
export interface WireEvent {
  event: string;
  data: unknown;
  id?: string;
}

/** Whether the client asked for a stream (`Accept: text/event-stream`). */
export function wantsEventStream(request: Request): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(String(request.headers.accept ?? ''));
}

/** The response carrying a stream: no cache, and no buffering by a proxy (nginx reads X-Accel-Buffering). */
export function eventStreamResponse(h: ResponseToolkit, stream: EventStream): ResponseObject {
  return h
    .response(stream)
    .type('text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('X-Accel-Buffering', 'no');
}

/**
 * Answers with `events` as they come, then ends. The status is sent before the first event, so a
 * failure midway can only be told in the stream: an `error` event with the API's error body (the
 * server's own failures logged as `failure`, with the request id the body carries).
 */
export function respondWithEvents(
  request: Request,
  h: ResponseToolkit,
  events: AsyncIterable<WireEvent>,
  failure: { logger: Logger; message: string },
): ResponseObject {
  const stream = new EventStream();
  void (async () => {
    try {
      for await (const { event, data, id } of events) stream.send(event, data, id);
    } catch (error) {
      const boom = toBoom(error as Error);
      if (boom.output.statusCode >= 500) failure.logger.error({ err: error, request_id: request.app.requestId }, failure.message);
      formatErrorResponse(boom, request.app.requestId);
      stream.send('error', boom.output.payload);
    } finally {
      stream.end();
    }
  })();
  return eventStreamResponse(h, stream);
}

/**
 * A visitor's turn on the wire, the same on every channel: `message` (the stored visitor message),
 * `delta`s (`{content}`), then `done` with the body of the JSON answer. Each channel presents the
 * message and the turn its own way.
 */
export async function* turnOnTheWire<Message, Turn>(
  events: AsyncIterable<TurnEvent<Message, Turn>>,
  present: { message(message: Message): unknown; turn(turn: Turn): unknown },
): AsyncIterable<WireEvent> {
  for await (const event of events) {
    if (event.type === 'message') yield { event: 'message', data: present.message(event.message) };
    else if (event.type === 'delta') yield { event: 'delta', data: { content: event.content } };
    else yield { event: 'done', data: present.turn(event.turn) };
  }
}
