// The public extension API (`chatbot-platform/plugin`, docs/PLUGINS.md): what an external plugin
// may rely on, versioned by PLUGIN_API_VERSION under semver. A plugin is a plain object (its
// package's default export) whose `register` receives a PluginApi; it imports nothing of this
// package at run time, only these types, so it never holds a second copy of joi, hapi or the store.
// Everything not reachable from here is internal and may change in any release.
import type { ServerRoute } from '@hapi/hapi';
import type Joi from 'joi';
import type { Logger } from 'pino';
import type { BackgroundLoop } from '../background.js';
import type { EventEnvelope, EventInput, EventSubscriber } from '../events.js';
import type { FetcherOptions, Fetcher } from '../http/fetcher.js';
import type { Page, ListParams } from '../pagination.js';
import type { ApiCaller, InvitationSender, PlatformRouteOptions } from '../platform.js';
import type { Reaction } from '../reactions.js';
import type { ChatbotDirectory } from '../contracts/chatbots.js';
import type { ConversationFacts } from '../contracts/conversation-facts.js';
import type { VisitorConversations, VisitorTurn, VisitorTurnEvent } from '../contracts/conversations.js';
import type { KnowledgeRetriever } from '../contracts/knowledge.js';
import type { LeadRecorder } from '../contracts/leads.js';
import type { MemberNotice, MemberNotifier } from '../contracts/member-notices.js';
import type { MemberRole } from '../auth/members.js';
import type { Scope } from '../auth/oauth-tokens.js';
import type { CollectionDefinition, Collection, CounterStore, Filter, Stored, TenantScope, WriteOp } from '../store/types.js';

/**
 * The version of this API. A plugin states the range it was written for (`platformApi: '^1.0.0'`);
 * a minor release adds to the API, a major one may change or remove what is here.
 */
export const PLUGIN_API_VERSION = '1.2.0';

/** An event type a plugin publishes: it joins the webhook event list and the OpenAPI document. */
export interface PluginEventType {
  /** `<resource>.<verb>`, lower case: `canned_response.created`. */
  type: string;
  description: string;
}

/** What a plugin package exports as its default export. */
export interface PlatformPlugin {
  /** Lower case letters, digits and dashes; unique on the server (also its hapi plugin name). */
  name: string;
  /** The plugin's own version (semver). */
  version: string;
  /** The range of PLUGIN_API_VERSION it works with (semver range). */
  platformApi: string;
  /** The event types it publishes; no plugin may publish a type it did not declare. */
  events?: PluginEventType[];
  register(api: PluginApi): void | Promise<void>;
}

/**
 * A route of a plugin: a hapi route whose path is relative to `/api/v1` (`/canned-responses` is
 * served at `/api/v1/canned-responses`). Every route declares `description`, joi validation of
 * what it takes, a response schema, and `plugins.platform.scope` (an OAuth scope, or null for API
 * keys and the dashboard only); the API refuses a route without them.
 */
export type PluginRoute = ServerRoute & { options: Exclude<ServerRoute['options'], (...args: never[]) => unknown> & object };

/** Per-route rules (`options.plugins.platform`): the access rules of the built-in routes. */
export type PluginRouteRules = Pick<PlatformRouteOptions, 'access' | 'allowOnReadOnlyPlan' | 'chatbotKey' | 'feature' | 'agent' | 'errors'> & { scope: Scope | null };

export interface PluginApi {
  readonly plugin: { name: string; version: string };
  readonly apiVersion: string;
  /** The server's joi: build every schema with it (a second copy of joi cannot be mixed with it). */
  readonly Joi: typeof Joi;
  /** A child logger naming the plugin. */
  readonly logger: Logger;
  /** The clock every time-dependent rule reads (tests move it). */
  now(): Date;

  /** Adds routes under /api/v1 (see PluginRoute). */
  route(routes: PluginRoute | PluginRoute[]): void;

  /**
   * Declares a collection on the repository interface: `tenant` collections give repositories
   * bound to one account and mode (`forTenant(api.request.tenantOf(request))`), `global` ones are
   * not scoped. Indexes, claims (work queues) and term search as in the built-in areas. Created
   * and migrated on every store at start. Its name must start with the plugin's name in snake
   * case (`canned_responses` for `canned-responses`).
   */
  collection<T>(definition: CollectionDefinition): Collection<T>;
  /** Several writes together (`collection.forTenant(t).ops.*`), atomically where the store can. */
  commit(ops: WriteOp[]): Promise<void>;
  /** Atomic counters shared by every instance (rate windows, quotas). */
  readonly counters: CounterStore;

  readonly events: {
    /** Commits `writes` and the event together (the outbox webhooks are delivered from), then runs subscribers. */
    publish(tenant: TenantScope, event: EventInput, writes?: WriteOp[]): Promise<EventEnvelope>;
    publishAll(tenant: TenantScope, events: EventInput[], writes?: WriteOp[]): Promise<EventEnvelope[]>;
    /** In-process reaction to any area's events, after their commit (best effort: logged on failure). */
    subscribe(type: string, subscriber: EventSubscriber): void;
    /** A reaction that must not be lost: committed as a job with the event, retried by any instance. `name` must be stable. */
    subscribeDurably(type: string, name: string, reaction: Reaction): void;
  };

