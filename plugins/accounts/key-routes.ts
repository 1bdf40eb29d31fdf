// Account API keys of the caller's mode: list, create (the secret is shown once), revoke, rotate.
// Allowed on read-only plans: a free account must be able to replace a leaked key.
import Joi from 'joi';
import {
  apiError,
  callerOf,
  gracePeriodOf,
  idSchema,
  issueKey,
  LATEST_STORED_TIME,
  listQuerySchema,
  makerOfKey,
  notFound,
  pageSchema,
  paginate,
  presentKey,
  rotateKeyInput,
  rotationRefusal,
  withTimeFilter,
  type ApiKey,
  type BuiltInPluginApi,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import { apiKeyResponse, apiKeyWithSecretResponse } from './schemas.js';

const keyAccess = { platform: { allowOnReadOnlyPlan: true } };
const keyIdParams = Joi.object({ keyId: idSchema('key').required() });

export function keyRoutes(api: BuiltInPluginApi): PluginRoute[] {
  const { platform, auth } = api.privileged;
  async function findKey(request: Parameters<typeof callerOf>[0]): Promise<ApiKey> {
    const { keyId } = request.params as { keyId: string };
    const key = await platform.apiKeys.forTenant(callerOf(request).tenant).get(keyId);
    if (!key) throw notFound('api_key', keyId);
    return key;
  }

  return [
    {
      method: 'GET',
      path: '/api-keys',
      options: {
        description: 'List the API keys of the calling key’s mode',
        notes:
          'Secrets are never returned after creation; `redacted_key` and `last4` identify a key. `created_by` names ' +
          'who made it (a member, or the operator); `?created_by=usr_…` (or `operator`) lists one maker’s keys.',
        tags: ['api', 'api-keys'],
        plugins: keyAccess,
        validate: {
          query: listQuerySchema.keys({
            kind: Joi.string().valid('account', 'chatbot'),
            chatbot_id: Joi.string().max(64),
            created_by: Joi.alternatives(Joi.string().valid('operator'), idSchema('usr')).description('A member id, or `operator`'),
          }),
        },
        response: { schema: pageSchema(apiKeyResponse).label('ApiKeyList') },
        handler: async (request) => {
          const params = request.query as ListParams & { kind?: string; chatbot_id?: string; created_by?: string };
          const tenant = callerOf(request).tenant;
          const filter: Filter = {};
          if (params.kind) filter.kind = params.kind;
          if (params.chatbot_id) filter.chatbot_id = params.chatbot_id;
          if (params.created_by) filter.created_by = params.created_by;
          return paginate(platform.apiKeys.forTenant(tenant), params, {
            filter: withTimeFilter(filter, params),
            present: (key) => presentKey(key, tenant.mode),
          });
        },
      },
    },
    {
      method: 'POST',
      path: '/api-keys',
      options: {
        description: 'Create an account API key in the calling key’s mode',
        notes:
          'The response carries `secret`, the key itself, this once. It works at once, with the role of the member ' +
          'who made it (through their session, or through a key they made) as long as they have it.',
        tags: ['api', 'api-keys'],
        plugins: keyAccess,
        validate: {
          payload: Joi.object({
            name: Joi.string().trim().min(1).max(100).default('API key'),
            // Stored times are compared as ISO strings, which sort in time order only with four-digit years.
            expires_at: Joi.date().iso().max(LATEST_STORED_TIME).description('When the key stops working; must be in the future, and at most the year 9999'),
          })
            .allow(null)
            .default({}),
        },
        response: { status: { 201: apiKeyWithSecretResponse } },
        handler: async (request, h) => {
          const body = (request.payload ?? {}) as { name?: string; expires_at?: Date };
          const tenant = callerOf(request).tenant;
          const now = api.now();
          if (body.expires_at && body.expires_at <= now) {
            const message = '"expires_at" must be in the future';
            throw apiError(400, 'validation_failed', message, {
              details: [{ path: 'expires_at', message, type: 'date.greater' }],
            });
          }
          const issued = issueKey(platform.apiKeys, tenant, {
            name: body.name ?? 'API key',
            kind: 'account',
            expiresAt: body.expires_at?.toISOString() ?? null,
            createdBy: callerOf(request).maker,
            now,
          });
          await api.commit([issued.op]);
          return h.response({ ...presentKey(issued.record, tenant.mode), secret: issued.secret }).code(201);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api-keys/{keyId}',
      options: {
        description: 'Revoke an API key',
        notes:
          'Takes effect at once, also for the key making this call. Revoking a revoked key changes nothing. A key ' +
          'made by an owner or the operator is revoked by an owner only (403 `insufficient_role`).',
        tags: ['api', 'api-keys'],
        plugins: keyAccess,
        validate: { params: keyIdParams },
        response: { schema: apiKeyResponse },
        handler: async (request) => {
          const tenant = callerOf(request).tenant;
          const key = await findKey(request);
          if (key.revoked_at) return presentKey(key, tenant.mode);
          await auth.makerForReplacement(callerOf(request), makerOfKey(key), 'revoke a key');
          const revoked = await platform.apiKeys
            .forTenant(tenant)
            .update(key.id, { revoked_at: api.now().toISOString() });
          platform.apiKeyCache.forgetKey(key.id);
          if (!revoked) throw notFound('api_key', key.id);
          return presentKey(revoked, tenant.mode);
        },
      },
    },
    {
      method: 'POST',
      path: '/api-keys/{keyId}/rotate',
      options: {
        description: 'Rotate an API key',
        notes:
          'Creates a new key (its `secret` shown once) and lets the old one work for `grace_period_seconds` ' +
          '(default 24 h, 0 ends it at once). Rotating a revoked, expired or already rotated key is a 409. The new key ' +
          'keeps the old one’s maker (`created_by`), so only someone at or above the maker’s role may rotate it (403 ' +
          '`insufficient_role`); a key whose maker left the account becomes the caller’s.',
        tags: ['api', 'api-keys'],
        plugins: keyAccess,
        validate: {
          params: keyIdParams,
          payload: rotateKeyInput,
        },
        response: {
          status: { 201: Joi.object({ new_key: apiKeyWithSecretResponse, old_key: apiKeyResponse }).label('RotatedKey') },
        },
        handler: async (request, h) => {
          const tenant = callerOf(request).tenant;
          const key = await findKey(request);
          const now = api.now();
          const refusal = rotationRefusal(key, now);
          if (refusal) throw apiError(409, 'conflict', refusal);
          const createdBy = await auth.makerForReplacement(callerOf(request), makerOfKey(key), 'rotate a key');
          const graceSeconds = gracePeriodOf(request.payload, platform.config.keys.rotation_grace_seconds);
          const { issued, old } = await auth.rotateApiKey(tenant, key, { graceSeconds, createdBy, now });
          platform.apiKeyCache.forgetKey(key.id);
          return h
            .response({
              new_key: { ...presentKey(issued.record, tenant.mode), secret: issued.secret },
              old_key: presentKey(old, tenant.mode),
            })
            .code(201);
        },
      },
    },
  ];
}
