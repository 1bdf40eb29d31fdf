// API keys: `sk_live_…` / `sk_test_…`, shown once, stored only as a SHA-256 hash. A fast hash is
// enough here (as at Stripe and GitHub): the secrets are 190 bits of randomness, not passwords.
import * as crypto from 'node:crypto';
import { createHash, randomInt } from 'node:crypto';
import { newId } from '../ids.js';
import type { Collection, Mode, Store, Stored, TenantScope, WriteOp } from '../store/types.js';
import { legacyMaker, presentMaker, type Maker } from './makers.js';
import type { MemberRole } from './members.js';

export interface ApiKeyDoc {
  name: string;
  /** `account` keys act for the whole account (in their mode); `chatbot` keys for one chatbot. */
  kind: 'account' | 'chatbot';
  chatbot_id: string | null;
  hash: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The key that replaced this one by rotation, if any. */
  rotated_to: string | null;
  /**
   * Who made the key (core/auth/makers.ts): the key acts with that member's current role, and
   * stops when they leave. Rotation keeps it.
   */
  created_by: Maker;
  /**
   * Before makers were recorded: the maker's role at the time (null: the CLI, the operator API or
   * an owner-level key). Read once, to give such keys a maker (see declareApiKeys).
   */
  creator_role?: MemberRole | null;
}

export type ApiKey = Stored<ApiKeyDoc>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32; // 32 base62 characters ≈ 190 bits
export const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;

export function declareApiKeys(store: Store): Collection<ApiKeyDoc> {
  return store.collection<ApiKeyDoc>({
    name: 'api_keys',
    scope: 'tenant',
    indexes: [{ fields: ['hash'], unique: true, acrossTenants: true }, { fields: ['chatbot_id'] }, { fields: ['created_by'] }],
    // Keys stored before makers were recorded: the operator's when the CLI, the operator API or an
    // owner made them (as they acted), else an unknown member of the role they recorded.
    upgrade: { missing: 'created_by', fill: (doc) => ({ created_by: legacyMaker(doc.creator_role as MemberRole | null | undefined) }) },
  });
}

/** The key's maker, also for a key written without one (by an older instance during an upgrade). */
export function makerOfKey(key: Pick<ApiKeyDoc, 'created_by' | 'creator_role'>): Maker {
  return key.created_by ?? legacyMaker(key.creator_role);
}

/** crypto.hash (Node ≥ 20.12) hashes in one call, several times cheaper than a Hash object: every keyed request hashes its key. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function hashKey(secret: string): string {
  return oneShotHash ? oneShotHash('sha256', secret, 'hex') : createHash('sha256').update(secret).digest('hex');
}

function randomSecret(mode: Mode): string {
  let body = '';
  for (let i = 0; i < SECRET_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `sk_${mode}_${body}`;
}

export interface IssuedKey {
  secret: string;
  record: ApiKey;
  /** The write that stores it; hand it to commit() with the change it belongs to. */
  op: WriteOp;
}

export function issueKey(
  keys: Collection<ApiKeyDoc>,
  scope: TenantScope,
  input: { name: string; kind: ApiKeyDoc['kind']; chatbotId?: string | null; expiresAt?: string | null; createdBy: Maker; now: Date },
): IssuedKey {
  const secret = randomSecret(scope.mode);
  const doc: ApiKeyDoc & { id: string } = {
    id: newId('key', input.now.getTime()),
    name: input.name,
    kind: input.kind,
    chatbot_id: input.chatbotId ?? null,
    hash: hashKey(secret),
    last4: secret.slice(-4),
    created_at: input.now.toISOString(),
    last_used_at: null,
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
    rotated_to: null,
    created_by: input.createdBy,
  };
  return { secret, record: { ...doc, version: 1 }, op: keys.forTenant(scope).ops.insert(doc) };
}

/** When a rotated key stops working: the grace period from now, unless it expires sooner anyway. */
export function rotatedExpiry(key: ApiKeyDoc, now: Date, graceSeconds: number): string {
  const graceEnd = new Date(now.getTime() + graceSeconds * 1000).toISOString();
  return key.expires_at && key.expires_at < graceEnd ? key.expires_at : graceEnd;
}

export function presentKey(key: ApiKey, mode: Mode) {
  return {
    id: key.id,
    name: key.name,
    mode,
    kind: key.kind,
    chatbot_id: key.chatbot_id,
    redacted_key: `sk_${mode}_…${key.last4}`,
    last4: key.last4,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    expires_at: key.expires_at,
    revoked_at: key.revoked_at,
    rotated_to: key.rotated_to,
    created_by: presentMaker(makerOfKey(key)),
  };
}

/**
 * Replaces a key: a new key of the same name, kind, chatbot and maker (`createdBy`, which the
 * caller decides: see plugins/accounts/key-routes.ts), while the old one keeps working for the
 * grace period (or until it would have expired anyway). Returns the new secret once.
 */
export async function rotateApiKey(
  store: Store,
  keys: Collection<ApiKeyDoc>,
  scope: TenantScope,
  key: ApiKey,
  rotation: { graceSeconds: number; createdBy: Maker; now: Date },
): Promise<{ issued: IssuedKey; old: ApiKey }> {
  const { graceSeconds, now } = rotation;
  const issued = issueKey(keys, scope, {
    name: key.name,
    kind: key.kind,
    chatbotId: key.chatbot_id,
    expiresAt: key.expires_at,
    createdBy: rotation.createdBy,
    now,
  });
  const changes = { expires_at: rotatedExpiry(key, now, graceSeconds), rotated_to: issued.record.id };
  // ifVersion: two concurrent rotations of one key cannot both succeed.
  await store.commit([keys.forTenant(scope).ops.update(key.id, changes, { ifVersion: key.version }), issued.op]);
  return { issued, old: { ...key, ...changes, version: key.version + 1 } };
}

/** Why a key cannot be rotated, or null when it can. */
export function rotationRefusal(key: ApiKeyDoc, now: Date): string | null {
  if (key.revoked_at) return 'A revoked key cannot be rotated';
  if (key.rotated_to) return `This key was already rotated; rotate ${key.rotated_to} instead`;
  if (key.expires_at && key.expires_at <= now.toISOString()) return 'An expired key cannot be rotated';
  return null;
}
