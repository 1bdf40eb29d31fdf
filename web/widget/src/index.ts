// The website widget, loaded by
//   <script src="https://<host>/widget.js" data-chatbot-id="cb_…" async></script>
// It finds its server from its own src, reads the chatbot's widget config and renders the chat into
// a shadow root appended to the page's body.
import { createWidgetApi, type WidgetApi } from './api.js';
import { emitWidgetEvent, installHostApi, registerWidget, type VisitorIdentity } from './host-api.js';
import { loadUiStrings, localise, localiseProactive } from './i18n.js';
import { onUrlChange } from './page-url.js';
import { shownOnPage } from './rules.js';
import { ChatSession } from './session.js';
import { visitorMemory } from './storage.js';
import type { DisplayRules, LeadForm, WidgetConfig } from './types.js';
import { renderWidget, type WidgetControl } from './view.js';
import css from './widget.css';

const HOST_TAG = 'chatbot-widget';

// Only readable while this script first runs; an async script may still have it, but not always.
const ownScript = document.currentScript as HTMLScriptElement | null;

function embeddingScripts(): HTMLScriptElement[] {
  if (ownScript?.dataset.chatbotId && ownScript.src) return [ownScript];
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-chatbot-id][src]'));
}

function mount(script: HTMLScriptElement): void {
  const chatbotId = script.dataset.chatbotId!;
  // The same tag twice (or this file loaded twice) still shows one widget per chatbot.
  const existing = Array.from(document.querySelectorAll(HOST_TAG)).some((element) => element.getAttribute('data-chatbot-id') === chatbotId);
  if (existing) return;
  const host = document.createElement(HOST_TAG);
  host.setAttribute('data-chatbot-id', chatbotId);
  // Inline and important: the page's own rules (even `* { all: unset !important }`) lose to it.
  host.style.setProperty('all', 'initial', 'important');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  const container = document.createElement('div');
  shadow.appendChild(container);
  whenBodyExists(() => {
    // Not put in if it was taken out (rules, device, no config) or is in already.
    if (!host.dataset.out && !host.isConnected) document.body.appendChild(host);
  });
  void start(script, chatbotId, host, container);
}

async function start(script: HTMLScriptElement, chatbotId: string, host: HTMLElement, container: HTMLElement): Promise<void> {
  const serverBase = new URL('./', script.src).href;
  const api = createWidgetApi(serverBase, chatbotId);
  // The dashboard's widget editor previews unsaved settings: the config comes with the tag, and
  // the page and device rules do not apply to its preview page.
  const preview = script.dataset.previewConfig;
  let config: WidgetConfig;
  try {
    config = preview ? (JSON.parse(preview) as WidgetConfig) : await api.config();
  } catch (error) {
    takeOut(host);
    // For the site's developer: a wrong id, an origin not in allowed_origins, an archived chatbot.
    console.warn(`Chatbot widget ${chatbotId} not shown: ${(error as Error).message}`);
    return;
  }
  const rules = displayRulesOf(config.display_rules);
  if (!preview && !shownOnDevice(rules)) {
    takeOut(host);
    return;
  }
  // The chat starts the first time the page's rules show it: on a page they hide, nothing but the
  // config was read. A single-page app changes its URL without a reload: the rules are read again
  // then, and the widget (and its conversation) is taken out or put back.
  let chat: Chat | null = null;
  let locale: string | null = null;
  let identity: VisitorIdentity | null = null;
  // The widget's words, when the visitor's language is one it loads rather than carries.
  await loadUiStrings(serverBase, config, languagesWith(locale));
  const follow = () => {
    const shown = preview || shownOnPage(rules, new URL(location.href));
    if (!shown) {
      takeOut(host);
      chat?.setHidden(true);
      return;
    }
    delete host.dataset.out;
    if (!host.isConnected && document.body) document.body.appendChild(host);
    if (chat) chat.setHidden(false);
    else {
      chat = startChat(config, rules, api, chatbotId, container, Boolean(preview), locale);
      if (identity) chat.identify(identity);
    }
  };
  follow();
  if (!preview) onUrlChange(follow);
  // The page's code: opening does nothing while the rules hide the widget; a language chosen
  // before the chat starts is used when it does.
  registerWidget({
    chatbotId,
    setOpen: (open) => {
      if (!host.dataset.out) chat?.setOpen(open);
    },
    identify: (user) => {
      // Kept for a chat not started yet (a page the rules hide, delay_seconds).
      identity = user;
      chat?.identify(user);
    },
    setLocale: (wanted) => {
      locale = wanted;
      void loadUiStrings(serverBase, config, languagesWith(wanted)).then(() => {
        // A later call wins, whichever load ends first.
        if (locale === wanted) chat?.setLocale(wanted);
      });
    },
  });
}

function takeOut(host: HTMLElement): void {
  host.dataset.out = 'true';
  host.remove();
}

interface Chat {
  setOpen(open: boolean | 'toggle'): void;
  identify(user: VisitorIdentity): void;
  setLocale(language: string): void;
  setHidden(hidden: boolean): void;
}

