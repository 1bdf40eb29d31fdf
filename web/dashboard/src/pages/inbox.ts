// #/inbox[/{chatbot}/{conversation}]?filters: every chatbot's conversations, those waiting for a
// person first, kept current by the event stream (no reload); beside the list (below it on a
// phone, instead of it), the open conversation. The agents' start page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, encode, query, type ApiError, type Page } from '../api.js';
import { conversationCounts, listenToConversations, refreshCounts } from '../live.js';
import { href, navigate } from '../router.js';
import { conversationState, isWaiting } from '../conversation-state.js';
import { notify, session, useStore } from '../state.js';
import type { Chatbot, Conversation, EventEnvelope, Message } from '../types.js';
import { asApiError, Badge, Empty, ErrorMessage, formatDate, html, Loading, Select, useLoad } from '../ui.js';
import { ConversationView, visitorLabel } from './inbox-conversation.js';
import { isOfflineHandoff, OfflineHandoffSummary } from './offline-handoff.js';

const PAGE_SIZE = 50;
/** Handed-off conversations shown on top, before the paginated rest. */
const WAITING_LIMIT = 100;

export interface InboxFilters {
  status: string;
  channel: string;
  resolution: string;
  has_lead: string;
  /** `mine`, `unassigned` or '' (anyone's). */
  assignee: string;
  chatbot: string;
  /** Days back from now ('' = any time). */
  since: string;
  q: string;
}

const FILTER_NAMES: Array<keyof InboxFilters> = ['status', 'assignee', 'channel', 'resolution', 'has_lead', 'chatbot', 'since', 'q'];

export function filtersOf(params: URLSearchParams): InboxFilters {
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as unknown as InboxFilters;
  return filters;
}

function hashOf(filters: InboxFilters, ...segments: string[]): string {
  const search = query(Object.fromEntries(FILTER_NAMES.map((name) => [name, filters[name]])));
  return `${href('inbox', ...segments)}${search}`;
}

/** The list's query: the filters as GET /api/v1/conversations names them. */
function listParams(filters: InboxFilters) {
  return {
    status: filters.status,
    channel: filters.channel,
    resolution: filters.resolution,
    has_lead: filters.has_lead,
    assignee: filters.assignee,
    chatbot_id: filters.chatbot,
    created_after: filters.since ? new Date(Date.now() - Number(filters.since) * 86_400_000).toISOString() : undefined,
    q: filters.q,
  };
}

/** Case and accents ignored, as the server's search does. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether a conversation an event brought belongs in the list the filters describe. */
function matches(conversation: Conversation, filters: InboxFilters, me: string | null): boolean {
  if (filters.status && conversation.status !== filters.status) return false;
  if (filters.assignee === 'mine' && conversation.assignee?.member_id !== me) return false;
  if (filters.assignee === 'unassigned' && conversation.assignee) return false;
  if (filters.channel && conversation.channel !== filters.channel) return false;
  if (filters.resolution && conversation.resolution !== filters.resolution) return false;
  if (filters.has_lead && (conversation.lead_id !== null) !== (filters.has_lead === 'true')) return false;
  if (filters.chatbot && conversation.chatbot_id !== filters.chatbot) return false;
  if (filters.since && Date.parse(conversation.started_at) < Date.now() - Number(filters.since) * 86_400_000) return false;
  if (filters.q) {
    const visitor = conversation.visitor ?? {};
    const haystack = [conversation.id, visitor.name, visitor.email, visitor.phone, visitor.id].filter((value) => typeof value === 'string').join('\n');
    if (!fold(haystack).includes(fold(filters.q.trim()))) return false;
  }
  return true;
}

/** Waiting for a person first, then those with a person, then newest first (the API's order). */
function inboxOrder(a: Conversation, b: Conversation): number {
  const waiting = Number(isWaiting(b)) - Number(isWaiting(a)) || Number(b.status === 'handoff') - Number(a.status === 'handoff');
  if (waiting !== 0) return waiting;
  return b.started_at.localeCompare(a.started_at) || b.id.localeCompare(a.id);
}

function upsert(list: Conversation[], conversation: Conversation): Conversation[] {
  return [...list.filter((item) => item.id !== conversation.id), conversation].sort(inboxOrder);
}

interface ListState {
  conversations: Conversation[];
  cursor: string | null;
  hasMore: boolean;
}

async function loadList(filters: InboxFilters): Promise<ListState> {
  const params = listParams(filters);
  // Without a status filter, the waiting ones are read on their own: they may be older than the first page.
  const waiting = filters.status ? null : api.get(`/api/v1/conversations${query({ ...params, status: 'handoff', limit: WAITING_LIMIT })}`);
  const page = await api.get(`/api/v1/conversations${query({ ...params, limit: PAGE_SIZE })}`);
  let conversations = page.data;
  for (const conversation of waiting ? (await waiting).data : []) conversations = upsert(conversations, conversation);
  return { conversations: conversations.sort(inboxOrder), cursor: page.next_cursor, hasMore: page.has_more };
}

