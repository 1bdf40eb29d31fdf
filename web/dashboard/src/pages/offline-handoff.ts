// An offline handoff in the inbox (issue 28): the visitor asked for a person when nobody could
// answer (outside business hours, nobody available), was asked for an e-mail, and waits for one.
// The list and the open conversation say so, with the address they left, so the agent answers by e-mail.
import { useEffect, useState } from 'preact/hooks';
import { api, encode } from '../api.js';
import type { Conversation, ConversationContact } from '../types.js';
import { html } from '../ui.js';

/**
 * The contact details per conversation and lead, read once per page load: a list of offline
 * handoffs asks for each address a single time, and a new lead (a second address) is a new read.
 */
const contacts = new Map<string, Promise<ConversationContact | null>>();

function contactOf(conversation: Conversation): Promise<ConversationContact | null> {
  const key = `${conversation.id} ${conversation.lead_id}`;
  let contact = contacts.get(key);
  if (!contact) {
    const path = `/api/v1/chatbots/${encode(conversation.chatbot_id)}/conversations/${encode(conversation.id)}/contact` as const;
    // A failed read shows the note without the address: the lead link still leads to it.
    contact = api.get(path).catch(() => null);
    contacts.set(key, contact);
  }
  return contact;
}

function useContact(conversation: Conversation): ConversationContact | null {
  const [contact, setContact] = useState<ConversationContact | null>(null);
  useEffect(() => {
    setContact(null);
    if (!conversation.lead_id) return;
    let current = true;
    void contactOf(conversation).then((found) => current && setContact(found));
    return () => {
      current = false;
    };
  }, [conversation.id, conversation.lead_id]);
  return contact;
}

/** Whether the conversation waits as an offline handoff: handed off when nobody could answer, and no agent has written since. */
export function isOfflineHandoff(conversation: Conversation): boolean {
  return conversation.status === 'handoff' && conversation.handoff_offline === true;
}

/** In the inbox list (inside the item's link: text only). */
export function OfflineHandoffSummary({ conversation }: { conversation: Conversation }) {
  const contact = useContact(conversation);
  const email = contact?.email;
  return html`<span class="inbox-item-meta offline-note small">
    Nobody could answer: ${email ? `left ${email}` : conversation.lead_id ? 'left contact details' : 'asked for an e-mail, none left yet'}
  </span>`;
}

/** In the open conversation: the note, and the address as a link to write to. */
export function OfflineHandoffNote({ conversation }: { conversation: Conversation }) {
  const contact = useContact(conversation);
  const email = contact?.email;
  return html`<div class="offline-handoff" role="note" aria-label="Offline handoff">
    <p>
      <strong>Nobody could answer when this visitor asked for a person</strong> (outside business hours, or nobody available), so they were asked for an
      e-mail.
    </p>
    <p>
      ${email
        ? html`They left <a href=${`mailto:${email}`}>${email}</a>: answer by e-mail, or here if they are still on the page.`
        : conversation.lead_id
          ? 'They left contact details: see the lead.'
          : 'They have not left an address yet; a reply here reaches them if they are still on the page.'}
    </p>
  </div>`;
}
