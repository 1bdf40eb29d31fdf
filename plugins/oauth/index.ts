// OAuth 2.0 (docs/ARCHITECTURE.md A3, A6): the account's clients, and the client credentials grant with
// revocation, introspection and metadata. Tokens are checked by core's `api-key` strategy, which
// takes both credentials, and scopes by core/access.ts.
import type { Plugin } from '@hapi/hapi';
import { sweepExpired } from '../../core/index.js';
import { clientRoutes } from './client-routes.js';
import { declareOAuthClients } from './collections.js';
import { tokenRoutes } from './token-routes.js';

export const oauthPlugin: Plugin<void> = {
  name: 'oauth',
  version: '1.0.0',
  register(server) {
    const platform = server.platform;
    const clients = declareOAuthClients(platform.store);
    // Expired tokens are swept by the maintenance tick.
    platform.maintenance.set('oauth_tokens', (now) => sweepExpired(platform.oauthTokens, 'expires_at', now));
    server.route([...clientRoutes(platform, clients), ...tokenRoutes(platform, clients)]);
  },
};
