// Hour arithmetic, and local days and weeks as sums of UTC hours.
import { HOUR_MS } from './figures.js';

export const DAY_MS = 24 * HOUR_MS;

export const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
export const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
export const ceilDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS;
export const isoHour = (ms: number) => new Date(ms).toISOString();

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
 * The label of every hour of [fromMs, toMs) (hour-aligned), the whole UTC days of the period
 * whose hours all share one label, and the whole UTC days whose hours fall in two points, with how
 * many of its first hours take the first (`cuts`: a daily series in New York cuts every UTC day
 * after 5 hours, and reads it as the day less those hours, or those hours). Within a UTC day whose zone offset is the same at its first and
 * last hour (every day but those of a DST change), an hour's local date is the UTC date of the hour
 * plus that offset: two Intl calls a day instead of 24, which dominated long daily series. Days of a
 * change ask Intl for each hour.
 */
export function hourLabels(
  period: { fromMs: number; toMs: number },
  interval: Interval,
  timeZone: string,
): { of: string[]; wholeDays: Set<number>; cuts: Map<number, number> } {
  const of: string[] = [];
  const wholeDays = new Set<number>();
  const cuts = new Map<number, number>();
  for (let day = floorDay(period.fromMs); day < period.toMs; day += DAY_MS) {
    const first = Math.max(day, period.fromMs);
    const end = Math.min(day + DAY_MS, period.toMs);
    const offset = interval === 'hour' ? null : steadyOffset(first, end - HOUR_MS, timeZone);
    const start = of.length;
    let oneLabel: boolean;
    if (offset === null) {
      for (let hour = first; hour < end; hour += HOUR_MS) of.push(pointOf(hour, interval, timeZone));
      // Labels from Intl can go back (Alaska's date went back a day in 1867): compare them all.
      oneLabel = of.slice(start).every((label) => label === of[start]);
    } else {
      // One offset all day: the local date changes at most once, at the first hour starting after
      // local midnight.
      const labelAt = (hour: number) => labelOfDate(new Date(hour + offset).toISOString().slice(0, 10), interval);
      const firstLabel = labelAt(first);
      const lastLabel = labelAt(end - HOUR_MS);
      const midnight = Math.floor((first + offset) / DAY_MS) * DAY_MS + DAY_MS - offset;
      const change = firstLabel === lastLabel ? end : first + Math.ceil((midnight - first) / HOUR_MS) * HOUR_MS;
      for (let hour = first; hour < end; hour += HOUR_MS) of.push(hour < change ? firstLabel : lastLabel);
      oneLabel = firstLabel === lastLabel;
    }
    if (first !== day || end !== day + DAY_MS) continue;
    if (oneLabel) wholeDays.add(day);
    else if (interval !== 'hour') {
      // Two points when the label changes once (Intl's labels are compared, not assumed in order).
      let changes = 0;
      let cut = 0;
      for (let i = start + 1; i < of.length; i++) {
        if (of[i] !== of[i - 1]) {
          changes++;
          cut = i - start;
        }
      }
      if (changes === 1) cuts.set(day, cut);
    }
  }
  return { of, wholeDays, cuts };
}

const labelOfDate = (date: string, interval: Interval) => (interval === 'day' ? date : weekOf(date));

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

const FIXED_ZONES = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']);
/** Offsets asked before, by zone and instant: series are read again and again over the same days. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 50_000;

/** The zone's offset (local wall time minus UTC, ms) at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  if (FIXED_ZONES.has(timeZone)) return 0;
  const key = `${timeZone} ${ms}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const offset = offsetFromIntl(ms, timeZone);
  if (offsets.size >= OFFSETS_KEPT) offsets.clear(); // a bound, not an LRU: refilling is cheap
  offsets.set(key, offset);
  return offset;
}

function offsetFromIntl(ms: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(ms))) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall.getTime() - Math.floor(ms / 1000) * 1000;
}

/**
 * The offset shared by both instants, or null when they differ (a DST change between them) or the
 * dates fall outside years 1–9999 (Intl writes year 0 as 1 BC, with no era in the label).
 */
function steadyOffset(firstMs: number, lastMs: number, timeZone: string): number | null {
  const offset = offsetAt(firstMs, timeZone);
  if (offset !== offsetAt(lastMs, timeZone)) return null;
  const low = new Date(firstMs + offset).getUTCFullYear();
  const high = new Date(lastMs + offset).getUTCFullYear();
  return low >= 1 && high <= 9999 ? offset : null;
}
