// Validation and response shapes of the conversation routes.
import Joi from 'joi';
import { csatSchema, idSchema, messageAttachmentSchema, ISO_639_1, LEAD_SOURCES, listQuerySchema, userDataObject, visitorSaysKeys } from '../../core/index.js';
import { ANSWER_TYPES, CHANNELS, CONVERSATION_STATUSES, ENDED_REASONS, RESOLUTIONS, ROLES } from './collections.js';


/** A member as their messages and typing show them: name and avatar as they were then. */
export const memberAsAuthor = Joi.object({
  member_id: Joi.string().required(),
  name: Joi.string().allow('').required(),
  avatar_url: Joi.string().allow(null).required(),
});

export const chatbotParams = Joi.object({ id: idSchema('cb').required() });
export const conversationParams = Joi.object({ id: idSchema('cb').required(), convId: idSchema('conv').required() });
export const messageParams = conversationParams.keys({ msgId: idSchema('msg').required() });

const isoTime = Joi.string().isoDate();

const metadata = userDataObject();

const visitor = Joi.object({
  id: Joi.string().trim().min(1).max(200).description('Your id for the visitor'),
  name: Joi.string().trim().min(1).max(200),
  email: Joi.string().trim().email({ tlds: false }).max(254),
  phone: Joi.string().trim().min(3).max(50),
  locale: Joi.string().trim().min(2).max(35).description('A BCP 47 tag such as de-AT'),
}).label('Visitor');

export const startInput = Joi.object({
  visitor: visitor.default({}),
  metadata: metadata.default({}),
  language: Joi.string()
    .lowercase()
    .valid(...ISO_639_1)
    .description('The language replies are written in; default: the chatbot’s'),
})
  .empty(null)
  .default()
  .label('StartConversation');

export const patchInput = Joi.object({
  resolution: Joi.string()
    .valid(...RESOLUTIONS)
    .allow(null),
  metadata,
})
  .min(1)
  .required()
  .label('ConversationPatch');

export const endInput = Joi.object({
  reason: Joi.string().valid('api', 'visitor').default('api').description('Who ended it: your system (`api`) or the visitor'),
  resolution: Joi.string()
    .valid(...RESOLUTIONS)
    .description('Overrides the automatic resolution'),
})
  .empty(null)
  .default()
  .label('EndConversation');

const memberId = idSchema('usr').description('A member of the account (`GET /api/v1/members`)');

export const assignInput = Joi.object({
  member_id: memberId.allow(null).required().description('The member to assign it to; null unassigns it'),
})
  .required()
  .label('AssignConversation');

export const handoffInput = Joi.object({
  member_id: memberId.description('Hand it off assigned to this member (an agent: only themselves), skipping automatic assignment'),
})
  .allow(null)
  .label('HandoffConversation');

/** `mine`: the signed-in member's (or the key's maker's); `unassigned`; or a member's id. */
export const assigneeFilter = Joi.string()
  .max(64)
  .description('`mine` (a signed-in member’s), `unassigned`, or a member’s id');

const visitorSays = visitorSaysKeys();

export const messageInput = Joi.object({
  content: visitorSays.content,
  role: Joi.string()
    .valid('user', 'agent')
    .default('user')
    .description('`user`: the visitor (the chatbot replies); `agent`: a human, only while handed off'),
  suggestion_id: visitorSays.suggestion_id.when('role', { is: 'agent', then: Joi.forbidden() }),
})
  .required()
  .label('SendMessage');

export const feedbackInput = Joi.object({
  rating: Joi.string().valid('up', 'down').required(),
  comment: Joi.string().trim().max(1000).allow(null).default(null),
})
  .required()
  .label('MessageFeedback');

export const conversationListQuery = listQuerySchema.keys({
  status: Joi.string().valid(...CONVERSATION_STATUSES),
  channel: Joi.string().valid(...CHANNELS),
  has_lead: Joi.boolean(),
  resolution: Joi.string().valid(...RESOLUTIONS),
});

export const messageListQuery = listQuerySchema.keys({ role: Joi.string().valid(...ROLES) });

export const exportQuery = Joi.object({
  format: Joi.string().valid('jsonl', 'csv').default('jsonl'),
  status: Joi.string().valid(...CONVERSATION_STATUSES),
  channel: Joi.string().valid(...CHANNELS),
  has_lead: Joi.boolean(),
  resolution: Joi.string().valid(...RESOLUTIONS),
  created_after: Joi.date().iso(),
  created_before: Joi.date().iso(),
});

