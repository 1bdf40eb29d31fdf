// Members' presence and availability (issue 28): who of the team can answer a handoff now.
import type { Plugin } from '@hapi/hapi';
import type { MemberAvailability } from '../../core/services/presence.js';
import { presenceRoutes } from './routes.js';
import { declarePresence } from './store.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    presence: { availability: MemberAvailability };
  }
}

export const presencePlugin: Plugin<void> = {
  name: 'presence',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    const presence = declarePresence(platform.store);
    const availability: MemberAvailability = {
      async anyoneAvailable(accountId) {
        const now = platform.now().toISOString();
        return (await presence.global().count({ account: accountId, status: 'available', expires_at: { gt: now } })) > 0;
      },
    };
    server.expose('availability', availability);
    server.route(presenceRoutes(platform, presence));
  },
};
