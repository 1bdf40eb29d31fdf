// Model providers: an account's own OpenAI-compatible or Ollama servers, for answers in LLM mode
// (a chatbot's `answer.provider` names one by id) and for embeddings. Keys are sealed with the
// server key; where providers may point is the operator's rule (core/models/providers.ts).
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { declareModelProviders } from './collections.js';
import { ModelProviderRegistry } from './registry.js';
import { modelProviderRoutes } from './routes.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    'model-providers': { registry: ModelProviderRegistry };
  }
}

export const modelProvidersPlugin: BuiltInPlugin = {
  name: 'model-providers',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const collection = declareModelProviders(api);
    const platform = api.privileged.platform;
    const registry = new ModelProviderRegistry(collection, () => platform.secrets(), () => api.now());
    api.privileged.provide('registry', registry);
    api.route(withScopes(modelProviderRoutes(api, collection, registry), areaScope('model_providers')));
  },
};
