// Members and dashboard sign-in (docs/ARCHITECTURE.md A6): the account's people, their invitations, and the
// session routes under /dashboard. The session cookie itself is a core credential
// (core/auth/session-strategy.ts), checked by the same access rules as keys.
import type { Plugin } from '@hapi/hapi';
import { apiKeysOnly, sweepExpired, withScopes } from '../../core/index.js';
import { assertLiveOrSession, memberRoutes } from './member-routes.js';
import { OwnerLock } from './owner-lock.js';
import { sessionRoutes } from './session-routes.js';

export const membersPlugin: Plugin<void> = {
  name: 'members',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    // OAuth tokens do not manage people: members are for keys and the dashboard.
    server.route(withScopes(memberRoutes(platform, new OwnerLock(platform.store, platform.now)), apiKeysOnly));
    // Every members route, and only those of this plugin (the session routes are /dashboard/…).
    server.ext(
      'onPreHandler',
      (request, h) => {
        if (request.path.startsWith('/api/v1/members')) assertLiveOrSession(request);
        return h.continue;
      },
      { sandbox: 'plugin' },
    );
    server.route(sessionRoutes(platform));
    platform.maintenance.set('dashboard_sessions', (now) => sweepExpired(platform.dashboardSessions, 'expires_at', now));
  },
};
