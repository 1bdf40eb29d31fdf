// store-independent: pure functions and constants of the knowledge index (no store is opened).
// Calibration (plugins/knowledge/search-index/calibration.ts): the raw scores of each language on
// the scale the thresholds are set on, and the anchors this build takes (fitted by bench/calibrate.ts).
import t from 'tap';
import { ANSWER_ANCHOR, bandsOf, calibrate, CLARIFY_ANCHOR, IDENTITY, LANGUAGE_BANDS } from '../../plugins/knowledge/search-index/calibration.js';

t.test('the anchors map to the thresholds, 0 and 1 stay, and order is kept', async (t) => {
  const bands = { clarify: 0.14, answer: 0.55 };
  t.equal(calibrate(0.14, bands), CLARIFY_ANCHOR);
  t.equal(calibrate(0.55, bands), ANSWER_ANCHOR);
  t.equal(calibrate(0, bands), 0);
  t.equal(calibrate(1, bands), 1);
  t.equal(calibrate(0.5, bands), 0.4756, 'a raw 0.5 in English is not yet an answer');
  let previous = -1;
  for (let raw = 0; raw <= 1.0001; raw += 0.01) {
    const value = calibrate(raw, bands);
    t.ok(value >= previous, `monotone at ${raw.toFixed(2)}`);
    previous = value;
  }
  t.equal(calibrate(0.4321, IDENTITY), 0.4321, 'identity anchors keep the score');
});

t.test('every language of the build has anchors between 0 and 1, clarify below answer; others keep the raw score', async (t) => {
  for (const [language, bands] of Object.entries(LANGUAGE_BANDS)) {
    t.ok(bands.clarify > 0 && bands.clarify < bands.answer && bands.answer < 1, `${language}: ${bands.clarify} < ${bands.answer}`);
  }
  t.same(Object.keys(LANGUAGE_BANDS).sort(), ['de', 'en', 'fr', 'ro']);
  t.equal(bandsOf('nl'), IDENTITY);
});
