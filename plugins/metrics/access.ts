// Who may read GET /metrics: with a metrics token configured, whoever sends it (loopback callers
// too: behind a reverse proxy on the same host that TRUST_PROXY does not name, every caller looks
// like loopback); without one, loopback callers only (a Prometheus or agent on the same host). The
// caller's address is the one IP allowlists use (core/client-address.ts): the socket's peer, or
// with `server.trust_proxy` set, the client behind the trusted proxies.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from '@hapi/hapi';
import { addressListOf, apiError, ClientAddressResolver, listHas, unauthorized, type Config } from '../../core/index.js';

const LOOPBACK = addressListOf(['127.0.0.0/8', '::1']);
const BEARER = /^Bearer +(\S+) *$/i;

/** Returns a check that throws the API's 401 or 403 for a caller who may not read the metrics. */
export function metricsAccessCheck(config: Config): (request: Request) => void {
  const addresses = new ClientAddressResolver(config.server.trust_proxy);
  const token = config.metrics.token;
  return (request) => {
    if (!token) {
      const client = addresses.resolve(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | undefined);
      if (client && listHas(LOOPBACK, client)) return;
      throw apiError(403, 'ip_not_allowed', 'Metrics are served to loopback callers only; set metrics.token (METRICS_TOKEN) to scrape from elsewhere');
    }
    const given = BEARER.exec((request.headers.authorization as string | undefined) ?? '')?.[1];
    if (!given) throw unauthorized('missing_credentials', 'Send the metrics token as "Authorization: Bearer <token>"');
    if (!sameSecret(given, token)) throw unauthorized('invalid_token', 'The metrics token is not valid');
  };
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
