// The caller's own account: its plan and limits, its usage, and its IP allowlist.
import Joi from 'joi';
import { apiError, callerOf, presentAccount, TokenBudget, type BuiltInPluginApi, type PluginRoute } from '../../core/index.js';
import { accountResponse, ipAllowlist } from './schemas.js';

const usageResponse = Joi.object({
  mode: Joi.string().valid('live', 'test').required(),
  plan: Joi.string().required(),
  windows: Joi.array()
    .items(
      Joi.object({
        window: Joi.string().valid('minute', 'day').required(),
        limit: Joi.number().integer().required(),
        used: Joi.number().integer().required(),
        remaining: Joi.number().integer().required(),
        resets_at: Joi.string().isoDate().required(),
      }),
    )
    .required(),
  llm_tokens: Joi.object({
    used: Joi.number().integer().min(0).required(),
    limit: Joi.number().integer().min(0).allow(null).required().description('The plan’s monthly cap; null: none'),
    resets_at: Joi.string().isoDate().required(),
  })
    .required()
    .label('LlmTokenUsage')
    .description('Language-model tokens (read and written) the account used this calendar month (UTC), every mode together'),
}).label('Usage');

const allowlistResponse = Joi.object({
  ip_allowlist: Joi.array().items(Joi.string()).required(),
  enforced: Joi.boolean().required(),
}).label('IpAllowlist');

export function accountRoutes(api: BuiltInPluginApi): PluginRoute[] {
  const { platform } = api.privileged;
  const tokens = new TokenBudget(platform.config, platform.accounts, api.counters, () => api.now());
  return [
    {
      method: 'GET',
      path: '/account',
      options: {
        description: 'Get the account of the calling key',
        tags: ['api', 'account'],
        response: { schema: accountResponse },
        handler: (request) => presentAccount(platform.config, callerOf(request).account),
      },
    },
    {
      method: 'GET',
      path: '/usage',
      options: {
        description: 'Request counters, limits and reset times of the calling key’s mode',
        notes: 'Counts are per account and mode and include this request.',
        tags: ['api', 'account'],
        response: { schema: usageResponse },
        handler: async (request) => {
          const caller = callerOf(request);
          const [windows, budget] = await Promise.all([platform.requestCounts.readUsage(caller.tenant, caller.plan, api.now()), tokens.state(caller.account.id)]);
          return {
            llm_tokens: { used: budget.used, limit: budget.limit, resets_at: budget.resetsAt.toISOString() },
            mode: caller.tenant.mode,
            plan: caller.account.plan,
            windows: windows.map((w) => ({
              window: w.window,
              limit: w.limit,
              used: w.used,
              remaining: w.remaining,
              resets_at: new Date(w.resetAt * 1000).toISOString(),
            })),
          };
        },
      },
    },
    {
      method: 'GET',
      path: '/account/ip-allowlist',
      options: {
        description: 'Get the account’s IP allowlist',
        notes: 'Enforced on plans that include it (Enterprise) when the list is not empty.',
        tags: ['api', 'account'],
        response: { schema: allowlistResponse },
        handler: (request) => {
          const caller = callerOf(request);
          return { ip_allowlist: caller.account.ip_allowlist, enforced: allowlistEnforced(caller) };
        },
      },
    },
    {
      method: 'PUT',
      path: '/account/ip-allowlist',
      options: {
        description: 'Replace the account’s IP allowlist',
        notes:
          'Needs a live key (the list guards both modes) and a plan with IP allowlisting. An empty list turns it off. ' +
          'A list that leaves out the caller’s own address locks this client out.',
        tags: ['api', 'account'],
        plugins: { platform: { errors: { 403: ['live_mode_required', 'plan_feature_unavailable'], 404: ['account_not_found'] } } },
        validate: { payload: Joi.object({ ip_allowlist: ipAllowlist.required() }).required() },
        response: { schema: allowlistResponse },
        handler: async (request) => {
          const caller = callerOf(request);
          if (caller.tenant.mode !== 'live') {
            throw apiError(403, 'live_mode_required', 'The IP allowlist guards live data too; change it with a live key');
          }
          if (!caller.plan.ip_allowlist) {
            throw apiError(403, 'plan_feature_unavailable', `IP allowlists are not part of the ${caller.account.plan} plan`);
          }
          const { ip_allowlist: list } = request.payload as { ip_allowlist: string[] };
          const updated = await platform.accounts
            .global()
            .update(caller.account.id, { ip_allowlist: list, updated_at: api.now().toISOString() });
          platform.apiKeyCache.forgetAccount(caller.account.id);
          if (!updated) throw apiError(404, 'account_not_found', 'The account no longer exists');
          return { ip_allowlist: updated.ip_allowlist, enforced: allowlistEnforced({ ...caller, account: updated }) };
        },
      },
    },
  ];
}

function allowlistEnforced(caller: { plan: { ip_allowlist: boolean }; account: { ip_allowlist: string[] } }): boolean {
  return caller.plan.ip_allowlist && caller.account.ip_allowlist.length > 0;
}
