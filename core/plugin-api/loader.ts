// External plugins named by the PLUGINS setting (docs/PLUGINS.md): resolved and imported at start,
// their manifests checked (name, version, the platform API range, the events they publish), then
// registered after the built-in areas with their routes under /api/v1. Any problem stops the start
// with a message that names the plugin.
import type { Server } from '@hapi/hapi';
import Joi from 'joi';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';
import type { Platform } from '../platform.js';
import { BUILT_IN_EVENT_TYPES } from '../../common/event-types.js';
import type { RouteContractError } from '../route-contract.js';
import { createBuiltInPluginApi, createPluginApi, PluginDefinitionError } from './facade.js';
import { PLUGIN_API_VERSION, type PlatformPlugin } from './index.js';
import type { BuiltInPlugin } from './privileged.js';

export class PluginLoadError extends Error {
  override name = 'PluginLoadError';
}

const manifestSchema = Joi.object({
  name: Joi.string().pattern(/^[a-z][a-z0-9-]{1,49}$/).required(),
  version: Joi.string()
    .custom((value: string) => {
      if (!semver.valid(value)) throw new Error('not a semver version');
      return value;
    })
    .required(),
  platformApi: Joi.string()
    .custom((value: string) => {
      if (!semver.validRange(value)) throw new Error('not a semver range');
      return value;
    })
    .required(),
  events: Joi.array()
    .items(
      Joi.object({
        type: Joi.string().pattern(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/).required(),
        description: Joi.string().min(1).max(500).required(),
      }),
    )
    .unique('type')
    .default([]),
  register: Joi.function().required(),
}).unknown(true);

export interface LoadedPlugin {
  /** What PLUGINS named. */
  source: string;
  plugin: PlatformPlugin;
}

/**
 * Imports each entry of PLUGINS: a path (absolute, or starting with `.`, relative to `cwd`) to a
 * package folder or a module file, or a package name resolved from `cwd`'s node_modules. Checks
 * the manifests; throws PluginLoadError naming the entry.
 */
export async function loadPlugins(entries: readonly string[], cwd = process.cwd()): Promise<LoadedPlugin[]> {
  const imported: Array<{ source: string; plugin: unknown }> = [];
  for (const source of entries) {
    try {
      const module = (await import(pathToFileURL(resolveEntry(source, cwd)).href)) as { default?: unknown };
      imported.push({ source, plugin: module.default });
    } catch (error) {
      throw new PluginLoadError(`Plugin ${source}: cannot be loaded: ${(error as Error).message}`);
    }
  }
  return checkPlugins(imported);
}

/**
 * Checks manifests (each, and against each other and the event types already `taken`); throws
 * PluginLoadError naming the plugin. External plugins are checked against the built-in event types;
 * the built-in areas, against each other only.
 */
export function checkPlugins(candidates: ReadonlyArray<{ source: string; plugin: unknown }>, taken: Iterable<string> = BUILT_IN_EVENT_TYPES): LoadedPlugin[] {
  const loaded: LoadedPlugin[] = [];
  const names = new Set<string>();
  const eventTypes = new Set<string>(taken);
  for (const { source, plugin: candidate } of candidates) {
    if (typeof candidate !== 'object' || candidate === null) {
      throw new PluginLoadError(`Plugin ${source}: its default export must be an object with name, version, platformApi and register (docs/PLUGINS.md)`);
    }
    const { error, value } = manifestSchema.validate(candidate, { abortEarly: false });
    if (error) {
      const name = (candidate as { name?: unknown }).name;
      const named = typeof name === 'string' && name.length <= 100 ? `${name} (${source})` : source;
      throw new PluginLoadError(`Plugin ${named}: its default export is not a platform plugin: ${error.message}`);
    }
    const plugin = value as PlatformPlugin;
    const label = labelOf({ source, plugin });
    if (!semver.satisfies(PLUGIN_API_VERSION, plugin.platformApi)) {
      throw new PluginLoadError(`Plugin ${label} needs the platform plugin API ${plugin.platformApi}; this server has ${PLUGIN_API_VERSION}`);
    }
    if (names.has(plugin.name)) throw new PluginLoadError(`Plugin ${label}: another plugin is already called ${plugin.name}`);
    names.add(plugin.name);
    for (const event of plugin.events ?? []) {
      if (eventTypes.has(event.type)) throw new PluginLoadError(`Plugin ${label}: the event type ${event.type} is already taken`);
      eventTypes.add(event.type);
    }
    loaded.push({ source, plugin });
  }
  return loaded;
}

function resolveEntry(source: string, cwd: string): string {
  if (path.isAbsolute(source) || source.startsWith('.')) {
    const target = path.resolve(cwd, source);
    if (!existsSync(target)) throw new Error(`${target} does not exist`);
    // A folder is a package: its package.json's exports or main, as an import of it would find.
    return existsSync(path.join(target, 'package.json')) ? createRequire(path.join(target, 'noop.js')).resolve(target) : target;
  }
  return createRequire(path.join(cwd, 'noop.js')).resolve(source);
}

/**
 * Registers the built-in areas, in order: each a hapi plugin of its name, whose register gets the
 * public API and the privileged part (core/plugin-api/privileged.ts).
 */
export async function registerBuiltIns(server: Server, platform: Platform, plugins: readonly BuiltInPlugin[]): Promise<void> {
  // The manifest rules of every plugin: a name, a semver version, the API range, declared events.
  checkPlugins(plugins.map((plugin) => ({ source: 'built-in', plugin })), []);
  for (const plugin of plugins) {
    await server.register({ name: plugin.name, version: plugin.version, register: (pluginServer) => plugin.register(createBuiltInPluginApi(pluginServer, platform, plugin)) });
  }
}

/** Registers loaded plugins after the built-in ones (their routes go under /api/v1 as they add them). */
export async function registerPlugins(server: Server, platform: Platform, plugins: readonly LoadedPlugin[]): Promise<void> {
  for (const { source, plugin } of plugins) {
    try {
      await server.register({
        name: plugin.name,
        version: plugin.version,
        register: (pluginServer) => plugin.register(createPluginApi(pluginServer, platform, plugin)),
      });
    } catch (error) {
      const reason = error instanceof PluginDefinitionError ? error.message : `its register failed: ${(error as Error).message}`;
      throw new PluginLoadError(`Plugin ${labelOf({ source, plugin })}: ${reason}`);
    }
  }
}

/**
 * A route that breaks the route contract (core/route-contract.ts) told as its plugin's error when
 * an external plugin added it: the plugin named as everywhere here, the path as the plugin gave it.
 */
export function asPluginError(error: RouteContractError, plugins: readonly LoadedPlugin[]): Error {
  const { route, rule } = error;
  const owner = plugins.find(({ plugin }) => plugin.name === route.realm.plugin);
  if (!owner) return error;
  const given = route.path.slice('/api/v1'.length) || '/';
  return new PluginLoadError(`Plugin ${labelOf(owner)}: ${route.method.toUpperCase()} ${given}: ${rule}`);
}

function labelOf({ source, plugin }: LoadedPlugin): string {
  return `${plugin.name}@${plugin.version} (${source})`;
}
