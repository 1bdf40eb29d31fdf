// What `serve` says when it has started (issue 32): on a terminal (pretty logs) a short banner a
// person reads: version, store, where the dashboard and the API docs are, the first-run setup
// code while the store has no account, the roles and the plugins. The setup code also goes to the
// log in every format, so an operator reading a collector's JSON finds it too.
import { readFileSync } from 'node:fs';
import type { Server } from '@hapi/hapi';
import type { Config } from '../config/index.js';
import { FirstRun, setupCode } from '../core/auth/first-run.js';
import { projectPath } from '../core/paths.js';
import type { Platform } from '../core/platform.js';
import { withoutCredentials } from './startup-errors.js';

export function productVersion(): string {
  return (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The address a person opens: the public URL, else this host (localhost for a wildcard one) on the
 * port the server listens on, or, for a command run beside it, the configured one.
 */
export function browserBase(config: Config, listening: { protocol: string; port: number | string } = { protocol: 'http', port: config.server.port }): string {
  if (config.server.public_url) return config.server.public_url.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.server.host) ? 'localhost' : config.server.host;
  return `${listening.protocol}://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
}

function storeLine(config: Config): string {
  const url = config.database.url;
  return url.startsWith('sqlite:') ? `SQLite, ${url.slice('sqlite:'.length)}` : `MongoDB, ${withoutCredentials(url)}`;
}

/** Plugins loaded from PLUGINS (or the config), by name and version; the built-in areas are not listed. */
function externalPlugins(server: Server, builtIn: ReadonlySet<string>): string[] {
  return Object.values(server.registrations)
    .filter((registration) => !builtIn.has(registration.name) && !registration.name.startsWith('@') && !registration.name.startsWith('hapi-'))
    .map((registration) => `${registration.name}@${registration.version}`);
}

export interface StartupFacts {
  base: string;
  setupCode: string | null;
}

/** Logs the first-run setup code when the store has none yet, and returns what the banner shows. */
export async function startupFacts(config: Config, server: Server, platform: Platform): Promise<StartupFacts> {
  const base = browserBase(config, server.info);
  const open = config.server.roles.includes('api') && (await new FirstRun(platform.store, platform.accounts).isOpen());
  const code = open ? setupCode(config) : null;
  if (code) {
    // At warn: a server logging only warnings and errors still tells the operator the code.
    platform.logger.warn({ setup_url: `${base}/dashboard`, setup_code: code }, `first run: open ${base}/dashboard and create the first account with the setup code ${code}`);
  }
  return { base, setupCode: code };
}

export function banner(config: Config, server: Server, facts: StartupFacts, builtInPlugins: ReadonlySet<string>): string {
  const external = externalPlugins(server, builtInPlugins);
  const lines = [
    `chatbot-platform ${productVersion()}`,
    `  Store:      ${storeLine(config)}`,
    ...(config.server.roles.includes('api')
      ? [`  Dashboard:  ${facts.base}/dashboard`, `  API docs:   ${facts.base}/docs`]
      : [`  Listening:  ${facts.base} (worker: /health, /ready and /metrics only)`]),
    `  Roles:      ${config.server.roles.join(', ')}`,
    `  Plugins:    ${builtInPlugins.size} built-in${external.length ? `, and ${external.join(', ')}` : ''}`,
  ];
  if (facts.setupCode) {
    lines.push('', `  Setup code: ${facts.setupCode}`, '  First run: open the dashboard and create the first account with this code.');
  }
  return `\n${lines.join('\n')}\n\n`;
}
