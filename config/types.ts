// The shape of the configuration, apart from how it is loaded (index.ts), so the defaults and the
// loader can both name it without importing each other.
import type { ProxyTrust } from './address-lists.js';
import type { PlanDefinition, PlanName, PlansProfile } from './plans.js';
import type { ServerRole } from './roles.js';

export interface Config {
  server: {
    host: string;
    port: number;
    public_url: string | null;
    shutdown_timeout_ms: number;
    /** Live event streams (the inbox): a comment line this often, and the credential checked again. */
    stream_heartbeat_ms: number;
    /** Inbox streams (GET /api/v1/conversations/stream) one credential (a key, an OAuth client, a member) may hold open on one instance. */
    streams_per_credential: number;
    /** Inbox streams of one account and mode on one instance, whatever the credentials: a safety cap above the other. */
    streams_per_tenant: number;
    body_limit_bytes: number;
    /** `api`: serves the API; `worker`: runs the background loops (config/roles.ts). */
    roles: ServerRole[];
    /** false: no proxy; a number: trusted hops in front; CIDRs: the trusted proxies (config/address-lists.ts). */
    trust_proxy: ProxyTrust;
    /**
     * The share of responses checked against their route's schema, 0–100. At 100 a response that
     * fails is a 500 (tests, staging); below, a sampled check logs the failure and sends the response.
     */
    response_validation_percent: number;
  };
  data_dir: string;
  database: { url: string };
  /**
   * `request_headers`: access lines carry the request's headers (secret ones censored). `format`:
   * `pretty` (readable lines, and the start-up banner) or `json` (one object a line, for collectors);
   * null chooses pretty when standard output is a terminal (logFormatOf).
   */
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; request_headers: boolean; format: 'pretty' | 'json' | null };
  admin: { token: string | null };
  /**
   * API keys. `cache_seconds`: how long an instance reuses a key's lookup (key, account, plan)
   * before reading the store again, so a revocation or an account change made on another instance
   * (or the CLI) takes effect there within this bound; on the instance that made it, at once.
   * `cache_max_entries` bounds the cache (least recently used dropped first); 0 seconds turns it off.
   */
  keys: { rotation_grace_seconds: number; cache_seconds: number; cache_max_entries: number };
  /**
   * Plan request limits (core/rate-limit.ts). A window with more than `exact_within` requests left
   * is counted in memory and added to the shared store every `flush_interval_ms`; within the last
   * `exact_within` requests every request is counted in the store as it arrives.
   */
  rate_limits: { flush_interval_ms: number; exact_within: number };
  idempotency: { ttl_seconds: number; in_flight_timeout_seconds: number };
  /** Knowledge-base URL fetching; `allowed_cidrs`: the non-public ranges it may reach (e.g. an intranet wiki). */
  fetch: { allowed_cidrs: string[]; timeout_ms: number; max_bytes: number; max_redirects: number; user_agent: string };
  /** In-memory search indexes of chatbots' knowledge: the least recently used go past this budget. */
  knowledge: {
    index_memory_mb: number;
    /** Threads that share the int8 vector scan of a large index with the serving thread (0: none). */
    vector_scan_threads: number;
  };
  /** When not empty, every outbound request (knowledge, webhooks, LLM providers) is confined to these ranges. */
  egress: { allowed_cidrs: string[] };
  llm: { timeout_ms: number; providers: Record<string, LlmProviderConfig> };
  /**
   * Model providers accounts add themselves (the model-providers area). `allowed_cidrs`: the
   * non-public ranges they may reach (none by default, as for webhooks); `allowed_hosts`: when not
   * empty, the only hosts they may name (`api.openai.com`, `*.openai.azure.com`).
   */
  model_providers: { allowed_cidrs: string[]; allowed_hosts: string[]; max_per_account: number };
  /** Events (and the webhook deliveries of them) older than this are deleted by maintenance. */
  retention: { events_days: number };
  webhooks: {
    /** Non-public ranges webhook targets may be in; separate from fetch.allowed_cidrs on purpose. */
    allowed_cidrs: string[];
    /** 32 bytes, base64: encrypts signing secrets at rest. Unset: generated into DATA_DIR on first start. */
    secret_key: string | null;
    timeout_ms: number;
    /** Seconds before each retry after a failed attempt; a random ±10% is added. */
    retry_schedule_seconds: number[];
    /** An endpoint failing this long without a success is disabled. */
    disable_after_hours: number;
    /** How long the previous secret keeps signing after a rotation, unless the call says otherwise. */
    rotation_grace_seconds: number;
    /** At most this many webhooks per chatbot (and account-wide). */
    max_per_chatbot: number;
    /** Deliveries sent at once by one instance. */
    concurrency: number;
    /** Deliveries sent at once to one endpoint by one instance, so a slow endpoint leaves room for the others. */
    concurrency_per_endpoint: number;
  };
  /** POST /oauth/token requests per minute, counted in the store: per OAuth client, and per client address. */
  oauth: { token_requests_per_minute_per_client: number; token_requests_per_minute_per_address: number };
  /** The public widget routes' limits per client IP and minute, shared by every instance. */
  widget: { rate_limits: { requests_per_minute: number; messages_per_minute: number; forms_per_minute: number; typing_per_minute: number } };
  /**
   * GET /metrics: off removes the route and every measurement. Loopback callers need nothing; others
   * need `Authorization: Bearer <token>`, so without a token only loopback can scrape.
   */
  metrics: { enabled: boolean; token: string | null };
  /**
   * External plugins (docs/PLUGINS.md): package names, or paths (absolute, or relative to the
   * working directory) to a package folder or module. Registered after the built-in areas.
   */
  plugins: string[];
  /** `spec` (the four plans of the spec) or `unlimited` (no caps, every feature): the table `plans` starts from. */
  plans_profile: PlansProfile;
  plans: Record<PlanName, PlanDefinition>;
  /**
   * Scheduled backups of the SQLite store, run by worker instances (docs/backups.md). `cron`: a
   * node-cron expression (seconds allowed), null: none; `dir`: where they go (DATA_DIR/backups
   * unless set); `keep`: how many this job keeps; `passphrase_file`: seals the key beside each one,
   * and is the `backup`/`restore` commands' passphrase unless they name another.
   */
  backups: { cron: string | null; dir: string; keep: number; passphrase_file: string | null };
}

/** A language-model endpoint the operator offers chatbots in `answer.mode = "llm"`. */
export interface LlmProviderConfig {
  /** `openai`: any OpenAI-compatible `/v1/chat/completions`; `ollama`: Ollama's `/api/chat`. */
  type: 'openai' | 'ollama';
  /** The server's root, e.g. `https://api.openai.com` or `http://localhost:11434`. */
  base_url: string;
  api_key: string | null;
  /** Used when a chatbot's settings name no model. */
  default_model: string;
}
