// Background processing of knowledge items. Work is claimed from the store with a lease (so it
// survives restarts and runs once across instances); an in-process nudge starts it at once when
// an item is added, and a node-cron tick every minute catches up after restarts and runs the
// daily or weekly refresh of URL items.
//
// Two loops share the work, so a long crawl never holds back an import of Q&A pairs:
// - Q&A pairs, most of any import, are claimed hundreds at a time. Short ones are analysed on this
//   thread (a pair is a few words: a round trip to a parser thread costs more than the work) and
//   written in slices of about 10 ms between yields to the event loop: per tenant, the slice's
//   items, chunks and one knowledge.ready event per item in one commit. A long pair goes alone
//   through a parser thread.
// - Documents and URLs are claimed a few at a time and go through the parser threads. Documents
//   are read one after the other in a thread while this thread writes those already read,
//   together when they come in quick succession. URLs are crawled one by one, each written when
//   done: a crawl may take minutes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  FetchError,
  foldForSearch,
  groupByTenant,
  newId,
  RecordNotFoundError,
  retryAfterFailure,
  settlesWithin,
  VersionConflictError,
  yieldToEventLoop,
  type BackgroundLoop,
  type BuiltInPluginApi,
  type ClaimedRecord,
  type EventInput,
  type Fetcher,
  type Filter,
  type Repository,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';
import { ParserBusyError, type ParserPool } from './parsing/pool.js';
import { isShortPair, processItem, processShortPair, type ProcessedItem } from './processor.js';
import { bumpKnowledgeRevision, presentItem, REFRESH_INTERVALS, type ChunkDoc, type Item, type ItemDoc, type KnowledgeCollections } from './collections.js';
import { ExtractionError } from './parsing/errors.js';

/** Long enough for a crawl of 100 pages at the fetch timeout; a dead worker's items wait this long. */
const LEASE_MS = 30 * 60_000;
/**
 * Documents and URLs claimed per pass, in one claim: a claim filtered by type reads past every Q&A
 * pair due before its first match, so while an import is pending each claim is a scan.
 */
const ITEM_BATCH = 8;
/**
 * A document read waits at most this long for the next one, to be written with it: writing costs
 * a few transactions (result and events, their fan-out, the revision, the leases) however many
 * documents go together, more than reading a short one.
 */
const DOCUMENT_GROUP_WAIT_MS = 100;
/** Q&A pairs claimed per pass: 500 short ones take a little over 0.1 s. */
const PAIR_BATCH = 500;
/** …on a store without atomic commits, where each is written alone. */
const BATCH_WITHOUT_ATOMIC_COMMITS = 16;
/**
 * Short pairs analysed and committed together between two yields to the event loop (docs/ARCHITECTURE.md
 * rule 9). 100 take about 10 ms, most of it the commit (four writes a pair). Measured on 10,000
 * pairs: slices of 250 held the event loop about three times as long per commit, and neither 50
 * nor 500 made the whole measurably faster.
 */
const SLICE_PAIRS = 100;
/** …or fewer, when analysing them takes longer than this (words the analysers have not seen yet). */
const SLICE_ANALYSIS_MS = 4;

type Outcome = { ok: true; processed: ProcessedItem } | { ok: false; message: string };
/** An item processed, with the version it was claimed or started at, and its tenant. */
interface Done {
  tenant: TenantScope;
  item: Item;
  outcome: Outcome;
}

