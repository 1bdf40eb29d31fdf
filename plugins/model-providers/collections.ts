// The model providers collection: an account's own language-model and embedding servers. The API
// key is sealed with the server key (SecretBox) because calling the provider needs it back; only
// its last four characters are kept readable, so an owner can tell keys apart.
import type { Collection, CollectionDeclarer, ModelProtocol, Stored } from '../../core/index.js';

export interface ModelProviderDoc {
  name: string;
  type: ModelProtocol;
  base_url: string;
  /** The API key, encrypted (SecretBox); null: the server takes none (a local Ollama). */
  api_key_sealed: string | null;
  /** The key's last four characters, or null. */
  api_key_last4: string | null;
  /** Used for answers when a chatbot's settings name no model. */
  chat_model: string | null;
  embedding_model: string | null;
  created_at: string;
  updated_at: string;
}

export type ModelProvider = Stored<ModelProviderDoc>;

export function declareModelProviders(store: CollectionDeclarer): Collection<ModelProviderDoc> {
  return store.collection<ModelProviderDoc>({ name: 'model_providers', scope: 'tenant', indexes: [{ fields: ['name'], unique: true }] });
}

/** The quota every provider of an account takes a slot of (core/quota.ts). */
export const MODEL_PROVIDER_QUOTA = 'model_providers';

export function presentModelProvider(provider: ModelProvider) {
  return {
    id: provider.id,
    name: provider.name,
    type: provider.type,
    base_url: provider.base_url,
    api_key_set: provider.api_key_sealed !== null,
    api_key_last4: provider.api_key_last4,
    chat_model: provider.chat_model,
    embedding_model: provider.embedding_model,
    created_at: provider.created_at,
    updated_at: provider.updated_at,
  };
}
