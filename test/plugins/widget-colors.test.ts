// store-independent: the widget's colour arithmetic, the same whatever the store.
// The text colour on the chatbot's primary colour: at least WCAG's 4.5:1 wherever white or black
// can reach it (axe found #d9480f with white text at 4.3:1 in the dashboard's widget preview).
import t from 'tap';
import { accentOn, readableOn } from '../../web/widget/src/colors.js';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

t.test('readable text on every primary colour that allows it', async (t) => {
  t.equal(readableOn('#d9480f'), '#000000', 'the orange axe caught: black, 4.9:1');
  t.equal(readableOn('#4f46e5'), '#ffffff', 'the default indigo keeps white');
  t.equal(readableOn('#fde047'), '#111827', 'a light yellow keeps the widget’s near-black');
  let checked = 0;
  const steps = ['00', '33', '66', '80', '99', 'aa', 'cc', 'ff'];
  for (const r of steps) for (const g of steps) for (const b of steps) {
    const background = `#${r}${g}${b}`;
    const text = readableOn(background);
    const reachable = Math.max(contrast(background, '#ffffff'), contrast(background, '#000000')) >= 4.5;
    if (reachable && contrast(background, text) < 4.5) t.fail(`${background}: ${text} gives ${contrast(background, text).toFixed(2)}:1`);
    checked++;
  }
  t.equal(checked, 512, `${checked} colours checked`);
});

t.test('the accent: the primary colour as text and outlines, readable on the light and the dark background', async (t) => {
  const dark = '#1b1e24';
  t.equal(accentOn('#ffffff', '#4f46e5'), '#4f46e5', 'the default indigo on white is kept (6.3:1)');
  t.not(accentOn(dark, '#4f46e5'), '#4f46e5', 'the default indigo on the dark theme is lightened');
  t.ok(contrast(dark, accentOn(dark, '#4f46e5')) >= 4.5);
  t.equal(accentOn(dark, '#fde047'), '#fde047', 'a light yellow on the dark theme is kept');
  const steps = ['00', '33', '66', '80', '99', 'aa', 'cc', 'ff'];
  let checked = 0;
  for (const background of ['#ffffff', '#f8fafc', dark, '#000000']) {
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const primary = `#${r}${g}${b}`;
      const accent = accentOn(background, primary);
      if (contrast(background, accent) < 4.5) t.fail(`${primary} on ${background}: ${accent} gives ${contrast(background, accent).toFixed(2)}:1`);
      checked++;
    }
  }
  t.equal(checked, 2048, `${checked} pairs checked, each at least 4.5:1`);
});
