// The one place where better-sqlite3's errors become core's typed store errors.
import {
  DocumentRejectedError,
  StoreError,
  StoreUnavailableError,
  UniqueConstraintError,
} from '../../core/store/errors.js';

interface SqliteErrorLike {
  code?: string;
  message: string;
}

/** Index name → the fields it covers, so a constraint failure can name the fields. */
export type IndexFieldLookup = (indexName: string) => string[] | undefined;

export function mapSqliteError(error: unknown, collection: string, indexFields: IndexFieldLookup): Error {
  if (error instanceof StoreError) return error;
  const { code, message } = (error ?? {}) as SqliteErrorLike;
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new UniqueConstraintError(collection, ['id'], { cause: error });
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
    // "UNIQUE constraint failed: index 'ix_chatbots_ab12'" for expression indexes.
    const indexName = /index '([^']+)'/.exec(message ?? '')?.[1];
    const fields = (indexName && indexFields(indexName)) || ['id'];
    return new UniqueConstraintError(collection, fields, { cause: error });
  }
  // The json_valid CHECK on every document (too deep for SQLite's JSON functions), or a value over
  // SQLite's size limit: the data is the problem, not the store.
  if (code === 'SQLITE_CONSTRAINT_CHECK' || code === 'SQLITE_TOOBIG') {
    return new DocumentRejectedError(`SQLite cannot store this ${collection} document (${code})`, { cause: error });
  }
  // Extended codes too: SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT, …
  if (code && /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB)/.test(code)) {
    return new StoreUnavailableError(`SQLite is unavailable (${code})`, { cause: error });
  }
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) {
    return new StoreUnavailableError('The SQLite database is closed', { cause: error });
  }
  return error instanceof Error ? error : new StoreError(String(error));
}
