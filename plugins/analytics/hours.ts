// Hour arithmetic, time-sortable id bounds, and local days and weeks as sums of UTC hours.
import { encodeTime } from 'ulid';
import { HOUR_MS } from './figures.js';

const DAY_MS = 24 * HOUR_MS;

export const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
export const isoHour = (ms: number) => new Date(ms).toISOString();

/**
 * The smallest id of a record made at `ms` or later: ids are `<prefix>_<ulid>` and a ULID starts
 * with its time, so a time range is an id range, which every store answers from its primary key.
 */
export function idAtOrAfter(prefix: string, ms: number): string {
  return `${prefix}_${encodeTime(ms, 10).toLowerCase()}`;
}

export function idRange(prefix: string, fromMs: number, toMs: number) {
  return { gte: idAtOrAfter(prefix, fromMs), lt: idAtOrAfter(prefix, toMs) };
}

/** True for an IANA time zone name Intl knows. */
/**
 * The time zones `tz` takes, listed in the OpenAPI document: the zones this runtime lists
 * (CLDR's names, some older than IANA's: Asia/Calcutta), UTC, and the current IANA names of renamed
 * zones that browsers report (Asia/Kolkata, Europe/Kyiv, …) where this runtime knows them. A list
 * rather than "anything Intl resolves", so the document states exactly what is valid.
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set([
    'UTC',
    'Etc/UTC',
    'GMT',
    ...Intl.supportedValuesOf('timeZone'),
    ...[
      'Asia/Kolkata',
      'Europe/Kyiv',
      'Asia/Kathmandu',
      'Asia/Ho_Chi_Minh',
      'America/Nuuk',
      'Asia/Yangon',
      'Pacific/Kanton',
      'Atlantic/Faroe',
      'Pacific/Chuuk',
      'Pacific/Pohnpei',
      'America/Argentina/Buenos_Aires',
      'America/Indiana/Indianapolis',
      'America/Kentucky/Louisville',
    ].filter((name) => isTimeZone(name)),
  ]),
].sort();

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  // From the parts, padded: en-CA writes year 159 as "159", not "0159" (a 500 for early years, schemathesis).
  const parts = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/** The Monday (ISO week start) of a local date. */
function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}

export type Interval = 'hour' | 'day' | 'week';

/**
 * The label of the point an hour belongs to: the hour itself, or the local date (or its week's
 * Monday) in `timeZone` of the hour's start. A day is the UTC hours that start on that local date,
 * so a day of a DST change holds 23 or 25 of them; in a zone whose offset is not whole hours, a day
 * is shifted by the offset's minutes (India's days run 00:30 to 00:30).
 */
export function pointOf(hourMs: number, interval: Interval, timeZone: string): string {
  if (interval === 'hour') return isoHour(hourMs);
  const date = localDate(hourMs, timeZone);
  return interval === 'day' ? date : weekOf(date);
}

/**
 * The label of every hour of [fromMs, toMs) (hour-aligned), and the whole UTC days of the period
 * whose hours all share one label. A UTC day whose first and last hour have the same label is taken
 * as one: local dates only move forward across a day (a DST change moves the clock by an hour, not
 * past midnight and back), so two labels per day are computed instead of 24 where days align.
 */
export function hourLabels(period: { fromMs: number; toMs: number }, interval: Interval, timeZone: string): { of: string[]; wholeDays: Set<number> } {
  const of: string[] = [];
  const wholeDays = new Set<number>();
  for (let day = Math.floor(period.fromMs / DAY_MS) * DAY_MS; day < period.toMs; day += DAY_MS) {
    const first = Math.max(day, period.fromMs);
    const end = Math.min(day + DAY_MS, period.toMs);
    const label = pointOf(first, interval, timeZone);
    if (label === pointOf(end - HOUR_MS, interval, timeZone)) {
      for (let hour = first; hour < end; hour += HOUR_MS) of.push(label);
      if (first === day && end === day + DAY_MS) wholeDays.add(day);
    } else {
      for (let hour = first; hour < end; hour += HOUR_MS) of.push(pointOf(hour, interval, timeZone));
    }
  }
  return { of, wholeDays };
}
