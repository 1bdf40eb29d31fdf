// The composition root: the one place that knows the whole build. It chooses the store's adapter
// from the database URL, loads the plugins (the built-in areas, and the external ones PLUGINS
// names or a caller passes in), and hands them to core's assembly, which imports none of them.
// The command line, the tests and the benchmarks build their servers here.
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { PlatformPlugin } from '../core/plugin-api/index.js';
import type { BuiltInPlugin } from '../core/plugin-api/privileged.js';
import { checkPlugins, loadPlugins } from '../core/plugin-api/loader.js';
import { assembleServer, type PlatformServer } from '../core/server.js';
import type { Store } from '../core/store/types.js';
import { openStore } from './store.js';

export type { PlatformServer } from '../core/server.js';

export interface CreateServerOptions {
  /** Use this store instead of opening config.database.url (tests share one per file). */
  store?: Store;
  logger?: Logger;
  /** The clock for rate-limit windows, expiries and timestamps. */
  now?: () => Date;
  /** The built-in areas to load; defaults to every area of this build (plugins/index.ts). */
  plugins?: BuiltInPlugin[];
  /** External plugins (core/plugin-api) besides those config.plugins names: the testing helpers pass them in. */
  externalPlugins?: PlatformPlugin[];
  /** False: the server is built but not initialized, and the store not migrated (`migrate --dry-run`). */
  initialize?: boolean;
}

export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<PlatformServer> {
  const store = options.store ?? (await openStore(config.database.url));
  // Checked before anything registers: a bad external plugin stops the start, naming it.
  const externalPlugins = [
    ...(await loadPlugins(config.plugins)),
    ...checkPlugins((options.externalPlugins ?? []).map((plugin) => ({ source: 'in-process', plugin }))),
  ];
  // Imported only when used: a test that names its plugins loads no other area's modules.
  const plugins = options.plugins ?? (await import('../plugins/index.js')).allPlugins;
  return assembleServer(config, { store, plugins, externalPlugins, logger: options.logger, now: options.now, initialize: options.initialize });
}

/** The names of this build's built-in areas (the start-up banner counts them apart from external plugins). */
export async function builtInPluginNames(): Promise<ReadonlySet<string>> {
  return new Set((await import('../plugins/index.js')).allPlugins.map((plugin) => plugin.name));
}

/**
 * Builds the server and starts it listening, with the roles config.server.roles names: the API, and
 * on a worker the background loops and the maintenance schedule, which begin once it serves.
 */
export async function startServer(config: Config, options: CreateServerOptions = {}): Promise<PlatformServer> {
  const built = await createServer(config, options);
  await built.server.start();
  built.platform.logger.info({ uri: built.server.info.uri, store: built.platform.store.engine }, 'chatbot platform listening');
  return built;
}
