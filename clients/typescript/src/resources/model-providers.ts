import type { RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, itemPath } from './resource.js';

const providerPath = (providerId: string, ...rest: string[]) => itemPath('/api/v1/model-providers', providerId, ...rest);

/** The account's own model servers (OpenAI-compatible or Ollama) its chatbots may answer with. */
export class ModelProviders extends Resource {
  /** Newest first; a provider's API key is never shown (`api_key_set`, `api_key_last4`). */
  list(query?: Query<'listModelProviders'>, options?: RequestOptions) {
    return this.paged('listModelProviders', '/api/v1/model-providers', query, options);
  }
  create(body: Body<'createModelProvider'>, options?: RequestOptions) {
    return this.call('createModelProvider', { method: 'POST', path: '/api/v1/model-providers', body, options });
  }
  get(providerId: string, options?: RequestOptions) {
    return this.call('getModelProvider', { method: 'GET', path: providerPath(providerId), options });
  }
  update(providerId: string, body: Body<'updateModelProvider'>, options?: RequestOptions) {
    return this.call('updateModelProvider', { method: 'PATCH', path: providerPath(providerId), body, options });
  }
  delete(providerId: string, options?: RequestOptions) {
    return this.call('deleteModelProvider', { method: 'DELETE', path: providerPath(providerId), options });
  }
  /** Calls the provider's chat and embedding models once each; a provider that fails is `ok: false`, not an error. */
  test(providerId: string, body: Body<'testModelProvider'> = {}, options?: RequestOptions) {
    return this.call('testModelProvider', { method: 'POST', path: providerPath(providerId, 'test'), body, options });
  }
}
