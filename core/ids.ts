// Prefixed, lower-case, time-sortable ids (docs/ARCHITECTURE.md A1): `<prefix>_<ulid>`.
import { randomFillSync } from 'node:crypto';
import Joi from 'joi';
import { encodeTime, monotonicFactory } from 'ulid';

export const ID_PREFIXES = {
  account: 'acct',
  apiKey: 'key',
  chatbot: 'cb',
  conversation: 'conv',
  message: 'msg',
  document: 'doc',
  lead: 'lead',
  webhook: 'wh',
  event: 'evt',
  delivery: 'whd',
  oauthClient: 'oac',
  oauthToken: 'otk',
  request: 'req',
  idempotencyKey: 'idem',
  chunk: 'chk',
  member: 'usr',
  dashboardSession: 'ses',
  savedReply: 'sr',
  savedReplyUse: 'sru',
  modelProvider: 'mp',
  attachment: 'att',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/**
 * Cryptographic random bytes drawn from a pool refilled 4 KiB at a time: ulid's own source asks
 * the system for one byte per character (16 calls an id, ~5% of a chat turn's CPU). A byte over
 * 256 picks one of ulid's 32 characters uniformly.
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function pooledRandom(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++]! / 256;
}

// Monotonic within one millisecond, so ids made in a burst still sort in creation order.
const nextUlid = monotonicFactory(pooledRandom);

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now).toLowerCase()}`;
}

/** The largest time a ULID holds (48 bits of milliseconds, the year 10889). */
const MAX_ULID_TIME = 2 ** 48 - 1;

/**
 * The time part of the ids of `prefix` made at `at`: ids are `<prefix>_<ulid>` and a ULID starts
 * with its time, so every id made at or after `at` sorts at or above this string and every earlier
 * one below it; a time range is an id range, which every store answers from its primary key. A time
 * before the epoch is the epoch and one past ULID's range is its end (a query may name any date).
 */
export function idTimePrefix(prefix: IdPrefix, at: number): string {
  return `${prefix}_${encodeTime(Math.min(Math.max(0, Math.floor(at)), MAX_ULID_TIME), 10).toLowerCase()}`;
}

/** The ids of `prefix` made in [fromMs, toMs): a time range read from the primary key. */
export function idRange(prefix: IdPrefix, fromMs: number, toMs: number): { gte: string; lt: string } {
  return { gte: idTimePrefix(prefix, fromMs), lt: idTimePrefix(prefix, toMs) };
}

/**
 * The smallest id of `prefix` at time `at`: every id made at or after it sorts after this one. For
 * range reads by time over time-ordered ids (newId itself never goes back in time: it is monotonic).
 */
export function lowestIdAt(prefix: IdPrefix, at: number): string {
  return `${idTimePrefix(prefix, at)}${'0'.repeat(16)}`;
}

/** A joi schema for an id path parameter. Malformed ids are a 404 (like unknown ones), not a 400. */
export function idSchema(prefix: IdPrefix): Joi.StringSchema {
  // No length limit either: an id of any length that names nothing is a 404 (API-DECISIONS.md).
  return Joi.string().description(`An id of the form ${prefix}_<ulid>`);
}
