// The widget as the visitor sees it: launcher, panel, messages, composer, lead form. Everything
// from the server or the visitor is rendered as text: replies' Markdown (markdown.ts) becomes
// elements of fixed tags around text nodes, never HTML; the only links are checked http(s) and
// mailto URLs.
import htm from 'htm';
import { h, render, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { chime as playChime } from '../../lib/chime.js';
import { accentOn, hexColor, mix, readableOn } from './colors.js';
import { format, type UiStrings } from './i18n.js';
import { parseMarkdown, trimUrl, type Block, type Inline } from './markdown.js';
import { lastMessage, liveSuggestions, sizeOf, type ChatEntry, type ChatSession, type ChatState } from './session.js';
import { onUrlChange } from './page-url.js';
import { patternMatches } from './rules.js';
import type { VisitorMemory } from './storage.js';
import type { LeadFieldName, LeadForm, LeadValues, ProactiveMessage, RatingSettings, Suggestion, WidgetConfig, WidgetStrings } from './types.js';

const html = htm.bind(h);

export interface WidgetProps {
  config: WidgetConfig;
  strings: WidgetStrings;
  ui: UiStrings;
  /** The direction of the widget's words' language: the panel's (the launcher follows its own text). */
  dir: 'ltr' | 'rtl';
  session: ChatSession;
  /** What this visitor's browser keeps (the proactive messages seen). */
  memory: VisitorMemory;
  proactive: ProactiveMessage[];
  /** A tone when a reply or a proactive message comes while the panel is closed. */
  sound: boolean;
  openOnLoad: boolean;
  /** Filled in by the widget: what index.ts asks of it for the page's code and the display rules. */
  control: WidgetControl;
  /** Called when the panel opens or closes, whatever made it. */
  onOpenChange: (open: boolean) => void;
}

export interface WidgetControl {
  /** Opens or closes the panel for the page's code (host-api.ts). */
  setOpen?: (open: boolean | 'toggle') => void;
  /** The display rules took the widget out of the page (or put it back): the title shows no count meanwhile. */
  setHidden?: (hidden: boolean) => void;
}

export function renderWidget(container: Element, props: WidgetProps): void {
  render(html`<${Widget} ...${props} />`, container);
}

function useSessionState(session: ChatSession): ChatState {
  const [state, setState] = useState(session.state);
  useEffect(() => session.subscribe(() => setState(session.state)), [session]);
  return state;
}

/** The element of the panel that should get focus: the message box, else the form, else the close button. */
function focusInside(panel: HTMLElement | null): void {
  (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>('.icon-button'))?.focus();
}

function Widget({ config, strings, ui, dir, session, memory, proactive, sound, openOnLoad, control, onOpenChange }: WidgetProps) {
  const state = useSessionState(session);
  const [open, setOpen] = useState(openOnLoad);
  const told = useRef(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Only the visitor's own opening and closing move focus; open_on_load must not take it from the page.
  const moveFocus = useRef(false);
  const paused = config.status === 'paused';

  // A layout effect: focus moves in the same frame the panel opens or closes. After rendering,
  // though: on a phone the launcher is hidden while the panel is open, and a hidden element cannot
  // take focus.
  useLayoutEffect(() => {
    session.setPanelOpen(open);
    if (moveFocus.current) {
      if (open) focusInside(panel.current);
      else launcher.current?.focus();
    }
    moveFocus.current = false;
    if (told.current !== open) onOpenChange(open);
    told.current = open;
  }, [open]);

  // When the bottom of the panel changes (form sent, conversation ended), the focused control may be
  // gone: focus goes back into the panel if it was there.
  const focusWithin = useRef(false);
  const asksForEmail = state.conversation?.asks_for_email === true && !state.offlineEmailSkipped && !state.ended;
  const bottomShown = `${state.leadFormOpen}:${state.ended}:${asksForEmail}`;
  const lastBottomShown = useRef(bottomShown);
  useLayoutEffect(() => {
    if (lastBottomShown.current === bottomShown) return;
    lastBottomShown.current = bottomShown;
    const element = panel.current;
    const shadow = element?.getRootNode() as ShadowRoot | undefined;
    if (open && element && focusWithin.current && !element.contains(shadow?.activeElement ?? null)) focusInside(element);
  }, [bottomShown]);
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target as Node;
    if (panel.current?.contains(event.relatedTarget as Node | null)) return;
    // Chromium blurs an element it is about to remove; that is no leaving. Only a blur whose element
    // is still there once the render is done means the visitor went elsewhere.
    queueMicrotask(() => {
      if (target.isConnected) focusWithin.current = false;
    });
  };

  const [hidden, setHidden] = useState(false);
  control.setHidden = setHidden;
  const unread = useUnread(session, state, open, hidden, ui, sound);
  const bubble = useProactive(proactive, memory, open || hidden, sound);

  const toggle = () => {
    moveFocus.current = !open;
    // The visitor's own opening is consent to storage in `after_interaction` mode (open_on_load
    // and the page's code are not).
    if (!open) session.interacted();
    setOpen(!open);
  };
  const openFromBubble = () => {
    session.interacted();
    moveFocus.current = true;
    setOpen(true);
  };
  // The page's code opens as the launcher does (focus into the panel); it closes without moving
  // focus, unless focus was in the panel that goes.
  const isOpen = useRef(open);
  isOpen.current = open;
  control.setOpen = (wanted) => {
    const next = wanted === 'toggle' ? !isOpen.current : wanted;
    if (next === isOpen.current) return;
    isOpen.current = next; // a second call before the render reads this one's result
    moveFocus.current = next || focusWithin.current;
    setOpen(next);
  };
  const close = () => {
    moveFocus.current = true;
    setOpen(false);
  };
  // On the root: Escape closes from the launcher too, not only from inside the panel.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
  };

  const appearance = config.appearance;
  const dark = useDarkTheme(appearance.theme);
  const primary = hexColor(appearance.primary_color, '#4f46e5');
  // The dark theme keeps the owner's primary colour and draws the rest on its own dark palette.
  const background = dark ? DARK_BACKGROUND : hexColor(appearance.background_color, '#ffffff');
  const text = dark ? DARK_TEXT : hexColor(appearance.text_color, '#111827');
  const offset = (value: number) => `${Math.min(Math.max(Number(value) || 0, 0), 200)}px`;
  const style = {
    '--cbw-primary': primary,
    '--cbw-on-primary': readableOn(primary),
    '--cbw-accent': accentOn(background, primary),
    '--cbw-bg': background,
    '--cbw-text': text,
    '--cbw-bubble': mix(background, text, 0.07),
    '--cbw-border': mix(background, text, 0.14),
    '--cbw-muted': mix(background, text, 0.6),
    '--cbw-ring': mix(background, primary, 0.3),
    '--cbw-x': offset(appearance.offset_x),
    '--cbw-y': offset(appearance.offset_y),
  };
  const hasUserMessage = state.entries.some((entry) => entry.role === 'user');
  const canReply = !paused && !state.ended && !state.leadFormOpen;
  const suggestions = canReply && !hasUserMessage ? strings.suggested_messages : [];
  // After a reply that did not know, a person is one press away (the press sends the request in
  // the visitor's language; the server's built-in intent hands the conversation off).
  const offerHandoff = canReply && state.conversation?.status === 'open' && lastMessage(state.entries)?.offersHandoff === true;
  const offer = canReply ? liveSuggestions(state) : null;
  const quickReplies = suggestions.length
    ? suggestions.map((suggestion) => ({ label: suggestion, message: suggestion }))
    : offerHandoff
      ? [{ label: ui.talkToPerson, message: ui.talkToPersonMessage }]
      : [];
  const notice = paused ? ui.unavailable : state.notice;
  const leadForm = config.lead_form;
  const canAskForLead = leadForm.enabled && !state.leadSent && !state.leadFormOpen && !paused;

  let bottom: ComponentChildren = null;
  if (paused) bottom = null;
  else if (state.ended) {
    const rating = state.rating === 'asking' || state.rating === 'sending'
      ? html`<${RatingView} settings=${config.rating} ui=${ui} sending=${state.rating === 'sending'} onSubmit=${(score: number, comment: string) => session.rateConversation(score, comment)} />`
      : state.rating === 'rated'
        ? html`<p class="csat-thanks" role="status">${ui.rateThanks}</p>`
        : null;
    bottom = html`${rating}<div class="closing">
      <button type="button" class=${rating ? 'btn secondary' : 'btn'} data-autofocus onClick=${() => session.startOver()}>${ui.newConversation}</button>
    </div>`;
  } else if (asksForEmail) {
    bottom = html`<${LeadFormView}
      form=${{ enabled: true, when: 'on_request', fields: [{ name: 'email', required: true }], title: ui.offlineEmailTitle }}
      ui=${ui}
      sending=${state.leadSending}
      onSubmit=${(values: LeadValues) => session.leaveOfflineEmail(values.email!)}
      onSkip=${() => session.skipOfflineEmail()}
    />`;
  } else if (state.leadFormOpen) {
    const mustAnswer = leadForm.when === 'before_chat' && !state.conversation && leadForm.fields.some((field) => field.required);
    bottom = html`<${LeadFormView}
      form=${leadForm}
      ui=${ui}
      sending=${state.leadSending}
      onSubmit=${(values: LeadValues) => session.submitLead(values)}
      onSkip=${mustAnswer ? null : () => session.closeLeadForm()}
    />`;
  } else {
    const files = config.attachments;
    bottom = html`<${Composer}
      placeholder=${strings.input_placeholder}
      ui=${ui}
      busy=${state.sending}
      files=${files}
      onAttach=${(file: File) => files && session.attach(file, files)}
      onSend=${(value: string) => session.send(value)}
      onTyped=${(hasText: boolean) => session.typed(hasText)}
    />`;
  }

  return html`<div class=${`root${appearance.position === 'bottom-left' ? ' left' : ''}${open ? ' open' : ''}${dark ? ' dark' : ''}`} style=${style} onKeyDown=${onKeyDown}>
    <div class="panel" id="cbw-panel" role="dialog" aria-labelledby="cbw-title" hidden=${!open} ref=${panel} dir=${dir}
      onFocusIn=${() => (focusWithin.current = true)} onFocusOut=${onFocusOut}>
      <div class="header">
        ${avatar(appearance.avatar_url, strings.title)}
        <div class="heading">
          <h2 class="title" id="cbw-title">${strings.title}</h2>
          ${strings.subtitle ? html`<p class="subtitle">${strings.subtitle}</p>` : null}
        </div>
        <button type="button" class="icon-button" aria-label=${ui.close} onClick=${close}>${icon(CLOSE)}</button>
      </div>
      <${Log} state=${state} title=${strings.title} welcome=${strings.welcome_message} ui=${ui} showSources=${config.show_sources} session=${session} offer=${offer} />
      ${quickReplies.length
        ? html`<div class="suggestions">
            ${quickReplies.map(({ label, message }) => html`<button type="button" disabled=${state.sending} onClick=${() => session.send(message)}>${label}</button>`)}
          </div>`
        : null}
      ${notice ? html`<p class="notice" role="alert">${notice}</p>` : null}
      ${canAskForLead || session.hasConversation
        ? html`<div class="extra">
            ${canAskForLead ? html`<button type="button" class="link" onClick=${() => session.openLeadForm()}>${ui.leaveDetails}</button>` : null}
            ${session.hasConversation
              ? html`<button type="button" class="link" onClick=${() => download(`${strings.title}.txt`, session.transcript(strings.title))}>${ui.downloadTranscript}</button>
                  ${state.deletion === null ? html`<${DeletionRequest} ui=${ui} session=${session} />` : null}`
              : null}
          </div>`
        : null}
      ${bottom}
    </div>
    <div class="proactive" aria-live="polite" dir=${dir}>
      ${bubble.message
        ? html`<div class="proactive-bubble">
            <button type="button" class="proactive-message" dir="auto" onClick=${openFromBubble}>${bubble.message}</button>
            <button type="button" class="icon-button proactive-dismiss" aria-label=${ui.dismiss} onClick=${() => {
              bubble.dismiss();
              // The button goes: focus goes to the launcher beside it, not to the page's start.
              launcher.current?.focus();
            }}>${icon(CLOSE)}</button>
          </div>`
        : null}
    </div>
    <button type="button" class="launcher" dir="auto" aria-expanded=${open ? 'true' : 'false'} aria-controls="cbw-panel" ref=${launcher} onClick=${toggle}
      aria-describedby=${unread.count ? 'cbw-unread' : undefined}>
      ${launcherImage(appearance.launcher_image_url) ?? icon(LAUNCHER_ICONS[appearance.launcher_icon] ?? CHAT)}<span>${strings.launcher_text}</span>
      ${unread.count ? html`<span class="unread" aria-hidden="true">${unread.count > 99 ? '99+' : unread.count}</span>` : null}
    </button>
    ${unread.count ? html`<span class="visually-hidden" id="cbw-unread" dir=${dir}>${unread.label}</span>` : null}
  </div>`;
}

