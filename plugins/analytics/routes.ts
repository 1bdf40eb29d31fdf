// GET /api/v1/analytics/overview, /timeseries, /trends and /export (docs/ARCHITECTURE.md A4, A6), and
// GET /api/v1/chatbots/{id}/quality.
import type { Request } from '@hapi/hapi';
import {
  apiError,
  assertChatbotKeyAllows,
  chatbotKeyScope,
  csvLine,
  notFound,
  tenantOf,
  type ChatbotDirectory,
  type BuiltInPluginApi,
  type PluginRoute,
  type TenantScope,
} from '../../core/index.js';
import { addFigures, ALL_FIGURE_PARTS, emptyFigures, figurePartsOf, HOUR_MS, metricOf, presentFigures, type FigureParts, type Figures, type Metric, type Overview } from './figures.js';
import { ceilHour, floorHour, hourLabels, isoHour, type Interval } from './hours.js';
import type { AnalyticsReader, Period, Span } from './query.js';
import {
  chatbotParams,
  exportQuery,
  overviewQuery,
  overviewResponse,
  periodTooLong,
  QUALITY_LIMIT,
  qualityQuery,
  qualityResponse,
  timeseriesQuery,
  timeseriesResponse,
  TOP_GROUPS,
  trendsQuery,
  trendsResponse,
} from './schemas.js';
import type { QuestionGroup } from './collections.js';
import type { FactSources } from './facts.js';
import { qualityOf } from './quality.js';

interface PeriodQuery {
  from?: Date;
  to?: Date;
  chatbot_id?: string;
  tz: string;
}

const DEFAULT_DAYS = 30;
// Every analytics route reads `?chatbot_id=`: an unknown one is a 404.
const scoped = { chatbotKey: 'scoped' as const, errors: { 404: ['chatbot_not_found'] } };

