import { segment, type RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource } from './resource.js';

/** The account, its usage, its API keys and its OAuth clients (account keys only). */
export class Account extends Resource {
  get(options?: RequestOptions) {
    return this.call('getAccount', { method: 'GET', path: '/api/v1/account', options });
  }
  /** Requests, messages and chatbots used against the plan's limits. */
  usage(query?: Query<'getUsage'>, options?: RequestOptions) {
    return this.call('getUsage', { method: 'GET', path: '/api/v1/usage', query, options });
  }
  /** The addresses the account's requests may come from (enforced on plans that include it, when not empty). */
  getIpAllowlist(options?: RequestOptions) {
    return this.call('getIpAllowlist', { method: 'GET', path: '/api/v1/account/ip-allowlist', options });
  }
  /** Replaces the list (an empty one allows every address). */
  setIpAllowlist(body: Body<'setIpAllowlist'>, options?: RequestOptions) {
    return this.call('setIpAllowlist', { method: 'PUT', path: '/api/v1/account/ip-allowlist', body, options });
  }
}

export class ApiKeys extends Resource {
  list(query?: Query<'listApiKeys'>, options?: RequestOptions) {
    return this.paged('listApiKeys', '/api/v1/api-keys', query, options);
  }
  /** A new key; its secret is in the answer, shown this once. */
  create(body: Body<'createApiKey'>, options?: RequestOptions) {
    return this.call('createApiKey', { method: 'POST', path: '/api/v1/api-keys', body, options });
  }
  delete(keyId: string, options?: RequestOptions) {
    return this.call('deleteApiKey', { method: 'DELETE', path: `/api/v1/api-keys/${segment(keyId)}`, options });
  }
  rotate(keyId: string, body: Body<'rotateApiKey'> = {}, options?: RequestOptions) {
    return this.call('rotateApiKey', { method: 'POST', path: `/api/v1/api-keys/${segment(keyId)}/rotate`, body, options });
  }
}

export class OAuthClients extends Resource {
  list(query?: Query<'listOAuthClients'>, options?: RequestOptions) {
    return this.paged('listOAuthClients', '/api/v1/oauth/clients', query, options);
  }
  /** A new OAuth client; its `client_secret` is in the answer, shown this once. */
  create(body: Body<'createOAuthClient'>, options?: RequestOptions) {
    return this.call('createOAuthClient', { method: 'POST', path: '/api/v1/oauth/clients', body, options });
  }
  delete(clientId: string, options?: RequestOptions) {
    return this.call('deleteOAuthClient', { method: 'DELETE', path: `/api/v1/oauth/clients/${segment(clientId)}`, options });
  }
  rotateSecret(clientId: string, options?: RequestOptions) {
    return this.call('rotateOAuthClientSecret', { method: 'POST', path: `/api/v1/oauth/clients/${segment(clientId)}/rotate-secret`, options });
  }
}
