// Phone numbers of leads: normalised to E.164 (libphonenumber-js), so that "+49 30 1234567",
// "0049 30 1234567" and, for a German chatbot, "030 1234567" are one number and one lead.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * What the API accepts as a phone number: 7 to 15 digits (E.164's most), an optional leading "+",
 * and the usual separators between digits. Surrounding spaces are allowed (the value is trimmed),
 * so the OpenAPI document's pattern is never stricter than the server. ASCII classes only, not
 * \d: other regex engines (the fuzzer's) read \d as any Unicode digit. Linear: separators and
 * digits are disjoint, so each character can be read only one way.
 */
export const PHONE_PATTERN = /^\s*\+?\(?[0-9](?:[ ().\/-]*[0-9]){6,14}\)?\s*$/;

/**
 * The country a chatbot's language most likely dials from, for numbers given without a country
 * code. Languages spoken in many countries without one clear home (ar, es in the Americas, pt in
 * Brazil) take their European or most populous one; a visitor's locale with a region (`de-AT`)
 * overrides this.
 */
const COUNTRY_OF_LANGUAGE: Record<string, CountryCode> = {
  bg: 'BG', bn: 'BD', bs: 'BA', ca: 'ES', cs: 'CZ', cy: 'GB', da: 'DK', de: 'DE', el: 'GR', en: 'US', es: 'ES',
  et: 'EE', eu: 'ES', fa: 'IR', fi: 'FI', fr: 'FR', ga: 'IE', gl: 'ES', he: 'IL', hi: 'IN', hr: 'HR', hu: 'HU',
  hy: 'AM', id: 'ID', is: 'IS', it: 'IT', ja: 'JP', ka: 'GE', kk: 'KZ', ko: 'KR', lb: 'LU', lt: 'LT', lv: 'LV',
  mk: 'MK', ms: 'MY', mt: 'MT', nb: 'NO', nl: 'NL', nn: 'NO', no: 'NO', pl: 'PL', pt: 'PT', ro: 'RO', ru: 'RU',
  sk: 'SK', sl: 'SI', sq: 'AL', sr: 'RS', sv: 'SE', th: 'TH', tr: 'TR', uk: 'UA', ur: 'PK', vi: 'VN', zh: 'CN',
};

/** The country hinted by a BCP 47 tag (`de-AT` → AT) or a bare language code (`de` → DE), if any. */
export function countryHintOf(locale: string | null | undefined): CountryCode | undefined {
  if (!locale) return undefined;
  const [language, ...subtags] = locale.split(/[-_]/);
  const region = subtags.find((subtag) => /^[A-Za-z]{2}$/.test(subtag))?.toUpperCase();
  if (region && isSupportedCountry(region)) return region;
  return COUNTRY_OF_LANGUAGE[language!.toLowerCase()];
}

export interface NormalisedPhone {
  /** What the lead shows: E.164 when the number could be read, else the number as given. */
  value: string;
  /** What makes it unique in its chatbot: `phone:<E.164>`, or `phone:~<digits>` for a number no country could be read for. */
  key: string;
  /** Digit strings a search for this number should find: international and national forms. */
  searchForms: string[];
}

export function normalisePhone(text: string, country: CountryCode | undefined): NormalisedPhone {
  const given = text.trim();
  // "00" is the international prefix nearly everywhere; in countries where it is not (US: 011),
  // no national number starts with it, so reading it as "+" never turns a valid number invalid.
  const international = given.replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(international, country);
  if (parsed?.isValid()) {
    const national = parsed.formatNational().replace(/\D/g, '');
    return { value: parsed.number, key: `phone:${parsed.number}`, searchForms: [...new Set([parsed.number.slice(1), national])] };
  }
  return { value: given, key: `phone:~${international.replace(/[^\d+]/g, '')}`, searchForms: [given.replace(/\D/g, '')] };
}
