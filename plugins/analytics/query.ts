// Reads: closed hours from the buckets, plus the hours the roll-up has not reached yet (the open
// hour at least) counted live from the raw records, so every figure is exact up to the request.
import { apiError } from '../../core/errors.js';
import type { TenantScope } from '../../core/store/types.js';
import { collectHours, type FactSources } from './facts.js';
import { addFigures, emptyFigures, HOUR_MS, type Figures } from './figures.js';
import { isoHour } from './hours.js';
import type { AnalyticsRollup } from './rollup.js';
import { ALL_CHATBOTS, type AnalyticsCollections, type QuestionGroup } from './store.js';

/**
 * Hours a read counts live at most. The job rolls up every minute, so only the open hour and the
 * one just closed are live normally; more means the roll-up is behind (just started, or failing),
 * and the request is answered 503 rather than made to scan days of records.
 */
export const MAX_LIVE_HOURS = 48;
const PAGE = 1000;

export interface Period {
  fromMs: number;
  toMs: number;
  chatbotId: string | null;
}

export class AnalyticsReader {
  constructor(
    private readonly collections: AnalyticsCollections,
    private readonly sources: FactSources,
    private readonly rollup: AnalyticsRollup,
  ) {}

  /** The figures of each hour of the period that had any (epoch ms → figures). */
  async hours(tenant: TenantScope, period: Period): Promise<Map<number, Figures>> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const result = new Map<number, Figures>();
    const buckets = this.collections.buckets.forTenant(tenant);
    const filter = { chatbot_id: period.chatbotId ?? ALL_CHATBOTS, hour: { gte: isoHour(period.fromMs), lt: isoHour(closedEnd) } };
    let after: { value: string; id: string } | undefined;
    while (period.fromMs < closedEnd) {
      const page = await buckets.list({ filter, sort: { field: 'hour', direction: 'asc' }, limit: PAGE, after });
      for (const bucket of page) result.set(Date.parse(bucket.hour), bucket);
      if (page.length < PAGE) break;
      after = { value: page[page.length - 1]!.hour, id: page[page.length - 1]!.id };
    }
    if (liveFrom < period.toMs) {
      const live = await collectHours(this.sources, tenant, { fromMs: liveFrom, toMs: period.toMs, chatbotId: period.chatbotId });
      for (const [hour, byChatbot] of live.figures) {
        const sum = emptyFigures();
        for (const figures of byChatbot.values()) addFigures(sum, figures);
        result.set(hour, sum);
      }
    }
    return result;
  }

  async total(tenant: TenantScope, period: Period): Promise<Figures> {
    const sum = emptyFigures();
    for (const figures of (await this.hours(tenant, period)).values()) addFigures(sum, figures);
    return sum;
  }

  /** Visitor questions of the period, grouped, from the question buckets and the live hours. */
  async questions(tenant: TenantScope, period: Period): Promise<QuestionGroup[]> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const merged = new Map<string, QuestionGroup>();
    const add = (group: QuestionGroup) => {
      const known = merged.get(group.key);
      if (!known) return void merged.set(group.key, { ...group });
      if (known.unanswered === 0 && group.unanswered > 0) {
        known.text = group.text;
        known.conversation_id = group.conversation_id;
      }
      known.count += group.count;
      known.unanswered += group.unanswered;
    };
    const docs = this.collections.questions.forTenant(tenant);
    const filter = { hour: { gte: isoHour(period.fromMs), lt: isoHour(closedEnd) }, ...(period.chatbotId ? { chatbot_id: period.chatbotId } : {}) };
    let after: { value: string; id: string } | undefined;
    while (period.fromMs < closedEnd) {
      const page = await docs.list({ filter, sort: { field: 'hour', direction: 'asc' }, limit: PAGE, after });
      for (const doc of page) doc.groups.forEach(add);
      if (page.length < PAGE) break;
      after = { value: page[page.length - 1]!.hour, id: page[page.length - 1]!.id };
    }
    if (liveFrom < period.toMs) {
      const live = await collectHours(this.sources, tenant, { fromMs: liveFrom, toMs: period.toMs, chatbotId: period.chatbotId, questions: true });
      for (const byChatbot of live.questions.values()) for (const groups of byChatbot.values()) groups.forEach(add);
    }
    return [...merged.values()];
  }

  private async split(tenant: TenantScope, period: Period): Promise<{ closedEnd: number; liveFrom: number }> {
    const rolledTo = Date.parse((await this.rollup.cursor(tenant)).rolled_up_to);
    const closedEnd = Math.max(period.fromMs, Math.min(period.toMs, rolledTo));
    const liveFrom = Math.max(period.fromMs, rolledTo);
    if ((period.toMs - liveFrom) / HOUR_MS > MAX_LIVE_HOURS) {
      this.rollup.nudge();
      throw apiError(503, 'unavailable', 'Analytics are catching up with older records; try again in a minute', { headers: { 'Retry-After': '60' } });
    }
    return { closedEnd, liveFrom };
  }
}
