// The built-in areas' way in: the same PluginApi an external plugin gets (core/plugin-api/index.ts),
// plus a privileged part for what only the platform's own areas do (docs/PLUGINS.md, "The built-in
// areas use this API too"). A built-in area is a manifest like any plugin's; what it needs beyond the public API is
// named here, so a reader sees at a glance where the built-ins go further than an outside author can.
import type { PluginProperties, Request, Server } from '@hapi/hapi';
import type { CreatedAccount, NewAccount } from '../auth/bootstrap.js';
import type { ApiKey, IssuedKey } from '../auth/keys.js';
import type { Maker } from '../auth/makers.js';
import type { BackgroundLoop } from '../background.js';
import type { EventBus } from '../events.js';
import type { ApiCaller, Platform } from '../platform.js';
import type { Collection, CollectionDefinition, Store, TenantScope } from '../store/types.js';
import type { PlatformPlugin, PluginApi } from './index.js';

/** A built-in area: a plugin manifest whose `register` also gets the privileged part. */
export interface BuiltInPlugin extends Omit<PlatformPlugin, 'register'> {
  register(api: BuiltInPluginApi): void | Promise<void>;
}

export interface BuiltInPluginApi extends PluginApi {
  /** What only the built-in areas may do (see PrivilegedApi). */
  readonly privileged: PrivilegedApi;
}

/**
 * The platform's own records and services that the public API leaves out. The clock, the logger,
 * collections, commits, events, loops and sweeps are not here: a built-in area takes them from
 * the public API like any plugin.
 */
export type PrivilegedPlatform = Omit<Platform, 'now' | 'logger' | 'store' | 'events' | 'maintenance' | 'background' | 'loopOptions'> & {
  /** What the store says of itself (its engine, what it can do, whether it answers). */
  store: Pick<Store, 'engine' | 'capabilities' | 'ping'>;
  /**
   * The event outbox as stored (the events API and analytics read it) and its durable reactions
   * (/ready reports them). Two of its members take options the public API leaves out:
   * `subscribeDurably` takes ReactionOptions, for a deferred reaction (left to a worker, not run in
   * the publishing request) written only while a condition holds (the member notices, only once a
   * plugin notifies members); `publishAll` takes `{ dispatch: false }`, for an event kept out of the
   * webhook fan-out (a test event, whose one delivery is written with it).
   */
  outbox: Pick<EventBus, 'collection' | 'subscribeInBatches' | 'reactions' | 'subscribeDurably' | 'publishAll'>;
  /** Every background loop of this instance, which /ready reports; `enabled` is false without the worker role. */
  loops: { enabled: boolean; registry: ReadonlySet<BackgroundLoop> };
};

/**
 * Core's credential rules that take the whole platform (or its store), bound to it: a built-in area
 * holds only the parts above, and these read the records and settings it would otherwise pass in.
 */
export interface PrivilegedAuth {
  /** The maker a replaced credential keeps, the caller when the maker left, or 403 `insufficient_role` (core/access.ts). */
  makerForReplacement(caller: ApiCaller, maker: Maker, what: string): Promise<Maker>;
  /** An account with its first live and test keys, and its first owner when given, in one commit (core/auth/bootstrap.ts). */
  createAccountWithKeys(input: NewAccount): Promise<CreatedAccount>;
  /** A key's successor, the old key kept working for the grace period, in one commit (core/auth/keys.ts). */
  rotateApiKey(scope: TenantScope, key: ApiKey, rotation: { graceSeconds: number; createdBy: Maker; now: Date }): Promise<{ issued: IssuedKey; old: ApiKey }>;
  /** The origin this server is reached at, whether the request came over TLS, and the dashboard's same-origin rule (core/auth/session-strategy.ts). */
  serverOrigin(request: Request): string;
  overTls(request: Request): boolean;
  assertSameOrigin(request: Request): void;
  /** Whether a caller's credential still holds: a live stream asks again while it is open (core/auth/still-valid.ts). */
  credentialStillValid(caller: ApiCaller): Promise<boolean>;
}

export interface PrivilegedApi {
  readonly platform: PrivilegedPlatform;
  readonly auth: PrivilegedAuth;
  /**
   * The area's hapi server, for what a plugin route cannot be: routes outside /api/v1 (the
   * dashboard, the docs, the OAuth endpoints, /health) or with their own authentication (the
   * widget's visitor token, sign-in), request extensions, auth strategies and hapi plugins
   * (@hapi/inert). Its routes keep the route contract like every other.
   */
  readonly server: Server;
  /**
   * A collection under any name: the built-in areas' names predate the rule that a plugin's start
   * with its name (`saved_reply_uses`, `member_presence`), and renaming them would move stored data.
   */
  collection<T>(definition: CollectionDefinition): Collection<T>;
  /**
   * A background loop that runs on every instance, not only on workers (the webhook fan-out, which
   * an API instance runs for the events it publishes itself).
   */
  loopOnEveryInstance(name: string, pass: (signal: AbortSignal) => Promise<number>): BackgroundLoop;
  /**
   * Stopped at shutdown with the loops, under the same deadline: a part with more to wind down
   * than its loops (the webhook dispatcher gives back the deliveries it claimed and writes the
   * outcomes of those in flight).
   */
  stopAtShutdown(part: { stop(deadlineMs?: number): Promise<void> }): void;
  /**
   * What this area offers the areas registered after it: `provide('directory', directory)` in
   * `chatbots` is `privileged.services.chatbots.directory` to them (and `api.services.chatbots`
   * where the public API offers it).
   */
  provide(key: string, value: unknown): void;
  /** What the built-in areas registered so far provide, by area. */
  readonly services: PluginProperties;
}

