// The two model protocols the platform speaks: OpenAI-compatible (`/v1/chat/completions`,
// `/v1/embeddings`: OpenAI, Azure-style gateways, vLLM, LM Studio, llama.cpp's server) and Ollama
// (`/api/chat`, `/api/embed`), chat streamed or not. Who may be reached is the caller's choice of
// agents: the operator's own providers and a tenant's are judged by different address rules.
import got, { type Got } from 'got';
import { createParser } from 'eventsource-parser';
import { addressRefusal, type GuardedAgents } from '../http/guarded-agents.js';

export type ModelProtocol = 'openai' | 'ollama';

/** Where a model server is and how to sign in to it. */
export interface ModelEndpoint {
  type: ModelProtocol;
  /** The server's root, e.g. `https://api.openai.com` (a trailing `/v1` is understood) or `http://localhost:11434`. */
  base_url: string;
  api_key: string | null;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
}

/** Tokens a chat call used, as the provider reported them. */
export interface TokenUsage {
  input: number;
  output: number;
}

export interface ChatResult {
  text: string;
  /** Null when the provider did not say (some OpenAI-compatible servers do not). */
  usage: TokenUsage | null;
}

export type ModelErrorCode = 'token_cap_reached' | 'provider_unknown' | 'provider_timeout' | 'provider_unavailable' | 'provider_error' | 'provider_bad_response';

/** A provider that could not answer: unknown, unreachable, timed out, refused, or answered nonsense. */
export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number; retryAfterMs?: number | null },
  ) {
    super(message, options);
    this.name = 'ModelError';
    this.status = options?.status ?? null;
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }

  /** The provider's HTTP status, for `provider_error`. */
  readonly status: number | null;
  /** A rate-limited (429) or unavailable (503) provider's `Retry-After`, in milliseconds. */
  readonly retryAfterMs: number | null;

  /** Whether trying again may help: not for a request the provider refused as such (a 4xx but 408 and 429). */
  get retriable(): boolean {
    return this.status === null || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

/** At most this many texts go in one embeddings request (OpenAI accepts 2,048; local servers tire sooner). */
export const EMBED_BATCH = 64;

/**
 * The most a model server's reply may weigh, read as it arrives: a tenant names the server, so its
 * reply is outside data. A chat reply of a few thousand tokens is tens of kilobytes, a streamed one
 * a few hundred (each piece is an event of its own); an embeddings batch of EMBED_BATCH vectors of
 * MAX_DIMENSIONS numbers is under 12 MB as JSON. Past the limit the connection is closed.
 */
export const REPLY_LIMITS = { chatBytes: 4 * 1024 * 1024, embedBytes: 16 * 1024 * 1024 } as const;

/** The widest vector taken (the widest common embedding models have 3,072 or 4,096 dimensions). */
export const MAX_DIMENSIONS = 8192;

export class ModelClient {
  private readonly http: Got;

  private readonly allowedHosts: readonly string[];

  /** `allowedHosts`: when not empty, the only hosts this client calls (see hostAllowed). */
  constructor(options: { agents: GuardedAgents; timeoutMs: number; allowedHosts?: readonly string[] }) {
    this.allowedHosts = options.allowedHosts ?? [];
    this.http = got.extend({ agent: options.agents, timeout: { request: options.timeoutMs }, retry: { limit: 0 }, followRedirect: false });
  }

  /**
   * The reply's text and usage. With `onDelta`, the provider streams and each piece is passed on as
   * it comes. An OpenAI-compatible server that refuses `stream_options` (400, before any piece) is
   * asked once more without it: the reply then has no usage.
   */
  async chat(endpoint: ModelEndpoint, request: ChatRequest, onDelta?: (text: string) => void): Promise<ChatResult> {
    try {
      return await this.chatOnce(endpoint, request, onDelta, true);
    } catch (error) {
      const refusedOptions = onDelta && endpoint.type === 'openai' && error instanceof ModelError && error.status === 400;
      if (!refusedOptions) throw error;
      return this.chatOnce(endpoint, request, onDelta, false);
    }
  }

  private async chatOnce(endpoint: ModelEndpoint, request: ChatRequest, onDelta: ((text: string) => void) | undefined, askUsage: boolean): Promise<ChatResult> {
    this.assertHostAllowed(endpoint);
    const options = { json: chatBody(endpoint, request, Boolean(onDelta), askUsage), headers: authorization(endpoint) };
    const url = urlOf(endpoint, endpoint.type === 'ollama' ? '/api/chat' : '/chat/completions');
    try {
      if (!onDelta) {
        const body = await this.postCapped(url, options, REPLY_LIMITS.chatBytes);
        return { text: nonEmpty(replyOf(endpoint, body)), usage: usageOf(endpoint, body) };
      }
      let text = '';
      let usage: TokenUsage | null = null;
      const read = (body: unknown) => {
        emit(deltaOf(endpoint, body));
        usage = usageOf(endpoint, body) ?? usage;
      };
      const emit = (piece: string | undefined) => {
        if (!piece) return;
        text += piece;
        onDelta(piece);
      };
      const stream = capped(this.http.stream.post(url, options), REPLY_LIMITS.chatBytes);
      // One decoder for the whole reply: a character split between two chunks stays whole.
      const decoder = new TextDecoder();
      if (endpoint.type === 'openai') {
        const parser = createParser({
          onEvent(event) {
            if (event.data === '[DONE]') return;
            read(JSON.parse(event.data));
          },
        });
        for await (const chunk of stream) parser.feed(decoder.decode(chunk, { stream: true }));
      } else {
        // Ollama streams one JSON object a line. Only the new chunk is searched for line ends, so a
        // long line arriving in many chunks costs its length once.
        let pending = '';
        for await (const chunk of stream) {
          const pieces = decoder.decode(chunk, { stream: true }).split('\n');
          if (pieces.length === 1) {
            pending += pieces[0];
            continue;
          }
          const lines = [pending + pieces[0], ...pieces.slice(1, -1)];
          pending = pieces[pieces.length - 1]!;
          for (const line of lines) if (line.trim()) read(JSON.parse(line));
        }
        pending += decoder.decode();
        if (pending.trim()) read(JSON.parse(pending));
      }
      return { text: nonEmpty(text), usage };
    } catch (error) {
      throw asModelError(error);
    }
  }

  /** One vector per text, in order; texts are sent in batches of EMBED_BATCH. `timeoutMs`: shorter than the client's. */
  async embed(endpoint: ModelEndpoint, model: string, texts: readonly string[], options: { timeoutMs?: number } = {}): Promise<number[][]> {
    this.assertHostAllowed(endpoint);
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += EMBED_BATCH) {
      const input = texts.slice(start, start + EMBED_BATCH);
      const url = urlOf(endpoint, endpoint.type === 'ollama' ? '/api/embed' : '/embeddings');
      try {
        const body = await this.postCapped(
          url,
          { json: { model, input }, headers: authorization(endpoint), ...(options.timeoutMs ? { timeout: { request: options.timeoutMs } } : {}) },
          REPLY_LIMITS.embedBytes,
        );
        vectors.push(...vectorsOf(endpoint, body, input.length));
      } catch (error) {
        throw asModelError(error);
      }
    }
    return vectors;
  }

  /** A POST's JSON reply, read only up to `limit` bytes (got's JSON parsing has no limit of its own). */
  private async postCapped(url: string, options: { json: unknown; headers: Record<string, string>; timeout?: { request: number } }, limit: number): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of capped(this.http.stream.post(url, options), limit)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }

  /** The operator may narrow the hosts after a provider was saved: it is refused from then on. */
  private assertHostAllowed(endpoint: ModelEndpoint): void {
    if (!hostAllowed(endpoint.base_url, this.allowedHosts)) {
      throw new ModelError('provider_unavailable', 'The provider was not contacted: its host is not one this server allows (model_providers.allowed_hosts)');
    }
  }
}

