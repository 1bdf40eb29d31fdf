// Checks shared by every adapter, so a bad field name or filter fails the same way everywhere
// instead of reaching a query.
import { StoreUsageError } from './errors.js';
import type { CollectionDefinition, FieldCondition, Filter, Scalar } from './types.js';

const FIELD_PATH = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const OPERATORS = new Set(['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'contains']);
/** Names the adapters use for their own bookkeeping; documents may not use them. */
export const RESERVED_FIELDS = new Set(['id', 'version', 'account_id', 'mode', '_id']);

export function assertFieldPath(field: string): void {
  if (!FIELD_PATH.test(field)) throw new StoreUsageError(`Invalid field name: ${JSON.stringify(field)}`);
}

export function assertCollectionDefinition(definition: CollectionDefinition): void {
  if (!COLLECTION_NAME.test(definition.name)) {
    throw new StoreUsageError(`Invalid collection name: ${JSON.stringify(definition.name)}`);
  }
  for (const index of definition.indexes ?? []) {
    if (index.fields.length === 0) throw new StoreUsageError(`${definition.name}: an index needs fields`);
    index.fields.forEach(assertFieldPath);
    if (index.acrossTenants && definition.scope !== 'tenant') {
      throw new StoreUsageError(`${definition.name}: acrossTenants only applies to tenant collections`);
    }
  }
  if (definition.claims) assertFieldPath(definition.claims.dueField);
  if (definition.search) assertFieldPath(definition.search.field);
  if (definition.binary) {
    assertFieldPath(definition.binary.field);
    if (definition.binary.field.includes('.')) throw new StoreUsageError(`${definition.name}: a binary field is a top-level field`);
    const queried = [
      ...(definition.indexes ?? []).flatMap((index) => index.fields),
      ...(definition.search ? [definition.search.field] : []),
      ...(definition.claims ? [definition.claims.dueField] : []),
    ];
    assertNotBinary(definition, queried);
  }
}

/**
 * Refuses a query (filter, sort, grouped count, index) on the binary field: the adapters keep its
 * bytes apart from the document, where SQLite's queries do not look, so the two stores would answer
 * differently.
 */
export function assertNotBinary(definition: CollectionDefinition, fields: Iterable<string>): void {
  const binary = definition.binary?.field;
  if (binary === undefined) return;
  for (const field of fields) {
    if (field === binary || field.startsWith(`${binary}.`)) throw new StoreUsageError(`${definition.name}: "${binary}" is a binary field and cannot be queried`);
  }
}

/**
 * The bytes a document (or a change) holds in the collection's binary field (`definition.binary`):
 * a Buffer viewing them, null for none, undefined when the document leaves the field out. Bytes in
 * any other top-level field are refused: only the declared field is stored as bytes.
 */
export function binaryValue(definition: CollectionDefinition, doc: Record<string, unknown>): Buffer | null | undefined {
  const field = definition.binary?.field;
  for (const [key, value] of Object.entries(doc)) {
    if (key !== field && value instanceof Uint8Array) {
      throw new StoreUsageError(`${definition.name}: "${key}" holds bytes, but the collection declares no binary field of that name`);
    }
  }
  if (field === undefined || !(field in doc)) return undefined;
  const value = doc[field];
  if (value === undefined || value === null) return value === null ? null : undefined;
  if (!(value instanceof Uint8Array)) throw new StoreUsageError(`${definition.name}: "${field}" is a binary field and takes a Uint8Array`);
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

const TERM = /^[\p{L}\p{N}]{1,64}$/u;

/** Search terms are analysed words: nothing an engine's query syntax could read as an operator. */
export function assertSearchTerms(collection: string, terms: string[]): string[] {
  for (const term of terms) {
    if (typeof term !== 'string' || !TERM.test(term) || term !== term.toLowerCase()) {
      throw new StoreUsageError(`${collection}: ${JSON.stringify(term)} is not an analysed search term`);
    }
  }
  return [...new Set(terms)];
}

export function isOperatorObject(condition: FieldCondition): condition is Exclude<FieldCondition, Scalar | null> {
  return typeof condition === 'object' && condition !== null;
}

export function assertFilter(filter: Filter): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field !== 'id') assertFieldPath(field);
    if (!isOperatorObject(condition)) continue;
    for (const [operator, operand] of Object.entries(condition)) {
      if (!OPERATORS.has(operator)) throw new StoreUsageError(`Unknown filter operator ${operator} on ${field}`);
      if ((operator === 'in' || operator === 'nin') && !Array.isArray(operand)) throw new StoreUsageError(`"${operator}" on ${field} needs an array`);
      // SQL's NOT IN and MongoDB's $nin disagree on null (and on a missing field beside it): refused
      // rather than answered differently per store.
      if (operator === 'nin' && (operand as unknown[]).includes(null)) throw new StoreUsageError(`"nin" on ${field} cannot hold null`);
      if (operator === 'contains' && typeof operand !== 'string') {
        throw new StoreUsageError(`"contains" on ${field} needs a string`);
      }
    }
  }
}

/** Checks a document's top-level field names before it is written. */
export function assertDocumentFields(collection: string, doc: Record<string, unknown>, allowId: boolean): void {
  for (const key of Object.keys(doc)) {
    if (key === 'id' && allowId) continue;
    if (RESERVED_FIELDS.has(key)) throw new StoreUsageError(`${collection}: "${key}" is a reserved field`);
    assertFieldPath(key);
    if (key.includes('.')) throw new StoreUsageError(`${collection}: "${key}" must be a top-level field`);
  }
}
