// OAuth 2.0 access tokens (docs/ARCHITECTURE.md A3, A6): opaque `oat_…` bearer tokens issued to an account's
// OAuth clients by the client credentials grant, stored only as a SHA-256 hash, carrying the scopes
// the client was granted. Declared in core because authentication (core/auth/strategy.ts) must find
// a token before it knows the account; the oauth plugin issues and revokes them.
import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Store, Stored } from '../store/types.js';
import { OPERATOR, type Maker } from './makers.js';

/** The scopes of docs/ARCHITECTURE.md A3; every /api/v1 route names the one it needs (or none: API keys only). */
export const SCOPES = [
  'chatbots:read',
  'chatbots:write',
  'conversations:read',
  'conversations:write',
  'knowledge:read',
  'knowledge:write',
  'leads:read',
  'leads:write',
  'webhooks:read',
  'webhooks:write',
  'analytics:read',
  'model_providers:read',
  'model_providers:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const TOKEN_PATTERN = /^oat_[A-Za-z0-9_-]{43}$/;

export interface OAuthTokenDoc {
  client_id: string;
  hash: string;
  scopes: Scope[];
  created_at: string;
  expires_at: string;
  /** The maker of the token's client, copied when issued (core/auth/makers.ts). */
  created_by: Maker;
}

export type OAuthToken = Stored<OAuthTokenDoc>;

export function declareOAuthTokens(store: Store): Collection<OAuthTokenDoc> {
  return store.collection<OAuthTokenDoc>({
    name: 'oauth_tokens',
    scope: 'tenant',
    indexes: [{ fields: ['hash'], unique: true, acrossTenants: true }, { fields: ['client_id'] }, { fields: ['expires_at'] }],
    // Tokens issued before makers were recorded (an hour's worth at most): their clients become the
    // operator's (plugins/oauth/collections.ts), and so do they.
    upgrade: { missing: 'created_by', fill: () => ({ created_by: OPERATOR }) },
  });
}

export function newAccessToken(): string {
  return `oat_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
