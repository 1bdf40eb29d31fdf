// Validation and response shapes of the analytics routes.
import Joi from 'joi';
import { idSchema } from '../../core/index.js';
import { METRICS } from './figures.js';
import { TIME_ZONES } from './hours.js';

/** The longest period a read covers (and `trends` compares with the one before it). */
export const MAX_PERIOD_DAYS = 400;
/** Hourly points cover at most this many days (744 points). */
export const MAX_HOURLY_DAYS = 31;
/** How many groups `top_questions` and `top_unanswered` list. */
export const TOP_GROUPS = 10;

const time = Joi.date().iso();

const timeZone = Joi.string()
  .valid(...TIME_ZONES)
  .messages({ 'any.only': '{{#label}} must be an IANA time zone name, such as Europe/Berlin (the document lists them)' })
  .description('IANA time zone of days and weeks (default UTC)');

const periodKeys = {
  from: time.description('Start of the period (default: 30 days before `to`); rounded down to the UTC hour'),
  to: time.description('End of the period (default: now); rounded up to the UTC hour'),
  chatbot_id: idSchema('cb').description('Only this chatbot (a chatbot key: always its own)'),
  tz: timeZone.default('UTC'),
};

interface PeriodValue {
  from?: Date;
  to?: Date;
  interval?: string;
}

/** A route's longest period, and why when it is not MAX_PERIOD_DAYS. */
type PeriodLimit = (value: PeriodValue) => { days: number; why: string };

/** The message of a period longer than a route reads (also when `from` alone is that far back). */
export const periodTooLong = ({ days, why }: { days: number; why: string }) => `the period from "from" to "to" may be at most ${days} days${why}`;

/** MAX_PERIOD_DAYS, or MAX_HOURLY_DAYS for hourly points. */
const pointsLimit: PeriodLimit = (value) => (value.interval === 'hour' ? { days: MAX_HOURLY_DAYS, why: ' with hourly points' } : { days: MAX_PERIOD_DAYS, why: '' });

/** `from` before `to`, and at most the route's limit apart. */
const periodRule = (limitOf: PeriodLimit) => (value: PeriodValue, helpers: Joi.CustomHelpers) => {
  if (!value.from || !value.to) return value;
  if (value.from.getTime() >= value.to.getTime()) return helpers.error('period.order');
  const limit = limitOf(value);
  if (value.to.getTime() - value.from.getTime() > limit.days * 86_400_000) return helpers.message({ custom: periodTooLong(limit) });
  return value;
};

const period = (keys: Record<string, Joi.Schema>, limitOf: PeriodLimit = pointsLimit) =>
  Joi.object(keys)
    .custom(periodRule(limitOf))
    .messages({ 'period.order': '"from" must be before "to"' });

/**
 * The longest period GET /chatbots/{id}/quality reads: it reads the chatbot's messages themselves
 * (no roll-up keeps what it lists), so it is held to the bound hourly points have.
 */
export const QUALITY_LIMIT = { days: MAX_HOURLY_DAYS, why: ' for quality, which reads every message of the period' };
/** How many suggestions chosen and fell-back questions a quality report lists. */
export const QUALITY_TOP = 20;

export const overviewQuery = period(periodKeys);
export const trendsQuery = period(periodKeys);
export const timeseriesQuery = period({
  ...periodKeys,
  metric: Joi.string().valid(...METRICS).required(),
  interval: Joi.string().valid('hour', 'day', 'week').default('day'),
});
export const chatbotParams = Joi.object({ id: idSchema('cb').required() });
/** The chatbot is the path's, and nothing is cut into days: the period alone. */
export const qualityQuery = period({ from: periodKeys.from, to: periodKeys.to }, () => QUALITY_LIMIT);
export const exportQuery = period({
  ...periodKeys,
  format: Joi.string().valid('csv', 'json').default('csv'),
  interval: Joi.string().valid('hour', 'day', 'week').default('day'),
});

const rate = Joi.number().min(0).max(1).allow(null);
const ms = Joi.number().min(0).allow(null);
const count = Joi.number().integer().min(0);

const periodFields = {
  from: Joi.string().isoDate().required(),
  to: Joi.string().isoDate().required(),
  tz: Joi.string().required(),
  chatbot_id: Joi.string().allow(null).required(),
};

