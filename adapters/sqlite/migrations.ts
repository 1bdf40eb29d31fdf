// Versioned migrations of the adapter's own tables, applied in order and recorded in _migrations.
// Collection tables are not listed here: they follow the collections plugins declare, and the
// adapter records each collection's definition in _collections (see schema.ts).
import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'counters',
    sql: `CREATE TABLE _counters (
            scope_key TEXT NOT NULL,
            name TEXT NOT NULL,
            value INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            PRIMARY KEY (scope_key, name)
          ) WITHOUT ROWID;
          CREATE INDEX _counters_expiry ON _counters (expires_at);`,
  },
  {
    version: 2,
    name: 'collections registry',
    sql: `CREATE TABLE _collections (
            name TEXT PRIMARY KEY,
            definition TEXT NOT NULL,
            updated_at TEXT NOT NULL
          );`,
  },
  {
    version: 3,
    name: 'schema version record',
    sql: `CREATE TABLE _meta (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
          );`,
  },
];

/** The migrations this build knows, by version and name (for the schema check and migrate --dry-run). */
export const KNOWN_MIGRATIONS = MIGRATIONS.map(({ version, name }) => ({ version, name }));

export function runMigrations(db: Database.Database): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
             version INTEGER PRIMARY KEY,
             name TEXT NOT NULL,
             applied_at TEXT NOT NULL
           )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM _migrations').all() as { version: number }[]).map((row) => row.version),
  );
  const newlyApplied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    // BEGIN IMMEDIATE via transaction(): a second process starting at the same moment waits,
    // then sees the row and skips the migration.
    db.transaction(() => {
      const already = db.prepare('SELECT 1 FROM _migrations WHERE version = ?').get(migration.version);
      if (already) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO _migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      newlyApplied.push(migration.version);
    }).immediate();
  }
  return newlyApplied;
}