/** The browser's languages as primary subtags, most preferred first ("de-AT" → "de"). */
function browserLanguages(): string[] {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return tags.filter(Boolean).map((tag) => tag.toLowerCase().split('-')[0]!);
}

/** As a browser would say it: the language without its region (de-AT reads German), then the browser's own. */
function languagesWith(wanted: string | null): string[] {
  return wanted ? [wanted.toLowerCase().split('-')[0]!, ...browserLanguages()] : browserLanguages();
}

function startChat(config: WidgetConfig, rules: DisplayRules, api: WidgetApi, chatbotId: string, container: HTMLElement, preview: boolean, locale: string | null): Chat {
  let { strings, language, ui, dir } = localise(config, languagesWith(locale));
  const leadForm = leadFormOf(config.lead_form);
  // An older server sends no consent mode: it had none.
  const memory = visitorMemory(chatbotId, config.privacy?.storage ?? 'always');
  const session = new ChatSession(api, memory, {
    ui,
    leadForm,
    language,
    // An older server sends no rating settings: it has no rating route either.
    rating: config.rating ?? { mode: 'off', comment: false },
    // Without the query or fragment: they can carry what the page's visitor would not share.
    pageUrl: /^https?:$/.test(location.protocol) ? (location.origin + location.pathname).slice(0, 2000) : null,
  });
  void session.restore();
  const control: WidgetControl = {};
  let shown = false;
  const show = () => {
    shown = true;
    renderWidget(container, {
      config: { ...config, lead_form: leadForm },
      strings,
      ui,
      dir,
      session,
      memory,
      proactive: preview ? [] : localiseProactive(rules.proactive, config.language, languagesWith(locale)),
      sound: config.sound === true,
      openOnLoad: rules.open_on_load,
      control,
      onOpenChange: (open) => emitWidgetEvent(open ? 'open' : 'close', { chatbot_id: chatbotId }),
    });
  };
  if (rules.delay_seconds > 0 && !preview) setTimeout(show, rules.delay_seconds * 1000);
  else show();
  tellThePage(session, chatbotId);
  return {
    setOpen: (open) => {
      if (!shown) show(); // asked for before delay_seconds: the page's code decides
      control.setOpen?.(open);
    },
    setLocale: (wanted) => {
      locale = wanted;
      ({ strings, language, ui, dir } = localise(config, languagesWith(wanted)));
      session.setLocalisation(ui, language);
      if (shown) show();
    },
    setHidden: (hidden) => control.setHidden?.(hidden),
    identify: (user) => void session.identify(user),
  };
}

/**
 * The page's `message` and `lead` events: each message that arrives or is sent while the page is
 * open (not those read back from an earlier page view: until the session says the conversation
 * was read back, what it holds is history), and the lead form sent.
 */
function tellThePage(session: ChatSession, chatbotId: string): void {
  const told = new Set<string>();
  let leadSent = session.state.leadSent;
  session.subscribe(() => {
    for (const entry of session.takeNew(told)) {
      emitWidgetEvent('message', { chatbot_id: chatbotId, message: { id: entry.id, role: entry.role, content: entry.content, attachment: entry.attachment ?? null } });
    }
    if (session.state.leadSent && !leadSent) emitWidgetEvent('lead', { chatbot_id: chatbotId, fields: session.leadFieldsSent });
    leadSent = session.state.leadSent;
  });
}

/** Phones by width; tablets and other touch-first screens up to 1024 px wide count as mobile too. */
function shownOnDevice(rules: DisplayRules): boolean {
  const mobile = matchMedia('(max-width: 767px), (pointer: coarse) and (max-width: 1024px)').matches;
  return rules.devices.includes(mobile ? 'mobile' : 'desktop');
}

/** Tolerates a config that leaves parts out, as an older server might. */
function displayRulesOf(rules: Partial<DisplayRules> | undefined): DisplayRules {
  return {
    proactive: rules?.proactive ?? [],
    show_on: rules?.show_on ?? [],
    hide_on: rules?.hide_on ?? [],
    delay_seconds: rules?.delay_seconds ?? 0,
    devices: rules?.devices ?? ['desktop', 'mobile'],
    open_on_load: rules?.open_on_load ?? false,
  };
}

function leadFormOf(form: Partial<LeadForm> | undefined): LeadForm {
  return {
    enabled: form?.enabled === true && (form.fields?.length ?? 0) > 0,
    when: form?.when ?? 'after_first_reply',
    fields: form?.fields ?? [],
    title: form?.title ?? null,
  };
}

function adoptStyles(shadow: ShadowRoot): void {
  // A constructed sheet is not inline <style>, so a page's CSP without 'unsafe-inline' allows it.
  if ('adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  shadow.appendChild(style);
}

function whenBodyExists(callback: () => void): void {
  if (document.body) callback();
  else document.addEventListener('DOMContentLoaded', callback, { once: true });
}

installHostApi();
for (const script of embeddingScripts()) {
  if (script.dataset.chatbotId) mount(script);
}
