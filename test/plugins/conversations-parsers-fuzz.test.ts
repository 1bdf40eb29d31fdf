// store-independent: it opens no store (the SQLite pass runs it once).
// Property tests over what reads visitors' text in conversations: lead detection and the CSV
// export's cells. They never throw on adversarial text, agree with the old expressions on short
// text, and finish on 1 MiB hostile messages (a quadratic expression would hang this file; tap's
// timeout catches that, so nothing is timed).
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { csvCell } from '../../plugins/conversations/export.js';
import { detectLead } from '../../plugins/conversations/lead-detection.js';

const SEED = 4_000;
const MiB = 1024 * 1024;

const PIECES = [
  ' ', '  ', '\t', '\n', '\u00a0', '\u2028', '.', ',', ';', ':', '-', '/', '(', ')', '+', '00', '0', '1', '7', '12', '2026-11-21',
  '@', 'a', 'ab', 'Ada', 'Lovelace', 'x@y.io', 'é', 'e\u0301', '\u05e9\u05dc\u05d5\u05dd', '\u200b', '\ud83d\ude00', '\u0000', '_',
  'my name is ', "I'm ", 'I am ', 'phone', 'tel ', 'company: ', 'name: ', '"', '=', '@SUM(1)', '\r',
];
const message = (maxLength: number) => fc.array(fc.constantFrom(...PIECES), { maxLength, size: 'max' }).map((parts) => parts.join(''));

/** The lead detection this replaced (its e-mail and phone expressions were quadratic), for short text. */
function referenceDetectLead(text: string, answering: boolean) {
  const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
  const PHONE_CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().\/-]{5,}\d\b/gu;
  const DATE = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;
  const PHONE_WORDS = /\b(phone|mobile|cell|call|tel|telefon\w*|handy|t[ée]l[ée]phone|portable|num[ée]ro|nummer|num[aă]r\w*)\b/iu;
  const details: Record<string, string> = {};
  let remainder = text;
  const email = text.match(EMAIL)?.[0];
  if (email) {
    details.email = email.replace(/[.]+$/, '');
    remainder = remainder.replace(email, ' ');
  }
  for (const [candidate] of text.matchAll(PHONE_CANDIDATE)) {
    const digits = candidate.replace(/\D/g, '').length;
    const international = /^\s*(\+|00)/.test(candidate);
    if (digits < 7 || digits > 15 || DATE.test(candidate.trim())) continue;
    if (international || answering || PHONE_WORDS.test(text)) {
      details.phone = candidate.trim();
      remainder = remainder.replace(candidate, ' ');
      break;
    }
  }
  return { details, remainder };
}

t.test('lead detection: never throws, and finds what the old expressions found', async (t) => {
  fc.assert(
    fc.property(message(40), fc.boolean(), (text, answering) => {
      const found = detectLead(text, answering);
      const reference = referenceDetectLead(text, answering);
      return found?.details.email === reference.details.email && found?.details.phone === reference.details.phone;
    }),
    { seed: SEED, numRuns: 4_000 },
  );
  t.pass('4,000 random messages');
  const phones = fc.array(fc.constantFrom('+', '00', '(', ')', '0', '1', '9', ' ', '-', '.', '/', 'a', '_', ' phone '), { maxLength: 30, size: 'max' });
  fc.assert(
    fc.property(phones.map((parts) => parts.join('')), fc.boolean(), (text, answering) =>
      isDeepStrictEqual(detectLead(text, answering)?.details.phone, referenceDetectLead(text, answering).details.phone),
    ),
    { seed: SEED, numRuns: 4_000 },
  );
  t.pass('4,000 number-like messages');
});

t.test('lead detection: 1 MiB hostile messages finish', async (t) => {
  const units = [
    'a', '1', '1a', '1 ', '12345678a', 'a.', 'a@', '@a.', 'a@b.', '.', '-', '0', '00', '+1', '(', ' ', 'name ', 'my name is ',
    "i'm ", 'Ab ', 'company ', 'company:', 'tel ', 'telefon', '\u2028', 'é', '\ud83d\ude00', '\u0000', '_',
  ];
  for (const unit of units) {
    const text = unit.repeat(Math.ceil(MiB / unit.length));
    for (const answering of [false, true]) detectLead(text, answering);
    detectLead(`phone ${text} x@${text}`, true);
  }
  t.same(detectLead(`${'a.'.repeat(MiB / 2)}b@example.com`, false)?.details.email, `${'a.'.repeat(MiB / 2)}b@example.com`);
  t.pass(`${units.length} hostile units`);
});

t.test('CSV cells: never throw, quote what must be quoted, defuse formulas', async (t) => {
  fc.assert(
    fc.property(fc.oneof(message(60), fc.string({ unit: 'binary', maxLength: 60 })), (text) => {
      const cell = csvCell(text);
      const quoted = cell.startsWith('"');
      const inner = quoted ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      const expected = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return inner === expected && (quoted || !/[",\r\n]/.test(cell));
    }),
    { seed: SEED, numRuns: 3_000 },
  );
  for (const unit of ['"', '=', ',', '\n', '""=', '\u2028']) csvCell(unit.repeat(MiB));
  t.equal(csvCell('=1+1'), "'=1+1");
  t.equal(csvCell('a"b'), '"a""b"');
});