export function analyticsRoutes(api: Pick<BuiltInPluginApi, 'now'>, reader: AnalyticsReader, directory: ChatbotDirectory, sources: FactSources): PluginRoute[] {
  /** The period of a request: whole UTC hours, never past the open hour; the chatbot checked. */
  async function periodOf(request: Request, tenant: TenantScope): Promise<Period> {
    const query = request.query as unknown as PeriodQuery;
    if (query.chatbot_id) assertChatbotKeyAllows(request, query.chatbot_id);
    const chatbotId = query.chatbot_id ?? chatbotKeyScope(request);
    if (chatbotId && !(await directory.find(tenant, chatbotId))) throw notFound('chatbot', chatbotId);
    return { ...hoursOf(query), chatbotId: chatbotId ?? null };
  }

  /** The hours a query's `from` and `to` name: whole UTC hours, never past the open hour. */
  function hoursOf(query: Pick<PeriodQuery, 'from' | 'to'>): { fromMs: number; toMs: number } {
    const now = api.now().getTime();
    const toMs = Math.min(ceilHour(query.to?.getTime() ?? now + 1), ceilHour(now + 1));
    const fromMs = Math.min(floorHour(query.from?.getTime() ?? toMs - DEFAULT_DAYS * 86_400_000), toMs - HOUR_MS);
    return { fromMs, toMs };
  }

  const echo = (period: Period, tz: string) => ({ from: isoHour(period.fromMs), to: isoHour(period.toMs), tz, chatbot_id: period.chatbotId });

  /**
   * The points of a period: each hour's label, in order, with the hours' summed figures. A UTC day
   * whose hours all fall in one point is read as one day bucket; one whose hours fall in two, as the
   * day bucket and the hours of one of the two (a span starts at its first hour, where it is added).
   * Only the figures of `parts` are summed.
   */
  async function points(tenant: TenantScope, period: Period, interval: Interval, tz: string, parts: FigureParts = ALL_FIGURE_PARTS) {
    const labels = hourLabels(period, interval, tz);
    const spans = new Map<number, Span>();
    const dayUse = (dayMs: number) => (labels.wholeDays.has(dayMs) ? 24 : (labels.cuts.get(dayMs) ?? 0));
    for (const span of await reader.spans(tenant, period, dayUse, parts)) spans.set(span.startMs, span);
    const result: Array<{ period: string; start: string; hours: number; figures: Figures }> = [];
    for (let hour = period.fromMs, index = 0; hour < period.toMs; hour += HOUR_MS, index++) {
      const label = labels.of[index]!;
      let point = result.at(-1);
      if (point?.period !== label) result.push((point = { period: label, start: isoHour(hour), hours: 0, figures: emptyFigures() }));
      point.hours += 1;
      const span = spans.get(hour);
      if (span) addFigures(point.figures, span.figures, 1, parts);
    }
    return result;
  }

  return [
    {
      method: 'GET',
      path: '/analytics/overview',
      options: {
        description: 'Analytics overview of a period',
        notes:
          'Conversations, messages, leads, resolution, response times, feedback and the fallback rate of a period, for ' +
          'every chatbot or one (`chatbot_id`; a chatbot key sees its own only). Exact up to the request: closed hours ' +
          'come from hourly roll-ups, the rest is counted live. The period is whole UTC hours (`from` rounds down, `to` ' +
          'up), at most 400 days; 404 `chatbot_not_found` for an unknown `chatbot_id`; 503 `unavailable` while the ' +
          'roll-up catches up with older records.',
        tags: ['api', 'analytics'],
        plugins: { platform: scoped },
        validate: { query: overviewQuery },
        response: { status: { 200: overviewResponse } },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const period = await periodOf(request, tenant);
          const figures = await reader.total(tenant, period);
          return { ...echo(period, (request.query as unknown as PeriodQuery).tz), ...presentFigures(figures, period.fromMs) };
        },
      },
    },
    {
      method: 'GET',
      path: '/analytics/timeseries',
      options: {
        description: 'One analytics figure per hour, day or week',
        notes:
          '`metric` is one of conversations, messages, leads, resolution_rate, fallback_rate, response_time_p50, ' +
          'response_time_p95, feedback_up, feedback_down; `interval` hour (at most 31 days), day or week (ISO weeks from ' +
          'Monday). Days and weeks are sums of UTC hours in `tz`: the hours that start on that local date, so a DST day ' +
          'has 23 or 25. Every point of the period is listed, empty ones too. 404 `chatbot_not_found`, 503 `unavailable` ' +
          'as for the overview.',
        tags: ['api', 'analytics'],
        plugins: { platform: scoped },
        validate: { query: timeseriesQuery },
        response: { status: { 200: timeseriesResponse } },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const query = request.query as unknown as PeriodQuery & { metric: Metric; interval: Interval };
          const period = await periodOf(request, tenant);
          const data = (await points(tenant, period, query.interval, query.tz, figurePartsOf(query.metric))).map((point) => ({
            period: point.period,
            start: point.start,
            hours: point.hours,
            value: metricOf(presentFigures(point.figures, Date.parse(point.start)), query.metric),
          }));
          return { ...echo(period, query.tz), metric: query.metric, interval: query.interval, data };
        },
      },
    },
    {
      method: 'GET',
      path: '/analytics/trends',
      options: {
        description: 'A period against the one before it, and what visitors asked',
        notes:
          'Every overview figure for the period and for the previous period of the same length, with the relative ' +
          'change; `top_questions` (the visitor messages asked most) and `top_unanswered` (those that got the fallback ' +
          'or a thumbs-down), grouped when they are the same question after the knowledge base’s text analysis ' +
          '(stop words dropped, words stemmed, accents folded, in the conversation’s language), each with a sample ' +
          'conversation. 404 `chatbot_not_found`, 503 `unavailable` as for the overview.',
        tags: ['api', 'analytics'],
        plugins: { platform: scoped },
        validate: { query: trendsQuery },
        response: { status: { 200: trendsResponse } },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const period = await periodOf(request, tenant);
          const previous: Period = { ...period, fromMs: 2 * period.fromMs - period.toMs, toMs: period.fromMs };
          const current = presentFigures(await reader.total(tenant, period), period.fromMs);
          const before = presentFigures(await reader.total(tenant, previous), previous.fromMs);
          const groups = await reader.questions(tenant, period);
          const top = (list: QuestionGroup[], by: 'count' | 'unanswered') =>
            list
              .filter((group) => group[by] > 0)
              .sort((a, b) => b[by] - a[by] || b.count - a.count || a.key.localeCompare(b.key))
              .slice(0, TOP_GROUPS)
              .map((group) => ({
                question: group.text,
                count: group.count,
                unanswered: group.unanswered,
                clarified: group.clarified ?? 0,
                sample_conversation_id: group.conversation_id,
              }));
          return {
            ...echo(period, (request.query as unknown as PeriodQuery).tz),
            previous: { from: isoHour(previous.fromMs), to: isoHour(previous.toMs) },
            current_figures: current,
            previous_figures: before,
            changes: changesOf(current, before),
            top_questions: top(groups, 'count'),
            top_unanswered: top(groups, 'unanswered'),
          };
        },
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/quality',
      options: {
        description: 'How a chatbot’s replies turned out: answered, clarified, fell back',
        notes:
          'For the period (`from`, `to` as the other analytics routes take them, at most ' +
          `${QUALITY_LIMIT.days} days, 30 by default): \`turns\`, the chatbot’s replies by outcome (answered: rule, qa, ` +
          'knowledge or llm; clarified: suggestions offered; fallback) with their shares; `suggestions_chosen`, the ' +
          'items visitors chose from suggestions, most chosen first; `fell_back`, the visitor questions that got the ' +
          'fallback, grouped as `top_unanswered` groups them, each with a sample message that ' +
          '`POST …/knowledge/qa-from-message` turns into a Q&A pair. Counted from the messages themselves, so exact up to ' +
          'the request. 404 `chatbot_not_found`; 400 `validation_failed` for a longer period.',
        tags: ['api', 'analytics'],
        plugins: { platform: { chatbotKey: true, errors: { 404: ['chatbot_not_found'] } } },
        validate: { query: qualityQuery, params: chatbotParams },
        response: { status: { 200: qualityResponse } },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const { id } = request.params as { id: string };
          if (!(await directory.find(tenant, id))) throw notFound('chatbot', id);
          const { fromMs, toMs } = hoursOf(request.query as Pick<PeriodQuery, 'from' | 'to'>);
          // `from` alone may reach further back than the query's rule can see.
          if (toMs - fromMs > QUALITY_LIMIT.days * 86_400_000) {
            throw apiError(400, 'validation_failed', periodTooLong(QUALITY_LIMIT), { details: [{ path: 'from', message: periodTooLong(QUALITY_LIMIT), type: 'period.limit' }] });
          }
          const report = await qualityOf(sources, tenant, { fromMs, toMs, chatbotId: id });
          return { from: isoHour(fromMs), to: isoHour(toMs), chatbot_id: id, ...report };
        },
      },
    },
    {
      method: 'GET',
      path: '/analytics/export',
      options: {
        description: 'Export analytics per hour, day or week (CSV or JSON)',
        notes:
          '`format=csv` (default): a header row, then one row per point with every figure; `format=json`: ' +
          '`{ data: [...] }` with the same rows. Points as in the timeseries (`interval`, `tz`). An analytics export ' +
          'needs full API access: 403 `plan_feature_unavailable` otherwise. 404 `chatbot_not_found`, 503 `unavailable` ' +
          'as for the overview.',
        tags: ['api', 'analytics'],
        plugins: { platform: { ...scoped, access: 'full' as const } },
        validate: { query: exportQuery },
        response: { status: { 200: true } }, // CSV text, or JSON rows
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const query = request.query as unknown as PeriodQuery & { format: 'csv' | 'json'; interval: Interval };
          const period = await periodOf(request, tenant);
          const rows = (await points(tenant, period, query.interval, query.tz)).map((point) => exportRow(point));
          const name = `analytics${period.chatbotId ? `-${period.chatbotId}` : ''}`;
          if (query.format === 'json') {
            return h
              .response({ ...echo(period, query.tz), interval: query.interval, data: rows })
              .header('Content-Disposition', `attachment; filename="${name}.json"`);
          }
          const csv = `${EXPORT_COLUMNS.join(',')}\r\n${rows.map((row) => csvLine(EXPORT_COLUMNS, row)).join('')}`;
          return h.response(csv).type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}.csv"`);
        },
      },
    },
  ];
}

