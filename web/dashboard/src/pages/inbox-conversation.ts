// One conversation in the inbox: the whole transcript (each bot reply with its sources, confidence
// and the visitor's rating), kept current by the page's event stream, and what a person does with
// it: take it (from the bot, or from the queue of those waiting: assigned to oneself), reply (the
// visitor's widget shows it, and files: attachments.ts), unassign it, release it back to the bot,
// end it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, encode, query, type Page } from '../api.js';
import { conversationState } from '../conversation-state.js';
import { notify, session, useStore } from '../state.js';
import { messageSummary, visitorOf, type Conversation, type EventEnvelope, type Message } from '../types.js';
import { Badge, ConfirmButton, ErrorMessage, FormError, formatDate, html, Loading, Select, useLoad, useSubmit } from '../ui.js';
import { AttachmentView, useAttach, type ConversationPath } from './attachments.js';
import { isOfflineHandoff, OfflineHandoffNote } from './offline-handoff.js';
import { useReplyPicker } from './reply-picker.js';

/** A transcript longer than this many pages of 100 shows its first part, with a note. */
const MAX_MESSAGE_PAGES = 10;
/**
 * How often the view asks whether the visitor types, and at most how often it tells the visitor
 * the agent does (the server counts a mark for 6 s). Reads, not the event stream: a stored event
 * per keystroke would flood every open inbox and the webhooks.
 */
const TYPING_INTERVAL_MS = 2000;

/**
 * Typing both ways while a person has the conversation: whether the visitor types (read every
 * TYPING_INTERVAL_MS while the page is visible) and `typed`, which tells the visitor the agent does.
 */
