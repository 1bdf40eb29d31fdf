// The live conversation events of the account (`GET /conversations/stream`, what the dashboard's
// inbox listens to) as an async iterable: `ready` once the stream is listening, each
// conversation.* and message.* event as it happens, and `reset` when events may have been missed.
import { ConnectionError } from './errors.js';
import { readFailure, type Call } from './http.js';
import { serverSentEvents } from './streaming.js';
import type { Schemas } from './types.js';

export type ConversationStreamEvent =
  /** The stream listens: events from now on reach it. */
  | { type: 'ready' }
  /** Events may have been missed (too many at once): reload what you show. */
  | { type: 'reset' }
  /** A conversation.* or message.* event, the envelope `events.get` returns. */
  | { type: 'event'; event: Schemas['Event'] };

/**
 * The stream's events, typed. It has no end of its own: it ends when the server ends it (the
 * credential revoked, the instance shutting down, too much left unread), when the caller stops
 * iterating (`break` cancels the body, which closes the connection) or aborts with its signal.
 * Frames of other names (a later server's) are skipped unread; a connection that breaks is a
 * ConnectionError.
 */
export async function* conversationStreamEvents(
  response: Response,
  call: Pick<Call, 'method' | 'path'>,
  signal: AbortSignal | undefined,
): AsyncGenerator<ConversationStreamEvent> {
  if (!response.body) throw new ConnectionError(`${call.method} ${call.path}: the answer has no body`);
  const frames = serverSentEvents(response.body);
  try {
    for (;;) {
      let next: IteratorResult<{ event: string; data: string }>;
      try {
        next = await frames.next();
      } catch (error) {
        // The caller's abort is how a stream without an end is stopped: the iteration ends.
        if (signal?.aborted) return;
        throw readFailure(call, error);
      }
      if (next.done) return;
      const { event, data } = next.value;
      if (event === 'ready' || event === 'reset') yield { type: event };
      // An event's frame is named by its type, `resource.action`.
      else if (event.includes('.')) {
        let envelope: Schemas['Event'];
        try {
          envelope = JSON.parse(data) as Schemas['Event'];
        } catch (error) {
          throw readFailure(call, error);
        }
        yield { type: 'event', event: envelope };
      }
    }
  } finally {
    await frames.return(undefined);
  }
}
