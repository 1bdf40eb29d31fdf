// Folding for comparisons that should ignore case and accents.

/** Letters that Unicode decomposition leaves whole, spelled the way people type them without. */
const UNDECOMPOSABLE: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i', þ: 'th' };
const UNDECOMPOSABLE_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSABLE).join('')}]`, 'g');

/** Folds case and diacritics so "Café" and "cafe", "Größe" and "grosse" compare equal. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE[letter]!);
}
