// GET /chatbots/{id}/conversations/export: every conversation in the filter with its messages, as
// JSON Lines (one conversation per line, messages inside) or CSV (one row per message). Read and
// written a page at a time, so memory stays flat however many conversations and messages there are.
import { Readable } from 'node:stream';
import { csvLine, EXPORT_PAGE_SIZE, recordsInPages, tenantOf, type ListParams, type PluginRoute, type Repository } from '../../core/index.js';
import { conversationFilter, type ChatbotLookup } from './routes.js';
import { chatbotParams, exportQuery } from './schemas.js';
import type { ConversationService } from './service.js';
import { presentConversation, presentMessage, type Conversation, type ConversationDoc, type Message, type MessageDoc } from './collections.js';

// csvCell moved to core/export.ts, shared with the leads export; re-exported for existing importers.
export { csvCell } from '../../core/index.js';

const CSV_COLUMNS = [
  'conversation_id',
  'chatbot_id',
  'status',
  'channel',
  'language',
  'started_at',
  'ended_at',
  'ended_reason',
  'resolution',
  'lead_id',
  'visitor_id',
  'visitor_name',
  'visitor_email',
  'message_id',
  'role',
  'content',
  'answer_type',
  'confidence',
  'feedback',
  'message_created_at',
  // A file sent as the message (its content is empty): its id (GET …/attachments/{id}), name and type.
  'attachment_id',
  'attachment_name',
  'attachment_type',
] as const;

function csvRow(conversation: Conversation, message: Message | null): string {
  const row: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    conversation_id: conversation.id,
    chatbot_id: conversation.chatbot_id,
    status: conversation.status,
    channel: conversation.channel,
    language: conversation.language,
    started_at: conversation.started_at,
    ended_at: conversation.ended_at,
    ended_reason: conversation.ended_reason,
    resolution: conversation.resolution,
    lead_id: conversation.lead_id,
    visitor_id: conversation.visitor.id,
    visitor_name: conversation.visitor.name,
    visitor_email: conversation.visitor.email,
    message_id: message?.id,
    role: message?.role,
    content: message?.content,
    answer_type: message?.answer_type,
    confidence: message?.confidence,
    feedback: message?.feedback,
    message_created_at: message?.created_at,
    attachment_id: message?.attachment?.id,
    attachment_name: message?.attachment?.name,
    attachment_type: message?.attachment?.content_type,
  };
  return csvLine(CSV_COLUMNS, row);
}

export function exportRoute(service: ConversationService, chatbots: ChatbotLookup): PluginRoute {
  return {
    method: 'GET',
    path: '/chatbots/{id}/conversations/export',
    options: {
      description: 'Export conversations with their messages (JSON Lines or CSV)',
      notes:
        '`format=jsonl` (default): one conversation per line with its `messages`, oldest first. `format=csv`: one row ' +
        'per message (a conversation without messages has one row), header first, a file sent as a message in ' +
        '`attachment_id`, `attachment_name` and `attachment_type`; cells starting with = + - @ are ' +
        'prefixed with an apostrophe so spreadsheets do not run them. Takes the list filters. Streamed in ' +
        'constant memory. Needs full API access.',
      tags: ['api', 'conversations'],
      plugins: { platform: { chatbotKey: true, access: 'full' } },
      validate: { params: chatbotParams, query: exportQuery },
      response: { status: { 200: true } }, // a stream: one Conversation (with messages) per line, or CSV rows
      handler: async (request, h) => {
        const chatbot = await chatbots.summary(request);
        const tenant = tenantOf(request);
        const params = request.query as ListParams & { format: 'jsonl' | 'csv' };
        const filter = conversationFilter(chatbot.id, { ...params, order: 'asc', limit: EXPORT_PAGE_SIZE });
        const conversations: Repository<ConversationDoc> = service.conversations(tenant);
        const messages: Repository<MessageDoc> = service.messages(tenant);

        async function* jsonLines() {
          for await (const conversation of recordsInPages(conversations, filter)) {
            // The line is written piecewise: a long conversation's messages are never all in memory.
            const head = JSON.stringify(presentConversation(conversation));
            yield `${head.slice(0, -1)},"messages":[`;
            let first = true;
            for await (const message of recordsInPages(messages, { conversation_id: conversation.id })) {
              yield `${first ? '' : ','}${JSON.stringify(presentMessage(message))}`;
              first = false;
            }
            yield ']}\n';
          }
        }
        async function* csvLines() {
          yield `${CSV_COLUMNS.join(',')}\r\n`;
          for await (const conversation of recordsInPages(conversations, filter)) {
            let any = false;
            for await (const message of recordsInPages(messages, { conversation_id: conversation.id })) {
              yield csvRow(conversation, message);
              any = true;
            }
            if (!any) yield csvRow(conversation, null);
          }
        }

        const csv = params.format === 'csv';
        return h
          .response(Readable.from(csv ? csvLines() : jsonLines(), { objectMode: false }))
          .type(csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="conversations-${chatbot.id}.${params.format}"`);
      },
    },
  };
}
