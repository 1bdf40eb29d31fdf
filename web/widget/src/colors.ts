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

/** White or near-black, whichever contrasts more with `background`. */
export function readableOn(background: string): string {
  const l = luminance(background);
  return (1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#111827') + 0.05)) ? '#ffffff' : '#111827';
}
