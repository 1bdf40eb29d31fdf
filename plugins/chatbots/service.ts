// The chatbot rules every route shares: lookup, the archived read-only rule, the plan's chatbot
// quota, and writes that publish their event in the same commit.
import {
  apiError,
  foldForSearch,
  notFound,
  QuotaFullError,
  type ApiCaller,
  type Collection,
  type BuiltInPluginApi,
  type Repository,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';
import { presentChatbot, type Chatbot, type ChatbotDoc } from './collections.js';

export class ChatbotService {
  constructor(
    private readonly api: BuiltInPluginApi,
    readonly collection: Collection<ChatbotDoc>,
  ) {}

  repository(tenant: TenantScope): Repository<ChatbotDoc> {
    return this.collection.forTenant(tenant);
  }

  async find(tenant: TenantScope, id: string): Promise<Chatbot> {
    const chatbot = await this.repository(tenant).get(id);
    if (!chatbot) throw notFound('chatbot', id);
    return chatbot;
  }

  /** Archived chatbots are read-only until restored. */
  assertWritable(chatbot: Chatbot): void {
    if (chatbot.status === 'archived') {
      throw apiError(409, 'chatbot_archived', `Chatbot ${chatbot.id} is archived; restore it to change it`);
    }
  }

  /**
   * Runs `commit` with the write that takes one of the plan's chatbot slots (first in the commit):
   * active and paused chatbots count against the plan, archived ones do not. The count is checked
   * too, for chatbots made before slots existed and for a plan lowered below what is in use.
   */
  async withQuotaSlot<T>(caller: ApiCaller, chatbotId: string, commit: (slotWrite: WriteOp[]) => Promise<T>): Promise<T> {
    const limit = caller.plan.chatbots;
    const repository = this.repository(caller.tenant);
    const counting = { status: { in: ['active', 'paused'] } };
    if (limit !== null && (await repository.count(counting)) >= limit) throw limitReached(caller, limit);
    try {
      return await this.api.privileged.platform.quotas.withSlot(
        caller.tenant,
        {
          quota: CHATBOT_QUOTA,
          limit,
          holders: async () => (await repository.list({ filter: counting, limit: 10_000 })).map((chatbot) => chatbot.id),
          holder: chatbotId,
          stillHolds: async (id) => ['active', 'paused'].includes((await repository.get(id))?.status ?? 'gone'),
        },
        (slot) => commit(slot ? [slot] : []),
      );
    } catch (error) {
      if (error instanceof QuotaFullError) throw limitReached(caller, limit!);
      throw error;
    }
  }

  /** The write that frees a chatbot's slot, to commit with its archiving or deletion. */
  releaseQuotaSlot(tenant: TenantScope, chatbotId: string): WriteOp {
    return this.api.privileged.platform.quotas.releaseOps(tenant, CHATBOT_QUOTA, chatbotId);
  }

  /**
   * Applies changes with optimistic concurrency and publishes `chatbot.updated` in the same commit.
   * A concurrent change makes this a 409 conflict rather than a lost update.
   */
  async update(tenant: TenantScope, chatbot: Chatbot, changes: Partial<ChatbotDoc>, writes: { before?: WriteOp[]; after?: WriteOp[] } = {}) {
    const now = this.api.now().toISOString();
    const full: Partial<ChatbotDoc> = { ...changes, updated_at: now };
    if (changes.name !== undefined) full.name_folded = foldForSearch(changes.name);
    const updated: Chatbot = { ...chatbot, ...full, version: chatbot.version + 1 };
    await this.api.events.publish(
      tenant,
      { type: 'chatbot.updated', chatbotId: chatbot.id, data: presentChatbot(updated) },
      [...(writes.before ?? []), this.repository(tenant).ops.update(chatbot.id, full, { ifVersion: chatbot.version }), ...(writes.after ?? [])],
    );
    return updated;
  }
}

const CHATBOT_QUOTA = 'chatbots';

function limitReached(caller: ApiCaller, limit: number) {
  return apiError(
    409,
    'chatbot_limit_reached',
    `The ${caller.account.plan} plan allows ${limit} chatbot${limit === 1 ? '' : 's'}; archive or delete one, or upgrade`,
  );
}
