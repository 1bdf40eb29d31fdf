// The languages whose words the widget loads on demand rather than carries (every one but English,
// its fallback): the widget (web/widget/src/i18n.ts) asks for them, the build writes them
// (web/widget/src/ui-strings.ts and ui-strings-rtl.ts → dist/ui/<language>.json) and the server
// documents and serves them (GET /widget/ui/{language}.json). One list for the three.
export const RIGHT_TO_LEFT_WIDGET_LANGUAGES = ['ar', 'he', 'fa', 'ur'] as const;
export const LOADABLE_WIDGET_LANGUAGES = ['de', 'fr', 'ro', ...RIGHT_TO_LEFT_WIDGET_LANGUAGES] as const;
