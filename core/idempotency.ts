// Idempotency-Key on POST (docs/ARCHITECTURE.md A1). The first response to a key is kept per account and mode
// for 24 h and replayed to retries; the record lives in the store, so a retry may land on any
// instance. Server errors (5xx) are not kept: the retry runs the request again.
// Kept responses can carry secrets shown once (a new API key, a webhook signing secret), so they
// are stored encrypted with the server key, and replayed only to the credential that made the
// first request: another key of the same account gets 422, never the secret.
import { createHash } from 'node:crypto';
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type Boom from '@hapi/boom';
import type { Config } from '../config/index.js';
import { apiError } from './errors.js';
import { newId } from './ids.js';
import type { SecretBox } from './secret-box.js';
import { UniqueConstraintError } from './store/errors.js';
import type { Collection, Repository, Store, TenantScope } from './store/types.js';

export interface IdempotencyDoc {
  key: string;
  fingerprint: string;
  /** The API key (or other credential) that made the first request: the only one replays go to. */
  credential_id: string;
  state: 'in_flight' | 'done';
  locked_at: string;
  /** `sealed`: the body as JSON, encrypted with the server key (SecretBox). */
  response: { status_code: number; sealed: string; location: string | null } | null;
  created_at: string;
  expires_at: string;
}

export interface PendingIdempotency {
  id: string;
  repository: Repository<IdempotencyDoc>;
  box: SecretBox;
}

export function declareIdempotencyKeys(store: Store): Collection<IdempotencyDoc> {
  return store.collection<IdempotencyDoc>({
    name: 'idempotency_keys',
    scope: 'tenant',
    indexes: [{ fields: ['key'], unique: true }, { fields: ['expires_at'] }],
  });
}

const PRINTABLE = /^[\x21-\x7e][\x20-\x7e]*$/;

/** Accepts the key bare (Stripe) or as an RFC 8941 string, quoted (IETF draft). */
export function parseIdempotencyKey(header: string): string {
  const trimmed = header.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (key.length === 0 || key.length > 255 || !PRINTABLE.test(key)) {
    const message = '"Idempotency-Key" must be 1 to 255 printable ASCII characters';
    throw apiError(400, 'validation_failed', message, {
      details: [{ path: 'headers.idempotency-key', message, type: 'string.pattern.base' }],
    });
  }
  return key;
}

function fingerprintOf(request: Request): string {
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n`)
    .update(JSON.stringify(request.payload ?? null))
    .digest('hex');
}

/**
 * What a key's first request needs of the platform. A view rather than Platform itself: platform.ts
 * declares the keys' collection from this module, and importing it back would make a circle.
 */
export interface IdempotencyContext {
  config: Pick<Config, 'idempotency'>;
  now(): Date;
  secrets(): Promise<SecretBox>;
}

/**
 * Runs before the handler. Returns a replayed response to send instead, or null to go on (having
 * marked the key in flight for this request).
 */
export async function beginIdempotentRequest(
  platform: IdempotencyContext,
  keys: Collection<IdempotencyDoc>,
  tenant: TenantScope,
  credentialId: string,
  request: Request,
  h: ResponseToolkit,
): Promise<ResponseObject | null> {
  const header = request.headers['idempotency-key'] as string | undefined;
  if (request.method !== 'post' || header === undefined) return null;
  const key = parseIdempotencyKey(header);
  const repository = keys.forTenant(tenant);
  const fingerprint = fingerprintOf(request);
  const now = platform.now();

  for (let attempt = 0; attempt < 2; attempt++) {
    const id = newId('idem', now.getTime());
    try {
      await repository.insert({
        id,
        key,
        fingerprint,
        credential_id: credentialId,
        state: 'in_flight',
        locked_at: now.toISOString(),
        response: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + platform.config.idempotency.ttl_seconds * 1000).toISOString(),
      });
      request.app.idempotency = { id, repository, box: await platform.secrets() };
      return null;
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }

    const existing = await repository.findOne({ key });
    if (!existing) continue; // deleted in between (expired or a 5xx); try to take the key again
    if (existing.expires_at <= now.toISOString()) {
      await repository.delete(existing.id, { ifVersion: existing.version }).catch(() => false);
      continue;
    }
    if (existing.credential_id !== credentialId) {
      throw apiError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used by another API key of the account; each key has its own idempotency keys',
      );
    }
    if (existing.fingerprint !== fingerprint) {
      throw apiError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request; use a new key for a new request',
      );
    }
    if (existing.state === 'done' && existing.response) {
      const body = JSON.parse((await platform.secrets()).unseal(existing.response.sealed)) as object;
      const response = h
        .response(body)
        .code(existing.response.status_code)
        .header('Idempotent-Replayed', 'true');
      if (existing.response.location) response.header('Location', existing.response.location);
      return response.takeover();
    }
    const staleBefore = new Date(now.getTime() - platform.config.idempotency.in_flight_timeout_seconds * 1000);
    if (existing.locked_at < staleBefore.toISOString()) {
      // The request that took the key died with its process: this one takes over.
      const taken = await repository
        .update(existing.id, { locked_at: now.toISOString() }, { ifVersion: existing.version })
        .catch(() => null);
      if (taken) {
        request.app.idempotency = { id: existing.id, repository, box: await platform.secrets() };
        return null;
      }
    }
    throw apiError(
      409,
      'idempotency_key_in_flight',
      'A request with this Idempotency-Key is still being processed; retry after it finishes',
    );
  }
  throw apiError(409, 'idempotency_key_in_flight', 'This Idempotency-Key is being changed concurrently; retry');
}

/** Runs after the response is final (errors shaped): keeps it for replays, or frees the key on 5xx. */
export async function finishIdempotentRequest(request: Request): Promise<void> {
  const pending = request.app.idempotency;
  if (!pending) return;
  request.app.idempotency = undefined;
  const response = request.response as ResponseObject | Boom.Boom;
  const isBoom = 'isBoom' in response && response.isBoom;
  const statusCode = isBoom ? (response as Boom.Boom).output.statusCode : (response as ResponseObject).statusCode;
  if (statusCode >= 500 || (!isBoom && !isJsonSource((response as ResponseObject).source))) {
    await pending.repository.delete(pending.id);
    return;
  }
  const body = isBoom ? (response as Boom.Boom).output.payload : (response as ResponseObject).source;
  const location = isBoom ? null : (((response as ResponseObject).headers.location as string | undefined) ?? null);
  await pending.repository.update(pending.id, {
    state: 'done',
    response: { status_code: statusCode, sealed: pending.box.seal(JSON.stringify(body ?? null)), location },
  });
}

function isJsonSource(source: unknown): boolean {
  return source === null || (typeof source === 'object' && typeof (source as { pipe?: unknown }).pipe !== 'function');
}
