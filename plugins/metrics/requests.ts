// Request durations by route template, method and status. The label is hapi's route path, never
// the request's own path, so ids do not make a series each; whatever no route matches is counted
// under the fallback route's template.
import { performance } from 'node:perf_hooks';
import type { Request, Server } from '@hapi/hapi';
import { Histogram, type Registry } from 'prom-client';
import { METRIC_PREFIX } from '../../core/index.js';

export const FALLBACK_ROUTE = '/{any*}';
/** hapi's own not-found and bad-request routes (a request it could not route at all). */
const HAPI_SPECIAL_ROUTE = '/{p*}';

/** 1 ms (a cached read) to 10 s (a slow language model answering a chat turn). */
const HTTP_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    /** performance.now() when the request arrived (plugins/metrics). */
    metricsStartedAt?: number;
  }
}

export function measureRequests(server: Server, registry: Registry): void {
  const durations = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests served by this process, by route template, method and status code (streams: until their end)',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: HTTP_BUCKETS_SECONDS,
    registers: [registry],
  });
  // One child per (route, method, status), made on first use and kept: a request then costs a Map
  // lookup, not the label strings, the label object and prom-client's label check to build it.
  // The key set is bounded by the route table times the methods and statuses sent.
  const series = new Map<string, Histogram.Internal<'route' | 'method' | 'status_code'>>();
  const seriesOf = (route: string, method: string, status: number): Histogram.Internal<'route' | 'method' | 'status_code'> => {
    const key = `${status} ${method} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = durations.labels({ route, method: method.toUpperCase(), status_code: String(status) });
      series.set(key, child);
    }
    return child;
  };
  server.ext('onRequest', (request, h) => {
    request.app.metricsStartedAt = performance.now();
    return h.continue;
  });
  // After the response went out (or the client left: hapi's 499), once per request.
  server.events.on('response', (request: Request) => {
    const started = request.app.metricsStartedAt;
    if (started === undefined) return;
    const path = request.route?.path;
    const route = !path || path === HAPI_SPECIAL_ROUTE ? FALLBACK_ROUTE : path;
    const status = (request.response as { statusCode?: number } | null)?.statusCode ?? request.raw.res.statusCode;
    seriesOf(route, request.method, status).observe((performance.now() - started) / 1000);
  });
}