function useTyping(base: ConversationPath, active: boolean): { visitorTyping: boolean; typed: (hasText: boolean) => void } {
  const [visitorTyping, setVisitorTyping] = useState(false);
  const sentAt = useRef(0);
  useEffect(() => {
    setVisitorTyping(false);
    if (!active) return;
    let stopped = false;
    const read = async () => {
      if (document.hidden) return;
      try {
        const typing = await api.get(`${base}/typing`);
        if (!stopped) setVisitorTyping(typing.visitor_typing);
      } catch {
        // The next read tries again; typing is a hint, not worth an error on the page.
      }
    };
    void read();
    const timer = setInterval(() => void read(), TYPING_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [base, active]);
  const typed = (hasText: boolean) => {
    if (!active) return;
    const now = Date.now();
    if (hasText && now - sentAt.current < TYPING_INTERVAL_MS) return;
    if (!hasText && sentAt.current === 0) return;
    sentAt.current = hasText ? now : 0;
    api.post(`${base}/typing`, { typing: hasText }).then(
      (typing) => setVisitorTyping(typing.visitor_typing),
      () => undefined, // a lost mark only delays the visitor's indicator
    );
  };
  return { visitorTyping, typed };
}

export function visitorLabel(conversation: Pick<Conversation, 'id' | 'visitor'>): string {
  const visitor = visitorOf(conversation);
  return visitor.name || visitor.email || visitor.phone || `Visitor ${conversation.id.slice(-6)}`;
}

const SPEAKERS: Record<Message['role'], string> = { user: 'Visitor', assistant: 'Chatbot', agent: 'Agent' };
const ANSWER_TYPES: Record<string, string> = {
  rule: 'Rule',
  qa: 'Q&A pair',
  knowledge: 'Knowledge',
  llm: 'Language model',
  clarify: 'Clarify (suggestions offered)',
  fallback: 'Fallback (not answered)',
};

async function loadTranscript(base: ConversationPath): Promise<{ messages: Message[]; complete: boolean }> {
  const messages: Message[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_MESSAGE_PAGES; page++) {
    const result: Page<Message> = await api.get(`${base}/messages${query({ limit: 100, order: 'asc', cursor })}`);
    messages.push(...result.data);
    if (!result.has_more) return { messages, complete: true };
    cursor = result.next_cursor;
  }
  return { messages, complete: false };
}

interface ViewProps {
  chatbotId: string;
  conversationId: string;
  chatbotName: string;
  /** The page's event stream (inbox.ts's EventBus), named by what the view uses: inbox.ts imports this module. */
  events: { subscribe(listener: (envelope: EventEnvelope) => void): () => void };
  onChanged: (conversation: Conversation) => void;
  /** Before this page hands the conversation off (true; its handoff event is then no news), and if that failed (false). */
  onTaking: (conversationId: string, taking: boolean) => void;
  /** Changes when the stream may have missed events: read the conversation again. */
  generation: number;
}

export function ConversationView({ chatbotId, conversationId, chatbotName, events, onChanged, onTaking, generation }: ViewProps) {
  const base = `/api/v1/chatbots/${encode(chatbotId)}/conversations/${encode(conversationId)}` as const;
  const conversation = useLoad(() => api.get(base), [base]);
  const transcript = useLoad(() => loadTranscript(base), [base]);
  const [messages, setMessages] = useState<Message[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const member = useStore(session)?.member ?? null;
  const me = member?.id ?? null;

  useEffect(() => {
    if (transcript.data) setMessages(transcript.data.messages);
  }, [transcript.data]);

  const firstGeneration = useRef(generation);
  useEffect(() => {
    if (generation === firstGeneration.current) return;
    conversation.reload();
    transcript.reload();
  }, [generation]);

  // Opened from the list: the heading takes focus, so a screen reader starts here.
  useEffect(() => {
    const timer = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [conversationId]);

  // The current conversation, for the stream's callback (which outlives renders).
  const shown = useRef(conversation.data);
  shown.current = conversation.data;

  useEffect(
    () =>
      events.subscribe((envelope: EventEnvelope) => {
        if (envelope.type === 'message.created' || envelope.type === 'message.rated') {
          const message = envelope.data as Message;
          if (message.conversation_id !== conversationId) return;
          setMessages((previous) => {
            const known = previous.some((item) => item.id === message.id);
            return known ? previous.map((item) => (item.id === message.id ? message : item)) : [...previous, message];
          });
          if (envelope.type === 'message.created' && message.role === 'user' && shown.current?.status === 'handoff') {
            notify(`New message from ${shown.current ? visitorLabel(shown.current) : 'the visitor'}: ${messageSummary(message).slice(0, 120)}`);
          }
          return;
        }
        // Read the conversation again rather than show the event's copy: an event can be older than
        // what is shown (the stream's backlog arriving after a newer read), and an older state would,
        // say, disable the reply box under the agent's fingers and close their saved-reply list.
        const changed = envelope.data as Conversation;
        if (envelope.type.startsWith('conversation.') && changed.id === conversationId) conversation.reload();
      }),
    [conversationId],
  );

  /** A lifecycle call's answer is the conversation: show it here and in the list. */
  const applied = (updated: Conversation) => {
    conversation.setData(updated);
    onChanged(updated);
  };

  // From the bot: handed off and assigned in one change. Handed off already: assigned.
  const take = useSubmit(async () => {
    onTaking(conversationId, true);
    try {
      const fromBot = conversation.data?.status === 'open';
      applied(await api.post(`${base}/${fromBot ? 'handoff' : 'assign'}`, { member_id: me }));
    } catch (error) {
      onTaking(conversationId, false);
      throw error;
    }
    notify('You have taken the conversation: the bot stays quiet until you release it.');
    setTimeout(() => replyBox.current?.focus(), 0);
  });
  const unassign = useSubmit(async () => {
    applied(await api.post(`${base}/assign`, { member_id: null }));
    notify('Unassigned: it waits for a person again.');
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('.conversation-actions .button.primary') ?? heading.current)?.focus());
  });
  const release = useSubmit(async () => {
    applied(await api.post(`${base}/release`));
    notify('Released: the bot answers again.');
    // The Release button is gone: its replacement, Take conversation, gets focus (else the heading).
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('.conversation-actions .button.primary') ?? heading.current)?.focus());
  });

  const typing = useTyping(base, conversation.data?.status === 'handoff');

  if (conversation.error && !conversation.data) return html`<${ErrorMessage} error=${conversation.error} retry=${conversation.reload} />`;
  if (!conversation.data) return html`<${Loading} label="Loading the conversation…" />`;
  const current = conversation.data;
  const handedOff = current.status === 'handoff';
  const ended = current.status === 'ended';
  const mine = current.assignee?.member_id === me;
  // Agents take what nobody has; owners and admins may take it over from anyone.
  const mayTake = !ended && me !== null && !mine && (!current.assignee || member?.role !== 'agent');
  const mayUnassign = handedOff && current.assignee !== null && (mine || member?.role !== 'agent');

  return html`<article class="conversation" aria-labelledby="conversation-heading">
    <div class="conversation-header">
      <h2 id="conversation-heading" tabindex="-1" data-page-heading ref=${heading}>${visitorLabel(current)}</h2>
      <${Badge} status=${current.status} label=${conversationState(current, me)} />
    </div>
    <p class="muted small">
      ${chatbotName} · ${current.channel} · started ${formatDate(current.started_at)}
      ${current.visitor?.email && current.visitor.name ? ` · ${current.visitor.email}` : ''}
      ${ended ? ` · ended ${formatDate(current.ended_at)}${current.resolution ? ` (${current.resolution})` : ''}` : ''}
      ${current.lead_id ? html` · <a href=${`#/leads/${encode(current.lead_id)}`}>lead</a>` : null}
    </p>
    ${isOfflineHandoff(current) ? html`<${OfflineHandoffNote} conversation=${current} />` : null}
    ${current.csat ? html`<${CsatLine} csat=${current.csat} />` : null}
    ${current.deletion_requested_at
      ? html`<p class="csat" data-testid="conversation-deletion-request">
          The visitor asked for this conversation to be deleted (${formatDate(current.deletion_requested_at)}). Delete it through the API: DELETE /api/v1/chatbots/…/conversations/${current.id}.
        </p>`
      : null}
    <div class="conversation-actions button-row" role="group" aria-label="Conversation actions">
      ${mayTake
        ? html`<button type="button" class="button primary" disabled=${take.busy} onClick=${() => take.run()}>${take.busy ? 'Taking…' : 'Take conversation'}</button>`
        : null}
      ${mayUnassign
        ? html`<button type="button" class="button" disabled=${unassign.busy} onClick=${() => unassign.run()}>${unassign.busy ? 'Unassigning…' : mine ? 'Unassign me' : 'Unassign'}</button>`
        : null}
      ${handedOff
        ? html`<button type="button" class="button" disabled=${release.busy} onClick=${() => release.run()}>${release.busy ? 'Releasing…' : 'Release to bot'}</button>`
        : null}
      ${!ended
        ? html`<${ConfirmButton}
            label="End conversation"
            title="End this conversation?"
            message=${html`<p>The visitor’s widget says the conversation has ended; they can start a new one. This cannot be undone.</p>`}
            confirmLabel="End conversation"
            danger
            onConfirm=${async () => {
              applied(await api.post(`${base}/end`, {}));
              notify('Conversation ended.');
            }}
          />`
        : null}
    </div>
    <${FormError} error=${take.error ?? unassign.error ?? release.error} />
    ${handedOff && member && member.role !== 'agent' ? html`<${AssignForm} base=${base} conversation=${current} onAssigned=${applied} />` : null}
    ${transcript.error ? html`<${ErrorMessage} error=${transcript.error} retry=${transcript.reload} />` : null}
    ${!transcript.data && !transcript.error ? html`<${Loading} label="Loading messages…" />` : null}
    ${transcript.data && messages.length === 0 ? html`<p>No messages yet.</p>` : null}
    ${messages.length > 0
      ? html`<ol class="transcript" aria-label="Messages">
          ${messages.map((message) => html`<${TranscriptMessage} key=${message.id} base=${base} message=${message} />`)}
        </ol>`
      : null}
    ${transcript.data && !transcript.data.complete ? html`<p class="muted small">The first ${messages.length} messages are shown.</p>` : null}
    <p class="visitor-typing muted small" aria-live="polite">${handedOff && typing.visitorTyping ? `${visitorLabel(current)} is typing…` : ''}</p>
    ${!ended ? html`<${ReplyForm} base=${base} chatbotId=${chatbotId} conversationId=${conversationId} enabled=${handedOff} textarea=${replyBox} onTyped=${typing.typed} onSent=${(message: Message, updated: Conversation) => {
          setMessages((previous) => (previous.some((item) => item.id === message.id) ? previous : [...previous, message]));
          applied(updated);
        }} />` : null}
  </article>`;
}

