// The visitor's conversation, apart from how it is drawn: starting it, sending and streaming,
// polling for agent messages, ratings, the lead form and the end of it. The view renders `state`
// and calls the methods; every change replaces `state` and notifies the view.
import { WidgetApiError, type VisitorSays, type WidgetApi } from './api.js';
import { format, type UiStrings } from './i18n.js';
import type { SavedConversation, SavedRating, VisitorMemory } from './storage.js';
import type { LeadForm, LeadValues, PublicAgent, PublicConversation, PublicMessage, RatingSettings, Suggestion, VisitorIdentity } from './types.js';

/** Often enough that an agent's answer shows up while the visitor waits, light on the per-IP limit (120/min). */
const POLL_INTERVAL_MS = 3000;
/** While the visitor types to an agent, a mark at most this often (the server counts one for 6 s). */
const TYPING_INTERVAL_MS = 2000;

/** A line in the message list: a stored message, the visitor's message on its way, or a notice from the widget. */
export interface ChatEntry {
  id: string;
  role: PublicMessage['role'] | 'system';
  content: string;
  sources: PublicMessage['sources'];
  feedback: PublicMessage['feedback'];
  /** A clarify reply's offer, best first; empty on every other entry. */
  suggestions: Suggestion[];
  pending?: boolean;
  offersHandoff?: boolean;
  /** The member who wrote an agent message. */
  author?: PublicAgent | null;
  /** A file sent as the message. */
  attachment?: PublicMessage['attachment'];
}

export interface ChatState {
  conversation: PublicConversation | null;
  entries: ChatEntry[];
  /** The reply as it streams in, until `done` brings the stored one. */
  streaming: string | null;
  /** A reply is on its way and nothing of it has arrived yet (the typing indicator). */
  waiting: boolean;
  sending: boolean;
  ended: boolean;
  /** A short error for the visitor (network, rate limit); the widget keeps working. */
  notice: string | null;
  /** The visitor's deletion request for the conversation shown: being sent, or sent. */
  deletion: 'sending' | 'requested' | null;
  leadFormOpen: boolean;
  leadSent: boolean;
  leadSending: boolean;
  /** The visitor chose "Not now" on the e-mail request of an offline handoff. */
  offlineEmailSkipped: boolean;
  /** The agent typing to the visitor now (not the bot's answer on its way: that is `waiting`). */
  agentTyping: PublicAgent | null;
  /** After the end: the rating prompt (`asking`, `sending`), its thank-you (`rated`), or nothing. */
  rating: 'asking' | 'sending' | 'rated' | null;
  /** The conversation kept from an earlier page view has been read back (or there was none): later messages are new. */
  restored: boolean;
}

export interface ChatSessionOptions {
  ui: UiStrings;
  leadForm: LeadForm;
  /** The conversation's language when the visitor reads a translation. */
  language: string | null;
  pageUrl: string | null;
  rating: RatingSettings;
}

export class ChatSession {
  state: ChatState;
  private saved: SavedConversation | null = null;
  private listeners = new Set<() => void>();
  private panelOpen = false;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped when a send or a new conversation starts: a poll begun before then is stale. */
  private generation = 0;
  private localIds = 0;
  private leadPrompted = false;
  /** When the last typing mark went out (0: none since the visitor stopped). */
  private typingSentAt = 0;
  /** The ended conversation to rate: kept (with its token) until rated or a new one starts. */
  private toRate: SavedRating | null = null;
  /** The conversation that ended on this page (whether or not a rating is asked): the privacy controls still act on it. */
  private endedHere: SavedConversation | null = null;
  /** The page's signed-in visitor, from `ChatbotWidget.identify`. */
  private identity: VisitorIdentity | null = null;
  /** The names of the fields the lead form last sent (for the page's `lead` event; never their values). */
  leadFieldsSent: string[] = [];
  /** The messages read back from an earlier page view (history: not new to the page or the unread count). */
  private history = new Set<string>();
  /** The conversation's files read so far, as object URLs. */
  private files = new Map<string, Promise<string | null>>();

