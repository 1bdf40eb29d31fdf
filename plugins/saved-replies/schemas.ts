// Validation and response shapes of the saved reply routes.
import Joi from 'joi';
import { idSchema, listQuerySchema, MAX_MESSAGE_LENGTH, pageSchema } from '../../core/index.js';
import { VARIABLE_LIST, VARIABLES } from './variables.js';

export const SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
const isoTime = Joi.string().isoDate();

export const savedReplyParams = Joi.object({ replyId: idSchema('sr').required() });

const shortcut = Joi.string()
  .trim()
  .lowercase()
  .pattern(SHORTCUT_PATTERN, 'shortcut')
  .description('What an agent types after `/` in the reply box: 1 to 40 lower-case letters, digits and dashes, starting with a letter or digit (sent in any case, stored in lower case)');
const title = Joi.string().trim().min(1).max(100);
const body = Joi.string()
  .trim()
  .min(1)
  // A reply is sent as one agent message, so it is no longer than a message may be.
  .max(MAX_MESSAGE_LENGTH)
  .description(`The reply's text. Variables, filled in when the reply is used in a conversation: ${VARIABLE_LIST}. Any other \`{word.word}\` is refused.`);
const chatbotId = idSchema('cb').allow(null).description('Null: for every chatbot of the account');

export const createSavedReplyInput = Joi.object({
  shortcut: shortcut.required(),
  title: title.required(),
  body: body.required(),
  chatbot_id: chatbotId.description('Null or left out: for every chatbot of the account (a chatbot key: left out is its chatbot)'),
})
  .required()
  .label('CreateSavedReply');

export const updateSavedReplyInput = Joi.object({ shortcut, title, body, chatbot_id: chatbotId })
  .min(1)
  .required()
  .label('SavedReplyPatch');

export const savedReplyListQuery = listQuerySchema.keys({
  chatbot_id: idSchema('cb').description('The replies usable in this chatbot’s conversations: its own and those for every chatbot'),
  q: Joi.string().trim().min(1).max(100).description('Part of the shortcut, title or text, ignoring case and accents'),
});

export const renderInput = Joi.object({
  conversation_id: idSchema('conv').required().description('The conversation the reply is for: its visitor and chatbot fill in the variables'),
})
  .required()
  .label('RenderSavedReply');

export const savedReplyResponse = Joi.object({
  id: Joi.string().required(),
  chatbot_id: Joi.string().allow(null).required(),
  shortcut: Joi.string().required(),
  title: Joi.string().required(),
  body: Joi.string().required(),
  use_count: Joi.number().integer().min(0).required().description('How many times agents used it (rendered it for a conversation)'),
  last_used_at: isoTime.allow(null).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('SavedReply');

export const savedReplyListResponse = pageSchema(savedReplyResponse).label('SavedReplyList');

export const renderedReplyResponse = Joi.object({
  saved_reply_id: Joi.string().required(),
  conversation_id: Joi.string().required(),
  text: Joi.string().allow('').required().description('The body with its variables filled in'),
  missing: Joi.array()
    .items(Joi.string().valid(...VARIABLES))
    .required()
    .description('Variables that had no value for this conversation: each became an empty string'),
}).label('RenderedSavedReply');

export const deletedSavedReplyResponse = Joi.object({
  id: Joi.string().required(),
  deleted: Joi.boolean().valid(true).required(),
}).label('DeletedSavedReply');
