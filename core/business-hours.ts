// A chatbot's business hours: when a person may answer a handoff. Weekly ranges of local wall-clock
// time in one IANA time zone, read with Intl (the zone database the runtime ships), so daylight
// saving time moves the hours with the clock, as it does for the team.
import Joi from 'joi';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface BusinessHoursRange {
  day: Weekday;
  /** "HH:MM", local time, inclusive. */
  from: string;
  /** "HH:MM" (up to "24:00"), local time, exclusive; after `from` on the same day. */
  to: string;
}

export interface BusinessHours {
  enabled: boolean;
  time_zone: string;
  weekly: BusinessHoursRange[];
}

export const DEFAULT_BUSINESS_HOURS: BusinessHours = { enabled: false, time_zone: 'UTC', weekly: [] };

const START_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of an "HH:MM" already checked by START_TIME or END_TIME. */
function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** A zone name Intl knows. Offsets ("+01:00") are refused: they have no daylight saving time, which is what a zone is for. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-]*(?:\/[A-Za-z0-9_+\-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const clockTime = (pattern: RegExp, what: string) =>
  Joi.string()
    .pattern(pattern)
    .required()
    .messages({ 'string.pattern.base': `{{#label}} must be a time of day as HH:MM (00:00 to ${what})` });

const range = Joi.object({
  day: Joi.string()
    .valid(...WEEKDAYS)
    .required(),
  from: clockTime(START_TIME, '23:59'),
  to: clockTime(END_TIME, '24:00'),
})
  .custom((value: BusinessHoursRange, helpers) => (minutesOf(value.to) > minutesOf(value.from) ? value : helpers.error('range.order')))
  .messages({
    'range.order': '"to" must be after "from" on the same day (split a range past midnight in two: 22:00–24:00, then 00:00–02:00 the next day)',
  })
  .label('BusinessHoursRange');

export const businessHoursSchema = Joi.object({
  enabled: Joi.boolean().default(false),
  time_zone: Joi.string()
    .max(64)
    .default('UTC')
    .custom((value: string, helpers) => (isTimeZone(value) ? value : helpers.error('timeZone.unknown')))
    .messages({ 'timeZone.unknown': '{{#label}} must be an IANA time zone such as Europe/Berlin or America/New_York' })
    .description('An IANA time zone (Europe/Berlin); the weekly hours are its local time, daylight saving included'),
  weekly: Joi.array()
    .items(range)
    .max(50)
    .default([])
    .when('enabled', { is: true, then: Joi.array().min(1) })
    .messages({ 'array.min': '{{#label}} needs at least one range while business hours are enabled' })
    .description('Open ranges per weekday; a day without a range is closed'),
})
  .default()
  .description('When enabled, a handoff outside these hours tells the visitor nobody is there and asks for an e-mail')
  .label('BusinessHours');

const WEEKDAY_OF: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minute of the day the clock shows in `timeZone` at `at`. */
export function localClock(at: Date, timeZone: string): { day: Weekday; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: WEEKDAY_OF[parts.weekday!]!, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether `at` falls in the hours; always true when they are not enabled. */
export function isWithinBusinessHours(hours: BusinessHours, at: Date): boolean {
  if (!hours.enabled) return true;
  const { day, minute } = localClock(at, hours.time_zone);
  return hours.weekly.some((range) => range.day === day && minute >= minutesOf(range.from) && minute < minutesOf(range.to));
}
