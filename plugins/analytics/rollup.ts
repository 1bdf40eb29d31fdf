// The roll-up job: folds each closed UTC hour of a tenant into buckets, once across all instances.
//
// Each tenant has one cursor record, "every hour before `rolled_up_to` is rolled up", which is a
// claims queue (due when the next hour has closed). An instance claims a cursor with a lease, rolls
// its closed hours up one by one, and moves the cursor on; no other instance can claim the cursor
// meanwhile, and only the lease's owner can move it, so each closed hour is rolled up by one
// instance. Rolling an hour up *replaces* its buckets from the raw records (collectHours), so a
// worker that dies before moving the cursor, a second run or a rebuild writes the same figures
// again: nothing is ever added twice. A node-cron tick every minute looks for due cursors. Once
// every hour of a UTC day is rolled up, the same claim sums the day (days.ts).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  retryAfterFailure,
  UniqueConstraintError,
  yieldToEventLoop,
  type BackgroundLoop,
  type BuiltInPluginApi,
  type Stored,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';
import { DayBuilder, dropDayOps, newGeneration } from './days.js';
import { collectHours, type FactSources } from './facts.js';
import { addFigures, emptyFigures, HOUR_MS, type Figures } from './figures.js';
import { keptGroups } from './groups.js';
import { ceilDay, DAY_MS, floorDay, floorHour, isoHour } from './hours.js';
import { ALL_CHATBOTS, type AnalyticsCollections, type BucketDoc, type CursorDoc, type QuestionGroup } from './collections.js';

/** How long after an hour ends before it is rolled up: commits in flight at the hour's end land. */
export const ROLLUP_GRACE_MS = 60_000;
const LEASE_MS = 5 * 60_000;
const CURSORS_PER_PASS = 10;
/** Hours one claim rolls up before giving the cursor back (a tenant far behind takes turns). */
const HOURS_PER_CLAIM = 24;
/** Days one claim builds (a cursor made by an earlier build has every day to build once). */
const DAYS_PER_CLAIM = 31;

export function cursorIdOf(tenant: TenantScope): string {
  return `anc_${tenant.accountId}_${tenant.mode}`;
}

