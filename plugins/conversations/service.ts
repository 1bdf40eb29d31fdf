// The conversation rules every route shares: lookups, the state rules (paused, archived, ended),
// a visitor's turn through the answer engine, agent messages, handoff, end and resolution. Every
// change is written with its events in one commit, the conversation first.
import { performance } from 'node:perf_hooks';
import {
  apiError,
  attachmentAllowance,
  isWithinBusinessHours,
  newId,
  notFound,
  RecordNotFoundError,
  recordsInPages,
  VersionConflictError,
  backOffAfterConflict,
  type BuiltInPluginApi,
  type ChatbotProfile,
  type ChatbotSummary,
  type CsatScale,
  type EventInput,
  type LeadContact,
  type LeadDetails,
  type LeadRecorder,
  type LeadSource,
  type MemberAvailability,
  type Repository,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';
import type { Answer, AnswerEngine } from './answer/engine.js';
import type { ChatTurn } from './answer/llm.js';
import { phrasesFor } from './answer/phrases.js';
import { assertMayAssign, UNASSIGNED, type AssignmentRoster, type Assigner } from './assignment.js';
import { detectLead } from './lead-detection.js';
import { acceptFile, deleteFiles, MAX_ATTACHMENTS_PER_CONVERSATION, readFile, storeFile } from './attachments.js';
import {
  presentConversation,
  presentMessage,
  previousMessage,
  type Conversation,
  type ConversationCollections,
  type Csat,
  type ConversationDoc,
  type EndedReason,
  type Message,
  type MessageAuthor,
  type MessageDoc,
  type Resolution,
  type StoredSuggestion,
  type Visitor,
} from './collections.js';

/** How often a change is retried when another request changed the conversation meanwhile. */
const WRITE_ATTEMPTS = 5;
/** Turns of the conversation a language model sees before the question. */
const HISTORY_TURNS = 10;
/**
 * Waiting conversations one trigger (a member available, a member's handoff ended) looks at: it
 * runs in that request, so it stays bounded; what is past it waits for the next trigger.
 */
const PICK_UP_SCAN = 100;

/** A chatbot's profile by id (the chatbots plugin's directory), for work that starts from a conversation. */
export type ChatbotProfiles = (tenant: TenantScope, chatbotId: string) => Promise<ChatbotProfile | null>;

export interface TurnResult {
  message: ReturnType<typeof presentMessage>;
  reply: ReturnType<typeof presentMessage> | null;
  conversation: ReturnType<typeof presentConversation>;
}

export class ConversationService {
  constructor(
    private readonly api: BuiltInPluginApi,
    readonly collections: ConversationCollections,
    private readonly engine: AnswerEngine,
    private readonly leads: LeadRecorder,
    private readonly availability: MemberAvailability,
    private readonly roster: AssignmentRoster,
    private readonly profiles: ChatbotProfiles,
  ) {}

  conversations(tenant: TenantScope): Repository<ConversationDoc> {
    return this.collections.conversations.forTenant(tenant);
  }

  messages(tenant: TenantScope): Repository<MessageDoc> {
    return this.collections.messages.forTenant(tenant);
  }

  async find(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string): Promise<Conversation> {
    const conversation = await this.conversations(tenant).get(conversationId);
    if (!conversation || conversation.chatbot_id !== chatbot.id) throw notFound('conversation', conversationId);
    return conversation;
  }

  async findMessage(tenant: TenantScope, conversation: Conversation, messageId: string): Promise<Message> {
    const message = await this.messages(tenant).get(messageId);
    if (!message || message.conversation_id !== conversation.id) throw notFound('message', messageId);
    return message;
  }

  /** Archived chatbots are read-only; paused ones take no new visitor messages. */
  assertChatbotAccepts(chatbot: ChatbotSummary, what: 'change' | 'visitor'): void {
    if (chatbot.status === 'archived') {
      throw apiError(409, 'chatbot_archived', `Chatbot ${chatbot.id} is archived; restore it to change its conversations`);
    }
    if (what === 'visitor' && chatbot.status === 'paused') {
      throw apiError(409, 'chatbot_paused', `Chatbot ${chatbot.id} is paused; resume it to chat`);
    }
  }

  async start(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    input: { visitor: Visitor; metadata: Record<string, unknown>; language?: string; channel: ConversationDoc['channel'] },
  ): Promise<Conversation> {
    this.assertChatbotAccepts(chatbot, 'visitor');
    const now = this.api.now();
    const at = now.toISOString();
    const doc: ConversationDoc & { id: string } = {
      id: newId('conv', now.getTime()),
      chatbot_id: chatbot.id,
      status: 'open',
      channel: input.channel,
      language: input.language ?? chatbot.language,
      visitor: input.visitor,
      metadata: input.metadata,
      message_count: 0,
      user_message_count: 0,
      resolution: null,
      resolution_source: null,
      ended_reason: null,
      lead_id: null,
      had_fallback: false,
      had_negative_feedback: false,
      had_handoff: false,
      handoff_offline: false,
      lead_requested_at: null,
      close_at: this.closeAt(chatbot, now),
      started_at: at,
      last_message_at: null,
      ended_at: null,
      created_at: at,
      updated_at: at,
    };
    const conversation: Conversation = { ...doc, version: 1 };
    await this.api.events.publish(
      tenant,
      { type: 'conversation.started', chatbotId: chatbot.id, data: presentConversation(conversation) },
      [this.conversations(tenant).ops.insert(doc)],
    );
    return conversation;
  }

  /**
   * A visitor's message and the chatbot's reply (none while a human has the conversation).
   * `onDelta` receives a streamed reply piece by piece; `onStored` the visitor's stored message.
   *
   * Where the answer is immediate (retrieval mode: no language model, nothing streamed), it is
   * worked out before anything is written, and the message, the reply, the conversation's change
   * and their events go in one commit: half the writes, one read of the conversation fewer, and a
   * crash never leaves a message without its reply. A language model's reply may take seconds and
   * streams, so in LLM mode the visitor's message is stored first (an agent watching sees it at
   * once), then the reply.
   */
  async visitorTurn(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    conversationId: string,
    said: VisitorSaid | UnderstoodTurn,
    hooks: { onDelta?: (text: string) => void; onStored?: (message: ReturnType<typeof presentMessage>) => void } = {},
  ): Promise<TurnResult> {
    const received = performance.now();
    this.assertChatbotAccepts(chatbot, 'visitor');
    const { content, chosen } = 'chosen' in said ? said : await this.understand(tenant, conversationId, said);
    const now = this.api.now();
    const message = { ...this.newMessage(chatbot.id, conversationId, 'user', content, now), ...(chosen ? { suggestion_id: chosen.suggestion.knowledge_id } : {}) };
    const stored = presentMessage({ ...message, version: 1 });
    const visitorChange = (current: Conversation): ChangeDecision => {
      assertNotEnded(current);
      return {
        changes: {
          message_count: current.message_count + 1,
          user_message_count: current.user_message_count + 1,
          last_message_at: message.created_at,
          close_at: this.closeAt(chatbot, now),
          updated_at: message.created_at,
        },
        writes: [this.messages(tenant).ops.insert(message)],
        events: [messageCreated(message)],
      };
    };
    const waitingForAgent = async (conversation: Conversation): Promise<TurnResult> => {
      // Nobody was there to take it: an e-mail written in the chat is the answer to our request for one.
      if (conversation.handoff_offline) conversation = await this.leadFromOfflineHandoff(tenant, chatbot, conversation, content);
      return { message: stored, reply: null, conversation: presentConversation(conversation) };
    };

    if (chatbot.settings.answer.mode === 'llm') {
      let previousMessageAt: string | null = null;
      const conversation = await this.change(tenant, chatbot, conversationId, (current) => {
        previousMessageAt = current.last_message_at;
        return visitorChange(current);
      });
      hooks.onStored?.(stored);
      if (conversation.status === 'handoff') return waitingForAgent(conversation);
      const reply = await this.prepareReply(tenant, chatbot, conversation, previousMessageAt, message, chosen, received, hooks.onDelta);
      let handedOff = false;
      const replied = await this.change(tenant, chatbot, conversation.id, (current) => {
        const decision = this.replyChange(tenant, current, chatbot, reply);
        handedOff = decision.handedOff;
        return decision;
      });
      return this.turnResult(tenant, chatbot, stored, reply, replied, handedOff);
    }

    // Immediate: the answer first, from the conversation as the message will make it.
    const read = await this.find(tenant, chatbot, conversationId);
    const afterMessage = { ...read, ...visitorChange(read).changes } as Conversation;
    const reply = read.status === 'handoff' ? null : await this.prepareReply(tenant, chatbot, afterMessage, read.last_message_at, message, chosen, received);
    let repliedTo = false;
    let handedOff = false;
    const conversation = await this.change(tenant, chatbot, conversationId, (current) => {
      const visitor = visitorChange(current);
      // An agent took it over meanwhile (or it was handed off already): the message is theirs to answer.
      repliedTo = reply !== null && current.status !== 'handoff';
      if (!repliedTo) return visitor;
      const answered = this.replyChange(tenant, { ...current, ...visitor.changes } as Conversation, chatbot, reply!);
      handedOff = answered.handedOff;
      return {
        changes: { ...visitor.changes, ...answered.changes },
        writes: [...visitor.writes!, ...answered.writes!],
        events: [...visitor.events!, ...answered.events!],
        after: answered.after,
      };
    });
    hooks.onStored?.(stored);
    if (!repliedTo) return waitingForAgent(conversation);
    return this.turnResult(tenant, chatbot, stored, reply!, conversation, handedOff);
  }

  /**
   * Everything the chatbot replies to a visitor's message, decided but not written: the answer
   * (with the lead request and the offline notice it may carry), the reply message, and a lead the
   * message gave (recorded now). `conversation` is as the visitor's message makes it.
   */
  private async prepareReply(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    conversation: Conversation,
    previousMessageAt: string | null,
    message: MessageDoc & { id: string },
    chosen: UnderstoodTurn['chosen'],
    received: number,
    onDelta?: (text: string) => void,
  ): Promise<PreparedReply> {
    const content = message.content;
    // Contact details in the message become (or update) the conversation's lead.
    // Only the message right after our request for details is read as the answer to it.
    const answeringRequest = conversation.lead_requested_at !== null && conversation.lead_requested_at === previousMessageAt;
    const detected = detectLead(content, answeringRequest);
    let leadId = conversation.lead_id;
    if (detected) leadId = (await this.captureLead(tenant, conversation, detected.details, 'conversation')).id;

    const phrases = phrasesFor(conversation.language, chatbot.personality);
    let answer: Answer;
    if (detected && detected.remainder.split(/\s+/).filter((word) => word.length > 2).length <= 3) {
      // The message is little more than contact details ("my e-mail is …"): thank, don't search.
      answer = { content: phrases.leadThanks, answer_type: 'rule', confidence: 1, sources: [], suggestions: [], action: null, failure: null, usage: null, streamed: false };
    } else {
      answer = await this.engine.answer({
        tenant,
        chatbot,
        language: conversation.language,
        message: content,
        history: chatbot.settings.answer.mode === 'llm' ? await this.history(tenant, conversation.id, message.id) : [],
        onDelta,
        ...(chosen ? { chosen } : {}),
      });
    }

    // Ask for contact details once, after the configured number of visitor messages.
    const capture = chatbot.settings.lead_capture;
    let leadRequested = answer.action === 'lead_request';
    if (
      !leadRequested &&
      capture.enabled &&
      !leadId &&
      conversation.lead_requested_at === null &&
      conversation.user_message_count >= Math.max(1, capture.ask_after_messages) &&
      answer.action !== 'handoff'
    ) {
      answer = { ...answer, content: `${answer.content}\n\n${phrases.leadRequest(capture.fields)}` };
      leadRequested = true;
    }

    // A handoff nobody can answer now still waits in the inbox, but the visitor is told so and asked for an e-mail.
    const now = this.api.now();
    const offline = answer.action === 'handoff' && conversation.status === 'open' && !(await this.someoneCanAnswer(tenant, chatbot, now));
    if (offline) answer = { ...answer, content: phrases.handoffOffline };

    const reply: MessageDoc & { id: string } = {
      ...this.newMessage(chatbot.id, conversation.id, 'assistant', answer.content, this.api.now()),
      answer_type: answer.answer_type,
      confidence: answer.confidence,
      sources: answer.sources,
      ...(answer.suggestions.length > 0 ? { suggestions: answer.suggestions } : {}),
      response_time_ms: Math.round(performance.now() - received),
      ...(answer.usage ? { usage: answer.usage } : {}),
    };
    return { answer, reply, leadId, leadRequested, offline };
  }

  /** The conversation's change that writes a prepared reply (a handoff when the answer asks for one). */
  private replyChange(tenant: TenantScope, current: Conversation, chatbot: ChatbotProfile, prepared: PreparedReply): ChangeDecision & { handedOff: boolean } {
    const { answer, reply, leadId, leadRequested, offline } = prepared;
    const handoff = answer.action === 'handoff' && current.status === 'open';
    const changes: Partial<ConversationDoc> = {
      message_count: current.message_count + 1,
      last_message_at: reply.created_at,
      updated_at: reply.created_at,
      lead_id: leadId ?? current.lead_id,
    };
    if (answer.answer_type === 'fallback') changes.had_fallback = true;
    if (leadRequested) changes.lead_requested_at = reply.created_at;
    if (handoff) Object.assign(changes, { status: 'handoff', had_handoff: true, handoff_at: reply.created_at, handoff_offline: offline });
    const events: EventInput[] = [messageCreated(reply)];
    if (answer.failure) {
      events.push({
        type: 'chatbot.error',
        chatbotId: chatbot.id,
        data: { chatbot_id: chatbot.id, conversation_id: current.id, message_id: reply.id, error: answer.failure },
      });
    }
    return {
      changes,
      writes: [this.messages(tenant).ops.insert(reply)],
      events,
      // The handoff event carries the conversation as it is after this change.
      after: handoff ? (updated) => [handoffEvent(updated)] : undefined,
      handedOff: handoff,
    };
  }

  /** The turn's answer; a reply that handed the conversation off is assigned (when the chatbot assigns automatically). */
  private async turnResult(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    stored: TurnResult['message'],
    prepared: PreparedReply,
    conversation: Conversation,
    handedOff: boolean,
  ): Promise<TurnResult> {
    if (handedOff) conversation = await this.autoAssign(tenant, chatbot, conversation);
    return { message: stored, reply: presentMessage({ ...prepared.reply, version: 1 }), conversation: presentConversation(conversation) };
  }

  /**
   * What the visitor said: typed text, or a suggestion of the conversation's last reply chosen
   * (422 `suggestion_not_offered` for any other item: an old reply's choice would answer out of
   * turn, and an item never offered is no confirmation to learn from).
   */
  async understand(tenant: TenantScope, conversationId: string, said: VisitorSaid): Promise<UnderstoodTurn> {
    if (!said.suggestionId) return { content: said.content ?? '', chosen: null };
    const [last] = await this.messages(tenant).list({
      filter: { conversation_id: conversationId, role: { in: ['assistant', 'agent'] } },
      sort: { field: 'id', direction: 'desc' },
      limit: 1,
    });
    const suggestion = last?.suggestions?.find((offered) => offered.knowledge_id === said.suggestionId);
    if (!last || !suggestion) {
      throw apiError(422, 'suggestion_not_offered', `The conversation’s last reply did not offer ${said.suggestionId}: choose one of its \`suggestions\`, or send \`content\``);
    }
    const asked = await previousMessage(this.messages(tenant), last);
    const question = asked?.role === 'user' ? asked.content : suggestion.question;
    return { content: said.content ?? suggestion.question, chosen: { suggestion, question } };
  }

  /** A human agent's message in a conversation handed off to them. */
  async agentMessage(tenant: TenantScope, chatbot: ChatbotProfile, conversationId: string, content: string, author: MessageAuthor | null) {
    this.assertChatbotAccepts(chatbot, 'change');
    const now = this.api.now();
    const message = {
      ...this.newMessage(chatbot.id, conversationId, 'agent', content, now),
      author_id: author?.member_id ?? null,
      author_name: author?.name ?? null,
      author_avatar_url: author?.avatar_url ?? null,
    };
    const conversation = await this.change(tenant, chatbot, conversationId, (current) => {
      assertNotEnded(current);
      assertHandedOff(current, 'written in by an agent');
      return {
        // An agent answered: the request for an e-mail is over.
        changes: {
          message_count: current.message_count + 1,
          last_message_at: message.created_at,
          updated_at: message.created_at,
          close_at: this.closeAt(chatbot, now),
          handoff_offline: false,
        },
        writes: [this.messages(tenant).ops.insert(message)],
        events: [messageCreated(message)],
      };
    });
    return { message: presentMessage({ ...message, version: 1 }), reply: null, conversation: presentConversation(conversation) };
  }

  /**
   * A file sent as a message: by the visitor (`user`; the chatbot reads words, so it does not reply)
   * or by an agent in a handed-off conversation. The chunks are written first, then the attachment
   * and its message with the conversation; when that is refused (ended, not handed off) the chunks
   * go again.
   */
  async attach(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    conversationId: string,
    file: { role: 'user' | 'agent'; author: MessageAuthor | null; name: string; bytes: Buffer },
  ) {
    this.assertChatbotAccepts(chatbot, file.role === 'user' ? 'visitor' : 'change');
    const before = await this.find(tenant, chatbot, conversationId);
    assertNotEnded(before);
    if (file.role === 'agent') assertHandedOff(before, 'written in by an agent');
    const { platform } = this.api.privileged;
    const type = acceptFile(file.bytes, await attachmentAllowance(platform.config, platform.accounts, tenant));
    const records = this.collections.files.attachments.forTenant(tenant);
    /** The conversation's files so far; 409 when it holds the most it may. */
    const roomAfter = async (conversation: Conversation) => {
      const held = conversation.attachment_count ?? (await records.count({ conversation_id: conversationId }));
      if (held >= MAX_ATTACHMENTS_PER_CONVERSATION) {
        throw apiError(409, 'attachment_limit_reached', `A conversation holds at most ${MAX_ATTACHMENTS_PER_CONVERSATION} files`);
      }
      return held;
    };
    // Before the bytes are written (a full conversation costs no write), and again in the change:
    // two files sent at once both change the conversation (versioned), so the second one's change
    // is worked out again from the first one's count.
    await roomAfter(before);
    const now = this.api.now();
    const base = this.newMessage(chatbot.id, conversationId, file.role, '', now);
    const { attachment, chunkWrites } = storeFile(this.collections.files, tenant, { chatbotId: chatbot.id, conversationId, messageId: base.id, name: file.name, type, bytes: file.bytes, at: now });
    const message: MessageDoc & { id: string } = {
      ...base,
      author_id: file.author?.member_id ?? null,
      author_name: file.author?.name ?? null,
      author_avatar_url: file.author?.avatar_url ?? null,
      attachment: { id: attachment.id, name: attachment.name, content_type: attachment.content_type, size: attachment.size },
    };
    try {
      await this.api.commit(chunkWrites);
      const conversation = await this.change(tenant, chatbot, conversationId, async (current) => {
        assertNotEnded(current);
        if (file.role === 'agent') assertHandedOff(current, 'written in by an agent');
        const held = await roomAfter(current);
        const changes: Partial<ConversationDoc> = {
          attachment_count: held + 1,
          message_count: current.message_count + 1,
          // A file is the visitor writing (the resolution rules and the lead prompt count it).
          ...(file.role === 'user' ? { user_message_count: current.user_message_count + 1 } : {}),
          last_message_at: message.created_at,
          updated_at: message.created_at,
          close_at: this.closeAt(chatbot, now),
        };
        // An agent answered: the request for an e-mail is over (as for words).
        if (file.role === 'agent') changes.handoff_offline = false;
        return {
          changes,
          writes: [this.collections.files.attachments.forTenant(tenant).ops.insert(attachment), this.messages(tenant).ops.insert(message)],
          events: [messageCreated(message)],
        };
      });
      return { message: presentMessage({ ...message, version: 1 }), reply: null, conversation: presentConversation(conversation) };
    } catch (error) {
      // Refused (ended meanwhile, full) or failed part way: no chunk stays without its record. A
      // failure of this cleanup is logged; the chunks then go with the conversation.
      await this.collections.files.chunks
        .forTenant(tenant)
        .deleteMany({ attachment_id: attachment.id })
        .catch((cleanup: unknown) => this.api.logger.warn({ err: cleanup, attachment_id: attachment.id }, 'chunks of a refused attachment not deleted'));
      throw error;
    }
  }

  /** A file of the conversation, with its bytes (the caller has found the conversation). */
  file(tenant: TenantScope, conversationId: string, attachmentId: string) {
    return readFile(this.collections.files, tenant, conversationId, attachmentId);
  }

  /**
   * Hands a conversation to a person: to `assignTo.memberId` when given (an agent: only themselves),
   * else unassigned, then automatically assigned when the chatbot says so.
   */
  async handoff(
    tenant: TenantScope,
    chatbot: ChatbotProfile,
    conversationId: string,
    assignTo?: { assigner: Assigner; memberId: string },
  ): Promise<Conversation> {
    this.assertChatbotAccepts(chatbot, 'change');
    if (assignTo) return this.setAssignee(tenant, chatbot, conversationId, assignTo.assigner, assignTo.memberId, { handOff: true });
    let handedOff = false;
    const conversation = await this.change(tenant, chatbot, conversationId, (current) => {
      assertNotEnded(current);
      handedOff = current.status !== 'handoff';
      if (!handedOff) return null; // already with a human: nothing to do
      return { changes: this.handoffChanges(), after: (updated) => [handoffEvent(updated)] };
    });
    return handedOff ? this.autoAssign(tenant, chatbot, conversation) : conversation;
  }

  /** Assigns a handed-off conversation to a member, or unassigns it (`memberId` null); publishes conversation.assigned. */
  async assign(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string, assigner: Assigner, memberId: string | null): Promise<Conversation> {
    this.assertChatbotAccepts(chatbot, 'change');
    return this.setAssignee(tenant, chatbot, conversationId, assigner, memberId, { handOff: false });
  }

  async release(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string): Promise<Conversation> {
    this.assertChatbotAccepts(chatbot, 'change');
    let freed: string | null = null;
    const conversation = await this.change(tenant, chatbot, conversationId, (current) => {
      assertNotEnded(current);
      freed = null;
      if (current.status === 'open') return null;
      freed = current.assignee_id ?? null;
      // Back with the bot, it is nobody's: the assignment ends too, and says so.
      return {
        changes: { status: 'open', handoff_offline: false, ...UNASSIGNED, updated_at: this.api.now().toISOString() },
        after: current.assignee_id ? (updated) => [assignedEvent(updated)] : undefined,
      };
    });
    if (freed) await this.pickUpWaiting(tenant);
    return conversation;
  }

  /**
   * The one path of every manual assignment: the member is looked up first (404, 409 when not
   * active), then the conversation's state and the assigner's role decide. `handOff` hands an open
   * conversation off in the same change; otherwise it must be handed off already.
   */
  private async setAssignee(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    conversationId: string,
    assigner: Assigner,
    memberId: string | null,
    options: { handOff: boolean },
  ): Promise<Conversation> {
    const member = memberId === null ? null : await this.roster.member(tenant, memberId);
    let freed: string | null = null;
    const conversation = await this.change(tenant, chatbot, conversationId, async (current) => {
      assertNotEnded(current);
      freed = null;
      const handingOff = options.handOff && current.status === 'open';
      if (!handingOff) assertHandedOff(current, 'assigned');
      assertMayAssign(assigner, current, memberId);
      if (!handingOff && (current.assignee_id ?? null) === memberId) return null;
      freed = current.assignee_id ?? null;
      const events = (updated: Conversation) => [...(handingOff ? [handoffEvent(updated)] : []), assignedEvent(updated)];
      if (!member) return { changes: { ...UNASSIGNED, updated_at: this.api.now().toISOString() }, after: events };
      const assignment = await this.roster.assignment(tenant, member);
      return { changes: { ...(handingOff ? this.handoffChanges() : {}), ...assignment.changes }, first: [assignment.turn], after: events };
    });
    // The previous assignee has room again; an unassigned conversation is a waiting one itself.
    if (freed) await this.pickUpWaiting(tenant);
    return conversation;
  }

  /**
   * Automatic assignment of a conversation just handed off, when the chatbot's settings ask for it
   * and someone can answer. Best effort: a failure leaves it unassigned in the inbox (logged), and
   * never fails the handoff or the visitor's turn that caused it.
   */
  private async autoAssign(tenant: TenantScope, chatbot: ChatbotProfile, conversation: Conversation): Promise<Conversation> {
    if (!chatbot.settings.handoff.auto_assign.enabled || conversation.handoff_offline) return conversation;
    return this.assignRoundRobin(tenant, chatbot, conversation);
  }

  /** Assigns a waiting conversation to the next member round robin, when one fits; best effort, as autoAssign says. */
  private async assignRoundRobin(tenant: TenantScope, chatbot: ChatbotProfile, conversation: Conversation): Promise<Conversation> {
    try {
      return await this.change(tenant, chatbot, conversation.id, async (current) => {
        if (current.status !== 'handoff' || current.assignee_id) return null;
        const assignment = await this.roster.next(tenant, chatbot.settings.handoff.auto_assign.max_open_per_agent);
        if (!assignment) return null;
        return { changes: assignment.changes, first: [assignment.turn], after: (updated) => [assignedEvent(updated)] };
      });
    } catch (error) {
      this.api.logger.warn({ err: error, conversation: conversation.id }, 'automatic assignment failed: the conversation waits unassigned');
      return conversation;
    }
  }

  /**
   * Waiting conversations (handed off, unassigned, offline ones too) of chatbots that assign
   * automatically, given round robin, the one waiting longest first, after someone may have room:
   * a member became available, or a member's handoff ended, went back to the bot or was reassigned.
   * Each assignment is decided and written as a handoff's is (the member's turn guards the limit),
   * so two triggers at once never give one member more than the limit on SQLite. Best effort: a
   * failure is logged and leaves the rest waiting for the next trigger. Returns how many it assigned.
   */
  async pickUpWaiting(tenant: TenantScope): Promise<number> {
    try {
      const waiting = await this.conversations(tenant).list({
        filter: { status: 'handoff', assignee_id: null },
        sort: { field: 'handoff_at', direction: 'asc' },
        limit: PICK_UP_SCAN,
      });
      const chatbots = new Map<string, Promise<ChatbotProfile | null>>();
      // Nobody fits under a limit: nobody fits under a lower one either, so those are not asked again.
      let fullAt = 0;
      let assigned = 0;
      for (const conversation of waiting) {
        if (!chatbots.has(conversation.chatbot_id)) chatbots.set(conversation.chatbot_id, this.profiles(tenant, conversation.chatbot_id));
        const chatbot = await chatbots.get(conversation.chatbot_id)!;
        const rule = chatbot?.settings.handoff.auto_assign;
        if (!chatbot || chatbot.status === 'archived' || !rule?.enabled || rule.max_open_per_agent <= fullAt) continue;
        const updated = await this.assignRoundRobin(tenant, chatbot, conversation);
        if (updated.assignee_id && updated.assignee_id !== conversation.assignee_id) assigned++;
        else if (!updated.assignee_id) fullAt = rule.max_open_per_agent;
      }
      return assigned;
    } catch (error) {
      this.api.logger.warn({ err: error, tenant }, 'picking up waiting conversations failed: they wait for the next trigger');
      return 0;
    }
  }

  private handoffChanges(): Partial<ConversationDoc> {
    const at = this.api.now().toISOString();
    return { status: 'handoff', had_handoff: true, handoff_at: at, updated_at: at };
  }

  /** Ends a conversation (a no-op when it has ended already). */
  async end(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    conversationId: string,
    input: { reason: EndedReason; resolution?: Resolution; ifVersion?: number },
  ): Promise<Conversation> {
    if (input.reason !== 'inactivity') this.assertChatbotAccepts(chatbot, 'change');
    let freed = false;
    const conversation = await this.change(
      tenant,
      chatbot,
      conversationId,
      (current) => {
        freed = false;
        if (current.status === 'ended') return null;
        freed = current.status === 'handoff' && Boolean(current.assignee_id);
        const now = this.api.now().toISOString();
        const changes: Partial<ConversationDoc> = {
          status: 'ended',
          ended_reason: input.reason,
          ended_at: now,
          close_at: null,
          updated_at: now,
          resolution_at: now,
          ...(input.resolution
            ? { resolution: input.resolution, resolution_source: 'api' as const }
            : current.resolution_source === 'api'
              ? {}
              : { resolution: automaticResolution(current), resolution_source: 'auto' as const }),
        };
        return { changes, after: (updated) => [{ type: 'conversation.ended', chatbotId: chatbot.id, data: presentConversation(updated) }] };
      },
      input.ifVersion,
    );
    // Its assignee has one handoff fewer open: room for one that waits.
    if (freed) await this.pickUpWaiting(tenant);
    return conversation;
  }

  /**
   * The visitor's rating of an ended conversation, once: 409 `conversation_not_ended` before the
   * end, 409 `already_rated` after a first rating. Written with `conversation.rated`. Two ratings
   * sent at once end as one rating and one 409: the first to count the conversation's rating
   * counter goes on. (Written when the version check alone did not hold on FerretDB, whose
   * versioned update let both through before the adapter claimed versions; counters rest on
   * unique inserts, atomic on every store, and two raters need no retry.)
   */
  async rate(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string, input: { score: number; scale: CsatScale; comment: string | null }) {
    this.assertChatbotAccepts(chatbot, 'change');
    let counted = false;
    return this.change(tenant, chatbot, conversationId, async (current) => {
      if (current.status !== 'ended') {
        throw apiError(409, 'conversation_not_ended', `Conversation ${current.id} has not ended; it can be rated once it has`);
      }
      if (current.csat) throw apiError(409, 'already_rated', `Conversation ${current.id} has been rated already`);
      if (!counted) {
        counted = true;
        // A day is past any race; after it, the stored csat above is the guard.
        const ratings = await this.api.counters.increment(tenant, `csat_rating:${current.id}`, new Date(this.api.now().getTime() + 86_400_000));
        if (ratings > 1) throw apiError(409, 'already_rated', `Conversation ${current.id} has been rated already`);
      }
      const ratedAt = this.api.now().toISOString();
      const csat: Csat = { ...input, rated_at: ratedAt };
      return {
        changes: { csat, csat_at: ratedAt, updated_at: ratedAt },
        after: (updated) => [{ type: 'conversation.rated', chatbotId: chatbot.id, data: presentConversation(updated) }],
      };
    });
  }

  /**
   * The visitor asks for the conversation's deletion (the widget's privacy controls): recorded on
   * the conversation and published as `conversation.deletion_requested`, once; asking again
   * changes nothing. The owner deletes it (DELETE …/conversations/{id}): a visitor's token is no
   * proof of who wrote, and the owner may have to keep what the law asks them to.
   */
  async requestDeletion(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string) {
    return this.change(tenant, chatbot, conversationId, (current) => {
      if (current.deletion_requested_at) return null;
      const requestedAt = this.api.now().toISOString();
      return {
        changes: { deletion_requested_at: requestedAt },
        after: (updated) => [{ type: 'conversation.deletion_requested', chatbotId: chatbot.id, data: presentConversation(updated) }],
      };
    });
  }

  /** Sets what a caller may change after the fact: the resolution and the metadata. */
  async patch(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    conversationId: string,
    patch: { resolution?: Resolution | null; metadata?: Record<string, unknown> },
  ): Promise<Conversation> {
    this.assertChatbotAccepts(chatbot, 'change');
    return this.change(tenant, chatbot, conversationId, (current) => {
      const changes: Partial<ConversationDoc> = { updated_at: this.api.now().toISOString() };
      if (patch.metadata !== undefined) changes.metadata = patch.metadata;
      if (patch.resolution !== undefined) {
        changes.resolution = patch.resolution;
        changes.resolution_source = patch.resolution === null ? null : 'api';
        // A resolution set after the end is counted by analytics in the hour it was set.
        if (current.status === 'ended' && patch.resolution !== current.resolution) changes.resolution_at = changes.updated_at!;
      }
      return { changes };
    });
  }

  /**
   * Rates a reply, publishing `message.rated` with the change (nothing when the rating and comment
   * are the ones it has). A thumbs-down makes an automatically resolved conversation unresolved.
   */
  async feedback(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    conversation: Conversation,
    message: Message,
    input: { rating: 'up' | 'down'; comment: string | null },
  ): Promise<Message> {
    this.assertChatbotAccepts(chatbot, 'change');
    if (message.role === 'user') {
      throw apiError(409, 'conflict', `Message ${message.id} is the visitor's own; only replies can be rated`);
    }
    // feedback_at dates the rating for analytics, in the same write; the same rating given again
    // (a new comment) is no new rating, and keeps its date.
    const ratedAt = message.feedback === input.rating && message.feedback_at ? message.feedback_at : this.api.now().toISOString();
    let updated: Message = message;
    if (message.feedback !== input.rating || message.feedback_comment !== input.comment || !message.feedback_at) {
      const changes: Partial<MessageDoc> = { feedback: input.rating, feedback_comment: input.comment, feedback_at: ratedAt };
      updated = { ...message, ...changes, version: message.version + 1 };
      try {
        // The event carries the rated reply; other areas react to it (the knowledge base learns
        // from thumbs-ups when the chatbot lets it), durably, since it is written with the rating.
        await this.api.events.publish(tenant, { type: 'message.rated', chatbotId: chatbot.id, data: presentMessage(updated) }, [
          this.messages(tenant).ops.update(message.id, changes),
        ]);
      } catch (error) {
        if (error instanceof RecordNotFoundError) throw notFound('message', message.id); // deleted meanwhile
        throw error;
      }
    }
    if (input.rating === 'down' && !conversation.had_negative_feedback) {
      await this.change(tenant, chatbot, conversation.id, (current) => {
        const changes: Partial<ConversationDoc> = { had_negative_feedback: true, updated_at: this.api.now().toISOString() };
        if (current.resolution === 'resolved' && current.resolution_source === 'auto') {
          changes.resolution = 'unresolved';
          if (current.status === 'ended') changes.resolution_at = changes.updated_at!;
        }
        return { changes };
      });
    }
    return updated;
  }

  async delete(tenant: TenantScope, conversation: Conversation): Promise<void> {
    await this.api.commit([
      this.conversations(tenant).ops.delete(conversation.id),
      this.messages(tenant).ops.deleteMany({ conversation_id: conversation.id }),
      ...deleteFiles(this.collections.files, tenant, { conversation_id: conversation.id }),
    ]);
    // Every lead captured in it, not only its last one (a second address made another lead).
    await this.leads.forgetConversation(tenant, conversation.id);
  }

  /** How to reach the visitor: the contact details of the conversation's lead; 404 when it has none. */
  async contactOf(tenant: TenantScope, chatbot: ChatbotSummary, conversationId: string): Promise<LeadContact> {
    const conversation = await this.find(tenant, chatbot, conversationId);
    const contact = conversation.lead_id ? await this.leads.contact(tenant, conversation.lead_id) : null;
    if (!contact) throw apiError(404, 'lead_not_found', `Conversation ${conversation.id} has no lead: the visitor left no contact details`);
    return contact;
  }

  /** A deleted lead: conversations stop naming it (their messages keep what the visitor wrote). */
  async forgetLead(tenant: TenantScope, leadId: string): Promise<void> {
    const conversations = this.conversations(tenant);
    for await (const conversation of recordsInPages(conversations, { lead_id: leadId })) {
      await conversations.update(conversation.id, { lead_id: null });
    }
  }

  /**
   * Reads the conversation, computes a change from it and writes it with its events, retrying on a
   * concurrent change (of the conversation, or of a record a `first` write guards). `decide`
   * returns null for "nothing to do".
   */
  private async change(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    conversationId: string,
    decide: (current: Conversation) => ChangeDecision | null | Promise<ChangeDecision | null>,
    ifVersion?: number,
  ): Promise<Conversation> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.find(tenant, chatbot, conversationId);
      if (ifVersion !== undefined && current.version !== ifVersion) throw new VersionConflictError('conversations', conversationId);
      const decision = await decide(current);
      if (!decision) return current;
      const updated: Conversation = { ...current, ...decision.changes, version: current.version + 1 };
      const events = [...(decision.events ?? []), ...(decision.after?.(updated) ?? [])];
      const writes = [
        ...(decision.first ?? []),
        this.conversations(tenant).ops.update(current.id, decision.changes, { ifVersion: current.version }),
        ...(decision.writes ?? []),
      ];
      try {
        if (events.length > 0) await this.api.events.publishAll(tenant, events, writes);
        else await this.api.commit(writes);
        return updated;
      } catch (error) {
        if (!(error instanceof VersionConflictError) || attempt >= WRITE_ATTEMPTS || ifVersion !== undefined) throw error;
        await backOffAfterConflict(attempt);
      }
    }
  }

  /**
   * A lead given through a form (the widget's), not found in a message: recorded with that source,
   * and made the conversation's lead when it came from one.
   */
  async captureFormLead(
    tenant: TenantScope,
    chatbot: ChatbotSummary,
    input: { conversationId: string | null; source: 'widget_form' | 'handoff_offline' | 'widget_identity'; details: LeadDetails },
  ) {
    this.assertChatbotAccepts(chatbot, 'visitor');
    const conversation = input.conversationId ? await this.find(tenant, chatbot, input.conversationId) : null;
    if (conversation) assertNotEnded(conversation);
    const lead = await this.leads.capture(tenant, {
      chatbotId: chatbot.id,
      conversationId: conversation?.id ?? null,
      source: input.source,
      leadId: conversation?.lead_id ?? null,
      details: input.details,
      locale: conversation ? (conversation.visitor.locale ?? conversation.language) : null,
    });
    if (conversation && conversation.lead_id !== lead.id) {
      await this.change(tenant, chatbot, conversation.id, (current) =>
        current.lead_id === lead.id ? null : { changes: { lead_id: lead.id, updated_at: this.api.now().toISOString() } },
      );
    }
    return lead;
  }

  /** Whether a person may answer a handoff now: within the chatbot's business hours, and a member available when it asks for one. */
  private async someoneCanAnswer(tenant: TenantScope, chatbot: ChatbotProfile, now: Date): Promise<boolean> {
    const { business_hours: hours, require_available_member: needsMember } = chatbot.settings.handoff;
    if (!isWithinBusinessHours(hours, now)) return false;
    return !needsMember || this.availability.anyoneAvailable(tenant.accountId);
  }

  /** The contact details in a visitor's message after an offline handoff become the conversation's lead. */
  private async leadFromOfflineHandoff(tenant: TenantScope, chatbot: ChatbotProfile, conversation: Conversation, content: string): Promise<Conversation> {
    const detected = detectLead(content, true);
    if (!detected) return conversation;
    const lead = await this.captureLead(tenant, conversation, detected.details, 'handoff_offline');
    if (conversation.lead_id === lead.id) return conversation;
    return this.change(tenant, chatbot, conversation.id, (current) =>
      current.lead_id === lead.id ? null : { changes: { lead_id: lead.id, updated_at: this.api.now().toISOString() } },
    );
  }

  private async captureLead(tenant: TenantScope, conversation: Conversation, details: LeadDetails, source: LeadSource) {
    return this.leads.capture(tenant, {
      chatbotId: conversation.chatbot_id,
      conversationId: conversation.id,
      source,
      leadId: conversation.lead_id,
      details,
      // A number without a country code is read as the visitor's country, else the conversation language's.
      locale: conversation.visitor.locale ?? conversation.language,
    });
  }

  private async history(tenant: TenantScope, conversationId: string, currentMessageId: string): Promise<ChatTurn[]> {
    const recent = await this.messages(tenant).list({ filter: { conversation_id: conversationId }, limit: HISTORY_TURNS + 1 });
    return recent
      // A file sent without words says nothing a model reads.
      .filter((message) => message.id !== currentMessageId && message.content !== '')
      .slice(0, HISTORY_TURNS)
      .reverse()
      .map((message) => ({ role: message.role === 'user' ? 'user' : 'assistant', content: message.content }));
  }

  private newMessage(chatbotId: string, conversationId: string, role: MessageDoc['role'], content: string, at: Date): MessageDoc & { id: string } {
    return {
      id: newId('msg', at.getTime()),
      chatbot_id: chatbotId,
      conversation_id: conversationId,
      role,
      content,
      answer_type: null,
      confidence: null,
      sources: [],
      response_time_ms: null,
      feedback: null,
      feedback_comment: null,
      created_at: at.toISOString(),
    };
  }

  private closeAt(chatbot: ChatbotProfile, now: Date): string {
    return new Date(now.getTime() + chatbot.settings.inactivity_timeout_minutes * 60_000).toISOString();
  }
}