/**
 * The proactive message this page shows beside the launcher: the first rule matching the page
 * (read again when a single-page app changes its URL) whose message this visitor has not seen,
 * after its delay, while the panel is closed and the widget shown. Seen once it shows (once per
 * visitor per message, as their browser remembers it); gone when the panel opens or it is
 * dismissed. It never takes focus: a polite live region reads it out.
 */
function useProactive(rules: ProactiveMessage[], memory: VisitorMemory, away: boolean, sound: boolean): { message: string | null; dismiss: () => void } {
  const [message, setMessage] = useState<string | null>(null);
  const [page, setPage] = useState(() => location.href);
  useEffect(() => (rules.length ? onUrlChange(() => setPage(location.href)) : undefined), [rules]);
  useEffect(() => {
    // A new page (or the panel opened, or the widget hidden): what showed was for the one before.
    setMessage(null);
    if (away) return;
    const seen = new Set(memory.proactiveSeen());
    const rule = rules.find((candidate) => patternMatches(candidate.match, new URL(page)) && !seen.has(digest(candidate.message)));
    if (!rule) return;
    const timer = setTimeout(() => {
      memory.saveProactiveSeen(digest(rule.message));
      setMessage(rule.message);
      if (sound) chime();
    }, rule.delay_seconds * 1000);
    return () => clearTimeout(timer);
  }, [rules, page, away]);
  return { message, dismiss: () => setMessage(null) };
}

