// The OAuth 2.0 endpoints (docs/ARCHITECTURE.md A6): the client credentials grant (RFC 6749 §4.4) at
// POST /oauth/token, revocation (RFC 7009), introspection (RFC 7662) and the server's metadata
// (RFC 8414). Form-encoded bodies and RFC 6749 error bodies here only. Written on the repository,
// not with a library: the server libraries that exist bring their own storage and framework
// (oauth2-server, node-oidc-provider), and client credentials with opaque tokens is small.
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import {
  apiError,
  ClientAddressResolver,
  consumeMinuteLimit,
  currentRoleOf,
  effectivePlan,
  hashAccessToken as hashToken,
  newAccessToken,
  newId,
  rateLimitHeaders,
  retryAfterSeconds,
  SCOPES,
  type Account,
  type BuiltInPluginApi,
  type Collection,
  type TenantScope,
} from '../../core/index.js';
import { makerOfClient, SECRET_PATTERN, secretMatches, type OAuthClient, type OAuthClientDoc } from './collections.js';

const FORM = 'application/x-www-form-urlencoded';
const TOKEN_LIFETIME_SECONDS = 3600;
/** Every endpoint authenticates the client (`authenticateClient`) and is throttled per address and client. */
const CLIENT_ERRORS = { 400: ['unauthorized_client'], 401: ['invalid_client'], 429: ['rate_limited'] };
const oauthRoute = { platform: { errorBody: 'oauth' as const, errors: CLIENT_ERRORS } };

