// Server-sent events (text/event-stream) for streamed replies. hapi hands a stream that has
// `setCompressor` its gzip stream, so every event is flushed through compression at once instead
// of waiting in a buffer.
import { PassThrough } from 'node:stream';
import type { Request } from '@hapi/hapi';

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

/** Whether the client asked for a stream (`Accept: text/event-stream`). */
export function wantsEventStream(request: Request): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(String(request.headers.accept ?? ''));
}

/** Splits a finished reply into word groups, so a reply made at once streams like one generated. */
export function pieces(text: string, wordsPerPiece = 4): string[] {
  const words = text.match(/\S+\s*/gu) ?? [text];
  const result: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) result.push(words.slice(i, i + wordsPerPiece).join(''));
  return result;
}