  constructor(
    private readonly api: WidgetApi,
    private readonly memory: VisitorMemory,
    private readonly options: ChatSessionOptions,
  ) {
    this.state = {
      conversation: null,
      entries: [],
      streaming: null,
      waiting: false,
      sending: false,
      ended: false,
      notice: null,
      deletion: null,
      leadFormOpen: false,
      leadSent: memory.leadSent(),
      leadSending: false,
      offlineEmailSkipped: false,
      agentTyping: null,
      rating: null,
      restored: false,
    };
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) this.schedulePoll(0);
    });
  }

  /** The page chose another language (ChatbotWidget.setLocale): the widget's own lines, and the language of a conversation started from now on. */
  setLocalisation(ui: UiStrings, language: string | null): void {
    this.options.ui = ui;
    this.options.language = language;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Picks up the conversation kept from an earlier page view; an ended or expired one is dropped. */
  async restore(): Promise<void> {
    const ended = this.memory.rating();
    if (ended && !this.memory.conversation()) {
      // The token of an ended conversation no longer reads it: what is left is the prompt, or its thank-you.
      this.toRate = ended;
      this.update({ ended: true, rating: ended.score === null ? 'asking' : 'rated' });
      this.addSystemLine(this.options.ui.ended);
    }
    const saved = this.memory.conversation();
    let readBack = false;
    if (saved) {
      this.saved = saved;
      try {
        const { conversation, messages } = await this.readAll(saved, null);
        readBack = true;
        if (conversation.status === 'ended') this.forget();
        else {
          this.showReadBack(conversation, messages);
          this.leadPrompted = messages.some((message) => message.role === 'assistant');
        }
      } catch (error) {
        // Unreachable for now: keep it, the next poll reads it all (and then it is read back).
        if (error instanceof WidgetApiError && (error.endsConversation || error.status === 404)) this.forget();
      }
    }
    if (!this.saved) this.offerLeadFormBeforeChat();
    if (!this.saved || readBack) this.markRestored();
    this.schedulePoll();
  }

  /**
   * The stored messages (not pending, not the widget's own lines) that came or were sent on this
   * page view, not read back from an earlier one, and not yet in `seen`; they are added to it.
   */
  takeNew(seen: Set<string>): ChatEntry[] {
    if (!this.state.restored) return [];
    const fresh = this.state.entries.filter((entry) => !entry.pending && entry.role !== 'system' && !seen.has(entry.id) && !this.history.has(entry.id));
    for (const entry of fresh) seen.add(entry.id);
    return fresh;
  }

  private markRestored(): void {
    this.history = new Set(this.state.entries.map((entry) => entry.id));
    this.update({ restored: true });
  }

  /**
   * The page names its signed-in visitor (`ChatbotWidget.identify`): the next conversation is
   * started for them. A conversation this browser holds for another visitor (someone signed out,
   * someone else signed in) is let go, not shown to them. With a proof (`user_hash`) and no
   * conversation here, their open conversation from another browser is taken up.
   */
  async identify(user: VisitorIdentity): Promise<void> {
    this.identity = user;
    if (this.saved && this.saved.user_id !== undefined && this.saved.user_id !== user.user_id) this.startOver();
    if (this.saved || !user.user_hash) return;
    const generation = this.generation;
    try {
      const { conversation, token } = await this.api.resumeIdentity(user);
      // Meanwhile the visitor may have started one here, or the page named someone else.
      if (!conversation || !token || this.saved || generation !== this.generation || this.identity !== user) return;
      this.saved = { id: conversation.id, token, user_id: user.user_id };
      this.memory.saveConversation(this.saved);
      const { conversation: current, messages } = await this.readAll(this.saved, null);
      if (generation !== this.generation) return;
      this.showReadBack(current, messages);
      this.markRestored(); // what was said in the other browser is history here, not new
      this.schedulePoll();
    } catch (error) {
      if (error instanceof WidgetApiError && error.code === 'identity_not_verified') this.refuseIdentity(error);
    }
  }

  /** A refused proof is the site's to fix (the console says so); the visitor chats on anonymously. */
  private refuseIdentity(error: WidgetApiError): void {
    console.warn(`Chatbot widget: the visitor named by ChatbotWidget.identify was refused (${error.message}): check user_hash`);
    this.identity = null;
  }

  /** A conversation read back whole: its messages go first; anything sent while they loaded stays after them. */
  private showReadBack(conversation: PublicConversation, messages: PublicMessage[]): void {
    const ids = new Set(messages.map((message) => message.id));
    this.update({ entries: [...messages.map(entryOf), ...this.state.entries.filter((entry) => !ids.has(entry.id))] });
    this.applyConversation(conversation);
  }

  /** The visitor acted (opened the panel themselves, sent a message): storage may be written in `after_interaction` mode. */
  interacted(): void {
    this.memory.interacted();
  }

  setPanelOpen(open: boolean): void {
    this.panelOpen = open;
    this.schedulePoll(open ? 0 : POLL_INTERVAL_MS);
  }

  /**
   * The visitor's text box changed: while an agent has the conversation, the agent is told the
   * visitor types (a mark at most every TYPING_INTERVAL_MS), and that they stopped when it empties.
   */
  typed(hasText: boolean): void {
    const saved = this.saved;
    if (!saved || this.state.ended || this.state.conversation?.status !== 'handoff') return;
    const now = Date.now();
    if (hasText && now - this.typingSentAt < TYPING_INTERVAL_MS) return;
    if (!hasText && this.typingSentAt === 0) return;
    this.typingSentAt = hasText ? now : 0;
    // A lost mark only delays the indicator: no notice for the visitor.
    this.api.typing(saved.id, saved.token, hasText).catch(() => undefined);
  }

  /** Sends the visitor's message; true when it was taken (the composer keeps the text otherwise). */
  async send(text: string): Promise<boolean> {
    const content = text.trim();
    if (!content) return false;
    return this.deliver(content, { content });
  }

  /**
   * Sends a file the visitor picked as their message. What the server would refuse for its size is
   * told at once; its type the server reads from the bytes (a refusal comes back as a notice).
   */
  async attach(file: File, allowance: { kinds: string[]; max_bytes: number }): Promise<void> {
    if (this.state.sending || this.state.ended) return;
    const ui = this.options.ui;
    const tooLarge = () => this.update({ notice: format(ui.fileTooLarge, { size: sizeOf(allowance.max_bytes) }) });
    if (file.size > allowance.max_bytes) return tooLarge();
    this.interacted();
    this.update({ sending: true, notice: null });
    try {
      const content_base64 = await base64Of(file);
      const saved = this.saved ?? (await this.start());
      const turn = await this.api.attach(saved.id, saved.token, { name: file.name || 'file', content_base64 });
      this.merge([turn.message]);
      this.applyConversation(turn.conversation);
    } catch (error) {
      const code = error instanceof WidgetApiError ? error.code : '';
      if (code === 'unsupported_attachment_type') this.update({ notice: allowance.kinds.includes('pdf') ? ui.fileType : ui.imagesOnly });
      else if (code === 'attachment_too_large') tooLarge();
      else if (code === 'attachment_limit_reached' || code === 'attachments_disabled' || code === 'attachments_not_allowed') this.update({ notice: ui.noMoreFiles });
      else this.fail(error);
    } finally {
      this.update({ sending: false });
      // A conversation this file started is followed like one a message started (an agent may answer).
      this.schedulePoll(POLL_INTERVAL_MS);
    }
  }

  /**
   * A file of the conversation as an object URL (read once per page with the token, let go when
   * the conversation is); null when it cannot be read now (asked again next time: a lost network
   * is not a lost file), with a notice.
   */
  async fileUrl(attachmentId: string): Promise<string | null> {
    const saved = this.saved ?? this.endedHere;
    if (!saved) return null;
    let url = this.files.get(attachmentId);
    if (!url) {
      url = this.api.file(saved.id, saved.token, attachmentId).then(
        (blob) => URL.createObjectURL(blob),
        (error: unknown) => {
          this.files.delete(attachmentId);
          this.fail(error);
          return null;
        },
      );
      this.files.set(attachmentId, url);
    }
    return url;
  }

  /**
   * Chooses a suggestion of the last reply: its question shows as the visitor's message and the
   * server answers that item. Only a live offer is sent (the server refuses any other).
   */
  async choose(suggestion: Suggestion): Promise<boolean> {
    const offered = liveSuggestions(this.state)?.suggestions ?? [];
    if (!offered.some((live) => live.knowledge_id === suggestion.knowledge_id)) return false;
    return this.deliver(suggestion.question, { suggestion_id: suggestion.knowledge_id });
  }

  /** Shows `content` as the visitor's message on its way, sends `said` and streams the reply in. */
  private async deliver(content: string, said: VisitorSays): Promise<boolean> {
    if (this.state.sending || this.state.ended) return false;
    this.interacted();
    this.generation++;
    this.update({ sending: true, notice: null });
    const pendingId = `local-${++this.localIds}`;
    let stored = false;
    let catchUp = false;
    this.typed(false);
    try {
      const saved = this.saved ?? (await this.start());
      this.update({ entries: [...this.state.entries, { id: pendingId, role: 'user', content, sources: [], feedback: null, suggestions: [], pending: true }], waiting: true });
      const turn = await this.api.send(saved.id, saved.token, said, {
        onMessage: (message) => {
          stored = true;
          this.settle(pendingId, message);
        },
        onDelta: (delta) => this.update({ streaming: (this.state.streaming ?? '') + delta, waiting: false }),
      });
      stored = true;
      this.settle(pendingId, turn.message);
      this.update({ streaming: null, waiting: false });
      if (turn.reply) this.merge([turn.reply]);
      this.applyConversation(turn.conversation);
      if (turn.reply?.role === 'assistant') this.offerLeadFormAfterReply();
      return true;
    } catch (error) {
      const entries = stored ? this.state.entries : this.state.entries.filter((entry) => entry.id !== pendingId);
      this.update({ entries, streaming: null, waiting: false });
      this.fail(error);
      // An offer gone stale (another tab answered it): what replaced it comes by poll at once.
      catchUp = stored || (error instanceof WidgetApiError && error.code === 'suggestion_not_offered');
      return stored;
    } finally {
      this.update({ sending: false });
      // After a broken stream, what the server kept (the message, maybe the reply) comes by poll at once.
      this.schedulePoll(catchUp ? 0 : POLL_INTERVAL_MS);
    }
  }

  async rate(messageId: string, rating: 'up' | 'down'): Promise<void> {
    const saved = this.saved;
    const before = this.state.entries.find((entry) => entry.id === messageId);
    if (!saved || !before || before.feedback === rating) return;
    this.interacted();
    this.update({ entries: this.state.entries.map((entry) => (entry.id === messageId ? { ...entry, feedback: rating } : entry)) });
    try {
      this.merge([await this.api.rate(saved.id, saved.token, messageId, rating)]);
    } catch (error) {
      this.update({ entries: this.state.entries.map((entry) => (entry.id === messageId ? { ...entry, feedback: before.feedback } : entry)) });
      this.fail(error);
    }
  }

  openLeadForm(): void {
    if (this.options.leadForm.enabled && !this.state.leadSent) this.update({ leadFormOpen: true, notice: null });
  }

  closeLeadForm(): void {
    this.update({ leadFormOpen: false });
  }

  /** Sends the form, with the conversation when there is one; true when the server took it. */
  async submitLead(values: LeadValues): Promise<boolean> {
    if (this.state.leadSending) return false;
    this.interacted();
    this.update({ leadSending: true, notice: null });
    try {
      try {
        await this.api.lead(values, this.saved);
      } catch (error) {
        // The conversation ended meanwhile: the details still count, without it.
        if (!(error instanceof WidgetApiError && error.endsConversation && this.saved)) throw error;
        this.end();
        await this.api.lead(values, null);
      }
      this.memory.saveLeadSent();
      this.leadFieldsSent = Object.keys(values).filter((name) => values[name as keyof LeadValues]);
      this.update({ leadSent: true, leadFormOpen: false });
      this.addSystemLine(this.options.ui.thanks);
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    } finally {
      this.update({ leadSending: false });
    }
  }

  /** Leaves the e-mail address an offline handoff asked for; true when the server took it. */
  async leaveOfflineEmail(email: string): Promise<boolean> {
    const saved = this.saved;
    if (!saved || this.state.leadSending) return false;
    this.interacted();
    this.update({ leadSending: true, notice: null });
    try {
      await this.api.leaveEmail(saved.id, saved.token, email);
      const conversation = this.state.conversation;
      if (conversation) this.update({ conversation: { ...conversation, asks_for_email: false } });
      this.addSystemLine(this.options.ui.offlineThanks);
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    } finally {
      this.update({ leadSending: false });
    }
  }

  skipOfflineEmail(): void {
    this.update({ offlineEmailSkipped: true });
  }

  /** The visitor's rating of the ended conversation; false when it was not taken (the prompt stays). */
  async rateConversation(score: number, comment: string): Promise<boolean> {
    const toRate = this.toRate;
    if (!toRate || this.state.rating !== 'asking') return false;
    this.interacted();
    this.update({ rating: 'sending', notice: null });
    try {
      await this.api.rateConversation(toRate.id, toRate.token, { score, comment: this.options.rating.comment && comment.trim() ? comment.trim() : null });
    } catch (error) {
      // Rated already (another tab): thank them all the same.
      if (!(error instanceof WidgetApiError && error.code === 'already_rated')) {
        this.update({ rating: 'asking' });
        this.fail(error);
        return false;
      }
    }
    this.toRate = { ...toRate, score };
    this.memory.saveRating(this.toRate);
    this.update({ rating: 'rated' });
    return true;
  }

  /** The conversation the privacy controls act on: the open one, else the ended one still shown. */
  private current(): SavedConversation | null {
    return this.saved ?? (this.state.ended ? (this.endedHere ?? this.toRate) : null);
  }

  /** Whether there is a conversation to download or to ask to delete. */
  get hasConversation(): boolean {
    return this.current() !== null && this.state.entries.length > 0;
  }

  /**
   * The conversation as plain text, for the visitor to keep: who said what, in order, as this page
   * shows it. Made in the page (no request): the visitor already has every word of it.
   */
  transcript(title: string): string {
    const ui = this.options.ui;
    const lines = this.state.entries
      .filter((entry) => !entry.pending)
      .map((entry) => {
        const speaker = entry.role === 'user' ? ui.you : entry.role === 'agent' ? entry.author?.name || ui.agent : entry.role === 'system' ? '—' : title;
        return `${speaker}: ${entry.attachment ? `[${entry.attachment.name}]` : entry.content}`;
      });
    return `${title}\n${new Date().toISOString()}\n\n${lines.join('\n\n')}\n`;
  }

  /**
   * Asks the owner to delete the conversation, once per conversation on this page (the button goes
   * while it is sent and after); true once the server has it (the notice says so).
   */
  async requestDeletion(): Promise<boolean> {
    const current = this.current();
    if (!current || this.state.deletion !== null) return false;
    this.interacted();
    this.update({ deletion: 'sending', notice: null });
    try {
      await this.api.requestDeletion(current.id, current.token);
    } catch (error) {
      this.update({ deletion: null });
      this.fail(error);
      return false;
    }
    this.update({ deletion: 'requested', notice: this.options.ui.deletionRequested });
    return true;
  }

  /** After "This conversation has ended": a clean slate; the next message starts a new one. */
  startOver(): void {
    this.generation++;
    this.forget();
    this.toRate = null;
    this.memory.saveRating(null);
    this.leadPrompted = false;
    this.endedHere = null;
    // The files shown go with the conversation: their bytes are let go.
    for (const url of this.files.values()) void url.then((href) => href && URL.revokeObjectURL(href));
    this.files.clear();
    this.update({ conversation: null, entries: [], ended: false, notice: null, offlineEmailSkipped: false, rating: null, deletion: null });
    this.offerLeadFormBeforeChat();
  }

  private async start(): Promise<SavedConversation> {
    const input: { language?: string; page_url?: string; user?: VisitorIdentity } = {};
    if (this.options.pageUrl) input.page_url = this.options.pageUrl;
    if (this.options.language) input.language = this.options.language;
    if (this.identity) input.user = this.identity;
    const { conversation, token } = await this.api.startConversation(input).catch((error: unknown) => {
      if (!(input.user && error instanceof WidgetApiError && error.code === 'identity_not_verified')) throw error;
      // The name was refused (no proof, or a wrong one): the visitor chats on, as nobody in particular.
      this.refuseIdentity(error);
      delete input.user;
      return this.api.startConversation(input);
    });
    this.saved = { id: conversation.id, token, ...(this.identity ? { user_id: this.identity.user_id } : {}) };
    this.memory.saveConversation(this.saved);
    this.update({ conversation });
    return this.saved;
  }

  /** Reads messages after `after` (all of them when null), page by page. */
  private async readAll(
    saved: SavedConversation,
    after: string | null,
  ): Promise<{ conversation: PublicConversation; messages: PublicMessage[]; agentTyping: PublicAgent | null }> {
    const messages: PublicMessage[] = [];
    for (;;) {
      const page = await this.api.conversation(saved.id, saved.token, after);
      messages.push(...page.messages);
      if (!page.has_more || page.messages.length === 0) return { conversation: page.conversation, messages, agentTyping: page.agent_typing ?? null };
      after = page.messages[page.messages.length - 1]!.id;
    }
  }

  private shouldPoll(): boolean {
    return !!this.saved && !this.state.ended && (this.panelOpen || this.state.conversation?.status === 'handoff');
  }

  private schedulePoll(delay = POLL_INTERVAL_MS): void {
    clearTimeout(this.pollTimer);
    if (!this.shouldPoll()) return;
    this.pollTimer = setTimeout(async () => {
      const retryAfter = await this.poll();
      this.schedulePoll(retryAfter === null ? POLL_INTERVAL_MS : retryAfter * 1000);
    }, delay);
  }

  /** New messages (an agent's) and the conversation's status; resolves with Retry-After seconds after a 429. */
  private async poll(): Promise<number | null> {
    const saved = this.saved;
    if (!saved || this.state.sending || document.hidden) return null;
    const generation = this.generation;
    try {
      const { conversation, messages, agentTyping } = await this.readAll(saved, this.lastStoredId());
      if (generation !== this.generation || saved !== this.saved) return null;
      this.merge(messages);
      this.update({ agentTyping: conversation.status === 'handoff' ? agentTyping : null });
      this.applyConversation(conversation);
      // After a restore that could not read: this read brought the history back.
      if (!this.state.restored) this.markRestored();
      return null;
    } catch (error) {
      if (!(error instanceof WidgetApiError) || generation !== this.generation) return null;
      if (error.endsConversation) this.end();
      // Other failures stay quiet: the next poll tries again.
      return error.status === 429 ? Math.max(error.retryAfter ?? 0, POLL_INTERVAL_MS / 1000) : null;
    }
  }

  private applyConversation(conversation: PublicConversation): void {
    const previous = this.state.conversation?.status;
    this.update({ conversation });
    // An offline handoff's reply already says nobody is there: no "An agent has joined".
    if (conversation.status === 'handoff' && previous !== 'handoff' && !conversation.asks_for_email) this.addSystemLine(this.options.ui.agentJoined);
    if (conversation.status === 'ended') this.end();
  }

  private end(): void {
    if (this.state.ended) return;
    const asks = this.options.rating.mode !== 'off' && this.saved !== null;
    this.endedHere = this.saved;
    if (asks) {
      this.toRate = { ...this.saved!, score: null };
      this.memory.saveRating(this.toRate);
    }
    this.forget();
    this.update({ ended: true, sending: false, waiting: false, streaming: null, agentTyping: null, rating: asks ? 'asking' : null });
    this.addSystemLine(this.options.ui.ended);
  }

  private forget(): void {
    this.saved = null;
    this.memory.saveConversation(null);
    clearTimeout(this.pollTimer);
  }

  private fail(error: unknown): void {
    const ui = this.options.ui;
    if (!(error instanceof WidgetApiError)) {
      this.update({ notice: ui.error });
      return;
    }
    if (error.endsConversation) return this.end();
    let notice = ui.error;
    if (error.status === 0) notice = ui.networkError;
    else if (error.status === 429) notice = error.retryAfter ? format(ui.rateLimited, { seconds: error.retryAfter }) : ui.rateLimitedSoon;
    else if (error.code === 'chatbot_paused' || error.code === 'chatbot_archived') notice = ui.unavailable;
    this.update({ notice });
  }

  private offerLeadFormBeforeChat(): void {
    const form = this.options.leadForm;
    if (form.enabled && form.when === 'before_chat' && !this.state.leadSent) this.update({ leadFormOpen: true });
  }

  private offerLeadFormAfterReply(): void {
    const form = this.options.leadForm;
    if (this.leadPrompted || !form.enabled || form.when !== 'after_first_reply' || this.state.leadSent) return;
    this.leadPrompted = true;
    this.update({ leadFormOpen: true });
  }

  /** The visitor's pending message becomes the stored one (once: the stream and `done` both bring it). */
  private settle(pendingId: string, message: PublicMessage): void {
    const known = this.state.entries.some((entry) => entry.id === message.id);
    const entries = known
      ? this.state.entries.filter((entry) => entry.id !== pendingId)
      : this.state.entries.map((entry) => (entry.id === pendingId ? entryOf(message) : entry));
    this.update({ entries });
  }

  /** Adds new messages at the end and replaces known ones (a rating changed). */
  private merge(messages: PublicMessage[]): void {
    if (messages.length === 0) return;
    const entries = [...this.state.entries];
    for (const message of messages) {
      const index = entries.findIndex((entry) => entry.id === message.id);
      if (index === -1) entries.push(entryOf(message));
      else entries[index] = entryOf(message);
    }
    this.update({ entries });
  }

  private addSystemLine(content: string): void {
    const entry: ChatEntry = { id: `system-${++this.localIds}`, role: 'system', content, sources: [], feedback: null, suggestions: [] };
    this.update({ entries: [...this.state.entries, entry] });
  }

  private lastStoredId(): string | null {
    for (let i = this.state.entries.length - 1; i >= 0; i--) {
      const entry = this.state.entries[i]!;
      if (entry.role !== 'system' && !entry.pending) return entry.id;
    }
    return null;
  }

  private update(change: Partial<ChatState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

/** A file's bytes as base64 (what the API takes), without the data URL's prefix. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A size for people: 2 MB, 340 KB. */
export function sizeOf(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round(bytes / 104857.6) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function entryOf(message: PublicMessage): ChatEntry {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    sources: Array.isArray(message.sources) ? message.sources : [],
    feedback: message.feedback ?? null,
    suggestions: Array.isArray(message.suggestions) ? message.suggestions : [],
    offersHandoff: message.offers_handoff === true,
    author: message.role === 'agent' ? (message.author ?? null) : null,
    attachment: message.attachment ?? null,
  };
}

/** The last message of the conversation (the widget's own notices aside), stored or on its way. */
export function lastMessage(entries: ChatEntry[]): ChatEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i]!.role !== 'system') return entries[i];
  }
  return undefined;
}

/**
 * The suggestions the visitor can choose now: the last message's, if it is a reply that offers
 * some, while the bot has the conversation and nothing is on its way. The server answers only the
 * last reply's (an older offer would answer out of turn), so older replies show none.
 */
export function liveSuggestions(state: ChatState): { entryId: string; suggestions: Suggestion[] } | null {
  if (state.sending || state.ended || state.conversation?.status !== 'open') return null;
  const last = lastMessage(state.entries);
  if (!last || last.role !== 'assistant' || last.pending || last.suggestions.length === 0) return null;
  return { entryId: last.id, suggestions: last.suggestions };
}
