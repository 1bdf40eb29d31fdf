// Liveness and readiness for load balancers and orchestrators. No authentication.
import Joi from 'joi';
import { apiError, PLUGIN_API_VERSION, type BuiltInPlugin } from '../../core/index.js';

const loopHealth = Joi.object({
  name: Joi.string().required(),
  failing: Joi.boolean().required(),
  last_failure_at: Joi.string().isoDate().allow(null).required(),
}).label('BackgroundLoopHealth');

const readiness = Joi.object({
  status: Joi.string().valid('ready').required(),
  store: Joi.string().required(),
  roles: Joi.object({
    api: Joi.string().valid('ready'),
    worker: Joi.string().valid('ready', 'degraded'),
  }).required(),
  loops: Joi.array().items(loopHealth).required(),
}).label('Readiness');

export const healthPlugin: BuiltInPlugin = {
  name: 'health',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const platform = api.privileged.platform;
    api.privileged.server.route([
      {
        method: 'GET',
        path: '/health',
        options: {
          auth: false,
          description: 'Liveness: the process is up',
          tags: ['api', 'operations'],
          response: { schema: Joi.object({ status: Joi.string().valid('ok').required() }) },
          handler: () => ({ status: 'ok' }),
        },
      },
      {
        method: 'GET',
        path: '/ready',
        options: {
          auth: false,
          description: 'Readiness: the store answers, and each role of this instance',
          notes:
            '503 `unavailable` while the store cannot be reached. `roles` has the roles this instance runs (`ROLES`): ' +
            '`api` is ready once the store answers; `worker` is `degraded` while a background loop’s last round failed ' +
            '(`loops` says which and when; the next round that succeeds clears it). `loops` lists the loops this instance runs: on an API-only instance, the webhook fan-out only.',
          tags: ['api', 'operations'],
          response: { schema: readiness },
          handler: async () => {
            try {
              await platform.store.ping();
            } catch {
              throw apiError(503, 'unavailable', 'The store is not reachable');
            }
            const roles: { api?: 'ready'; worker?: 'ready' | 'degraded' } = {};
            if (platform.config.server.roles.includes('api')) roles.api = 'ready';
            const loops = [...platform.loops.registry]
              .map((loop) => loop.health)
              .filter((health) => health.enabled)
              .map(({ name, failing, last_failure_at }) => ({ name, failing, last_failure_at }));
            if (platform.loops.enabled) roles.worker = loops.some((loop) => loop.failing) ? 'degraded' : 'ready';
            return { status: 'ready', store: platform.store.engine, roles, loops };
          },
        },
      },
    ]);
  },
};
