// The live conversation events of the account (`GET /conversations/stream`, what the dashboard's
// inbox listens to) as an async iterable: `ready` once the stream is listening, each
// conversation.* and message.* event as it happens, and `reset` when events may have been missed.
import type { Call } from './http.js';
import { answerFrames, frameJson } from './streaming.js';
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
  // The caller's abort is how a stream without an end is stopped: the iteration ends.
  for await (const { event, data } of answerFrames(response, call, () => signal?.aborted === true)) {
    if (event === 'ready' || event === 'reset') yield { type: event };
    // An event's frame is named by its type, `resource.action`.
    else if (event.includes('.')) yield { type: 'event', event: frameJson(data, call) as Schemas['Event'] };
  }
}
