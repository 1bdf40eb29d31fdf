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

/**
 * The smallest id of `prefix` at time `at`: every id made at or after it sorts after this one. For
 * range reads by time over time-ordered ids (newId itself never goes back in time: it is monotonic).
 */
export function lowestIdAt(prefix: IdPrefix, at: number): string {
  return `${prefix}_${encodeTime(Math.max(0, at), 10).toLowerCase()}${'0'.repeat(16)}`;
}

/** A joi schema for an id path parameter. Malformed ids are a 404 (like unknown ones), not a 400. */
export function idSchema(prefix: IdPrefix): Joi.StringSchema {
  // No length limit either: an id of any length that names nothing is a 404 (API-DECISIONS.md).
  return Joi.string().description(`An id of the form ${prefix}_<ulid>`);
}
