// Contact details in a visitor's message: an e-mail address or phone number anywhere, and, in the
// answer to the chatbot's request for details, a name or company said in so many words.
import type { LeadDetails } from '../../core/services/leads.js';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** Digits with the usual separators; how many digits decides whether it is a phone number. */
const PHONE_CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().\/-]{5,}\d\b/gu;
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

  const email = message.match(EMAIL)?.[0];
  if (email) {
    details.email = email.replace(/[.]+$/, '');
    remainder = remainder.replace(email, ' ');
  }

  for (const [candidate] of message.matchAll(PHONE_CANDIDATE)) {
    const digits = candidate.replace(/\D/g, '').length;
    const international = /^\s*(\+|00)/.test(candidate);
    if (digits < 7 || digits > 15 || DATE.test(candidate.trim())) continue;
    if (international || answering || PHONE_WORDS.test(message)) {
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
