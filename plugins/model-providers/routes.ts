// Model provider routes: list, create, read, change, delete, and test (one small call of each model
// the provider names, with its latency). Owners and admins only: a provider holds an API key that
// spends the account's money, and its address is where the account's knowledge is sent.
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import {
  apiError,
  modelClients,
  ModelError,
  TokenBudget,
  newId,
  notFound,
  paginate,
  QuotaFullError,
  tenantBaseUrlRefusal,
  tenantOf,
  UniqueConstraintError,
  withTimeFilter,
  type BuiltInPluginApi,
  type Collection,
  type ListParams,
  type PluginRoute,
  type TenantScope,
} from '../../core/index.js';
import { MODEL_PROVIDER_QUOTA, presentModelProvider, type ModelProvider, type ModelProviderDoc } from './collections.js';
import {
  createModelProviderInput,
  deletedModelProviderResponse,
  modelProviderListQuery,
  modelProviderListResponse,
  modelProviderParams,
  modelProviderResponse,
  modelProviderTestResponse,
  updateModelProviderInput,
} from './schemas.js';
import { endpointOf, type ModelProviderRegistry } from './registry.js';

type ProviderInput = Pick<ModelProviderDoc, 'name' | 'type' | 'base_url' | 'chat_model' | 'embedding_model'> & { api_key: string | null };

/** What the test asks the chat model: short, so it costs next to nothing. */
const TEST_PROMPT = 'Reply with the single word OK.';
const TEST_REPLY_CHARS = 200;

