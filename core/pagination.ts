// Cursor pagination of docs/ARCHITECTURE.md A1: `limit` and an opaque `cursor` in, `{data, has_more, next_cursor}`
// out. The cursor carries the keyset position and a fingerprint of the query it came from, so a
// cursor used with other filters is a 400 instead of a silently wrong page.
import { createHash } from 'node:crypto';
import Joi from 'joi';
import { yieldToEventLoop } from './background.js';
import { apiError } from './errors.js';
import type { Filter, Repository, Scalar, SortOrder, Stored } from './store/types.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** Query keys every list route accepts. Routes add their own filters with `.keys({...})`. */
export const listQuerySchema = Joi.object({
  limit: Joi.number().integer().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: Joi.string().max(512),
  order: Joi.string().valid('asc', 'desc').default('desc').description('Newest first unless asc'),
  created_after: Joi.date().iso().description('Only records created after this time'),
  created_before: Joi.date().iso().description('Only records created before this time'),
});

export interface ListParams {
  limit: number;
  cursor?: string;
  order: 'asc' | 'desc';
  created_after?: Date;
  created_before?: Date;
  [filter: string]: unknown;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export function pageSchema(item: Joi.Schema): Joi.ObjectSchema {
  return Joi.object({
    data: Joi.array().items(item).required(),
    has_more: Joi.boolean().required(),
    next_cursor: Joi.string().allow(null).required(),
  });
}

interface CursorBody {
  /** id of the last record of the page */
  i: string;
  /** sort value of the last record, when sorting by another field than id */
  v?: Scalar | null;
  /** fingerprint of the query */
  q: string;
}

const FIRST_FOUR_DIGIT_YEAR = Date.parse('0000-01-01T00:00:00.000Z');
/** The latest time an ISO string with a four-digit year names: the latest a stored time may be. */
export const LATEST_STORED_TIME = '9999-12-31T23:59:59.999Z';
const LAST_FOUR_DIGIT_YEAR = Date.parse(LATEST_STORED_TIME);

/**
 * A time as the stores compare stored times: ISO strings, which sort in time order only while the
 * year has four digits. Joi takes any ISO date, `+010000-…` and `-000001-…` too (which sort before
 * `2026-…`), so a bound is held to the years 0000 to 9999 first: no record is dated outside them.
 */
function comparableIso(time: Date): string {
  return new Date(Math.min(Math.max(time.getTime(), FIRST_FOUR_DIGIT_YEAR), LAST_FOUR_DIGIT_YEAR)).toISOString();
}

/** Adds the created_after / created_before conditions of the list params to a filter. */
export function withTimeFilter(filter: Filter, params: ListParams, field = 'created_at'): Filter {
  if (!params.created_after && !params.created_before) return filter;
  return {
    ...filter,
    [field]: {
      ...(params.created_after ? { gt: comparableIso(params.created_after) } : {}),
      ...(params.created_before ? { lt: comparableIso(params.created_before) } : {}),
    },
  };
}

/**
 * Reads one page. `sortField` must hold a value in every record (ids always do; they sort by
 * creation time). `present` maps a stored record to its API form.
 */
export async function paginate<T, R>(
  repository: Repository<T>,
  params: ListParams,
  options: { filter: Filter; present: (record: Stored<T>) => R; sortField?: string },
): Promise<Page<R>> {
  const sort: SortOrder = { field: options.sortField ?? 'id', direction: params.order };
  const fingerprint = queryFingerprint(options.filter, sort);
  const after = params.cursor ? decodeCursor(params.cursor, fingerprint) : undefined;
  const records = await repository.list({
    filter: options.filter,
    sort,
    limit: params.limit + 1,
    after: after ? { id: after.i, value: after.v ?? null } : undefined,
  });
  const hasMore = records.length > params.limit;
  const pageRecords = hasMore ? records.slice(0, params.limit) : records;
  const last = pageRecords[pageRecords.length - 1];
  return {
    data: pageRecords.map(options.present),
    has_more: hasMore,
    next_cursor:
      hasMore && last
        ? encodeCursor({
            i: last.id,
            ...(sort.field === 'id' ? {} : { v: (last as Record<string, unknown>)[sort.field] as Scalar }),
            q: fingerprint,
          })
        : null,
  };
}

/**
 * Reads a page of the records in `filter` that also pass `matches`: a condition no index answers
 * (a `q` over several folded fields). Records are read by id in slices of `sliceSize`, yielding to
 * the event loop between slices, and at most `scanLimit` per page, so a search that matches little
 * never holds the server or the store for long. A page may therefore hold fewer than `limit`
 * records, even none, while `has_more` is true: `next_cursor` continues the scan where it stopped.
 * `matchKey` names the condition (the query text) so a cursor of another search is refused.
 */
export async function paginateMatching<T, R>(
  repository: Repository<T>,
  params: ListParams,
  options: {
    filter: Filter;
    present: (record: Stored<T>) => R;
    matches: (record: Stored<T>) => boolean;
    matchKey: string;
    scanLimit: number;
    sliceSize: number;
  },
): Promise<Page<R>> {
  const sort: SortOrder = { field: 'id', direction: params.order };
  const fingerprint = queryFingerprint(options.filter, sort, options.matchKey);
  let position = params.cursor ? decodeCursor(params.cursor, fingerprint).i : undefined;
  const found: Stored<T>[] = [];
  let scanned = 0;
  let exhausted = false;
  while (found.length <= params.limit && scanned < options.scanLimit) {
    const size = Math.min(options.sliceSize, options.scanLimit - scanned);
    const slice = await repository.list({ filter: options.filter, sort, limit: size, after: position ? { id: position, value: null } : undefined });
    scanned += slice.length;
    for (const record of slice) {
      position = record.id;
      if (!options.matches(record)) continue;
      found.push(record);
      if (found.length > params.limit) break;
    }
    if (slice.length < size) {
      exhausted = true;
      break;
    }
    await yieldToEventLoop();
  }
  if (found.length > params.limit) {
    const data = found.slice(0, params.limit);
    return { data: data.map(options.present), has_more: true, next_cursor: encodeCursor({ i: data[data.length - 1]!.id, q: fingerprint }) };
  }
  // Everything read (no more), or the scan budget spent: the next page goes on from the last record read.
  const more = !exhausted && position !== undefined;
  return { data: found.map(options.present), has_more: more, next_cursor: more ? encodeCursor({ i: position!, q: fingerprint }) : null };
}

function queryFingerprint(filter: Filter, sort: SortOrder, matchKey?: string): string {
  return createHash('sha256').update(JSON.stringify({ filter, sort, match: matchKey })).digest('base64url').slice(0, 16);
}

function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function decodeCursor(cursor: string, fingerprint: string): CursorBody {
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalidCursor('The cursor is not one this API returned');
  }
  if (typeof body?.i !== 'string' || typeof body.q !== 'string') throw invalidCursor('The cursor is not one this API returned');
  if (body.q !== fingerprint) throw invalidCursor('The cursor belongs to a query with other filters or order');
  return body;
}

function invalidCursor(message: string) {
  return apiError(400, 'invalid_cursor', message, {
    details: [{ path: 'cursor', message, type: 'cursor.invalid' }],
  });
}
