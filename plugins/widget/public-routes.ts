// The public widget routes (docs/ARCHITECTURE.md A6): what a page needs to
// show the widget, and the visitor's conversation behind a token. No API key: the chatbot is found
// by its id, the page's Origin is checked against the widget's allowed_origins and every route is
// limited per IP (public-access.ts). The conversation itself is the API's (conversations plugin).
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Logger } from 'pino';
import {
  ATTACHMENT_BODY_TIMEOUT_MS,
  apiError,
  hasErrorCode,
  inertFileHeaders,
  isValidScore,
  notFound,
  publicWidgetConfig,
  respondWithEvents,
  scoreRangeOf,
  turnOnTheWire,
  wantsEventStream,
  type ChatbotDirectory,
  type ChatbotProfile,
  type LeadDetails,
  type SecretBox,
  type AttachmentAllowance,
  type TenantScope,
  type VisitorConversation,
  type VisitorConversations,
  type VisitorMessage,
  type VisitorTurn,
} from '../../core/index.js';
import type { PublicWidget } from './directory.js';
import { CORS_ALLOWED_HEADERS, hashVisitorToken, invalidToken, newVisitorToken, tokenMatches, type WidgetRouteOptions } from './public-access.js';
import {
  configResponse,
  conversationQuery,
  conversationResponse,
  deletionRequestResponse,
  identityResponse,
  feedbackInput,
  leadInput,
  leadResponse,
  messageInput,
  messageResponse,
  offlineEmailInput,
  ratingInput,
  ratingResponse,
  startInput,
  startResponse,
  turnResponse,
  typingInput,
  attachmentInput,
  visitorAttachmentParams,
  visitorConversationParams,
  visitorMessageParams,
  widgetParams,
} from './schemas.js';
import { identityInput, identityRecordId, rememberIdentity, verifyIdentity, type VisitorIdentity } from './identity.js';
import type { WidgetSettings } from './settings.js';
import type { WidgetCollections } from './collections.js';

/** What every public route can answer besides its own (named here so the document lists them). */
const PUBLIC_NOTES =
  'No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; ' +
  '429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.';
const TOKEN_NOTES = 'Needs the conversation token (`Authorization: Bearer wct_…`); 401 `invalid_token` once the conversation has ended.';

/** The errors of PUBLIC_NOTES, declared on every public route with the route's own. */
const publicRoute = (limit?: WidgetRouteOptions['limit'], own: Partial<Record<401 | 403 | 404 | 408 | 409 | 413 | 415 | 422, string[]>> = {}) => ({
  widget: { public: true as const, ...(limit ? { limit } : {}) },
  platform: { errors: { ...own, 403: ['origin_not_allowed', ...(own[403] ?? [])], 409: ['chatbot_archived', ...(own[409] ?? [])], 429: ['rate_limited'] } },
});
const visitorAuth = { strategy: 'widget-token', mode: 'required' as const };
/** Browsers besides the first that hold a verified visitor's conversation token at once (the newest). */
const MAX_DEVICE_TOKENS = 5;

function publicConversation(conversation: VisitorConversation) {
  return { id: conversation.id, status: conversation.status, created_at: conversation.started_at, asks_for_email: conversation.asks_for_email };
}

