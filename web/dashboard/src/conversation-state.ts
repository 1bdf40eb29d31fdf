// Where a conversation is, in one vocabulary (issue 28): the inbox list, the open conversation and
// the filters say the same, read from the API's `status` and `assignee`.
import type { Conversation } from './types.js';

/** "With the bot", "Waiting for a person" (handed off, nobody's), "With you" / "With <name>", "Ended". */
export function conversationState(conversation: Pick<Conversation, 'status' | 'assignee'>, me: string | null): string {
  if (conversation.status === 'open') return 'With the bot';
  if (conversation.status === 'ended') return 'Ended';
  const assignee = conversation.assignee;
  if (!assignee) return 'Waiting for a person';
  return assignee.member_id === me ? 'With you' : `With ${assignee.name || 'a teammate'}`;
}

/** Handed off and nobody's yet. */
export function isWaiting(conversation: Pick<Conversation, 'status' | 'assignee'>): boolean {
  return conversation.status === 'handoff' && !conversation.assignee;
}
