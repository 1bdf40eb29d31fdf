import Joi from 'joi';
import { CIDR_PATTERN, parseCidr, PLAN_NAMES } from '../../core/index.js';
export { apiKeyResponse, apiKeyWithSecretResponse } from '../../core/index.js';

const isoTime = Joi.string().isoDate();

export const limitsResponse = Joi.object({
  requests_per_minute: Joi.number().integer().allow(null).required(),
  requests_per_day: Joi.number().integer().allow(null).required(),
  chatbots: Joi.number().integer().allow(null).required(),
  webhooks: Joi.boolean().required(),
  access: Joi.string().valid('read', 'write', 'full').required(),
}).label('AccountLimits');

export const accountResponse = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  plan: Joi.string()
    .valid(...PLAN_NAMES)
    .required(),
  status: Joi.string().valid('active', 'disabled').required(),
  limits: limitsResponse.required(),
  ip_allowlist: Joi.array().items(Joi.string()).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('Account');

/** CIDRs or single addresses, IPv4 or IPv6, read by the same parser that enforces them. */
export const ipAllowlist = Joi.array()
  .items(
    Joi.string()
      .max(64)
      // The pattern is exactly the set parseCidr reads (a test compares them), so the document says it.
      .pattern(CIDR_PATTERN)
      .custom((value: string, helpers) => (parseCidr(value) ? value : helpers.error('string.cidr')))
      .messages({
        'string.pattern.base': '{{#label}} must be an IPv4 or IPv6 address or CIDR such as 203.0.113.0/24 or 2001:db8::/32',
        'string.cidr': '{{#label}} must be an IPv4 or IPv6 address or CIDR such as 203.0.113.0/24 or 2001:db8::/32',
      }),
  )
  .max(100)
  .unique();

export const accountLimitsInput = Joi.object({
  requests_per_minute: Joi.number().integer().min(1).allow(null),
  requests_per_day: Joi.number().integer().min(1).allow(null),
  chatbots: Joi.number().integer().min(0).allow(null),
}).description('Overrides of the plan: a number, or null for unlimited; a missing key keeps the plan value');

export const planName = Joi.string().valid(...PLAN_NAMES);
export const accountName = Joi.string().trim().min(1).max(100);