/** A short digest of a message (FNV-1a): what the visitor's browser keeps of a proactive message seen. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The widget's tone: quiet and short, a visitor did not ask for it. */
const chime = () => playChime({ gap: 0.12, length: 0.18, volume: 0.06 });

const DARK_BACKGROUND = '#1b1e24';
const DARK_TEXT = '#e6e8eb';

/** Whether the panel is drawn dark: always, never, or as the visitor's system says (and as it changes). */
function useDarkTheme(theme: string | undefined): boolean {
  const query = theme === 'auto' && typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const [prefersDark, setPrefersDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const follow = () => setPrefersDark(query.matches);
    follow();
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, [theme]);
  return theme === 'dark' || (theme === 'auto' && prefersDark);
}

/** The owner's launcher image, decorative (the launcher is named by its text); null without a safe one. */
function launcherImage(url: string | null | undefined) {
  const src = safeHref(url);
  return src ? html`<img class="launcher-image" src=${src} alt="" referrerpolicy="no-referrer" />` : null;
}

/**
 * Replies (the chatbot's or an agent's) that came while the panel was closed: counted on the
 * launcher and in the page's title, `(2) Page title`, until the panel opens (not in the title while
 * the display rules hide the widget). Messages read back from an earlier page view are not new.
 */
function useUnread(session: ChatSession, state: ChatState, open: boolean, hidden: boolean, ui: UiStrings, sound: boolean): { count: number; label: string } {
  const [count, setCount] = useState(0);
  const counted = useRef(new Set<string>());
  useEffect(() => {
    const replies = session.takeNew(counted.current).filter((entry) => entry.role === 'assistant' || entry.role === 'agent');
    if (!replies.length || open) return;
    setCount((before) => before + replies.length);
    if (sound && !hidden) chime();
  }, [state.entries, state.restored]);
  useEffect(() => {
    if (open) setCount(0);
  }, [open]);
  // Only the very prefix this widget wrote is taken off: a page's own "(3) Inbox", or a title the
  // page set since, stays as it is.
  const written = useRef('');
  // In the same frame as the badge: the title and the launcher never disagree on screen.
  useLayoutEffect(() => {
    const title = written.current && document.title.startsWith(written.current) ? document.title.slice(written.current.length) : document.title;
    written.current = count && !hidden ? `(${count}) ` : '';
    if (document.title !== written.current + title) document.title = written.current + title;
  }, [count, hidden]);
  return { count, label: count === 1 ? ui.unreadOne : format(ui.unreadMany, { count }) };
}

