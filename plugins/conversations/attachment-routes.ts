// Files in conversations, for the account: an agent sends one in a handed-off conversation, and
// members (with their session) and keys read any of the conversation's, served inert
// (core/http/inert-file.ts).
import Joi from 'joi';
import { ATTACHMENT_BODY_TIMEOUT_MS, attachmentUploadKeys, idSchema, inertFileHeaders, tenantOf, type PluginRoute } from '../../core/index.js';
import { authorOf } from './message-routes.js';
import type { ChatbotLookup } from './routes.js';
import { conversationParams, turnResponse } from './schemas.js';
import type { ConversationService } from './service.js';

/** Agents send and read files in handed-off conversations (docs/ARCHITECTURE.md A6), as they write messages. */
const agentToo = { chatbotKey: true, agent: true };

export const ATTACHMENT_ERRORS = {
  403: ['attachments_not_allowed'],
  408: ['request_timeout'],
  409: ['chatbot_archived', 'conversation_ended', 'conversation_not_in_handoff', 'attachment_limit_reached'],
  413: ['attachment_too_large'],
  415: ['unsupported_attachment_type'],
};

export function attachmentRoutes(service: ConversationService, chatbots: ChatbotLookup, bodyLimit: number): PluginRoute[] {
  return [
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/attachments',
      options: {
        description: 'Send a file to the visitor, as an agent',
        notes:
          'An image (PNG, JPEG, GIF, WebP) or a PDF, base64 in `content_base64`, sent as an agent message while the conversation is ' +
          'handed off (409 `conversation_not_in_handoff` otherwise). The type is read from the bytes: anything else is 415 ' +
          '`unsupported_attachment_type`, whatever its name. The plan sets the kinds and the size (403 `attachments_not_allowed`, ' +
          '413 `attachment_too_large`); a conversation holds at most 20 files (409 `attachment_limit_reached`). The message has ' +
          '`attachment` and empty `content`, and publishes message.created.',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo, errors: ATTACHMENT_ERRORS } },
        payload: { maxBytes: bodyLimit, timeout: ATTACHMENT_BODY_TIMEOUT_MS },
        validate: { params: conversationParams, payload: Joi.object(attachmentUploadKeys()).required().label('SendAttachment') },
        response: { status: { 201: turnResponse } },
        handler: async (request, h) => {
          const { name, content_base64: content } = request.payload as { name: string; content_base64: string };
          const file = { role: 'agent' as const, author: authorOf(request), name, bytes: Buffer.from(content, 'base64') };
          const turn = await service.attach(tenantOf(request), await chatbots.profile(request), (request.params as { convId: string }).convId, file);
          return h.response(turn).code(201);
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations/{convId}/attachments/{attachmentId}',
      options: {
        description: 'Read a file of a conversation',
        notes:
          'The bytes, as `image/png`, `image/jpeg`, `image/gif`, `image/webp` or `application/pdf`: the type read from them when they were sent. Served inert: `X-Content-Type-Options: nosniff`, a sandboxing ' +
          '`Content-Security-Policy`, images `inline` and PDFs as a download (`Content-Disposition: attachment`).',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo, errors: { 404: ['attachment_not_found'] } } },
        validate: { params: conversationParams.keys({ attachmentId: idSchema('att').required() }), query: Joi.object({}) },
        response: { status: { 200: true } }, // the file's bytes
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const conversation = await service.find(tenant, await chatbots.summary(request), (request.params as { convId: string }).convId);
          const { attachment, bytes } = await service.file(tenant, conversation.id, (request.params as { attachmentId: string }).attachmentId);
          const response = h.response(bytes);
          for (const [name, value] of Object.entries(inertFileHeaders(attachment))) response.header(name, value);
          return response;
        },
      },
    },
  ];
}
