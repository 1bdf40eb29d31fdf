// The version of the stored data's shape (issue 32, "Upgrades"). Each release's store records the
// highest version that migrated it; a server older than its data refuses to start, because it
// would drop the indexes a newer one made (an adapter drops indexes no longer declared) and
// misread fields it does not know. `chatbot-platform migrate --dry-run` lists what a newer server
// would change (describePendingChanges), without changing anything.
//
// When a release changes a collection definition, add the next version to STORE_SCHEMA_HISTORY
// with the fingerprint test/core/schema-version.test.ts prints (and raise it for a new adapter
// migration too): that test fails while the built-in definitions differ from the newest entry, and
// while an entry repeats an older fingerprint, so a change cannot ship without its version.
import type { CollectionDefinition, IndexDefinition } from './types.js';

/**
 * Each version's SHA-256 of the built-in collection definitions as the registry stores them, sorted
 * by name. Entries are added, never edited: the newest is this build's.
 */
export const STORE_SCHEMA_HISTORY: Readonly<Record<number, string>> = {
  1: '31f69f6ccc2903daabda6023d8af831ab30b92c7ce86d5941b96378ef0bf2282',
  // widget_identities (issue 33: a verified visitor's last conversation).
  2: '5dce4cd16402cc905f483da4052d3917219ab7af816850ad91308ddc2a2244f3',
  // conversation_attachments and conversation_attachment_chunks (issue 33: files in conversations).
  3: 'da9973fdf4180652639908982b370e02d17ee888f2a961512a89832b9906773b',
  // Sparse indexes (issue 36): conversations' lead_id, ended_at, resolution_at, csat_at and messages' feedback_at.
  4: '20d7d08764eec07a874203e4c5b3a1843e518efec4def90d767d4195ae13aef2',
};
export const STORE_SCHEMA_VERSION = Math.max(...Object.keys(STORE_SCHEMA_HISTORY).map(Number));

export class StoreNewerThanServerError extends Error {
  override name = 'StoreNewerThanServerError';
}

/** What a store records of its shape (read before anything is changed). */
export interface StoredSchema {
  /** The version that last migrated it; null for a new store or one from before versions were kept. */
  version: number | null;
  /** The adapter's own migrations applied to it. */
  appliedMigrations: number[];
  /** The collection definitions recorded by the last server that synced them, by name. */
  collections: Map<string, CollectionDefinition>;
  /** Whether the store holds anything at all yet. */
  empty: boolean;
}

export interface ServerSchema {
  version: number;
  migrations: Array<{ version: number; name: string }>;
  collections: CollectionDefinition[];
}

/** Throws StoreNewerThanServerError when the store was migrated by a newer server than this one. */
export function assertServerNotOlder(stored: StoredSchema, server: Pick<ServerSchema, 'version' | 'migrations'>): void {
  const known = new Set(server.migrations.map((migration) => migration.version));
  const unknown = stored.appliedMigrations.filter((version) => !known.has(version));
  if ((stored.version ?? 0) > server.version || unknown.length > 0) {
    throw new StoreNewerThanServerError(
      `The store was migrated by a newer version of chatbot-platform (store schema ${stored.version ?? '?'}, this server knows ${server.version}): ` +
        'run that version or a newer one; an older server would undo its changes',
    );
  }
}

/**
 * What init() would change, one line each, in the order it would; empty when the store is up to date.
 * A store newer than this server is refused, as init() refuses it.
 */
export function describePendingChanges(stored: StoredSchema, server: ServerSchema): string[] {
  assertServerNotOlder(stored, server);
  if (stored.empty) return [`a new store: create ${server.collections.length} collections at schema version ${server.version}`];
  const lines: string[] = [];
  if ((stored.version ?? 0) < server.version) lines.push(`schema version ${stored.version ?? '(none recorded)'} → ${server.version}`);
  const applied = new Set(stored.appliedMigrations);
  for (const migration of server.migrations) if (!applied.has(migration.version)) lines.push(`adapter migration ${migration.version}: ${migration.name}`);
  for (const definition of [...server.collections].sort((a, b) => a.name.localeCompare(b.name))) {
    const before = stored.collections.get(definition.name);
    if (!before) {
      lines.push(`create collection ${definition.name}${definition.indexes?.length ? ` with ${definition.indexes.length} indexes` : ''}`);
      continue;
    }
    lines.push(...collectionChanges(before, definition).map((change) => `collection ${definition.name}: ${change}`));
  }
  // A collection recorded but no longer declared is left as it is (init does not touch it): not a change.
  return lines;
}

const indexKey = (index: IndexDefinition) =>
  JSON.stringify({ fields: index.fields, unique: Boolean(index.unique), acrossTenants: Boolean(index.acrossTenants), sparse: Boolean(index.sparse) });
const indexText = (index: IndexDefinition) =>
  `(${index.fields.join(', ')})${index.unique ? ' unique' : ''}${index.acrossTenants ? ' across tenants' : ''}${index.sparse ? ' sparse' : ''}`;

function collectionChanges(before: CollectionDefinition, after: CollectionDefinition): string[] {
  const changes: string[] = [];
  const had = new Set((before.indexes ?? []).map(indexKey));
  const has = new Set((after.indexes ?? []).map(indexKey));
  for (const index of after.indexes ?? []) if (!had.has(indexKey(index))) changes.push(`add index ${indexText(index)}`);
  for (const index of before.indexes ?? []) if (!has.has(indexKey(index))) changes.push(`drop index ${indexText(index)}`);
  if (after.upgrade && after.upgrade.missing !== before.upgrade?.missing) changes.push(`give stored documents without ${after.upgrade.missing} its default`);
  if (after.search?.field !== before.search?.field) {
    changes.push(after.search ? `build term search over ${after.search.field}` : 'drop its term search');
  }
  if (after.claims?.dueField !== before.claims?.dueField && after.claims) changes.push(`work queue on ${after.claims.dueField}`);
  if (after.binary?.field !== before.binary?.field && after.binary) changes.push(`keep ${after.binary.field} as bytes`);
  if (changes.length === 0 && JSON.stringify(before) !== JSON.stringify(after)) changes.push('record its new definition');
  return changes;
}
