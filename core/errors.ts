// The error shape of docs/ARCHITECTURE.md A2: Boom's body plus a stable `code`, the request id and, for
// validation failures, `details`. Handlers throw `apiError(...)`; one onPreResponse step
// (formatErrorResponse) shapes every error, including hapi's own and unexpected ones.
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit } from '@hapi/hapi';
import type Joi from 'joi';
import {
  DocumentRejectedError,
  StoreUnavailableError,
  StoreUsageError,
  UniqueConstraintError,
  VersionConflictError,
} from './store/errors.js';

export interface ErrorDetail {
  path: string;
  message: string;
  type: string;
  /** A value the caller may send at `path` (the accounts of 409 `account_required`). */
  value?: string;
}

export interface ErrorData {
  code: string;
  details?: ErrorDetail[];
}

export function apiError(
  statusCode: number,
  code: string,
  message: string,
  extra: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
): Boom.Boom<ErrorData> {
  const error = new Boom.Boom<ErrorData>(message, { statusCode, data: { code, details: extra.details } });
  for (const [name, value] of Object.entries(extra.headers ?? {})) error.output.headers[name] = value;
  return error;
}

/** Whether `error` is the API error `code` (thrown by apiError or notFound). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return Boom.isBoom(error) && (error.data as ErrorData | null)?.code === code;
}

/** 404 for records that do not exist *for this caller*: never says whether they exist elsewhere. */
export function notFound(resource: string, id: string): Boom.Boom<ErrorData> {
  const label = resource.charAt(0).toUpperCase() + resource.slice(1).replace(/_/g, ' ');
  return apiError(404, `${resource}_not_found`, `${label} ${id} not found`);
}

export const MISSING_CREDENTIALS_MESSAGE = 'Send your API key as "Authorization: Bearer <key>" (or sign in to the dashboard)';

export function unauthorized(code: string, message: string): Boom.Boom<ErrorData> {
  const error = apiError(401, code, message);
  error.output.headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`;
  return error;
}

/** joi failAction for params, query, payload and headers: 400 with every problem listed. */
export function validationFailAction(_request: Request, _h: ResponseToolkit, error?: Error): never {
  const joiError = error as Joi.ValidationError | undefined;
  const details = (joiError?.details ?? []).map((detail) => ({
    path: detail.path.join('.'),
    message: detail.message,
    type: detail.type,
  }));
  const message = details.length > 0 ? details.map((detail) => detail.message).join('; ') : 'Invalid request';
  throw apiError(400, 'validation_failed', message, { details });
}

const DEFAULT_CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'missing_credentials',
  403: 'forbidden',
  404: 'route_not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Store errors that escape a handler become the API error they stand for. */
export function toBoom(error: Error): Boom.Boom {
  // hapi boomifies a thrown error in place (a 500), so store errors are recognised first.
  if (error instanceof VersionConflictError) {
    return apiError(409, 'conflict', 'The resource was changed by another request; retry with its current state');
  }
  if (error instanceof UniqueConstraintError) {
    return apiError(409, 'conflict', `A resource with the same ${error.fields.join(', ')} already exists`);
  }
  if (error instanceof StoreUnavailableError) {
    return apiError(503, 'unavailable', 'The service is temporarily unavailable', { headers: { 'Retry-After': '5' } });
  }
  if (error instanceof DocumentRejectedError) {
    const message = 'The request holds data that cannot be stored (nested too deeply or too large)';
    return apiError(400, 'validation_failed', message, { details: [{ path: '', message, type: 'store.rejected' }] });
  }
  if (Boom.isBoom(error)) return error;
  if (error instanceof StoreUsageError) return Boom.badImplementation(error.message);
  return Boom.boomify(error);
}

/** Rewrites a Boom response's body into the API's error shape. Never leaks a stack or query text. */
export function formatErrorResponse(boom: Boom.Boom, requestId: string): void {
  const { statusCode } = boom.output;
  const data = (boom.data ?? null) as Partial<ErrorData> | null;
  let code = data?.code ?? DEFAULT_CODES[statusCode] ?? (statusCode >= 500 ? 'internal_error' : 'error');
  let message = statusCode >= 500 ? boom.output.payload.message : boom.message || boom.output.payload.message;

  // hapi's own errors, recognised by their messages, get their documented codes.
  if (!data?.code) {
    // Every strategy of the route found no credentials (core/auth/strategy.ts).
    if (statusCode === 401 && message === 'Missing authentication') {
      message = MISSING_CREDENTIALS_MESSAGE;
      boom.output.headers['WWW-Authenticate'] = 'Bearer';
    }
    if (statusCode === 400 && /payload/i.test(message)) message = 'The request body is not valid JSON';
    if (statusCode === 413) message = 'The request body is larger than this route accepts';
    if (statusCode === 415) message = 'Request bodies must be sent as Content-Type: application/json';
  }
  if (statusCode === 500) {
    code = 'internal_error';
    message = 'An internal error occurred';
  }

  const payload: Record<string, unknown> = {
    statusCode,
    error: boom.output.payload.error,
    message,
    code,
    request_id: requestId,
  };
  if (data?.details) payload.details = data.details;
  boom.output.payload = payload as unknown as Boom.Payload;
}

/** The error codes of RFC 6749 §5.2 (and RFC 7009/7662, which reuse them). */
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'unsupported_token_type', 'server_error', 'temporarily_unavailable']);

/** The RFC 6749 code an error of the OAuth endpoints answers with. */
export function oauthErrorCode(status: number, code: string): string {
  if (OAUTH_ERRORS.has(code)) return code;
  if (status === 503 || status === 429) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

/**
 * Rewrites an error already in the API's shape into RFC 6749's `{error, error_description}`, for the
 * OAuth endpoints only (`plugins.platform.errorBody: 'oauth'`). The house codes of errors hapi or
 * the access rules raise there become the nearest RFC code.
 */
export function toOAuthErrorBody(boom: Boom.Boom): void {
  const payload = boom.output.payload as unknown as { statusCode: number; code: string; message: string };
  const status = payload.statusCode;
  const error = oauthErrorCode(status, payload.code);
  const message = status === 415 ? 'Send the parameters as application/x-www-form-urlencoded' : payload.message;
  boom.output.payload = { error, error_description: message } as unknown as Boom.Payload;
  // RFC 6749 §5.1/§5.2: no caching of token responses, errors included.
  // Lower case: hapi looks for `cache-control` before setting its own.
  boom.output.headers['cache-control'] = 'no-store';
  boom.output.headers['pragma'] = 'no-cache';
}
