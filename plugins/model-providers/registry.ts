// The account's providers as the areas that call models read them: the key unsealed, held for a
// short while so a chat turn does not decrypt it from the store every time. A change or delete on
// this instance forgets at once; another instance's change is seen within CACHE_MS.
import type { Collection, ResolvedModelProvider, SecretBox, TenantModelProviders, TenantScope } from '../../core/index.js';
import type { ModelProviderDoc } from './collections.js';

const CACHE_MS = 5_000;
const CACHE_MAX = 1_000;

export class ModelProviderRegistry implements TenantModelProviders {
  private readonly cache = new Map<string, { at: number; provider: ResolvedModelProvider | null }>();

  constructor(
    private readonly collection: Collection<ModelProviderDoc>,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly now: () => Date,
  ) {}

  async resolve(tenant: TenantScope, id: string): Promise<ResolvedModelProvider | null> {
    const key = cacheKey(tenant, id);
    const at = this.now().getTime();
    const cached = this.cache.get(key);
    if (cached && at - cached.at < CACHE_MS) return cached.provider;
    const doc = await this.collection.forTenant(tenant).get(id);
    const provider = doc && {
      id: doc.id,
      endpoint: { type: doc.type, base_url: doc.base_url, api_key: doc.api_key_sealed === null ? null : (await this.secrets()).unseal(doc.api_key_sealed) },
      chat_model: doc.chat_model,
      embedding_model: doc.embedding_model,
    };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at, provider });
    return provider;
  }

  forget(tenant: TenantScope, id: string): void {
    this.cache.delete(cacheKey(tenant, id));
  }
}

const cacheKey = (tenant: TenantScope, id: string) => `${tenant.accountId}:${tenant.mode}:${id}`;
