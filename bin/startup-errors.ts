// What the command line says when the server cannot start: one line an operator can act on, and
// exit code 78 (EX_CONFIG: the environment is wrong, not the program), never a stack trace. The
// causes named here are the environment's (a port taken, a data directory that cannot be used, a
// store that cannot be reached or read); anything else is a bug and keeps its stack.
import path from 'node:path';
import { ConfigError, type Config } from '../config/index.js';
import { PluginLoadError } from '../core/plugin-api/loader.js';
import { StoreUnavailableError } from '../core/store/errors.js';
import { StoreNewerThanServerError } from '../core/store/schema-version.js';

export const EX_CONFIG = 78;

/** SQLite's codes for a file or disk it cannot use; the others (SQLITE_ERROR: no such column) are bugs. */
const SQLITE_ENVIRONMENT = /^SQLITE_(NOTADB|CANTOPEN|CORRUPT|READONLY|PERM|FULL|IOERR)/;

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  path?: string;
  port?: number;
  address?: string;
}

/** The one line for an error the environment caused, or null for one that is a bug. */
export function startupFailure(error: unknown, config: Pick<Config, 'data_dir' | 'database' | 'server'> | null): string | null {
  if (error instanceof ConfigError || error instanceof PluginLoadError || error instanceof StoreNewerThanServerError) return error.message;
  if (!(error instanceof Error)) return null;
  const system = error as SystemError;
  if (system.syscall === 'listen') return listenFailure(system, config);
  if ((system.syscall === 'mkdir' || system.syscall === 'open') && system.path && config && inDataDirectory(system.path, config)) {
    return `The data directory cannot be used: ${reasonOf(system)} (${system.path}; DATA_DIR or DATABASE_URL names another)`;
  }
  if (system.code && SQLITE_ENVIRONMENT.test(system.code)) {
    const file = config?.database.url.startsWith('sqlite:') ? config.database.url.slice('sqlite:'.length) : 'the database';
    return `The SQLite database ${file} cannot be opened: ${error.message} (${system.code})`;
  }
  if (error instanceof StoreUnavailableError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `The store at ${config ? withoutCredentials(config.database.url) : 'DATABASE_URL'} cannot be reached (${error.message}${cause})`;
  }
  return null;
}

function listenFailure(error: SystemError, config: Pick<Config, 'server'> | null): string | null {
  const where = `${error.address ?? config?.server.host ?? ''}:${error.port ?? config?.server.port ?? ''}`;
  if (error.code === 'EADDRINUSE') return `Cannot listen on ${where}: another program listens there (stop it, or set PORT to another port)`;
  if (error.code === 'EACCES') return `Not allowed to listen on ${where}: ports below 1024 need privileges (set PORT to 1024 or above)`;
  if (error.code === 'EADDRNOTAVAIL') return `Cannot listen on ${where}: no network interface of this machine has that address (set HOST)`;
  return null;
}

/** The data directory, the database file's folder, or a path on the way to either (mkdir -p reports any of them). */
function inDataDirectory(file: string, config: Pick<Config, 'data_dir' | 'database'>): boolean {
  const folders = [path.resolve(config.data_dir)];
  if (config.database.url.startsWith('sqlite:')) folders.push(path.dirname(path.resolve(config.database.url.slice('sqlite:'.length))));
  const target = path.resolve(file);
  return folders.some((folder) => target === folder || folder.startsWith(`${target}${path.sep}`) || target.startsWith(`${folder}${path.sep}`));
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'a file is in the way where a directory should be',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EISDIR: 'a directory is where the database file should be',
};

function reasonOf(error: SystemError): string {
  return REASONS[error.code ?? ''] ?? error.code ?? error.message;
}

/** A database URL with its user name and password left out: start-up lines end up in logs. */
export function withoutCredentials(url: string): string {
  return url.replace(/^(mongodb(?:\+srv)?:\/\/)[^@/]*@/, '$1***@');
}
