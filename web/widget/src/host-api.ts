// The host page's JavaScript API, `window.ChatbotWidget` (docs/widget.md, "From the page's own
// code"): open, close or toggle the panel, change the widget's language, and hear what happens in
// it. One object for the page, whatever number of widgets: a call without a chatbot id acts on them
// all. Installed when this script runs; `chatbot-widget:ready` on window says so to code that ran
// first.

export type WidgetEventName = 'open' | 'close' | 'message' | 'lead';

export interface WidgetEventDetail {
  chatbot_id: string;
  /** `message`: the message as the widget shows it. */
  message?: { id: string; role: string; content: string };
  /** `lead`: the names of the fields sent (never their values: the page's analytics would get personal data). */
  fields?: string[];
}

/** What a mounted widget lets the page do. */
export interface WidgetHandle {
  chatbotId: string;
  /** Opens or closes the panel (as a click on the launcher would, focus included). */
  setOpen(open: boolean | 'toggle'): void;
  setLocale(language: string): void;
}

type Listener = (detail: WidgetEventDetail) => void;

const EVENTS: readonly WidgetEventName[] = ['open', 'close', 'message', 'lead'];
const handles: WidgetHandle[] = [];
const listeners = new Map<WidgetEventName, Set<Listener>>(EVENTS.map((name) => [name, new Set()]));
/** Asked for before a widget was ready (its config still loading): applied when it is. */
const asked: { open?: boolean | 'toggle'; locale?: string; chatbotId?: string } = {};

function each(chatbotId: string | undefined, act: (handle: WidgetHandle) => void, remember: () => void): void {
  const chosen = handles.filter((handle) => chatbotId === undefined || handle.chatbotId === chatbotId);
  if (chosen.length === 0) remember();
  chosen.forEach(act);
}

const api = {
  open: (chatbotId?: string) => each(chatbotId, (handle) => handle.setOpen(true), () => Object.assign(asked, { open: true, chatbotId })),
  close: (chatbotId?: string) => each(chatbotId, (handle) => handle.setOpen(false), () => Object.assign(asked, { open: false, chatbotId })),
  toggle: (chatbotId?: string) => each(chatbotId, (handle) => handle.setOpen('toggle'), () => Object.assign(asked, { open: 'toggle', chatbotId })),
  /** The widget's words and the language of the next conversation (`de`, `fr-CA`, …): as a browser in that language would get them. */
  setLocale: (language: string, chatbotId?: string) => {
    if (typeof language !== 'string' || !language) throw new TypeError('ChatbotWidget.setLocale needs a language code, such as "de"');
    each(chatbotId, (handle) => handle.setLocale(language), () => Object.assign(asked, { locale: language, chatbotId }));
  },
  /** Calls `listener` at each `event`; returns the function that stops it. */
  on: (event: WidgetEventName, listener: Listener): (() => void) => {
    const set = listeners.get(event);
    if (!set) throw new TypeError(`ChatbotWidget.on: unknown event ${String(event)} (${EVENTS.join(', ')})`);
    if (typeof listener !== 'function') throw new TypeError('ChatbotWidget.on needs a function');
    set.add(listener);
    return () => set.delete(listener);
  },
  off: (event: WidgetEventName, listener: Listener) => {
    listeners.get(event)?.delete(listener);
  },
};

export type ChatbotWidgetApi = typeof api;

/** Puts `window.ChatbotWidget` on the page (once, whatever number of copies of this script run). */
export function installHostApi(): void {
  const page = window as unknown as { ChatbotWidget?: ChatbotWidgetApi };
  // A second copy of the script leaves the first one's object (and the widgets it mounted) in place.
  if (page.ChatbotWidget) return;
  page.ChatbotWidget = api;
  window.dispatchEvent(new Event('chatbot-widget:ready'));
}

/** A widget is ready for the page's calls: what the page asked for meanwhile is applied to it. */
export function registerWidget(handle: WidgetHandle): void {
  handles.push(handle);
  if (asked.chatbotId !== undefined && asked.chatbotId !== handle.chatbotId) return;
  if (asked.locale) handle.setLocale(asked.locale);
  if (asked.open !== undefined) handle.setOpen(asked.open);
}

/** Tells the page's listeners; one that throws is reported as the page's own error and stops nothing. */
export function emitWidgetEvent(event: WidgetEventName, detail: WidgetEventDetail): void {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(detail);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}
