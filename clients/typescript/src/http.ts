// The one way requests leave the client: credentials, an Idempotency-Key on every POST (the same on
// each retry of one call, so a retried POST is never applied twice), retries with back-off on 429,
// 502, 503, 504 and broken connections (honouring `Retry-After`), and errors turned into ApiError.
import { ConnectionError, apiErrorOf } from './errors.js';

export interface RequestOptions {
  /** The Idempotency-Key of a POST; one is made up when left out. */
  idempotencyKey?: string;
  /** Retries of this call on 429, 502, 503, 504 and broken connections (the client's by default). */
  maxRetries?: number;
  /** Milliseconds before an attempt is given up, reading its answer included (a stream's too): the client's by default. */
  timeoutMs?: number;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Headers added to the request. */
  headers?: Record<string, string>;
}

export interface Credentials {
  /** The `Authorization` header's value, fetched again when `stale` is true (an expired token). */
  authorization(stale: boolean): Promise<string>;
  /** Whether a 401 may be an expired credential worth fetching again (an OAuth token), once. */
  readonly renewable: boolean;
}

export interface TransportSettings {
  baseUrl: string;
  credentials: Credentials | null;
  maxRetries: number;
  timeoutMs: number;
  /** The longest wait between two attempts, whatever `Retry-After` says. */
  maxRetryDelayMs: number;
  fetch: typeof fetch;
  headers: Record<string, string>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: object;
  /** A JSON body. */
  body?: unknown;
  /** A form body (the OAuth endpoints). */
  form?: Record<string, string>;
  accept?: string;
  options?: RequestOptions;
}

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
export const USER_AGENT = 'chatbot-platform-typescript/0.1.0';

export class Transport {
  constructor(readonly settings: TransportSettings) {}

  /** The call's JSON answer (undefined for 204). */
  async json<T>(call: Call): Promise<T> {
    const response = await this.send(call);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** The successful answer itself (a stream, a CSV), after retries; errors are thrown. */
  async send(call: Call): Promise<Response> {
    const { settings } = this;
    const options = call.options ?? {};
    const maxRetries = options.maxRetries ?? settings.maxRetries;
    const idempotencyKey = call.method === 'POST' && !call.form ? (options.idempotencyKey ?? `cbp_${crypto.randomUUID()}`) : undefined;
    const url = this.url(call.path, call.query);
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: call.accept ?? 'application/json',
        'user-agent': USER_AGENT,
        ...settings.headers,
        ...options.headers,
      };
      if (settings.credentials) headers.authorization = await settings.credentials.authorization(renewed);
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let body: string | undefined;
      if (call.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(call.form).toString();
      } else if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.body);
      }
      const timeout = AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

      let response: Response;
      try {
        response = await settings.fetch(url, { method: call.method, headers, body, signal });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt < maxRetries) {
          await sleep(backoff(attempt));
          continue;
        }
        const reason = timeout.aborted ? `no answer within ${options.timeoutMs ?? settings.timeoutMs} ms` : (error as Error).message;
        throw new ConnectionError(`${call.method} ${call.path}: ${reason}`, { cause: error });
      }
      if (response.ok) return response;

      // An expired OAuth token: fetched again once, and the call made again at once.
      if (response.status === 401 && settings.credentials?.renewable && !renewed) {
        renewed = true;
        await response.body?.cancel();
        attempt--;
        continue;
      }
      if (RETRIED_STATUSES.has(response.status) && attempt < maxRetries) {
        await response.body?.cancel();
        await sleep(Math.min(retryAfterMs(response.headers) ?? backoff(attempt), settings.maxRetryDelayMs));
        continue;
      }
      throw apiErrorOf(response.status, await response.json().catch(() => null), response.headers);
    }
  }

  private url(path: string, query: object | undefined): string {
    const url = new URL(path, this.settings.baseUrl);
    for (const [name, value] of Object.entries(query ?? {}) as Array<[string, QueryValue]>) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Exponential back-off with jitter: about 0.5 s, 1 s, 2 s…, at most 8 s. */
function backoff(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** attempt);
  return base * (0.75 + Math.random() * 0.5);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A path segment: ids are put in paths escaped, never as they are. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
