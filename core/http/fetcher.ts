// Outbound HTTP of tenant-chosen URLs (knowledge-base fetching, webhook deliveries), never inside
// a request, behind guarded agents on both http and https. The agents check the address at
// connect time, so a hostname that resolves to a private address, a redirect to one, or DNS
// rebinding are all refused unless the area's allowlist has the range; and when the egress list is
// set, nothing outside it is ever connected to.
// Fetching (crawls: redirects, decompression, size limits) goes through got. Posting (webhook
// deliveries: thousands a second, no redirect ever followed, only the start of the answer kept) is
// one node:http request on the same agents: got's per-request set-up (options merged and
// normalised, hooks, a stream wrapper and its events) cost more CPU than the rest of a delivery.
import http from 'node:http';
import https from 'node:https';
import got, { type Got } from 'got';
import type { Config } from '../../config/index.js';
import { addressRefusal, guardedAgents, type GuardedAgents } from './guarded-agents.js';

export interface FetchedResource {
  /** The URL after redirects. */
  url: string;
  /** The media type, lower case, without parameters. */
  contentType: string;
  body: Buffer;
}

/** A fetch that failed for a reason worth showing the user as the item's error. */
export class FetchError extends Error {}

export const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown', 'application/pdf'];

/** What an endpoint answered to a POST (any status: the caller decides what counts as success). */
export interface PostResult {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The start of the response body, as text. */
  excerpt: string;
}

export interface FetcherOptions {
  /** The non-public ranges this area may reach: fetch.allowed_cidrs or webhooks.allowed_cidrs. */
  allowedCidrs: readonly string[];
  /** egress.allowed_cidrs: when not empty, nothing outside it is connected to. */
  egressCidrs: readonly string[];
  limits: Pick<Config['fetch'], 'timeout_ms' | 'max_bytes' | 'max_redirects' | 'user_agent'>;
  /**
   * Connections open to one origin at most (webhooks: the per-endpoint cap); more requests to it
   * wait for a free one, their timeout running. Unbounded when not given.
   */
  maxSocketsPerOrigin?: number;
}

export class Fetcher {
  private readonly client: Got;
  private readonly agents: GuardedAgents;
  private readonly settings: FetcherOptions['limits'];

  constructor(options: FetcherOptions) {
    const settings = (this.settings = options.limits);
    const agents = (this.agents = guardedAgents(
      { allowedCidrs: options.allowedCidrs, egressCidrs: options.egressCidrs, refuseNonPublic: true },
      { keepAlive: true, ...(options.maxSocketsPerOrigin ? { maxSockets: options.maxSocketsPerOrigin } : {}) },
    ));
    this.client = got.extend({
      agent: agents,
      timeout: { request: settings.timeout_ms },
      retry: { limit: 0 },
      followRedirect: true,
      maxRedirects: settings.max_redirects,
      throwHttpErrors: false,
      headers: { 'user-agent': settings.user_agent, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' },
    });
  }

  /**
   * POSTs exactly `body` and reads at most `excerptBytes` of the answer; a redirect is an answer,
   * never followed. Throws FetchError when there is no answer (refused address, timeout, connection
   * error): the timeout covers waiting for a connection, the answer and its body.
   */
  post(
    url: string,
    options: { body: string; headers: Record<string, string>; timeoutMs: number; excerptBytes: number; signal?: AbortSignal },
  ): Promise<PostResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(new FetchError(`${url} could not be fetched: not a URL`));
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return Promise.reject(new FetchError(`${url} could not be fetched: only http and https are`));
    // The endpoint's answer is only logged: a large one is cut off, not waited for.
    const readLimit = Math.max(options.excerptBytes * 64, 65_536);
    return new Promise<PostResult>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (result: PostResult | null, error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (result) resolve(result);
        else reject(new FetchError(describeFailure(url, error, { ...this.settings, timeout_ms: options.timeoutMs })));
      };
      let request: http.ClientRequest;
      try {
        request = (secure ? https : http).request(target, {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          // Node adds the content-length of a body given whole to end().
          headers: { 'user-agent': this.settings.user_agent, ...options.headers },
          signal: options.signal,
        });
      } catch (error) {
        settle(null, error); // Node refuses a header value outright (a control character): a FetchError like any other
        return;
      }
      timer = setTimeout(() => {
        settle(null, Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
        request.destroy();
      }, options.timeoutMs);
      request.on('error', (error) => settle(null, error));
      // A 101 to a request that asked for no upgrade gets neither a response nor an error from
      // Node: without this it would wait out the timeout.
      request.on('upgrade', (_response, socket) => {
        socket.destroy();
        settle(null, new Error('the endpoint switched protocols'));
      });
      request.on('response', (response: http.IncomingMessage) => {
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        const answer = (excerpt: string) => settle({ statusCode: response.statusCode!, headers: response.headers, excerpt });
        response.on('data', (chunk: Buffer) => {
          readBytes += chunk.length;
          if (readBytes > readLimit) {
            answer(`(an answer longer than ${readLimit} bytes, not read)`);
            request.destroy();
          } else if (keptBytes < options.excerptBytes) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
        });
        response.on('end', () => answer(kept.length === 0 ? '' : Buffer.concat(kept).subarray(0, options.excerptBytes).toString('utf8')));
        response.on('error', (error) => settle(null, error));
        // Closed before its end (the endpoint hung up mid-answer): no answer. After 'end', nothing.
        response.on('close', () => settle(null, Object.assign(new Error('the connection closed before the answer ended'), { code: 'ECONNRESET' })));
      });
      request.end(options.body);
    });
  }

  /** `signal` aborts the request (a crawl stopped by shutdown); the caller sees a FetchError. */
  async fetch(url: string, acceptedTypes: string[] = PAGE_TYPES, options: { signal?: AbortSignal } = {}): Promise<FetchedResource> {
    const request = this.client(url, { responseType: 'buffer', signal: options.signal });
    request.on('downloadProgress', (progress) => {
      if (progress.transferred > this.settings.max_bytes) request.cancel();
    });
    let response;
    try {
      response = await request;
    } catch (error) {
      throw new FetchError(describeFailure(url, error, this.settings));
    }
    if (response.statusCode >= 400) throw new FetchError(`${url} answered ${response.statusCode}`);
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!acceptedTypes.includes(contentType)) {
      throw new FetchError(`${url} is ${contentType || 'of no content type'}, not one of ${acceptedTypes.join(', ')}`);
    }
    return { url: response.url, contentType, body: response.rawBody };
  }
}

function describeFailure(url: string, error: unknown, settings: FetcherOptions['limits']): string {
  const message = (error as Error).message ?? String(error);
  const code = (error as { code?: string }).code;
  const refusal = addressRefusal(error);
  if (refusal?.reason === 'egress') return `Refused to fetch ${url}: its address is outside the egress allowlist`;
  if (refusal) return `Refused to fetch ${url}: its address is private, loopback, link-local or reserved`;
  if (code === 'ERR_ABORTED' || code === 'ABORT_ERR') return `${url}: the fetch was aborted`;
  if (code === 'ETIMEDOUT') return `${url} did not answer within ${settings.timeout_ms} ms`;
  if (code === 'ERR_CANCELED' || /cancel/i.test(message)) return `${url} is larger than ${settings.max_bytes} bytes`;
  if (code === 'ERR_TOO_MANY_REDIRECTS') return `${url} redirects more than ${settings.max_redirects} times`;
  if (code === 'ENOTFOUND') return `${url}: the host name does not resolve`;
  if (code === 'ECONNREFUSED') return `${url}: the connection was refused`;
  return `${url} could not be fetched: ${message}`;
}
