// The choice of language for the widget's own words (ui-strings.ts) and for the chatbot's strings,
// from a list of languages (index.ts reads the browser's). No DOM here: the tests run it in Node.
import { LOADABLE_WIDGET_LANGUAGES, RIGHT_TO_LEFT_WIDGET_LANGUAGES } from '../../../common/widget-languages.js';
import type { ProactiveMessage, WidgetConfig, WidgetStrings } from './types.js';
import { CARRIED_WIDGET_UI as UI, type UiStrings } from './ui-strings.js';

export type { UiStrings } from './ui-strings.js';

/**
 * Languages whose words the widget loads when it needs them (GET /widget/ui/<language>.json): all
 * but English, which the script carries (ui-strings.ts says why).
 */
const LOADABLE: readonly string[] = LOADABLE_WIDGET_LANGUAGES;
const RIGHT_TO_LEFT = new Set<string>(RIGHT_TO_LEFT_WIDGET_LANGUAGES);
/** How long the widget waits for a language's words before it goes on without them. */
const UI_STRINGS_TIMEOUT_MS = 3000;
/** Loadable languages whose words could not be loaded: the next language is used instead. */
const unavailable = new Set<string>();

export interface Localised {
  /** The chatbot's strings for this visitor: their language's translation over the chatbot's own. */
  strings: WidgetStrings;
  /** The translation used, if any (sent as the conversation's language). */
  language: string | null;
  ui: UiStrings;
  /**
   * The layout's direction: that of the widget's words' language. (No `lang` is set from it: the
   * panel also holds the chatbot's strings and replies, which may be in another language.)
   */
  dir: 'ltr' | 'rtl';
}

/** Whether the widget has (or may load) its words in `code`. */
function speaks(code: string): boolean {
  return Boolean(UI[code]) || (LOADABLE.includes(code) && !unavailable.has(code));
}

/** The language of the widget's words: the visitor's where it has them, else the chatbot's, else English. */
function uiLanguageOf(config: WidgetConfig, languages: string[]): string {
  return languages.find(speaks) ?? (speaks(config.language) ? config.language : 'en');
}

/**
 * Loads the words `localise` will pick for these languages when the script does not carry them.
 * Never throws: a language that cannot be loaded is passed over (the visitor gets the next one).
 */
export async function loadUiStrings(serverBase: string, config: WidgetConfig, languages: string[]): Promise<void> {
  for (;;) {
    const code = uiLanguageOf(config, languages);
    if (UI[code]) return;
    // The widget waits for these words before it draws: a server that does not answer costs the
    // visitor a few seconds, then English, not the widget.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), UI_STRINGS_TIMEOUT_MS);
    try {
      const response = await fetch(new URL(`widget/ui/${code}.json`, serverBase).href, { credentials: 'omit', signal: abort.signal });
      if (!response.ok) throw new Error(String(response.status));
      const words = (await response.json()) as Partial<UiStrings>;
      // An older server's file may lack newer words: English fills them.
      UI[code] = { ...UI.en!, ...words };
    } catch {
      unavailable.add(code);
    } finally {
      clearTimeout(timer);
    }
  }
}

export function localise(config: WidgetConfig, languages: string[]): Localised {
  const translations = config.translations ?? {};
  const language = spokenLanguage(config.language, languages, (code) => Boolean(translations[code]));
  const translated = language ? translations[language] : {};
  const strings = { ...config.strings };
  for (const [key, value] of Object.entries(translated ?? {}) as Array<[keyof WidgetStrings, never]>) {
    if (value !== null && value !== undefined) strings[key] = value;
  }
  // The widget's words follow the visitor's language where it has them, else the chatbot's; one
  // not loaded (yet) gives English.
  const wanted = uiLanguageOf(config, languages);
  const uiLanguage = UI[wanted] ? wanted : 'en';
  return { strings, language, ui: UI[uiLanguage]!, dir: RIGHT_TO_LEFT.has(uiLanguage) ? 'rtl' : 'ltr' };
}

/** The first of the visitor's languages the chatbot speaks: its own (null: nothing to translate), or one `has` says it has a translation for. */
function spokenLanguage(own: string, languages: string[], has: (code: string) => boolean): string | null {
  const spoken = languages.find((code) => code === own || has(code));
  return spoken && spoken !== own ? spoken : null;
}

/** The proactive messages in the visitor's language where the owner translated them, chosen as the chatbot's strings are. */
export function localiseProactive(rules: ProactiveMessage[], own: string, languages: string[]): ProactiveMessage[] {
  return rules.map((rule) => {
    const language = spokenLanguage(own, languages, (code) => Boolean(rule.translations?.[code]));
    return language ? { ...rule, message: rule.translations![language]! } : rule;
  });
}

export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
