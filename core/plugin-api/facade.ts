// Builds the PluginApi a plugin's `register` receives (core/plugin-api/index.ts): the platform's
// services through one narrow object, with the checks that keep an external area to the rules of
// the built-in ones (routes documented and validated, declared scopes, collections and events
// named after the plugin).
import type { Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { assertChatbotKeyAllows, assertMemberRole, assertTokenScope, chatbotKeyScope } from '../access.js';
import { BackgroundLoop } from '../background.js';
import { apiError, notFound } from '../errors.js';
import { Fetcher } from '../http/fetcher.js';
import { listQuerySchema, pageSchema, paginate, withTimeFilter } from '../pagination.js';
import { callerOf, tenantOf, type Platform } from '../platform.js';
import { ID_PREFIXES, newId as newCoreId } from '../ids.js';
import { UniqueConstraintError, VersionConflictError } from '../store/errors.js';
import type { CollectionDefinition } from '../store/types.js';
import { PLUGIN_API_VERSION, type PlatformPlugin, type PluginApi, type PluginRoute } from './index.js';

export class PluginDefinitionError extends Error {
  override name = 'PluginDefinitionError';
}

const ID_PREFIX = /^[a-z]{2,8}$/;
const BUILT_IN_PREFIXES = new Set<string>(Object.values(ID_PREFIXES));

/** `canned-responses` → `canned_responses`: the start every collection of the plugin must have. */
export function collectionPrefixOf(pluginName: string): string {
  return pluginName.replace(/-/g, '_');
}

export function createPluginApi(server: Server, platform: Platform, plugin: PlatformPlugin): PluginApi {
  const fail = (message: string) => new PluginDefinitionError(message);
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
      for (const route of [routes].flat()) checkRoute(route, fail);
      server.route([routes].flat() as ServerRoute[]);
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
      publish(tenant, event, writes) {
        checkPublished(event.type);
        return platform.events.publish(tenant, event, writes);
      },
      publishAll(tenant, events, writes) {
        events.forEach((event) => checkPublished(event.type));
        return platform.events.publishAll(tenant, events, writes);
      },
      subscribe: (type, subscriber) => platform.events.subscribe(type, subscriber),
      subscribeDurably: (type, name, reaction) => platform.events.subscribeDurably(type, `${plugin.name}.${name}`, reaction),
    },

    loop(name, pass) {
      const loop = new BackgroundLoop(`${plugin.name}.${name}`, pass, platform.logger, platform.loopOptions);
      platform.background.add(loop);
      return loop;
    },
    maintenance(name, sweep) {
      platform.maintenance.set(`${plugin.name}.${name}`, sweep);
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
    services: {
      chatbots: server.plugins.chatbots.directory,
      conversations: { facts: server.plugins.conversations.facts, visitors: server.plugins.conversations.visitors },
      knowledge: server.plugins.knowledge.retriever,
      leads: server.plugins.leads.recorder,
    },
  };
}

/** The rules every built-in route follows (test/core/route-contract.test.ts), checked as a plugin adds its routes. */
function checkRoute(route: PluginRoute, fail: (message: string) => Error): void {
  const name = `${String(route.method).toUpperCase()} ${route.path}`;
  const options = route.options ?? {};
  if (!route.path.startsWith('/') || route.path.startsWith('/api/')) throw fail(`${name}: give the path relative to /api/v1 (it is served there)`);
  if (!options.description) throw fail(`${name}: needs a description (the OpenAPI summary)`);
  if (options.auth === false) throw fail(`${name}: plugin routes take the platform's credentials; auth cannot be turned off`);
  if (options.auth !== undefined) throw fail(`${name}: plugin routes use the platform's credentials; leave auth unset`);
  const platformRules = options.plugins?.platform as Record<string, unknown> | undefined;
  if (!platformRules || !('scope' in platformRules)) throw fail(`${name}: declare plugins.platform.scope (an OAuth scope, or null for API keys only)`);
  const validate = (options.validate ?? {}) as Record<string, unknown>;
  if (/\{/.test(route.path) && !validate.params) throw fail(`${name}: validate its path parameters (validate.params)`);
  const method = String(route.method).toLowerCase();
  if (['post', 'put', 'patch'].includes(method) && !validate.payload) throw fail(`${name}: validate its body (validate.payload)`);
  const response = options.response as { schema?: unknown; status?: Record<string, unknown> } | undefined;
  if (!response || (response.schema === undefined && !response.status)) throw fail(`${name}: declare its response schema (response.schema or response.status)`);
}
