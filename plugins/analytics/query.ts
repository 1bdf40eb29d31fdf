// Reads: closed hours from the buckets (whole UTC days from the day buckets where the caller can use
// a day as a whole), plus the hours the roll-up has not reached yet (the open hour at least)
// counted live from the raw records, so every figure is exact up to the request.
import { apiError } from '../../core/errors.js';
import { recordsInPages } from '../../core/export.js';
import type { Filter, TenantScope } from '../../core/store/types.js';
import { BUCKET_PAGE, ceilDay, DAY_MS, floorDay } from './days.js';
import { collectHours, type FactSources } from './facts.js';
import { addFigures, emptyFigures, HOUR_MS, type Figures } from './figures.js';
import { mergeQuestionGroup } from './groups.js';
import { isoHour } from './hours.js';
import type { AnalyticsRollup } from './rollup.js';
import { ALL_CHATBOTS, type AnalyticsCollections, type DayBucketDoc, type QuestionGroup } from './store.js';

/**
 * Hours a read counts live at most. The job rolls up every minute, so only the open hour and the
 * one just closed are live normally; more means the roll-up is behind (just started, or failing),
 * and the request is answered 503 rather than made to scan days of records.
 */
export const MAX_LIVE_HOURS = 48;

export interface Period {
  fromMs: number;
  toMs: number;
  chatbotId: string | null;
}

/** Figures of [startMs, startMs + hours · 1 h): one hour, or a whole UTC day (24). */
export interface Span {
  startMs: number;
  hours: number;
  figures: Figures;
}

/** Which whole UTC days (by their start) the caller can take as one sum. */
export type DayUse = (dayMs: number) => boolean;

/** How a period's closed part is read: built days, and the hour ranges between them. */
interface Coverage {
  days: Map<number, Figures>;
  hourRanges: Array<[number, number]>;
}

export class AnalyticsReader {
  constructor(
    private readonly collections: AnalyticsCollections,
    private readonly sources: FactSources,
    private readonly rollup: AnalyticsRollup,
  ) {}

  /** The figures of the period in spans that had any: whole days where `useDay` allows, else hours. */
  async spans(tenant: TenantScope, period: Period, useDay: DayUse): Promise<Span[]> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const { days, hourRanges } = await this.coverage(tenant, period, closedEnd, useDay);
    const spans: Span[] = [...days].map(([startMs, figures]) => ({ startMs, hours: 24, figures }));
    const buckets = this.collections.buckets.forTenant(tenant);
    for (const [from, to] of hourRanges) {
      const filter = { chatbot_id: period.chatbotId ?? ALL_CHATBOTS, hour: { gte: isoHour(from), lt: isoHour(to) } };
      for await (const bucket of recordsInPages(buckets, filter, BUCKET_PAGE, 'hour')) spans.push({ startMs: Date.parse(bucket.hour), hours: 1, figures: bucket });
    }
    if (liveFrom < period.toMs) {
      const live = await collectHours(this.sources, tenant, { fromMs: liveFrom, toMs: period.toMs, chatbotId: period.chatbotId });
      for (const [hour, byChatbot] of live.figures) {
        const sum = emptyFigures();
        for (const figures of byChatbot.values()) addFigures(sum, figures);
        spans.push({ startMs: hour, hours: 1, figures: sum });
      }
    }
    return spans;
  }

  async total(tenant: TenantScope, period: Period): Promise<Figures> {
    const sum = emptyFigures();
    for (const span of await this.spans(tenant, period, () => true)) addFigures(sum, span.figures);
    return sum;
  }

  /** Visitor questions of the period, grouped, from the question buckets (days and hours) and the live hours. */
  async questions(tenant: TenantScope, period: Period): Promise<QuestionGroup[]> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const { days, hourRanges } = await this.coverage(tenant, period, closedEnd, () => true);
    const merged = new Map<string, QuestionGroup>();
    const add = (group: QuestionGroup) => mergeQuestionGroup(merged, group);
    const chatbot: Filter = period.chatbotId ? { chatbot_id: period.chatbotId } : {};
    for (const [from, to] of contiguous([...days.keys()].sort((a, b) => a - b))) {
      const filter = { chatbot_id: period.chatbotId ?? ALL_CHATBOTS, day: { gte: isoHour(from), lt: isoHour(to) } };
      for await (const doc of recordsInPages(this.collections.dayQuestions.forTenant(tenant), filter, BUCKET_PAGE, 'day')) doc.groups.forEach(add);
    }
    for (const [from, to] of hourRanges) {
      const filter = { hour: { gte: isoHour(from), lt: isoHour(to) }, ...chatbot };
      for await (const doc of recordsInPages(this.collections.questions.forTenant(tenant), filter, BUCKET_PAGE, 'hour')) doc.groups.forEach(add);
    }
    if (liveFrom < period.toMs) {
      const live = await collectHours(this.sources, tenant, { fromMs: liveFrom, toMs: period.toMs, chatbotId: period.chatbotId, questions: true });
      for (const byChatbot of live.questions.values()) for (const groups of byChatbot.values()) groups.forEach(add);
    }
    return [...merged.values()];
  }

  /**
   * The built days of the closed part [fromMs, closedEnd) that `useDay` allows (a day is built when
   * its ALL_CHATBOTS document exists), with the chatbot's figures when the period has a chatbot;
   * and the hour ranges left around them.
   */
  private async coverage(tenant: TenantScope, period: Period, closedEnd: number, useDay: DayUse): Promise<Coverage> {
    const days = new Map<number, Figures>();
    const firstDay = ceilDay(period.fromMs);
    const endDay = floorDay(closedEnd);
    let usable = false;
    for (let day = firstDay; day < endDay && !usable; day += DAY_MS) usable = useDay(day);
    if (usable) {
      // One query per chatbot id, each read in its index's order (an `in` over both sorts every match).
      const read = async (chatbotId: string) => {
        const found = new Map<number, DayBucketDoc>();
        const filter: Filter = { chatbot_id: chatbotId, day: { gte: isoHour(firstDay), lt: isoHour(endDay) } };
        for await (const doc of recordsInPages(this.collections.days.forTenant(tenant), filter, BUCKET_PAGE, 'day')) found.set(Date.parse(doc.day), doc);
        return found;
      };
      const built = await read(ALL_CHATBOTS);
      const ofChatbot = period.chatbotId ? await read(period.chatbotId) : built;
      for (const dayMs of built.keys()) {
        if (useDay(dayMs)) days.set(dayMs, ofChatbot.get(dayMs) ?? emptyFigures());
      }
    }
    const hourRanges: Array<[number, number]> = [];
    let from = period.fromMs;
    for (const dayMs of [...days.keys()].sort((a, b) => a - b)) {
      if (from < dayMs) hourRanges.push([from, dayMs]);
      from = dayMs + DAY_MS;
    }
    if (from < closedEnd) hourRanges.push([from, closedEnd]);
    return { days, hourRanges };
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

/** Sorted day starts as ranges of consecutive days. */
function contiguous(days: number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const day of days) {
    const last = ranges.at(-1);
    if (last && last[1] === day) last[1] = day + DAY_MS;
    else ranges.push([day, day + DAY_MS]);
  }
  return ranges;
}
