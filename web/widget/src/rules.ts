// Display rules (docs/ARCHITECTURE.md A6): on which pages the widget appears. Pure, so the tests run it in Node.
import type { DisplayRules } from './types.js';

/**
 * Whether a `show_on`/`hide_on` pattern matches the page. `*` is any run of characters, the rest is
 * literal and case-sensitive, and the pattern must match whole. A pattern starting with http(s)://
 * is matched against the page's URL, any other against its path. The query joins in only when the
 * pattern has one, so `/pricing` also covers `/pricing?utm_source=mail`; the fragment never does.
 */
export function patternMatches(pattern: string, page: URL): boolean {
  const absolute = /^https?:\/\//.test(pattern);
  const target = (absolute ? page.origin : '') + page.pathname + (pattern.includes('?') ? page.search : '');
  return globMatches(pattern.split('*'), target);
}

/**
 * Whether `target` is the literals in order with anything between them (the parts of a pattern
 * split at `*`). Each literal is taken at its leftmost place after the one before: with `*` the
 * only wildcard, that choice never loses a match, so there is no backtracking (a regular
 * expression of many `.*` backtracks over every split of the path, in the visitor's browser).
 */
export function globMatches(literals: string[], target: string): boolean {
  const first = literals[0]!;
  if (literals.length === 1) return target === first;
  const last = literals[literals.length - 1]!;
  if (!target.startsWith(first) || target.length < first.length + last.length) return false;
  let at = first.length;
  const end = target.length - last.length;
  for (const literal of literals.slice(1, -1)) {
    const found = target.indexOf(literal, at);
    if (found === -1 || found + literal.length > end) return false;
    at = found + literal.length;
  }
  return target.endsWith(last);
}

/** `hide_on` wins; an empty `show_on` shows everywhere. */
export function shownOnPage(rules: Pick<DisplayRules, 'show_on' | 'hide_on'>, page: URL): boolean {
  if (rules.hide_on.some((pattern) => patternMatches(pattern, page))) return false;
  return rules.show_on.length === 0 || rules.show_on.some((pattern) => patternMatches(pattern, page));
}
