// Background processing of knowledge items. Work is claimed from the store with a lease (so it
// survives restarts and runs once across instances); an in-process nudge starts it at once when
// an item is added, and a node-cron tick every minute catches up after restarts and runs the
// daily or weekly refresh of URL items.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BackgroundLoop } from '../../core/background.js';
import { newId } from '../../core/ids.js';
import type { Platform } from '../../core/platform.js';
import { RecordNotFoundError, VersionConflictError } from '../../core/store/errors.js';
import type { ClaimedRecord, TenantScope } from '../../core/store/types.js';
import { foldForSearch } from '../../core/text/fold.js';
import { FetchError, type Fetcher } from '../../core/http/fetcher.js';
import type { ParserPool } from './parsing/pool.js';
import { processItem } from './processor.js';
import { bumpQaRevision, presentItem, REFRESH_INTERVALS, type Item, type ItemDoc, type KnowledgeCollections } from './store.js';
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
    this.loop = new BackgroundLoop('knowledge worker', () => this.runOnce(), platform.logger);
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

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims and processes one batch; returns how many items it claimed. */
  async runOnce(): Promise<number> {
    const claimed = await this.knowledge.items.claims!.claimDue({
      now: this.platform.now(),
      owner: this.owner,
      leaseMs: LEASE_MS,
      limit: BATCH,
    });
    for (const item of claimed) await this.process(item);
    return claimed.length;
  }

  private async process(claimed: ClaimedRecord<ItemDoc>): Promise<void> {
    const tenant = claimed.scope!;
    const items = this.knowledge.items.forTenant(tenant);
    let item: Item = claimed.record;
    try {
      const started = await items.update(item.id, { status: 'processing' }, { ifVersion: item.version });
      if (!started) throw new RecordNotFoundError('knowledge_items', item.id); // deleted since it was claimed
      item = started;
      await this.finish(tenant, item, await this.outcome(item));
    } catch (error) {
      // Changed (a PATCH asked for new processing) or deleted meanwhile: drop this result. The
      // lease is released without touching process_at, so a new request stays due.
      if (!(error instanceof VersionConflictError || error instanceof RecordNotFoundError)) {
        this.platform.logger.error({ err: error, item_id: item.id }, 'knowledge item processing failed');
      }
      await this.knowledge.items.claims!.complete({ id: item.id, owner: this.owner, now: this.platform.now(), changes: {} });
    }
  }

  private async outcome(item: Item) {
    try {
      const context = { fetcher: this.fetcher, parser: this.parser, userAgent: this.platform.config.fetch.user_agent };
      return { ok: true as const, processed: await processItem(item, context) };
    } catch (error) {
      if (error instanceof FetchError || error instanceof ExtractionError) return { ok: false as const, message: error.message };
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
      changes = { status: 'failed', error: outcome.message, processed_at: now.toISOString(), updated_at: now.toISOString() };
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
    if (item.type === 'qa' && outcome.ok) await bumpQaRevision(this.platform.store, tenant, item.chatbot_id);
    const interval = item.type === 'url' && item.refresh_interval ? REFRESH_INTERVALS[item.refresh_interval] : null;
    await this.knowledge.items.claims!.complete({
      id: item.id,
      owner: this.owner,
      now,
      changes: { process_at: interval ? new Date(now.getTime() + interval).toISOString() : null },
    });
  }
}
