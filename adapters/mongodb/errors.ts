// The one place where the MongoDB driver's errors become core's typed store errors.
import {
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import {
  StoreError,
  StoreUnavailableError,
  UniqueConstraintError,
} from '../../core/store/errors.js';

const DUPLICATE_KEY = 11000;

/** Index name → the fields it covers, so a duplicate-key failure can name the fields. */
export type IndexFieldLookup = (indexName: string) => string[] | undefined;

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoError && Number(error.code) === DUPLICATE_KEY;
}

export function mapMongoError(error: unknown, collection: string, indexFields: IndexFieldLookup): Error {
  if (error instanceof StoreError) return error;
  if (isDuplicateKeyError(error)) {
    // Inserts and updates name the fields themselves (collection.ts); this catches the rest.
    const indexName = /index: (\S+)/.exec((error as Error).message)?.[1];
    const fields = indexName === '_id_' ? ['id'] : (indexName && indexFields(indexName)) || ['id'];
    return new UniqueConstraintError(collection, fields, { cause: error });
  }
  if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError) {
    return new StoreUnavailableError('MongoDB is unavailable', { cause: error });
  }
  if (error instanceof MongoTopologyClosedError || error instanceof MongoNotConnectedError) {
    return new StoreUnavailableError('The MongoDB client is closed', { cause: error });
  }
  return error instanceof Error ? error : new StoreError(String(error));
}
