// Authentication strategies: `api-key` (account and chatbot keys, and OAuth access tokens, Bearer),
// `session` (the dashboard's cookie, core/auth/session-strategy.ts) and `admin-token` (the operator API).
// The bearer strategies use hapi-auth-bearer-token; the API's 401 codes come from here.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import bearer from 'hapi-auth-bearer-token';
import { MISSING_CREDENTIALS_MESSAGE, unauthorized } from '../errors.js';
import type { ApiCaller, Platform } from '../platform.js';
import { effectivePlan } from './accounts.js';
import type { ResolvedKey } from './key-cache.js';
import { hashKey, KEY_PATTERN, makerOfKey } from './keys.js';
import { currentRoleOf, OPERATOR } from './makers.js';
import { hashToken, TOKEN_PATTERN } from './oauth-tokens.js';
import { registerSessionStrategy } from './session-strategy.js';

/** last_used_at is written at most this often per key, so reads do not turn into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The auth of every route that names none (core/server.ts sets it as hapi's default, which leaves
 * such routes' `settings.auth` undefined): an API key or OAuth token, else the dashboard's session.
 */
export const DEFAULT_ROUTE_AUTH = { strategies: ['api-key', 'session'] };

export async function registerAuthStrategies(server: Server, platform: Platform): Promise<void> {
  await server.register(bearer);
  // No Authorization header is "missing" in hapi's sense, so the next strategy of the route (the
  // dashboard session) is tried; with neither, core/errors.ts answers 401 missing_credentials.
  const missing = () => {
    const error = unauthorized('missing_credentials', MISSING_CREDENTIALS_MESSAGE);
    return Object.assign(error, { isMissing: true });
  };

  server.auth.strategy('api-key', 'bearer-access-token', {
    unauthorized: missing,
    validate: async (_request: unknown, token: string) => {
      // One strategy for both credentials: an OAuth token passes the same access rules as a key.
      if (TOKEN_PATTERN.test(token)) return validateAccessToken(platform, token);
      if (!KEY_PATTERN.test(token)) throw unauthorized('invalid_api_key', 'The API key is not valid');
      const now = platform.now();
      const { key, tenant, account, plan, role } = await resolveKey(platform, hashKey(token), now);
      if (key.expires_at && key.expires_at <= now.toISOString()) {
        throw unauthorized('api_key_expired', 'This API key has expired');
      }
      if (!key.last_used_at || now.getTime() - Date.parse(key.last_used_at) >= LAST_USED_RESOLUTION_MS) {
        // The cached record is updated too, or every request after the first minute would write.
        key.last_used_at = now.toISOString();
        await platform.apiKeys.forTenant(tenant).update(key.id, { last_used_at: key.last_used_at });
      }
      const caller: ApiCaller = { tenant, account, plan, key, oauth: null, member: null, role, maker: makerOfKey(key), credentialId: key.id };
      return { isValid: true, credentials: { app: { caller } } };
    },
  });

  await registerSessionStrategy(server, platform);

  const adminToken = platform.config.admin.token;
  server.auth.strategy('admin-token', 'bearer-access-token', {
    unauthorized: () => unauthorized('missing_credentials', 'Send the operator token as "Authorization: Bearer <token>"'),
    validate: async (_request: unknown, token: string) => {
      if (!adminToken || !sameSecret(token, adminToken)) {
        throw unauthorized('invalid_token', 'The operator token is not valid');
      }
      return { isValid: true, credentials: { app: { operator: true as const } } };
    },
  });
}

/**
 * The key of this hash with its tenant, account, plan and its maker's current role: from the key
 * cache (core/auth/key-cache.ts) when read less than `keys.cache_seconds` ago, else from the store.
 * A revoked key, a disabled account or a maker who left the account is a 401, and is not cached:
 * only keys that work are.
 */
async function resolveKey(platform: Platform, hash: string, now: Date): Promise<ResolvedKey> {
  const cached = platform.apiKeyCache.get(hash, now.getTime());
  if (cached) return cached;
  const generation = platform.apiKeyCache.generation;
  const found = await platform.apiKeys.findUniqueAcrossTenants('hash', hash);
  if (!found) throw unauthorized('invalid_api_key', 'The API key is not valid');
  const { record: key, scope: tenant } = found;
  if (key.revoked_at) throw unauthorized('api_key_revoked', 'This API key was revoked');
  const account = await platform.accounts.global().get(tenant.accountId);
  if (!account || account.status !== 'active') {
    throw unauthorized('invalid_api_key', 'The account of this API key is disabled');
  }
  const role = await currentRoleOf(platform.members, tenant.accountId, makerOfKey(key));
  if (!role) throw unauthorized('invalid_api_key', 'The member who made this API key is no longer in the account');
  const resolved: ResolvedKey = { key, tenant, account, plan: effectivePlan(platform.config, account), role };
  platform.apiKeyCache.set(hash, resolved, now.getTime(), generation);
  return resolved;
}

/** An OAuth access token: known, not expired (revoked ones are deleted), of an active account, its client's maker still a member. */
async function validateAccessToken(platform: Platform, token: string) {
  const found = await platform.oauthTokens.findUniqueAcrossTenants('hash', hashToken(token));
  if (!found || found.record.expires_at <= platform.now().toISOString()) {
    throw unauthorized('invalid_token', 'The access token is not valid, has expired or was revoked');
  }
  const { record, scope: tenant } = found;
  const account = await platform.accounts.global().get(tenant.accountId);
  if (!account || account.status !== 'active') throw unauthorized('invalid_token', 'The account of this access token is disabled');
  // Tokens carry their client's maker (copied when issued; a client's maker never changes).
  const maker = record.created_by ?? OPERATOR;
  const role = await currentRoleOf(platform.members, tenant.accountId, maker);
  if (!role) throw unauthorized('invalid_token', 'The member who registered this OAuth client is no longer in the account');
  const caller: ApiCaller = {
    tenant,
    account,
    plan: effectivePlan(platform.config, account),
    key: null,
    oauth: { clientId: record.client_id, tokenId: record.id, scopes: record.scopes },
    member: null,
    role,
    maker,
    credentialId: record.client_id,
  };
  return { isValid: true, credentials: { app: { caller } } };
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
