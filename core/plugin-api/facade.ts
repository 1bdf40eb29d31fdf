// Builds the PluginApi a plugin's `register` receives (core/plugin-api/index.ts): the platform's
// services through one narrow object, with the checks that keep an external area to the rules of
// the built-in ones (routes documented and validated, declared scopes, collections and events
// named after the plugin).
import type { PluginProperties, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { assertChatbotKeyAllows, assertMemberRole, assertTokenScope, chatbotKeyScope, makerForReplacement } from '../access.js';
import { createAccountWithKeys } from '../auth/bootstrap.js';
import { rotateApiKey } from '../auth/keys.js';
import { assertSameOrigin, overTls, serverOrigin } from '../auth/session-strategy.js';
import { credentialStillValid } from '../auth/still-valid.js';
import { BackgroundLoop } from '../background.js';
import { apiError, notFound } from '../errors.js';
import { Fetcher } from '../http/fetcher.js';
import { listQuerySchema, pageSchema, paginate, withTimeFilter } from '../pagination.js';
import { callerOf, tenantOf, type Platform } from '../platform.js';
import { ID_PREFIXES, newId as newCoreId } from '../ids.js';
import { UniqueConstraintError, VersionConflictError } from '../store/errors.js';
import type { CollectionDefinition } from '../store/types.js';
import { PLUGIN_API_VERSION, type PlatformPlugin, type PluginApi, type PluginRoute } from './index.js';
import type { BuiltInPlugin, BuiltInPluginApi, PrivilegedApi, PrivilegedAuth, PrivilegedPlatform } from './privileged.js';

export class PluginDefinitionError extends Error {
  override name = 'PluginDefinitionError';
}

const ID_PREFIX = /^[a-z]{2,8}$/;
const BUILT_IN_PREFIXES = new Set<string>(Object.values(ID_PREFIXES));

/** `canned-responses` → `canned_responses`: the start every collection of the plugin must have. */
export function collectionPrefixOf(pluginName: string): string {
  return pluginName.replace(/-/g, '_');
}

export interface PluginApiOptions {
  /**
   * A built-in area: its loops, durable reactions and sweeps keep the names given (they are stored
   * in jobs and reported by /ready and the metrics under names older than the plugin API), where an
   * external plugin's are put under its name.
   */
  builtIn?: boolean;
}

export function createPluginApi(server: Server, platform: Platform, plugin: Pick<PlatformPlugin, 'name' | 'version' | 'events'>, options: PluginApiOptions = {}): PluginApi {
  const fail = (message: string) => new PluginDefinitionError(message);
  const named = (name: string) => (options.builtIn ? name : `${plugin.name}.${name}`);
  const declaredEvents = new Set((plugin.events ?? []).map((event) => event.type));
  const checkPrefix = (prefix: string) => {
    if (!ID_PREFIX.test(prefix)) throw fail(`id prefix "${prefix}" must be 2 to 8 lower-case letters`);
    if (BUILT_IN_PREFIXES.has(prefix)) throw fail(`id prefix "${prefix}" belongs to the platform`);
  };
  const ownCollections = new Set<string>();
  const checkPublished = (type: string) => {
    if (!declaredEvents.has(type)) throw fail(`publishes "${type}", which its manifest's \`events\` does not declare`);
  };

  return {
    plugin: { name: plugin.name, version: plugin.version },
    apiVersion: PLUGIN_API_VERSION,
    Joi,
    logger: platform.logger.child({ plugin: plugin.name }),
    now: () => platform.now(),

    route(routes) {
      const added = [routes].flat();
      for (const route of added) checkPluginRoute(route, fail);
      server.route(added.map((route) => underApiV1(taggedApi(route))) as ServerRoute[]);
    },

    collection<T>(definition: CollectionDefinition) {
      const prefix = collectionPrefixOf(plugin.name);
      if (definition.name !== prefix && !definition.name.startsWith(`${prefix}_`)) {
        throw fail(`collection "${definition.name}" must be named "${prefix}" or start with "${prefix}_"`);
      }
      // A name the platform or another plugin declared (a plugin called `api` and `api_keys`) is theirs.
      if (platform.store.isDeclared(definition.name) && !ownCollections.has(definition.name)) {
        throw fail(`collection "${definition.name}" belongs to the platform or another plugin`);
      }
      ownCollections.add(definition.name);
      return platform.store.collection<T>(definition);
    },
    commit: (ops) => platform.store.commit(ops),
    counters: platform.store.counters,

    events: {
      // Async, so an undeclared type is a rejection like any failed publish, not a throw.
      async publish(tenant, event, writes) {
        checkPublished(event.type);
        return platform.events.publish(tenant, event, writes);
      },
      async publishAll(tenant, events, writes) {
        events.forEach((event) => checkPublished(event.type));
        return platform.events.publishAll(tenant, events, writes);
      },
      subscribe: (type, subscriber) => platform.events.subscribe(type, subscriber),
      subscribeDurably: (type, name, reaction) => platform.events.subscribeDurably(type, named(name), reaction),
    },

    loop(name, pass) {
      const loop = new BackgroundLoop(named(name), pass, platform.logger, platform.loopOptions);
      platform.background.add(loop);
      return loop;
    },
    maintenance(name, sweep) {
      platform.maintenance.set(named(name), sweep);
    },
    fetcher: (limits = {}) =>
      new Fetcher({ allowedCidrs: platform.config.fetch.allowed_cidrs, egressCidrs: platform.config.egress.allowed_cidrs, limits: { ...platform.config.fetch, ...limits } }),

    ids: {
      newId(prefix) {
        checkPrefix(prefix);
        return newCoreId(prefix as never, platform.now().getTime());
      },
      idSchema(prefix) {
        checkPrefix(prefix);
        return Joi.string().description(`An id of the form ${prefix}_<ulid>`);
      },
    },
    pagination: { listQuery: listQuerySchema, pageSchema, paginate, withTimeFilter },
    errors: {
      apiError,
      notFound,
      isUniqueViolation: (error) => error instanceof UniqueConstraintError,
      isVersionConflict: (error) => error instanceof VersionConflictError,
    },
    request: { callerOf, tenantOf, chatbotKeyScope, assertChatbotKeyAllows, assertTokenScope, assertMemberRole },
    sendInvitationsWith(sender) {
      if (platform.sendInvitation) throw fail('another plugin already sends the invitations');
      platform.sendInvitation = sender;
    },
    notifyMembersWith(notifier) {
      if (platform.notifyMembers) throw fail('another plugin already notifies the members');
      platform.notifyMembers = notifier;
    },
    // Read when used: a built-in area gets its api before the areas registered after it provide theirs.
    services: {
      get chatbots() {
        return providedBy(server, 'chatbots').directory;
      },
      get conversations() {
        const { facts, visitors } = providedBy(server, 'conversations');
        return { facts, visitors };
      },
      get knowledge() {
        return providedBy(server, 'knowledge').retriever;
      },
      get leads() {
        return providedBy(server, 'leads').recorder;
      },
    },
  };
}

/** What a built-in area provides (PrivilegedApi.provide), or an error naming the area that is not registered yet. */
export function providedBy<K extends keyof PluginProperties>(server: Server, area: K): PluginProperties[K] {
  const provided = (server.plugins as Partial<PluginProperties>)[area];
  if (!provided) throw new PluginDefinitionError(`the ${area} area is not registered (yet): register this area after it`);
  return provided;
}

/** The built-in area's api: the public one and the privileged part (core/plugin-api/privileged.ts). */
export function createBuiltInPluginApi(server: Server, platform: Platform, plugin: BuiltInPlugin): BuiltInPluginApi {
  const api = createPluginApi(server, platform, plugin, { builtIn: true });
  // Read through to the platform, so what a plugin sets later (the invitation sender) is seen.
  const privilegedPlatform = Object.create(platform, {
    store: { value: { engine: platform.store.engine, capabilities: platform.store.capabilities, ping: () => platform.store.ping() } },
    outbox: { value: platform.events },
    loops: { value: platform.loopOptions },
  }) as PrivilegedPlatform;
  const privileged: PrivilegedApi = {
    platform: privilegedPlatform,
    auth: privilegedAuth(platform),
    server,
    collection: <T>(definition: CollectionDefinition) => platform.store.collection<T>(definition),
    loopOnEveryInstance(name, pass) {
      const loop = new BackgroundLoop(name, pass, platform.logger, { registry: platform.loopOptions.registry });
      platform.background.add(loop);
      return loop;
    },
    stopAtShutdown: (part) => platform.background.add(part),
    provide: (key, value) => server.expose(key, value),
    // An area not registered (yet) is an error naming it, as in api.services, not undefined.
    services: new Proxy(server.plugins, { get: (_plugins, area) => (typeof area === 'string' ? providedBy(server, area as keyof PluginProperties) : undefined) }),
  };
  return Object.assign(api, { privileged });
}

function privilegedAuth(platform: Platform): PrivilegedAuth {
  return {
    makerForReplacement: (caller, maker, what) => makerForReplacement(platform, caller, maker, what),
    createAccountWithKeys: (input) => createAccountWithKeys(platform, input),
    rotateApiKey: (scope, key, rotation) => rotateApiKey(platform.store, platform.apiKeys, scope, key, rotation),
    serverOrigin: (request) => serverOrigin(platform, request),
    overTls: (request) => overTls(platform, request),
    assertSameOrigin: (request) => assertSameOrigin(platform, request),
    credentialStillValid: (caller) => credentialStillValid(platform, caller),
  };
}

/**
 * What an external plugin may not add: routes outside /api/v1 or with auth of their own. The
 * contract every route keeps (description, validation, response schema, scope) is checked for all
 * routes at start (core/route-contract.ts).
 */
function checkPluginRoute(route: PluginRoute, fail: (message: string) => Error): void {
  const name = `${String(route.method).toUpperCase()} ${route.path}`;
  const options = route.options ?? {};
  if (!route.path.startsWith('/') || route.path.startsWith('/api/')) throw fail(`${name}: give the path relative to /api/v1 (it is served there)`);
  if (options.auth === false) throw fail(`${name}: plugin routes take the platform's credentials; auth cannot be turned off`);
  if (options.auth !== undefined) throw fail(`${name}: plugin routes use the platform's credentials; leave auth unset`);
}

/** A plugin gives its paths relative to /api/v1 (`/` is /api/v1 itself). */
function underApiV1(route: PluginRoute): PluginRoute {
  return { ...route, path: route.path === '/' ? '/api/v1' : `/api/v1${route.path}` };
}

/** A plugin's route is an operation of the API, which the contract marks with the tag `api` (the document leaves it out). */
function taggedApi(route: PluginRoute): PluginRoute {
  const tags = [route.options?.tags ?? []].flat();
  return tags.includes('api') ? route : { ...route, options: { ...route.options, tags: ['api', ...tags] } };
}