function avatar(url: string | null, title: string) {
  const src = safeHref(url);
  if (src) return html`<img class="avatar" src=${src} alt="" referrerpolicy="no-referrer" />`;
  return html`<span class="avatar" aria-hidden="true">${title.trim().charAt(0).toUpperCase()}</span>`;
}

interface LogProps {
  state: ChatState;
  title: string;
  welcome: string | null;
  ui: UiStrings;
  showSources: boolean;
  session: ChatSession;
  /** The last reply's suggestions the visitor can choose now (liveSuggestions). */
  offer: { entryId: string; suggestions: Suggestion[] } | null;
}

function Log({ state, title, welcome, ui, showSources, session, offer }: LogProps) {
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [state.entries.length, state.streaming, state.waiting, state.agentTyping, offer?.entryId]);
  return html`<div class="log" role="log" aria-live="polite" aria-label=${ui.messages} aria-busy=${state.streaming !== null ? 'true' : 'false'} ref=${log}>
    ${welcome ? html`<div class="msg assistant"><div class="bubble rich" dir="auto"><${Speaker} name=${title} />${markdown(welcome)}</div></div>` : null}
    ${state.entries.map(
      (entry) =>
        html`<${Entry} key=${entry.id} entry=${entry} title=${title} ui=${ui} showSources=${showSources} session=${session}
          suggestions=${offer?.entryId === entry.id ? offer.suggestions : []} />`,
    )}
    ${state.streaming !== null ? html`<div class="msg assistant"><div class="bubble rich" dir="auto">${markdown(state.streaming)}</div></div>` : null}
    ${state.waiting
      ? html`<div class="msg assistant"><div class="bubble typing"><span></span><span></span><span></span><em class="sr">${ui.typing}</em></div></div>`
      : null}
    ${state.agentTyping && !state.waiting ? html`<p class="agent-typing">${format(ui.agentTyping, { name: state.agentTyping.name || ui.agent })}</p>` : null}
  </div>`;
}

