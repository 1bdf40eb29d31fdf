// Typing indicators of handed-off conversations (issue 28): the agent's "… is typing" for the
// visitor, the visitor's for the agent. Transient state, not a message and not an event: one
// record per conversation in the store (not in memory, since the visitor's widget and the agent's
// dashboard usually reach different instances), whose marks count for TYPING_FRESH_SECONDS.
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import { apiError, tenantOf, UniqueConstraintError, type BuiltInPluginApi, type Collection, type PluginRoute, type CollectionDeclarer, type Stored, type TenantScope } from '../../core/index.js';
import { authorOf } from './message-routes.js';
import type { ChatbotLookup } from './routes.js';
import { conversationParams, memberAsAuthor } from './schemas.js';
import type { ConversationService } from './service.js';
import type { Conversation, MessageAuthor } from './collections.js';

/** A mark older than this is stale: the typer stopped, or closed the page, without saying so. */
export const TYPING_FRESH_SECONDS = 6;
/** Clients send a mark at most this often while typing; the store is written at most once a second per side. */
export const TYPING_INTERVAL_SECONDS = 2;
const WRITE_AT_MOST_EVERY_MS = 1000;

export interface TypingDoc {
  chatbot_id: string;
  /** The member who typed last, as the visitor sees them; null once they stopped. */
  agent_id: string | null;
  agent_name: string | null;
  agent_avatar_url: string | null;
  agent_at: string | null;
  visitor_at: string | null;
}

export type Typing = Stored<TypingDoc>;

/** The member typing: the same as a message's author. */
export type TypingAgent = MessageAuthor;

export function declareTyping(store: CollectionDeclarer): Collection<TypingDoc> {
  // chatbot_id: a deleted chatbot's marks go with its conversations.
  return store.collection<TypingDoc>({ name: 'conversation_typing', scope: 'tenant', indexes: [{ fields: ['chatbot_id'] }] });
}

export interface TypingMarks {
  /** The agent typing now, or null. */
  agentTyping(tenant: TenantScope, conversationId: string): Promise<TypingAgent | null>;
  /** Marks (or, with typing false, clears) the visitor's typing in a handed-off conversation. */
  markVisitor(tenant: TenantScope, conversation: Pick<Conversation, 'id' | 'chatbot_id' | 'status'>, typing: boolean): Promise<void>;
}

const EMPTY: TypingDoc = { chatbot_id: '', agent_id: null, agent_name: null, agent_avatar_url: null, agent_at: null, visitor_at: null };

export class TypingStore implements TypingMarks {
  constructor(
    private readonly clock: Pick<BuiltInPluginApi, 'now'>,
    private readonly collection: Collection<TypingDoc>,
  ) {}

  private fresh(at: string | null): boolean {
    return at !== null && Date.parse(at) > this.clock.now().getTime() - TYPING_FRESH_SECONDS * 1000;
  }

  /** A mark written within the last second is not written again: a client that sends too often costs no writes. */
  private recent(at: string | null): boolean {
    return at !== null && Date.parse(at) > this.clock.now().getTime() - WRITE_AT_MOST_EVERY_MS;
  }

  async read(tenant: TenantScope, conversationId: string): Promise<Typing | null> {
    return this.collection.forTenant(tenant).get(conversationId);
  }

  async agentTyping(tenant: TenantScope, conversationId: string): Promise<TypingAgent | null> {
    return this.agentIn(await this.read(tenant, conversationId));
  }

  agentIn(record: Typing | null): TypingAgent | null {
    if (!record || !record.agent_id || !this.fresh(record.agent_at)) return null;
    return { member_id: record.agent_id, name: record.agent_name ?? '', avatar_url: record.agent_avatar_url };
  }

  visitorTyping(record: Typing | null): boolean {
    return record !== null && this.fresh(record.visitor_at);
  }

  async markAgent(tenant: TenantScope, conversation: Conversation, agent: TypingAgent, typing: boolean): Promise<Typing | null> {
    assertHandedOff(conversation);
    const current = await this.read(tenant, conversation.id);
    if (typing && current?.agent_id === agent.member_id && this.recent(current.agent_at)) return current;
    if (!typing && current?.agent_id !== agent.member_id) return current; // someone else's mark stays
    const changes: Partial<TypingDoc> = typing
      ? { agent_id: agent.member_id, agent_name: agent.name, agent_avatar_url: agent.avatar_url, agent_at: this.clock.now().toISOString() }
      : { agent_id: null, agent_name: null, agent_avatar_url: null, agent_at: null };
    return this.write(tenant, conversation, changes);
  }

