// The account's OAuth clients (docs/ARCHITECTURE.md A3, A6): list, register (the secret is shown once), delete
// (its tokens stop working at once) and rotate the secret with a grace period. A "full" plan
// feature, managed with API keys only: a token cannot mint more clients.
import Joi from 'joi';
import {
  callerOf,
  gracePeriodOf,
  idSchema,
  listQuerySchema,
  makerResponse,
  newId,
  notFound,
  pageSchema,
  paginate,
  rotateKeyInput,
  SCOPES,
  tenantOf,
  withTimeFilter,
  type BuiltInPluginApi,
  type Collection,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import { hashSecret, makerOfClient, newClientSecret, presentClient, type OAuthClient, type OAuthClientDoc } from './collections.js';

const clientAccess = { platform: { access: 'full' as const, scope: null } };
const clientParams = Joi.object({ clientId: idSchema('oac').required() });

const clientResponse = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  mode: Joi.string().valid('live', 'test').required(),
  scopes: Joi.array()
    .items(Joi.string().valid(...SCOPES))
    .required(),
  secret_last4: Joi.string().length(4).required(),
  created_at: Joi.string().isoDate().required(),
  secret_rotated_at: Joi.string().isoDate().allow(null).required(),
  previous_secret_expires_at: Joi.string().isoDate().allow(null).required(),
  created_by: makerResponse.required(),
}).label('OAuthClient');

const clientWithSecret = clientResponse
  .keys({ client_secret: Joi.string().required().description('The client secret. Shown only in this response.') })
  .label('OAuthClientWithSecret');

const clientInput = Joi.object({
  name: Joi.string().trim().min(1).max(100).required(),
  scopes: Joi.array()
    .items(Joi.string().valid(...SCOPES))
    .min(1)
    .unique()
    .required()
    .description('What the client’s tokens may do; a token request may ask for fewer'),
}).label('OAuthClientInput');

export function clientRoutes(api: BuiltInPluginApi, clients: Collection<OAuthClientDoc>): PluginRoute[] {
  const { platform, auth } = api.privileged;
  async function findClient(request: Parameters<typeof tenantOf>[0]): Promise<OAuthClient> {
    const { clientId } = request.params as { clientId: string };
    const client = await clients.forTenant(tenantOf(request)).get(clientId);
    if (!client) throw notFound('oauth_client', clientId);
    return client;
  }

  return [
    {
      method: 'GET',
      path: '/oauth/clients',
      options: {
        description: 'List the OAuth clients of the calling key’s mode',
        notes: 'Secrets are never returned after creation.',
        tags: ['api', 'oauth'],
        plugins: clientAccess,
        validate: { query: listQuerySchema },
        response: { schema: pageSchema(clientResponse).label('OAuthClientList') },
        handler: async (request) => {
          const tenant = tenantOf(request);
          return paginate(clients.forTenant(tenant), request.query as ListParams, {
            filter: withTimeFilter({}, request.query as ListParams),
            present: (client) => presentClient(client, tenant.mode),
          });
        },
      },
    },
    {
      method: 'POST',
      path: '/oauth/clients',
      options: {
        description: 'Register an OAuth client',
        notes:
          'The response carries `client_secret` this once; the client id is `id`. Tokens come from `POST /oauth/token` ' +
          '(client credentials grant) in the mode of the key that registered the client. They act with the current ' +
          'role of the member who registered it (`created_by`), and stop when that member leaves the account.',
        tags: ['api', 'oauth'],
        plugins: clientAccess,
        validate: { payload: clientInput },
        response: { status: { 201: clientWithSecret } },
        handler: async (request, h) => {
          const caller = callerOf(request);
          const tenant = caller.tenant;
          const { name, scopes } = request.payload as { name: string; scopes: OAuthClientDoc['scopes'] };
          const now = api.now();
          const secret = newClientSecret();
          const id = newId('oac', now.getTime());
          const doc: OAuthClientDoc & { id: string } = {
            id,
            client_id: id,
            name,
            scopes: SCOPES.filter((scope) => scopes.includes(scope)),
            secret_hash: hashSecret(secret),
            secret_last4: secret.slice(-4),
            previous_secret_hash: null,
            previous_secret_expires_at: null,
            created_at: now.toISOString(),
            secret_rotated_at: null,
            created_by: caller.maker,
          };
          const client = await clients.forTenant(tenant).insert(doc);
          return h.response({ ...presentClient(client, tenant.mode), client_secret: secret }).code(201);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/oauth/clients/{clientId}',
      options: {
        description: 'Delete an OAuth client',
        notes:
          'Its secret and every token issued to it stop working at once, on every instance. A client registered by an ' +
          'owner or the operator is deleted by an owner only (403 `insufficient_role`).',
        tags: ['api', 'oauth'],
        plugins: clientAccess,
        validate: { params: clientParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }).label('OAuthClientDeleted') },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const client = await findClient(request);
          await auth.makerForReplacement(callerOf(request), makerOfClient(client), 'delete an OAuth client');
          await api.commit([
            clients.forTenant(tenant).ops.delete(client.id),
            platform.oauthTokens.forTenant(tenant).ops.deleteMany({ client_id: client.id }),
          ]);
          return { id: client.id, deleted: true as const };
        },
      },
    },
    {
      method: 'POST',
      path: '/oauth/clients/{clientId}/rotate-secret',
      options: {
        description: 'Rotate an OAuth client’s secret',
        notes:
          'Returns a new `client_secret` (shown once); the previous one keeps working for `grace_period_seconds` ' +
          '(default: the server’s key rotation grace, 24 h; 0 ends it now). Tokens already issued stay valid until they expire. ' +
          'The client keeps its maker: only someone at or above the maker’s role may rotate it (403 `insufficient_role`); ' +
          'a client whose maker left the account becomes the caller’s.',
        tags: ['api', 'oauth'],
        plugins: clientAccess,
        validate: { params: clientParams, payload: rotateKeyInput },
        response: { schema: clientWithSecret },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const client = await findClient(request);
          const createdBy = await auth.makerForReplacement(callerOf(request), makerOfClient(client), 'rotate the secret of an OAuth client');
          const now = api.now();
          const grace = gracePeriodOf(request.payload, platform.config.keys.rotation_grace_seconds);
          const secret = newClientSecret();
          const changes: Partial<OAuthClientDoc> = {
            secret_hash: hashSecret(secret),
            secret_last4: secret.slice(-4),
            previous_secret_hash: grace > 0 ? client.secret_hash : null,
            previous_secret_expires_at: grace > 0 ? new Date(now.getTime() + grace * 1000).toISOString() : null,
            secret_rotated_at: now.toISOString(),
            created_by: createdBy,
          };
          const updated = await clients.forTenant(tenant).update(client.id, changes, { ifVersion: client.version });
          if (!updated) throw notFound('oauth_client', client.id);
          return { ...presentClient(updated, tenant.mode), client_secret: secret };
        },
      },
    },
  ];
}
