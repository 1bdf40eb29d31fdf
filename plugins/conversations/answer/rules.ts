// A chatbot's behaviour rules, checked in order before anything else: the first whose keywords or
// pattern match the visitor's message decides the reply.
import { compileSafePattern, foldForSearch, type BehaviourRule, type SafePattern } from '../../../core/index.js';

/** The first rule matching `message`, or null. */
export function matchRule(rules: BehaviourRule[], message: string): BehaviourRule | null {
  const folded = ` ${wordsOf(message)} `;
  for (const rule of rules) {
    // A keyword matches as a whole word or phrase, ignoring case and accents ("prix" finds "Prix").
    if (rule.match.keywords?.some((keyword) => folded.includes(` ${wordsOf(keyword)} `))) return rule;
    if (rule.match.pattern && patternOf(rule.match.pattern)?.test(message)) return rule;
  }
  return null;
}

/** Folded words separated by single spaces. */
function wordsOf(text: string): string {
  return (foldForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** The compiled pattern (cached by compileSafePattern, so each is compiled once), or null. */
function patternOf(pattern: string): SafePattern | null {
  try {
    return compileSafePattern(pattern);
  } catch {
    // Settings validation refuses such patterns; one stored before that rule simply never matches.
    return null;
  }
}
