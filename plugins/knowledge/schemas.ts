import Joi from 'joi';
import { idSchema, MAX_QUESTION_LENGTH, outboundUrlSchema, userDataObject } from '../../core/index.js';
import { BINARY_MIME_TYPES } from './text/formats.js';
import { ITEM_STATUSES, ITEM_TYPES, REFRESH_INTERVALS } from './collections.js';

export const MAX_DOCUMENT_CHARACTERS = 5_000_000;
export const MAX_IMPORT_ITEMS = 1000;

export const knowledgeParams = Joi.object({ id: idSchema('cb').required() });
export const itemParams = Joi.object({ id: idSchema('cb').required(), docId: idSchema('doc').required() });

const title = Joi.string().trim().min(1).max(300);
const metadata = userDataObject();
const httpUrl = outboundUrlSchema();
const maxPages = Joi.number().integer().min(1).max(100).description('Pages of the same site to crawl from the URL');
const refreshInterval = Joi.string()
  .valid(...Object.keys(REFRESH_INTERVALS))
  .allow(null);
/** The most alternative phrasings a Q&A pair may have. */
export const MAX_ALTERNATIVES = 20;

const question = Joi.string().trim().min(1).max(MAX_QUESTION_LENGTH);
const answer = Joi.string().trim().min(1).max(10_000);
const alternatives = Joi.array().items(Joi.string().trim().min(1).max(MAX_QUESTION_LENGTH)).max(MAX_ALTERNATIVES);

const documentItem = Joi.object({
  type: Joi.string().valid('document').required(),
  title,
  metadata,
  format: Joi.string().valid('text', 'markdown', 'html').description('How to read `content`; default text'),
  content: Joi.string().min(1).max(MAX_DOCUMENT_CHARACTERS),
  content_base64: Joi.string().base64().max(14_000_000),
  mime_type: Joi.string().valid(...Object.keys(BINARY_MIME_TYPES)).when('content_base64', {
    is: Joi.exist(),
    then: Joi.required(),
    otherwise: Joi.forbidden(),
  }),
})
  .xor('content', 'content_base64')
  .oxor('content_base64', 'format');

const urlItem = Joi.object({
  type: Joi.string().valid('url').required(),
  url: httpUrl.required(),
  title,
  metadata,
  max_pages: maxPages.default(1),
  sitemap: Joi.boolean().default(false).description('Also read the pages the site’s sitemap lists'),
  refresh_interval: refreshInterval.default(null),
});

const qaItem = Joi.object({
  type: Joi.string().valid('qa').required(),
  question: question.required(),
  answer: answer.required(),
  alternatives: alternatives.default([]),
  title,
  metadata,
});

export const itemInput = Joi.alternatives()
  .conditional('.type', {
    switch: [
      { is: 'document', then: documentItem },
      { is: 'url', then: urlItem },
      { is: 'qa', then: qaItem },
    ],
    otherwise: Joi.object({ type: Joi.string().valid(...ITEM_TYPES).required() }).unknown(),
  })
  .label('KnowledgeItemInput');

/**
 * A Q&A pair from a question visitors asked: the visitor message (`message_id`), or the
 * conversation and the question as `GET /analytics/trends` lists it (`conversation_id`, `question`).
 */
export const qaFromMessageInput = Joi.object({
  message_id: idSchema('msg').description('A visitor message of this chatbot: its text becomes the question'),
  conversation_id: idSchema('conv').description('With `question`: a conversation of this chatbot in which a visitor asked it'),
  question: question.when('conversation_id', { is: Joi.exist(), then: Joi.required(), otherwise: Joi.forbidden() }).description(
    'With `conversation_id`: the question as asked (or its beginning, as `top_unanswered` shows a long one)',
  ),
  answer: answer.required(),
  alternatives: alternatives.default([]),
  title,
  metadata,
})
  .xor('message_id', 'conversation_id')
  .required()
  .label('KnowledgeQaFromMessage');

export const importInput = Joi.object({
  items: Joi.array().items(itemInput).min(1).max(MAX_IMPORT_ITEMS).required(),
}).label('KnowledgeImport');

/** PATCH: any field; which ones apply to the item's type is checked in the handler. */
export const itemPatch = Joi.object({
  title: title.allow(null),
  metadata,
  format: Joi.string().valid('text', 'markdown', 'html'),
  content: Joi.string().min(1).max(MAX_DOCUMENT_CHARACTERS),
  content_base64: Joi.string().base64().max(14_000_000),
  mime_type: Joi.string().valid(...Object.keys(BINARY_MIME_TYPES)),
  url: httpUrl,
  max_pages: maxPages,
  sitemap: Joi.boolean(),
  refresh_interval: refreshInterval,
  question,
  answer,
  alternatives,
})
  .min(1)
  .and('content_base64', 'mime_type')
  .oxor('content', 'content_base64')
  .required()
  .label('KnowledgeItemPatch');

export const FIELDS_BY_TYPE: Record<(typeof ITEM_TYPES)[number], string[]> = {
  document: ['title', 'metadata', 'format', 'content', 'content_base64', 'mime_type'],
  url: ['title', 'metadata', 'url', 'max_pages', 'sitemap', 'refresh_interval'],
  qa: ['title', 'metadata', 'question', 'answer', 'alternatives'],
};

const isoTime = Joi.string().isoDate();

export const itemResponse = Joi.object({
  id: Joi.string().required(),
  chatbot_id: Joi.string().required(),
  type: Joi.string()
    .valid(...ITEM_TYPES)
    .required(),
  title: Joi.string().allow(null).required(),
  status: Joi.string()
    .valid(...ITEM_STATUSES)
    .required(),
  error: Joi.string().allow(null).required(),
  language: Joi.string().required(),
  metadata: Joi.object().required(),
  chunk_count: Joi.number().integer().required(),
  char_count: Joi.number().integer().required(),
  processed_at: isoTime.allow(null).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
  format: Joi.string(),
  content: Joi.string().allow(null),
  url: Joi.string(),
  max_pages: Joi.number().integer(),
  sitemap: Joi.boolean(),
  refresh_interval: Joi.string().allow(null),
  next_refresh_at: isoTime.allow(null),
  pages: Joi.array().items(Joi.object({ url: Joi.string().required(), title: Joi.string().allow(null).required() })),
  question: Joi.string(),
  answer: Joi.string(),
  alternatives: Joi.array().items(Joi.string()),
}).label('KnowledgeItem');

export const searchInput = Joi.object({
  query: Joi.string().trim().min(1).max(1000).required(),
  limit: Joi.number().integer().min(1).max(50).default(5),
}).label('KnowledgeSearch');

export const passageResponse = Joi.object({
  chunk_id: Joi.string().required(),
  document_id: Joi.string().required(),
  kind: Joi.string().valid('passage', 'qa').required(),
  title: Joi.string().allow(null).required(),
  heading_path: Joi.array().items(Joi.string()).required(),
  url: Joi.string().allow(null).required(),
  text: Joi.string().required(),
  snippet: Joi.string().required(),
  score: Joi.number().min(0).max(1).required().description('What results are ordered by: relevance, BM25 and how much of the query the passage holds'),
  confidence: Joi.number()
    .min(0)
    .max(1)
    .required()
    .description('What the answer engine compares to `answer.min_confidence` before quoting the passage: mostly how much of the query it holds, on the scale every language shares (calibrated per language)'),
}).label('KnowledgePassage');
