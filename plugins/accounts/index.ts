// Accounts and keys: the caller's account, usage, IP allowlist and API keys, plus the operator API.
import type { Plugin } from '@hapi/hapi';
import { apiKeysOnly, withScopes } from '../../core/index.js';
import { accountRoutes } from './account-routes.js';
import { adminRoutes } from './admin-routes.js';
import { keyRoutes } from './key-routes.js';

export const accountsPlugin: Plugin<void> = {
  name: 'accounts',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    server.route(withScopes([...accountRoutes(platform), ...keyRoutes(platform)], apiKeysOnly));
    if (platform.config.admin.token) server.route(adminRoutes(platform));
  },
};