export const EXPORT_COLUMNS = [
  'period',
  'start',
  'hours',
  'conversations',
  'conversations_ended',
  'messages',
  'messages_user',
  'messages_assistant',
  'messages_agent',
  'leads',
  'resolved',
  'unresolved',
  'escalated',
  'resolution_rate',
  'fallback_rate',
  'response_time_avg_ms',
  'response_time_p50_ms',
  'response_time_p95_ms',
  'feedback_up',
  'feedback_down',
  'csat_average',
  'csat_responses',
  'tokens_in',
  'tokens_out',
] as const;

function exportRow(point: { period: string; start: string; hours: number; figures: Figures }) {
  const o = presentFigures(point.figures, Date.parse(point.start));
  return {
    period: point.period,
    start: point.start,
    hours: point.hours,
    conversations: o.conversations.total,
    conversations_ended: o.conversations.ended,
    messages: o.messages.total,
    messages_user: o.messages.user,
    messages_assistant: o.messages.assistant,
    messages_agent: o.messages.agent,
    leads: o.leads,
    resolved: o.resolution.resolved,
    unresolved: o.resolution.unresolved,
    escalated: o.resolution.escalated,
    resolution_rate: o.resolution.rate,
    fallback_rate: o.fallback_rate,
    response_time_avg_ms: o.response_time_ms.avg,
    response_time_p50_ms: o.response_time_ms.p50,
    response_time_p95_ms: o.response_time_ms.p95,
    feedback_up: o.feedback.up,
    feedback_down: o.feedback.down,
    csat_average: o.csat_average,
    csat_responses: o.csat_responses,
    tokens_in: o.tokens_in,
    tokens_out: o.tokens_out,
  };
}

/** Every numeric figure of the overview, by its path, now and before. */
function changesOf(current: Overview, previous: Overview) {
  const changes: Array<{ figure: string; current: number | null; previous: number | null; change: number | null }> = [];
  const walk = (now: unknown, before: unknown, path: string) => {
    if (now !== null && typeof now === 'object') {
      for (const key of Object.keys(now)) walk((now as Record<string, unknown>)[key], (before as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      return;
    }
    const a = now as number | null;
    const b = before as number | null;
    const change = a === null || b === null || b === 0 ? null : Math.round(((a - b) / b) * 10_000) / 10_000;
    changes.push({ figure: path, current: a, previous: b, change });
  };
  walk(current, previous, '');
  return changes;
}
