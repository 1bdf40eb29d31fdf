// Telling the member who has the dashboard open that a visitor waits (issue 28): a count of what
// needs them in the tab's title, a short sound and, once they allowed it, a browser notification.
// What needs them: a new unassigned handoff, and a visitor's message in a conversation assigned to
// them, until they open that conversation. Members who are not looking are told by the server's
// notifier plugin instead (api.notifyMembersWith).
//
// Several open tabs all count, but only one sounds and notifies: the tab holding the
// `cbp-attention` Web Lock, held until it closes, when the next tab takes it over.
import { chime as playChime } from '../../lib/chime.js';
import { api } from './api.js';
import { listenToConversations } from './live.js';
import { href, navigate } from './router.js';
import { Store } from './state.js';
import { messageSummary, type Conversation, type EventEnvelope, type Message } from './types.js';

/** Conversation ids that need the member, with how many events each brought since it was last seen. */
export const needsYou = new Store<Map<string, number>>(new Map());
/** Whether this member's tabs play the sound; kept per member in this browser. */
export const soundOn = new Store<boolean>(true);
/** The browser's notification permission, or 'unsupported'. */
export const notificationPermission = new Store<NotificationPermission | 'unsupported'>('unsupported');

const soundKey = (memberId: string) => `cbp.attention.sound.${memberId}`;

export function setSound(memberId: string, on: boolean): void {
  localStorage.setItem(soundKey(memberId), on ? 'on' : 'off');
  soundOn.set(on);
}

/** Only ever called from a click: the browser's prompt is the member's choice, never shown on load. */
export async function askForNotifications(): Promise<void> {
  if (typeof Notification === 'undefined') return;
  notificationPermission.set(await Notification.requestPermission());
}

let lead = false;
/** One tab per browser alerts; a browser without Web Locks alerts in every tab. */
function claimLead(): void {
  if (!navigator.locks) {
    lead = true;
    return;
  }
  void navigator.locks.request('cbp-attention', () => {
    lead = true;
    return new Promise<void>(() => undefined); // held until the tab closes
  });
}

/** The agent's alert: louder and longer than the widget's, it has to be heard across a room. */
const chime = () => playChime({ gap: 0.15, length: 0.3, volume: 0.15 });

function alertMember(title: string, body: string, conversation: { id: string; chatbot_id: string }, tag: string): void {
  if (!lead) return;
  if (soundOn.value) chime();
  if (notificationPermission.value !== 'granted') return;
  const shown = new Notification(title, { body, tag });
  shown.onclick = () => {
    window.focus();
    navigate(href('inbox', conversation.chatbot_id, conversation.id));
    shown.close();
  };
}

let baseTitle = '';
function showCount(): void {
  let total = 0;
  for (const count of needsYou.value.values()) total += count;
  document.title = total > 0 ? `(${total}) ${baseTitle}` : baseTitle;
}

function change(update: (items: Map<string, number>) => void): void {
  const items = new Map(needsYou.value);
  update(items);
  needsYou.set(items);
  showCount();
}

let openConversation: string | null = null;
const isSeen = (conversationId: string) => conversationId === openConversation && document.visibilityState === 'visible';

/** The conversation the inbox shows now (null: none); what it brings is seen, and clears from the count. */
export function conversationOpened(conversationId: string | null): void {
  openConversation = conversationId;
  if (conversationId && isSeen(conversationId) && needsYou.value.has(conversationId)) change((items) => items.delete(conversationId));
}

const visitorOf = (conversation: Conversation) => conversation.visitor?.name || conversation.visitor?.email || 'A visitor';

/**
 * Listens while the member is signed in; returns the stop. `memberId` decides what is theirs and
 * whose sound setting applies.
 */
export function watchForVisitors(memberId: string): () => void {
  baseTitle = document.title.replace(/^\(\d+\) /, '');
  soundOn.set(localStorage.getItem(soundKey(memberId)) !== 'off');
  notificationPermission.set(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  claimLead();
  needsYou.set(new Map());
  const mine = new Set<string>();
  // Conversations already assigned to the member: their visitors' messages count from now on.
  void api
    .get('/api/v1/conversations?assignee=mine&status=handoff&limit=100')
    .then((page) => page.data.forEach((conversation) => mine.add(conversation.id)))
    .catch(() => undefined); // a 401 signs out through the API client; otherwise the events still fill it

  const onVisible = () => conversationOpened(openConversation);
  document.addEventListener('visibilitychange', onVisible);

  const needs = (conversationId: string) => {
    if (!isSeen(conversationId)) change((items) => items.set(conversationId, (items.get(conversationId) ?? 0) + 1));
  };

  const onEvent = (envelope: EventEnvelope) => {
    if (envelope.type === 'conversation.handoff' || envelope.type === 'conversation.assigned') {
      const conversation = envelope.data as Conversation;
      const assignee = conversation.assignee?.member_id ?? null;
      if (assignee === memberId) mine.add(conversation.id);
      else mine.delete(conversation.id);
      // Somebody else has it now: it no longer waits for this member.
      if (assignee && assignee !== memberId && needsYou.value.has(conversation.id)) change((items) => items.delete(conversation.id));
      // A handoff that comes assigned is a member taking an open conversation (their own action) or
      // an owner's choice, which the inbox announces; only one nobody has yet waits.
      if (envelope.type === 'conversation.handoff' && conversation.status === 'handoff' && assignee === null) {
        needs(conversation.id);
        alertMember('A visitor is waiting for a person', `${visitorOf(conversation)} asked for a person.`, conversation, envelope.id);
      }
      return;
    }
    if (envelope.type === 'conversation.ended') {
      const conversation = envelope.data as Conversation;
      mine.delete(conversation.id);
      if (needsYou.value.has(conversation.id)) change((items) => items.delete(conversation.id));
      return;
    }
    if (envelope.type === 'message.created') {
      const message = envelope.data as Message;
      if (message.role !== 'user' || !mine.has(message.conversation_id)) return;
      needs(message.conversation_id);
      alertMember('New message from a visitor', messageSummary(message).slice(0, 140), { id: message.conversation_id, chatbot_id: message.chatbot_id }, envelope.id);
    }
  };

  const stop = listenToConversations({ event: onEvent, stale: () => undefined });
  return () => {
    stop();
    document.removeEventListener('visibilitychange', onVisible);
    document.title = baseTitle;
  };
}
