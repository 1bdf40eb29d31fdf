// Ends conversations nobody wrote in for the chatbot's `inactivity_timeout_minutes`. Due
// conversations are claimed from the store with a lease (so one instance ends each, and a restart
// loses nothing); a node-cron tick every minute looks for them.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import Boom from '@hapi/boom';
import cron, { type ScheduledTask } from 'node-cron';
import type { Platform } from '../../core/platform.js';
import { RecordNotFoundError, VersionConflictError } from '../../core/store/errors.js';
import type { ClaimedRecord } from '../../core/store/types.js';
import type { ConversationService } from './service.js';
import type { ConversationDoc } from './store.js';

const LEASE_MS = 60_000;
const BATCH = 50;

export class InactivityCloser {
  readonly owner = `inactivity-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private schedule: ScheduledTask | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly service: ConversationService,
  ) {}

  start(): void {
    this.schedule = cron.schedule(
      '* * * * *',
      async () => {
        this.running = this.drain().catch((error) => this.platform.logger.error({ err: error }, 'inactivity closer failed'));
        await this.running;
      },
      { name: 'conversation-inactivity', noOverlap: true },
    );
  }

  async stop(): Promise<void> {
    await this.schedule?.stop();
    await this.running;
  }

  /** Ends every conversation due now; returns how many it ended. */
  async drain(): Promise<number> {
    let ended = 0;
    for (;;) {
      const claimed = await this.service.collections.conversations.claims!.claimDue({
        now: this.platform.now(),
        owner: this.owner,
        leaseMs: LEASE_MS,
        limit: BATCH,
      });
      for (const conversation of claimed) if (await this.close(conversation)) ended++;
      if (claimed.length < BATCH) return ended;
    }
  }

  private async close(claimed: ClaimedRecord<ConversationDoc>): Promise<boolean> {
    const tenant = claimed.scope!;
    const conversation = claimed.record;
    let closed = false;
    try {
      if (conversation.status !== 'ended') {
        const chatbot = { id: conversation.chatbot_id, status: 'active' as const, language: conversation.language };
        // Only the version claimed: a message that arrived meanwhile moved the deadline and wins.
        await this.service.end(tenant, chatbot, conversation.id, { reason: 'inactivity', ifVersion: conversation.version });
        closed = true;
      }
    } catch (error) {
      // Changed since the claim (a message moved the deadline) or deleted: nothing to end.
      const gone = error instanceof RecordNotFoundError || (Boom.isBoom(error) && error.output.statusCode === 404);
      if (!(error instanceof VersionConflictError || gone)) {
        this.platform.logger.error({ err: error, conversation_id: conversation.id }, 'could not end an inactive conversation');
      }
    }
    await this.service.collections.conversations.claims!.complete({
      id: conversation.id,
      owner: this.owner,
      now: this.platform.now(),
      changes: closed || conversation.status === 'ended' ? { close_at: null } : {},
    });
    return closed;
  }
}
