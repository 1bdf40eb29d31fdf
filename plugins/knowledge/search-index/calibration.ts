// Confidence that means the same in every language. The knowledge index scores a match by how much
// of the question it holds; how high a right match scores depends on the language (German compounds
// and French elisions leave more of a question unmatched than English does). So every score the
// index returns (a Q&A match, its runners-up, a passage's confidence) is mapped, per language, onto
// one scale whose two anchors are the settings' defaults: a calibrated 0.5 (`min_confidence`) is
// where answering is as safe in every language, 0.3 (`suggest_confidence`) where suggestions start
// to hold the right item. The answer engine, the search route and learning all read that scale.
// The anchors per language are fitted by `npx tsx bench/calibrate.ts` on one half of the hard
// quality sets and reported on the other half (bench/RESULTS.md); a language without its own
// anchors keeps the raw score.

/** The raw scores that map to the two anchors. */
export interface LanguageBands {
  /** The raw score that calibrates to CLARIFY_ANCHOR. */
  clarify: number;
  /** The raw score that calibrates to ANSWER_ANCHOR. */
  answer: number;
}

export const CLARIFY_ANCHOR = 0.3;
export const ANSWER_ANCHOR = 0.5;

/** Anchors that keep the raw score. */
export const IDENTITY: LanguageBands = { clarify: CLARIFY_ANCHOR, answer: ANSWER_ANCHOR };

/**
 * The anchors this build uses, as `npx tsx bench/calibrate.ts` fits them on the fit half: the
 * answer anchor answers the most questions right first without answering one of the half's
 * unrelated questions; the clarify anchor offers the expected item most often (of equals, the
 * highest). Mutable only so that bench/calibrate.ts can read raw scores in its own process.
 */
export const LANGUAGE_BANDS: Record<string, LanguageBands> = {
  en: { clarify: 0.14, answer: 0.55 },
  de: { clarify: 0.12, answer: 0.5 },
  fr: { clarify: 0.16, answer: 0.48 },
  ro: { clarify: 0.18, answer: 0.47 },
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