export const contactResponse = Joi.object({
  lead_id: Joi.string().required(),
  name: Joi.string().allow(null).required(),
  email: Joi.string().allow(null).required(),
  phone: Joi.string().allow(null).required(),
  source: Joi.string()
    .valid(...LEAD_SOURCES)
    .required()
    .description('Where the details were left; `handoff_offline`: when nobody could answer the handoff, so the visitor waits for an e-mail'),
}).label('ConversationContact');

export const conversationResponse = Joi.object({
  id: Joi.string().required(),
  chatbot_id: Joi.string().required(),
  status: Joi.string()
    .valid(...CONVERSATION_STATUSES)
    .required(),
  channel: Joi.string()
    .valid(...CHANNELS)
    .required(),
  language: Joi.string().required(),
  visitor: Joi.object().required(),
  metadata: Joi.object().required(),
  message_count: Joi.number().integer().min(0).required(),
  resolution: Joi.string()
    .valid(...RESOLUTIONS)
    .allow(null)
    .required(),
  ended_reason: Joi.string()
    .valid(...ENDED_REASONS)
    .allow(null)
    .required(),
  lead_id: Joi.string().allow(null).required(),
  handoff_offline: Joi.boolean()
    .required()
    .description('Handed off when nobody could answer (outside business hours, or no member available): the visitor was asked for an e-mail. False again once an agent writes'),
  assignee: Joi.object({
    member_id: Joi.string().required(),
    name: Joi.string().allow('').required().description('The member’s name when it was assigned'),
  })
    .allow(null)
    .required()
    .label('ConversationAssignee')
    .description('The member a handed-off conversation is assigned to; null while unassigned or with the bot. Kept when it ends'),
  csat: csatSchema.allow(null).required().description('The visitor’s rating after the end; null until rated'),
  deletion_requested_at: isoTime
    .allow(null)
    .required()
    .description('When the visitor asked, from the widget, for this conversation to be deleted (`conversation.deletion_requested`); delete it with DELETE …/conversations/{id}'),
  started_at: isoTime.required(),
  last_message_at: isoTime.allow(null).required(),
  ended_at: isoTime.allow(null).required(),
}).label('Conversation');

const source = Joi.object({
  document_id: Joi.string().required(),
  title: Joi.string().allow(null).required(),
  url: Joi.string().allow(null).required(),
  snippet: Joi.string().allow('').required(),
  score: Joi.number().min(0).max(1).required(),
}).label('Source');

const suggestion = Joi.object({
  knowledge_id: Joi.string().required().description('The knowledge item: a Q&A pair, or a document whose passage is offered'),
  question: Joi.string().required().description('What the visitor sees: the pair’s question, or the document’s title and heading'),
}).label('Suggestion');

export const messageResponse = Joi.object({
  id: Joi.string().required(),
  conversation_id: Joi.string().required(),
  chatbot_id: Joi.string().required(),
  role: Joi.string()
    .valid(...ROLES)
    .required(),
  content: Joi.string().allow('').required().description('The words; empty for a file sent alone (`attachment`)'),
  answer_type: Joi.string()
    .valid(...ANSWER_TYPES)
    .allow(null)
    .required(),
  confidence: Joi.number().min(0).max(1).allow(null).required(),
  sources: Joi.array().items(source).required(),
  suggestions: Joi.array()
    .items(suggestion)
    .max(3)
    .required()
    .description('A `clarify` reply’s suggestions, best first (at most 3); empty on every other message. Send one back as `suggestion_id`'),
  suggestion_id: Joi.string()
    .allow(null)
    .required()
    .description('A visitor message sent by choosing a suggestion: the knowledge item chosen; null when typed'),
  response_time_ms: Joi.number().integer().min(0).allow(null).required(),
  usage: Joi.object({
    tokens_in: Joi.number().integer().min(0).required(),
    tokens_out: Joi.number().integer().min(0).required(),
  })
    .allow(null)
    .required()
    .label('MessageUsage')
    .description('A language model’s reply: the tokens it read and wrote, as the provider reported them; null on every other message'),
  feedback: Joi.string().valid('up', 'down').allow(null).required(),
  feedback_comment: Joi.string().allow(null).required(),
  author: memberAsAuthor
    .allow(null)
    .required()
    .label('MessageAuthor')
    .description('The signed-in member who wrote an agent message (name and avatar as they were then); null for the bot, the visitor and API keys'),
  attachment: messageAttachmentSchema
    .allow(null)
    .required()
    .description('A file sent as the message (`content` is then empty): read it at `GET …/conversations/{convId}/attachments/{id}`; null for words'),
  created_at: isoTime.required(),
}).label('Message');

export const turnResponse = Joi.object({
  message: messageResponse.required(),
  reply: messageResponse.allow(null).required().description('The chatbot’s reply; null while a human has the conversation, and for agent messages'),
  conversation: conversationResponse.required(),
}).label('MessageTurn');
