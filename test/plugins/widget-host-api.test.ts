// store-independent: the widget's page API alone, in Node (the SQLite pass runs it once).
// window.ChatbotWidget when a page has several embed tags: each tag runs its own copy of the
// widget's script (an IIFE bundle, as built), and the page still has one object that reaches and
// hears every widget. Calls made before a widget was ready wait for the widget they name (or the
// first one, naming none), once; a click event passed along names none. The browser tests
// (test/browser/widget-host-api.test.ts) cover one widget end to end.
import { buildSync } from 'esbuild';
import { runInNewContext } from 'node:vm';
import t from 'tap';

/** host-api.ts bundled as the widget's build bundles it, exposing its functions to the test. */
const COPY = buildSync({
  stdin: {
    contents: "import * as hostApi from './host-api.ts'; globalThis.lastCopy = hostApi;",
    resolveDir: new URL('../../web/widget/src/', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
}).outputFiles[0]!.text;

interface Copy {
  installHostApi(): void;
  registerWidget(handle: { chatbotId: string; setOpen(open: boolean | 'toggle'): void; setLocale(language: string): void }): void;
  emitWidgetEvent(event: string, detail: { chatbot_id: string }): void;
}

/** A page: `window` is the context itself, as in a browser. */
function page() {
  const context: Record<string, unknown> = { Event, EventTarget, setTimeout };
  const target = new EventTarget();
  Object.assign(context, {
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  });
  context.window = context;
  runInNewContext('globalThis.window = globalThis', context);
  const load = () => {
    runInNewContext(COPY, context);
    const copy = context.lastCopy as Copy;
    copy.installHostApi();
    return copy;
  };
  const calls: string[] = [];
  const widget = (copy: Copy, chatbotId: string) =>
    copy.registerWidget({
      chatbotId,
      setOpen: (open) => calls.push(`${chatbotId}.open(${open})`),
      setLocale: (language) => calls.push(`${chatbotId}.locale(${language})`),
    });
  return { context, load, widget, calls, api: () => context.ChatbotWidget as Record<string, (...args: unknown[]) => unknown> };
}

t.test('two embed tags, two copies of the script: one object reaches and hears both widgets', async (t) => {
  const { load, widget, calls, api } = page();
  const first = load();
  const second = load();
  widget(first, 'cb_A');
  widget(second, 'cb_B');
  api().open!();
  t.same(calls, ['cb_A.open(true)', 'cb_B.open(true)'], 'open() reaches the widget of each copy');
  calls.length = 0;
  api().close!('cb_B');
  t.same(calls, ['cb_B.open(false)'], 'a chatbot id names one');
  const heard: string[] = [];
  api().on!('open', (detail: { chatbot_id: string }) => heard.push(detail.chatbot_id));
  first.emitWidgetEvent('open', { chatbot_id: 'cb_A' });
  second.emitWidgetEvent('open', { chatbot_id: 'cb_B' });
  t.same(heard, ['cb_A', 'cb_B'], 'a listener hears the widgets of both copies');
});

t.test('calls made before a widget is ready: for the widget they name, once; the last one counts', async (t) => {
  const { load, widget, calls, api } = page();
  const copy = load();
  api().open!('cb_A');
  api().setLocale!('de', 'cb_B');
  widget(copy, 'cb_B');
  t.same(calls, ['cb_B.locale(de)'], 'cb_B gets its language, not cb_A’s opening');
  widget(copy, 'cb_A');
  t.same(calls, ['cb_B.locale(de)', 'cb_A.open(true)'], 'cb_A opens when it is ready');
  calls.length = 0;
  widget(copy, 'cb_A');
  t.same(calls, [], 'and only once: a widget ready later is not opened by the old call');

  const other = page();
  const next = other.load();
  other.api().open!();
  other.api().close!();
  other.widget(next, 'cb_C');
  t.same(other.calls, ['cb_C.open(false)'], 'open() then close() before it was ready: closed');
  other.calls.length = 0;
  other.widget(next, 'cb_D');
  t.same(other.calls, [], 'a call naming none goes to the first widget ready, once');
});

t.test('a click event passed along names no chatbot; bad events and languages are refused at once', async (t) => {
  const { load, widget, calls, api } = page();
  widget(load(), 'cb_A');
  api().open!(new Event('click'));
  t.same(calls, ['cb_A.open(true)'], 'button.onclick = ChatbotWidget.open works');
  t.throws(() => api().on!('nope', () => 0), /unknown event nope \(open, close, message, lead\)/);
  t.throws(() => api().on!('open', 'not a function'), /needs a function/);
  t.throws(() => api().setLocale!(''), /needs a language code/);
});
