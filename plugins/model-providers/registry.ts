// The account's providers as the areas that call models read them: the key unsealed, held for a
// short while so a chat turn does not decrypt it from the store every time. A change or delete on
// this instance forgets at once; another instance's change is seen within CACHE_MS.
import type { Collection, ResolvedModelProvider, SecretBox, TenantModelProviders, TenantScope } from '../../core/index.js';
import type { ModelProvider, ModelProviderDoc } from './collections.js';

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
    const epoch = this.epoch;
    const doc = await this.collection.forTenant(tenant).get(id);
    const provider = doc && endpointOf(doc, await this.secrets());
    // A change or delete while this read was under way: its result may be the old provider, so it is not kept.
    if (epoch !== this.epoch) return provider;
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at, provider });
    return provider;
  }

  forget(tenant: TenantScope, id: string): void {
    this.epoch++;
    this.cache.delete(cacheKey(tenant, id));
  }

  /** Moves with every forget(): reads that began before one are not cached. */
  private epoch = 0;
}

/** A stored provider, ready to call: its key unsealed. */
export function endpointOf(doc: ModelProvider, secrets: SecretBox): ResolvedModelProvider {
  return {
    id: doc.id,
    endpoint: { type: doc.type, base_url: doc.base_url, api_key: doc.api_key_sealed === null ? null : secrets.unseal(doc.api_key_sealed) },
    chat_model: doc.chat_model,
    embedding_model: doc.embedding_model,
  };
}

const cacheKey = (tenant: TenantScope, id: string) => `${tenant.accountId}:${tenant.mode}:${id}`;
