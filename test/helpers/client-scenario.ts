// The server a client library's own test suite runs against, in another process (pytest, a node
// test runner): a real server listening on 127.0.0.1, on the store of TEST_STORE, with what the
// client scenario needs. The scenario learns where and with which keys from env(), so the harness
// knows nothing of the client's language.
import type { Lifecycle, Request, ResponseToolkit } from '@hapi/hapi';
import type { Test } from 'tap';
import { buildTestServer, TestClock } from './server.js';

export interface ClientScenario {
  baseUrl: string;
  /** A live key of an enterprise account: no request limit, webhooks, OAuth clients, leads. */
  apiKey: string;
  /** A live key of an account allowed 2 requests a minute; a client that honours Retry-After gets through. */
  rateLimitedKey: string;
  /** What the client's tests read: CHATBOT_PLATFORM_BASE_URL, _API_KEY and _RATE_LIMITED_KEY. */
  env(): Record<string, string>;
}

const MINUTE = 60_000;

/** The clock's minute windows: the start of the window holding `ms`. */
const windowStart = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

export async function startClientScenario(t: Test): Promise<ClientScenario> {
  // The rate limit counts per UTC minute of the server's clock. The clock stands still one second
  // before the end of a minute, so a 429 says `Retry-After: 1`; it starts near the real time
  // (webhook receivers refuse a signature timestamp minutes off theirs).
  const clock = new TestClock(new Date(windowStart(Date.now()) - 1000));
  const api = await buildTestServer(t, {
    clock,
    config: {
      server: { host: '127.0.0.1', port: 0 },
      // The limited account is on `professional` (25 chatbots, full access) cut to 2 requests a
      // minute; the scenario's own account is on `enterprise`, unlimited.
      plans: { professional: { requests: { minute: 2 } } },
      // The client's tests receive webhooks on loopback.
      webhooks: { allowed_cidrs: ['127.0.0.1/32'] },
    },
  });
  // A client told to wait one second (Retry-After) finds its limit renewed: the real second it
  // waits does not move this clock, so on answering a 429 the harness moves it to the last second
  // of the next window, as if that second had passed. The retry then counts in a fresh window
  // (and a later 429 says `Retry-After: 1` again).
  api.server.ext('onPreResponse', (request: Request, h: ResponseToolkit): Lifecycle.ReturnValue => {
    const response = request.response as { isBoom?: boolean; statusCode?: number; output?: { statusCode: number } };
    const status = response.isBoom ? response.output?.statusCode : response.statusCode;
    if (status === 429) clock.set(new Date(windowStart(clock.now().getTime()) + 2 * MINUTE - 1000).toISOString());
    return h.continue;
  });

  const owner = await api.account('enterprise', 'Client scenario');
  const limited = await api.account('professional', 'Rate limited');

  // The server processes knowledge and sends webhooks by itself once started (each change nudges
  // its worker); draining both often as well means a client waiting in another process never
  // depends on a nudge alone.
  let draining = false;
  const drain = setInterval(() => {
    if (draining) return;
    draining = true;
    Promise.all([api.server.plugins.knowledge.worker.drain(), api.server.plugins.webhooks.dispatcher.drain()])
      .catch(() => undefined) // the next tick tries again; a real failure shows in the client's tests
      .finally(() => (draining = false));
  }, 200);
  api.server.ext('onPreStop', () => clearInterval(drain));
  t.teardown(() => clearInterval(drain));

  await api.server.start();
  const baseUrl = api.server.info.uri.replace('localhost', '127.0.0.1');
  return {
    baseUrl,
    apiKey: owner.live,
    rateLimitedKey: limited.live,
    env: () => ({
      CHATBOT_PLATFORM_BASE_URL: baseUrl,
      CHATBOT_PLATFORM_API_KEY: owner.live,
      CHATBOT_PLATFORM_RATE_LIMITED_KEY: limited.live,
    }),
  };
}
