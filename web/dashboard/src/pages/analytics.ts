// #/analytics?period=7|30|90&chatbot=…: is the bot doing its job? The period's figures
// (GET /analytics/overview), how they changed against the period before (…/trends), daily charts
// (…/timeseries) and the questions the bot could not answer, each one click from a Q&A pair; for one
// chatbot, the quality of its answers (…/chatbots/{id}/quality).
import { useMemo } from 'preact/hooks';
import { api, ApiError, query } from '../api.js';
import { href, navigate } from '../router.js';
import type { AnalyticsFigures, AnalyticsOverview, AnalyticsTimeseries, AnalyticsTrends } from '../types.js';
import { ErrorMessage, html, Loading, PageHeader, Select, useLoad } from '../ui.js';
import { formatValue, TimeChart, type ChartLine, type ChartUnit } from './analytics-chart.js';
import { QualityPanel, QUALITY_DAYS } from './quality.js';
import { UnansweredQuestions } from './unanswered.js';

const PERIODS: Array<[days: string, label: string]> = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
];
const METRICS = ['conversations', 'leads', 'resolution_rate', 'fallback_rate', 'response_time_p50', 'response_time_p95'] as const;
type Metric = (typeof METRICS)[number];

/** Days and weeks in the browser's time zone, unless the server does not know it (then UTC, once and for all). */
let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `load` reads with the time zone it is given: the browser's, or UTC once the server refused that one. */
async function getInZone<T>(load: (zone: string) => Promise<T>): Promise<T> {
  try {
    return await load(timeZone);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || timeZone === 'UTC' || !error.details.some((detail) => detail.path === 'tz')) throw error;
    timeZone = 'UTC';
    return load(timeZone);
  }
}

/** The period: from the start of the day `days - 1` days ago, in local time, to now (the server's). */
function periodStart(days: number): string {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (days - 1));
  return start.toISOString();
}

interface AnalyticsData {
  overview: AnalyticsOverview;
  trends: AnalyticsTrends;
  series: Record<Metric, AnalyticsTimeseries>;
}

async function loadAnalytics(days: number, chatbotId: string): Promise<AnalyticsData> {
  const params = { from: periodStart(days), chatbot_id: chatbotId || undefined };
  const [overview, trends, ...series] = await Promise.all([
    getInZone((tz) => api.get(`/api/v1/analytics/overview${query({ ...params, tz })}`)),
    getInZone((tz) => api.get(`/api/v1/analytics/trends${query({ ...params, tz })}`)),
    ...METRICS.map((metric) => getInZone((tz) => api.get(`/api/v1/analytics/timeseries${query({ ...params, metric, interval: 'day', tz })}`))),
  ]);
  return {
    overview: overview as AnalyticsOverview,
    trends: trends as AnalyticsTrends,
    series: Object.fromEntries(METRICS.map((metric, index) => [metric, series[index]])) as Record<Metric, AnalyticsTimeseries>,
  };
}

