// @chatbot-platform/client: the official TypeScript client of the chatbot platform's API.
export { ChatbotPlatform, type ClientOptions } from './client.js';
export {
  ApiError,
  AuthenticationError,
  ChatbotPlatformError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  WebhookVerificationError,
} from './errors.js';
export type { RequestOptions } from './http.js';
export type { OAuthClientCredentials } from './oauth.js';
export { PageList, type Page } from './pagination.js';
export type { TurnStreamEvent } from './streaming.js';
export type { ConversationStreamEvent } from './conversation-stream.js';
export type { AttachmentFile } from './resources/conversations.js';
export type { Body, Item, OperationId, Query, Result, Schemas } from './types.js';
export { verifyWebhook, type VerifyOptions, type WebhookHeaders } from './webhooks-signature.js';
export type { components, operations, paths } from './schema.js';
