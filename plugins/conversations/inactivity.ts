// Ends conversations nobody wrote in for the chatbot's `inactivity_timeout_minutes`. Due
// conversations are claimed from the store with a lease (so one instance ends each, and a restart
// loses nothing); a node-cron tick every minute looks for them.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import Boom from '@hapi/boom';
import {
  RecordNotFoundError,
  retryAfterFailure,
  VersionConflictError,
  yieldToEventLoop,
  type BackgroundLoop,
  type BuiltInPluginApi,
  type ClaimedRecord,
} from '../../core/index.js';
import type { ConversationService } from './service.js';
import type { ConversationDoc } from './collections.js';

const LEASE_MS = 60_000;
const BATCH = 50;

export class InactivityCloser {
  readonly owner = `inactivity-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly service: ConversationService,
  ) {
    this.loop = api.loop('inactivity closer', () => this.closeBatch());
  }

  /** Every minute: deadlines are in minutes. */
  start(): void {
    this.loop.startSchedule('* * * * *');
  }

  stop(deadlineMs?: number): Promise<void> {
    return this.loop.stop(deadlineMs);
  }

  /** Ends every conversation due now. */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Claims one batch of due conversations and ends them; returns how many it claimed. */
  private async closeBatch(): Promise<number> {
    const claimed = await this.service.collections.conversations.claims!.claimDue({
      now: this.api.now(),
      owner: this.owner,
      leaseMs: LEASE_MS,
      limit: BATCH,
    });
    for (const conversation of claimed) {
      await this.close(conversation);
      await yieldToEventLoop();
    }
    return claimed.length;
  }

  private async close(claimed: ClaimedRecord<ConversationDoc>): Promise<void> {
    const tenant = claimed.scope!;
    const conversation = claimed.record;
    let changes: Partial<ConversationDoc> = {};
    try {
      if (conversation.status !== 'ended') {
        const chatbot = { id: conversation.chatbot_id, status: 'active' as const, language: conversation.language };
        // Only the version claimed: a message that arrived meanwhile moved the deadline and wins.
        await this.service.end(tenant, chatbot, conversation.id, { reason: 'inactivity', ifVersion: conversation.version });
      }
      changes = { close_at: null };
    } catch (error) {
      // Changed since the claim (a message moved the deadline) or deleted: nothing to end.
      const gone = error instanceof RecordNotFoundError || (Boom.isBoom(error) && error.output.statusCode === 404);
      if (!(error instanceof VersionConflictError || gone)) {
        // Try again later with backoff rather than at once, over and over; in the end, give up.
        const { failures, retryAt } = retryAfterFailure(this.api.now(), conversation.close_failures ?? 0);
        this.api.logger.error({ err: error, conversation_id: conversation.id, failures, retry_at: retryAt }, 'could not end an inactive conversation');
        changes = { close_at: retryAt?.toISOString() ?? null, close_failures: retryAt ? failures : 0 };
      }
    }
    await this.service.collections.conversations.claims!.complete({
      id: conversation.id,
      owner: this.owner,
      now: this.api.now(),
      changes,
    });
  }
}