export function AnalyticsPage({ params }: { params: URLSearchParams }) {
  const period = PERIODS.some(([days]) => days === params.get('period')) ? params.get('period')! : '30';
  const chatbotId = params.get('chatbot') ?? '';
  const chatbots = useLoad(async () => (await api.get(`/api/v1/chatbots${query({ limit: 100 })}`)).data, []);
  const analytics = useLoad(() => loadAnalytics(Number(period), chatbotId), [period, chatbotId]);
  const go = (next: { period?: string; chatbot?: string }) => navigate(`${href('analytics')}${query({ period, chatbot: chatbotId, ...next })}`);
  const periodLabel = PERIODS.find(([days]) => days === period)![1].toLowerCase();

  return html`<section class="analytics">
    <${PageHeader} title="Analytics" description="How the bot is doing: conversations, answers, leads, and the questions it could not answer." />
    <div class="analytics-controls">
      <div class="field">
        <span class="field-label" id="period-label">Period</span>
        <div class="segmented" role="group" aria-labelledby="period-label">
          ${PERIODS.map(
            ([days, label]) => html`<button type="button" class=${`button${days === period ? ' selected' : ''}`} aria-pressed=${days === period ? 'true' : 'false'} onClick=${() => go({ period: days })}>
              ${label}
            </button>`,
          )}
        </div>
      </div>
      <${Select}
        label="Chatbot"
        value=${chatbotId}
        options=${[['', 'All chatbots'], ...(chatbots.data ?? []).map((chatbot) => [chatbot.id, chatbot.name])]}
        onChange=${(value: string) => go({ chatbot: value })}
      />
    </div>
    ${analytics.error ? html`<${ErrorMessage} error=${analytics.error} retry=${analytics.reload} />` : null}
    ${!analytics.data && !analytics.error ? html`<${Loading} label="Loading analytics…" />` : null}
    ${analytics.data
      ? html`<div aria-busy=${analytics.loading ? 'true' : 'false'}>
          <${Figures} figures=${analytics.data.overview} />
          <${Trends} trends=${analytics.data.trends} periodLabel=${periodLabel} />
          <${Charts} series=${analytics.data.series} />
          <${UnansweredQuestions} questions=${analytics.data.trends.top_unanswered ?? []} chatbots=${chatbots.data ?? []} chatbotId=${chatbotId} />
        </div>`
      : null}
    ${chatbotId
      ? html`<${QualityPanel} chatbotId=${chatbotId} from=${periodStart(Math.min(Number(period), QUALITY_DAYS))} days=${Number(period)} />`
      : html`<p class="muted small quality-hint">Choose a chatbot to see the quality of its answers: how many were answered, clarified or fell back.</p>`}
  </section>`;
}

function Figures({ figures }: { figures: AnalyticsFigures }) {
  const stat = (label: string, value: string, detail?: string) => html`<div class="stat">
    <dt>${label}</dt>
    <dd><span class="stat-value">${value}</span>${detail ? html`<span class="stat-detail muted small">${detail}</span>` : null}</dd>
  </div>`;
  return html`<section aria-labelledby="figures-heading">
    <h2 id="figures-heading">Figures</h2>
    <dl class="stats">
      ${stat('Conversations', formatValue(figures.conversations.total, 'count'), `${figures.conversations.open} open, ${figures.conversations.ended} ended`)}
      ${stat('Messages', formatValue(figures.messages.total, 'count'), `${figures.messages.user} from visitors, ${figures.messages.agent} from agents`)}
      ${stat('Leads', formatValue(figures.leads, 'count'))}
      ${stat('Resolution rate', formatValue(figures.resolution.rate, 'percent'), `${figures.resolution.resolved} resolved, ${figures.resolution.unresolved} unresolved, ${figures.resolution.escalated} escalated`)}
      ${stat('Fallback rate', formatValue(figures.fallback_rate, 'percent'), 'replies the bot could not give')}
      ${stat('Response time', formatValue(figures.response_time_ms.p50, 'ms'), `median; 95th percentile ${formatValue(figures.response_time_ms.p95, 'ms')}`)}
      ${stat('Helpful ratings', formatValue(figures.feedback.up, 'count'), `${figures.feedback.down} not helpful`)}
      ${stat(
        'Visitor satisfaction',
        figures.csat_average === null ? formatValue(null, 'count') : `${figures.csat_average.toFixed(1)} / 5`,
        `${figures.csat_responses} ${figures.csat_responses === 1 ? 'rating' : 'ratings'} of conversations${figures.csat_average === null ? '' : '; a thumbs-up counts 5, a thumbs-down 1'}`,
      )}
    </dl>
  </section>`;
}

/** The figures compared, and whether a rise is good news. */
const TREND_FIGURES: Array<{ figure: string; label: string; unit: ChartUnit; better: 'up' | 'down' }> = [
  { figure: 'conversations.total', label: 'Conversations', unit: 'count', better: 'up' },
  { figure: 'leads', label: 'Leads', unit: 'count', better: 'up' },
  { figure: 'resolution.rate', label: 'Resolution rate', unit: 'percent', better: 'up' },
  { figure: 'fallback_rate', label: 'Fallback rate', unit: 'percent', better: 'down' },
  { figure: 'response_time_ms.p50', label: 'Response time (median)', unit: 'ms', better: 'down' },
  { figure: 'response_time_ms.p95', label: 'Response time (95th percentile)', unit: 'ms', better: 'down' },
  { figure: 'feedback.down', label: 'Thumbs-down ratings', unit: 'count', better: 'down' },
];

