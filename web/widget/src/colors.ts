// The widget's palette from the chatbot's three colours: tints for bubbles and borders, and a text
// colour that stays readable on the primary colour.

export function hexColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : fallback;
}

function channels(hex: string): number[] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

/** `weight` of `b` mixed into `a`. */
export function mix(a: string, b: string, weight: number): string {
  const [x, y] = [channels(a), channels(b)];
  return '#' + x.map((value, i) => Math.round(value + (y[i]! - value) * weight).toString(16).padStart(2, '0')).join('');
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour for `background`: white or the widget's near-black, whichever contrasts more,
 * unless that stays under WCAG's 4.5:1 where pure black reaches further (mid-range oranges such as
 * #d9480f give white 4.3:1 and the near-black 4.2:1, black 4.9:1).
 */
export function readableOn(background: string): string {
  const best = contrast(background, '#ffffff') >= contrast(background, '#111827') ? '#ffffff' : '#111827';
  return contrast(background, best) < 4.5 && contrast(background, '#000000') > contrast(background, best) ? '#000000' : best;
}

/**
 * `color` as text or an outline on `background`: the owner's colour itself when it reaches
 * `minimum` contrast, else mixed towards white (dark backgrounds) or black (light ones), a tenth at
 * a time, until it does. An indigo brand colour is 2.4:1 on the dark theme's background: its links
 * and focus rings would vanish.
 */
export function accentOn(background: string, color: string, minimum = 4.5): string {
  const toward = luminance(background) < 0.18 ? '#ffffff' : '#000000';
  let accent = color;
  for (let weight = 0.1; contrast(background, accent) < minimum && weight <= 1; weight += 0.1) accent = mix(color, toward, weight);
  return accent;
}