/** One stream, many readers in the page: the list and the open conversation. */
export class EventBus {
  private listeners = new Set<(envelope: EventEnvelope) => void>();
  subscribe(listener: (envelope: EventEnvelope) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(envelope: EventEnvelope): void {
    for (const listener of this.listeners) listener(envelope);
  }
}

export function InboxPage({ chatbotId, conversationId, params }: { chatbotId: string; conversationId: string; params: URLSearchParams }) {
  const filters = useMemo(() => filtersOf(params), [params.toString()]);
  const filterKey = params.toString();
  const chatbots = useLoad(async () => (await api.get(`/api/v1/chatbots${query({ limit: 100 })}`)).data, []);
  const names = useMemo(() => new Map((chatbots.data ?? []).map((chatbot) => [chatbot.id, chatbot.name])), [chatbots.data]);
  const list = useLiveList(filters, filterKey);
  const counts = useStore(conversationCounts);
  const me = useStore(session)?.member.id ?? null;
  const [live, setLive] = useState<boolean | null>(null);
  const [moreBusy, setMoreBusy] = useState(false);
  const bus = useMemo(() => new EventBus(), []);
  const [staleGeneration, setStaleGeneration] = useState(0);

  // The stream's callbacks outlive renders: they read the current values through a ref.
  const current = useRef({ filters, names, me, reload: list.reload });
  current.current = { filters, names, me, reload: list.reload };
  /** Conversations this page is taking: no "waiting" or "assigned to you" announcement for the member's own action. */
  const takenHere = useRef(new Set<string>());

  /** Puts the conversation where the filters and the order say, or out of the list. */
  const place = (conversation: Conversation) => {
    const { filters: shown, me: member } = current.current;
    list.update((conversations) => {
      const without = conversations.filter((item) => item.id !== conversation.id);
      return matches(conversation, shown, member) ? upsert(without, conversation) : without;
    });
  };

  /** The latest read per conversation: an earlier read answering last must not win. */
  const reads = useRef(new Map<string, number>());
  /**
   * Places the conversation as it is now, read again: an event's copy can be older than what the
   * list shows (the stream's backlog arriving after the list was read), and an older state would,
   * say, drop the e-mail an offline visitor left or show a taken conversation as waiting.
   */
  const placeCurrent = async (changed: Conversation) => {
    const read = (reads.current.get(changed.id) ?? 0) + 1;
    reads.current.set(changed.id, read);
    const latest = () => reads.current.get(changed.id) === read;
    try {
      const fresh = await api.get(`/api/v1/chatbots/${encode(changed.chatbot_id)}/conversations/${encode(changed.id)}`);
      if (latest()) place(fresh);
    } catch (error) {
      if (latest() && asApiError(error).status === 404) list.update((conversations) => conversations.filter((item) => item.id !== changed.id));
    }
  };

  useEffect(() => {
    void refreshCounts();
    return listenToConversations({
      connection: setLive,
      stale: () => {
        current.current.reload();
        setStaleGeneration((value) => value + 1);
        void refreshCounts();
      },
      event: (envelope) => {
        bus.emit(envelope);
        applyEvent(envelope);
      },
    });
  }, []);

  function applyEvent(envelope: EventEnvelope) {
    if (envelope.type.startsWith('conversation.')) {
      const conversation = envelope.data as Conversation;
      void refreshCounts();
      const bot = current.current.names.get(conversation.chatbot_id);
      const where = bot ? ` (${bot})` : '';
      // Taking an open conversation brings its handoff and then its assignment: the assignment ends "taking".
      if (envelope.type === 'conversation.handoff' && !takenHere.current.has(conversation.id) && isWaiting(conversation)) {
        notify(`${visitorLabel(conversation)} is waiting for a person${where}.`);
      }
      if (envelope.type === 'conversation.assigned' && !takenHere.current.delete(conversation.id) && conversation.assignee?.member_id === current.current.me) {
        notify(`${visitorLabel(conversation)} was assigned to you${where}.`);
      }
      void placeCurrent(conversation);
      return;
    }
    if (envelope.type === 'message.created') {
      const message = envelope.data as Message;
      list.update((conversations) => {
        const known = conversations.find((item) => item.id === message.conversation_id);
        if (!known) return conversations;
        return upsert(conversations, { ...known, message_count: known.message_count + 1, last_message_at: message.created_at });
      });
    }
  }

  /** The open conversation changed through this page (taken, released, ended): the list follows at once. */
  const conversationChanged = (conversation: Conversation) => {
    // Released or ended here: a later handoff of it is news again.
    if (conversation.status !== 'handoff') takenHere.current.delete(conversation.id);
    place(conversation);
    void refreshCounts();
  };

  const loadMore = async () => {
    if (!list.data?.cursor) return;
    setMoreBusy(true);
    try {
      const page = await api.get(`/api/v1/conversations${query({ ...listParams(filters), limit: PAGE_SIZE, cursor: list.data.cursor })}`);
      list.append(page);
      if (page.data.length === 0 && page.has_more) notify('No more matches in this stretch: load more to search further.');
    } catch (error) {
      notify(`More conversations could not be loaded: ${asApiError(error).message}`, 'error');
    } finally {
      setMoreBusy(false);
    }
  };

  const waiting = counts?.waiting ?? 0;
  const open = Boolean(conversationId && chatbotId);

  return html`<section class=${`inbox${open ? ' has-open' : ''}`}>
    <div class="page-header">
      <div>
        <h1 tabindex="-1" data-page-heading=${open ? undefined : ''}>
          Inbox ${counts ? html`<span class="count-badge${waiting > 0 ? ' attention' : ''}">${waiting} waiting</span>` : null}
        </h1>
        <p class="page-description">
          Conversations of every chatbot. Those waiting for a person come first.
          ${counts ? html` <span class="muted">${counts.handoff - counts.waiting} with a person · ${counts.open} with the bot · ${counts.ended} ended.</span>` : null}
        </p>
      </div>
      <p class=${`live-state${live === false ? ' offline' : ''}`} role="status">
        ${live === null ? 'Connecting…' : live ? 'Live updates on' : 'Reconnecting…'}
      </p>
    </div>
    <div class="inbox-layout">
      <div class="inbox-list-pane">
        <${InboxFilterForm} filters=${filters} chatbots=${chatbots.data ?? []} conversationPath=${open ? [chatbotId, conversationId] : []} />
        ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
        ${!list.data && !list.error ? html`<${Loading} label="Loading conversations…" />` : null}
        ${list.data && list.data.conversations.length === 0
          ? html`<${Empty} title="No conversations">
              <p>${Object.values(filters).some(Boolean) ? 'None matches these filters.' : 'New conversations appear here as visitors write.'}</p>
            <//>`
          : null}
        ${list.data && list.data.conversations.length > 0
          ? html`<ul class="inbox-list" aria-label="Conversations">
              ${list.data.conversations.map(
                (conversation) => html`<${InboxItem}
                  key=${conversation.id}
                  conversation=${conversation}
                  chatbotName=${names.get(conversation.chatbot_id) ?? 'Chatbot'}
                  selected=${conversation.id === conversationId}
                  me=${me}
                  link=${hashOf(filters, conversation.chatbot_id, conversation.id)}
                />`,
              )}
            </ul>`
          : null}
        ${list.data?.hasMore
          ? html`<p><button type="button" class="button" disabled=${moreBusy} onClick=${loadMore}>${moreBusy ? 'Loading…' : 'Load more conversations'}</button></p>`
          : null}
      </div>
      <div class="inbox-conversation-pane">
        ${open
          ? html`<p class="back-link"><a href=${hashOf(filters)}>‹ Back to the inbox</a></p>
              <${ConversationView}
                key=${conversationId}
                generation=${staleGeneration}
                chatbotId=${chatbotId}
                conversationId=${conversationId}
                chatbotName=${names.get(chatbotId) ?? 'Chatbot'}
                events=${bus}
                onChanged=${conversationChanged}
                onTaking=${(id: string, taking: boolean) => (taking ? takenHere.current.add(id) : takenHere.current.delete(id))}
              />`
          : html`<div class="inbox-placeholder"><p class="muted">Choose a conversation to read it and answer.</p></div>`}
      </div>
    </div>
  </section>`;
}

/**
 * The list: loaded when the filters change or on reload (the old list stays shown meanwhile), and
 * changed in place by events through functional updates, so two events in one batch both apply.
 */
function useLiveList(filters: InboxFilters, filterKey: string) {
  const [data, setData] = useState<ListState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setError(null);
    loadList(filters).then(
      (loaded) => current && setData(loaded),
      (caught) => current && setError(asApiError(caught)),
    );
    return () => {
      current = false;
    };
  }, [filterKey, generation]);
  return {
    data,
    error,
    reload: useCallback(() => setGeneration((value) => value + 1), []),
    update: useCallback((change: (conversations: Conversation[]) => Conversation[]) => {
      setData((previous) => (previous ? { ...previous, conversations: change(previous.conversations) } : previous));
    }, []),
    append: useCallback((page: Page<Conversation>) => {
      setData((previous) => {
        let conversations = previous?.conversations ?? [];
        for (const conversation of page.data) conversations = upsert(conversations, conversation);
        return { conversations, cursor: page.next_cursor, hasMore: page.has_more };
      });
    }, []),
  };
}

function InboxItem({ conversation, chatbotName, selected, link, me }: { conversation: Conversation; chatbotName: string; selected: boolean; link: string; me: string | null }) {
  const last = conversation.last_message_at ?? conversation.started_at;
  return html`<li class=${`inbox-item${isWaiting(conversation) ? ' waiting' : ''}${selected ? ' selected' : ''}`}>
    <a href=${link} aria-current=${selected ? 'true' : undefined}>
      <span class="inbox-item-top">
        <strong class="inbox-visitor">${visitorLabel(conversation)}</strong>
        <${Badge} status=${conversation.status} label=${conversationState(conversation, me)} />
      </span>
      <span class="inbox-item-meta muted small">
        ${chatbotName} · ${conversation.channel} · ${conversation.message_count} ${conversation.message_count === 1 ? 'message' : 'messages'}
        ${conversation.lead_id ? ' · lead' : ''}${conversation.resolution ? ` · ${conversation.resolution}` : ''}
      </span>
      ${isOfflineHandoff(conversation) ? html`<${OfflineHandoffSummary} conversation=${conversation} />` : null}
      <span class="inbox-item-meta muted small">Last activity ${formatDate(last)}</span>
    </a>
  </li>`;
}

const STATUS_OPTIONS: Array<[string, string]> = [
  ['', 'Any status'],
  ['handoff', 'Handed to a person (waiting or with one)'],
  ['open', 'With the bot'],
  ['ended', 'Ended'],
];
const ASSIGNEE_OPTIONS: Array<[string, string]> = [
  ['', 'Anyone’s'],
  ['mine', 'Mine'],
  ['unassigned', 'Nobody’s yet'],
];
const CHANNEL_OPTIONS: Array<[string, string]> = [
  ['', 'Any channel'],
  ['widget', 'Website widget'],
  ['api', 'API'],
];
const RESOLUTION_OPTIONS: Array<[string, string]> = [
  ['', 'Any resolution'],
  ['resolved', 'Resolved'],
  ['unresolved', 'Unresolved'],
  ['escalated', 'Escalated'],
];
const LEAD_OPTIONS: Array<[string, string]> = [
  ['', 'With or without a lead'],
  ['true', 'With a lead'],
  ['false', 'Without a lead'],
];
export const SINCE_OPTIONS: Array<[string, string]> = [
  ['', 'Any time'],
  ['1', 'Last 24 hours'],
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
];

function InboxFilterForm({ filters, chatbots, conversationPath }: { filters: InboxFilters; chatbots: Chatbot[]; conversationPath: string[] }) {
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  const change = (name: keyof InboxFilters, value: string) => navigate(hashOf({ ...filters, [name]: value }, ...conversationPath));
  const active = FILTER_NAMES.filter((name) => name !== 'q' && filters[name]).length;
  return html`<div class="filters">
    <form
      role="search"
      aria-label="Search conversations"
      class="search-form"
      onSubmit=${(event: Event) => {
        event.preventDefault();
        change('q', text.trim());
      }}
    >
      <label for="inbox-search" class="visually-hidden">Search by visitor name, e-mail, phone or id</label>
      <input id="inbox-search" type="search" placeholder="Visitor name, e-mail, phone or id" value=${text} onInput=${(event: Event) => setText((event.currentTarget as HTMLInputElement).value)} />
      <button type="submit" class="button">Search</button>
    </form>
    <details class="filter-panel" open=${active > 0}>
      <summary>Filters${active > 0 ? ` (${active} on)` : ''}</summary>
      <div class="filter-grid">
      <${Select} label="Status" value=${filters.status} options=${STATUS_OPTIONS} onChange=${(value: string) => change('status', value)} />
      <${Select} label="Assigned to" value=${filters.assignee} options=${ASSIGNEE_OPTIONS} onChange=${(value: string) => change('assignee', value)} />
      <${Select} label="Chatbot" value=${filters.chatbot} options=${[['', 'All chatbots'], ...chatbots.map((chatbot) => [chatbot.id, chatbot.name])]} onChange=${(value: string) => change('chatbot', value)} />
      <${Select} label="Channel" value=${filters.channel} options=${CHANNEL_OPTIONS} onChange=${(value: string) => change('channel', value)} />
      <${Select} label="Resolution" value=${filters.resolution} options=${RESOLUTION_OPTIONS} onChange=${(value: string) => change('resolution', value)} />
      <${Select} label="Lead" value=${filters.has_lead} options=${LEAD_OPTIONS} onChange=${(value: string) => change('has_lead', value)} />
      <${Select} label="Started" value=${filters.since} options=${SINCE_OPTIONS} onChange=${(value: string) => change('since', value)} />
      </div>
    </details>
    ${active > 0 || filters.q ? html`<p><a href=${href('inbox', ...conversationPath)}>Clear filters and search</a></p>` : null}
  </div>`;
}
