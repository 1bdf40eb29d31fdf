// The host page's JavaScript API, `window.ChatbotWidget` (docs/widget.md, "From the page's own
// code"): open, close or toggle the panel, change the widget's language, name the signed-in
// visitor, and hear what happens in it. One object for the page, whatever number of widgets and of copies of this script (each embed
// tag runs its own copy: they share one registry on `window`). A call without a chatbot id acts on
// every widget. Installed when this script runs; `chatbot-widget:ready` on window says so to code
// that ran first.

export type WidgetEventName = 'open' | 'close' | 'message' | 'lead';

export interface WidgetEventDetail {
  chatbot_id: string;
  /** `message`: the message as the widget shows it. */
  message?: { id: string; role: string; content: string; attachment: { id: string; name: string; content_type: string; size: number } | null };
  /** `lead`: the names of the fields sent (never their values: the page's analytics would get personal data). */
  fields?: string[];
}

/** What a widget whose config is read lets the page do (on a page its rules hide, opening does nothing). */
export interface WidgetHandle {
  chatbotId: string;
  /** Opens or closes the panel (as a click on the launcher would, focus included). */
  setOpen(open: boolean | 'toggle'): void;
  setLocale(language: string): void;
  identify(user: VisitorIdentity): void;
}

/** What the page may say of its signed-in visitor: `user_hash` is computed on the site's server. */
export interface VisitorIdentity {
  user_id: string;
  name?: string;
  email?: string;
  user_hash?: string;
}

type Listener = (detail: WidgetEventDetail) => void;
/** A call made before any widget it names was ready: applied to the first that is, then dropped. */
type Pending = { open?: boolean | 'toggle'; locale?: string; identity?: VisitorIdentity };

interface Registry {
  handles: WidgetHandle[];
  listeners: Record<WidgetEventName, Set<Listener>>;
  /** By chatbot id, or `*` for calls that named none. */
  pending: Map<string, Pending>;
}

const EVENTS: readonly WidgetEventName[] = ['open', 'close', 'message', 'lead'];
const REGISTRY = Symbol.for('chatbot-widget.registry');

function registry(): Registry {
  const page = window as unknown as { [REGISTRY]?: Registry };
  page[REGISTRY] ??= {
    handles: [],
    listeners: { open: new Set(), close: new Set(), message: new Set(), lead: new Set() },
    pending: new Map(),
  };
  return page[REGISTRY];
}

/** Acts on the widgets `chatbotId` names (any string; anything else, such as a click event passed along, names all). */
function call(chatbotId: unknown, act: (handle: WidgetHandle) => void, remember: Pending): void {
  const target = typeof chatbotId === 'string' && chatbotId ? chatbotId : '*';
  const { handles, pending } = registry();
  const chosen = handles.filter((handle) => target === '*' || handle.chatbotId === target);
  if (chosen.length === 0) pending.set(target, { ...pending.get(target), ...remember });
  chosen.forEach(act);
}

const api = {
  open: (chatbotId?: string) => call(chatbotId, (handle) => handle.setOpen(true), { open: true }),
  close: (chatbotId?: string) => call(chatbotId, (handle) => handle.setOpen(false), { open: false }),
  toggle: (chatbotId?: string) => call(chatbotId, (handle) => handle.setOpen('toggle'), { open: 'toggle' }),
  /** The widget's words and the language of the next conversation (`de`, `fr-CA`, …): as a browser in that language would get them. */
  setLocale: (language: string, chatbotId?: string) => {
    if (typeof language !== 'string' || !language) throw new TypeError('ChatbotWidget.setLocale needs a language code, such as "de"');
    call(chatbotId, (handle) => handle.setLocale(language), { locale: language });
  },
  /**
   * Names the page's signed-in visitor: `{ user_id, name?, email?, user_hash? }`, where user_hash =
   * HMAC-SHA256(the chatbot's identity secret, user_id), hex, made on the site's server.
   */
  identify: (user: VisitorIdentity, chatbotId?: string) => {
    if (!user || typeof user.user_id !== 'string' || !user.user_id.trim()) throw new TypeError('ChatbotWidget.identify needs { user_id: "…" }');
    const identity: VisitorIdentity = { user_id: user.user_id.trim() };
    for (const field of ['name', 'email', 'user_hash'] as const) {
      if (typeof user[field] === 'string' && user[field]!.trim()) identity[field] = user[field]!.trim();
    }
    call(chatbotId, (handle) => handle.identify(identity), { identity });
  },
  /** Calls `listener` at each `event`; returns the function that stops it. */
  on: (event: WidgetEventName, listener: Listener): (() => void) => {
    const set = registry().listeners[event];
    if (!EVENTS.includes(event) || !set) throw new TypeError(`ChatbotWidget.on: unknown event ${String(event)} (${EVENTS.join(', ')})`);
    if (typeof listener !== 'function') throw new TypeError('ChatbotWidget.on needs a function');
    set.add(listener);
    return () => set.delete(listener);
  },
  off: (event: WidgetEventName, listener: Listener) => {
    if (EVENTS.includes(event)) registry().listeners[event].delete(listener);
  },
};

export type ChatbotWidgetApi = typeof api;

/** Puts `window.ChatbotWidget` on the page (once: another copy's object works on the same registry). */
export function installHostApi(): void {
  registry();
  const page = window as unknown as { ChatbotWidget?: ChatbotWidgetApi };
  if (page.ChatbotWidget) return;
  page.ChatbotWidget = api;
  window.dispatchEvent(new Event('chatbot-widget:ready'));
}

/** A widget's config is read: calls the page made meanwhile (naming it, or none) are applied to it, once. */
export function registerWidget(handle: WidgetHandle): void {
  const { handles, pending } = registry();
  handles.push(handle);
  for (const target of [handle.chatbotId, '*']) {
    const asked = pending.get(target);
    if (!asked) continue;
    pending.delete(target);
    if (asked.identity) handle.identify(asked.identity);
    if (asked.locale) handle.setLocale(asked.locale);
    if (asked.open !== undefined) handle.setOpen(asked.open);
  }
}

/** Tells the page's listeners; one that throws is reported as the page's own error and stops nothing. */
export function emitWidgetEvent(event: WidgetEventName, detail: WidgetEventDetail): void {
  for (const listener of registry().listeners[event]) {
    try {
      listener(detail);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}