interface EntryProps {
  entry: ChatEntry;
  title: string;
  ui: UiStrings;
  showSources: boolean;
  session: ChatSession;
  /** Shown only while they can be chosen: the last reply's, empty on every other entry. */
  suggestions: Suggestion[];
}

function Entry({ entry, title, ui, showSources, session, suggestions }: EntryProps) {
  if (entry.role === 'system') return html`<div class="system">${entry.content}</div>`;
  const agentName = entry.author?.name || ui.agent;
  const speaker = entry.role === 'user' ? ui.you : entry.role === 'agent' ? agentName : title;
  const sources = showSources ? entry.sources.filter((source) => source.title || safeHref(source.url)) : [];
  const rated = (rating: 'up' | 'down') => (entry.feedback === rating ? 'true' : 'false');
  return html`<div class=${`msg ${entry.role}${entry.pending ? ' pending' : ''}`}>
    ${entry.role === 'agent' ? html`<${Author} name=${agentName} avatarUrl=${entry.author?.avatar_url ?? null} />` : null}
    ${entry.attachment
      ? html`<div class="bubble"><${Speaker} name=${speaker} /><${FileView} file=${entry.attachment} session=${session} /></div>`
      : entry.role === 'user'
        ? html`<div class="bubble" dir="auto"><${Speaker} name=${speaker} />${richText(entry.content)}</div>`
        : html`<${Reply} id=${`cbw-m-${entry.id}`} speaker=${speaker} content=${entry.content} ui=${ui} />`}
    ${suggestions.length ? html`<${SuggestionButtons} suggestions=${suggestions} label=${ui.suggestedQuestions} session=${session} />` : null}
    ${sources.length
      ? html`<div class="sources">
          <span>${ui.sources}:</span>
          ${sources.map((source) => {
            const href = safeHref(source.url);
            const label = source.title || source.url;
            return href ? html`<a href=${href} target="_blank" rel="noopener noreferrer" dir="auto">${label}</a>` : html`<span dir="auto">${label}</span>`;
          })}
        </div>`
      : null}
    ${entry.role !== 'user'
      ? html`<div class="rating">
          <button type="button" aria-label=${ui.helpful} aria-pressed=${rated('up')} onClick=${() => session.rate(entry.id, 'up')}>${icon(THUMB)}</button>
          <button type="button" aria-label=${ui.notHelpful} aria-pressed=${rated('down')} onClick=${() => session.rate(entry.id, 'down')}>
            ${icon(THUMB, 'rotate(180 12 12)')}
          </button>
        </div>`
      : null}
  </div>`;
}

/**
 * "Ask us to delete this conversation", then a second step before it is sent (a request cannot be
 * taken back): the confirmation takes focus, and "Cancel" gives it back to the first button.
 */
function DeletionRequest({ ui, session }: { ui: UiStrings; session: ChatSession }) {
  const [confirming, setConfirming] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (returning.current) first.current?.focus();
  }, [confirming]);
  if (!confirming) return html`<button type="button" class="link" ref=${first} onClick=${() => setConfirming(true)}>${ui.requestDeletion}</button>`;
  return html`<span role="group" aria-label=${ui.requestDeletion}>
    <button type="button" class="link" ref=${confirm} onClick=${() => void session.requestDeletion()}>${ui.confirmDeletion}</button>
    <button type="button" class="link" onClick=${() => {
      returning.current = true;
      setConfirming(false);
    }}>${ui.cancel}</button>
  </span>`;
}

const FILE_TYPES = { image: 'image/png,image/jpeg,image/gif,image/webp', pdf: 'application/pdf' };

/**
 * A file of the conversation, read with the token into an object URL (never a URL holding the
 * token): an image is shown (and opens full size), anything else is a button that saves it.
 */
