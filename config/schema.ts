import Joi from 'joi';
import cron from 'node-cron';
import { parseCidr as parseClientCidr } from './address-lists.js';
import { parseCidr } from './ip-ranges.js';
import { ATTACHMENT_KINDS, MAX_ATTACHMENT_BYTES, PLAN_NAMES, PLANS_PROFILES } from './plans.js';
import { SERVER_ROLES } from './roles.js';

/** CIDR ranges or addresses, checked by the very parser that enforces them at connect time. */
const cidrList = () =>
  Joi.array()
    .items(
      Joi.string().custom((value: string, helpers) => {
        try {
          parseCidr(value);
          return value;
        } catch (error) {
          return helpers.error('cidr.invalid', { problem: (error as Error).message });
        }
      }),
    )
    .messages({ 'cidr.invalid': '{{#label}}: {{#problem}}' });

const planSchema = Joi.object({
  requests: Joi.object({
    minute: Joi.number().integer().min(1),
    day: Joi.number().integer().min(1),
  }).required(),
  access: Joi.string().valid('read', 'write', 'full').required(),
  chatbots: Joi.number().integer().min(0).allow(null).required(),
  webhooks: Joi.boolean().required(),
  ip_allowlist: Joi.boolean().required(),
  llm_tokens_per_month: Joi.number().integer().min(0).allow(null).default(null),
  attachments: Joi.object({
    kinds: Joi.array()
      .items(Joi.string().valid(...ATTACHMENT_KINDS))
      .unique()
      .required(),
    max_bytes: Joi.number().integer().min(1).max(MAX_ATTACHMENT_BYTES).required(),
  }).required(),
});

const plans = Object.fromEntries(PLAN_NAMES.map((name) => [name, planSchema.required()]));

