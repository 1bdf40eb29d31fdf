// A chart over time drawn by uPlot (bundled: nothing from another host), with its text
// alternative: a one-sentence summary per line and, behind "Show the numbers", the data table.
// The canvas itself is hidden from screen readers; the summary and the table say what it shows.
import { useEffect, useId, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { html } from '../ui.js';

export type ChartUnit = 'count' | 'percent' | 'ms';

export interface ChartLine {
  label: string;
  /** One value per point; null where there was nothing to measure (a rate without conversations). */
  values: Array<number | null>;
  color: string;
  /** A dashed line, so two lines differ by more than colour. */
  dashed?: boolean;
}

export interface ChartProps {
  title: string;
  /** The points' labels for the table and the summary (local dates). */
  labels: string[];
  /** The points' times, in seconds (uPlot's x). */
  times: number[];
  lines: ChartLine[];
  unit: ChartUnit;
}

export function formatValue(value: number | null, unit: ChartUnit): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (unit === 'percent') return `${Math.round(value * 1000) / 10}%`;
  if (unit === 'ms') {
    if (value >= 1000) return `${(value / 1000).toFixed(value >= 10_000 ? 0 : 1)} s`;
    // A local engine answers in under a millisecond or two: tenths keep those apart.
    return value < 10 && !Number.isInteger(value) ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
  }
  return Math.round(value).toLocaleString();
}

/** What the line shows, in a sentence: counts by their total and peak, rates and times by their range. */
function summaryOf(line: ChartLine, labels: string[], unit: ChartUnit): string {
  const known = line.values.map((value, index) => ({ value, label: labels[index] })).filter((point): point is { value: number; label: string } => point.value !== null);
  if (known.length === 0) return `${line.label}: no data in this period.`;
  const highest = known.reduce((best, point) => (point.value > best.value ? point : best));
  const lowest = known.reduce((least, point) => (point.value < least.value ? point : least));
  if (unit === 'count') {
    const total = known.reduce((sum, point) => sum + point.value, 0);
    return `${line.label}: ${formatValue(total, unit)} in total; the most, ${formatValue(highest.value, unit)}, on ${highest.label}.`;
  }
  return `${line.label}: from ${formatValue(lowest.value, unit)} (${lowest.label}) to ${formatValue(highest.value, unit)} (${highest.label}); latest ${formatValue(known[known.length - 1]!.value, unit)}.`;
}

const HEIGHT = 220;

export function TimeChart({ title, labels, times, lines, unit }: ChartProps) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Rates are stored 0–1; the axis shows them as percentages.
    const scale = unit === 'percent' ? 100 : 1;
    const data: uPlot.AlignedData = [times, ...lines.map((line) => line.values.map((value) => (value === null ? null : value * scale)))];
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        // The key names the lines; the values under the cursor are in the table below.
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_self, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
        axes: [
          { stroke: '#57606a', grid: { stroke: '#eaeef2' } },
          {
            stroke: '#57606a',
            grid: { stroke: '#eaeef2' },
            size: 56,
            values: (_self, ticks) => ticks.map((tick) => (unit === 'percent' ? `${tick}%` : unit === 'ms' ? formatValue(tick, 'ms') : tick.toLocaleString())),
          },
        ],
        series: [
          {},
          ...lines.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            dash: line.dashed ? [6, 4] : undefined,
            points: { show: true, size: 5 },
            spanGaps: false,
            value: (_self: uPlot, value: number | null) => (value === null ? '—' : formatValue(unit === 'percent' ? value / 100 : value, unit)),
          })),
        ],
      },
      data,
      element,
    );
    // The chart follows its box's width (the phone layout, a resized window).
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [times, lines, unit]);

  return html`<figure class="card chart" aria-labelledby=${`${id}-title`}>
    <h3 id=${`${id}-title`}>${title}</h3>
    <ul class="chart-summary">
      ${lines.map((line) => html`<li>${summaryOf(line, labels, unit)}</li>`)}
    </ul>
    <div class="chart-canvas" ref=${container} aria-hidden="true"></div>
    <details class="chart-data">
      <summary>Show the numbers</summary>
      <div class="table-wrap" tabindex="0" role="region" aria-label=${`${title}: the numbers`}>
        <table>
          <caption class="visually-hidden">${title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              ${lines.map((line) => html`<th scope="col">${line.label}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${labels.map(
              (label, index) => html`<tr>
                <th scope="row">${label}</th>
                ${lines.map((line) => html`<td>${formatValue(line.values[index] ?? null, unit)}</td>`)}
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </details>
  </figure>`;
}
