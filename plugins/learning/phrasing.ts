// How a visitor's message becomes a question or an alternative phrasing of a Q&A pair: the rules
// learning from use and qa-from-message share.
import { codePointLength, foldForSearch, MAX_QUESTION_LENGTH } from '../../core/index.js';

/**
 * Characters no question needs and that can hide or reorder text: control characters (whitespace
 * aside, which is collapsed first), format characters (bidi overrides, zero-width spaces), lone
 * surrogates and private-use characters.
 */
const HOSTILE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u;

export type Phrasing = { ok: true; text: string } | { ok: false; reason: string };

/**
 * A visitor's message as a question or alternative phrasing: whitespace collapsed, at most
 * MAX_QUESTION_LENGTH characters (the Q&A schema's limit), no hostile characters. Too long or
 * hostile is refused rather than cut or cleaned: a cut question is not what the visitor asked.
 */
export function visitorPhrasing(content: string): Phrasing {
  const text = content.replace(/\s+/gu, ' ').trim();
  if (text.length === 0) return { ok: false, reason: 'it is empty' };
  if (codePointLength(text) > MAX_QUESTION_LENGTH) return { ok: false, reason: `it is longer than ${MAX_QUESTION_LENGTH} characters` };
  if (HOSTILE_CHARACTERS.test(text)) return { ok: false, reason: 'it holds control or formatting characters' };
  return { ok: true, text };
}

/** Whether the text, compared folded, is the question or begins it (a long question shown cut). */
export function asksQuestion(content: string, question: string): boolean {
  const fold = (text: string) => foldForSearch(text.replace(/\s+/gu, ' ').trim());
  // A cut can split a surrogate pair: its lone first half is not part of the question.
  const wanted = fold(question.replace(/[\ud800-\udbff]$/, ''));
  const asked = fold(content);
  return wanted.length > 0 && asked.startsWith(wanted);
}