export function modelProviderRoutes(api: BuiltInPluginApi, collection: Collection<ModelProviderDoc>, registry: ModelProviderRegistry): PluginRoute[] {
  const platform = api.privileged.platform;
  const clients = modelClients(platform.config);
  const tokens = new TokenBudget(platform.config, platform.accounts, api.counters, () => api.now());
  const repository = (request: Request) => collection.forTenant(tenantOf(request));

  async function providerOf(request: Request): Promise<ModelProvider> {
    const id = (request.params as { providerId: string }).providerId;
    const provider = await repository(request).get(id);
    if (!provider) throw notFound('model_provider', id);
    return provider;
  }

  function checkBaseUrl(url: string | undefined): void {
    const refusal = url === undefined ? null : tenantBaseUrlRefusal(platform.config, url);
    if (refusal) throw apiError(400, 'model_provider_address_not_allowed', refusal, { details: [{ path: 'base_url', message: refusal, type: 'string.address' }] });
  }

  async function sealedKey(apiKey: string | null): Promise<Pick<ModelProviderDoc, 'api_key_sealed' | 'api_key_last4'>> {
    if (apiKey === null) return { api_key_sealed: null, api_key_last4: null };
    return { api_key_sealed: (await platform.secrets()).seal(apiKey), api_key_last4: apiKey.length >= 8 ? apiKey.slice(-4) : null };
  }

  const nameTaken = (name: string) => apiError(409, 'model_provider_name_taken', `Another model provider of this account is named ${JSON.stringify(name)}`);
  async function uniqueName<T>(write: Promise<T>, name: string): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof UniqueConstraintError && error.collection !== 'quota_slots') throw nameTaken(name);
      throw error;
    }
  }

  async function insertWithinLimit(tenant: TenantScope, doc: ModelProviderDoc & { id: string }): Promise<ModelProvider> {
    const limit = platform.config.model_providers.max_per_account;
    const providers = collection.forTenant(tenant);
    const spec = {
      quota: MODEL_PROVIDER_QUOTA,
      limit,
      holders: async () => (await providers.list({ limit: 10_000 })).map((provider) => provider.id),
      holder: doc.id,
      stillHolds: async (id: string) => Boolean(await providers.get(id)),
    };
    try {
      await platform.quotas.withSlot(tenant, spec, (slot) => api.commit([...(slot ? [slot] : []), providers.ops.insert(doc)]));
    } catch (error) {
      if (error instanceof QuotaFullError) throw apiError(409, 'model_provider_limit_reached', `The account has ${limit} model providers already; delete one first`);
      throw error;
    }
    return (await providers.get(doc.id))!;
  }

  /** One check: its latency, and what failed (a ModelError; anything else is ours and thrown). */
  async function timed<T>(call: () => Promise<T>): Promise<{ ok: boolean; latency_ms: number; value: T | null; error: { code: string; message: string } | null }> {
    const started = performance.now();
    try {
      const value = await call();
      return { ok: true, latency_ms: Math.round(performance.now() - started), value, error: null };
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      return { ok: false, latency_ms: Math.round(performance.now() - started), value: null, error: { code: error.code, message: error.message } };
    }
  }

  async function test(tenant: TenantScope, provider: ModelProvider) {
    const { endpoint, chat_model: chatModel, embedding_model: embeddingModel } = endpointOf(provider, await platform.secrets());
    const [chat, embeddings] = await Promise.all([
      chatModel &&
        timed(() => clients.tenant.chat(endpoint, { model: chatModel, messages: [{ role: 'user', content: TEST_PROMPT }], temperature: 0, maxTokens: 8 })),
      embeddingModel && timed(() => clients.tenant.embed(endpoint, embeddingModel, ['hello world'])),
    ]);
    // The test's tokens count in the account's month like a reply's (best effort, as for replies).
    const usage = chat ? chat.value?.usage : null;
    if (usage) await tokens.record(tenant, usage).catch((error: unknown) => api.logger.warn({ err: error }, 'counting a provider test’s tokens failed'));
    return {
      chat: chat && { model: chatModel!, ok: chat.ok, latency_ms: chat.latency_ms, reply: chat.value?.text.slice(0, TEST_REPLY_CHARS) ?? null, error: chat.error },
      embeddings: embeddings && {
        model: embeddingModel!,
        ok: embeddings.ok,
        latency_ms: embeddings.latency_ms,
        dimensions: embeddings.value?.[0]?.length ?? null,
        error: embeddings.error,
      },
    };
  }

  const tags = ['api', 'model-providers'];
  return [
    {
      method: 'GET',
      path: '/model-providers',
      options: {
        description: 'List model providers',
        notes: 'Newest first. API keys are never shown: `api_key_set` and `api_key_last4` tell them apart. Owners and admins only.',
        tags,
        validate: { query: modelProviderListQuery },
        response: { schema: modelProviderListResponse },
        handler: (request) => paginate(repository(request), request.query as ListParams, { filter: withTimeFilter({}, request.query as ListParams), present: presentModelProvider }),
      },
    },
    {
      method: 'POST',
      path: '/model-providers',
      options: {
        description: 'Add a model provider',
        notes:
          'An OpenAI-compatible or Ollama server the account’s chatbots may use for answers (`answer.provider` set to its id) and for ' +
          'embeddings. The API key is stored encrypted and never shown again. The address must be one this server lets accounts reach: ' +
          'public unless the operator allows private ranges (`MODEL_PROVIDERS_ALLOWED_CIDRS`), and one of the operator’s hosts when it ' +
          'lists any (`MODEL_PROVIDERS_ALLOWED_HOSTS`): else 400 `model_provider_address_not_allowed`. 409 `model_provider_name_taken`; ' +
          '409 `model_provider_limit_reached` past the server’s limit per account. Owners and admins only.',
        tags,
        plugins: { platform: { errors: { 400: ['model_provider_address_not_allowed'], 409: ['model_provider_name_taken', 'model_provider_limit_reached'] } } },
        validate: { payload: createModelProviderInput },
        response: { status: { 201: modelProviderResponse } },
        handler: async (request, h) => {
          const input = request.payload as ProviderInput;
          checkBaseUrl(input.base_url);
          const now = api.now().toISOString();
          const { api_key: apiKey, ...fields } = input;
          const doc = { id: newId('mp'), ...fields, ...(await sealedKey(apiKey)), created_at: now, updated_at: now };
          const stored = await uniqueName(insertWithinLimit(tenantOf(request), doc), input.name);
          return h.response(presentModelProvider(stored)).code(201).header('Location', `/api/v1/model-providers/${stored.id}`);
        },
      },
    },
    {
      method: 'GET',
      path: '/model-providers/{providerId}',
      options: {
        description: 'Get a model provider',
        notes: 'An unknown id, or another account’s, is 404 `model_provider_not_found`. Owners and admins only.',
        tags,
        validate: { params: modelProviderParams },
        response: { schema: modelProviderResponse },
        handler: async (request) => presentModelProvider(await providerOf(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/model-providers/{providerId}',
      options: {
        description: 'Change a model provider',
        notes:
          'The fields sent. `api_key`: a new key replaces the old one; null removes it. A `base_url` on another origin (scheme, host ' +
          'or port) without an `api_key` removes the stored key: it was for the other server. Checks as for creation. Chatbots using the ' +
          'provider use the change from their next reply. `embedding_model: null` while a chatbot’s `answer.embedding_provider` ' +
          'names the provider is 409 `model_provider_in_use`, naming the chatbots. Owners and admins only.',
        tags,
        plugins: { platform: { errors: { 400: ['model_provider_address_not_allowed'], 409: ['model_provider_name_taken', 'model_provider_in_use'] } } },
        validate: { params: modelProviderParams, payload: updateModelProviderInput },
        response: { schema: modelProviderResponse },
        handler: async (request) => {
          const provider = await providerOf(request);
          const { api_key: sent, ...fields } = request.payload as Partial<ProviderInput>;
          checkBaseUrl(fields.base_url);
          // Hybrid retrieval needs the embedding model (the settings refuse a provider without one): not taken away under it.
          if (fields.embedding_model === null && provider.embedding_model !== null) {
            assertUnused(provider.id, await api.privileged.services.chatbots.modelProviderUsers(tenantOf(request), provider.id, 'embedding'), 'answer.embedding_provider');
          }
          // A key is for its server: moved to another origin without a new key, the stored one is
          // dropped, or an admin could point it at their own host and have /test send it there.
          const moved = fields.base_url !== undefined && new URL(fields.base_url).origin !== new URL(provider.base_url).origin;
          const apiKey = sent === undefined && moved ? null : sent;
          const changes: Partial<ModelProviderDoc> = { ...fields, ...(apiKey !== undefined ? await sealedKey(apiKey) : {}), updated_at: api.now().toISOString() };
          const updated = await uniqueName(repository(request).update(provider.id, changes, { ifVersion: provider.version }), fields.name ?? provider.name);
          if (!updated) throw notFound('model_provider', provider.id); // deleted meanwhile
          registry.forget(tenantOf(request), provider.id);
          return presentModelProvider(updated);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/model-providers/{providerId}',
      options: {
        description: 'Delete a model provider',
        notes: 'A provider a chatbot’s settings name (`answer.provider`, `answer.embedding_provider`) is 409 `model_provider_in_use`, naming the chatbots: point them elsewhere first. Owners and admins only.',
        tags,
        plugins: { platform: { errors: { 409: ['model_provider_in_use'] } } },
        validate: { params: modelProviderParams },
        response: { schema: deletedModelProviderResponse },
        handler: async (request) => {
          const provider = await providerOf(request);
          const tenant = tenantOf(request);
          assertUnused(provider.id, await api.privileged.services.chatbots.modelProviderUsers(tenant, provider.id), 'answer.provider or answer.embedding_provider');
          await api.commit([platform.quotas.releaseOps(tenant, MODEL_PROVIDER_QUOTA, provider.id), collection.forTenant(tenant).ops.delete(provider.id)]);
          registry.forget(tenant, provider.id);
          return { id: provider.id, deleted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/model-providers/{providerId}/test',
      options: {
        description: 'Test a model provider',
        notes:
          'Calls the provider’s chat model with a one-line request and its embedding model with one short text, at once, and reports ' +
          'for each whether it answered, how long it took and (embeddings) the vectors’ dimensions. A model the provider does not name ' +
          'is null. A provider that fails is a 200 with `ok: false` and the reason (`provider_timeout`, `provider_unavailable`, ' +
          '`provider_error`, `provider_bad_response`): the test ran. Its tokens count in the account’s month (`/usage`). ' +
          'A write: read-only plans’ API keys may not call it. Owners and admins only.',
        tags,
        validate: { params: modelProviderParams, payload: Joi.object({}).allow(null) },
        response: { schema: modelProviderTestResponse },
        // Read from the store, not the registry's cache: a key just changed is the one tested.
        handler: async (request) => test(tenantOf(request), await providerOf(request)),
      },
    },
  ];
}

/** 409 `model_provider_in_use` naming up to ten of the chatbots whose `settings` (the fields named) use the provider. */
function assertUnused(providerId: string, users: readonly string[], settings: string): void {
  if (users.length === 0) return;
  const shown = users.slice(0, 10).join(', ') + (users.length > 10 ? ` and ${users.length - 10} more` : '');
  throw apiError(409, 'model_provider_in_use', `Model provider ${providerId} answers for chatbots ${shown}; change their ${settings} first`);
}
