import os from 'node:os';
import { DEFAULT_PLANS } from './plans.js';
import { SERVER_ROLES } from './roles.js';
import type { Config } from './types.js';

export function defaultConfig(): Config {
  return {
    server: {
      host: '0.0.0.0',
      port: 3000,
      public_url: null,
      shutdown_timeout_ms: 10_000,
      stream_heartbeat_ms: 15_000,
      // One browser holds at most 6 connections to a host over HTTP/1.1: 20 is more than a member's tabs.
      streams_per_credential: 20,
      streams_per_tenant: 200,
      body_limit_bytes: 1024 * 1024,
      roles: [...SERVER_ROLES],
      trust_proxy: false,
      // Checking every response cost ~3% of a chat turn's CPU; a sample still catches a schema drift.
      response_validation_percent: 5,
    },
    data_dir: './data',
    // Filled from data_dir at load time unless DATABASE_URL or the file names one.
    database: { url: '' },
    log: { level: 'info', request_headers: false, format: null },
    admin: { token: null },
    // A revoked key (or a disabled account) keeps working on other instances for at most 5 s.
    keys: { rotation_grace_seconds: 24 * 3600, cache_seconds: 5, cache_max_entries: 10_000 },
    // Batching saves two store writes per request; only a tenant sending more than 1,000 requests
    // within about 3 s through the other instances can go over a limit (docs/API-DECISIONS.md).
    rate_limits: { flush_interval_ms: 1000, exact_within: 1000 },
    idempotency: { ttl_seconds: 24 * 3600, in_flight_timeout_seconds: 120 },
    fetch: {
      allowed_cidrs: [],
      timeout_ms: 15_000,
      max_bytes: 10 * 1024 * 1024,
      max_redirects: 5,
      user_agent: 'chatbot-platform/0.1 (knowledge fetcher)',
    },
    // A second core, when there is one, shares each scan of a large vector index (scan-threads.ts).
    knowledge: { index_memory_mb: 512, vector_scan_threads: os.availableParallelism() > 1 ? 1 : 0 },
    egress: { allowed_cidrs: [] },
    llm: { timeout_ms: 30_000, providers: {} },
    model_providers: { allowed_cidrs: [], allowed_hosts: [], max_per_account: 20 },
    retention: { events_days: 30 },
    webhooks: {
      allowed_cidrs: [],
      secret_key: null,
      timeout_ms: 15_000,
      // docs/ARCHITECTURE.md A5: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
      retry_schedule_seconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      disable_after_hours: 5 * 24,
      rotation_grace_seconds: 24 * 3600,
      max_per_chatbot: 10,
      concurrency: 64,
      concurrency_per_endpoint: 16,
    },
    // Conversations started and lead forms sent count as forms.
    // A client needs one token an hour; these leave room for restarts and many clients behind one address.
    oauth: { token_requests_per_minute_per_client: 60, token_requests_per_minute_per_address: 300 },
    widget: { rate_limits: { requests_per_minute: 120, messages_per_minute: 20, forms_per_minute: 10, typing_per_minute: 60 } },
    metrics: { enabled: true, token: null },
    plugins: [],
    plans_profile: 'spec',
    plans: structuredClone(DEFAULT_PLANS),
    // dir: filled from data_dir at load time unless set. A week of nightly backups.
    backups: { cron: null, dir: '', keep: 7, passphrase_file: null },
  };
}
