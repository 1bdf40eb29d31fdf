// Configuration is data: defaults, then an optional JSON file, then the environment, then
// explicit overrides (tests), validated once with joi. A bad value stops the start with a
// message naming every problem and where the value came from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from './schema.js';
import { defaultConfig } from './defaults.js';
import { plansOfProfile } from './plans.js';
import type { Config } from './types.js';

export type { Config, LlmProviderConfig } from './types.js';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem is one line (start-up errors are, issue 32); several are a list under the heading.
    super(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Environment variables and the config path each one sets. */
export const ENVIRONMENT_VARIABLES: Record<string, string> = {
  PORT: 'server.port',
  ROLES: 'server.roles',
  HOST: 'server.host',
  PUBLIC_URL: 'server.public_url',
  TRUST_PROXY: 'server.trust_proxy',
  RESPONSE_VALIDATION_PERCENT: 'server.response_validation_percent',
  DATA_DIR: 'data_dir',
  DATABASE_URL: 'database.url',
  LOG_LEVEL: 'log.level',
  LOG_REQUEST_HEADERS: 'log.request_headers',
  LOG_FORMAT: 'log.format',
  ADMIN_TOKEN: 'admin.token',
  KEY_ROTATION_GRACE_SECONDS: 'keys.rotation_grace_seconds',
  KEY_CACHE_SECONDS: 'keys.cache_seconds',
  KEY_CACHE_MAX_ENTRIES: 'keys.cache_max_entries',
  RATE_LIMIT_FLUSH_INTERVAL_MS: 'rate_limits.flush_interval_ms',
  RATE_LIMIT_EXACT_WITHIN: 'rate_limits.exact_within',
  FETCH_ALLOWED_CIDRS: 'fetch.allowed_cidrs',
  WEBHOOK_ALLOWED_CIDRS: 'webhooks.allowed_cidrs',
  EGRESS_ALLOWED_CIDRS: 'egress.allowed_cidrs',
  KNOWLEDGE_INDEX_MEMORY_MB: 'knowledge.index_memory_mb',
  KNOWLEDGE_VECTOR_SCAN_THREADS: 'knowledge.vector_scan_threads',
  LLM_PROVIDERS: 'llm.providers',
  LLM_TIMEOUT_MS: 'llm.timeout_ms',
  MODEL_PROVIDERS_ALLOWED_CIDRS: 'model_providers.allowed_cidrs',
  MODEL_PROVIDERS_ALLOWED_HOSTS: 'model_providers.allowed_hosts',
  MODEL_PROVIDERS_MAX_PER_ACCOUNT: 'model_providers.max_per_account',
  WEBHOOK_SECRET_KEY: 'webhooks.secret_key',
  WEBHOOK_TIMEOUT_MS: 'webhooks.timeout_ms',
  EVENT_RETENTION_DAYS: 'retention.events_days',
  STREAMS_PER_CREDENTIAL: 'server.streams_per_credential',
  STREAMS_PER_TENANT: 'server.streams_per_tenant',
  OAUTH_TOKENS_PER_MINUTE_PER_CLIENT: 'oauth.token_requests_per_minute_per_client',
  OAUTH_TOKENS_PER_MINUTE_PER_ADDRESS: 'oauth.token_requests_per_minute_per_address',
  WIDGET_REQUESTS_PER_MINUTE: 'widget.rate_limits.requests_per_minute',
  WIDGET_MESSAGES_PER_MINUTE: 'widget.rate_limits.messages_per_minute',
  WIDGET_FORMS_PER_MINUTE: 'widget.rate_limits.forms_per_minute',
  WIDGET_TYPING_PER_MINUTE: 'widget.rate_limits.typing_per_minute',
  METRICS_ENABLED: 'metrics.enabled',
  METRICS_TOKEN: 'metrics.token',
  PLUGINS: 'plugins',
  PLANS_PROFILE: 'plans_profile',
  BACKUP_CRON: 'backups.cron',
  BACKUP_DIR: 'backups.dir',
  BACKUP_KEEP: 'backups.keep',
  BACKUP_PASSPHRASE_FILE: 'backups.passphrase_file',
};

/** Variables holding a comma-separated list. */
const LIST_VARIABLES = new Set(['ROLES', 'FETCH_ALLOWED_CIDRS', 'WEBHOOK_ALLOWED_CIDRS', 'EGRESS_ALLOWED_CIDRS', 'MODEL_PROVIDERS_ALLOWED_CIDRS', 'MODEL_PROVIDERS_ALLOWED_HOSTS', 'PLUGINS']);
/** Variables holding JSON (an object of providers is no comma list). */
const JSON_VARIABLES = new Set(['LLM_PROVIDERS']);

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Path of a JSON config file; defaults to $CONFIG_FILE when set. */
  file?: string | null;
  overrides?: DeepPartial<Config>;
}