/** Owners and admins give a handed-off conversation to any active member. */
function AssignForm({ base, conversation, onAssigned }: { base: ConversationPath; conversation: Conversation; onAssigned: (conversation: Conversation) => void }) {
  const members = useLoad(async () => (await api.get(`/api/v1/members${query({ limit: 100 })}`)).data.filter((member) => member.status === 'active'), []);
  const [chosen, setChosen] = useState('');
  const assign = useSubmit(async () => {
    if (!chosen) return;
    const updated = await api.post(`${base}/assign`, { member_id: chosen });
    onAssigned(updated);
    setChosen('');
    notify(`Assigned to ${updated.assignee?.name || 'the member'}.`);
  });
  if (members.error) return html`<${ErrorMessage} error=${members.error} retry=${members.reload} />`;
  const others = (members.data ?? []).filter((member) => member.id !== conversation.assignee?.member_id);
  return html`<form
    class="assign-form"
    aria-label="Assign the conversation"
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void assign.run();
    }}
  >
    <${Select}
      label="Assign to"
      value=${chosen}
      options=${[['', members.data ? 'Choose a member' : 'Loading members…'], ...others.map((member) => [member.id, member.name || member.email])]}
      onChange=${setChosen}
    />
    <button type="submit" class="button" disabled=${!chosen || assign.busy}>${assign.busy ? 'Assigning…' : 'Assign'}</button>
    <${FormError} error=${assign.error} />
  </form>`;
}

