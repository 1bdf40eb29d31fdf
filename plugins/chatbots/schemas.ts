import Joi from 'joi';
import { idSchema } from '../../core/index.js';
import { CHATBOT_STATUSES } from './collections.js';
import { chatbotFields } from './settings.js';

export const chatbotIdParams = Joi.object({ id: idSchema('cb').required() });

const isoTime = Joi.string().isoDate();

export const chatbotResponse = Joi.object({
  id: Joi.string().required(),
  name: Joi.string().required(),
  language: Joi.string().required(),
  personality: Joi.string().required(),
  welcome_message: Joi.string().allow(null).required(),
  status: Joi.string()
    .valid(...CHATBOT_STATUSES)
    .required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('Chatbot');

export const createdChatbotResponse = chatbotResponse
  .keys({
    api_key: Joi.string()
      .required()
      .description('A key of the creating key’s mode that works only for this chatbot. Shown once.'),
  })
  .label('CreatedChatbot');

export const chatbotName = Joi.string().trim().min(1).max(100);

export const createChatbotInput = Joi.object({
  name: chatbotName.required(),
  language: chatbotFields.language.default('en'),
  personality: chatbotFields.personality.default('friendly'),
  welcome_message: chatbotFields.welcome_message,
})
  .required()
  .label('CreateChatbot');

export const updateChatbotInput = Joi.object({
  name: chatbotName,
  language: chatbotFields.language,
  personality: chatbotFields.personality,
  welcome_message: chatbotFields.welcome_message,
})
  .min(1)
  .required()
  .label('UpdateChatbot');

export const deletedResponse = Joi.object({
  id: Joi.string().required(),
  deleted: Joi.boolean().valid(true).required(),
}).label('DeletedChatbot');

/** The `{id}` path parameter, validated by chatbotIdParams. */
export function chatbotIdOf(request: { params: unknown }): string {
  return (request.params as { id: string }).id;
}
