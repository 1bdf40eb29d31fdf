// Liveness and readiness for load balancers and orchestrators. No authentication.
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { apiError } from '../../core/errors.js';

export const healthPlugin: Plugin<void> = {
  name: 'health',
  version: '1.0.0',
  register(server) {
    server.route([
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
          description: 'Readiness: the store answers',
          notes: '503 `unavailable` while the store cannot be reached.',
          tags: ['api', 'operations'],
          response: {
            schema: Joi.object({ status: Joi.string().valid('ready').required(), store: Joi.string().required() }),
          },
          handler: async () => {
            try {
              await server.platform.store.ping();
            } catch {
              throw apiError(503, 'unavailable', 'The store is not reachable');
            }
            return { status: 'ready', store: server.platform.store.engine };
          },
        },
      },
    ]);
  },
};
