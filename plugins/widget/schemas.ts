// Validation and response shapes of the public widget routes (docs/ARCHITECTURE.md A6).
import Joi from 'joi';
import { attachmentUploadKeys, csatSchema, idSchema, ISO_639_1, MAX_CSAT_COMMENT_LENGTH, messageAttachmentSchema, visitorSaysKeys } from '../../core/index.js';
import { identityInput } from './identity.js';
import { appearanceShape, privacyShape, ratingShape, stringsShape } from './settings.js';

export const widgetParams = Joi.object({ id: idSchema('cb').required() });
export const visitorConversationParams = widgetParams.keys({ convId: idSchema('conv').required() });
export const visitorMessageParams = visitorConversationParams.keys({ msgId: idSchema('msg').required() });
export const visitorAttachmentParams = visitorConversationParams.keys({ attachmentId: idSchema('att').required() });

export const attachmentInput = Joi.object(attachmentUploadKeys()).required().label('WidgetSendAttachment');

export const startInput = Joi.object({
  language: Joi.string()
    .lowercase()
    .valid(...ISO_639_1)
    .description('The language replies are written in (the visitor’s browser language); default: the chatbot’s'),
  page_url: Joi.string().uri({ scheme: ['http', 'https'] }).max(2048).description('The page the conversation started on'),
  user: identityInput.description('The site’s signed-in visitor, from `ChatbotWidget.identify`'),
})
  .empty(null)
  .default()
  .label('WidgetConversationStart');

export const messageInput = Joi.object(visitorSaysKeys()).label('WidgetMessageInput');

export const feedbackInput = Joi.object({
  rating: Joi.string().valid('up', 'down').required(),
}).label('WidgetFeedback');

export const conversationQuery = Joi.object({
  after: idSchema('msg').description('Only the messages after this one (the last the page has)'),
});

const text = (max: number) => Joi.string().trim().min(1).max(max);

export const leadInput = Joi.object({
  name: text(200),
  email: Joi.string().trim().email({ tlds: false }).max(254),
  phone: Joi.string()
    .trim()
    .min(3)
    .max(50)
    .pattern(/^\+?[0-9 ().\/-]+$/)
    .messages({ 'string.pattern.base': '{{#label}} must be a phone number (digits, spaces, + ( ) . / -)' }),
  company: text(200),
  conversation_id: idSchema('conv').description('The conversation the form was filled in, with its token as Authorization'),
})
  .or('name', 'email', 'phone', 'company')
  .label('WidgetLeadForm');

export const offlineEmailInput = Joi.object({
  email: Joi.string().trim().email({ tlds: false }).max(254).required(),
}).label('WidgetOfflineEmail');

const publicConversation = Joi.object({
  id: Joi.string().required(),
  status: Joi.string().valid('open', 'handoff', 'ended').required(),
  created_at: Joi.string().isoDate().required(),
  asks_for_email: Joi.boolean()
    .required()
    .description('Handed off when nobody could answer: the widget asks for an e-mail address (POST …/email) until one is left'),
}).label('VisitorConversation');

const visitorAgent = Joi.object({
  name: Joi.string().allow('').required(),
  avatar_url: Joi.string().allow(null).required().description('An https image, or null'),
}).label('VisitorAgent');

const publicMessage = Joi.object({
  id: Joi.string().required(),
  role: Joi.string().valid('user', 'assistant', 'agent').required(),
  content: Joi.string().allow('').required(),
  sources: Joi.array()
    .items(Joi.object({ title: Joi.string().allow(null).required(), url: Joi.string().allow(null).required() }).label('VisitorSource'))
    .required()
    .description('Empty unless the chatbot shows sources'),
  author: visitorAgent
    .allow(null)
    .required()
    .description('The member who wrote an agent message: their name and avatar, shown beside it; null for the bot’s, the visitor’s and those sent with an API key'),
  suggestions: Joi.array()
    .items(
      Joi.object({
        knowledge_id: Joi.string().required(),
        question: Joi.string().required().description('The button’s text'),
      }).label('VisitorSuggestion'),
    )
    .max(3)
    .required()
    .description('A reply that was not sure offers these as buttons, best first; choosing one sends `suggestion_id`. Empty on other messages'),
  feedback: Joi.string().valid('up', 'down').allow(null).required(),
  attachment: messageAttachmentSchema
    .allow(null)
    .required()
    .description('A file sent as the message (`content` is then empty): read it at `GET …/attachments/{id}` with the token; null for words'),
  created_at: Joi.string().isoDate().required(),
  offers_handoff: Joi.boolean()
    .required()
    .description('A reply that did not know (the fallback, or suggestions instead of an answer) while visitors may ask for a person: the widget offers “Talk to a person”'),
}).label('VisitorMessage');

