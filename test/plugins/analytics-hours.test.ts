// store-independent: it opens no store (the SQLite pass runs it once).
// Hour labels: the offset shortcut of hourLabels (two Intl calls per UTC day) gives every hour the
// label Intl gives it, in every zone tz takes, across DST changes, a historic local mean time with
// second offsets (1883), a date that went back a day (Alaska, 1867) and early years (0159, 0).
import t from 'tap';
import { hourLabels, pointOf, TIME_ZONES } from '../../plugins/analytics/hours.js';

t.test('hourLabels agrees with Intl for every hour, zone and interval', async (t) => {
  const ranges = [
    ['2031-03-24T05:00:00Z', '2031-04-02T00:00:00Z'], // Europe's and others' spring change
    ['2031-10-31T07:00:00Z', '2031-11-06T00:00:00Z'], // North America's autumn change
    ['1883-11-15T00:00:00Z', '1883-11-22T00:00:00Z'], // US railway time replaces local mean time
    ['0159-09-06T00:00:00Z', '0159-09-14T00:00:00Z'],
    ['1867-10-16T00:00:00Z', '1867-10-21T00:00:00Z'], // Alaska's date goes back a day (Sitka, Juneau)
    ['0000-02-26T00:00:00Z', '0000-03-03T00:00:00Z'], // year 0, which Intl writes as 1 BC
  ];
  let checked = 0;
  let cutDays = 0;
  const mismatches: string[] = [];
  for (const timeZone of TIME_ZONES) {
    for (const [from, to] of ranges) {
      for (const interval of ['day', 'week'] as const) {
        const period = { fromMs: Date.parse(from!), toMs: Date.parse(to!) };
        const { of, wholeDays, cuts } = hourLabels(period, interval, timeZone);
        let index = 0;
        for (let hour = period.fromMs; hour < period.toMs; hour += 3_600_000, index++) {
          checked += 1;
          const expected = pointOf(hour, interval, timeZone);
          if (of[index] !== expected && mismatches.length < 5) mismatches.push(`${timeZone} ${interval} ${new Date(hour).toISOString()}: ${of[index]} ≠ ${expected}`);
        }
        for (const day of wholeDays) {
          const first = (day - period.fromMs) / 3_600_000;
          if (new Set(of.slice(first, first + 24)).size !== 1 && mismatches.length < 5) mismatches.push(`${timeZone} ${interval}: whole day ${new Date(day).toISOString()} has two labels`);
        }
        // A cut day: its first `cut` hours share one label, the rest another.
        for (const [day, cut] of cuts) {
          const first = (day - period.fromMs) / 3_600_000;
          const [before, after] = [new Set(of.slice(first, first + cut)), new Set(of.slice(first + cut, first + 24))];
          const right = cut > 0 && cut < 24 && before.size === 1 && after.size === 1 && [...before][0] !== [...after][0];
          if (!right && mismatches.length < 5) mismatches.push(`${timeZone} ${interval}: day ${new Date(day).toISOString()} is not cut after ${cut} hours`);
          cutDays++;
        }
      }
    }
  }
  t.same(mismatches, [], `${checked} hours`);
  t.ok(checked > 500_000);
  t.ok(cutDays > 5_000, `${cutDays} cut days`);
});

t.test('whole UTC days: all of them in UTC, none for New York days, most for New York weeks', async (t) => {
  const period = { fromMs: Date.parse('2031-01-05T00:00:00Z'), toMs: Date.parse('2031-02-02T00:00:00Z') };
  t.equal(hourLabels(period, 'day', 'UTC').wholeDays.size, 28);
  t.equal(hourLabels(period, 'day', 'America/New_York').wholeDays.size, 0);
  t.same(new Set(hourLabels(period, 'day', 'America/New_York').cuts.values()), new Set([5]), 'New York days: every UTC day cut after 5 hours');
  t.equal(hourLabels(period, 'day', 'America/New_York').cuts.size, 28);
  t.equal(hourLabels(period, 'week', 'America/New_York').cuts.size, 4, 'weeks: the four days that cross a local Monday');
  t.equal(hourLabels(period, 'day', 'UTC').cuts.size, 0);
  t.equal(hourLabels(period, 'hour', 'America/New_York').cuts.size, 0, 'hours are never days');
  t.equal(hourLabels(period, 'week', 'America/New_York').wholeDays.size, 24, 'every day but the four that cross a local Monday');
  t.equal(hourLabels(period, 'hour', 'UTC').wholeDays.size, 0, 'hours are never days');
});