function TranscriptMessage({ base, message }: { base: ConversationPath; message: Message }) {
  return html`<li class=${`message ${message.role}${message.answer_type === 'fallback' ? ' fallback' : ''}`}>
    <p class="speaker"><strong>${SPEAKERS[message.role]}${message.author?.name ? ` · ${message.author.name}` : ''}</strong> <span class="muted small">${formatDate(message.created_at)}</span></p>
    ${message.content || !message.attachment ? html`<p class="message-text">${message.content}</p>` : null}
    ${message.attachment ? html`<${AttachmentView} base=${base} attachment=${message.attachment} />` : null}
    ${message.suggestion_id ? html`<p class="chosen muted small">Chose a suggestion (not typed)</p>` : null}
    ${message.role === 'assistant' ? html`<${ReplyDetails} message=${message} />` : null}
    ${message.feedback
      ? html`<p class=${`feedback ${message.feedback}`}>
          <span aria-hidden="true">${message.feedback === 'up' ? '▲' : '▼'}</span> Visitor rated it ${message.feedback === 'up' ? 'helpful' : 'not helpful'}${message.feedback_comment ? `: “${message.feedback_comment}”` : ''}
        </p>`
      : null}
  </li>`;
}

function ReplyDetails({ message }: { message: Message }) {
  const confidence = message.confidence === null ? null : `${Math.round(message.confidence * 100)}%`;
  return html`<div class="reply-details small">
    <p class="muted">
      ${message.answer_type ? ANSWER_TYPES[message.answer_type] ?? message.answer_type : 'Reply'}${confidence ? ` · confidence ${confidence}` : ''}
    </p>
    ${message.sources.length > 0
      ? html`<p class="sources-label muted">Sources:</p>
          <ul class="sources">
            ${message.sources.map(
              (source) => html`<li>
                ${source.url && /^https?:\/\//i.test(source.url)
                  ? html`<a href=${source.url} target="_blank" rel="noopener noreferrer">${source.title ?? source.url}</a>`
                  : (source.title ?? source.url ?? 'Untitled passage')}
                <span class="muted"> (score ${Math.round(source.score * 100)}%)</span>
              </li>`,
            )}
          </ul>`
      : null}
    ${message.suggestions.length > 0
      ? html`<p class="sources-label muted">Suggested to the visitor:</p>
          <ul class="sources" aria-label="Suggested to the visitor">
            ${message.suggestions.map((suggestion) => html`<li key=${suggestion.knowledge_id}>${suggestion.question}</li>`)}
          </ul>`
      : null}
  </div>`;
}

