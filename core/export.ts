// What every streamed export shares (conversations, leads): reading a filter's records a page at a
// time, oldest first, so memory stays flat however many there are; and CSV cells a spreadsheet
// will not run as formulas.
import type { Filter, Repository, Scalar, Stored } from './store/types.js';

export const EXPORT_PAGE_SIZE = 100;

/**
 * The records of a filter, oldest first, read a page at a time as the consumer asks for them. Pages
 * go by `field` (then id), ascending: give the field the filter's index ends with, so the store
 * reads the index in order instead of sorting every match by id.
 */
export async function* recordsInPages<T>(repository: Repository<T>, filter: Filter, pageSize = EXPORT_PAGE_SIZE, field = 'id'): AsyncGenerator<Stored<T>> {
  let after: { id: string; value: Scalar | null } | undefined;
  for (;;) {
    const page = await repository.list({ filter, sort: { field, direction: 'asc' }, limit: pageSize, after });
    yield* page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    if (field === 'id') {
      after = { id: last.id, value: null };
      continue;
    }
    const value = field.split('.').reduce<unknown>((doc, key) => (doc as Record<string, unknown> | undefined)?.[key], last);
    // Keyset paging after a missing value would skip or stop (x > NULL is never true).
    if (value === null || value === undefined) throw new Error(`recordsInPages: ${field} is missing on ${last.id}; page by a field the filter requires`);
    after = { id: last.id, value: value as Scalar };
  }
}

/** RFC 4180 quoting, and cells a spreadsheet would run as a formula are defused with a leading quote. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated) of `columns`, read from `row`. */
export function csvLine<C extends string>(columns: readonly C[], row: Partial<Record<C, unknown>>): string {
  return `${columns.map((column) => csvCell(row[column])).join(',')}\r\n`;
}