  async markVisitor(tenant: TenantScope, conversation: Pick<Conversation, 'id' | 'chatbot_id' | 'status'>, typing: boolean): Promise<void> {
    assertHandedOff(conversation);
    const current = await this.read(tenant, conversation.id);
    if (typing && current && this.recent(current.visitor_at)) return;
    if (!typing && !current?.visitor_at) return;
    await this.write(tenant, conversation, { visitor_at: typing ? this.clock.now().toISOString() : null });
  }

  private async write(tenant: TenantScope, conversation: Pick<Conversation, 'id' | 'chatbot_id'>, changes: Partial<TypingDoc>): Promise<Typing> {
    const records = this.collection.forTenant(tenant);
    const updated = await records.update(conversation.id, changes);
    if (updated) return updated;
    try {
      return await records.insert({ ...EMPTY, chatbot_id: conversation.chatbot_id, ...changes, id: conversation.id });
    } catch (error) {
      // The other side's first mark came first: this one is an update of it.
      if (!(error instanceof UniqueConstraintError)) throw error;
      return (await records.update(conversation.id, changes))!;
    }
  }
}

function assertHandedOff(conversation: Pick<Conversation, 'id' | 'status'>): void {
  if (conversation.status === 'ended') throw apiError(409, 'conversation_ended', `Conversation ${conversation.id} has ended`);
  if (conversation.status !== 'handoff') {
    throw apiError(409, 'conversation_not_in_handoff', `Conversation ${conversation.id} is not handed off: nobody types to the visitor`);
  }
}

const typingResponse = Joi.object({
  agent: memberAsAuthor
    .allow(null)
    .required()
    .label('TypingAgent')
    .description(`The member who typed in the last ${TYPING_FRESH_SECONDS} seconds, as the visitor sees them; null when nobody did`),
  visitor_typing: Joi.boolean().required().description(`Whether the visitor typed in the last ${TYPING_FRESH_SECONDS} seconds`),
}).label('ConversationTyping');

const typingInput = Joi.object({
  typing: Joi.boolean().default(true).description('false: stopped (e.g. the reply was sent or the box emptied)'),
})
  .empty(null)
  .default()
  .label('TypingInput');

const agentToo = { platform: { chatbotKey: true, agent: true } };

/** The signed-in member, as visitors see them; keys and tokens type for nobody. */
function typingAgentOf(request: Request): TypingAgent {
  const agent = authorOf(request);
  if (!agent) throw apiError(403, 'member_required', 'Typing is shown with a member’s name: sign in to the dashboard; API keys and tokens cannot type');
  return agent;
}

export function typingRoutes(service: ConversationService, chatbots: ChatbotLookup, typing: TypingStore): PluginRoute[] {
  const convIdOf = (request: Request) => (request.params as { convId: string }).convId;
  const present = (record: Typing | null) => ({ agent: typing.agentIn(record), visitor_typing: typing.visitorTyping(record) });

  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/conversations/{convId}/typing',
      options: {
        description: 'Who is typing in a conversation',
        notes:
          `The agent who typed in the last ${TYPING_FRESH_SECONDS} seconds (as the visitor sees them) and whether the visitor did. ` +
          'Not stored as messages and not published as events: read it while the conversation is open (the dashboard does every ' +
          `${TYPING_INTERVAL_SECONDS} seconds while it is handed off).`,
        tags: ['api', 'conversations'],
        plugins: agentToo,
        validate: { params: conversationParams, query: Joi.object({}) },
        response: { schema: typingResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const conversation = await service.find(tenant, await chatbots.summary(request), convIdOf(request));
          return present(await typing.read(tenant, conversation.id));
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/conversations/{convId}/typing',
      options: {
        description: 'Tell the visitor the signed-in member is typing',
        notes:
          `What the dashboard sends at most every ${TYPING_INTERVAL_SECONDS} seconds while the reply box has input; the widget shows ` +
          `“<name> is typing…” for ${TYPING_FRESH_SECONDS} seconds after the last one. \`{"typing": false}\` clears it at once. ` +
          'The answer says whether the visitor is typing. A dashboard member only (403 `member_required` for keys and tokens); ' +
          'the conversation must be handed off (409 `conversation_not_in_handoff`, `conversation_ended`).',
        tags: ['api', 'conversations'],
        plugins: { platform: { ...agentToo.platform, errors: { 403: ['member_required'], 409: ['conversation_ended', 'conversation_not_in_handoff'] } } },
        validate: { params: conversationParams, payload: typingInput },
        response: { schema: typingResponse },
        handler: async (request) => {
          const agent = typingAgentOf(request);
          const tenant = tenantOf(request);
          const conversation = await service.find(tenant, await chatbots.summary(request), convIdOf(request));
          const { typing: typingNow } = request.payload as { typing: boolean };
          const record = await typing.markAgent(tenant, conversation, agent, typingNow);
          return present(record);
        },
      },
    },
  ];
}
