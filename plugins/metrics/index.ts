// GET /metrics: this process's measurements in the Prometheus text format (core/metrics). Not
// behind API keys (it is no tenant's data, and must not count against a plan's rate limit): open
// to loopback callers, and to others with `metrics.token` (./access.ts). With `metrics.enabled`
// off the route does not exist and nothing is measured.
import { PLUGIN_API_VERSION, type BuiltInPlugin } from '../../core/index.js';
import { metricsAccessCheck } from './access.js';
import { registerQueueDepths } from './queues.js';
import { measureRequests } from './requests.js';

export const metricsPlugin: BuiltInPlugin = {
  name: 'metrics',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const { platform, server } = api.privileged;
    const registry = platform.metrics.registry;
    if (!platform.config.metrics.enabled || !registry) return;

    measureRequests(server, registry);
    registerQueueDepths(registry, platform.metrics.claimQueues, () => api.now(), api.logger);
    const checkAccess = metricsAccessCheck(platform.config);

    server.route({
      method: 'GET',
      path: '/metrics',
      options: {
        auth: false,
        description: 'Prometheus metrics of this instance',
        notes: [
          'The Prometheus text format (text/plain; version=0.0.4): request durations by route, store operations, ',
          'webhook deliveries, queue depths, cache lookups and the process (event-loop lag, memory, CPU). ',
          'Open to loopback callers; others send `Authorization: Bearer <metrics.token>`: ',
          '401 `missing_credentials` without it, 401 `invalid_token` for a wrong one, ',
          '403 `ip_not_allowed` when no token is configured.',
        ].join(''),
        tags: ['api', 'operations'],
        plugins: { platform: { errors: { 401: ['missing_credentials', 'invalid_token'], 403: ['ip_not_allowed'] } } },
        response: { status: { 200: true } },
        handler: async (request, h) => {
          checkAccess(request);
          const text = await registry.metrics();
          return h.response(text).type(registry.contentType).header('Cache-Control', 'no-store');
        },
      },
    });
  },
};
