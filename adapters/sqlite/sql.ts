// Turns the interface's filters, sorts and keyset positions into SQL over the JSON document column.
// Field paths are checked by core/store/fields.ts before they get here, so inlining them is safe;
// every value is bound.
import { assertFilter, isOperatorObject } from '../../core/store/fields.js';
import type { Filter, ListQuery, Scalar } from '../../core/store/types.js';

/** A value bound to a statement (a Buffer: the bytes of a binary field). */
export type Bound = string | number | null | Buffer;

/** The expression an index and a query must share for SQLite to use the index. */
export function fieldExpression(field: string): string {
  return field === 'id' ? 'id' : `json_extract(doc, '$.${field}')`;
}

/** JSON booleans come out of json_extract as 1 and 0. */
export function bindValue(value: Scalar | null): Bound {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

export function compileFilter(filter: Filter | undefined): { sql: string; params: Bound[] } {
  if (!filter) return { sql: '', params: [] };
  assertFilter(filter);
  const clauses: string[] = [];
  const params: Bound[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const expression = fieldExpression(field);
    if (!isOperatorObject(condition)) {
      if (condition === null) clauses.push(`${expression} IS NULL`);
      else {
        clauses.push(`${expression} = ?`);
        params.push(bindValue(condition));
      }
      continue;
    }
    if (condition.eq !== undefined) {
      clauses.push(`${expression} IS ?`);
      params.push(bindValue(condition.eq));
    }
    if (condition.ne !== undefined) {
      clauses.push(`${expression} IS NOT ?`);
      params.push(bindValue(condition.ne));
    }
    if (condition.in !== undefined) {
      if (condition.in.length === 0) clauses.push('0');
      else {
        clauses.push(`${expression} IN (${condition.in.map(() => '?').join(', ')})`);
        params.push(...condition.in.map(bindValue));
      }
    }
    if (condition.nin !== undefined && condition.nin.length > 0) {
      // NOT IN is unknown on NULL: a missing field matches explicitly, as MongoDB's $nin does.
      clauses.push(`(${expression} IS NULL OR ${expression} NOT IN (${condition.nin.map(() => '?').join(', ')}))`);
      params.push(...condition.nin.map(bindValue));
    }
    for (const [operator, sqlOperator] of [
      ['gt', '>'],
      ['gte', '>='],
      ['lt', '<'],
      ['lte', '<='],
    ] as const) {
      const operand = condition[operator];
      if (operand === undefined) continue;
      clauses.push(`${expression} ${sqlOperator} ?`);
      params.push(bindValue(operand));
    }
    if (condition.contains !== undefined) {
      clauses.push(`instr(${expression}, ?) > 0`);
      params.push(condition.contains);
    }
  }
  return { sql: clauses.join(' AND '), params };
}

export function compileOrder(query: ListQuery): { orderBy: string; keyset: string; params: Bound[] } {
  const field = query.sort?.field ?? 'id';
  const direction = query.sort?.direction ?? 'desc';
  const expression = fieldExpression(field);
  const sqlDirection = direction === 'asc' ? 'ASC' : 'DESC';
  const comparison = direction === 'asc' ? '>' : '<';
  const orderBy = field === 'id' ? `id ${sqlDirection}` : `${expression} ${sqlDirection}, id ${sqlDirection}`;
  if (!query.after) return { orderBy, keyset: '', params: [] };
  if (field === 'id') return { orderBy, keyset: `id ${comparison} ?`, params: [query.after.id] };
  const value = bindValue(query.after.value);
  return {
    orderBy,
    keyset: `(${expression} ${comparison} ? OR (${expression} = ? AND id ${comparison} ?))`,
    params: [value, value, query.after.id],
  };
}