/** The stream's chunks until it has passed `limit` bytes; then it is destroyed and a ModelError thrown. */
async function* capped(stream: AsyncIterable<Buffer> & { destroy(): void }, limit: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of stream) {
    received += chunk.length;
    if (received > limit) {
      stream.destroy();
      throw new ModelError('provider_bad_response', `The provider’s reply is larger than ${Math.round(limit / (1024 * 1024))} MB`);
    }
    yield chunk;
  }
}

/**
 * Whether `allowedHosts` admits the URL's host: an empty list admits every host (the address rules
 * still apply); `example.com` admits that host, `*.example.com` its subdomains.
 */
export function hostAllowed(url: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return allowedHosts.some((pattern) => {
    const rule = pattern.toLowerCase().replace(/\.$/, '');
    return rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule;
  });
}

function authorization(endpoint: ModelEndpoint): Record<string, string> {
  return endpoint.api_key ? { authorization: `Bearer ${endpoint.api_key}` } : {};
}

/**
 * OpenAI-compatible paths live under `/v1` (added unless the base URL's path ends with it); Ollama's
 * under the root. The base URL's query is kept (Azure-style gateways take `api-version` there).
 */
function urlOf(endpoint: ModelEndpoint, path: string): string {
  const url = new URL(endpoint.base_url);
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = endpoint.type === 'ollama' || base.endsWith('/v1') ? `${base}${path}` : `${base}/v1${path}`;
  url.hash = '';
  return url.toString();
}

