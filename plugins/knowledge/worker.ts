// Background processing of knowledge items. Work is claimed from the store with a lease (so it
// survives restarts and runs once across instances); an in-process nudge starts it at once when
// an item is added, and a node-cron tick every minute catches up after restarts and runs the
// daily or weekly refresh of URL items.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BackgroundLoop, retryAfterFailure, yieldToEventLoop } from '../../core/background.js';
import { newId } from '../../core/ids.js';
import type { Platform } from '../../core/platform.js';
import { RecordNotFoundError, VersionConflictError } from '../../core/store/errors.js';
import type { ClaimedRecord, TenantScope } from '../../core/store/types.js';
import { foldForSearch } from '../../core/text/fold.js';
import { FetchError, type Fetcher } from '../../core/http/fetcher.js';
import { ParserBusyError, type ParserPool } from './parsing/pool.js';
import { processItem } from './processor.js';
import { bumpKnowledgeRevision, presentItem, REFRESH_INTERVALS, type Item, type ItemDoc, type KnowledgeCollections } from './store.js';
import { ExtractionError } from './text/documents.js';

/** Long enough for a crawl of 100 pages at the fetch timeout; a dead worker's items wait this long. */
const LEASE_MS = 30 * 60_000;
const BATCH = 4;

export class KnowledgeWorker {
  readonly owner = `knowledge-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly platform: Platform,
    private readonly knowledge: KnowledgeCollections,
    private readonly fetcher: Fetcher,
    private readonly parser: ParserPool,
  ) {
    this.loop = new BackgroundLoop('knowledge worker', (signal) => this.runOnce(signal), platform.logger);
  }

  /** Process what is due now, in the background; calls while running fold into one more pass. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Processes until nothing is due (tests, and callers that want the result now). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Every minute: scheduled URL refreshes, and items a stopped instance left. */
  startSchedule(): void {
    this.loop.startSchedule('* * * * *');
  }

  /** Waits for the item in progress up to `deadlineMs`, then aborts it (it is released for another try). */
  stop(deadlineMs?: number): Promise<void> {
    return this.loop.stop(deadlineMs);
  }

  /** Claims and processes one batch; returns how many items it claimed. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    const claimed = await this.knowledge.items.claims!.claimDue({
      now: this.platform.now(),
      owner: this.owner,
      leaseMs: LEASE_MS,
      limit: BATCH,
    });
    for (const item of claimed) {
      if (signal?.aborted) {
        // Shutting down: give the rest back at once instead of making them wait out the lease.
        await this.knowledge.items.claims!.release({ id: item.record.id, owner: this.owner, now: this.platform.now() });
        continue;
      }
      await this.process(item, signal);
      await yieldToEventLoop();
    }
    return claimed.length;
  }

  private async process(claimed: ClaimedRecord<ItemDoc>, signal?: AbortSignal): Promise<void> {
    const tenant = claimed.scope!;
    const items = this.knowledge.items.forTenant(tenant);
    let item: Item = claimed.record;
    try {
      const started = await items.update(item.id, { status: 'processing' }, { ifVersion: item.version });
      if (!started) throw new RecordNotFoundError('knowledge_items', item.id); // deleted since it was claimed
      item = started;
      await this.finish(tenant, item, await this.outcome(item, signal));
    } catch (error) {
      if (signal?.aborted) {
        await this.knowledge.items.claims!.release({ id: item.id, owner: this.owner, now: this.platform.now() });
        return;
      }
      if (error instanceof VersionConflictError || error instanceof RecordNotFoundError) {
        // Changed (a PATCH asked for new processing) or deleted meanwhile: drop this result. The
        // lease is released without touching process_at, so a new request stays due.
        await this.knowledge.items.claims!.complete({ id: item.id, owner: this.owner, now: this.platform.now(), changes: {} });
        return;
      }
      await this.retryLater(tenant, item, error);
    }
  }

  /**
   * The result could not be written (a store error, data the store refuses) or the parser was too
   * busy: try again later with backoff, and after the last try mark the item failed, so a poisoned
   * item never spins the loop.
   */
  private async retryLater(tenant: TenantScope, item: Item, error: unknown): Promise<void> {
    const now = this.platform.now();
    const { failures, retryAt } = retryAfterFailure(now, item.processing_failures ?? 0);
    this.platform.logger.error({ err: error, item_id: item.id, failures, retry_at: retryAt }, 'knowledge item could not be saved');
    if (retryAt) {
      await this.knowledge.items.claims!.complete({
        id: item.id,
        owner: this.owner,
        now,
        changes: { status: 'pending', process_at: retryAt.toISOString(), processing_failures: failures },
      });
      return;
    }
    const changes: Partial<ItemDoc> = {
      status: 'failed',
      error: `The item could not be processed and saved after ${failures} tries (internal error); change it or add it again`,
      process_at: null,
      processing_failures: 0,
      processed_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    if (!(await this.knowledge.items.claims!.complete({ id: item.id, owner: this.owner, now, changes }))) return;
    // Best effort: the event carries the item, which may be what the store refused.
    await this.platform.events
      .publish(tenant, { type: 'knowledge.failed', chatbotId: item.chatbot_id, data: presentItem({ ...item, ...changes, version: item.version + 1 }) })
      .catch((publishError: unknown) =>
        this.platform.logger.error({ err: publishError, item_id: item.id }, 'knowledge.failed could not be recorded'),
      );
  }

  private async outcome(item: Item, signal?: AbortSignal) {
    try {
      const context = { fetcher: this.fetcher, parser: this.parser, userAgent: this.platform.config.fetch.user_agent, signal };
      return { ok: true as const, processed: await processItem(item, context) };
    } catch (error) {
      if (error instanceof FetchError || error instanceof ExtractionError) return { ok: false as const, message: error.message };
      // Shutting down: the caller releases the item; a full parser queue is tried again with backoff.
      if (signal?.aborted || error instanceof ParserBusyError) throw error;
      this.platform.logger.error({ err: error, item_id: item.id }, 'knowledge item could not be processed');
      return { ok: false as const, message: 'The item could not be processed (internal error)' };
    }
  }

  /** Writes the result with its event in one commit (the item first), then ends the lease. */
  private async finish(tenant: TenantScope, item: Item, outcome: Awaited<ReturnType<KnowledgeWorker['outcome']>>) {
    const now = this.platform.now();
    const items = this.knowledge.items.forTenant(tenant);
    const chunks = this.knowledge.chunks.forTenant(tenant);
    let changes: Partial<ItemDoc>;
    const writes = [];
    if (outcome.ok) {
      const { processed } = outcome;
      changes = {
        status: 'ready',
        error: null,
        processing_failures: 0,
        title: processed.title,
        title_folded: foldForSearch(processed.title ?? ''),
        pages: processed.pages,
        chunk_count: processed.chunks.length,
        char_count: processed.charCount,
        processed_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      writes.push(
        items.ops.update(item.id, changes, { ifVersion: item.version }),
        chunks.ops.deleteMany({ item_id: item.id }),
        ...processed.chunks.map((chunk) =>
          chunks.ops.insert({ id: newId('chk', now.getTime()), chatbot_id: item.chatbot_id, item_id: item.id, ...chunk }),
        ),
      );
    } else {
      // A failed refresh keeps the chunks it had: the chatbot goes on answering from them.
      changes = {
        status: 'failed',
        error: outcome.message,
        processing_failures: 0,
        processed_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      writes.push(items.ops.update(item.id, changes, { ifVersion: item.version }));
    }
    await this.platform.events.publish(
      tenant,
      {
        type: outcome.ok ? 'knowledge.ready' : 'knowledge.failed',
        chatbotId: item.chatbot_id,
        data: presentItem({ ...item, ...changes, version: item.version + 1 }),
      },
      writes,
    );
    if (outcome.ok) await bumpKnowledgeRevision(this.platform.store, tenant, item.chatbot_id);
    const interval = item.type === 'url' && item.refresh_interval ? REFRESH_INTERVALS[item.refresh_interval] : null;
    await this.knowledge.items.claims!.complete({
      id: item.id,
      owner: this.owner,
      now,
      changes: { process_at: interval ? new Date(now.getTime() + interval).toISOString() : null },
    });
  }
}
