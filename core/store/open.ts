// Picks the adapter from the database URL.
import { openSqliteStore } from '../../adapters/sqlite/index.js';
import type { Store } from './types.js';

export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl.slice('sqlite:'.length));
  if (/^mongodb(\+srv)?:\/\//.test(databaseUrl)) {
    throw new Error('The MongoDB adapter is not part of this build yet; use DATABASE_URL=sqlite:<path>.');
  }
  throw new Error(`Unsupported DATABASE_URL: ${databaseUrl}`);
}
