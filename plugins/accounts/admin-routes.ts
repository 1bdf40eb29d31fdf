// The operator API (`/admin/v1`), behind ADMIN_TOKEN: a SaaS operator creates and manages accounts.
// Only registered when a token is configured; otherwise these paths are plain 404s.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import {
  idSchema,
  listQuerySchema,
  notFound,
  pageSchema,
  paginate,
  presentAccount,
  withTimeFilter,
  type AccountDoc,
  type BuiltInPluginApi,
  type Filter,
  type ListParams,
} from '../../core/index.js';
import { accountLimitsInput, accountName, accountResponse, ipAllowlist, planName } from './schemas.js';

const adminAuth = { strategy: 'admin-token' };
const accountIdParams = Joi.object({ accountId: idSchema('acct').required() });

export function adminRoutes(api: BuiltInPluginApi): ServerRoute[] {
  const { platform, auth } = api.privileged;
  const accounts = platform.accounts.global();
  const present = (account: Parameters<typeof presentAccount>[1]) => presentAccount(platform.config, account);

  return [
    {
      method: 'POST',
      path: '/admin/v1/accounts',
      options: {
        auth: adminAuth,
        description: 'Create an account with its first live and test keys',
        notes: 'The keys are shown in this response only.',
        tags: ['api', 'admin'],
        validate: {
          payload: Joi.object({
            name: accountName.required(),
            plan: planName.default('free'),
            limits: accountLimitsInput,
            ip_allowlist: ipAllowlist,
          }).required(),
        },
        response: {
          status: {
            201: Joi.object({
              account: accountResponse.required(),
              live_key: Joi.string().required(),
              test_key: Joi.string().required(),
            }).label('CreatedAccount'),
          },
        },
        handler: async (request, h) => {
          const created = await auth.createAccountWithKeys(request.payload as Parameters<typeof auth.createAccountWithKeys>[0]);
          return h
            .response({ account: present(created.account), live_key: created.liveKey, test_key: created.testKey })
            .code(201);
        },
      },
    },
    {
      method: 'GET',
      path: '/admin/v1/accounts',
      options: {
        auth: adminAuth,
        description: 'List accounts',
        tags: ['api', 'admin'],
        validate: {
          query: listQuerySchema.keys({ plan: planName, status: Joi.string().valid('active', 'disabled') }),
        },
        response: { schema: pageSchema(accountResponse).label('AccountList') },
        handler: async (request) => {
          const params = request.query as ListParams & { plan?: string; status?: string };
          const filter: Filter = {};
          if (params.plan) filter.plan = params.plan;
          if (params.status) filter.status = params.status;
          return paginate(accounts, params, { filter: withTimeFilter(filter, params), present });
        },
      },
    },
    {
      method: 'GET',
      path: '/admin/v1/accounts/{accountId}',
      options: {
        auth: adminAuth,
        description: 'Get an account',
        tags: ['api', 'admin'],
        validate: { params: accountIdParams },
        response: { schema: accountResponse },
        handler: async (request) => {
          const { accountId } = request.params as { accountId: string };
          const account = await accounts.get(accountId);
          if (!account) throw notFound('account', accountId);
          return present(account);
        },
      },
    },
    {
      method: 'PATCH',
      path: '/admin/v1/accounts/{accountId}',
      options: {
        auth: adminAuth,
        description: 'Change an account’s name, plan, status, limits or IP allowlist',
        notes: 'A disabled account’s keys stop working at once. `limits` replaces the overrides as a whole.',
        tags: ['api', 'admin'],
        validate: {
          params: accountIdParams,
          payload: Joi.object({
            name: accountName,
            plan: planName,
            status: Joi.string().valid('active', 'disabled'),
            limits: accountLimitsInput,
            ip_allowlist: ipAllowlist,
          })
            .min(1)
            .required(),
        },
        response: { schema: accountResponse },
        handler: async (request) => {
          const { accountId } = request.params as { accountId: string };
          const changes = request.payload as Partial<AccountDoc>;
          const updated = await accounts.update(accountId, { ...changes, updated_at: api.now().toISOString() });
          platform.apiKeyCache.forgetAccount(accountId); // its keys see the change at once here, other instances within keys.cache_seconds
          if (!updated) throw notFound('account', accountId);
          return present(updated);
        },
      },
    },
  ];
}
