// Text helpers shared by plugins.

/** Folds case and diacritics so "Café" and "cafe" compare equal; used for `q` filters. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
