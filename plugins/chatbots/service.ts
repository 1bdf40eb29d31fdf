// The chatbot rules every route shares: lookup, the archived read-only rule, the plan's chatbot
// quota, and writes that publish their event in the same commit.
import { apiError, notFound } from '../../core/errors.js';
import type { ApiCaller, Platform } from '../../core/platform.js';
import type { Collection, Repository, TenantScope, WriteOp } from '../../core/store/types.js';
import { foldForSearch } from '../../core/text/fold.js';
import { presentChatbot, type Chatbot, type ChatbotDoc } from './store.js';

export class ChatbotService {
  constructor(
    private readonly platform: Platform,
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

  /** Active and paused chatbots count against the plan; archived ones do not. */
  async assertQuotaLeft(caller: ApiCaller): Promise<void> {
    const limit = caller.plan.chatbots;
    if (limit === null) return;
    const inUse = await this.repository(caller.tenant).count({ status: { in: ['active', 'paused'] } });
    if (inUse >= limit) {
      throw apiError(
        409,
        'chatbot_limit_reached',
        `The ${caller.account.plan} plan allows ${limit} chatbot${limit === 1 ? '' : 's'}; archive or delete one, or upgrade`,
      );
    }
  }

  /**
   * Applies changes with optimistic concurrency and publishes `chatbot.updated` in the same commit.
   * A concurrent change makes this a 409 conflict rather than a lost update.
   */
  async update(tenant: TenantScope, chatbot: Chatbot, changes: Partial<ChatbotDoc>, extraWrites: WriteOp[] = []) {
    const now = this.platform.now().toISOString();
    const full: Partial<ChatbotDoc> = { ...changes, updated_at: now };
    if (changes.name !== undefined) full.name_folded = foldForSearch(changes.name);
    const updated: Chatbot = { ...chatbot, ...full, version: chatbot.version + 1 };
    await this.platform.events.publish(
      tenant,
      { type: 'chatbot.updated', chatbotId: chatbot.id, data: presentChatbot(updated) },
      [this.repository(tenant).ops.update(chatbot.id, full, { ifVersion: chatbot.version }), ...extraWrites],
    );
    return updated;
  }
}
