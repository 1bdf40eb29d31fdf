// The one way requests leave the client: credentials, an Idempotency-Key on every POST (the same on
// each retry of one call, so a retried POST is never applied twice), retries with back-off on 429,
// 502, 503, 504, a 409 of the same key still running, and broken connections (honouring
// `Retry-After`), and errors turned into ApiError.
import { ChatbotPlatformError, ConnectionError, apiErrorOf } from './errors.js';

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
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw readFailure(call, error);
    }
  }

  /**
   * The call's body as text (an export's CSV or JSON Lines), read whole: the same retries, typed
   * errors and time limit as a JSON call, the time limit covering the reading.
   */
  async text(call: Call): Promise<string> {
    const response = await this.send(call);
    try {
      return await response.text();
    } catch (error) {
      throw readFailure(call, error);
    }
  }

  /**
   * The call's body as bytes (a conversation's file), read whole: the same retries, typed errors
   * and time limit as a JSON call, the time limit covering the reading.
   */
  async bytes(call: Call): Promise<Uint8Array> {
    const response = await this.send(call);
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw readFailure(call, error);
    }
  }

  /** The successful answer itself (a stream, a CSV), after retries; errors are thrown. */
  async send(call: Call): Promise<Response> {
    const { settings } = this;
    const options = call.options ?? {};
    const maxRetries = options.maxRetries ?? settings.maxRetries;
    const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
    const idempotencyKey = call.method === 'POST' && !call.form ? (options.idempotencyKey ?? `cbp_${crypto.randomUUID()}`) : undefined;
    // A streamed answer is written for as long as the reply takes: its time limit ends when its
    // headers arrive (the caller's signal still stops it). And the server keeps no streamed answer
    // for replay, so a streamed POST whose connection broke is not sent again: its message could be
    // stored twice.
    const streamed = call.accept === 'text/event-stream';
    const url = this.url(call.path, call.query);
    let renewed = false;
    let staleToken = false;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: call.accept ?? 'application/json',
        'user-agent': USER_AGENT,
        ...settings.headers,
        ...options.headers,
      };
      if (settings.credentials) headers.authorization = await settings.credentials.authorization(staleToken);
      staleToken = false;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let body: string | undefined;
      if (call.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(call.form).toString();
      } else if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.body);
      }
      const limit = new AbortController();
      const timer = setTimeout(() => limit.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      const signal = options.signal ? AbortSignal.any([options.signal, limit.signal]) : limit.signal;

      let response: Response;
      try {
        response = await settings.fetch(url, { method: call.method, headers, body, signal });
      } catch (error) {
        clearTimeout(timer);
        if (options.signal?.aborted) throw error;
        if (attempt < maxRetries && !(streamed && call.method === 'POST')) {
          await sleep(backoff(attempt), options.signal);
          continue;
        }
        const reason = limit.signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
        throw new ConnectionError(`${call.method} ${call.path}: ${reason}`, { cause: error });
      }
      if (streamed) clearTimeout(timer);
      if (response.ok) return response;

      // An expired or revoked OAuth token: a new one, once, and the call made again at once.
      if (response.status === 401 && settings.credentials?.renewable && !renewed) {
        renewed = true;
        staleToken = true;
        await response.body?.cancel();
        attempt--;
        continue;
      }
      const error = apiErrorOf(response.status, await response.json().catch(() => null), response.headers);
      // A 409 `idempotency_key_in_flight`: this call's first attempt is still running on the server.
      const retryable = RETRIED_STATUSES.has(response.status) || (response.status === 409 && error.code === 'idempotency_key_in_flight');
      if (retryable && attempt < maxRetries) {
        const asked = retryAfterMs(response.headers);
        // A longer wait than the client allows is the caller's to decide: retried early, it would fail again.
        if (asked !== null && asked > settings.maxRetryDelayMs) throw error;
        await sleep(asked ?? backoff(attempt), options.signal);
        continue;
      }
      throw error;
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

/** A wait the caller's signal cuts short (with its reason, as fetch would). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** A body that broke off or timed out while it was read: no whole answer came. */
export function readFailure(call: Pick<Call, 'method' | 'path'>, error: unknown): ChatbotPlatformError {
  if (error instanceof ChatbotPlatformError) return error;
  const name = (error as { name?: string }).name;
  if (name === 'SyntaxError') return new ChatbotPlatformError(`${call.method} ${call.path}: the answer is not JSON`, { cause: error });
  const reason = name === 'TimeoutError' ? (error as Error).message : `the answer broke off (${(error as Error).message})`;
  return new ConnectionError(`${call.method} ${call.path}: ${reason}`, { cause: error });
}

/**
 * A path segment: ids are put in paths escaped, never as they are. `.` and `..` escape to
 * themselves and URLs resolve them (`/chatbots/cb_1/conversations/..` is the chatbot), so they,
 * and an empty id, are refused before any request.
 */
export function segment(value: string): string {
  if (value === '' || value === '.' || value === '..') throw new TypeError(`${JSON.stringify(value)} is not an id`);
  return encodeURIComponent(value);
}
