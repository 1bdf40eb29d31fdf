import { DEFAULT_PLANS } from './plans.js';
import type { Config } from './index.js';

export function defaultConfig(): Config {
  return {
    server: {
      host: '0.0.0.0',
      port: 3000,
      public_url: null,
      shutdown_timeout_ms: 10_000,
      body_limit_bytes: 1024 * 1024,
      trust_proxy: false,
    },
    data_dir: './data',
    // Filled from data_dir at load time unless DATABASE_URL or the file names one.
    database: { url: '' },
    log: { level: 'info' },
    admin: { token: null },
    keys: { rotation_grace_seconds: 24 * 3600 },
    idempotency: { ttl_seconds: 24 * 3600, in_flight_timeout_seconds: 120 },
    fetch: {
      allowed_cidrs: [],
      timeout_ms: 15_000,
      max_bytes: 10 * 1024 * 1024,
      max_redirects: 5,
      user_agent: 'chatbot-platform/0.1 (knowledge fetcher)',
    },
    llm: { timeout_ms: 30_000, providers: {} },
    plans: structuredClone(DEFAULT_PLANS),
  };
}