function chatBody(endpoint: ModelEndpoint, request: ChatRequest, stream: boolean, askUsage: boolean) {
  const { model, messages, temperature, maxTokens } = request;
  if (endpoint.type === 'ollama') return { model, messages, stream, options: { temperature, num_predict: maxTokens } };
  // include_usage: the last event of a stream carries the usage (OpenAI; servers that follow it).
  return { model, messages, stream, temperature, max_tokens: maxTokens, ...(stream && askUsage ? { stream_options: { include_usage: true } } : {}) };
}

function replyOf(endpoint: ModelEndpoint, body: unknown): string {
  const reply =
    endpoint.type === 'ollama'
      ? (body as { message?: { content?: unknown } })?.message?.content
      : (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof reply !== 'string') throw new ModelError('provider_bad_response', 'The provider’s reply has no message content');
  return reply;
}

/** The usage a reply (or a stream's last event) reports: OpenAI's `usage`, Ollama's eval counts. */
function usageOf(endpoint: ModelEndpoint, body: unknown): TokenUsage | null {
  const counts =
    endpoint.type === 'ollama'
      ? { input: (body as { prompt_eval_count?: unknown })?.prompt_eval_count, output: (body as { eval_count?: unknown })?.eval_count }
      : { input: (body as { usage?: { prompt_tokens?: unknown } })?.usage?.prompt_tokens, output: (body as { usage?: { completion_tokens?: unknown } })?.usage?.completion_tokens };
  const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
  const input = count(counts.input);
  const output = count(counts.output);
  return input === null && output === null ? null : { input: input ?? 0, output: output ?? 0 };
}

function deltaOf(endpoint: ModelEndpoint, body: unknown): string | undefined {
  const piece =
    endpoint.type === 'ollama'
      ? (body as { message?: { content?: unknown } })?.message?.content
      : (body as { choices?: Array<{ delta?: { content?: unknown } }> })?.choices?.[0]?.delta?.content;
  return typeof piece === 'string' ? piece : undefined;
}

/** The vectors of an embeddings reply, checked: one per input, all numbers, all of one length. */
function vectorsOf(endpoint: ModelEndpoint, body: unknown, expected: number): number[][] {
  let vectors: unknown;
  if (endpoint.type === 'ollama') vectors = (body as { embeddings?: unknown })?.embeddings;
  else {
    const data = (body as { data?: Array<{ embedding?: unknown; index?: unknown }> })?.data;
    // OpenAI states each item's index; a server that leaves it out is read in order.
    vectors = Array.isArray(data) ? [...data].sort((a, b) => Number(a?.index ?? 0) - Number(b?.index ?? 0)).map((item) => item?.embedding) : undefined;
  }
  const valid =
    Array.isArray(vectors) &&
    vectors.length === expected &&
    vectors.every(
      (vector) => Array.isArray(vector) && vector.length > 0 && vector.length <= MAX_DIMENSIONS && vector.length === (vectors as unknown[][])[0]!.length && vector.every(Number.isFinite),
    );
  if (!valid) throw new ModelError('provider_bad_response', `The provider’s embeddings reply does not hold ${expected} vectors of one length (at most ${MAX_DIMENSIONS} numbers)`);
  return vectors as number[][];
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds (never negative); null when absent or unreadable. */
function retryAfterOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function nonEmpty(text: string): string {
  if (!text.trim()) throw new ModelError('provider_bad_response', 'The provider answered with an empty reply');
  return text.trim();
}

function asModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  const refusal = addressRefusal(error);
  // Tenants read this message (chatbot.error, the test route): it names the rule, not the address.
  if (refusal?.reason === 'egress') return new ModelError('provider_unavailable', 'The provider was not contacted: its address is outside the egress allowlist', { cause: error });
  if (refusal) return new ModelError('provider_unavailable', 'The provider was not contacted: its address is not allowed', { cause: error });
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  if (name === 'TimeoutError' || code === 'ETIMEDOUT') return new ModelError('provider_timeout', 'The provider did not answer in time', { cause: error });
  if (name === 'HTTPError') {
    const response = (error as { response?: { statusCode?: number; headers?: Record<string, string | string[] | undefined> } }).response;
    const status = response?.statusCode;
    const retryAfterMs = retryAfterOf(response?.headers?.['retry-after']);
    const wait = retryAfterMs === null ? '' : `; it asks to wait ${Math.ceil(retryAfterMs / 1000)} s`;
    const what = status === 429 ? 'is rate limiting (HTTP 429)' : `answered HTTP ${status}`;
    return new ModelError('provider_error', `The provider ${what}${wait}`, { cause: error, status, retryAfterMs });
  }
  if (error instanceof SyntaxError || name === 'ParseError') return new ModelError('provider_bad_response', 'The provider’s reply is not valid JSON', { cause: error });
  return new ModelError('provider_unavailable', `The provider could not be reached (${code ?? message ?? 'unknown error'})`, { cause: error });
}
