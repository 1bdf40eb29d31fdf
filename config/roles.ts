// What an instance runs (ROLES=api,worker, both by default). Operators scale the two apart on one
// store: API instances answer requests and leave the background loops (knowledge processing,
// webhook deliveries, roll-ups, inactivity, event reactions, maintenance) to worker instances,
// which answer only /health, /ready and /metrics. Work is claimed from the store either way, so
// any number of each can run.
export const SERVER_ROLES = ['api', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];
