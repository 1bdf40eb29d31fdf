// Confidence that means the same in every language. The knowledge index scores a match by how much
// of the question it holds; how high a right match scores depends on the language (German compounds
// and French elisions leave more of a question unmatched than English does). So the raw score is
// mapped, per language, onto one scale whose two anchors are the settings' defaults: a calibrated
// 0.5 (`min_confidence`) is where answering is as safe in every language, 0.3 (`suggest_confidence`)
// where suggestions start to hold the right item. The anchors per language are fitted by
// `npx tsx bench/calibrate.ts` on one half of the hard quality sets and reported on the other half
// (bench/RESULTS.md); a language without its own anchors keeps the raw score (see LANGUAGE_BANDS
// for why this build keeps it in every language).

/** The raw scores that map to the two anchors. */
export interface LanguageBands {
  /** The raw score that calibrates to CLARIFY_ANCHOR. */
  clarify: number;
  /** The raw score that calibrates to ANSWER_ANCHOR. */
  answer: number;
}

export const CLARIFY_ANCHOR = 0.3;
export const ANSWER_ANCHOR = 0.5;

const IDENTITY: LanguageBands = { clarify: CLARIFY_ANCHOR, answer: ANSWER_ANCHOR };

/**
 * The anchors this build uses: the raw score itself in every language. `npx tsx bench/calibrate.ts`
 * fits en 0.16/0.70, de 0.12/0.60, fr 0.16/0.48, ro 0.17/0.47 on the fit half (answering none of
 * its unrelated questions); they are not used yet. With them, English answers only paraphrases
 * scoring 0.70 or more and suggests the rest (right first 22% instead of 49% on the held-out half,
 * bench/RESULTS.md "Answers v3"), and every behaviour the tests pin on the 0.5 scale moves with
 * them: taking them is a decision of its own, with those tests restated.
 */
export const LANGUAGE_BANDS: Record<string, LanguageBands> = {
  en: IDENTITY,
  de: IDENTITY,
  fr: IDENTITY,
  ro: IDENTITY,
};

export function bandsOf(language: string): LanguageBands {
  return LANGUAGE_BANDS[language] ?? IDENTITY;
}

/** The raw score on the common scale: piecewise linear through (0,0), both anchors and (1,1), so order is kept. */
export function calibrate(raw: number, bands: LanguageBands): number {
  const { clarify, answer } = bands;
  let value: number;
  if (raw <= clarify) value = (raw / clarify) * CLARIFY_ANCHOR;
  else if (raw <= answer) value = CLARIFY_ANCHOR + ((raw - clarify) / (answer - clarify)) * (ANSWER_ANCHOR - CLARIFY_ANCHOR);
  else value = ANSWER_ANCHOR + ((raw - answer) / (1 - answer)) * (1 - ANSWER_ANCHOR);
  return Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
}