export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const sources = new Map<string, string>();
  let merged: Record<string, unknown> = defaultConfig() as unknown as Record<string, unknown>;

  const file = options.file === undefined ? env.CONFIG_FILE : options.file;
  const fromFile = file ? readConfigFile(file) : {};
  // The profile is the table the file's (and the overrides') `plans` change: chosen before they apply.
  const profile = options.overrides?.plans_profile ?? (env.PLANS_PROFILE || fromFile.plans_profile);
  if (profile === 'unlimited') merged.plans = plansOfProfile('unlimited');
  merged = deepMerge(merged, fromFile);

  for (const [variable, configPath] of Object.entries(ENVIRONMENT_VARIABLES)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    // TRUST_PROXY: "false", "true", a number of hops, or a comma-separated list of proxy CIDRs.
    const isList = LIST_VARIABLES.has(variable) || (variable === 'TRUST_PROXY' && !/^(true|false|\d+)$/i.test(value.trim()));
    const parsed = isList
      ? value.split(',').map((item) => item.trim()).filter(Boolean)
      : JSON_VARIABLES.has(variable)
        ? parseJsonVariable(variable, value)
        : value;
    setPath(merged, configPath, parsed);
    sources.set(configPath, variable);
  }

  if (options.overrides) merged = deepMerge(merged, options.overrides as Record<string, unknown>);

  const database = merged.database as { url: string };
  if (!database.url) database.url = `sqlite:${path.join(String(merged.data_dir), 'chatbot-platform.sqlite')}`;
  const backups = merged.backups as { dir: string } | undefined;
  if (backups && !backups.dir) backups.dir = path.join(String(merged.data_dir), 'backups');

  const { error, value } = configSchema.validate(merged, { abortEarly: false, convert: true });
  if (error) {
    throw new ConfigError(
      error.details.map((detail) => {
        const configPath = detail.path.join('.');
        const variable = variableFor(detail.path, sources);
        return variable ? `${variable} (${configPath}): ${detail.message}` : `${configPath}: ${detail.message}`;
      }),
    );
  }
  const config = value as Config;
  // Scheduled backups copy the SQLite file; a MongoDB store has its own tools (docs/backups.md).
  if (config.backups.cron && !config.database.url.startsWith('sqlite:')) {
    const variable = sources.get('backups.cron');
    throw new ConfigError([
      `${variable ? `${variable} (backups.cron)` : 'backups.cron'}: scheduled backups copy the embedded SQLite store; on MongoDB back up with mongodump (docs/backups.md) and leave it unset`,
    ]);
  }
  return config;
}

/** The variable that set this path or the list or object around it (`fetch.allowed_cidrs.1`). */
function variableFor(configPath: Array<string | number>, sources: Map<string, string>): string | undefined {
  for (let length = configPath.length; length > 0; length--) {
    const variable = sources.get(configPath.slice(0, length).join('.'));
    if (variable) return variable;
  }
  return undefined;
}

function parseJsonVariable(variable: string, value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    throw new ConfigError([`${variable}: not valid JSON (${(error as Error).message})`]);
  }
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([`config file ${file}: ${(error as Error).message}`]);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!isPlainObject(parsed)) throw new Error('the top level must be an object');
    return parsed;
  } catch (error) {
    throw new ConfigError([`config file ${file}: not valid JSON (${(error as Error).message})`]);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}
