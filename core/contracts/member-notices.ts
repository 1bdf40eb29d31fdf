// Telling members who are not looking at the dashboard that a visitor waits (issue 28): the
// platform decides who and when, a plugin decides how (e-mail, Slack, chat) through
// `api.notifyMembersWith`. The dashboard tells members who are looking by itself.
import type { MemberRole } from '../auth/members.js';

export type MemberNoticeKind = 'handoff' | 'visitor_message';

export interface NoticeRecipient {
  id: string;
  email: string;
  name: string;
  role: MemberRole;
}

export interface MemberNotice {
  /** `handoff`: a conversation was handed off; `visitor_message`: the visitor wrote in a conversation assigned to the member. */
  kind: MemberNoticeKind;
  account_id: string;
  mode: 'live' | 'test';
  /** The conversation as the API returns it (status, assignee, visitor, …) when the event happened. */
  conversation: Record<string, unknown> & { id: string; chatbot_id: string };
  chatbot: { id: string; name: string };
  /** The visitor's message, for `visitor_message`; null for `handoff`. */
  message: { id: string; content: string; created_at: string } | null;
  /** Who to tell: never empty, and none of them has a dashboard open now. */
  members: NoticeRecipient[];
}

/**
 * Called once per event across every instance, from a worker's background loop (never in the
 * request that caused it). A failure is logged and not retried: a late copy of a notice is worth
 * less than a duplicate is annoying.
 */
export type MemberNotifier = (notice: MemberNotice) => Promise<void>;
