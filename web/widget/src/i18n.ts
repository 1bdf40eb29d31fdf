// The choice of language for the widget's own words (ui-strings.ts) and for the chatbot's strings.
import type { WidgetConfig, WidgetStrings } from './types.js';
import { WIDGET_UI as UI, type UiStrings } from './ui-strings.js';

export type { UiStrings } from './ui-strings.js';

/** The browser's languages as primary subtags, most preferred first ("de-AT" → "de"). */
export function browserLanguages(): string[] {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return tags.filter(Boolean).map((tag) => tag.toLowerCase().split('-')[0]!);
}

export interface Localised {
  /** The chatbot's strings for this visitor: their language's translation over the chatbot's own. */
  strings: WidgetStrings;
  /** The translation used, if any (sent as the conversation's language). */
  language: string | null;
  ui: UiStrings;
}

export function localise(config: WidgetConfig, languages: string[]): Localised {
  const translations = config.translations ?? {};
  // The first of the visitor's languages the chatbot speaks: its own, or one it has a translation for.
  const spoken = languages.find((code) => code === config.language || translations[code]);
  const language = spoken && spoken !== config.language ? spoken : null;
  const translated = language ? translations[language] : {};
  const strings = { ...config.strings };
  for (const [key, value] of Object.entries(translated ?? {}) as Array<[keyof WidgetStrings, never]>) {
    if (value !== null && value !== undefined) strings[key] = value;
  }
  // The widget's words follow the visitor's language where it has them, else the chatbot's.
  const uiLanguage = languages.find((code) => UI[code]) ?? (UI[config.language] ? config.language : 'en');
  return { strings, language, ui: UI[uiLanguage]! };
}

export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
