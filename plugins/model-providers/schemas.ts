// Validation and response shapes of the model provider routes.
import Joi from 'joi';
import { idSchema, listQuerySchema, outboundUrlSchema, pageSchema } from '../../core/index.js';

export const modelProviderParams = Joi.object({ providerId: idSchema('mp').required() });

const isoTime = Joi.string().isoDate();
const name = Joi.string().trim().min(1).max(100).description('What the dashboard shows; unique in the account');
const type = Joi.string()
  .valid('openai', 'ollama')
  .description('`openai`: any OpenAI-compatible server (OpenAI, Azure-style gateways, vLLM, LM Studio, llama.cpp’s server); `ollama`: Ollama’s own API');
const baseUrl = outboundUrlSchema()
  // No user name or password before the host (a pattern, so the document states it too).
  .pattern(/^https?:\/\/[^/?#@]+([/?#].*)?$/i, 'no credentials')
  .messages({ 'string.pattern.name': '{{#label}} must not hold a user name or password: send the key as `api_key`' })
  .description(
    'The server’s root: `https://api.openai.com` (a trailing `/v1` is understood), `http://ollama.internal:11434`. A query (`?api-version=…`) is kept on every call; a fragment is dropped',
  );
const apiKey = Joi.string()
  .trim()
  .min(1)
  .max(1000)
  .allow(null)
  .description('Sent as `Authorization: Bearer …`; stored encrypted and never shown again (only its last four characters)');
const model = Joi.string().trim().min(1).max(200).allow(null);

export const createModelProviderInput = Joi.object({
  name: name.required(),
  type: type.required(),
  base_url: baseUrl.required(),
  api_key: apiKey.default(null),
  chat_model: model.default(null).description('The model answers use when a chatbot’s settings name none'),
  embedding_model: model.default(null).description('The model that embeds knowledge and questions (hybrid retrieval)'),
})
  .required()
  .label('CreateModelProvider');

export const updateModelProviderInput = Joi.object({
  name,
  type,
  base_url: baseUrl,
  api_key: apiKey,
  chat_model: model,
  embedding_model: model,
})
  .min(1)
  .required()
  .label('ModelProviderPatch');

export const modelProviderListQuery = listQuerySchema;

export const modelProviderResponse = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  type: Joi.string().valid('openai', 'ollama').required(),
  base_url: Joi.string().required(),
  api_key_set: Joi.boolean().required(),
  api_key_last4: Joi.string().allow(null).required().description('The key’s last four characters, so keys can be told apart'),
  chat_model: Joi.string().allow(null).required(),
  embedding_model: Joi.string().allow(null).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('ModelProvider');

export const modelProviderListResponse = pageSchema(modelProviderResponse).label('ModelProviderList');

export const deletedModelProviderResponse = Joi.object({
  id: Joi.string().required(),
  deleted: Joi.boolean().valid(true).required(),
}).label('DeletedModelProvider');

const checkError = Joi.object({
  code: Joi.string().valid('provider_timeout', 'provider_unavailable', 'provider_error', 'provider_bad_response').required(),
  message: Joi.string().required(),
}).label('ModelProviderCheckError');

export const modelProviderTestResponse = Joi.object({
  chat: Joi.object({
    model: Joi.string().required(),
    ok: Joi.boolean().required(),
    latency_ms: Joi.number().integer().min(0).required(),
    reply: Joi.string().allow(null).required().description('The start of what the model answered to a one-word request'),
    error: checkError.allow(null).required(),
  })
    .allow(null)
    .required()
    .label('ModelProviderChatCheck')
    .description('Null: the provider names no chat model'),
  embeddings: Joi.object({
    model: Joi.string().required(),
    ok: Joi.boolean().required(),
    latency_ms: Joi.number().integer().min(0).required(),
    dimensions: Joi.number().integer().min(1).allow(null).required(),
    error: checkError.allow(null).required(),
  })
    .allow(null)
    .required()
    .label('ModelProviderEmbeddingsCheck')
    .description('Null: the provider names no embedding model'),
}).label('ModelProviderTest');
