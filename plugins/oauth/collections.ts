// OAuth clients of an account and mode (docs/ARCHITECTURE.md A3, A6): a name, the scopes they may be granted,
// and their secret, stored only as a SHA-256 hash (256 random bits: a fast hash is enough, as for
// API keys). A rotation keeps the previous secret working for a grace period.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OPERATOR, presentMaker, type Collection, type Maker, type Scope, type CollectionDeclarer, type Stored } from '../../core/index.js';

export interface OAuthClientDoc {
  /** The record's id again: unique across tenants, so the token endpoint finds a client's account. */
  client_id: string;
  name: string;
  scopes: Scope[];
  secret_hash: string;
  secret_last4: string;
  /** The secret a rotation replaced, valid until previous_secret_expires_at. */
  previous_secret_hash: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  secret_rotated_at: string | null;
  /** Who registered it (core/auth/makers.ts): its tokens act with that member's current role. */
  created_by: Maker;
}

export type OAuthClient = Stored<OAuthClientDoc>;

export const SECRET_PATTERN = /^ocs_[A-Za-z0-9_-]{43}$/;

export function declareOAuthClients(store: CollectionDeclarer): Collection<OAuthClientDoc> {
  return store.collection<OAuthClientDoc>({
    name: 'oauth_clients',
    scope: 'tenant',
    indexes: [{ fields: ['client_id'], unique: true, acrossTenants: true }],
    // Clients registered before makers were recorded: nothing says who made them; they act as they
    // did (as the account), the operator's.
    upgrade: { missing: 'created_by', fill: () => ({ created_by: OPERATOR }) },
  });
}

export function newClientSecret(): string {
  return `ocs_${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` is the client's, or its previous one still in its grace period. Constant time. */
export function secretMatches(client: OAuthClientDoc, secret: string, now: Date): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const same = (hash: string) => timingSafeEqual(given, Buffer.from(hash, 'hex'));
  const current = same(client.secret_hash);
  const previous =
    client.previous_secret_hash !== null &&
    client.previous_secret_expires_at !== null &&
    client.previous_secret_expires_at > now.toISOString() &&
    same(client.previous_secret_hash);
  return current || previous;
}

export function presentClient(client: OAuthClient, mode: string) {
  return {
    id: client.id,
    name: client.name,
    mode,
    scopes: client.scopes,
    secret_last4: client.secret_last4,
    created_at: client.created_at,
    secret_rotated_at: client.secret_rotated_at,
    previous_secret_expires_at: client.previous_secret_expires_at,
    created_by: presentMaker(makerOfClient(client)),
  };
}

/** The client's maker, also for one written without one (by an older instance during an upgrade). */
export function makerOfClient(client: Pick<OAuthClientDoc, 'created_by'>): Maker {
  return client.created_by ?? OPERATOR;
}
