// How API keys appear in responses; shared by every route that returns a key.
import Joi from 'joi';

const isoTime = Joi.string().isoDate();

/** Who made a key or OAuth client (core/auth/makers.ts). */
export const makerResponse = Joi.object({
  type: Joi.string()
    .valid('member', 'operator', 'unknown_member')
    .required()
    .description(
      '`member`: the member `member_id` made it (in the dashboard, or through a credential they made); it acts with ' +
        'their current role and stops when they leave the account. `operator`: the CLI or the operator API (acts as an ' +
        'owner). `unknown_member`: an admin, before makers were recorded (acts as an admin).',
    ),
  member_id: Joi.string().allow(null).required(),
}).label('CredentialMaker');

export const apiKeyResponse = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  mode: Joi.string().valid('live', 'test').required(),
  kind: Joi.string().valid('account', 'chatbot').required(),
  chatbot_id: Joi.string().allow(null).required(),
  redacted_key: Joi.string().required(),
  last4: Joi.string().length(4).required(),
  created_at: isoTime.required(),
  last_used_at: isoTime.allow(null).required(),
  expires_at: isoTime.allow(null).required(),
  revoked_at: isoTime.allow(null).required(),
  rotated_to: Joi.string().allow(null).required(),
  created_by: makerResponse.required(),
}).label('ApiKey');

export const apiKeyWithSecretResponse = apiKeyResponse
  .keys({ secret: Joi.string().required().description('The key itself. Shown only in this response.') })
  .label('ApiKeyWithSecret');

const MAX_GRACE_SECONDS = 30 * 86_400;

/** The body of a rotate call: how long the old key keeps working, at most 30 days. */
export const rotateKeyInput = Joi.object({
  grace_period_seconds: Joi.number().integer().min(0).max(MAX_GRACE_SECONDS),
})
  .allow(null)
  .default({})
  .label('RotateKey');

/** The grace period a rotate call asked for, or the server's default. */
export function gracePeriodOf(payload: unknown, defaultSeconds: number): number {
  return (payload as { grace_period_seconds?: number } | null)?.grace_period_seconds ?? defaultSeconds;
}
