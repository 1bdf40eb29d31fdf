// Members and dashboard sign-in (docs/ARCHITECTURE.md A6): the account's people, their invitations, and the
// session routes under /dashboard. The session cookie itself is a core credential
// (core/auth/session-strategy.ts), checked by the same access rules as keys.
import { apiKeysOnly, PLUGIN_API_VERSION, sweepExpired, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { assertLiveOrSession, memberRoutes } from './member-routes.js';
import { OwnerLock } from './owner-lock.js';
import { sessionRoutes } from './session-routes.js';

export const membersPlugin: BuiltInPlugin = {
  name: 'members',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const { platform, server } = api.privileged;
    // OAuth tokens do not manage people: members are for keys and the dashboard.
    api.route(withScopes(memberRoutes(api, new OwnerLock(api.privileged, () => api.now())), apiKeysOnly));
    // Every members route, and only those of this plugin (the session routes are /dashboard/…).
    server.ext(
      'onPreHandler',
      (request, h) => {
        if (request.path.startsWith('/api/v1/members')) assertLiveOrSession(request);
        return h.continue;
      },
      { sandbox: 'plugin' },
    );
    // The session routes are under /dashboard and take the session cookie (or none, to sign in).
    server.route(sessionRoutes(api));
    api.maintenance('dashboard_sessions', (now) => sweepExpired(platform.dashboardSessions, 'expires_at', now));
  },
};