export function publicWidgetRoutes(
  collections: WidgetCollections,
  chatbots: ChatbotDirectory,
  visitors: VisitorConversations,
  logger: Logger,
  secrets: () => Promise<SecretBox>,
  allowance: (tenant: TenantScope) => Promise<AttachmentAllowance>,
  /** The largest attachment body under the configured plans. */
  bodyLimit: number,
): ServerRoute[] {
  const widgetOf = (request: Request): PublicWidget => request.app.widget!;

  /** The chatbot behind the widget, as visitors may meet it: not archived. */
  async function chatbotOf(request: Request): Promise<ChatbotProfile> {
    const { tenant, widget } = widgetOf(request);
    const chatbot = await chatbots.profile(tenant, widget.chatbot_id);
    if (!chatbot) throw notFound('chatbot', widget.chatbot_id);
    if (chatbot.status === 'archived') throw apiError(409, 'chatbot_archived', `Chatbot ${chatbot.id} is archived`);
    return chatbot;
  }

  /** The token's conversation, as long as it has not ended (its token expires with it). */
  async function visitorConversation(request: Request, chatbot: ChatbotProfile): Promise<VisitorConversation> {
    const visitor = request.auth.credentials.app!.visitor!;
    const conversation = await visitors.find(visitor.tenant, chatbot, visitor.conversationId);
    if (conversation.status === 'ended') throw invalidToken('The conversation has ended; start a new one');
    return conversation;
  }

  /** The visitor's copy: sources as the chatbot shows them, and a "Talk to a person" offer on replies that did not know. */
  const presentMessage = (chatbot: ChatbotProfile) => ({ unsure, ...message }: VisitorMessage) => ({
    ...message,
    sources: chatbot.settings.answer.show_sources ? message.sources.filter((source) => source.url || source.title) : [],
    offers_handoff: unsure && message.role === 'assistant' && chatbot.settings.handoff.on_visitor_request,
  });

  const routes: ServerRoute[] = [
    {
      method: 'GET',
      path: '/widget/v1/{id}/config',
      options: {
        auth: false,
        description: 'What a page needs to show the chatbot’s widget',
        notes: `Appearance, strings (the chatbot’s language; \`translations\` per browser language), display rules and the lead form; never settings, keys or knowledge. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute(),
        validate: { params: widgetParams },
        response: { schema: configResponse },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const { settings, tenant } = widgetOf(request);
          return h.response(presentConfig(chatbot, settings, await allowance(tenant))).header('Cache-Control', 'no-cache');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations',
      options: {
        auth: false,
        description: 'Start a visitor’s conversation',
        notes:
          `Returns the conversation and its token (shown once, stored hashed). The conversation’s \`channel\` is \`widget\`. ` +
          `\`user\`: the site’s signed-in visitor (\`ChatbotWidget.identify\`), kept as the conversation’s \`visitor\` with \`verified\`; ` +
          `a verified visitor with an \`email\` becomes the conversation’s lead (\`source\` \`widget_identity\`: only what a lead with that address lacks is filled in); ` +
          `403 \`identity_not_verified\` for a \`user_hash\` that does not match, or none while the widget’s \`identity_verification\` is on. ` +
          `409 \`chatbot_paused\` while the chatbot is paused. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 403: ['identity_not_verified'], 409: ['chatbot_paused'] }),
        validate: { params: widgetParams, payload: startInput },
        response: { status: { 201: startResponse } },
        handler: async (request, h) => {
          const widget = widgetOf(request);
          const { tenant } = widget;
          const chatbot = await chatbotOf(request);
          const input = request.payload as { language?: string; page_url?: string; user?: VisitorIdentity };
          const user = input.user;
          const verified = user ? await verifyIdentity(widget, user, secrets) : false;
          const visitor = user ? { id: user.user_id, ...(user.name ? { name: user.name } : {}), ...(user.email ? { email: user.email } : {}), verified } : undefined;
          const conversation = await visitors.start(tenant, chatbot, { channel: 'widget', language: input.language, pageUrl: input.page_url ?? null, visitor });
          if (user && verified) await rememberIdentity(collections, widget, user.user_id, conversation.id, conversation.started_at);
          // A visitor the site proves is who the site says: with an e-mail address, a lead (linked both ways).
          // Not a reason to fail the start: the conversation exists and needs its token.
          if (user?.email && verified) {
            const details = { email: user.email, ...(user.name ? { name: user.name } : {}) };
            await visitors
              .captureLead(tenant, chatbot, { conversationId: conversation.id, source: 'widget_identity', details })
              .catch((error: unknown) => logger.warn({ err: error, conversation_id: conversation.id }, 'lead of a verified visitor not recorded'));
          }
          const token = newVisitorToken();
          await collections.tokens.forTenant(tenant).insert({
            id: conversation.id,
            chatbot_id: chatbot.id,
            token_hash: hashVisitorToken(token),
            created_at: conversation.started_at,
          });
          return h.response({ conversation: publicConversation(conversation), token }).code(201).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/identity',
      options: {
        auth: false,
        description: 'Resume a verified visitor’s open conversation in this browser',
        notes:
          `For a visitor the site proves (\`user_hash\`, see \`ChatbotWidget.identify\`): their last conversation with this chatbot ` +
          `that is still open, with a token for this browser (their other browsers keep theirs; the five newest work). ` +
          `\`conversation\` and \`token\` are null when they have none open. 403 \`identity_not_verified\` without a matching \`user_hash\`. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 403: ['identity_not_verified'] }),
        validate: { params: widgetParams, payload: identityInput.required() },
        response: { status: { 200: identityResponse } },
        handler: async (request, h) => {
          const widget = widgetOf(request);
          const chatbot = await chatbotOf(request);
          const user = request.payload as VisitorIdentity;
          if (!user.user_hash || !(await verifyIdentity(widget, user, secrets))) {
            throw apiError(403, 'identity_not_verified', 'Only a visitor the site proves (user_hash) resumes a conversation in another browser');
          }
          const none = () => h.response({ conversation: null, token: null }).header('Cache-Control', 'no-store');
          const known = await collections.identities.forTenant(widget.tenant).get(identityRecordId(chatbot.id, user.user_id));
          if (!known) return none();
          // Deleted since: none open. Any other failure (the store) is the request's, not "none".
          const conversation = await visitors.find(widget.tenant, chatbot, known.conversation_id).catch((error: unknown) => {
            if (hasErrorCode(error, 'conversation_not_found')) return null;
            throw error;
          });
          const tokens = collections.tokens.forTenant(widget.tenant);
          const stored = conversation && conversation.status !== 'ended' ? await tokens.get(conversation.id) : null;
          if (!conversation || !stored) return none();
          const token = newVisitorToken();
          const device_hashes = [...(stored.device_hashes ?? []), hashVisitorToken(token)].slice(-MAX_DEVICE_TOKENS);
          await tokens.update(stored.id, { device_hashes });
          return h.response({ conversation: publicConversation(conversation), token }).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'GET',
      path: '/widget/v1/{id}/conversations/{convId}',
      options: {
        auth: visitorAuth,
        description: 'The visitor’s conversation and its messages',
        notes: `Messages in order, at most 100; with \`after\` only those after that message (404 \`message_not_found\` for one not in the conversation). The page reads it after a reload, and polls it for agents’ messages and \`agent_typing\`. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute(undefined, { 404: ['message_not_found'] }),
        validate: { params: visitorConversationParams, query: conversationQuery },
        response: { schema: conversationResponse },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const { after } = request.query as { after?: string };
          const page = await visitors.messages(widgetOf(request).tenant, chatbot, conversation, { afterId: after ?? null, limit: 100 });
          const present = presentMessage(chatbot);
          const agentTyping = conversation.status === 'handoff' ? await visitors.agentTyping(widgetOf(request).tenant, conversation) : null;
          return h
            .response({ conversation: publicConversation(conversation), messages: page.messages.map(present), has_more: page.hasMore, agent_typing: agentTyping })
            .header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/messages',
      options: {
        auth: visitorAuth,
        description: 'Send the visitor’s message; the reply comes back in the response',
        notes:
          `201 with \`message\`, \`reply\` (null while an agent has the conversation) and \`conversation\`. With \`Accept: text/event-stream\` ` +
          `the answer streams as server-sent events: \`message\`, \`delta\`s (\`{"content": "…"}\`), then \`done\` with the JSON body, or \`error\`. ` +
          `409 \`chatbot_paused\` while the chatbot is paused. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('messages', { 409: ['chatbot_paused'], 422: ['suggestion_not_offered'] }),
        validate: { params: visitorConversationParams, payload: messageInput },
        response: { status: { 201: turnResponse, 200: true } }, // 200: the event stream
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const present = presentMessage(chatbot);
          const { content, suggestion_id: suggestionId } = request.payload as { content?: string; suggestion_id?: string };
          const presentTurn = (turn: VisitorTurn) => ({
            message: present(turn.message),
            reply: turn.reply ? present(turn.reply) : null,
            conversation: publicConversation(turn.conversation),
          });
          const { tenant } = widgetOf(request);
          const input = { conversationId: conversation.id, content, suggestionId };
          if (!wantsEventStream(request)) return h.response(presentTurn(await visitors.reply(tenant, chatbot, input))).code(201);
          const events = await visitors.streamReply(tenant, chatbot, input);
          return respondWithEvents(request, h, turnOnTheWire(events, { message: present, turn: presentTurn }), { logger, message: 'streamed turn failed' });
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/attachments',
      options: {
        auth: visitorAuth,
        description: 'Send a file: an image or a PDF',
        notes:
          `\`content_base64\`: a PNG, JPEG, GIF or WebP image or a PDF (the type is read from the bytes: anything else is 415 ` +
          `\`unsupported_attachment_type\`, whatever its name). Sent as the visitor’s message (\`attachment\`, empty \`content\`); ` +
          `the chatbot reads words, so \`reply\` is null and an agent sees the file. The account’s plan sets the kinds and the size ` +
          `(403 \`attachments_not_allowed\`, 413 \`attachment_too_large\`), a conversation holds at most 20 files (409 ` +
          `\`attachment_limit_reached\`), and 409 \`attachments_disabled\` when the widget does not take files. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', {
          403: ['attachments_not_allowed'],
          408: ['request_timeout'],
          409: ['chatbot_paused', 'attachments_disabled', 'attachment_limit_reached', 'conversation_ended'],
          413: ['attachment_too_large'],
          415: ['unsupported_attachment_type'],
        }),
        payload: { maxBytes: bodyLimit, timeout: ATTACHMENT_BODY_TIMEOUT_MS },
        validate: { params: visitorConversationParams, payload: attachmentInput },
        response: { status: { 201: turnResponse } },
        handler: async (request, h) => {
          const { tenant, settings } = widgetOf(request);
          if (!settings.attachments) throw apiError(409, 'attachments_disabled', 'This widget does not take files');
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const { name, content_base64: content } = request.payload as { name: string; content_base64: string };
          const turn = await visitors.attach(tenant, chatbot, conversation.id, { name, bytes: Buffer.from(content, 'base64') });
          const present = presentMessage(chatbot);
          return h.response({ message: present(turn.message), reply: null, conversation: publicConversation(turn.conversation) }).code(201);
        },
      },
    },
    {
      method: 'GET',
      path: '/widget/v1/{id}/conversations/{convId}/attachments/{attachmentId}',
      options: {
        auth: visitorAuth,
        description: 'Read a file of the visitor’s conversation',
        notes:
          `The bytes of a file the visitor or an agent sent, as \`image/png\`, \`image/jpeg\`, \`image/gif\`, \`image/webp\` or \`application/pdf\` (read from them); served inert (\`nosniff\`, a sandboxing ` +
          `\`Content-Security-Policy\`, PDFs as a download). The widget reads it with the token and shows it from memory. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute(undefined, { 404: ['attachment_not_found'] }),
        validate: { params: visitorAttachmentParams },
        response: { status: { 200: true } }, // the file's bytes
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const { attachmentId } = request.params as { attachmentId: string };
          const { attachment, bytes } = await visitors.file(widgetOf(request).tenant, conversation.id, attachmentId);
          const response = h.response(bytes);
          for (const [name, value] of Object.entries(inertFileHeaders(attachment))) response.header(name, value);
          return response;
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/messages/{msgId}/feedback',
      options: {
        auth: visitorAuth,
        description: 'Rate a reply: thumbs up or down',
        notes: `Only replies (assistant or agent) can be rated (409 \`conflict\` for the visitor’s own); rating again replaces it. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute(),
        validate: { params: visitorMessageParams, payload: feedbackInput },
        response: { schema: messageResponse },
        handler: async (request) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const { rating } = request.payload as { rating: 'up' | 'down' };
          const message = await visitors.rate(widgetOf(request).tenant, chatbot, conversation.id, (request.params as { msgId: string }).msgId, rating);
          return presentMessage(chatbot)(message);
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/typing',
      options: {
        auth: visitorAuth,
        description: 'Tell the agent the visitor is typing',
        notes:
          `What the widget sends at most every 2 seconds while the visitor types to an agent; the dashboard shows it for 6 seconds after ` +
          `the last one. \`{"typing": false}\` clears it at once. 409 \`conversation_not_in_handoff\` unless an agent has the conversation. ` +
          `Limited per IP besides the request limit (429 \`rate_limited\`). ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('typing', { 409: ['conversation_not_in_handoff'] }),
        validate: { params: visitorConversationParams, payload: typingInput },
        response: { status: { 204: Joi.any().empty() } },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          const { typing } = request.payload as { typing: boolean };
          await visitors.markVisitorTyping(widgetOf(request).tenant, conversation, typing);
          return h.response().code(204).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/rating',
      options: {
        auth: visitorAuth,
        description: 'Rate the conversation once it has ended',
        notes:
          `\`score\` on the widget’s \`rating.mode\`: 1–5 for \`stars\`, 1 (up) or 0 (down) for \`thumbs\` (400 for another); ` +
          `\`comment\` only when \`rating.comment\` allows it (400 otherwise). Stored on the conversation as \`csat\` and published as ` +
          `\`conversation.rated\`. 409 \`rating_disabled\` when the widget does not ask for ratings, 409 \`conversation_not_ended\` ` +
          `before the end, 409 \`already_rated\` after a first rating. The token stays valid for this route after the end. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 409: ['rating_disabled', 'conversation_not_ended', 'already_rated'] }),
        validate: { params: visitorConversationParams, payload: ratingInput },
        response: { status: { 201: ratingResponse } },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const { tenant, settings } = widgetOf(request);
          const input = request.payload as { score: number; comment: string | null };
          const rating = ratingOf(settings, input);
          const visitor = request.auth.credentials.app!.visitor!;
          const csat = await visitors.rateConversation(tenant, chatbot, visitor.conversationId, rating);
          return h.response({ csat }).code(201).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/deletion-request',
      options: {
        auth: visitorAuth,
        description: 'Ask for the conversation’s deletion',
        notes:
          `The visitor asks the owner to delete their conversation: recorded as the conversation’s \`deletion_requested_at\` and ` +
          `published once as \`conversation.deletion_requested\` (asking again answers the first time). Nothing is deleted here: ` +
          `the owner deletes it through the API. The token stays valid for this route after the end. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 404: ['conversation_not_found'] }),
        validate: { params: visitorConversationParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: deletionRequestResponse } },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const visitor = request.auth.credentials.app!.visitor!;
          const requestedAt = await visitors.requestDeletion(widgetOf(request).tenant, chatbot, visitor.conversationId);
          return h.response({ requested_at: requestedAt }).code(202).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/conversations/{convId}/email',
      options: {
        auth: visitorAuth,
        description: 'Leave an e-mail address when nobody could answer the handoff',
        notes:
          `While the conversation \`asks_for_email\` (handed off outside business hours or with no member available): the address ` +
          `becomes a lead with \`source\` \`handoff_offline\`, linked with the conversation, which waits in the inbox. A lead with this ` +
          `e-mail gets only what it lacks. 409 \`email_not_requested\` when the conversation does not ask for one; 409 \`chatbot_paused\` while ` +
          `the chatbot is paused. ${TOKEN_NOTES} ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 409: ['email_not_requested', 'chatbot_paused'] }),
        validate: { params: visitorConversationParams, payload: offlineEmailInput },
        response: { status: { 202: leadResponse } },
        handler: async (request, h) => {
          const chatbot = await chatbotOf(request);
          const conversation = await visitorConversation(request, chatbot);
          if (!conversation.asks_for_email) {
            throw apiError(409, 'email_not_requested', `Conversation ${conversation.id} does not ask for an e-mail address`);
          }
          const { email } = request.payload as { email: string };
          await visitors.captureLead(widgetOf(request).tenant, chatbot, { conversationId: conversation.id, source: 'handoff_offline', details: { email } });
          return h.response({ received: true }).code(202).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/widget/v1/{id}/leads',
      options: {
        auth: false,
        description: 'Send the widget’s lead form',
        notes:
          `The lead is recorded with \`source\` \`widget_form\` (one lead per e-mail or phone number per chatbot) and, with \`conversation_id\` ` +
          `and that conversation’s token, linked with the conversation (401 \`invalid_token\` for a wrong token). A lead with this e-mail ` +
          `or phone number gets only what it lacks: the form never changes a stored value. Fields the form requires ` +
          `must be present (400). The answer never shows the lead. 409 \`lead_form_disabled\` when the widget has no lead form; 409 ` +
          `\`chatbot_paused\` while the chatbot is paused, 409 \`conversation_ended\` for an ended conversation. ${PUBLIC_NOTES}`,
        tags: ['api', 'widget'],
        plugins: publicRoute('forms', { 401: ['invalid_token'], 409: ['lead_form_disabled', 'chatbot_paused', 'conversation_ended'] }),
        validate: { params: widgetParams, payload: leadInput },
        response: { status: { 202: leadResponse } },
        handler: async (request, h) => {
          const { tenant, settings } = widgetOf(request);
          const chatbot = await chatbotOf(request);
          if (!settings.lead_form.enabled) throw apiError(409, 'lead_form_disabled', 'This widget has no lead form');
          const { conversation_id: conversationId, ...details } = request.payload as LeadDetails & { conversation_id?: string };
          assertRequiredFields(settings, details);
          if (conversationId) await assertTokenFor(request, collections, conversationId);
          await visitors.captureLead(tenant, chatbot, { conversationId: conversationId ?? null, source: 'widget_form', details });
          return h.response({ received: true }).code(202).header('Cache-Control', 'no-store');
        },
      },
    },
  ];
  return [...routes, ...preflightsOf(routes)];
}

/**
 * One CORS preflight per public path, made from the routes themselves so that it allows every
 * method and header the real requests use. A preflight carries the real request's query string
 * (`?after=msg_…` on the poll) but not its meaning, so it accepts any query: with the server-wide
 * "no query parameters" default it answered 400 and the browser dropped every poll.
 */
function preflightsOf(routes: ServerRoute[]): ServerRoute[] {
  const byPath = new Map<string, { methods: string[]; params: Joi.Schema }>();
  for (const route of routes) {
    const params = (route.options as { validate: { params: Joi.Schema } }).validate.params;
    const entry = byPath.get(route.path) ?? { methods: [], params };
    entry.methods.push(String(route.method).toUpperCase());
    byPath.set(route.path, entry);
  }
  return [...byPath].map(([path, { methods, params }]) => ({
    method: 'OPTIONS',
    path,
    options: {
      auth: false,
      description: `CORS preflight of ${path}`,
      notes: `Answers 204 with the allowed methods (${methods.join(', ')}) and headers for a page whose Origin the widget allows, whatever the query string. ${PUBLIC_NOTES}`,
      tags: ['api', 'widget'],
      plugins: publicRoute(),
      // Any query: the real request validates its own.
      validate: { params, query: Joi.object().unknown(true) },
      response: { status: { 204: Joi.any().empty() } },
      handler: (_request, h) =>
        h
          .response()
          .code(204)
          .header('Access-Control-Allow-Methods', methods.join(', '))
          .header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS)
          .header('Access-Control-Max-Age', '600'),
    },
  }));
}

function presentConfig(chatbot: ChatbotProfile, settings: WidgetSettings, attachments: AttachmentAllowance) {
  return publicWidgetConfig({ ...chatbot, show_sources: chatbot.settings.answer.show_sources, attachments }, settings);
}

/** The visitor's rating on the widget's scale: 409 when it asks for none, 400 for a score off the scale or a comment it does not take. */
function ratingOf(settings: WidgetSettings, input: { score: number; comment: string | null }) {
  const { mode, comment: commentAllowed } = settings.rating;
  if (mode === 'off') throw apiError(409, 'rating_disabled', 'This widget does not ask for ratings');
  if (!isValidScore(mode, input.score)) throw invalidField('score', `"score" must be ${scoreRangeOf(mode)} on this widget's ${mode} scale`, 'any.only');
  if (input.comment !== null && !commentAllowed) throw invalidField('comment', '"comment" is not allowed: this widget takes ratings without comments', 'any.unknown');
  return { score: input.score, scale: mode, comment: input.comment };
}

function invalidField(path: string, message: string, type: string) {
  return apiError(400, 'validation_failed', message, { details: [{ path, message, type }] });
}

/** The fields the owner made required, each present: a 400 listing those missing. */
function assertRequiredFields(settings: WidgetSettings, details: LeadDetails): void {
  const missing = settings.lead_form.fields.filter((field) => field.required && !details[field.name]);
  if (missing.length === 0) return;
  const details400 = missing.map((field) => ({ path: field.name, message: `"${field.name}" is required by this lead form`, type: 'any.required' }));
  throw apiError(400, 'validation_failed', details400.map((detail) => detail.message).join('; '), { details: details400 });
}

/** The lead form names a conversation: the request must carry that conversation's token. */
async function assertTokenFor(request: Request, collections: WidgetCollections, conversationId: string): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  if (!(await tokenMatches(collections, request.app.widget!, conversationId, token))) throw invalidToken();
}
