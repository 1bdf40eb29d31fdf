// The figures of one hour bucket (per chatbot, and for all chatbots together), how buckets add up,
// and how a sum of buckets becomes the overview of docs/ARCHITECTURE.md A4.
import { emptySketch, sketchMerge, sketchQuantile, type SketchData } from './sketch.js';

export const HOUR_MS = 3_600_000;

export interface Figures {
  /** Conversations started in the hour. */
  conversations_started: number;
  /** Conversations ended in the hour. */
  conversations_ended: number;
  /** Resolutions set in the hour: at an end, or changed on an ended conversation (counted again). */
  resolved: number;
  unresolved: number;
  escalated: number;
  /** Of the conversations ended in the hour, how many started in each hour (epoch ms → count). */
  ended_by_start_hour: Record<string, number>;
  messages_user: number;
  messages_assistant: number;
  messages_agent: number;
  /** The chatbot's replies (assistant messages) that were its fallback message. */
  replies_fallback: number;
  /** `lead.captured`: new leads (a second capture of the same person updates one, counted once). */
  leads: number;
  /** Ratings given (or changed) in the hour. */
  feedback_up: number;
  feedback_down: number;
  /**
   * Conversations the visitor rated in the hour, and the sum of their ratings on the 1–5 scale
   * (core/csat.ts). Absent on buckets rolled up before ratings existed (0).
   */
  csat_responses: number;
  csat_points: number;
  response_time_count: number;
  response_time_sum: number;
  response_time_sketch: SketchData;
  /** Language-model tokens of the replies written in the hour. Absent on buckets rolled up before usage existed (0). */
  tokens_in: number;
  tokens_out: number;
}

export function emptyFigures(): Figures {
  return {
    conversations_started: 0,
    conversations_ended: 0,
    resolved: 0,
    unresolved: 0,
    escalated: 0,
    ended_by_start_hour: {},
    messages_user: 0,
    messages_assistant: 0,
    messages_agent: 0,
    replies_fallback: 0,
    leads: 0,
    feedback_up: 0,
    feedback_down: 0,
    csat_responses: 0,
    csat_points: 0,
    response_time_count: 0,
    response_time_sum: 0,
    response_time_sketch: emptySketch(),
    tokens_in: 0,
    tokens_out: 0,
  };
}

const COUNTERS = [
  'conversations_started',
  'conversations_ended',
  'resolved',
  'unresolved',
  'escalated',
  'messages_user',
  'messages_assistant',
  'messages_agent',
  'replies_fallback',
  'leads',
  'feedback_up',
  'feedback_down',
  'csat_responses',
  'csat_points',
  'response_time_count',
  'response_time_sum',
  'tokens_in',
  'tokens_out',
] as const;

/**
 * The figures a read needs besides the counters: the response-time sketch (the percentiles) and
 * `ended_by_start_hour` (the overview's open conversations). Both are most of a bucket's size and
 * of the cost of adding buckets up; a timeseries of one metric needs at most the sketch.
 */
export interface FigureParts {
  sketch: boolean;
  endedByStart: boolean;
}

export const ALL_FIGURE_PARTS: FigureParts = Object.freeze({ sketch: true, endedByStart: true });

/**
 * What a timeseries of `metric` reads: its value is right (metricOf(presentFigures(…))), the rest of
 * an overview made from such figures is not.
 */
export function figurePartsOf(metric: Metric): FigureParts {
  return { sketch: metric === 'response_time_p50' || metric === 'response_time_p95', endedByStart: false };
}

/**
 * Adds `other` into `into`; with `sign` -1, takes it away (every figure is a count or a sum, the
 * sketch too: a day less some of its hours is exactly the rest of its hours). `parts` may leave the
 * sketch or the ended-by-start counts out of the sum.
 */
