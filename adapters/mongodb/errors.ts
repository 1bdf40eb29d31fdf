// The one place where the MongoDB driver's errors become core's typed store errors.
import {
  BSON,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import {
  DocumentRejectedError,
  StoreError,
  StoreUnavailableError,
  UniqueConstraintError,
} from '../../core/store/errors.js';

const DUPLICATE_KEY = 11000;
/** Server codes for a document the server will not keep: too large, too deeply nested. */
const DOCUMENT_REJECTED = new Set([10334, 15, 17419, 17420]);
/** FerretDB says it in words, under generic codes: documents too deep for its JSON, nested arrays. */
const FERRETDB_DOCUMENT_REJECTED = /malformed JSON|nested arrays are not supported/;

function isDocumentRejection(error: MongoError): boolean {
  return DOCUMENT_REJECTED.has(Number(error.code)) || FERRETDB_DOCUMENT_REJECTED.test(error.message);
}

/** Server codes for "cannot write now": no primary, stepping down, shutting down, read-only. */
const NOT_WRITABLE = new Set([10107, 13435, 11600, 11602, 189, 91, 13436, 10058, 20]);

/** Server codes for "busy now, try again": a write conflict, a lock not had in time. */
const BUSY = new Set([112, 24]);

/**
 * FerretDB on its SQLite backend says a locked database in SQLite's words, under a generic code,
 * after its own wait: the database is busy (another connection writes), not broken.
 */
const FERRETDB_BUSY = /database is locked|SQLITE_BUSY/;

/** A store that is momentarily busy or in conflict: the request may be tried again (a 503 with Retry-After, never a 500). */
function isBusy(error: MongoError): boolean {
  return BUSY.has(Number(error.code)) || error.hasErrorLabel('TransientTransactionError') || FERRETDB_BUSY.test(error.message);
}

/** Index name → the fields it covers, so a duplicate-key failure can name the fields. */
export type IndexFieldLookup = (indexName: string) => string[] | undefined;

/**
 * FerretDB 1.x answers an update (findAndModify) that breaks a unique index with its SQLite
 * backend's error under a generic code, not 11000; inserts get 11000.
 */
const FERRETDB_UNIQUE_VIOLATION = /UNIQUE constraint failed/;

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoError && (Number(error.code) === DUPLICATE_KEY || FERRETDB_UNIQUE_VIOLATION.test(error.message));
}

export function mapMongoError(error: unknown, collection: string, indexFields: IndexFieldLookup): Error {
  if (error instanceof StoreError) return error;
  if (isDuplicateKeyError(error)) {
    // Inserts and updates name the fields themselves (collection.ts); this catches the rest.
    const indexName = /index: (\S+)/.exec((error as Error).message)?.[1];
    const fields = indexName === '_id_' ? ['id'] : (indexName && indexFields(indexName)) || ['id'];
    return new UniqueConstraintError(collection, fields, { cause: error });
  }
  if (error instanceof BSON.BSONError || (error instanceof MongoError && isDocumentRejection(error))) {
    return new DocumentRejectedError(`MongoDB cannot store this ${collection} document`, { cause: error });
  }
  if (error instanceof MongoError && (NOT_WRITABLE.has(Number(error.code)) || error.hasErrorLabel('RetryableWriteError'))) {
    return new StoreUnavailableError('MongoDB cannot take writes now', { cause: error });
  }
  if (error instanceof MongoError && isBusy(error)) {
    return new StoreUnavailableError('MongoDB is busy', { cause: error });
  }
  if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError) {
    return new StoreUnavailableError('MongoDB is unavailable', { cause: error });
  }
  if (error instanceof MongoTopologyClosedError || error instanceof MongoNotConnectedError) {
    return new StoreUnavailableError('The MongoDB client is closed', { cause: error });
  }
  return error instanceof Error ? error : new StoreError(String(error));
}