/** RFC 6749 §5.2 errors; `invalid_client` is a 401, with a Basic challenge when Basic was used. */
function oauthError(status: 400 | 401, error: string, description: string, basic = false) {
  return apiError(status, error, description, basic ? { headers: { 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' } } : {});
}

// Unknown parameters are ignored (RFC 6749 §3.2); one sent twice arrives as an array and fails.
const clientAuthFields = {
  client_id: Joi.string().max(200),
  client_secret: Joi.string().max(200),
};
const tokenInput = Joi.object({
  grant_type: Joi.string().max(200).required(),
  scope: Joi.string().max(2000).allow(''),
  ...clientAuthFields,
})
  .unknown(true)
  .label('OAuthTokenRequest');
const tokenTargetInput = Joi.object({
  token: Joi.string().max(2000).required(),
  token_type_hint: Joi.string().max(200),
  ...clientAuthFields,
})
  .unknown(true)
  .label('OAuthTokenTarget');

const tokenResponse = Joi.object({
  access_token: Joi.string().required(),
  token_type: Joi.string().valid('Bearer').required(),
  expires_in: Joi.number().integer().required(),
  scope: Joi.string().allow('').required(),
}).label('OAuthTokenResponse');

const introspectionResponse = Joi.object({
  active: Joi.boolean().required(),
  scope: Joi.string().allow(''),
  client_id: Joi.string(),
  token_type: Joi.string(),
  exp: Joi.number().integer(),
  iat: Joi.number().integer(),
  sub: Joi.string(),
  iss: Joi.string(),
}).label('OAuthIntrospection');

/** 429 for the token endpoint; the OAuth error body makes it `temporarily_unavailable`. */
function tooManyTokenRequests(message: string, retryAfter: number, headers: Record<string, string> = {}) {
  return apiError(429, 'rate_limited', message, { headers: { 'Retry-After': String(retryAfter), ...headers } });
}

export function tokenRoutes(api: BuiltInPluginApi, clients: Collection<OAuthClientDoc>): ServerRoute[] {
  const { platform } = api.privileged;
  const configuredIssuer = platform.config.server.public_url?.replace(/\/+$/, '') ?? null;
  const issuerOf = (request: Request) => configuredIssuer ?? `${request.server.info.protocol}://${request.info.host}`;
  const addresses = new ClientAddressResolver(platform.config.server.trust_proxy);
  const limits = platform.config.oauth;

  /**
   * Requests to the token, revocation and introspection endpoints, one budget for the three (each
   * checks a client secret, so each could serve to guess one): per client address, counted before
   * the client is authenticated (secret guesses count too), and per client, counted once it is (so
   * nobody locks a client out by sending its id with wrong secrets). Counters in the store, shared
   * by every instance.
   */
  async function throttleAddress(request: Request): Promise<void> {
    const ip = addresses.resolve(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | undefined) ?? 'unknown';
    const retryAfter = await consumeMinuteLimit(api.counters, `oauth_token_ip:${ip}`, limits.token_requests_per_minute_per_address, api.now());
    if (retryAfter !== null) throw tooManyTokenRequests(`Too many OAuth requests from this address; try again in ${retryAfter} s`, retryAfter);
  }

  async function throttleClient(client: OAuthClient): Promise<void> {
    const retryAfter = await consumeMinuteLimit(api.counters, `oauth_token_client:${client.id}`, limits.token_requests_per_minute_per_client, api.now());
    if (retryAfter !== null) throw tooManyTokenRequests(`Too many OAuth requests for client ${client.id}; try again in ${retryAfter} s`, retryAfter);
  }

  /** A token request is a request of the client's account: it counts in the plan's limits like any other. */
  async function countInPlan(tenant: TenantScope, account: Account): Promise<void> {
    const now = api.now();
    const state = await platform.requestCounts.consume(tenant, effectivePlan(platform.config, account), now);
    if (state.exceeded) {
      const window = state.exceeded;
      throw tooManyTokenRequests(`The ${window.window} request limit of ${window.limit} is used up`, retryAfterSeconds(window, now), rateLimitHeaders(state, now));
    }
  }

  /** The calling client (RFC 6749 §2.3.1: HTTP Basic, or client_id and client_secret in the body; not both). */
  async function authenticateClient(request: Request): Promise<{ client: OAuthClient; tenant: TenantScope; account: Account }> {
    const body = (request.payload ?? {}) as { client_id?: string; client_secret?: string };
    const header = String(request.headers.authorization ?? '');
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    let id = body.client_id;
    let secret = body.client_secret;
    if (basic) {
      if (body.client_secret !== undefined) throw oauthError(400, 'invalid_request', 'Authenticate the client one way: HTTP Basic or the body, not both');
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw oauthError(401, 'invalid_client', 'The Basic credentials are not client_id:client_secret', true);
      try {
        id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        throw oauthError(401, 'invalid_client', 'The Basic credentials are not form-encoded', true);
      }
    } else if (header) {
      throw oauthError(401, 'invalid_client', 'Authenticate the client with HTTP Basic or client_id and client_secret in the body', true);
    }
    if (!id || !secret) throw oauthError(401, 'invalid_client', 'Client authentication is required', Boolean(basic) || !id);
    const found = id.startsWith('oac_') && id.length <= 64 && SECRET_PATTERN.test(secret) ? await clients.findUniqueAcrossTenants('client_id', id) : null;
    const now = api.now();
    if (!found || !secretMatches(found.record, secret, now)) throw oauthError(401, 'invalid_client', 'Unknown client or wrong secret', Boolean(basic));
    const account = await platform.accounts.global().get(found.scope.accountId);
    if (!account || account.status !== 'active') throw oauthError(401, 'invalid_client', 'The client’s account is disabled', Boolean(basic));
    // OAuth clients are a "full" plan feature: an account moved to a smaller plan gets no new tokens.
    if (effectivePlan(platform.config, account).access !== 'full') {
      throw oauthError(400, 'unauthorized_client', `The ${account.plan} plan does not include OAuth clients`);
    }
    // A client acts for the member who registered it (core/auth/makers.ts): it stops when they leave.
    if (!(await currentRoleOf(platform.members, account.id, makerOfClient(found.record)))) {
      throw oauthError(401, 'invalid_client', 'The member who registered this client is no longer in the account', Boolean(basic));
    }
    return { client: found.record, tenant: found.scope, account };
  }

  const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  const common = {
    auth: false as const,
    tags: ['api', 'oauth'],
    plugins: oauthRoute,
    payload: { allow: [FORM] },
  };

  return [
    {
      method: 'POST',
      path: '/oauth/token',
      options: {
        ...common,
        plugins: { platform: { ...oauthRoute.platform, errors: { ...CLIENT_ERRORS, 400: ['unauthorized_client', 'unsupported_grant_type', 'invalid_scope'] } } },
        description: 'Get an access token (OAuth 2.0 client credentials grant)',
        notes:
          'RFC 6749 §4.4: `grant_type=client_credentials`, optional `scope` (space-separated, a subset of the client’s; ' +
          'default all of them), client authentication by HTTP Basic or `client_id` and `client_secret` in the body. ' +
          'Errors are RFC 6749 bodies: 400 `invalid_request`, 400 `unsupported_grant_type`, 400 `invalid_scope`, ' +
          '400 `unauthorized_client` (the plan has no OAuth), 401 `invalid_client`, 429 `temporarily_unavailable` with ' +
          `\`Retry-After\`: more than ${limits.token_requests_per_minute_per_client} token requests a minute from this client or ` +
          `${limits.token_requests_per_minute_per_address} from this address, ` +
          'or the plan’s request limit used up. Each token request counts in the account’s plan limits.',
        validate: { payload: tokenInput },
        response: { schema: tokenResponse },
        handler: async (request, h) => {
          const { grant_type: grantType, scope } = request.payload as { grant_type: string; scope?: string };
          await throttleAddress(request);
          const { client, tenant, account } = await authenticateClient(request);
          await countInPlan(tenant, account);
          await throttleClient(client);
          if (grantType !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
          const requested = scope?.trim() ? [...new Set(scope.trim().split(/ +/))] : client.scopes;
          const unknown = requested.filter((item) => !(client.scopes as string[]).includes(item));
          if (unknown.length > 0) throw oauthError(400, 'invalid_scope', `Not granted to this client: ${unknown.join(' ').slice(0, 500)}`);
          const scopes = SCOPES.filter((item) => requested.includes(item));
          const now = api.now();
          const token = newAccessToken();
          await platform.oauthTokens.forTenant(tenant).insert({
            id: newId('otk', now.getTime()),
            client_id: client.id,
            hash: hashToken(token),
            scopes,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
            created_by: makerOfClient(client),
          });
          const body = { access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_LIFETIME_SECONDS, scope: scopes.join(' ') };
          const response = h.response(body);
          for (const [name, value] of Object.entries(noStore)) response.header(name, value);
          return response;
        },
      },
    },
    {
      method: 'POST',
      path: '/oauth/revoke',
      options: {
        ...common,
        description: 'Revoke an access token (RFC 7009)',
        notes:
          'Client-authenticated like the token endpoint. Answers 200 with an empty object whether or not the token was ' +
          'known (also for another client’s token, which is left alone). The token stops working at once on every instance. ' +
          'Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`, 429 `temporarily_unavailable` with ' +
          '`Retry-After` (the token endpoint’s limits per client and per address, which the three endpoints share).',
        validate: { payload: tokenTargetInput },
        response: { schema: Joi.object({}).label('OAuthRevoked') },
        handler: async (request, h) => {
          await throttleAddress(request);
          const { client, tenant } = await authenticateClient(request);
          await throttleClient(client);
          const { token } = request.payload as { token: string };
          const tokens = platform.oauthTokens.forTenant(tenant);
          const found = await tokens.findOne({ hash: hashToken(token) });
          if (found && found.client_id === client.id) await tokens.delete(found.id);
          return h.response({}).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'POST',
      path: '/oauth/introspect',
      options: {
        ...common,
        description: 'Introspect an access token (RFC 7662)',
        notes:
          'Client-authenticated. `{"active": true, scope, client_id, token_type, exp, iat, sub, iss}` for a live token of ' +
          'the calling client; `{"active": false}` for anything else (unknown, expired, revoked, another client’s). ' +
          'Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`, 429 `temporarily_unavailable` with ' +
          '`Retry-After` (the token endpoint’s limits per client and per address, which the three endpoints share).',
        validate: { payload: tokenTargetInput },
        response: { schema: introspectionResponse },
        handler: async (request, h) => {
          await throttleAddress(request);
          const { client, tenant } = await authenticateClient(request);
          await throttleClient(client);
          const { token } = request.payload as { token: string };
          const found = await platform.oauthTokens.forTenant(tenant).findOne({ hash: hashToken(token) });
          const live = found && found.client_id === client.id && found.expires_at > api.now().toISOString();
          const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
          const body = live
            ? {
                active: true,
                scope: found.scopes.join(' '),
                client_id: client.id,
                token_type: 'Bearer',
                exp: seconds(found.expires_at),
                iat: seconds(found.created_at),
                sub: client.id,
                iss: issuerOf(request),
              }
            : { active: false };
          return h.response(body).header('Cache-Control', 'no-store');
        },
      },
    },
    {
      method: 'GET',
      path: '/.well-known/oauth-authorization-server',
      options: {
        auth: false,
        tags: ['api', 'oauth'],
        description: 'OAuth 2.0 authorization server metadata (RFC 8414)',
        notes:
          'Where to get, revoke and introspect tokens, and the scopes there are. The URLs are the server’s `PUBLIC_URL`; ' +
          'without one, the address the request came to, answered with `Cache-Control: no-store` so that no shared cache ' +
          'keeps one a forged `Host` header made.',
        response: {
          schema: Joi.object({
            issuer: Joi.string().required(),
            token_endpoint: Joi.string().required(),
            revocation_endpoint: Joi.string().required(),
            introspection_endpoint: Joi.string().required(),
            grant_types_supported: Joi.array().items(Joi.string()).required(),
            response_types_supported: Joi.array().items(Joi.string()).required(),
            token_endpoint_auth_methods_supported: Joi.array().items(Joi.string()).required(),
            revocation_endpoint_auth_methods_supported: Joi.array().items(Joi.string()).required(),
            introspection_endpoint_auth_methods_supported: Joi.array().items(Joi.string()).required(),
            scopes_supported: Joi.array().items(Joi.string()).required(),
          }).label('OAuthServerMetadata'),
        },
        handler: (request, h) => {
          const issuer = issuerOf(request);
          const methods = ['client_secret_basic', 'client_secret_post'];
          return h
            .response({
              issuer,
              token_endpoint: `${issuer}/oauth/token`,
              revocation_endpoint: `${issuer}/oauth/revoke`,
              introspection_endpoint: `${issuer}/oauth/introspect`,
              grant_types_supported: ['client_credentials'],
              response_types_supported: [],
              token_endpoint_auth_methods_supported: methods,
              revocation_endpoint_auth_methods_supported: methods,
              introspection_endpoint_auth_methods_supported: methods,
              scopes_supported: [...SCOPES],
            })
            .header('Cache-Control', configuredIssuer ? 'public, max-age=3600' : 'no-store');
        },
      },
    },
  ];
}