export function addFigures(into: Figures, other: Figures, sign: 1 | -1 = 1, parts: FigureParts = ALL_FIGURE_PARTS): Figures {
  // Field by field rather than over COUNTERS: a read adds thousands of buckets, and fixed property
  // names keep these additions monomorphic (the loop over names was the hottest analytics code).
  into.conversations_started += sign * other.conversations_started;
  into.conversations_ended += sign * other.conversations_ended;
  into.resolved += sign * other.resolved;
  into.unresolved += sign * other.unresolved;
  into.escalated += sign * other.escalated;
  into.messages_user += sign * other.messages_user;
  into.messages_assistant += sign * other.messages_assistant;
  into.messages_agent += sign * other.messages_agent;
  into.replies_fallback += sign * other.replies_fallback;
  into.leads += sign * other.leads;
  into.feedback_up += sign * other.feedback_up;
  into.feedback_down += sign * other.feedback_down;
  into.csat_responses += sign * (other.csat_responses ?? 0);
  into.csat_points += sign * (other.csat_points ?? 0);
  into.response_time_count += sign * other.response_time_count;
  into.response_time_sum += sign * other.response_time_sum;
  into.tokens_in += sign * (other.tokens_in ?? 0);
  into.tokens_out += sign * (other.tokens_out ?? 0);
  if (parts.endedByStart) {
    const ended = into.ended_by_start_hour;
    for (const hour in other.ended_by_start_hour) ended[hour] = (ended[hour] ?? 0) + sign * other.ended_by_start_hour[hour]!;
  }
  if (parts.sketch) sketchMerge(into.response_time_sketch, other.response_time_sketch, sign);
  return into;
}

export function isEmptyFigures(figures: Figures): boolean {
  return COUNTERS.every((field) => figures[field] === 0);
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const milliseconds = (value: number | null) => (value === null ? null : Math.round(value));

/** The overview of a period [fromMs, toMs) from the sum of its hours. */
export function presentFigures(figures: Figures, fromMs: number) {
  // Ended conversations that started before the period are not among its conversations.
  let endedOfStarted = 0;
  for (const hour in figures.ended_by_start_hour) if (Number(hour) >= fromMs) endedOfStarted += figures.ended_by_start_hour[hour]!;
  const messages = figures.messages_user + figures.messages_assistant + figures.messages_agent;
  return {
    conversations: {
      total: figures.conversations_started,
      open: figures.conversations_started - endedOfStarted,
      ended: figures.conversations_ended,
    },
    messages: { total: messages, user: figures.messages_user, assistant: figures.messages_assistant, agent: figures.messages_agent },
    leads: figures.leads,
    resolution: {
      resolved: figures.resolved,
      unresolved: figures.unresolved,
      escalated: figures.escalated,
      // Of the resolutions set in the period: equal to resolved / ended unless some changed later.
      rate: ratio(figures.resolved, figures.resolved + figures.unresolved + figures.escalated),
    },
    response_time_ms: {
      avg: figures.response_time_count === 0 ? null : milliseconds(figures.response_time_sum / figures.response_time_count),
      p50: milliseconds(sketchQuantile(figures.response_time_sketch, 0.5)),
      p95: milliseconds(sketchQuantile(figures.response_time_sketch, 0.95)),
    },
    feedback: { up: figures.feedback_up, down: figures.feedback_down },
    csat_average: figures.csat_responses === 0 ? null : Math.round((figures.csat_points / figures.csat_responses) * 100) / 100,
    csat_responses: figures.csat_responses,
    fallback_rate: ratio(figures.replies_fallback, figures.messages_assistant),
    tokens_in: figures.tokens_in ?? 0,
    tokens_out: figures.tokens_out ?? 0,
  };
}

export type Overview = ReturnType<typeof presentFigures>;

export const METRICS = [
  'conversations',
  'messages',
  'leads',
  'resolution_rate',
  'fallback_rate',
  'response_time_p50',
  'response_time_p95',
  'feedback_up',
  'feedback_down',
  'csat_average',
  'csat_responses',
] as const;
export type Metric = (typeof METRICS)[number];

export function metricOf(overview: Overview, metric: Metric): number | null {
  switch (metric) {
    case 'conversations':
      return overview.conversations.total;
    case 'messages':
      return overview.messages.total;
    case 'leads':
      return overview.leads;
    case 'resolution_rate':
      return overview.resolution.rate;
    case 'fallback_rate':
      return overview.fallback_rate;
    case 'response_time_p50':
      return overview.response_time_ms.p50;
    case 'response_time_p95':
      return overview.response_time_ms.p95;
    case 'feedback_up':
      return overview.feedback.up;
    case 'feedback_down':
      return overview.feedback.down;
    case 'csat_average':
      return overview.csat_average;
    case 'csat_responses':
      return overview.csat_responses;
  }
}
