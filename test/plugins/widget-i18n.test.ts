// store-independent: the widget's choice of words (web/widget/src/i18n.ts) in Node, against a real
// local HTTP server standing in for an older or failing server: a language whose words cannot be
// loaded is passed over for the visitor's next one, and asked for once; words a file lacks are
// English; a right-to-left language gives a right-to-left layout. The browser tests
// (test/browser/widget-rtl.test.ts) load them from this server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { loadUiStrings, localise } from '../../web/widget/src/i18n.js';
import { LOADED_LTR_WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import type { WidgetConfig } from '../../web/widget/src/types.js';

const config = {
  language: 'en',
  strings: { title: 'Shop', subtitle: null, launcher_text: 'Chat', input_placeholder: 'Type…', welcome_message: null, suggested_messages: [] },
  translations: {},
} as unknown as WidgetConfig;

t.test('a language that cannot be loaded is passed over; a partial file is filled in English', async (t) => {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url!);
    if (request.url === '/widget/ui/ar.json') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ send: 'إرسال' }));
      return;
    }
    const loadable = /^\/widget\/ui\/(de|fr)\.json$/.exec(request.url!)?.[1] as 'de' | 'fr' | undefined;
    if (loadable) {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(LOADED_LTR_WIDGET_UI[loadable]));
      return;
    }
    if (request.url === '/widget/ui/he.json') return; // never answers
    response.statusCode = request.url === '/widget/ui/fa.json' ? 500 : 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  // Persian fails (500), German is loaded: German, left to right.
  t.equal(localise(config, ['de']).ui.close, 'Close', 'the script carries English only');
  await loadUiStrings(base, config, ['fa', 'de']);
  let chosen = localise(config, ['fa', 'de']);
  t.equal(chosen.ui.close, 'Schließen');
  t.equal(chosen.dir, 'ltr');
  t.same(asked, ['/widget/ui/fa.json', '/widget/ui/de.json']);
  await loadUiStrings(base, config, ['fa', 'de']);
  t.same(asked, ['/widget/ui/fa.json', '/widget/ui/de.json'], 'neither asked again on this page');
  t.equal(localise(config, ['fa']).ui.close, 'Close', 'nothing else: the chatbot’s language (English)');

  // Urdu is missing on this server (404): the same.
  await loadUiStrings(base, config, ['ur', 'fr']);
  t.equal(localise(config, ['ur', 'fr']).ui.close, 'Fermer');

  // Arabic with one word: that word, English for the rest, right to left.
  await loadUiStrings(base, config, ['ar']);
  chosen = localise(config, ['ar']);
  t.equal(chosen.ui.send, 'إرسال');
  t.equal(chosen.ui.close, 'Close', 'a word the file lacks is English');
  t.equal(chosen.dir, 'rtl');
  t.same(asked, ['/widget/ui/fa.json', '/widget/ui/de.json', '/widget/ui/ur.json', '/widget/ui/fr.json', '/widget/ui/ar.json'], 'each asked for once');

  // A server that never answers: after a few seconds, the next language (the widget draws, in English).
  await loadUiStrings(base, config, ['he']);
  t.equal(localise(config, ['he']).ui.close, 'Close', 'no answer: English, not a widget that never draws');

  // Before its words are loaded, a loadable language gives English, left to right (never a blank).
  t.same({ close: localise(config, ['ur']).ui.close, dir: localise(config, ['ur']).dir }, { close: 'Close', dir: 'ltr' });
});
