// The dashboard's only way to the server: the public routes, JSON both ways, the session cookie
// (same origin), errors as ApiError carrying the API's `code`, `message` and field `details`.
import type { ApiBodyArguments, ApiPath, ApiResponse, KnownPath } from '../../../common/api-paths.js';

export interface ErrorDetail {
  path: string;
  message: string;
  type: string;
  /** A value to send at `path` (sign-in's 409 account_required: an account id). */
  value?: string;
}

export class ApiError extends Error {
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Seconds from Retry-After (429, 503), else null. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }

  /** The message of the field at `path` (`name`, `rules.0.reply`), if the API named it. */
  fieldMessage(path: string): string | undefined {
    return this.details.find((detail) => detail.path === path)?.message;
  }
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

type SessionLostListener = (error: ApiError) => void;
let onSessionLost: SessionLostListener = () => {};

/** Called when a request answers 401 because the session is gone (expired, revoked, signed out elsewhere). */
export function whenSessionLost(listener: SessionLostListener): void {
  onSessionLost = listener;
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    // The browser adds Origin to every write: the server checks it against its own (API-DECISIONS.md).
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const error = errorOf(response, payload);
    // Sign-in's own 401 (invalid_credentials) is a form error, not a lost session.
    if (response.status === 401 && sessionLost(path, error)) onSessionLost(error);
    throw error;
  }
  return payload as T;
}

/** Sign-in's own 401 and a wrong current password are form errors; any other 401 means the session is gone. */
function sessionLost(path: string, error: ApiError): boolean {
  if (path.startsWith('/dashboard/session') || path.startsWith('/dashboard/invitations')) return false;
  return error.code !== 'invalid_credentials';
}

function errorOf(response: Response, payload: unknown): ApiError {
  const body = (payload ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : `http_${response.status}`,
    typeof body.message === 'string' ? body.message : `The server answered ${response.status} ${response.statusText}`.trim(),
    Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [],
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

/** Each call's path, body and answer are the OpenAPI document's (common/api-paths.ts). */
export const api = {
  get: <P extends ApiPath<'get'>>(path: KnownPath<'get', P>) => request<ApiResponse<'get', P>>('GET', path),
  post: <P extends ApiPath<'post'>>(path: KnownPath<'post', P>, ...[body = {}]: ApiBodyArguments<'post', P>) =>
    request<ApiResponse<'post', P>>('POST', path, body),
  put: <P extends ApiPath<'put'>>(path: KnownPath<'put', P>, ...[body]: ApiBodyArguments<'put', P>) => request<ApiResponse<'put', P>>('PUT', path, body),
  patch: <P extends ApiPath<'patch'>>(path: KnownPath<'patch', P>, ...[body]: ApiBodyArguments<'patch', P>) =>
    request<ApiResponse<'patch', P>>('PATCH', path, body),
  delete: <P extends ApiPath<'delete'>>(path: KnownPath<'delete', P>) => request<ApiResponse<'delete', P>>('DELETE', path),
};

/** A query string from the defined values only (`?status=ready&limit=50`), or ''. */
export function query(values: Record<string, string | number | boolean | null | undefined>): `?${string}` | '' {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const encode = encodeURIComponent;