function FileView({ file, session }: { file: NonNullable<ChatEntry['attachment']>; session: ChatSession }) {
  const image = file.content_type.startsWith('image/');
  const [url, setUrl] = useState<string | null>(null);
  // A host page whose Content-Security-Policy allows no blob: images: the button that saves it.
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (image) void session.fileUrl(file.id).then(setUrl);
  }, [file.id]);
  if (url && !blocked) return html`<a class="file" href=${url} target="_blank" rel="noopener"><img src=${url} alt=${file.name} onError=${() => setBlocked(true)} /></a>`;
  const save = async () => {
    const href = await session.fileUrl(file.id);
    if (!href) return;
    const link = document.createElement('a');
    link.href = href;
    link.download = file.name;
    link.click();
  };
  return html`<button type="button" class="file" onClick=${save}>${icon(CLIP)}<span dir="auto">${file.name} (${sizeOf(file.size)})</span></button>`;
}

/**
 * Who speaks, for screen readers, before a bubble's text. Its own `dir` takes it out of the
 * bubble's `dir="auto"`: the bubble's direction is the message's, not the speaker's name's (an
 * Arabic "أنت:" before an English question set it right to left, and its "?" at the start).
 */
function Speaker({ name }: { name: string }) {
  return html`<span class="sr" dir="auto">${name}: </span>`;
}

/** Roughly how many lines of the panel's bubble a reply fills (about 40 characters a line). */
function estimatedLines(content: string): number {
  return content.split('\n').reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / 40)), 0);
}

/** A reply longer than this many lines shows its first lines and a "Show more" button. */
const COLLAPSE_AFTER_LINES = 12;

/** A bot's or agent's reply: its Markdown, collapsed with "Show more" when it is long. */
function Reply({ id, speaker, content, ui }: { id: string; speaker: string; content: string; ui: UiStrings }) {
  const long = estimatedLines(content) > COLLAPSE_AFTER_LINES;
  const [expanded, setExpanded] = useState(false);
  const collapsed = long && !expanded;
  // Parsed once per text, not at every render of the log (a streamed reply renders it often).
  const drawn = useMemo(() => markdown(content), [content]);
  // A link in the hidden part reached with the keyboard opens the rest: nothing focused is out of view.
  return html`<div class=${`bubble rich${collapsed ? ' collapsed' : ''}`} id=${id} dir="auto" onFocusIn=${() => collapsed && setExpanded(true)}>
      <${Speaker} name=${speaker} />${drawn}
    </div>
    ${long
      ? html`<button type="button" class="link more" aria-expanded=${expanded ? 'true' : 'false'} aria-controls=${id} onClick=${() => setExpanded(!expanded)}>
          ${expanded ? ui.showLess : ui.showMore}
        </button>`
      : null}`;
}

/** Saves `text` as a file in the visitor's downloads, from the page (a blob URL, let go soon after). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'conversation.txt';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A clarify reply's suggestions, best first: each button's name is the question it sends. */
function SuggestionButtons({ suggestions, label, session }: { suggestions: Suggestion[]; label: string; session: ChatSession }) {
  const choose = (event: Event, suggestion: Suggestion) => {
    // The buttons go once one is chosen: focus goes to the message box first, not to the page.
    focusInside((event.currentTarget as HTMLElement).closest<HTMLElement>('.panel'));
    void session.choose(suggestion);
  };
  return html`<div class="clarify" role="group" aria-label=${label}>
    ${suggestions.map(
      (suggestion) => html`<button type="button" dir="auto" key=${suggestion.knowledge_id} onClick=${(event: Event) => choose(event, suggestion)}>${suggestion.question}</button>`,
    )}
  </div>`;
}

