// Members who are not looking are told that a visitor waits (issue 28), through the notifier a
// plugin sets (`api.notifyMembersWith`, core/contracts/member-notices.ts). Driven by deferred
// durable reactions: the job is written with the event, and one worker instance claims it, so a
// notice goes out once however many instances run, and never in the visitor's request.
import type {
  BuiltInPluginApi,
  ChatbotDirectory,
  Collection,
  EventEnvelope,
  MemberAvailability,
  MemberNotice,
  NoticeRecipient,
  TenantScope,
} from '../../core/index.js';
import { presentConversation, type ConversationDoc, type ConversationView, type MessageView } from './collections.js';

/** No team comes near it; past it, the first members by id are told. */
const MAX_RECIPIENTS = 1000;

interface Collections {
  conversations: Collection<ConversationDoc>;
}

export function tellMembersWhoAreNotLooking(api: BuiltInPluginApi, collections: Collections, chatbots: ChatbotDirectory, availability: MemberAvailability): void {
  const platform = api.privileged.platform;
  const options = { deferred: true, when: () => platform.notifyMembers !== null };

  async function recipients(accountId: string, memberId: string | null): Promise<NoticeRecipient[]> {
    const members = platform.members.global();
    // Every role answers visitors; an invited member has not signed in yet and has no dashboard to open.
    const candidates = memberId
      ? [await members.get(memberId)].filter((member) => member !== null && member.account === accountId)
      : await members.list({ filter: { account: accountId }, sort: { field: 'id', direction: 'asc' }, limit: MAX_RECIPIENTS });
    const looking = new Set(await availability.lookingMembers(accountId));
    return candidates
      .filter((member) => member!.status === 'active' && !looking.has(member!.id))
      .map((member) => ({ id: member!.id, email: member!.email, name: member!.name, role: member!.role }));
  }

  async function tell(tenant: TenantScope, notice: Omit<MemberNotice, 'members' | 'account_id' | 'mode' | 'chatbot'>, memberId: string | null): Promise<void> {
    const notify = platform.notifyMembers;
    if (!notify) return;
    const members = await recipients(tenant.accountId, memberId);
    if (members.length === 0) return;
    const chatbot = await chatbots.profile(tenant, notice.conversation.chatbot_id);
    if (!chatbot) return; // deleted since
    try {
      await notify({ ...notice, account_id: tenant.accountId, mode: tenant.mode, chatbot: { id: chatbot.id, name: chatbot.name }, members });
    } catch (error) {
      api.logger.warn({ err: error, kind: notice.kind, conversation_id: notice.conversation.id }, 'notifying members failed');
    }
  }

  platform.outbox.subscribeDurably(
    'conversation.handoff',
    'conversations.notify-members-of-handoff',
    async (event, tenant) => {
      // As it is now: automatic assignment follows the handoff in a change of its own, and only its assignee is then told.
      const conversation = await collections.conversations.forTenant(tenant).get((event.data as ConversationView).id);
      if (!conversation || conversation.status !== 'handoff') return; // ended or deleted since: nobody waits
      await tell(tenant, { kind: 'handoff', conversation: presentConversation(conversation), message: null }, conversation.assignee_id ?? null);
    },
    options,
  );

  platform.outbox.subscribeDurably(
    'message.created',
    'conversations.notify-assignee-of-visitor-message',
    async (event: EventEnvelope, tenant) => {
      const message = event.data as MessageView;
      if (message.role !== 'user') return;
      const conversation = await collections.conversations.forTenant(tenant).get(message.conversation_id);
      // Only a person's conversation: before the handoff the chatbot answers, and unassigned ones were announced by their handoff.
      if (!conversation || conversation.status !== 'handoff' || !conversation.assignee_id) return;
      await tell(
        tenant,
        { kind: 'visitor_message', conversation: presentConversation(conversation), message: { id: message.id, content: message.content, created_at: message.created_at } },
        conversation.assignee_id,
      );
    },
    options,
  );
}
