// A visitor's turn as the events it yields (core/contracts/conversations.ts: TurnEvent), for the
// channels that stream it: the API's messages route and, through the visitor channel, the widget.
import type { ChatbotProfile, TenantScope, TurnEvent } from '../../core/index.js';
import { assertNotEnded, type ConversationService, type TurnResult, type VisitorSaid } from './service.js';
import { pieces } from './sse.js';
import type { MessageView } from './collections.js';

export type ServiceTurnEvent = TurnEvent<MessageView, TurnResult>;

/**
 * Events pushed by a producer that does not wait for its reader (the turn goes on, and is stored,
 * when a client hangs up), read in order by one consumer; `fail` ends the reading with the error.
 */
class EventQueue<T> implements AsyncIterable<T> {
  private readonly pending: T[] = [];
  private ended: { failed: boolean; error?: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(item: T): void {
    this.pending.push(item);
    this.notify();
  }

  close(): void {
    this.ended = { failed: false };
    this.notify();
  }

  fail(error: unknown): void {
    this.ended = { failed: true, error };
    this.notify();
  }

  private notify(): void {
    this.wake?.();
    this.wake = null;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.pending.length > 0) {
        yield this.pending.shift()!;
        continue;
      }
      if (this.ended) {
        if (this.ended.failed) throw this.ended.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * Starts the visitor's turn and returns its events. What refuses the turn is checked first and
 * rejects before any event, so a channel can still answer it as JSON.
 */
export async function streamedTurn(
  service: ConversationService,
  tenant: TenantScope,
  chatbot: ChatbotProfile,
  conversationId: string,
  said: VisitorSaid,
): Promise<AsyncIterable<ServiceTurnEvent>> {
  service.assertChatbotAccepts(chatbot, 'visitor');
  assertNotEnded(await service.find(tenant, chatbot, conversationId));
  const understood = await service.understand(tenant, conversationId, said);

  const events = new EventQueue<ServiceTurnEvent>();
  let streamed = false;
  service
    .visitorTurn(tenant, chatbot, conversationId, understood, {
      onStored: (message) => events.push({ type: 'message', message }),
      onDelta: (text) => {
        streamed = true;
        events.push({ type: 'delta', content: text });
      },
    })
    .then(
      (result) => {
        // A reply made at once (not by a streaming model) still arrives as deltas, then whole.
        if (result.reply && !streamed) for (const piece of pieces(result.reply.content)) events.push({ type: 'delta', content: piece });
        events.push({ type: 'done', turn: result });
        events.close();
      },
      (error: unknown) => events.fail(error),
    );
  return events;
}

/** The same events with the message and the turn presented otherwise (for the visitor's side). */
export async function* presentTurnEvents<Message, Turn>(
  events: AsyncIterable<ServiceTurnEvent>,
  present: { message(message: MessageView): Message; turn(turn: TurnResult): Turn },
): AsyncIterable<TurnEvent<Message, Turn>> {
  for await (const event of events) {
    if (event.type === 'message') yield { type: 'message', message: present.message(event.message) };
    else if (event.type === 'done') yield { type: 'done', turn: present.turn(event.turn) };
    else yield event;
  }
}