export const messageResponse = publicMessage;

export const identityResponse = Joi.object({
  conversation: publicConversation.allow(null).required(),
  token: Joi.string().allow(null).required().description('A token for this browser; null with no open conversation'),
}).label('WidgetIdentityResumed');

export const startResponse = Joi.object({
  conversation: publicConversation.required(),
  token: Joi.string().required().description('The conversation token: `Authorization: Bearer <token>` on its routes'),
}).label('WidgetConversationStarted');

export const conversationResponse = Joi.object({
  conversation: publicConversation.required(),
  messages: Joi.array().items(publicMessage).required(),
  has_more: Joi.boolean().required(),
  agent_typing: visitorAgent
    .allow(null)
    .required()
    .description('The agent typing now (a mark under 6 seconds old): the widget shows “<name> is typing…”; null when nobody is'),
}).label('WidgetConversation');

export const typingInput = Joi.object({
  typing: Joi.boolean().default(true).description('false: the visitor stopped (sent the message, emptied the box)'),
})
  .empty(null)
  .default()
  .label('VisitorTyping');

export const turnResponse = Joi.object({
  message: publicMessage.required(),
  reply: publicMessage.allow(null).required(),
  conversation: publicConversation.required(),
}).label('VisitorTurn');

export const ratingInput = Joi.object({
  score: Joi.number()
    .integer()
    .min(0)
    .max(5)
    .required()
    .description('On the widget’s `rating.mode`: 1–5 for `stars`, 1 (up) or 0 (down) for `thumbs`'),
  comment: Joi.string()
    .trim()
    .max(MAX_CSAT_COMMENT_LENGTH)
    .allow(null, '')
    .empty('')
    .default(null)
    .description('Only when the widget allows comments'),
}).label('WidgetConversationRating');

export const ratingResponse = Joi.object({ csat: csatSchema.required() }).label('WidgetConversationRated');

export const deletionRequestResponse = Joi.object({
  requested_at: Joi.string().isoDate().required().description('When the visitor first asked'),
}).label('WidgetDeletionRequested');

export const leadResponse = Joi.object({ received: Joi.boolean().valid(true).required() }).label('WidgetLeadReceived');

export const configResponse = Joi.object({
  chatbot_id: Joi.string().required(),
  name: Joi.string().required(),
  language: Joi.string().required(),
  status: Joi.string().valid('active', 'paused').required(),
  appearance: Joi.object(appearanceShape).required().label('WidgetAppearance'),
  strings: Joi.object(stringsShape).required().label('WidgetConfigStrings'),
  translations: Joi.object().pattern(Joi.string(), Joi.object().unknown()).required(),
  display_rules: Joi.object({
    show_on: Joi.array().items(Joi.string()).required(),
    hide_on: Joi.array().items(Joi.string()).required(),
    delay_seconds: Joi.number().integer().required(),
    devices: Joi.array().items(Joi.string().valid('desktop', 'mobile')).required(),
    open_on_load: Joi.boolean().required(),
    proactive: Joi.array()
      .items(
        Joi.object({
          match: Joi.string().required(),
          delay_seconds: Joi.number().integer().required(),
          message: Joi.string().required(),
          translations: Joi.object().pattern(Joi.string(), Joi.string()).required().description('The message per language (ISO 639-1)'),
        }).label('WidgetConfigProactiveMessage'),
      )
      .required(),
  })
    .required()
    .label('WidgetConfigDisplayRules'),
  lead_form: Joi.object({
    enabled: Joi.boolean().required(),
    when: Joi.string().valid('after_first_reply', 'before_chat', 'on_request').required(),
    fields: Joi.array()
      .items(Joi.object({ name: Joi.string().required(), required: Joi.boolean().required() }))
      .required(),
    title: Joi.string().allow(null).required(),
  })
    .required()
    .label('WidgetConfigLeadForm'),
  rating: ratingShape.required().description('The rating the widget asks for when a conversation ends'),
  show_sources: Joi.boolean().required(),
  sound: Joi.boolean().required().description('A short tone when a reply or a proactive message arrives while the panel is closed'),
  privacy: privacyShape.required().description('When the widget may write to the visitor’s browser storage'),
  attachments: Joi.object({
    kinds: Joi.array().items(Joi.string().valid('image', 'pdf')).min(1).required(),
    max_bytes: Joi.number().integer().min(1).required(),
  })
    .allow(null)
    .required()
    .label('WidgetConfigAttachments')
    .description('What a visitor may send (`POST …/attachments`): the kinds and the largest file; null when the widget takes no files'),
}).label('WidgetConfig');
