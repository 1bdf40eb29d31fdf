// Turns the interface's filters, sorts and keyset positions into MongoDB queries. Field paths are
// checked by core/store/fields.ts first, so no operator can be smuggled in through a field name.
import type { Document, Sort } from 'mongodb';
import { assertFilter, isOperatorObject } from '../../core/store/fields.js';
import type { Filter, ListQuery } from '../../core/store/types.js';

/** Our `id` is the document's `_id`. */
export function mongoField(field: string): string {
  return field === 'id' ? '_id' : field;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compileFilter(filter: Filter | undefined): Document {
  if (!filter) return {};
  assertFilter(filter);
  const query: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    const path = mongoField(field);
    if (!isOperatorObject(condition)) {
      query[path] = condition; // null matches null and missing, as in SQLite
      continue;
    }
    const operators: Document = {};
    if (condition.eq !== undefined) operators.$eq = condition.eq;
    if (condition.ne !== undefined) operators.$ne = condition.ne;
    if (condition.in !== undefined) operators.$in = condition.in;
    if (condition.nin !== undefined) operators.$nin = condition.nin;
    if (condition.gt !== undefined) operators.$gt = condition.gt;
    if (condition.gte !== undefined) operators.$gte = condition.gte;
    if (condition.lt !== undefined) operators.$lt = condition.lt;
    if (condition.lte !== undefined) operators.$lte = condition.lte;
    if (condition.contains !== undefined) operators.$regex = escapeRegExp(condition.contains);
    query[path] = operators;
  }
  return query;
}

export function compileOrder(query: ListQuery): { sort: Sort; keyset: Document | null } {
  const field = mongoField(query.sort?.field ?? 'id');
  const direction = query.sort?.direction ?? 'desc';
  const order = direction === 'asc' ? 1 : -1;
  const comparison = direction === 'asc' ? '$gt' : '$lt';
  const sort: Sort = field === '_id' ? { _id: order } : { [field]: order, _id: order };
  if (!query.after) return { sort, keyset: null };
  if (field === '_id') return { sort, keyset: { _id: { [comparison]: query.after.id } } };
  return {
    sort,
    keyset: {
      $or: [
        { [field]: { [comparison]: query.after.value } },
        { [field]: query.after.value, _id: { [comparison]: query.after.id } },
      ],
    },
  };
}
