// How API keys appear in responses; shared by every route that returns a key.
import Joi from 'joi';

const isoTime = Joi.string().isoDate();

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
}).label('ApiKey');

export const apiKeyWithSecretResponse = apiKeyResponse
  .keys({ secret: Joi.string().required().description('The key itself. Shown only in this response.') })
  .label('ApiKeyWithSecret');