export class AnalyticsRollup {
  readonly owner = `analytics-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** Hours this instance rolled up (tests: two instances never roll up the same hour). */
  readonly rolledUp: Array<{ tenant: TenantScope; hour: string }> = [];
  private readonly loop: BackgroundLoop;
  private readonly knownTenants = new Set<string>();
  private readonly days: DayBuilder;

  constructor(
    private readonly api: Pick<BuiltInPluginApi, 'now' | 'logger' | 'commit' | 'loop'>,
    private readonly collections: AnalyticsCollections,
    private readonly sources: FactSources,
  ) {
    this.days = new DayBuilder(api, collections);
    this.loop = api.loop('analytics roll-up', () => this.rollUpDue());
  }

  start(): void {
    this.loop.startSchedule('* * * * *');
  }

  nudge(): void {
    this.loop.nudge();
  }

  stop(deadlineMs?: number): Promise<void> {
    return this.loop.stop(deadlineMs);
  }

  drain(): Promise<void> {
    return this.loop.drain();
  }

  /**
   * The tenant's cursor, made on first use starting at the hour of its oldest record, so that hours
   * from before analytics existed are rolled up too.
   */
  async cursor(tenant: TenantScope): Promise<Stored<CursorDoc>> {
    const cursors = this.collections.cursors.forTenant(tenant);
    const id = cursorIdOf(tenant);
    const existing = await cursors.get(id);
    if (existing) return existing;
    const now = this.api.now().getTime();
    const firstStart = await this.sources.conversations.firstStartedAt(tenant);
    const [event] = await this.sources.events.forTenant(tenant).list({ sort: { field: 'id', direction: 'asc' }, limit: 1 });
    const oldest = Math.min(now, ...[firstStart, event?.created_at].filter((at): at is string => !!at).map(Date.parse));
    const start = floorHour(oldest);
    try {
      return await cursors.insert({
        id,
        rolled_up_to: isoHour(start),
        days_built_to: isoHour(floorDay(start)),
        due_at: isoHour(start + HOUR_MS + ROLLUP_GRACE_MS),
        failures: 0,
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      return (await cursors.get(id))!; // another request or instance made it first
    }
  }

  /** Makes the cursor of a tenant seen for the first time (cheap after the first call). */
  async track(tenant: TenantScope): Promise<void> {
    const key = `${tenant.accountId}/${tenant.mode}`;
    if (this.knownTenants.has(key)) return;
    await this.cursor(tenant);
    this.knownTenants.add(key);
  }

  /** One pass: claims due cursors and rolls their closed hours up; returns how many it claimed. */
  async rollUpDue(): Promise<number> {
    const claims = this.collections.cursors.claims!;
    const claimed = await claims.claimDue({ now: this.api.now(), owner: this.owner, leaseMs: LEASE_MS, limit: CURSORS_PER_PASS });
    for (const { record, scope } of claimed) {
      const tenant = scope!;
      let next = Date.parse(record.rolled_up_to);
      let changes: Partial<CursorDoc>;
      try {
        for (let rolled = 0; rolled < HOURS_PER_CLAIM && next + HOUR_MS + ROLLUP_GRACE_MS <= this.api.now().getTime(); rolled++) {
          await this.rollUpHour(tenant, next);
          this.rolledUp.push({ tenant, hour: isoHour(next) });
          next += HOUR_MS;
          await claims.extendLease({ id: record.id, owner: this.owner, now: this.api.now(), leaseMs: LEASE_MS });
          await yieldToEventLoop();
        }
        const daysBuiltTo = await this.buildDays(tenant, record, next);
        // Days left to build (a cursor from before days): due again at once, not in an hour.
        const dueAt = daysBuiltTo + DAY_MS <= next ? this.api.now().getTime() : next + HOUR_MS + ROLLUP_GRACE_MS;
        changes = { rolled_up_to: isoHour(next), days_built_to: isoHour(daysBuiltTo), due_at: isoHour(dueAt), failures: 0 };
      } catch (error) {
        // Keep what was rolled up; try the rest again later, with backoff, and never give up for good.
        const now = this.api.now();
        const { failures, retryAt } = retryAfterFailure(now, record.failures);
        this.api.logger.error({ err: error, account_id: tenant.accountId, hour: isoHour(next), failures }, 'analytics roll-up failed');
        changes = { rolled_up_to: isoHour(next), due_at: (retryAt ?? new Date(now.getTime() + HOUR_MS)).toISOString(), failures };
      }
      await claims.complete({ id: record.id, owner: this.owner, now: this.api.now(), changes });
    }
    return claimed.length;
  }

  /** Builds the days the cursor's hours have completed since the last claim; returns the new `days_built_to`. */
  private async buildDays(tenant: TenantScope, cursor: Stored<CursorDoc>, rolledUpTo: number): Promise<number> {
    let day = cursor.days_built_to ? Date.parse(cursor.days_built_to) : await this.firstDay(tenant, Date.parse(cursor.rolled_up_to));
    const claims = this.collections.cursors.claims!;
    for (let built = 0; built < DAYS_PER_CLAIM && day + DAY_MS <= rolledUpTo; built++, day += DAY_MS) {
      await this.days.build(tenant, day);
      await claims.extendLease({ id: cursor.id, owner: this.owner, now: this.api.now(), leaseMs: LEASE_MS });
      await yieldToEventLoop();
    }
    return day;
  }

  /** For a cursor made before days were built: the day of its oldest hour bucket. */
  private async firstDay(tenant: TenantScope, rolledUpTo: number): Promise<number> {
    const [oldest] = await this.collections.buckets.forTenant(tenant).list({ sort: { field: 'hour', direction: 'asc' }, limit: 1 });
    return floorDay(oldest ? Date.parse(oldest.hour) : rolledUpTo);
  }

  /** Replaces the buckets (and question groups) of one hour with what the raw records say now. */
  async rollUpHour(tenant: TenantScope, hourMs: number): Promise<void> {
    const { figures, questions } = await collectHours(this.sources, tenant, { fromMs: hourMs, toMs: hourMs + HOUR_MS, questions: true });
    const hour = isoHour(hourMs);
    const rolledUpAt = this.api.now().toISOString();
    const byChatbot = figures.get(hourMs) ?? new Map<string, Figures>();
    const total = emptyFigures();
    const buckets = this.collections.buckets.forTenant(tenant);
    const questionDocs = this.collections.questions.forTenant(tenant);
    const generation = newGeneration();
    const writes: WriteOp[] = [buckets.ops.deleteMany({ hour }), questionDocs.ops.deleteMany({ hour })];
    const bucket = (chatbotId: string, values: Figures): BucketDoc & { id: string } => ({
      id: `anb_${tenant.accountId}_${tenant.mode}_${hourMs}_${chatbotId === ALL_CHATBOTS ? 'all' : chatbotId}`,
      ...values,
      hour,
      chatbot_id: chatbotId,
      rolled_up_at: rolledUpAt,
      generation,
    });
    for (const [chatbotId, values] of byChatbot) {
      writes.push(buckets.ops.insert(bucket(chatbotId, values)));
      addFigures(total, values);
    }
    for (const [chatbotId, groups] of questions.get(hourMs) ?? new Map<string, Map<string, QuestionGroup>>()) {
      writes.push(questionDocs.ops.insert({ id: `anq_${tenant.accountId}_${tenant.mode}_${hourMs}_${chatbotId}`, hour, chatbot_id: chatbotId, groups: keptGroups(groups.values()) }));
    }
    // On a store that applies a commit write by write: the bucket carrying the new generation comes
    // after everything else of the hour, so a day builder that sees it has read the whole hour; and
    // the day is dropped last, so that until then reads take the day as it was (whole, if old), and
    // a day built from the hour while this commit was half applied goes too.
    if (byChatbot.size > 0) writes.push(buckets.ops.insert(bucket(ALL_CHATBOTS, total)));
    writes.push(...dropDayOps(this.collections, tenant, floorDay(hourMs)));
    try {
      await this.api.commit(writes);
    } catch (error) {
      // A rebuild wrote the same hour at the same moment: its figures are these; write ours again.
      if (!(error instanceof UniqueConstraintError)) throw error;
      await this.api.commit(writes);
    }
  }

  /**
   * Rolls up again every closed hour of [fromMs, toMs) that the cursor has passed (later hours are
   * the job's), from the raw records, then builds again the days of those hours that the job had
   * built; `onHour` reports progress. Returns how many hours it rebuilt.
   */
  async rebuild(tenant: TenantScope, fromMs: number, toMs: number, onHour?: (hourMs: number) => void): Promise<number> {
    const cursor = await this.cursor(tenant);
    const end = Math.min(toMs, Date.parse(cursor.rolled_up_to));
    let hours = 0;
    for (let hour = floorHour(fromMs); hour < end; hour += HOUR_MS) {
      await this.rollUpHour(tenant, hour);
      onHour?.(hour);
      hours += 1;
      await yieldToEventLoop();
    }
    // Read again: the job may have built more days meanwhile, from hours this rebuild had written.
    const daysBuiltTo = (await this.cursor(tenant)).days_built_to;
    const lastDay = Math.min(ceilDay(end), daysBuiltTo ? Date.parse(daysBuiltTo) : 0);
    for (let day = floorDay(fromMs); day < lastDay; day += DAY_MS) {
      await this.days.build(tenant, day);
      await yieldToEventLoop();
    }
    return hours;
  }
}