  /**
   * A background loop: `pass` works through what is due (claim a batch, do it, return how many)
   * and is called again while it returns more than zero. Runs only on instances with the worker
   * role; `nudge()` it when work arrives, `startSchedule(cron)` for periodic work. Stopped at shutdown.
   */
  loop(name: string, pass: (signal: AbortSignal) => Promise<number>): BackgroundLoop;
  /** A sweep of the maintenance tick (every ten minutes): returns how many records it removed. */
  maintenance(name: string, sweep: (now: Date) => Promise<number>): void;
  /** Outbound HTTP with the SSRF guard (public addresses only, unless the operator allows more), timeouts and size limits. */
  fetcher(limits?: Partial<FetcherOptions['limits']>): Fetcher;

  readonly ids: {
    /** `<prefix>_<ulid>`: time-ordered. The prefix is 2 to 8 lower-case letters. */
    newId(prefix: string): string;
    /** The joi schema of an id path parameter (a malformed id is then a 404, like an unknown one). */
    idSchema(prefix: string): Joi.StringSchema;
  };
  readonly pagination: {
    /** The query every list takes: limit, cursor, order, created_after, created_before. Add filters with `.keys()`. */
    listQuery: Joi.ObjectSchema;
    pageSchema(item: Joi.Schema): Joi.ObjectSchema;
    /** A page of `repository` by id (newest first unless `order=asc`), with an opaque cursor bound to the filter. */
    paginate<T, R>(repository: import('../store/types.js').Repository<T>, params: ListParams, options: { filter: Filter; present: (record: Stored<T>) => R }): Promise<Page<R>>;
    /** Adds the created_after / created_before of `params` to `filter`. */
    withTimeFilter(filter: Filter, params: ListParams, field?: string): Filter;
  };
  readonly errors: {
    /** An error in the API's shape: `throw api.errors.apiError(409, 'name_taken', 'A canned response is already called this')`. */
    apiError(statusCode: number, code: string, message: string, extra?: { details?: Array<{ path: string; message: string; type: string }>; headers?: Record<string, string> }): Error;
    /** 404 `<resource>_not_found`, the same for unknown ids and other tenants' ones. */
    notFound(resource: string, id: string): Error;
    /**
     * Whether a write failed on a unique index (or a taken id): map it to your own 409. Left
     * uncaught it is a 409 `conflict`, as is an `ifVersion` update that lost a race.
     */
    isUniqueViolation(error: unknown): boolean;
    /** Whether an update with `ifVersion` found another version: read again and retry, or answer 409. */
    isVersionConflict(error: unknown): boolean;
  };
  /** Who is calling, and the access rules a handler applies itself. */
  readonly request: {
    callerOf(request: import('@hapi/hapi').Request): ApiCaller;
    tenantOf(request: import('@hapi/hapi').Request): TenantScope;
    /** The chatbot a chatbot key is confined to, or null (routes marked `chatbotKey: 'scoped'`). */
    chatbotKeyScope(request: import('@hapi/hapi').Request): string | null;
    /** 403 `key_scope_chatbot` when a chatbot key names another chatbot. */
    assertChatbotKeyAllows(request: import('@hapi/hapi').Request, chatbotId: string): void;
    /** 403 `insufficient_scope` when an OAuth token lacks `scope` (a second scope a route needs). */
    assertTokenScope(request: import('@hapi/hapi').Request, scope: Scope): void;
    /** 403 `insufficient_role` unless the caller acts with one of `roles` (a key or token acts with its maker's current role). */
    assertMemberRole(request: import('@hapi/hapi').Request, roles: readonly MemberRole[], what: string): void;
  };
  /**
   * Sends members' invitation links (by e-mail, chat, …): the platform calls `sender` for every
   * invitation and re-issued link, after it is stored; a failure is logged (the API response
   * carries the link anyway). One plugin per server may set it.
   */
  sendInvitationsWith(sender: InvitationSender): void;
  /**
   * Tells members who are not looking at the dashboard (no dashboard tab open) that a visitor
   * waits: `notifier` gets a `handoff` notice for a handed-off conversation (for its assignee, or
   * for every member when it is unassigned) and a `visitor_message` notice when the visitor writes
   * in a conversation assigned to a member. Called once per event across all instances, from a
   * worker's background loop; a failure is logged, not retried. One plugin per server may set it.
   */
  notifyMembersWith(notifier: MemberNotifier): void;

  /** The other areas, through their interfaces. */
  readonly services: {
    chatbots: ChatbotDirectory;
    /**
     * Since 1.2. `facts`: conversations and messages, read only (ranges for figures, one record by
     * id, who a conversation is with). `visitors`: the visitor's side of a conversation, as the
     * widget has it; `reply` and `streamReply` take a visitor's message and give the turn (whole,
     * or as its events), with no HTTP in between, so a plugin renders it its own way.
     */
    conversations: { facts: ConversationFacts; visitors: VisitorConversations };
    knowledge: KnowledgeRetriever;
    leads: LeadRecorder;
  };
}

export type { ConversationFacts, VisitorConversations, VisitorTurn, VisitorTurnEvent };
export type { ApiCaller, BackgroundLoop, InvitationSender, MemberNotice, MemberNotifier, Collection, CollectionDefinition, EventEnvelope, EventInput, Filter, ListParams, Page, Scope, Stored, TenantScope, WriteOp };
