// The inbox's live side: the conversation counts behind the navigation badge, and the event stream
// (GET /api/v1/conversations/stream, server-sent events with the session cookie) that keeps an open
// inbox current without reloading and tells the member a visitor waits (attention.ts) on any page.
// One connection per tab, shared by every listener.
import { api, ApiError } from './api.js';
import { Store } from './state.js';
import type { ConversationCounts, EventEnvelope } from './types.js';

/** The counts by status; null until first read (or when this role cannot read them). */
export const conversationCounts = new Store<ConversationCounts | null>(null);

let countsRequest: Promise<void> | null = null;
let countsAgain = false;

/** Reads the counts again; calls made while one read is under way make one more read after it. */
export function refreshCounts(): Promise<void> {
  if (countsRequest) {
    countsAgain = true;
    return countsRequest;
  }
  // "Waiting" is handed off and nobody's: the same counts, of the unassigned.
  countsRequest = Promise.all([
    api.get('/api/v1/conversations/counts'),
    api.get('/api/v1/conversations/counts?assignee=unassigned'),
  ])
    .then(
      ([counts, unassigned]) => conversationCounts.set({ ...counts, waiting: unassigned.handoff }),
      (error: unknown) => {
        // A lost session is handled by the API client (sign-in page); anything else leaves the old badge.
        if (!(error instanceof ApiError)) throw error;
      },
    )
    .finally(() => {
      countsRequest = null;
      if (countsAgain) {
        countsAgain = false;
        void refreshCounts();
      }
    });
  return countsRequest;
}

/** What the stream tells its listener. */
export interface StreamHandlers {
  /** A conversation.* or message.* event. */
  event(envelope: EventEnvelope): void;
  /**
   * The view may have missed events: after a reconnection (the stream does not resume) or a
   * `reset` (a burst the server could not send one by one). Reload the list.
   */
  stale(): void;
  /** Connected (true) or waiting to reconnect (false). */
  connection?(connected: boolean): void;
}

const STREAMED_TYPES = ['conversation.started', 'conversation.handoff', 'conversation.assigned', 'conversation.ended', 'conversation.rated', 'message.created', 'message.rated'];
/** Reconnection waits: doubling from 1 s up to 30 s, with jitter so many tabs do not come back at once. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const listeners = new Set<StreamHandlers>();
let closeStream: (() => void) | null = null;
/** The shared connection's state, told to a listener that joins it; null while none is open. */
let connectedNow: boolean | null = null;

/** Listens to the stream (the tab's one connection, opened by the first listener) until the returned function is called. */
export function listenToConversations(handlers: StreamHandlers): () => void {
  listeners.add(handlers);
  if (!closeStream) {
    closeStream = openStream({
      event: (envelope) => listeners.forEach((listener) => listener.event(envelope)),
      stale: () => listeners.forEach((listener) => listener.stale()),
      connection: (connected) => {
        connectedNow = connected;
        listeners.forEach((listener) => listener.connection?.(connected));
      },
    });
  } else if (connectedNow !== null) {
    handlers.connection?.(connectedNow);
  }
  return () => {
    if (!listeners.delete(handlers) || listeners.size > 0) return;
    closeStream?.();
    closeStream = null;
    connectedNow = null;
  };
}

/**
 * The browser's own EventSource retry gives up on an HTTP error (a restart's 503, an expired
 * session's 401), so errors close the source and this reconnects itself with backoff.
 */
function openStream(handlers: StreamHandlers): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let connectedOnce = false;
  let stopped = false;

  const onEvent = (message: MessageEvent) => {
    try {
      handlers.event(JSON.parse(message.data as string) as EventEnvelope);
    } catch {
      // An event the page cannot read is skipped; the next reload shows its effect.
    }
  };

  const connect = () => {
    retryTimer = null;
    const opened = new EventSource('/api/v1/conversations/stream', { withCredentials: true });
    source = opened;
    let connected = false;
    // The server subscribes before it answers, so the answer's arrival (`open`) already means
    // events flow. `ready` says the same, but behind a gzip-compressing server it may wait in the
    // compressor's buffer until the next event or keep-alive (15 s), so either one will do.
    const onConnected = () => {
      if (connected || source !== opened) return;
      connected = true;
      failures = 0;
      handlers.connection?.(true);
      // Events between the first load and this moment, or while disconnected, were not sent.
      if (connectedOnce) handlers.stale();
      connectedOnce = true;
    };
    opened.addEventListener('open', onConnected);
    opened.addEventListener('ready', onConnected);
    opened.addEventListener('reset', () => handlers.stale());
    for (const type of STREAMED_TYPES) opened.addEventListener(type, onEvent as EventListener);
    opened.onerror = () => {
      opened.close();
      if (source !== opened) return;
      source = null;
      if (stopped) return;
      handlers.connection?.(false);
      // The counts request says whether the session is gone (its 401 signs the page out).
      void refreshCounts();
      const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
      failures += 1;
      retryTimer = setTimeout(connect, wait / 2 + Math.random() * (wait / 2));
    };
  };

  connect();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    source?.close();
  };
}
