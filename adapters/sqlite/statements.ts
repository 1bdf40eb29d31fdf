// Prepared statements by SQL text, per database: preparing costs more than most of our queries.
import type Database from 'better-sqlite3';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const MAX_CACHED = 1000;

/** The statement for `sql`, prepared once; the oldest goes when the cache is full. */
export function prepared(db: Database.Database, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(sql, statement);
  }
  return statement;
}
