// The platform's state: the store, the event bus, the auth records, the clock and the loops. Core's
// assembly (core/server.ts) makes one; areas reach it only through the plugin API
// (core/plugin-api/), never as a whole.
import type { Request } from '@hapi/hapi';
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { PlanDefinition } from '../config/plans.js';
import { declareAccounts, type Account, type AccountDoc } from './auth/accounts.js';
import { ApiKeyCache } from './auth/key-cache.js';
import { declareApiKeys, type ApiKey, type ApiKeyDoc } from './auth/keys.js';
import { declareMembers, type MemberDoc, type MemberRole } from './auth/members.js';
import { declareOAuthTokens, type OAuthTokenDoc, type Scope } from './auth/oauth-tokens.js';
import { declareDashboardSessions, type DashboardSessionDoc } from './auth/sessions.js';
import type { BackgroundLoop } from './background.js';
import { EventFeed } from './event-feed.js';
import { BUILT_IN_EVENT_TYPES } from '../common/event-types.js';
import { EventBus } from './events.js';
import { declareIdempotencyKeys, type IdempotencyDoc } from './idempotency.js';
import { DISABLED_METRICS, type PlatformMetrics } from './metrics/index.js';
import { QuotaSlots } from './quota.js';
import { RequestCounts } from './rate-limit.js';
import { declareMeta, SecretBox } from './secret-box.js';
import type { ChatbotDirectory } from './contracts/chatbots.js';
import type { KnowledgePluginApi } from './contracts/knowledge.js';
import type { LeadRecorder } from './contracts/leads.js';
import type { MemberNotifier } from './contracts/member-notices.js';
import type { Collection, Store, TenantScope } from './store/types.js';

/** A sweep a plugin adds to the maintenance tick (core/maintenance.ts): returns how many records it removed. */
export type MaintenanceTask = (now: Date) => Promise<number>;

export interface Platform {
  config: Config;
  store: Store;
  logger: Logger;
  events: EventBus;
  /** Every event type of this server: the platform's and external plugins' (webhooks accept these). */
  eventTypes: string[];
  /** The tenant's events as the store holds them, polled for live readers (core/event-feed.ts). */
  eventFeed: EventFeed;
  accounts: Collection<AccountDoc>;
  apiKeys: Collection<ApiKeyDoc>;
  oauthTokens: Collection<OAuthTokenDoc>;
  /** The people of each account who use the dashboard (core/auth/members.ts). */
  members: Collection<MemberDoc>;
  dashboardSessions: Collection<DashboardSessionDoc>;
  /**
   * Sends an invitation link by e-mail (or another channel). Null, the default: the API returns
   * the link and whoever invites passes it on. A plugin or an embedding program may set it.
   */
  sendInvitation: InvitationSender | null;
  /**
   * Tells members who are not looking that a visitor waits (core/contracts/member-notices.ts). Null,
   * the default: only the dashboard tells, those who have it open. A plugin may set it.
   */
  notifyMembers: MemberNotifier | null;
  idempotencyKeys: Collection<IdempotencyDoc>;
  /** Quotas that hold across instances (core/quota.ts). */
  quotas: QuotaSlots;
  /** The clock every time-dependent rule reads; tests replace it. */
  now(): Date;
  /** Sweeps plugins add to the maintenance tick, by name (see core/maintenance.ts). */
  maintenance: Map<string, MaintenanceTask>;
  /** Background loops of every area, stopped together at shutdown with one deadline (core/server.ts). */
  background: Set<{ stop(deadlineMs?: number): Promise<void> }>;
  /**
   * What every BackgroundLoop of this instance is made with: `enabled` is false without the worker
   * role (config/roles.ts), and each loop adds itself to `registry`, which /ready reports.
   */
  loopOptions: { enabled: boolean; registry: Set<BackgroundLoop> };
  /** The server key's box (secrets at rest); opened on first use, and at start so a wrong key refuses to serve. */
  secrets(): Promise<SecretBox>;
  /** Prometheus measurements (core/metrics): no-ops when `metrics.enabled` is off, and outside a server (the CLI). */
  metrics: PlatformMetrics;
  /** API-key lookups, reused for `keys.cache_seconds` (core/auth/key-cache.ts); forget what you change. */
  apiKeyCache: ApiKeyCache;
  /** Plan request counts, batched into the store's counters (core/rate-limit.ts). */
  requestCounts: RequestCounts;
}

export function createPlatform(
  config: Config,
  store: Store,
  logger: Logger,
  now: () => Date,
  metrics: PlatformMetrics = DISABLED_METRICS,
): Platform {
  const meta = declareMeta(store);
  let box: Promise<SecretBox> | null = null;
  const loopOptions = { enabled: config.server.roles.includes('worker'), registry: new Set<BackgroundLoop>() };
  const events = new EventBus(store, logger, now, loopOptions);
  return {
    config,
    store,
    logger,
    now,
    events,
    eventTypes: [...BUILT_IN_EVENT_TYPES],
    eventFeed: new EventFeed(events.collection, now, (error) => logger.warn({ err: error }, 'reading live events failed')),
    accounts: declareAccounts(store),
    apiKeys: declareApiKeys(store),
    oauthTokens: declareOAuthTokens(store),
    members: declareMembers(store),
    dashboardSessions: declareDashboardSessions(store),
    sendInvitation: null,
    notifyMembers: null,
    idempotencyKeys: declareIdempotencyKeys(store),
    quotas: new QuotaSlots(store, now),
    maintenance: new Map(),
    background: new Set(),
    loopOptions,
    metrics,
    apiKeyCache: new ApiKeyCache(config.keys, (hit) => metrics.recordCacheLookup('api_key', hit)),
    requestCounts: new RequestCounts(store.counters, config.rate_limits, logger, now),
    secrets() {
      box ??= SecretBox.open(config, meta, now());
      box.catch(() => (box = null)); // a failure (store down) is retried by the next caller
      return box;
    },
  };
}

