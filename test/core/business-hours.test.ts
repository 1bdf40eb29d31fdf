// Business hours read in the chatbot's time zone: daylight saving time moves them with the local
// clock, a day ends at local midnight, and the schema refuses what cannot be read.
import t from 'tap';
import { businessHoursSchema, isTimeZone, isWithinBusinessHours, localClock, type BusinessHours } from '../../core/business-hours.js';

const berlinOffice: BusinessHours = {
  enabled: true,
  time_zone: 'Europe/Berlin',
  weekly: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day: day as BusinessHours['weekly'][number]['day'], from: '09:00', to: '17:30' })),
};

t.test('daylight saving time moves the hours with the local clock', async (t) => {
  // Friday 27 March 2026, CET (UTC+1): 08:30 UTC is 09:30 local, open; 07:30 UTC is 08:30, closed.
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-27T07:30:00Z')), false, 'Friday 08:30 CET: before opening');
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-27T08:30:00Z')), true, 'Friday 09:30 CET: open');
  // Monday 30 March 2026, CEST (UTC+2) since Sunday: 07:30 UTC is 09:30 local. A fixed +1 offset would say 08:30, closed.
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-30T07:30:00Z')), true, 'Monday 09:30 CEST: open');
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-30T06:59:00Z')), false, 'Monday 08:59 CEST: closed');
  // The end is exclusive: 17:30 local is closed, 17:29 open (CEST, 15:30 UTC).
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-30T15:29:00Z')), true, '17:29 open');
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-03-30T15:30:00Z')), false, '17:30 closed');
  // Back to CET on Sunday 25 October 2026: Monday 26 October 08:00 UTC is 09:00 local.
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-10-26T08:00:00Z')), true, 'Monday 09:00 CET after the change back');
  t.equal(isWithinBusinessHours(berlinOffice, new Date('2026-10-26T07:59:00Z')), false, 'Monday 08:59 CET');
});

t.test('a day ends at local midnight, not at UTC midnight', async (t) => {
  const newYorkEvenings: BusinessHours = { enabled: true, time_zone: 'America/New_York', weekly: [{ day: 'fri', from: '18:00', to: '24:00' }] };
  // Saturday 04:30 UTC is Friday 23:30 in New York (EST, UTC-5 in November).
  t.same(localClock(new Date('2026-11-21T04:30:00Z'), 'America/New_York'), { day: 'fri', minute: 23 * 60 + 30 });
  t.equal(isWithinBusinessHours(newYorkEvenings, new Date('2026-11-21T04:30:00Z')), true, 'Friday 23:30 local is open');
  t.equal(isWithinBusinessHours(newYorkEvenings, new Date('2026-11-21T04:59:00Z')), true, 'Friday 23:59 local is open');
  t.equal(isWithinBusinessHours(newYorkEvenings, new Date('2026-11-21T05:00:00Z')), false, 'Saturday 00:00 local is closed');
  // A range past midnight is written as two: Saturday 00:00–02:00 opens the next day's early hours.
  const overnight: BusinessHours = { ...newYorkEvenings, weekly: [...newYorkEvenings.weekly, { day: 'sat', from: '00:00', to: '02:00' }] };
  t.equal(isWithinBusinessHours(overnight, new Date('2026-11-21T05:00:00Z')), true, 'Saturday 00:00 local, with the second range');
  t.equal(isWithinBusinessHours(overnight, new Date('2026-11-21T07:00:00Z')), false, 'Saturday 02:00 local');
});

t.test('hours that are not enabled are always open', async (t) => {
  t.equal(isWithinBusinessHours({ enabled: false, time_zone: 'UTC', weekly: [] }, new Date('2026-11-21T03:00:00Z')), true);
});

t.test('the schema: defaults, zones, times and order', async (t) => {
  t.same(businessHoursSchema.validate(undefined).value, { enabled: false, time_zone: 'UTC', weekly: [] }, 'defaults');
  t.equal(isTimeZone('Europe/Bucharest'), true);
  t.equal(isTimeZone('UTC'), true);
  for (const zone of ['Mars/Olympus', '+01:00', 'Europe/Berlin; drop', '']) t.equal(isTimeZone(zone), false, zone);
  const refused: Array<[unknown, RegExp]> = [
    [{ time_zone: 'Mars/Olympus' }, /IANA time zone/],
    [{ weekly: [{ day: 'mon', from: '9:00', to: '17:00' }] }, /HH:MM/],
    [{ weekly: [{ day: 'mon', from: '09:00', to: '24:30' }] }, /HH:MM/],
    [{ weekly: [{ day: 'mon', from: '24:00', to: '24:00' }] }, /HH:MM/],
    [{ weekly: [{ day: 'mon', from: '17:00', to: '09:00' }] }, /"to" must be after "from"/],
    [{ weekly: [{ day: 'monday', from: '09:00', to: '17:00' }] }, /must be one of/],
    [{ enabled: true, weekly: [] }, /at least one range/],
  ];
  for (const [input, message] of refused) {
    const { error } = businessHoursSchema.validate(input);
    t.match(error?.message, message, JSON.stringify(input));
  }
  t.notOk(businessHoursSchema.validate(berlinOffice).error, 'a full week validates');
});
