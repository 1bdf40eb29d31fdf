// Contact details in a visitor's message: an e-mail address or phone number anywhere, and, in the
// answer to the chatbot's request for details, a name or company said in so many words.
import type { LeadDetails } from '../../core/index.js';

// Messages are visitors' text, so every expression here must run in linear time. The e-mail's
// local part starts only where a run of its characters starts (the look-behind): without that, a
// long run with no "@" was re-read from each of its characters. Its domain labels and dots
// alternate, so they cannot be split two ways.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/**
 * A run of digits and the usual separators, with a "+" or "00" before it. No backtracking: the run
 * is taken whole, and where the number ends inside it is chosen by phoneCandidates.
 */
const PHONE_RUN = /(?:\+|\b00)?\(?\d[\d\s().\/-]*/gu;
/** Fewest characters from a number's first digit to its last (as \d[…]{5,}\d did). */
const MIN_PHONE_SPAN = 7;
/** Dates look like numbers too: 2026-11-21, 21.11.2026, 11/21/2026. */
const DATE = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;
/** Words that say a number is a phone number, in the four languages with phrase tables. */
const PHONE_WORDS = /\b(phone|mobile|cell|call|tel|telefon\w*|handy|t[ée]l[ée]phone|portable|num[ée]ro|nummer|num[aă]r\w*)\b/iu;
const NAME_PATTERNS = [
  /\bmy name is\s+(.+)/iu,
  /\bi(?:'|’)?m\s+(.+)/iu,
  /\bi am\s+(.+)/iu,
  /\bmein name ist\s+(.+)/iu,
  /\bich hei(?:ß|ss)e\s+(.+)/iu,
  /\bje m(?:'|’)appelle\s+(.+)/iu,
  /\bmon nom est\s+(.+)/iu,
  /\bm[aă] numesc\s+(.+)/iu,
  /\bnumele meu (?:este|e)\s+(.+)/iu,
  /\bname\s*:\s*(.+)/iu,
  /\bnom\s*:\s*(.+)/iu,
  /\bnume\s*:\s*(.+)/iu,
];
const COMPANY_PATTERN = /\b(?:company|firma|unternehmen|entreprise|soci[ée]t[ée]|compania|firma)\s*:\s*([^,;\n]+)/iu;
/** A name is a few words that look like one. */
const NAME = /^\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3}$/u;

export interface DetectedLead {
  details: LeadDetails;
  /** The message without the details found: what else the visitor said. */
  remainder: string;
}

/**
 * `answering` is true when the chatbot just asked for contact details: then a bare number counts as
 * a phone number and a bare name as the name.
 */
export function detectLead(message: string, answering: boolean): DetectedLead | null {
  let remainder = message;
  const details: LeadDetails = {};

  // An address ends in letters (\p{L}{2,}), so it never has a trailing dot to trim.
  const email = message.match(EMAIL)?.[0];
  if (email) {
    details.email = email;
    remainder = remainder.replace(email, ' ');
  }

  let saysPhone: boolean | undefined; // read once: once per candidate would be quadratic
  for (const candidate of phoneCandidates(message)) {
    const digits = candidate.replace(/\D/g, '').length;
    const international = /^\s*(\+|00)/.test(candidate);
    if (digits < 7 || digits > 15 || DATE.test(candidate.trim())) continue;
    if (international || answering || (saysPhone ??= PHONE_WORDS.test(message))) {
      details.phone = candidate.trim();
      remainder = remainder.replace(candidate, ' ');
      break;
    }
  }

  const company = remainder.match(COMPANY_PATTERN)?.[1]?.trim();
  if (company) {
    details.company = company.slice(0, 200);
    remainder = remainder.replace(COMPANY_PATTERN, ' ');
  }

  for (const pattern of NAME_PATTERNS) {
    const said = remainder.match(pattern)?.[1];
    const name = said && nameAtStart(said);
    if (name) {
      details.name = name;
      remainder = remainder.replace(pattern, ' ');
      break;
    }
  }
  if (!details.name && answering) {
    // "Ada Lovelace, ada@example.com": what is left may be just the name.
    const rest = remainder.replace(/[\s,;:.!]+/g, ' ').trim();
    if (NAME.test(rest)) {
      details.name = rest;
      remainder = '';
    }
  }

  if (Object.keys(details).length === 0) return null;
  return { details, remainder: remainder.replace(/\s+/g, ' ').trim() };
}

/**
 * Phone-number candidates, as /(?:\+|\b00)?\(?\d[\d\s().\/-]{5,}\d\b/g found them, in linear
 * time: in each run, the candidate ends at the last digit that ends a word (followed by a
 * separator, or by a non-word character after the run) at least MIN_PHONE_SPAN characters from
 * the run's first digit. A run with no such digit holds no candidate: a later start in it would
 * only be shorter.
 */
function* phoneCandidates(message: string): Generator<string> {
  for (const run of message.matchAll(PHONE_RUN)) {
    const text = run[0];
    const firstDigit = text.search(/\d/);
    const after = message.charAt(run.index + text.length);
    for (let end = text.length - 1; end - firstDigit >= MIN_PHONE_SPAN - 1; end--) {
      if (!isDigit(text.charCodeAt(end))) continue;
      const next = end + 1 < text.length ? text.charAt(end + 1) : after;
      if (!/\w/.test(next)) {
        yield text.slice(0, end + 1);
        break;
      }
    }
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The leading words of `text` that look like a name ("Ada Lovelace and I need…" → "Ada Lovelace"). */
function nameAtStart(text: string): string | null {
  const words = text.trim().split(/[\s,;.!?]+/u);
  const name: string[] = [];
  for (const word of words) {
    if (!/^\p{Lu}[\p{L}'’-]*$/u.test(word) || name.length === 4) break;
    name.push(word);
  }
  return name.length > 0 ? name.join(' ') : null;
}
