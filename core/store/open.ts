// Picks the adapter from the database URL.
import { openMongoStore } from '../../adapters/mongodb/index.js';
import { openSqliteStore } from '../../adapters/sqlite/index.js';
import type { Store } from './types.js';

export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) return openSqliteStore(databaseUrl.slice('sqlite:'.length));
  if (/^mongodb(\+srv)?:\/\//.test(databaseUrl)) {
    return openMongoStore(databaseUrl);
  }
  throw new Error(`Unsupported DATABASE_URL: ${databaseUrl}`);
}