export type { ChatbotDirectory, ChatbotProfile, ChatbotSummary } from './contracts/chatbots.js';

/** What an invitation sender gets: the invited member and the one-time link (valid until `expiresAt`). */
export type InvitationSender = (invitation: { accountId: string; email: string; name: string; role: MemberRole; url: string; expiresAt: string }) => Promise<void>;

/** Who is calling: an API key, an OAuth access token or a dashboard member's session. */
export interface ApiCaller {
  tenant: TenantScope;
  account: Account;
  plan: PlanDefinition;
  /** The API key; null for an OAuth access token or a session. */
  key: ApiKey | null;
  /** The OAuth token's client and scopes; null for an API key (which has every scope). */
  oauth: { clientId: string; tokenId: string; scopes: readonly Scope[] } | null;
  /** The dashboard member of a session (core/auth/session-strategy.ts); null for keys and tokens. */
  member: { id: string; role: MemberRole; sessionId: string } | null;
  /**
   * The role the request acts with: a session's member's, else the current role of the member who
   * made the key or OAuth client (`owner` for the operator's). See core/auth/makers.ts.
   */
  role: MemberRole;
  /** What a credential made by this request records as its maker: the member, or the maker of the key or client. */
  maker: import('./auth/makers.js').Maker;
  /** The credential requests are remembered by (Idempotency-Key): the key's id, the OAuth client's, or the member's. */
  credentialId: string;
}

/** Per-route rules, set as `options.plugins.platform` on a route. */
export interface PlatformRouteOptions {
  /** What the plan must allow. Default: GET and HEAD need `read`, other methods `write`. */
  access?: 'read' | 'write' | 'full';
  /** Allowed on read-only plans too: key management, so a free account can still revoke a leaked key. */
  allowOnReadOnlyPlan?: boolean;
  /**
   * Chatbot-scoped keys may call this route: `true` for their own chatbot (the `id` path
   * parameter); `'scoped'` on an account-level route whose handler confines them to their
   * chatbot's records (`/leads`), reading the chatbot from chatbotKeyScope().
   */
  chatbotKey?: boolean | 'scoped';
  /** A plan feature the route needs (403 `plan_feature_unavailable` without it). */
  feature?: 'webhooks';
  /**
   * The OAuth scope a token needs for this route (403 `insufficient_scope` without it); null: API
   * keys only (account, keys and OAuth client management). Every /api/v1 route declares it.
   */
  scope?: Scope | null;
  /** Members with the `agent` role may call this route (else 403 `insufficient_role`). */
  agent?: boolean;
  /** `oauth`: errors answer in RFC 6749's `{error, error_description}` (the OAuth endpoints only). */
  errorBody?: 'oauth';
  /**
   * The error codes, by status, that the handler and what it calls can answer beyond those the
   * document derives from the rest of the route (plugins/docs/responses.ts). Test servers fail a
   * request whose error is not documented, so a missing entry is found by the test that provokes it.
   */
  errors?: RouteErrors;
}

/** Error codes by HTTP status: `{ 409: ['chatbot_archived'] }`. */
export type RouteErrors = Partial<Record<number, readonly string[]>>;

declare module '@hapi/hapi' {
  interface PluginProperties {
    chatbots: {
      directory: ChatbotDirectory;
      /**
       * The ids of the tenant's chatbots whose `answer.provider` or `answer.embedding_provider` is
       * this model provider; with `use: 'embedding'`, only those whose `answer.embedding_provider` is.
       */
      modelProviderUsers(tenant: TenantScope, providerId: string, use?: 'embedding'): Promise<string[]>;
    };
    knowledge: KnowledgePluginApi;
    leads: { recorder: LeadRecorder };
  }
  interface PluginSpecificConfiguration {
    platform?: PlatformRouteOptions;
  }
  interface AppCredentials {
    caller?: ApiCaller;
    operator?: true;
  }
  interface RequestApplicationState {
    requestId: string;
    rateLimit?: import('./rate-limit.js').RateLimitState;
    idempotency?: import('./idempotency.js').PendingIdempotency;
    /** What the session strategy read for a cookie-authenticated request (core/auth/session-strategy.ts). */
    dashboardSession?: { session: import('./auth/sessions.js').DashboardSession; member: import('./auth/members.js').Member };
  }
}

/** The API-key caller of a request; routes using the `api-key` strategy always have one. */
export function callerOf(request: Request): ApiCaller {
  const caller = request.auth.credentials?.app?.caller;
  if (!caller) throw new Error(`Route ${request.route.path} has no API caller: is it using the api-key strategy?`);
  return caller;
}

export function tenantOf(request: Request): TenantScope {
  return callerOf(request).tenant;
}