export const overviewSchema = Joi.object({
  conversations: Joi.object({ total: count, open: count, ended: count }),
  messages: Joi.object({ total: count, user: count, assistant: count, agent: count }),
  leads: count,
  resolution: Joi.object({ resolved: count, unresolved: count, escalated: count, rate }),
  response_time_ms: Joi.object({ avg: ms, p50: ms, p95: ms }),
  feedback: Joi.object({ up: count, down: count }),
  csat_average: Joi.number()
    .min(1)
    .max(5)
    .allow(null)
    .description('The mean of the visitors’ ratings of conversations given in the period, on 1–5 (a thumbs-up counts 5, a thumbs-down 1); null without ratings'),
  csat_responses: count.description('Conversations rated in the period'),
  fallback_rate: rate,
  tokens_in: count.description('Language-model tokens read by the replies of the period (as providers reported them)'),
  tokens_out: count.description('Language-model tokens written by the replies of the period'),
}).label('AnalyticsFigures');

export const overviewResponse = Joi.object(periodFields)
  .concat(overviewSchema)
  .label('AnalyticsOverview');

export const timeseriesResponse = Joi.object({
  ...periodFields,
  metric: Joi.string().required(),
  interval: Joi.string().required(),
  data: Joi.array().items(
    Joi.object({
      period: Joi.string().description('The hour (ISO), the local date, or the local date of the week’s Monday'),
      start: Joi.string().isoDate().description('The first UTC hour of the point'),
      hours: count.description('How many UTC hours the point sums (23 or 25 on DST days)'),
      value: Joi.number().allow(null),
    }),
  ),
}).label('AnalyticsTimeseries');

const questionGroup = Joi.object({
  question: Joi.string().description('A visitor message of the group, as written'),
  count: count.description('Visitor messages in the group'),
  unanswered: count.description('Of them, how many got the fallback or a thumbs-down'),
  clarified: count.description('Of them, how many got a `clarify` reply (suggestions instead of an answer)'),
  sample_conversation_id: Joi.string(),
}).label('AnalyticsQuestionGroup');

export const trendsResponse = Joi.object({
  ...periodFields,
  previous: Joi.object({ from: Joi.string().isoDate(), to: Joi.string().isoDate() }),
  current_figures: overviewSchema,
  previous_figures: overviewSchema,
  changes: Joi.array().items(
    Joi.object({
      figure: Joi.string().description('A path in the figures, e.g. `conversations.total`'),
      current: Joi.number().allow(null),
      previous: Joi.number().allow(null),
      change: Joi.number().allow(null).description('(current − previous) / previous; null when previous is 0 or null'),
    }),
  ),
  top_questions: Joi.array().items(questionGroup),
  top_unanswered: Joi.array().items(questionGroup),
}).label('AnalyticsTrends');

const share = Joi.number().min(0).max(1);

export const qualityResponse = Joi.object({
  from: periodFields.from,
  to: periodFields.to,
  chatbot_id: Joi.string().required(),
  turns: Joi.object({
    answered: count.required().description('Replies that answered: `rule`, `qa`, `knowledge` or `llm`'),
    clarified: count.required().description('`clarify` replies: suggestions offered instead of an answer'),
    fallback: count.required().description('`fallback` replies: nothing plausible to offer'),
    total: count.required().description('Every reply of these three kinds'),
    answered_share: share.required().description('answered / total; 0 without replies'),
    clarified_share: share.required().description('clarified / total; 0 without replies'),
    fallback_share: share.required().description('fallback / total; 0 without replies'),
  })
    .required()
    .label('QualityTurns')
    .description('The chatbot’s replies to visitor messages in the period, by outcome'),
  suggestions_chosen: Joi.array()
    .items(
      Joi.object({
        knowledge_id: Joi.string().required().description('The knowledge item chosen'),
        question: Joi.string().allow('').required().description('The question as the suggestion offered it'),
        times: count.required().description('How many visitor messages chose it in the period'),
      }).label('QualitySuggestionChosen'),
    )
    .max(QUALITY_TOP)
    .required()
    .description('The items visitors chose from suggestions, most chosen first (at most 20)'),
  fell_back: Joi.array()
    .items(
      Joi.object({
        question: Joi.string().required().description('A visitor message of the group, as written (the sample)'),
        count: count.required().description('Visitor messages of the group answered with the fallback'),
        conversation_id: Joi.string().required().description('The sample’s conversation'),
        message_id: Joi.string().required().description('The sample itself: `POST /api/v1/chatbots/{id}/knowledge/qa-from-message` turns it into a Q&A pair'),
      }).label('QualityFellBack'),
    )
    .max(QUALITY_TOP)
    .required()
    .description('Visitor questions that got the fallback, grouped as `top_unanswered` groups them, most asked first (at most 20)'),
}).label('QualityReport');
