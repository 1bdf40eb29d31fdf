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

/** `from` before `to`, and at most MAX_PERIOD_DAYS (or MAX_HOURLY_DAYS for hourly points) apart. */
function periodRule(value: { from?: Date; to?: Date; interval?: string }, helpers: Joi.CustomHelpers) {
  if (!value.from || !value.to) return value;
  if (value.from.getTime() >= value.to.getTime()) return helpers.error('period.order');
  const days = (value.to.getTime() - value.from.getTime()) / 86_400_000;
  const limit = value.interval === 'hour' ? MAX_HOURLY_DAYS : MAX_PERIOD_DAYS;
  if (days > limit) return helpers.message({ custom: `the period from "from" to "to" may be at most ${limit} days${value.interval === 'hour' ? ' with hourly points' : ''}` });
  return value;
}

const period = (keys: Record<string, Joi.Schema>) =>
  Joi.object({ ...periodKeys, ...keys })
    .custom(periodRule)
    .messages({ 'period.order': '"from" must be before "to"' });

export const overviewQuery = period({});
export const trendsQuery = period({});
export const timeseriesQuery = period({
  metric: Joi.string().valid(...METRICS).required(),
  interval: Joi.string().valid('hour', 'day', 'week').default('day'),
});
export const exportQuery = period({
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
