// The visitor's rating of a whole conversation (CSAT), shared by the conversations plugin (which
// stores it), the widget (which asks for it) and analytics (which average it).
import Joi from 'joi';

/** `stars`: 1–5; `thumbs`: 1 (up) or 0 (down). */
export const CSAT_SCALES = ['stars', 'thumbs'] as const;
export type CsatScale = (typeof CSAT_SCALES)[number];

/** The longest comment a visitor may leave with a rating. */
export const MAX_CSAT_COMMENT_LENGTH = 1000;

const SCORES: Record<CsatScale, readonly number[]> = { stars: [1, 2, 3, 4, 5], thumbs: [0, 1] };

export function isValidScore(scale: CsatScale, score: number): boolean {
  return SCORES[scale].includes(score);
}

/** What the widget's `score` means on a scale, for the 400 of a score off it. */
export function scoreRangeOf(scale: CsatScale): string {
  return scale === 'stars' ? 'an integer from 1 to 5' : '1 (up) or 0 (down)';
}

/**
 * A rating on the 1–5 scale `csat_average` is given in: stars as they are, a thumbs-up 5 and a
 * thumbs-down 1, so that one average covers chatbots asking either way.
 */
export function csatPoints(scale: CsatScale, score: number): number {
  return scale === 'stars' ? score : score === 1 ? 5 : 1;
}

export const csatSchema = Joi.object({
  score: Joi.number().integer().min(0).max(5).required().description('1–5 on the `stars` scale; 1 (up) or 0 (down) on `thumbs`'),
  scale: Joi.string()
    .valid(...CSAT_SCALES)
    .required(),
  comment: Joi.string().allow(null).required(),
  rated_at: Joi.string().isoDate().required(),
}).label('ConversationRating');
