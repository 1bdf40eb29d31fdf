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
      const added = [routes].flat();
      for (const route of added) checkPluginRoute(route, fail);
      server.route(added.map(taggedApi) as ServerRoute[]);
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

/** A plugin's route is an operation of the API, which the contract marks with the tag `api` (the document leaves it out). */
function taggedApi(route: PluginRoute): PluginRoute {
  const tags = [route.options?.tags ?? []].flat();
  return tags.includes('api') ? route : { ...route, options: { ...route.options, tags: ['api', ...tags] } };
}