export const configSchema = Joi.object({
  server: Joi.object({
    host: Joi.string().hostname().required(),
    port: Joi.number().port().required(),
    /** Public base URL, used in links we hand out (e.g. OAuth metadata, widget snippets). */
    public_url: Joi.string().uri({ scheme: ['http', 'https'] }).allow(null),
    shutdown_timeout_ms: Joi.number().integer().min(0).max(600_000).required(),
    stream_heartbeat_ms: Joi.number().integer().min(50).max(300_000).required(),
    streams_per_credential: Joi.number().integer().min(1).max(100_000).required(),
    streams_per_tenant: Joi.number().integer().min(1).max(100_000).required(),
    body_limit_bytes: Joi.number().integer().min(1024).required(),
    /** What this instance runs: `api` (serves the API) and `worker` (background work); both by default. */
    roles: Joi.array().items(Joi.string().valid(...SERVER_ROLES)).min(1).unique().required(),
    /**
     * Whose X-Forwarded-For to believe when deciding a client's IP (IP allowlists): false (nobody),
     * true (one proxy), a number of proxy hops, or the proxies' CIDRs. Read from the right.
     */
    trust_proxy: Joi.alternatives()
      .try(
        Joi.boolean(),
        Joi.number().integer().min(0).max(32),
        Joi.array()
          .items(
            Joi.string()
              .custom((value: string, helpers) => (parseClientCidr(value) ? value : helpers.error('string.cidr')))
              .messages({ 'string.cidr': '{{#label}} must be an IPv4 or IPv6 address or CIDR' }),
          )
          .min(1),
      )
      .required()
      .messages({ 'alternatives.match': '{{#label}} must be false, true, a number of proxy hops, or a list of proxy CIDRs' }),
    response_validation_percent: Joi.number().integer().min(0).max(100).required(),
  }).required(),
  data_dir: Joi.string().min(1).required(),
  database: Joi.object({
    url: Joi.string()
      .pattern(/^(sqlite:.+|mongodb(\+srv)?:\/\/.+)$/)
      .required()
      .messages({ 'string.pattern.base': '"database.url" must look like sqlite:<path> or mongodb://…' }),
  }).required(),
  log: Joi.object({
    level: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').required(),
    /** Request headers in access lines (secret ones censored): off by default, they make each line ~1 KB. */
    request_headers: Joi.boolean().required(),
    /** `pretty`: readable lines (and the start-up banner); `json`: one JSON object a line; null: pretty on a terminal. */
    format: Joi.string().valid('pretty', 'json').allow(null).required(),
  }).required(),
  admin: Joi.object({
    /** Bearer token of the operator API (`/admin/v1`). Unset: the operator API is off. */
    token: Joi.string().min(16).allow(null).required(),
  }).required(),
  keys: Joi.object({
    /** How long a rotated key keeps working, unless the rotate call says otherwise. */
    rotation_grace_seconds: Joi.number().integer().min(0).max(30 * 86_400).required(),
    /** The bound on a revocation or account change reaching other instances; 0 turns the cache off. */
    cache_seconds: Joi.number().min(0).max(300).required(),
    cache_max_entries: Joi.number().integer().min(1).max(10_000_000).required(),
  }).required(),
  rate_limits: Joi.object({
    flush_interval_ms: Joi.number().integer().min(10).max(60_000).required(),
    exact_within: Joi.number().integer().min(0).required(),
  }).required(),
  idempotency: Joi.object({
    ttl_seconds: Joi.number().integer().min(60).required(),
    /** A request still marked in flight after this long is taken to have died with its process. */
    in_flight_timeout_seconds: Joi.number().integer().min(1).required(),
  }).required(),
  /** Outbound HTTP of knowledge-base URL fetching and crawling. */
  fetch: Joi.object({
    /**
     * Private, loopback, link-local and reserved targets are refused unless listed here (CIDRs or
     * addresses). Checked at connect time, so DNS rebinding and redirects cannot get around it.
     */
    allowed_cidrs: cidrList().required(),
    timeout_ms: Joi.number().integer().min(100).max(120_000).required(),
    max_bytes: Joi.number().integer().min(1024).required(),
    max_redirects: Joi.number().integer().min(0).max(20).required(),
    user_agent: Joi.string().min(1).max(200).required(),
  }).required(),
  /** Search indexes of chatbots' knowledge, held in memory per instance (least recently used dropped). */
  knowledge: Joi.object({
    index_memory_mb: Joi.number().integer().min(16).max(1_048_576).required(),
    // 15: the most threads a block's tag can name (MAX_SCAN_THREADS in plugins/knowledge/semantic/scan-threads.ts).
    vector_scan_threads: Joi.number().integer().min(0).max(15).required(),
  }).required(),
  /**
   * Confinement of every outbound request (knowledge, webhooks, LLM providers): when not empty,
   * any address outside these ranges is refused, even one an area's allowlist names.
   */
  egress: Joi.object({
    allowed_cidrs: cidrList().required(),
  }).required(),
  /** Language-model providers chatbots may use in `answer.mode = "llm"`, by name. */
  llm: Joi.object({
    timeout_ms: Joi.number().integer().min(100).max(600_000).required(),
    providers: Joi.object()
      .pattern(
        Joi.string().pattern(/^[a-z0-9][a-z0-9_-]{0,63}$/),
        Joi.object({
          type: Joi.string().valid('openai', 'ollama').required(),
          base_url: Joi.string().uri({ scheme: ['http', 'https'] }).required(),
          api_key: Joi.string().allow(null).default(null),
          default_model: Joi.string().min(1).max(200).required(),
        }),
      )
      .required(),
  }).required(),
  /** Model providers accounts add themselves: where they may point, and how many. */
  model_providers: Joi.object({
    allowed_cidrs: cidrList().required(),
    allowed_hosts: Joi.array()
      .items(Joi.string().lowercase().max(253).pattern(/^(\*\.)?[a-z0-9][a-z0-9.-]*$/, 'host name or *.domain'))
      .required(),
    max_per_account: Joi.number().integer().min(0).max(1000).required(),
  }).required(),
  retention: Joi.object({
    // At least the retry schedule's span (about 28 h), so no delivery loses its event.
    events_days: Joi.number().min(2).max(3650).required(),
  }).required(),
  webhooks: Joi.object({
    /** Like fetch.allowed_cidrs, for webhook targets only: allowing a crawl of an intranet wiki must not let tenants POST there. */
    allowed_cidrs: cidrList().required(),
    secret_key: Joi.string()
      .base64()
      .custom((value: string, helpers) => (Buffer.from(value, 'base64').length === 32 ? value : helpers.error('any.invalid')))
      .allow(null)
      .required()
      .messages({ 'any.invalid': '{{#label}} must be 32 bytes, base64-encoded (openssl rand -base64 32)' }),
    timeout_ms: Joi.number().integer().min(100).max(120_000).required(),
    retry_schedule_seconds: Joi.array().items(Joi.number().min(0).max(7 * 86_400)).max(20).required(),
    disable_after_hours: Joi.number().min(0.01).max(30 * 24).required(),
    rotation_grace_seconds: Joi.number().integer().min(0).max(30 * 86_400).required(),
    max_per_chatbot: Joi.number().integer().min(1).max(1000).required(),
    concurrency: Joi.number().integer().min(1).max(1000).required(),
    concurrency_per_endpoint: Joi.number().integer().min(1).max(1000).required(),
  }).required(),
  oauth: Joi.object({
    token_requests_per_minute_per_client: Joi.number().integer().min(1).max(1_000_000).required(),
    token_requests_per_minute_per_address: Joi.number().integer().min(1).max(1_000_000).required(),
  }).required(),
  widget: Joi.object({
    rate_limits: Joi.object({
      requests_per_minute: Joi.number().integer().min(1).max(1_000_000).required(),
      messages_per_minute: Joi.number().integer().min(1).max(1_000_000).required(),
      forms_per_minute: Joi.number().integer().min(1).max(1_000_000).required(),
      /** Typing marks: the widget sends one at most every 2 s while the visitor types to an agent. */
      typing_per_minute: Joi.number().integer().min(1).max(1_000_000).required(),
    }).required(),
  }).required(),
  /** GET /metrics (Prometheus): open to loopback callers, and to others with the bearer token when one is set. */
  metrics: Joi.object({
    enabled: Joi.boolean().required(),
    token: Joi.string().min(16).allow(null).required(),
  }).required(),
  plugins: Joi.array().items(Joi.string().min(1).max(1000)).max(50).unique().required(),
  /** The plans the table starts from (config/plans.ts); `plans` is applied on top. */
  plans_profile: Joi.string().valid(...PLANS_PROFILES).required(),
  plans: Joi.object(plans).required(),
  /** Scheduled backups of the SQLite store (worker instances; docs/backups.md). */
  backups: Joi.object({
    cron: Joi.string()
      .custom((value: string, helpers) => (cron.validate(value) ? value : helpers.error('cron.invalid')))
      .allow(null)
      .required()
      .messages({ 'cron.invalid': '{{#label}} must be a cron expression (5 fields, or 6 with seconds first), e.g. "0 3 * * *"' }),
    dir: Joi.string().min(1).required(),
    keep: Joi.number().integer().min(1).max(10_000).required(),
    passphrase_file: Joi.string().min(1).allow(null).required(),
  }).required(),
});
