// The handoff's business hours in the behaviour tab: a time zone and weekly open ranges, several a
// day, a day without any closed. The ranges stay one flat list, in the order the API takes them, so
// each 400 detail (`handoff.business_hours.weekly.3.from`) lands next to the range it names.
import { useId } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { WEEKDAYS, type BusinessHours, type Weekday } from '../types.js';
import { Checkbox, Field, html } from '../ui.js';

export const DEFAULT_BUSINESS_HOURS: BusinessHours = { enabled: false, time_zone: 'UTC', weekly: [] };

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const PATH = 'handoff.business_hours';

/** Every zone the browser knows (what the server checks against too), UTC first. */
function timeZones(): string[] {
  // Not in the dashboard's TypeScript lib yet (ES2022), but in every browser it supports.
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The browser's own zone: what a new set of hours starts from. */
function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function BusinessHoursFields({ hours, change, error }: { hours: BusinessHours; change: (hours: BusinessHours) => void; error: ApiError | null }) {
  const listId = useId();
  const update = (patch: Partial<BusinessHours>) => change({ ...hours, ...patch });
  const setRange = (index: number, patch: Partial<BusinessHours['weekly'][number]>) =>
    update({ weekly: hours.weekly.map((range, i) => (i === index ? { ...range, ...patch } : range)) });
  const addRange = (day: Weekday) => {
    // Kept in weekday order, so the ranges read (and the errors number) as the form shows them.
    const weekly = [...hours.weekly, { day, from: '09:00', to: '17:00' }];
    weekly.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
    update({ weekly });
  };
  const enable = (enabled: boolean) =>
    update(enabled && hours.weekly.length === 0 && hours.time_zone === 'UTC' ? { enabled, time_zone: localTimeZone() } : { enabled });
  const listProblem = error?.fieldMessage(`${PATH}.weekly`);

  return html`<fieldset class="business-hours">
    <legend>Business hours</legend>
    <${Checkbox}
      label="Only hand off to a person during business hours"
      checked=${hours.enabled}
      onChange=${enable}
      hint="Outside them, a visitor who asks for a person is told nobody is there now and asked for an e-mail; the conversation waits in the inbox."
    />
    ${hours.enabled
      ? html`<${Field}
            label="Time zone"
            path=${`${PATH}.time_zone`}
            value=${hours.time_zone}
            list=${listId}
            autocomplete="off"
            onInput=${(time_zone: string) => update({ time_zone })}
            error=${error}
            hint="Type to search, such as Europe/Bucharest. The hours follow its clock, daylight saving time included."
          />
          <datalist id=${listId}>${timeZones().map((zone) => html`<option value=${zone}></option>`)}</datalist>
          ${listProblem ? html`<p class="field-error" role="alert">${listProblem}</p>` : null}
          <div class="weekdays">
            ${WEEKDAYS.map((day) => html`<${DayHours} key=${day} day=${day} hours=${hours} setRange=${setRange} addRange=${addRange} update=${update} error=${error} />`)}
          </div>`
      : null}
  </fieldset>`;
}

function DayHours({
  day,
  hours,
  setRange,
  addRange,
  update,
  error,
}: {
  day: Weekday;
  hours: BusinessHours;
  setRange: (index: number, patch: Partial<BusinessHours['weekly'][number]>) => void;
  addRange: (day: Weekday) => void;
  update: (patch: Partial<BusinessHours>) => void;
  error: ApiError | null;
}) {
  const name = DAY_NAMES[day];
  const ranges = hours.weekly.map((range, index) => ({ range, index })).filter(({ range }) => range.day === day);
  return html`<fieldset class="day-hours">
    <legend>${name}</legend>
    ${ranges.length === 0 ? html`<p class="muted small">Closed</p>` : null}
    ${ranges.map(({ range, index }, nth) => {
      const label = ranges.length > 1 ? `${name}, hours ${nth + 1}` : name;
      const problem = error?.fieldMessage(`${PATH}.weekly.${index}`);
      return html`<div class="hours-range" key=${index} role="group" aria-label=${label}>
        <${Field} label="Opens" path=${`${PATH}.weekly.${index}.from`} value=${range.from} placeholder="09:00" onInput=${(from: string) => setRange(index, { from })} error=${error} />
        <${Field} label="Closes" path=${`${PATH}.weekly.${index}.to`} value=${range.to} placeholder="17:00" onInput=${(to: string) => setRange(index, { to })} error=${error} />
        <button type="button" class="button small danger" aria-label=${`Remove: ${label}`} onClick=${() => update({ weekly: hours.weekly.filter((_, i) => i !== index) })}>
          Remove
        </button>
        ${problem ? html`<p class="field-error range-error">${problem}</p>` : null}
      </div>`;
    })}
    <button type="button" class="button small" aria-label=${`Add hours: ${name}`} disabled=${hours.weekly.length >= 50} onClick=${() => addRange(day)}>
      Add hours
    </button>
  </fieldset>`;
}
