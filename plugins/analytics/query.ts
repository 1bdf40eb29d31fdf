// Reads: closed hours from the buckets (whole UTC days from the day buckets where the caller can use
// a day as a whole), plus the hours the roll-up has not reached yet (the open hour at least)
// counted live from the raw records, so every figure is exact up to the request.
import { apiError, recordsInPages, type Filter, type TenantScope } from '../../core/index.js';
import { BUCKET_PAGE } from './days.js';
import { collectHours, type FactSources } from './facts.js';
import { addFigures, ALL_FIGURE_PARTS, emptyFigures, HOUR_MS, type FigureParts, type Figures } from './figures.js';
import { mergeQuestionGroup } from './groups.js';
import { ceilDay, DAY_MS, floorDay, isoHour } from './hours.js';
import type { AnalyticsRollup } from './rollup.js';
import { ALL_CHATBOTS, type AnalyticsCollections, type DayBucketDoc, type QuestionGroup } from './collections.js';

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

/**
 * How the caller can take a whole UTC day (by its start): 24, as one sum; 1 to 23, as two sums, its
 * first that many hours and the rest (a day of a daily series in a zone whose days are not UTC's);
 * 0, not at all (hour by hour).
 */
export type DayUse = (dayMs: number) => number;

/** Hours named in one read of hour buckets by their start (a query's list of values stays short). */
const HOURS_PER_READ = 500;

/** The days' values are their markers themselves (every chatbot's figures): nothing to read again. */
async function markerValues(_from: number, _to: number, markers: Map<number, DayBucketDoc>): Promise<Map<number, DayBucketDoc>> {
  return markers;
}

export class AnalyticsReader {
  constructor(
    private readonly collections: AnalyticsCollections,
    private readonly sources: FactSources,
    private readonly rollup: AnalyticsRollup,
  ) {}