export class KnowledgeWorker {
  readonly owner = `knowledge-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly pairs: BackgroundLoop;
  private readonly items: BackgroundLoop;

  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly knowledge: KnowledgeCollections,
    private readonly fetcher: Fetcher,
    private readonly parser: ParserPool,
  ) {
    this.pairs = api.loop('knowledge worker (Q&A pairs)', (signal) => this.processPairs(signal));
    this.items = api.loop('knowledge worker', (signal) => this.processItems(signal));
  }

  /** Process what is due now, in the background; calls while running fold into one more pass. */
  nudge(): void {
    this.pairs.nudge();
    this.items.nudge();
  }

  /** Processes until nothing is due (tests, and callers that want the result now). */
  async drain(): Promise<void> {
    await Promise.all([this.pairs.drain(), this.items.drain()]);
  }

  /**
   * Scheduled URL refreshes, and items a stopped instance left: every minute. A worker-only
   * instance (config/roles.ts) looks every 5 s, since items come from API instances, whose nudges
   * it never hears.
   */
  startSchedule(): void {
    const expression = this.api.privileged.platform.config.server.roles.includes('api') ? '* * * * *' : '*/5 * * * * *';
    this.pairs.startSchedule(expression);
    this.items.startSchedule(expression);
  }

  /** Waits for the work in progress up to `deadlineMs`, then aborts it (it is released for another try). */
  async stop(deadlineMs?: number): Promise<void> {
    await Promise.all([this.pairs.stop(deadlineMs), this.items.stop(deadlineMs)]);
  }

  /** Claims and processes one batch of documents and URLs; returns how many it claimed. */
  async processItems(signal?: AbortSignal): Promise<number> {
    const claimed = await this.claim({ type: { ne: 'qa' } }, ITEM_BATCH);
    await this.processDocuments(claimed.filter(({ record }) => record.type === 'document'), signal);
    const urls = claimed.filter(({ record }) => record.type === 'url');
    for (const [index, url] of urls.entries()) {
      if (signal?.aborted) {
        await this.release(urls.slice(index));
        break;
      }
      // A crawl may take most of a lease: each gets a whole one from its start, not from the claim.
      const extended = await this.knowledge.items.claims!.extendLease({ id: url.record.id, owner: this.owner, now: this.api.now(), leaseMs: LEASE_MS });
      if (extended) await this.process(url, signal);
      await yieldToEventLoop();
    }
    return claimed.length;
  }

  /**
   * Marks the documents processing and hands them all to the parser pool, whose thread reads them
   * in turn; meanwhile the results already read are written, together when they come in quick
   * succession (DOCUMENT_GROUP_WAIT_MS).
   */
  private async processDocuments(claimed: ClaimedRecord<ItemDoc>[], signal?: AbortSignal): Promise<void> {
    const started: Array<{ tenant: TenantScope; item: Item }> = [];
    for (const [index, { scope, record }] of claimed.entries()) {
      if (signal?.aborted) {
        await this.release(claimed.slice(index));
        break;
      }
      const item = await this.start(scope!, record);
      if (item) started.push({ tenant: scope!, item });
    }
    const reading = started.map(({ tenant, item }) => ({ tenant, item, outcome: this.outcome(item, signal) }));
    for (const { outcome } of reading) outcome.catch(() => undefined); // each is awaited below, in turn
    let group: Done[] = [];
    let groupStarted = 0;
    for (const [index, { tenant, item, outcome }] of reading.entries()) {
      try {
        group.push({ tenant, item, outcome: await outcome });
      } catch (error) {
        await this.recover(tenant, item, error, signal); // shutting down, or the parser queue is full
      }
      if (group.length === 1) groupStarted = performance.now();
      const following = reading[index + 1];
      const wait = DOCUMENT_GROUP_WAIT_MS - (performance.now() - groupStarted);
      if (following && group.length < ITEM_BATCH && wait > 0 && (await settlesWithin(following.outcome, wait))) continue;
      await this.finishGroup(group);
      group = [];
    }
  }

  /**
   * Claims and processes one batch of Q&A pairs; returns how many it claimed. Short pairs go in
   * slices (analysed here, committed together); a long one goes alone through a parser thread.
   */
  async processPairs(signal?: AbortSignal): Promise<number> {
    // Where commits are not atomic each pair is written alone anyway (finishTogether), a write
    // costs a few round trips, and a stop waits for the pass: smaller batches and slices there.
    const together = this.api.privileged.platform.store.capabilities.has('atomic_commit');
    const claimed = await this.claim({ type: 'qa' }, together ? PAIR_BATCH : BATCH_WITHOUT_ATOMIC_COMMITS);
    const slicePairs = together ? SLICE_PAIRS : 1;
    let next = 0;
    while (next < claimed.length) {
      if (signal?.aborted) {
        await this.release(claimed.slice(next));
        break;
      }
      const slice: Done[] = [];
      const started = performance.now();
      while (next < claimed.length && slice.length < slicePairs && performance.now() - started < SLICE_ANALYSIS_MS) {
        const pair = claimed[next++]!;
        if (isShortPair(pair.record)) slice.push({ tenant: pair.scope!, item: pair.record, outcome: this.shortPairOutcome(pair.record) });
        else await this.process(pair, signal);
      }
      await this.finishGroup(slice);
      await yieldToEventLoop();
    }
    return claimed.length;
  }

  private claim(filter: Filter, limit: number): Promise<ClaimedRecord<ItemDoc>[]> {
    return this.knowledge.items.claims!.claimDue({ now: this.api.now(), owner: this.owner, leaseMs: LEASE_MS, limit, filter });
  }

  /** Shutting down: gives claimed items back at once instead of making them wait out the lease. */
  private async release(claimed: ClaimedRecord<ItemDoc>[]): Promise<void> {
    for (const { record } of claimed) await this.knowledge.items.claims!.release({ id: record.id, owner: this.owner, now: this.api.now() });
  }

  /** One item on its own: started, processed in a parser thread, written. */
  private async process(claimed: ClaimedRecord<ItemDoc>, signal?: AbortSignal): Promise<void> {
    const tenant = claimed.scope!;
    const item = await this.start(tenant, claimed.record);
    if (!item) return;
    try {
      await this.finish(tenant, item, await this.outcome(item, signal));
    } catch (error) {
      await this.recover(tenant, item, error, signal);
    }
  }

  /**
   * Marks a claimed item processing (what the API shows while a parser thread reads it); null
   * when it was changed or deleted since the claim, or the write failed (then dropped or retried).
   */
  private async start(tenant: TenantScope, claimed: Item): Promise<Item | null> {
    try {
      const started = await this.knowledge.items.forTenant(tenant).update(claimed.id, { status: 'processing' }, { ifVersion: claimed.version });
      if (!started) throw new RecordNotFoundError('knowledge_items', claimed.id); // deleted since it was claimed
      return started;
    } catch (error) {
      await this.recover(tenant, claimed, error);
      return null;
    }
  }

  /** An item's processing or its result's commit failed: release, drop or retry it. */
  private async recover(tenant: TenantScope, item: Item, error: unknown, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) {
      await this.knowledge.items.claims!.release({ id: item.id, owner: this.owner, now: this.api.now() });
      return;
    }
    if (error instanceof VersionConflictError || error instanceof RecordNotFoundError) {
      // Changed (a PATCH asked for new processing) or deleted meanwhile: drop this result. The
      // lease is released without touching process_at, so a new request stays due.
      await this.knowledge.items.claims!.complete({ id: item.id, owner: this.owner, now: this.api.now(), changes: {} });
      return;
    }
    await this.retryLater(tenant, item, error);
  }

  /** Writes the results of several items: one commit per tenant where commits are atomic. */
  private async finishGroup(group: Done[]): Promise<void> {
    for (const { tenant, items } of groupByTenant(group, (done) => done.tenant)) await this.finishTogether(tenant, items);
  }

  /**
   * The results of several items of one tenant in one commit, with their events (one per item),
   * then one revision bump per chatbot and one completion of their leases. A store without atomic
   * commits writes one item at a time instead: a batch failing part-way there would leave items
   * written without their events.
   */
  private async finishTogether(tenant: TenantScope, done: Array<{ item: Item; outcome: Outcome }>): Promise<void> {
    const eachAlone = async () => {
      for (const { item, outcome } of done) await this.finish(tenant, item, outcome).catch((error: unknown) => this.recover(tenant, item, error));
    };
    if (done.length === 0) return;
    if (done.length === 1 || !this.api.privileged.platform.store.capabilities.has('atomic_commit')) return eachAlone();
    const now = this.api.now();
    const repositories = this.repositories(tenant);
    const results = done.map(({ item, outcome }) => this.resultOf(repositories, item, outcome, now));
    try {
      await this.api.events.publishAll(
        tenant,
        results.map((result) => result.event),
        results.flatMap((result) => result.writes),
      );
    } catch {
      // Nothing was written. Usually one item changed or was deleted meanwhile, or holds data the
      // store refuses: each on its own then, as when processed alone, so it holds back no other.
      return eachAlone();
    }
    const changed = new Set(done.filter(({ outcome }) => outcome.ok).map(({ item }) => item.chatbot_id));
    for (const chatbotId of changed) await bumpKnowledgeRevision(this.api.counters, tenant, chatbotId);
    await this.knowledge.items.claims!.completeAll({
      owner: this.owner,
      now,
      completions: done.map(({ item }) => ({ id: item.id, changes: { process_at: this.nextProcessAt(item, now) } })),
    });
  }

  /**
   * The result could not be written (a store error, data the store refuses) or the parser was too
   * busy: try again later with backoff, and after the last try mark the item failed, so a poisoned
   * item never spins the loop.
   */
  private async retryLater(tenant: TenantScope, item: Item, error: unknown): Promise<void> {
    const now = this.api.now();
    const { failures, retryAt } = retryAfterFailure(now, item.processing_failures ?? 0);
    this.api.logger.error({ err: error, item_id: item.id, failures, retry_at: retryAt }, 'knowledge item could not be saved');
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
    await this.api.events
      .publish(tenant, { type: 'knowledge.failed', chatbotId: item.chatbot_id, data: presentItem({ ...item, ...changes, version: item.version + 1 }) })
      .catch((publishError: unknown) =>
        this.api.logger.error({ err: publishError, item_id: item.id }, 'knowledge.failed could not be recorded'),
      );
  }

  private shortPairOutcome(item: Item): Outcome {
    try {
      return { ok: true, processed: processShortPair(item) };
    } catch (error) {
      this.api.logger.error({ err: error, item_id: item.id }, 'knowledge item could not be processed');
      return { ok: false, message: 'The item could not be processed (internal error)' };
    }
  }

  private async outcome(item: Item, signal?: AbortSignal): Promise<Outcome> {
    try {
      const context = { fetcher: this.fetcher, parser: this.parser, userAgent: this.api.privileged.platform.config.fetch.user_agent, signal };
      return { ok: true as const, processed: await processItem(item, context) };
    } catch (error) {
      if (error instanceof FetchError || error instanceof ExtractionError) return { ok: false as const, message: error.message };
      // Shutting down: the caller releases the item; a full parser queue is tried again with backoff.
      if (signal?.aborted || error instanceof ParserBusyError) throw error;
      this.api.logger.error({ err: error, item_id: item.id }, 'knowledge item could not be processed');
      return { ok: false as const, message: 'The item could not be processed (internal error)' };
    }
  }

  /** Writes the result with its event in one commit (the item first), then ends the lease. */
  private async finish(tenant: TenantScope, item: Item, outcome: Outcome): Promise<void> {
    const now = this.api.now();
    const { writes, event } = this.resultOf(this.repositories(tenant), item, outcome, now);
    await this.api.events.publish(tenant, event, writes);
    if (outcome.ok) await bumpKnowledgeRevision(this.api.counters, tenant, item.chatbot_id);
    await this.knowledge.items.claims!.complete({ id: item.id, owner: this.owner, now, changes: { process_at: this.nextProcessAt(item, now) } });
  }

  /**
   * An item's result as writes (the item first, guarded by the version it was claimed or started
   * at, so an item changed or deleted meanwhile fails the commit) and its event.
   */
  private resultOf(
    repositories: { items: Repository<ItemDoc>; chunks: Repository<ChunkDoc> },
    item: Item,
    outcome: Outcome,
    now: Date,
  ): { writes: WriteOp[]; event: EventInput } {
    const { items, chunks } = repositories;
    let changes: Partial<ItemDoc>;
    const writes: WriteOp[] = [];
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
    const event = {
      type: outcome.ok ? 'knowledge.ready' : 'knowledge.failed',
      chatbotId: item.chatbot_id,
      data: presentItem({ ...item, ...changes, version: item.version + 1 }),
    };
    return { writes, event };
  }

  private repositories(tenant: TenantScope) {
    return { items: this.knowledge.items.forTenant(tenant), chunks: this.knowledge.chunks.forTenant(tenant) };
  }

  /** When the item is due again once done: its next refresh (URLs), else never. */
  private nextProcessAt(item: Item, now: Date): string | null {
    const interval = item.type === 'url' && item.refresh_interval ? REFRESH_INTERVALS[item.refresh_interval] : null;
    return interval ? new Date(now.getTime() + interval).toISOString() : null;
  }
}
