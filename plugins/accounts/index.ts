// Accounts and keys: the caller's account, usage, IP allowlist and API keys, plus the operator API.
import { apiKeysOnly, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { accountRoutes } from './account-routes.js';
import { adminRoutes } from './admin-routes.js';
import { keyRoutes } from './key-routes.js';

export const accountsPlugin: BuiltInPlugin = {
  name: 'accounts',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    api.route(withScopes([...accountRoutes(api), ...keyRoutes(api)], apiKeysOnly));
    // The operator API has its own credential (ADMIN_TOKEN), so it is not a plugin route.
    if (api.privileged.platform.config.admin.token) api.privileged.server.route(adminRoutes(api));
  },
};