/** What a visitor sends: text, or a suggestion of the last reply chosen (its question is the text unless some is given). */
export interface VisitorSaid {
  content?: string;
  suggestionId?: string;
}

/** What the visitor said, worked out: the text stored, and the suggestion chosen with the question it answers. */
export interface UnderstoodTurn {
  content: string;
  chosen: { suggestion: StoredSuggestion; question: string } | null;
}

/** A reply decided before it is written (ConversationService.prepareReply). */
interface PreparedReply {
  answer: Answer;
  reply: MessageDoc & { id: string };
  leadId: string | null;
  leadRequested: boolean;
  offline: boolean;
}

interface ChangeDecision {
  changes: Partial<ConversationDoc>;
  /** Writes that guard the change (a version check): before the conversation's, so a store without atomic commits fails on them first. */
  first?: WriteOp[];
  writes?: WriteOp[];
  events?: EventInput[];
  after?: (updated: Conversation) => EventInput[];
}

function assertHandedOff(conversation: Conversation, what: string): void {
  if (conversation.status !== 'handoff') {
    throw apiError(409, 'conversation_not_in_handoff', `Conversation ${conversation.id} is not handed off; POST .../handoff before it is ${what}`);
  }
}

function handoffEvent(conversation: Conversation): EventInput {
  return { type: 'conversation.handoff', chatbotId: conversation.chatbot_id, data: presentConversation(conversation) };
}

/** Every change of who has a conversation, with the conversation as it is after it. */
function assignedEvent(conversation: Conversation): EventInput {
  return { type: 'conversation.assigned', chatbotId: conversation.chatbot_id, data: presentConversation(conversation) };
}

export function assertNotEnded(conversation: Conversation): void {
  if (conversation.status === 'ended') {
    throw apiError(409, 'conversation_ended', `Conversation ${conversation.id} has ended; start a new one`);
  }
}

function messageCreated(message: MessageDoc & { id: string }): EventInput {
  return { type: 'message.created', chatbotId: message.chatbot_id, data: presentMessage({ ...message, version: 1 }) };
}

/**
 * Resolution rules: escalated after a handoff; resolved when nothing went wrong (no fallback, no
 * thumbs-down); null when the visitor never wrote.
 */
function automaticResolution(conversation: Conversation): Resolution | null {
  if (conversation.had_handoff) return 'escalated';
  if (conversation.user_message_count === 0) return null;
  return conversation.had_fallback || conversation.had_negative_feedback ? 'unresolved' : 'resolved';
}
