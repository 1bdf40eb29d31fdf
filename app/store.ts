// Picks the adapter from the database URL. Each adapter is loaded when first chosen: the MongoDB
// driver alone is ~20 MB of memory that a SQLite server never uses.
import type { Store } from '../core/store/types.js';

export async function openStore(databaseUrl: string): Promise<Store> {
  if (databaseUrl.startsWith('sqlite:')) {
    const { openSqliteStore } = await import('../adapters/sqlite/index.js');
    return openSqliteStore(databaseUrl.slice('sqlite:'.length));
  }
  if (/^mongodb(\+srv)?:\/\//.test(databaseUrl)) {
    const { openMongoStore } = await import('../adapters/mongodb/index.js');
    return openMongoStore(databaseUrl);
  }
  throw new Error(`Unsupported DATABASE_URL: ${databaseUrl}`);
}
