// The chatbot's behaviour settings (docs/ARCHITECTURE.md A4): their schema, defaults and API form.
// PUT replaces the whole settings object; a field left out takes its default.
import Joi from 'joi';
import { businessHoursSchema, compileSafePattern, ISO_639_1, LEAD_FIELDS, MAX_PATTERNS_PROGRAM_SIZE, type BehaviourSettings } from '../../core/index.js';
import { PERSONALITIES, type Chatbot } from './collections.js';

export { LEAD_FIELDS, type BehaviourRule, type BehaviourSettings } from '../../core/index.js';

export const DEFAULT_FALLBACK_MESSAGE = "I'm sorry, I don't have an answer to that yet.";

/** A rule's pattern as written to the API: compiled (once, then cached) to check that RE2 takes it. */
const regexPattern = Joi.string()
  .max(500)
  .custom((value: string, helpers) => {
    try {
      compileSafePattern(value);
      return value;
    } catch {
      return helpers.error('string.regex');
    }
  })
  .messages({
    'string.regex':
      '{{#label}} is not a valid pattern: RE2 syntax, matched ignoring case (no look-behind or back-references)',
  });

/** A valid pattern's program size; 0 for none or an invalid one (refused by its own rule). */
function patternSize(pattern: string | undefined): number {
  if (!pattern) return 0;
  try {
    return compileSafePattern(pattern).size;
  } catch {
    return 0;
  }
}

/**
 * A behaviour rule. The input form compiles its pattern; the response form takes the stored one
 * as it is (it was checked when saved), so reading settings compiles nothing.
 */
const ruleSchema = (pattern: Joi.StringSchema) =>
  Joi.object({
    name: Joi.string().trim().max(100),
    match: Joi.object({
      keywords: Joi.array().items(Joi.string().trim().min(1).max(100)).min(1).max(50),
      pattern,
    })
      .or('keywords', 'pattern')
      .required(),
    action: Joi.object({
      type: Joi.string().valid('reply', 'lead_request', 'handoff').required(),
      reply: Joi.string().trim().min(1).max(1000).when('type', { is: 'reply', then: Joi.required() }),
    }).required(),
  }).label('BehaviourRule');
const rule = ruleSchema(regexPattern);
const storedRule = ruleSchema(Joi.string());

/** Shared by the chatbot resource and its settings. */
export const chatbotFields = {
  language: Joi.string()
    .lowercase()
    .valid(...ISO_639_1)
    .messages({ 'any.only': '{{#label}} must be an ISO 639-1 language code such as en, de, fr or ro' }),
  personality: Joi.string().valid(...PERSONALITIES),
  welcome_message: Joi.string().trim().max(1000).allow(null, ''),
};

/**
 * The settings body. `answer.provider` must name a provider the operator configured: the schema
 * lists them (built per server, from config), so the OpenAPI document states the rule as an enum
 * (schemathesis: any other string was a 400 the document did not describe).
 */
/** A model provider's id (the model-providers area); whether the account has it is checked by the route. */
export const MODEL_PROVIDER_ID = /^mp_[0-9a-z]{26}$/;

