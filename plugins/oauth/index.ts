// OAuth 2.0 (docs/ARCHITECTURE.md A3, A6): the account's clients, and the client credentials grant with
// revocation, introspection and metadata. Tokens are checked by core's `api-key` strategy, which
// takes both credentials, and scopes by core/access.ts.
import { PLUGIN_API_VERSION, sweepExpired, type BuiltInPlugin } from '../../core/index.js';
import { clientRoutes } from './client-routes.js';
import { declareOAuthClients } from './collections.js';
import { tokenRoutes } from './token-routes.js';

export const oauthPlugin: BuiltInPlugin = {
  name: 'oauth',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const clients = declareOAuthClients(api);
    // Expired tokens are swept by the maintenance tick.
    api.maintenance('oauth_tokens', (now) => sweepExpired(api.privileged.platform.oauthTokens, 'expires_at', now));
    api.route(clientRoutes(api, clients));
    // The OAuth endpoints are outside /api/v1 and authenticate the client themselves.
    api.privileged.server.route(tokenRoutes(api, clients));
  },
};