function changeText(current: number | null, previous: number | null, change: number | null, unit: ChartUnit): { text: string; direction: 'up' | 'down' | 'same' | 'none' } {
  if (current === null || previous === null) return { text: 'nothing to compare', direction: 'none' };
  if (current === previous) return { text: 'no change', direction: 'same' };
  const direction = current > previous ? 'up' : 'down';
  // Rates change by points: "40% to 45%" is 5 points, not 12.5%.
  if (unit === 'percent') return { text: `${direction} ${Math.abs(Math.round((current - previous) * 1000) / 10)} points`, direction };
  if (change === null) return { text: `${direction} from none`, direction };
  return { text: `${direction} ${Math.abs(Math.round(change * 1000) / 10)}%`, direction };
}

function Trends({ trends, periodLabel }: { trends: AnalyticsTrends; periodLabel: string }) {
  const changes = new Map((trends.changes ?? []).map((change) => [change.figure, change]));
  return html`<section aria-labelledby="trends-heading" class="card">
    <h2 id="trends-heading">Compared with the period before</h2>
    <p class="muted small">The ${periodLabel} against the same length of time just before.</p>
    <ul class="trends">
      ${TREND_FIGURES.map(({ figure, label, unit, better }) => {
        const found = changes.get(figure);
        if (!found) return null;
        const { text, direction } = changeText(found.current, found.previous, found.change, unit);
        const tone = direction === 'up' || direction === 'down' ? (direction === better ? 'good' : 'bad') : 'neutral';
        return html`<li class=${`trend ${tone}`}>
          <span class="trend-label">${label}</span>
          <span class="trend-change"><span aria-hidden="true">${direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}</span>${text}</span>
          <span class="muted small">${formatValue(found.previous, unit)} → ${formatValue(found.current, unit)}</span>
        </li>`;
      })}
    </ul>
  </section>`;
}

const dayLabel = (period: string) => {
  // `period` is the local date (YYYY-MM-DD) of a daily point: shown as the browser shows dates.
  const [year, month, day] = period.split('-').map(Number);
  return new Date(year!, (month ?? 1) - 1, day ?? 1).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
};

function Charts({ series }: { series: Record<Metric, AnalyticsTimeseries> }) {
  const charts = useMemo(() => {
    const points = series.conversations.data;
    const labels = points.map((point) => dayLabel(point.period));
    const times = points.map((point) => Date.parse(point.start) / 1000);
    const values = (metric: Metric) => series[metric].data.map((point) => point.value);
    const line = (label: string, metric: Metric, color: string, dashed = false): ChartLine => ({ label, values: values(metric), color, dashed });
    return {
      labels,
      times,
      volume: [line('Conversations', 'conversations', '#3b3fc4'), line('Leads', 'leads', '#b45309', true)],
      rates: [line('Resolution rate', 'resolution_rate', '#116329'), line('Fallback rate', 'fallback_rate', '#b42318', true)],
      times_ms: [line('Median (p50)', 'response_time_p50', '#3b3fc4'), line('95th percentile (p95)', 'response_time_p95', '#7c3aed', true)],
    };
  }, [series]);
  return html`<section aria-labelledby="charts-heading">
    <h2 id="charts-heading">Day by day</h2>
    <div class="chart-grid">
      <${TimeChart} title="Conversations and leads" labels=${charts.labels} times=${charts.times} lines=${charts.volume} unit="count" />
      <${TimeChart} title="Resolution and fallback rates" labels=${charts.labels} times=${charts.times} lines=${charts.rates} unit="percent" />
      <${TimeChart} title="Response time" labels=${charts.labels} times=${charts.times} lines=${charts.times_ms} unit="ms" />
    </div>
  </section>`;
}
