// Who may reach which model servers. The operator's providers (config `llm.providers`) are the
// operator's own choice and may well be private (a local Ollama): only the egress list confines
// them. A tenant's providers (the model-providers area) are judged like webhook targets: public
// addresses only, unless the operator lists private ranges in `model_providers.allowed_cidrs`, and
// only the hosts of `model_providers.allowed_hosts` when the operator lists any.
import type { Config } from '../../config/index.js';
import { AddressPolicy, urlAddressRefusal, urlRefusalMessage } from '../http/address-policy.js';
import { guardedAgents } from '../http/guarded-agents.js';
import type { TenantScope } from '../store/types.js';
import { hostAllowed, ModelClient, type ModelEndpoint } from './model-client.js';

export interface ModelClients {
  operator: ModelClient;
  tenant: ModelClient;
}

/** One pair per configuration: the areas that call models share their connection pools. */
const clientsOf = new WeakMap<Config, ModelClients>();

export function modelClients(config: Config): ModelClients {
  let clients = clientsOf.get(config);
  if (!clients) {
    clients = newModelClients(config);
    clientsOf.set(config, clients);
  }
  return clients;
}

function newModelClients(config: Config): ModelClients {
  const egressCidrs = config.egress.allowed_cidrs;
  const timeoutMs = config.llm.timeout_ms;
  return {
    operator: new ModelClient({ agents: guardedAgents({ allowedCidrs: [], egressCidrs, refuseNonPublic: false }, { keepAlive: true }), timeoutMs }),
    tenant: new ModelClient({
      agents: guardedAgents({ allowedCidrs: config.model_providers.allowed_cidrs, egressCidrs, refuseNonPublic: true }, { keepAlive: true }),
      timeoutMs,
      allowedHosts: config.model_providers.allowed_hosts,
    }),
  };
}

/** A tenant's model provider, ready to call: its key unsealed. */
export interface ResolvedModelProvider {
  id: string;
  endpoint: ModelEndpoint;
  chat_model: string | null;
  embedding_model: string | null;
}

/** What the model-providers area offers the areas that call models. */
export interface TenantModelProviders {
  /** The provider, or null when the account has none with this id. */
  resolve(tenant: TenantScope, id: string): Promise<ResolvedModelProvider | null>;
}

/**
 * Why a tenant may not point a provider at this URL, or null. Said at creation so an owner learns
 * it at once: the host outside `allowed_hosts`, or an address (IP literal, `localhost`) the address
 * rules refuse. A host name that resolves to a refused address is refused when called (the agents
 * judge every connection), which the provider's test reports.
 */
export function tenantBaseUrlRefusal(config: Config, url: string): string | null {
  const { allowed_cidrs: allowedCidrs, allowed_hosts: allowedHosts } = config.model_providers;
  if (!hostAllowed(url, allowedHosts)) return `This server lets accounts use model providers at ${allowedHosts.join(', ')} only (model_providers.allowed_hosts)`;
  const refusal = urlAddressRefusal(new AddressPolicy({ allowedCidrs, egressCidrs: config.egress.allowed_cidrs, refuseNonPublic: true }), url);
  return refusal && urlRefusalMessage(refusal, 'MODEL_PROVIDERS_ALLOWED_CIDRS');
}
