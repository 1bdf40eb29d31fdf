// Typed errors. An answer of status 400 or more becomes an ApiError (or its subclass for the
// status) carrying the API's error body: `code` to branch on, `requestId` to quote to support.
import type { Schemas } from './types.js';

/** Every error this library throws. */
export class ChatbotPlatformError extends Error {
  override name = 'ChatbotPlatformError';
}

/** The server answered with an error status. */
export class ApiError extends ChatbotPlatformError {
  override name = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The API's error code (`not_found`, `validation_failed`, `rate_limited`, …); OAuth's `error` on the token endpoints. */
  readonly code: string;
  /** The request id (`X-Request-Id`), to quote when asking for help. */
  readonly requestId: string | null;
  /** Details of the error body, when it has any (a validation failure's fields). */
  readonly details: unknown;
  /** The answer's headers (`Retry-After`, `WWW-Authenticate`). */
  readonly headers: Headers;

  constructor(status: number, body: Partial<Schemas['Error']> & { error_description?: string }, headers: Headers) {
    // OAuth endpoints answer RFC 6749 bodies: `error` is the code there, `error_description` the message.
    const oauth = body.code === undefined && typeof body.error === 'string';
    super(oauth ? (body.error_description ?? body.error ?? `HTTP ${status}`) : (body.message ?? `HTTP ${status}`));
    this.status = status;
    this.code = (oauth ? body.error : body.code) ?? `http_${status}`;
    this.requestId = body.request_id ?? headers.get('x-request-id');
    this.details = body.details;
    this.headers = headers;
  }
}

/** 400 or 422: the request is not valid (`details` says where). */
export class InvalidRequestError extends ApiError {
  override name = 'InvalidRequestError';
}
/** 401: missing, invalid, expired or revoked credentials. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: authenticated but not allowed (the key's scope, the plan, the IP allowlist). */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource for these credentials. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the resource's state does not allow it (or the same Idempotency-Key is still running). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 429: a rate limit, still reached after the retries. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** 500 or more. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** No answer: the server could not be reached, the connection broke, or the time ran out. */
export class ConnectionError extends ChatbotPlatformError {
  override name = 'ConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A webhook whose signature, timestamp or headers do not hold. */
export class WebhookVerificationError extends ChatbotPlatformError {
  override name = 'WebhookVerificationError';
}

/** The error for an answer, from its status. */
export function apiErrorOf(status: number, body: unknown, headers: Headers): ApiError {
  const fields = body !== null && typeof body === 'object' ? (body as Partial<Schemas['Error']>) : {};
  const Kind =
    status === 400 || status === 422
      ? InvalidRequestError
      : status === 401
        ? AuthenticationError
        : status === 403
          ? PermissionDeniedError
          : status === 404
            ? NotFoundError
            : status === 409
              ? ConflictError
              : status === 429
                ? RateLimitError
                : status >= 500
                  ? ServerError
                  : ApiError;
  return new Kind(status, fields, headers);
}
