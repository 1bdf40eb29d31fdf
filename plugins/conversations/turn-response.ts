// A visitor's turn as an HTTP answer, shared by the API's messages route and the widget's: `201`
// with the turn, or with `Accept: text/event-stream` server-sent events: `message` (the stored
// visitor message), `delta`s (`{content}`), then `done` with the same body as the JSON answer, or
// `error` with the error body. Each caller presents the turn its own way.
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { formatErrorResponse, toBoom, type ChatbotProfile, type Platform, type TenantScope } from '../../core/index.js';
import { assertNotEnded, type ConversationService, type TurnResult } from './service.js';
import { EventStream, pieces, wantsEventStream } from './sse.js';
import type { MessageView } from './store.js';

export interface TurnRequest {
  tenant: TenantScope;
  chatbot: ChatbotProfile;
  conversationId: string;
  content: string;
}

export interface TurnPresenter {
  turn(turn: TurnResult): unknown;
  message(message: MessageView): unknown;
}

export async function respondWithTurn(
  platform: Platform,
  service: ConversationService,
  request: Request,
  h: ResponseToolkit,
  turn: TurnRequest,
  present: TurnPresenter,
): Promise<ResponseObject> {
  if (!wantsEventStream(request)) {
    const result = await service.visitorTurn(turn.tenant, turn.chatbot, turn.conversationId, turn.content);
    return h.response(present.turn(result) as object).code(201);
  }
  // The usual 4xx answers come before the stream starts, as JSON.
  service.assertChatbotAccepts(turn.chatbot, 'visitor');
  assertNotEnded(await service.find(turn.tenant, turn.chatbot, turn.conversationId));

  const stream = new EventStream();
  let streamed = false;
  service
    .visitorTurn(turn.tenant, turn.chatbot, turn.conversationId, turn.content, {
      onStored: (message) => stream.send('message', present.message(message)),
      onDelta: (text) => {
        streamed = true;
        stream.send('delta', { content: text });
      },
    })
    .then((result) => {
      // A reply made at once (not by a streaming model) still arrives as deltas, then whole.
      if (result.reply && !streamed) for (const piece of pieces(result.reply.content)) stream.send('delta', { content: piece });
      stream.send('done', present.turn(result));
    })
    .catch((error: Error) => {
      const boom = toBoom(error);
      if (boom.output.statusCode >= 500) platform.logger.error({ err: error, request_id: request.app.requestId }, 'streamed turn failed');
      formatErrorResponse(boom, request.app.requestId);
      stream.send('error', boom.output.payload);
    })
    .finally(() => stream.end());
  return h
    .response(stream)
    .type('text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('X-Accel-Buffering', 'no');
}