  /**
   * The figures of the period in spans that had any: whole days and cut days where `useDay` allows,
   * else hours. A cut day is read as its day document and the hours of its shorter side: those
   * hours are spans of their own, and the longer side is the day less them (24 hours a day in a
   * zone's daily series become one document and at most 12 hours, instead of 24 hours). Figures
   * outside `parts` are left out of the sums.
   */
  async spans(tenant: TenantScope, period: Period, useDay: DayUse, parts: FigureParts = ALL_FIGURE_PARTS): Promise<Span[]> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const chatbotId = period.chatbotId ?? ALL_CHATBOTS;
    const buckets = this.collections.buckets.forTenant(tenant);
    const ofChatbot = period.chatbotId ? (from: number, to: number) => this.dayDocs(tenant, period.chatbotId!, from, to) : markerValues;
    // The shorter sides' hours are read between the two reads of the markers, as the days are: a
    // day rolled up again in between is then read from its hours, never mixed with older ones.
    const sideHours = new Map<number, Figures>();
    const withSides = async (from: number, to: number, markers: Map<number, DayBucketDoc>) => {
      const found = await ofChatbot(from, to, markers);
      const hours = [...markers.keys()].flatMap((dayMs) => shorterSide(dayMs, useDay(dayMs))?.hours ?? []).map(isoHour);
      for (let i = 0; i < hours.length; i += HOURS_PER_READ) {
        const filter = { chatbot_id: chatbotId, hour: { in: hours.slice(i, i + HOURS_PER_READ) } };
        for await (const bucket of recordsInPages(buckets, filter, BUCKET_PAGE, 'hour')) sideHours.set(Date.parse(bucket.hour), bucket);
      }
      return found;
    };
    let cutDays = false;
    for (let day = ceilDay(period.fromMs); day < floorDay(closedEnd) && !cutDays; day += DAY_MS) cutDays = useDay(day) % 24 !== 0;
    const { days, hourRanges } = await this.coverage<Figures>(tenant, period, closedEnd, (dayMs) => useDay(dayMs) > 0, cutDays ? withSides : ofChatbot, emptyFigures());
    const spans: Span[] = [];
    for (const [startMs, figures] of days) {
      const side = shorterSide(startMs, useDay(startMs));
      if (!side) {
        spans.push({ startMs, hours: 24, figures });
        continue;
      }
      const rest = addFigures(emptyFigures(), figures, 1, parts);
      for (const hour of side.hours) {
        const bucket = sideHours.get(hour);
        if (!bucket) continue;
        spans.push({ startMs: hour, hours: 1, figures: bucket });
        addFigures(rest, bucket, -1, parts);
      }
      spans.push({ startMs: side.restStart, hours: 24 - side.hours.length, figures: rest });
    }
    for (const [from, to] of hourRanges) {
      const filter = { chatbot_id: chatbotId, hour: { gte: isoHour(from), lt: isoHour(to) } };
      for await (const bucket of recordsInPages(buckets, filter, BUCKET_PAGE, 'hour')) spans.push({ startMs: Date.parse(bucket.hour), hours: 1, figures: bucket });
    }
    if (liveFrom < period.toMs) {
      const live = await collectHours(this.sources, tenant, { fromMs: liveFrom, toMs: period.toMs, chatbotId: period.chatbotId });
      for (const [hour, byChatbot] of live.figures) {
        const sum = emptyFigures();
        for (const figures of byChatbot.values()) addFigures(sum, figures, 1, parts);
        spans.push({ startMs: hour, hours: 1, figures: sum });
      }
    }
    return spans;
  }

  async total(tenant: TenantScope, period: Period): Promise<Figures> {
    const sum = emptyFigures();
    for (const span of await this.spans(tenant, period, () => 24)) addFigures(sum, span.figures);
    return sum;
  }

  /** Visitor questions of the period, grouped, from the question buckets (days and hours) and the live hours. */
  async questions(tenant: TenantScope, period: Period): Promise<QuestionGroup[]> {
    const { closedEnd, liveFrom } = await this.split(tenant, period);
    const dayGroups = async (from: number, to: number) => {
      const found = new Map<number, QuestionGroup[]>();
      const filter = { chatbot_id: period.chatbotId ?? ALL_CHATBOTS, day: { gte: isoHour(from), lt: isoHour(to) } };
      for await (const doc of recordsInPages(this.collections.dayQuestions.forTenant(tenant), filter, BUCKET_PAGE, 'day')) found.set(Date.parse(doc.day), doc.groups);
      return found;
    };
    const { days, hourRanges } = await this.coverage<QuestionGroup[]>(tenant, period, closedEnd, () => true, dayGroups, []);
    const merged = new Map<string, QuestionGroup>();
    const add = (group: QuestionGroup) => mergeQuestionGroup(merged, group);
    const chatbot: Filter = period.chatbotId ? { chatbot_id: period.chatbotId } : {};
    for (const groups of days.values()) groups.forEach(add);
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
   * The built days of the closed part [fromMs, closedEnd) that `useDay` allows, each with what
   * `read` finds for it (`absent` where it finds nothing: a chatbot without activity that day), and
   * the hour ranges left around them. A day is built when its ALL_CHATBOTS document (its marker)
   * exists. When `read` reads anything besides the markers, they are read again afterwards: a rebuild drops a
   * day (its marker first) and builds it anew, and a day whose marker changed in between is read
   * from its hours instead, so a read never mixes two builds or misses a dropped document.
   */
  private async coverage<T>(
    tenant: TenantScope,
    period: Period,
    closedEnd: number,
    useDay: (dayMs: number) => boolean,
    read: (from: number, to: number, markers: Map<number, DayBucketDoc>) => Promise<Map<number, T>>,
    absent: T,
  ): Promise<{ days: Map<number, T>; hourRanges: Array<[number, number]> }> {
    const days = new Map<number, T>();
    const firstDay = ceilDay(period.fromMs);
    const endDay = floorDay(closedEnd);
    let usable = false;
    for (let day = firstDay; day < endDay && !usable; day += DAY_MS) usable = useDay(day);
    if (usable) {
      const before = await this.markers(tenant, firstDay, endDay);
      const found = await read(firstDay, endDay, before);
      const after = read === markerValues ? before : await this.markers(tenant, firstDay, endDay);
      for (const [dayMs, marker] of before) {
        if (useDay(dayMs) && after.get(dayMs)?.build === marker.build) days.set(dayMs, found.get(dayMs) ?? absent);
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

  /** The day documents of one chatbot id (or the markers) in [firstDay, endDay), by day, in index order. */
  private async dayDocs(tenant: TenantScope, chatbotId: string, firstDay: number, endDay: number): Promise<Map<number, DayBucketDoc>> {
    const found = new Map<number, DayBucketDoc>();
    const filter: Filter = { chatbot_id: chatbotId, day: { gte: isoHour(firstDay), lt: isoHour(endDay) } };
    for await (const doc of recordsInPages(this.collections.days.forTenant(tenant), filter, BUCKET_PAGE, 'day')) found.set(Date.parse(doc.day), doc);
    return found;
  }

  private markers(tenant: TenantScope, firstDay: number, endDay: number): Promise<Map<number, DayBucketDoc>> {
    return this.dayDocs(tenant, ALL_CHATBOTS, firstDay, endDay);
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

/**
 * The hours of a cut day's shorter side (its first `cut` hours, or its last 24 − `cut`), and where
 * the longer side starts; null for a day taken whole.
 */
function shorterSide(dayMs: number, cut: number): { hours: number[]; restStart: number } | null {
  if (cut <= 0 || cut >= 24) return null;
  const hourAt = (index: number) => dayMs + index * HOUR_MS;
  if (cut <= 12) return { hours: Array.from({ length: cut }, (_, i) => hourAt(i)), restStart: hourAt(cut) };
  return { hours: Array.from({ length: 24 - cut }, (_, i) => hourAt(cut + i)), restStart: dayMs };
}
