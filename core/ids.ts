// Prefixed, lower-case, time-sortable ids (API.md §1): `<prefix>_<ulid>`.
import Joi from 'joi';
import { monotonicFactory } from 'ulid';

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
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

// Monotonic within one millisecond, so ids made in a burst still sort in creation order.
const nextUlid = monotonicFactory();

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now).toLowerCase()}`;
}

/** A joi schema for an id path parameter. Malformed ids are a 404 (like unknown ones), not a 400. */
export function idSchema(prefix: IdPrefix): Joi.StringSchema {
  // No length limit either: an id of any length that names nothing is a 404 (API-DECISIONS.md).
  return Joi.string().description(`An id of the form ${prefix}_<ulid>`);
}
