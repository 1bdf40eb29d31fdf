// Validation and response shapes of the lead routes.
import Joi from 'joi';
import { idSchema, listQuerySchema, pageSchema, userDataObject } from '../../core/index.js';
import { PHONE_PATTERN } from './phone.js';
import { LEAD_LIMITS } from './service.js';
import { LEAD_SOURCES, LEAD_STATUSES } from './collections.js';

/** The longest `q`: a search reads each candidate's text, so the needle is bounded too. */
export const MAX_QUERY_LENGTH = 100;

const isoTime = Joi.string().isoDate();

export const leadParams = Joi.object({ leadId: idSchema('lead').required() });
export const chatbotParams = Joi.object({ id: idSchema('cb').required() });

const name = Joi.string().trim().min(1).max(LEAD_LIMITS.name);
const email = Joi.string().trim().email({ tlds: false }).max(LEAD_LIMITS.email);
const phone = Joi.string()
  .trim()
  .max(LEAD_LIMITS.phone)
  .pattern(PHONE_PATTERN, 'phone number')
  .description(
    '7 to 15 digits, optionally starting with + (or 00), with spaces, dots, dashes, slashes or brackets between them. ' +
      'Stored in E.164 (+4930…) when the number can be read: with its country code, or without one when the chatbot’s ' +
      'language says the country (`de` → Germany, `en` → United States, …).',
  );
const company = Joi.string().trim().min(1).max(LEAD_LIMITS.company);
const notes = Joi.string().trim().max(LEAD_LIMITS.notes).allow('').description('Free text for your team; empty clears it');
const status = Joi.string().valid(...LEAD_STATUSES);
const source = Joi.string().valid(...LEAD_SOURCES);
const q = Joi.string()
  .trim()
  .min(1)
  .max(MAX_QUERY_LENGTH)
  .description('Part of the name, e-mail, company or phone number, ignoring case and accents');

export const createLeadInput = Joi.object({
  chatbot_id: idSchema('cb').required().description('The chatbot the lead belongs to'),
  name,
  email,
  phone,
  company,
  notes,
  custom: userDataObject(),
  status: status.description('Default `new` for a new lead; an existing lead keeps its status unless one is sent'),
})
  .or('email', 'phone')
  .required()
  .label('CreateLead');

export const updateLeadInput = Joi.object({
  name: name.allow(null),
  email: email.allow(null),
  phone: phone.allow(null),
  company: company.allow(null),
  notes: notes.allow(null),
  custom: userDataObject(),
  status,
})
  .min(1)
  .required()
  .label('LeadPatch');

const filters = { status, source, q };

export const leadListQuery = listQuerySchema.keys({ chatbot_id: idSchema('cb'), ...filters });
export const chatbotLeadListQuery = listQuerySchema.keys(filters);

export const exportQuery = Joi.object({
  format: Joi.string().valid('jsonl', 'csv').default('jsonl'),
  chatbot_id: idSchema('cb'),
  ...filters,
  created_after: Joi.date().iso(),
  created_before: Joi.date().iso(),
});

export const leadResponse = Joi.object({
  id: Joi.string().required(),
  chatbot_id: Joi.string().required(),
  conversation_id: Joi.string().allow(null).required().description('The conversation the lead was first captured in'),
  name: Joi.string().allow(null).required(),
  email: Joi.string().allow(null).required(),
  phone: Joi.string().allow(null).required().description('E.164 when the number could be read, else as given'),
  company: Joi.string().allow(null).required(),
  notes: Joi.string().allow(null).required(),
  custom: Joi.object().required(),
  status: Joi.string()
    .valid(...LEAD_STATUSES)
    .required(),
  source: Joi.string()
    .valid(...LEAD_SOURCES)
    .required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('Lead');

export const leadListResponse = pageSchema(leadResponse).label('LeadList');

export const deletedLeadResponse = Joi.object({
  id: Joi.string().required(),
  deleted: Joi.boolean().valid(true).required(),
}).label('DeletedLead');
