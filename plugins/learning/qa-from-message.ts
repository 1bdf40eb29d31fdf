// POST /api/v1/chatbots/{id}/knowledge/qa-from-message: a question visitors asked becomes a Q&A
// pair in one call, from the message itself or from what `GET /analytics/trends` lists for an
// unanswered question (its text and a sample conversation).
import type { Request } from '@hapi/hapi';
import {
  apiError,
  assertTokenScope,
  codePointLength,
  notFound,
  tenantOf,
  type ChatbotDirectory,
  type ChatbotSummary,
  type ConversationFacts,
  type KnowledgeCuration,
  type KnowledgeSchemas,
  type PluginRoute,
  type TenantScope,
} from '../../core/index.js';
import { asksQuestion, visitorPhrasing } from './phrasing.js';

/** A conversation's visitor messages looked through for the question, at most. */
const MAX_MESSAGES_SEARCHED = 1000;
/**
 * The shortest `question` that may name a message by its beginning; a shorter one must be a whole
 * message. Whether a message begins with a one-letter guess would otherwise be a way to read
 * conversations letter by letter (201 or 404); analytics cuts a question only at 300 characters.
 */
const MIN_QUESTION_PREFIX = 8;

interface QaFromMessageInput {
  message_id?: string;
  conversation_id?: string;
  question?: string;
  answer: string;
  alternatives: string[];
  title?: string;
  metadata?: Record<string, unknown>;
}

/** Ids are `<prefix>_<ulid>`: anything else names nothing, and is not looked up. */
const looksLikeId = (prefix: string, id: string) => new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id);
/** An id as an error message repeats it: a body may send any string, of any length. */
const shown = (id: string) => (id.length > 64 ? `${id.slice(0, 64)}…` : id);

export function qaFromMessageRoute(
  directory: ChatbotDirectory,
  facts: ConversationFacts,
  curation: KnowledgeCuration,
  schemas: KnowledgeSchemas,
): PluginRoute {
  async function writableChatbot(request: Request): Promise<ChatbotSummary> {
    const { id } = request.params as { id: string };
    const chatbot = await directory.find(tenantOf(request), id);
    if (!chatbot) throw notFound('chatbot', id);
    if (chatbot.status === 'archived') throw apiError(409, 'chatbot_archived', `Chatbot ${id} is archived; restore it to change its knowledge`);
    return chatbot;
  }

  /** The question of a visitor message of this chatbot: its text, as the visitor wrote it. */
  async function questionOfMessage(tenant: TenantScope, chatbot: ChatbotSummary, messageId: string): Promise<string> {
    const message = looksLikeId('msg', messageId) ? await facts.message(tenant, messageId) : null;
    if (!message || message.chatbot_id !== chatbot.id) throw notFound('message', shown(messageId));
    if (message.role !== 'user') {
      const whose = message.role === 'agent' ? 'an agent’s message' : 'the chatbot’s reply';
      throw apiError(409, 'conflict', `Message ${messageId} is ${whose}; only a visitor's message can become a question`);
    }
    const phrasing = visitorPhrasing(message.content);
    if (!phrasing.ok) {
      throw apiError(
        409,
        'conflict',
        `Message ${messageId} cannot be a question as it is: ${phrasing.reason}; add the pair with POST /api/v1/chatbots/${chatbot.id}/knowledge and the question you want`,
      );
    }
    return phrasing.text;
  }

  /**
   * 404 unless a visitor message of the conversation asks `question` (or begins with it); 400 for
   * a question under MIN_QUESTION_PREFIX characters that no message asks as a whole.
   */
  async function assertAsked(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string, question: string): Promise<void> {
    const conversation = looksLikeId('conv', conversationId) ? await facts.conversation(tenant, conversationId) : null;
    if (!conversation || conversation.chatbot_id !== chatbot.id) throw notFound('conversation', shown(conversationId));
    const short = codePointLength(question.replace(/\s+/gu, ' ').trim()) < MIN_QUESTION_PREFIX;
    // A short question must be the whole message: each begins the other.
    const asks = (content: string) => asksQuestion(content, question) && (!short || asksQuestion(question, content));
    let searched = 0;
    for await (const message of facts.visitorMessages(tenant, conversationId)) {
      if (asks(message.content)) return;
      if (++searched >= MAX_MESSAGES_SEARCHED) break;
    }
    if (short) {
      const message = `"question" must be at least ${MIN_QUESTION_PREFIX} characters long, or a visitor's whole message`;
      throw apiError(400, 'validation_failed', message, { details: [{ path: 'question', message, type: 'string.min' }] });
    }
    throw apiError(404, 'message_not_found', `No visitor message of conversation ${conversationId} asks this question`);
  }

  return {
    method: 'POST',
    path: '/chatbots/{id}/knowledge/qa-from-message',
    options: {
      description: 'Turn a question visitors asked into a Q&A pair',
      notes:
        'Creates a `qa` item (201, as `POST …/knowledge` does) whose question is what a visitor asked, with your `answer` ' +
        '(and optional `alternatives`, `title`, `metadata`). Name the question either by `message_id` (a visitor message ' +
        'of this chatbot: its text, whitespace collapsed, becomes the question) or, as `GET /analytics/trends` lists an ' +
        'unanswered question, by `conversation_id` and `question` (the question as given becomes the question; a visitor ' +
        'message of that conversation must ask it, or begin with it, compared ignoring case and accents; a question under ' +
        `${MIN_QUESTION_PREFIX} characters must be a whole message, else 400 \`validation_failed\`). ` +
        'An OAuth token needs `conversations:read` besides `knowledge:write` (403 `insufficient_scope`): the question is a visitor’s words. ' +
        '404 `message_not_found` for a message of another chatbot, account or mode, or none that asks the question; ' +
        '404 `conversation_not_found`; 409 `conflict` for a message that is not a visitor’s, or one that cannot be a ' +
        'question as it is (longer than 1,000 characters, or holding control or formatting characters); ' +
        '409 `chatbot_archived`.',
      tags: ['api', 'knowledge'],
      plugins: { platform: { chatbotKey: true, errors: { 404: ['conversation_not_found', 'message_not_found'], 409: ['chatbot_archived'] } } },
      validate: { params: schemas.chatbotParams, payload: schemas.qaFromMessage },
      response: { status: { 201: schemas.item } },
      handler: async (request, h) => {
        // The route copies a visitor's words into the knowledge (readable with knowledge:read), and
        // its answer tells whether a message begins with a given text: reading conversations.
        assertTokenScope(request, 'conversations:read');
        const tenant = tenantOf(request);
        const chatbot = await writableChatbot(request);
        const input = request.payload as QaFromMessageInput;
        let question: string;
        if (input.message_id) {
          question = await questionOfMessage(tenant, chatbot, input.message_id);
        } else {
          await assertAsked(tenant, chatbot, input.conversation_id!, input.question!);
          question = input.question!;
        }
        const { answer, alternatives, title, metadata } = input;
        const item = await curation.addQaPair(tenant, chatbot, { question, answer, alternatives, title, metadata });
        return h
          .response(item)
          .code(201)
          .header('Location', `/api/v1/chatbots/${chatbot.id}/knowledge/${item.id}`);
      },
    },
  };
}