function ReplyForm({ base, chatbotId, conversationId, enabled, textarea, onTyped, onSent }: { base: ConversationPath; chatbotId: string; conversationId: string; enabled: boolean; textarea: { current: HTMLTextAreaElement | null }; onTyped: (hasText: boolean) => void; onSent: (message: Message, conversation: Conversation) => void }) {
  const [text, setText] = useState('');
  const picker = useReplyPicker({ chatbotId, conversationId, textarea, setText });
  // A file and a reply are sent apart; the form shows the error of the last one tried.
  const attach = useAttach({ base, onSent });
  const send = useSubmit(async () => {
    attach.setError(null);
    const content = text.trim();
    if (!content) return;
    const turn = await api.post(`${base}/messages`, { role: 'agent', content });
    setText('');
    onTyped(false);
    onSent(turn.message, turn.conversation);
    notify('Reply sent.');
    textarea.current?.focus();
  });
  return html`<form
    class="reply-form"
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void send.run();
    }}
  >
    <label for="agent-reply">Your reply</label>
    <textarea
      id="agent-reply"
      ref=${textarea}
      rows="3"
      value=${text}
      disabled=${!enabled}
      aria-describedby=${enabled ? 'agent-reply-picker-hint' : 'agent-reply-hint'}
      ...${picker.textareaProps}
      onInput=${(event: Event) => {
        const box = event.currentTarget as HTMLTextAreaElement;
        setText(box.value);
        picker.onTextChange(box.value, box.selectionStart);
        onTyped(box.value.trim() !== '');
      }}
      onKeyDown=${(event: KeyboardEvent) => {
        // Ctrl/⌘+Enter sends; Enter alone is a new line.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void send.run();
        }
      }}
    ></textarea>
    ${picker.view}
    ${enabled ? html`<p class="hint" id="agent-reply-picker-hint">Type / and a shortcut to insert a saved reply.</p>` : html`<p class="hint" id="agent-reply-hint">Take the conversation to reply: while you have it, the bot stays quiet.</p>`}
    <${FormError} error=${send.error ?? attach.error} />
    <div class="form-actions">
      <button type="submit" class="button primary" disabled=${!enabled || send.busy || !text.trim()}>${send.busy ? 'Sending…' : 'Send reply'}</button>
      ${attach.view(enabled, () => send.setError(null))}
    </div>
  </form>`;
}

/** The visitor's rating of the ended conversation, in words as well as marks. */
function CsatLine({ csat }: { csat: NonNullable<Conversation['csat']> }) {
  const words = csat.scale === 'stars' ? `${csat.score} of 5 stars` : csat.score === 1 ? 'thumbs up' : 'thumbs down';
  const marks = csat.scale === 'stars' ? '★'.repeat(csat.score) + '☆'.repeat(5 - csat.score) : csat.score === 1 ? '👍' : '👎';
  return html`<p class="csat" data-testid="conversation-csat">
    <span aria-hidden="true">${marks}</span> Visitor rated the conversation ${words}${csat.comment ? `: “${csat.comment}”` : ''}
  </p>`;
}