/** An agent message's author: their avatar (decorative: the name is beside it) and name. */
function Author({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const src = httpsOnly(avatarUrl);
  return html`<span class="who" aria-hidden="true">${src ? html`<img class="who-avatar" src=${src} alt="" referrerpolicy="no-referrer" />` : null}${name}</span>`;
}

/** Members' avatars come from the API as https only; anything else (an older record, a bad proxy) shows no image. */
function httpsOnly(value: string | null): string | null {
  const href = safeHref(value);
  return href?.startsWith('https:') ? href : null;
}

interface ComposerProps {
  placeholder: string;
  ui: UiStrings;
  busy: boolean;
  /** What the visitor may send (the file button), or null for none. */
  files: WidgetConfig['attachments'];
  onAttach(file: File): void;
  onSend(value: string): Promise<boolean>;
  onTyped(hasText: boolean): void;
}

function Composer({ placeholder, ui, busy, files, onAttach, onSend, onTyped }: ComposerProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The box grows with its text, up to its max-height.
  useEffect(() => {
    const element = field.current;
    // Not measurable while the panel is hidden: the stylesheet's height stands.
    if (!element || element.scrollHeight === 0) return;
    element.style.height = '';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [text]);
  const submit = async () => {
    const value = text;
    if (!value.trim() || busy) return;
    setText('');
    // Not taken (offline, rate limited): the visitor's words come back to try again.
    if (!(await onSend(value))) setText((current) => current || value);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    void submit();
  };
  return html`<form class="composer" onSubmit=${(event: Event) => {
    event.preventDefault();
    void submit();
  }}>
    ${files
      ? html`<input type="file" hidden ref=${picker} accept=${files.kinds.map((kind) => FILE_TYPES[kind]).join(',')} onChange=${(event: Event) => {
            const input = event.currentTarget as HTMLInputElement;
            if (input.files?.[0]) onAttach(input.files[0]);
            input.value = '';
          }} />
          <button type="button" class="send attach" aria-label=${ui.attach} title=${ui.attach} disabled=${busy} onClick=${() => picker.current?.click()}>${icon(CLIP)}</button>`
      : null}
    <textarea
      class="field"
      rows="1"
      dir="auto"
      maxlength="4000"
      aria-label=${placeholder}
      placeholder=${placeholder}
      data-autofocus
      value=${text}
      ref=${field}
      onInput=${(event: Event) => {
        const value = (event.currentTarget as HTMLTextAreaElement).value;
        setText(value);
        onTyped(value.trim() !== '');
      }}
      onKeyDown=${onKeyDown}
    ></textarea>
    <button type="submit" class="send" aria-label=${ui.send} disabled=${busy || !text.trim()}>${icon(SEND)}</button>
  </form>`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What the server takes as a phone number (it normalises it to E.164). */
const PHONE = /^\+?[0-9 ().\/-]{3,50}$/;
const INPUTS: Record<LeadFieldName, { type: string; autocomplete: string }> = {
  name: { type: 'text', autocomplete: 'name' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
  company: { type: 'text', autocomplete: 'organization' },
};

interface LeadFormProps {
  form: LeadForm;
  ui: UiStrings;
  sending: boolean;
  onSubmit(values: LeadValues): Promise<boolean>;
  /** Null when the form must be answered before chatting. */
  onSkip: (() => void) | null;
}

function LeadFormView({ form, ui, sending, onSubmit, onSkip }: LeadFormProps) {
  const [values, setValues] = useState<LeadValues>({});
  const [errors, setErrors] = useState<Partial<Record<LeadFieldName, string>>>({});
  const element = useRef<HTMLFormElement>(null);

  const submit = (event: Event) => {
    event.preventDefault();
    const found: Partial<Record<LeadFieldName, string>> = {};
    const filled: LeadValues = {};
    for (const { name, required } of form.fields) {
      const value = (values[name] ?? '').trim();
      if (!value) {
        if (required) found[name] = ui.requiredField;
        continue;
      }
      if (name === 'email' && !EMAIL.test(value)) found[name] = ui.invalidEmail;
      if (name === 'phone' && !PHONE.test(value)) found[name] = ui.invalidPhone;
      filled[name] = value;
    }
    setErrors(found);
    const firstInvalid = form.fields.find((field) => found[field.name]);
    if (firstInvalid) {
      element.current?.querySelector<HTMLInputElement>(`#cbw-lead-${firstInvalid.name}`)?.focus();
      return;
    }
    void onSubmit(filled);
  };

  return html`<form class="lead" novalidate aria-labelledby="cbw-lead-title" ref=${element} onSubmit=${submit}>
    <h3 id="cbw-lead-title">${form.title || ui.leadTitle}</h3>
    ${form.fields.map(({ name, required }, index) => {
      const id = `cbw-lead-${name}`;
      const error = errors[name];
      return html`<div key=${name}>
        <label for=${id}>${ui[name]}${required ? ' *' : html` <span class="optional">(${ui.optional})</span>`}</label>
        <input
          id=${id}
          class="field"
          name=${name}
          type=${INPUTS[name].type}
          autocomplete=${INPUTS[name].autocomplete}
          maxlength="200"
          aria-required=${required ? 'true' : 'false'}
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${error ? `${id}-error` : undefined}
          data-autofocus=${index === 0 ? '' : undefined}
          value=${values[name] ?? ''}
          onInput=${(event: Event) => setValues({ ...values, [name]: (event.currentTarget as HTMLInputElement).value })}
        />
        ${error ? html`<p class="error" id=${`${id}-error`}>${error}</p>` : null}
      </div>`;
    })}
    <div class="actions">
      ${onSkip ? html`<button type="button" class="btn secondary" onClick=${onSkip}>${ui.skip}</button>` : null}
      <button type="submit" class="btn" disabled=${sending}>${ui.submit}</button>
    </div>
  </form>`;
}

interface RatingProps {
  settings: RatingSettings;
  ui: UiStrings;
  sending: boolean;
  onSubmit: (score: number, comment: string) => Promise<boolean>;
}

/** The rating after the end: native radios (arrow keys move between them), an optional comment, a send button. */
function RatingView({ settings, ui, sending, onSubmit }: RatingProps) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const choices =
    settings.mode === 'thumbs'
      ? [
          { score: 1, label: ui.rateGood, mark: '👍' },
          { score: 0, label: ui.rateBad, mark: '👎' },
        ]
      : [1, 2, 3, 4, 5].map((n) => ({ score: n, label: format(ui.rateStar, { n }), mark: '★'.repeat(n) }));
  const submit = (event: Event) => {
    event.preventDefault();
    if (score !== null) void onSubmit(score, comment);
  };
  return html`<form class="csat" onSubmit=${submit}>
    <fieldset>
      <legend id="cbw-rating-title">${ui.rateTitle}</legend>
      <div class=${`choices ${settings.mode}`}>
        ${choices.map(
          (choice) => html`<label key=${choice.score} class="choice">
            <input type="radio" name="cbw-rating" value=${String(choice.score)} checked=${score === choice.score}
              onChange=${() => setScore(choice.score)} />
            <span aria-hidden="true" class="mark">${choice.mark}</span><span class="label">${choice.label}</span>
          </label>`,
        )}
      </div>
    </fieldset>
    ${settings.comment
      ? html`<div>
          <label for="cbw-rating-comment">${ui.rateComment} <span class="optional">(${ui.optional})</span></label>
          <textarea id="cbw-rating-comment" class="field" rows="2" maxlength="1000" value=${comment}
            onInput=${(event: Event) => setComment((event.currentTarget as HTMLTextAreaElement).value)}></textarea>
        </div>`
      : null}
    <div class="actions">
      <button type="submit" class="btn" disabled=${sending || score === null}>${ui.rateSend}</button>
    </div>
  </form>`;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** A visitor's text with its http(s) URLs as links; no Markdown: what they typed is what they see. */
function richText(text: string): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    parts.push(text.slice(last, match.index), link(href, url));
    last = match.index! + url.length;
  }
  parts.push(text.slice(last));
  return parts;
}

function link(href: string, children: ComponentChildren) {
  return html`<a href=${href} target="_blank" rel="noopener noreferrer">${children}</a>`;
}

/** A reply's Markdown as elements: each node's tag is fixed here, its text always a text node. */
function markdown(text: string): ComponentChildren[] {
  return parseMarkdown(text).map(block);
}

function block(node: Block): ComponentChildren {
  switch (node.t) {
    case 'p':
      return html`<p>${node.c.map(inline)}</p>`;
    case 'h':
      return html`<p><strong>${node.c.map(inline)}</strong></p>`;
    case 'ul':
      return html`<ul>${node.items.map((item) => html`<li>${item.map(inline)}</li>`)}</ul>`;
    case 'ol':
      return html`<ol start=${node.start}>${node.items.map((item) => html`<li>${item.map(inline)}</li>`)}</ol>`;
    case 'pre':
      return html`<pre dir="ltr"><code>${node.text}</code></pre>`;
  }
}

function inline(node: Inline): ComponentChildren {
  if (typeof node === 'string') return node;
  switch (node.t) {
    case 'br':
      return html`<br />`;
    case 'strong':
      return html`<strong>${node.c.map(inline)}</strong>`;
    case 'em':
      return html`<em>${node.c.map(inline)}</em>`;
    case 'code':
      return html`<code>${node.text}</code>`;
    case 'a':
      return link(node.href, node.c.map(inline));
  }
}

export function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const CHAT = 'M4 5h16v11H9l-5 4z';
const LAUNCHER_ICONS: Record<string, string> = {
  chat: CHAT,
  question: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1z',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7z',
};
const CLOSE = 'M6 6l12 12M18 6L6 18';
const SEND = 'M12 19V5M6 11l6-6 6 6';
const CLIP = 'M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7';
const THUMB = 'M7 11v9H4v-9zM7 11l4-7c1.5 0 2.5 1 2.5 2.5V10h5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.3 20H7';

function icon(path: string, transform?: string) {
  return html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${path} transform=${transform} /></svg>`;
}