export function settingsInputFor(providers: readonly string[]): Joi.ObjectSchema {
  return Joi.object({
    personality: chatbotFields.personality.default('friendly'),
    language: chatbotFields.language.default('en'),
    welcome_message: chatbotFields.welcome_message.default(null),
    instructions: Joi.string().max(10_000).allow('').default(''),
    fallback_message: Joi.string().trim().min(1).max(1000).default(DEFAULT_FALLBACK_MESSAGE),
    rules: Joi.array()
      .items(rule)
      .max(50)
      .default([])
      .custom((rules: Array<{ match: { pattern?: string } }>, helpers) => {
        // Each pattern is bounded; so is their sum, since every message is matched against all of them.
        const total = rules.reduce((sum, { match }) => sum + patternSize(match?.pattern), 0);
        return total > MAX_PATTERNS_PROGRAM_SIZE ? helpers.error('array.patternsTooLarge', { total }) : rules;
      })
      .messages({
        'array.patternsTooLarge': `{{#label}}: the patterns together compile to {{#total}} instructions, more than ${MAX_PATTERNS_PROGRAM_SIZE}; simplify or remove some`,
      }),
    inactivity_timeout_minutes: Joi.number().integer().min(1).max(1440).default(30),
    lead_capture: Joi.object({
      enabled: Joi.boolean().default(false),
      ask_after_messages: Joi.number().integer().min(0).max(50).default(3),
      fields: Joi.array()
        .items(Joi.string().valid(...LEAD_FIELDS))
        .unique()
        .min(1)
        .default(['email']),
    }).default(),
    handoff: Joi.object({
      on_visitor_request: Joi.boolean()
        .default(true)
        .description(
          'A visitor who asks for a person (“I want to talk to a person”, “Mitarbeiter bitte”, “parler à un conseiller”, “vreau un operator”) or presses the widget’s “Talk to a person” button is handed off; the chatbot’s rules are checked first',
        ),
      require_available_member: Joi.boolean()
        .default(true)
        .description(
          'A handoff while no member is available (set available in the dashboard, with a dashboard open) tells the visitor nobody is there and asks for an e-mail, so no visitor waits unseen; turn it off when the team answers handoffs elsewhere (webhooks, a helpdesk) and has no dashboard presence',
        ),
      business_hours: businessHoursSchema,
      auto_assign: Joi.object({
        enabled: Joi.boolean()
          .default(false)
          .description(
            'A handoff is assigned to an available member (set available in the dashboard, with a dashboard open): the one assigned least recently among those with fewer open handoffs than `max_open_per_agent`. Nobody fits: it waits unassigned',
          ),
        max_open_per_agent: Joi.number().integer().min(1).max(100).default(3).description('Handed-off conversations a member may have assigned at once before automatic assignment passes them over'),
      })
        .default()
        .label('AutoAssignSettings'),
    }).default(),
    answer: Joi.object({
      mode: Joi.string().valid('retrieval', 'llm').default('retrieval'),
      // Null sits inside the alternatives: the OpenAPI converter turns an alternatives' allow(null)
      // into a `type: null` beside the anyOf, which no string would pass.
      provider: Joi.alternatives(Joi.string().valid(...providers, null), Joi.string().pattern(MODEL_PROVIDER_ID, 'model provider id'))
        .default(null)
        .description('A language-model provider: one the operator configured, by name, or one of the account’s model providers, by id (`mp_…`); required for `mode: llm`'),
      model: Joi.string().max(200).allow(null).default(null),
      temperature: Joi.number().min(0).max(2).default(0.2),
      max_tokens: Joi.number().integer().min(1).max(8192).default(512),
      min_confidence: Joi.number().min(0).max(1).default(0.5),
      // Not bounded by min_confidence (a rule between two fields no schema states): a value at or
      // above it leaves no score range to suggest from, so nothing is suggested.
      suggest_confidence: Joi.number()
        .min(0)
        .max(1)
        .default(0.3)
        .description('A Q&A pair scoring from this up to min_confidence is offered as "did you mean"; at or above min_confidence, never'),
      min_passage_score: Joi.number()
        .min(0)
        .max(1)
        .default(0.1)
        .description('In LLM mode, passages with a confidence from this up go to the model; a passage is quoted only at min_confidence'),
      show_sources: Joi.boolean().default(true),
      retrieval: Joi.string()
        .valid('lexical', 'hybrid')
        .default('lexical')
        .description(
          '`hybrid`: besides its words, a question is matched by meaning: the knowledge and each question are embedded by `embedding_provider`’s embedding model and both rankings are fused (the better confidence of the two counts). Embedding starts when this is saved and runs in the background; until it is done, and whenever the provider fails, answers are lexical (a failure is reported as `chatbot.error`)',
        ),
      embedding_provider: Joi.string()
        .pattern(MODEL_PROVIDER_ID, 'model provider id')
        .allow(null)
        .default(null)
        .description('One of the account’s model providers (`mp_…`) that names an embedding model; required for `retrieval: hybrid`'),
      learn_from_feedback: Joi.boolean()
        .default(false)
        .description(
          'Learning from use: a thumbs-up on a reply that gave a Q&A pair’s answer adds the visitor’s question to the pair’s `alternatives` (at most 20; a thumbs-down removes nothing)',
        ),
    })
      .default()
      // Left out with these modes: 400. Sent as null: taken, as the document (which cannot state a
      // rule between two fields) allows; the turn then answers without the model, or by words.
      .when('.mode', { is: 'llm', then: Joi.object({ provider: Joi.any().required() }) })
      .when('.retrieval', { is: 'hybrid', then: Joi.object({ embedding_provider: Joi.any().required() }) }),
  }).label('ChatbotSettingsInput');
}

/** The settings body without providers (defaults, and where providers do not matter). */
export const settingsInput = settingsInputFor([]);

export const settingsResponse = Joi.object({
  chatbot_id: Joi.string().required(),
  personality: Joi.string().required(),
  language: Joi.string().required(),
  welcome_message: Joi.string().allow(null).required(),
  instructions: Joi.string().allow('').required(),
  fallback_message: Joi.string().required(),
  rules: Joi.array().items(storedRule).required(),
  inactivity_timeout_minutes: Joi.number().integer().required(),
  lead_capture: Joi.object().required(),
  handoff: Joi.object().required(),
  answer: Joi.object().required(),
  updated_at: Joi.string().isoDate().required(),
}).label('ChatbotSettings');

let defaults: Readonly<BehaviourSettings> | undefined;

/** The defaults, worked out by joi once and frozen all the way down (they are shared). */
function sharedDefaults(): Readonly<BehaviourSettings> {
  // Every chat turn completes its chatbot's settings: validating {} each time was ~3% of a turn,
  // and a structured clone of the result each time 1.6%.
  defaults ??= (() => {
    const { value } = settingsInput.validate({});
    const { personality: _p, language: _l, welcome_message: _w, ...behaviour } = value as Record<string, unknown>;
    return deepFreeze(behaviour) as unknown as BehaviourSettings;
  })();
  return defaults;
}

/** The defaults a new chatbot starts with: the caller's own copy to change. */
export function defaultSettings(): BehaviourSettings {
  return structuredClone(sharedDefaults()) as BehaviourSettings;
}

/**
 * Stored settings with the defaults of fields added since they were saved (e.g. a new answer
 * threshold), so every reader sees the complete shape. The top level and its groups are new
 * objects; a value taken from the defaults is shared, and frozen.
 */
export function completeSettings(stored: BehaviourSettings): BehaviourSettings {
  const defaults = sharedDefaults();
  return {
    ...defaults,
    ...stored,
    lead_capture: { ...defaults.lead_capture, ...stored.lead_capture },
    handoff: { ...defaults.handoff, ...stored.handoff },
    answer: { ...defaults.answer, ...stored.answer },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function presentSettings(chatbot: Chatbot) {
  return {
    chatbot_id: chatbot.id,
    personality: chatbot.personality,
    language: chatbot.language,
    welcome_message: chatbot.welcome_message,
    ...completeSettings(chatbot.settings),
    updated_at: chatbot.updated_at,
  };
}
