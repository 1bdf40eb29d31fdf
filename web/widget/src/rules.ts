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
  const expression = pattern
    .split('*')
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${expression}$`).test(target);
}

/** `hide_on` wins; an empty `show_on` shows everywhere. */
export function shownOnPage(rules: Pick<DisplayRules, 'show_on' | 'hide_on'>, page: URL): boolean {
  if (rules.hide_on.some((pattern) => patternMatches(pattern, page))) return false;
  return rules.show_on.length === 0 || rules.show_on.some((pattern) => patternMatches(pattern, page));
}
