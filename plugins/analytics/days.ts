// Day buckets: each closed UTC day summed from its hour buckets, so that a read of a long period
// adds one document a day (and the hours at its edges) instead of 24.
//
// A day is built once every hour of it is rolled up, by the instance holding the tenant's cursor,
// and rebuilt after `analytics rebuild` rolls its hours up again. Every roll-up of an hour deletes
// its day's documents in the same commit, so a day document is never older than its hours: a read
// finds either the day (built from the hours as they are) or no day, and then adds the hours. The
// one race left, a rebuild rolling an hour up while the day is being built from the hour as it was,
// is caught by each hour's `generation`: the builder compares them before and after its write and
// builds again (or leaves the day to its hours) when one changed. A read racing a rebuild is caught
// by the day's marker (query.ts reads it before and after).
import { randomBytes } from 'node:crypto';
import { recordsInPages, type BuiltInPluginApi, type TenantScope, type WriteOp } from '../../core/index.js';
import { addFigures, emptyFigures, type Figures } from './figures.js';
import { keptGroups, mergeQuestionGroup } from './groups.js';
import { DAY_MS, isoHour } from './hours.js';
import { ALL_CHATBOTS, type AnalyticsCollections, type BucketDoc, type QuestionGroup } from './collections.js';

/** Records read a page at a time by the analytics reads and builders. */
export const BUCKET_PAGE = 1000;
const BUILD_ATTEMPTS = 3;

export const newGeneration = () => randomBytes(6).toString('hex');

/**
 * The writes that drop a day's documents: every roll-up of one of its hours makes them. The marker
 * goes first, so that on a store that deletes document by document no read sees the marker of a
 * day whose other documents are already gone.
 */
export function dropDayOps(collections: AnalyticsCollections, tenant: TenantScope, dayMs: number): WriteOp[] {
  const day = isoHour(dayMs);
  const days = collections.days.forTenant(tenant);
  return [days.ops.deleteMany({ day, chatbot_id: ALL_CHATBOTS }), days.ops.deleteMany({ day }), collections.dayQuestions.forTenant(tenant).ops.deleteMany({ day })];
}

export class DayBuilder {
  constructor(
    private readonly api: Pick<BuiltInPluginApi, 'now' | 'commit'>,
    private readonly collections: AnalyticsCollections,
  ) {}

  /**
   * Writes the UTC day's documents from its hour buckets. Returns false when its hours kept being
   * rolled up again meanwhile; the day is then left without documents, and reads add its hours.
   */
  async build(tenant: TenantScope, dayMs: number): Promise<boolean> {
    for (let attempt = 0; attempt < BUILD_ATTEMPTS; attempt++) {
      const before = await this.generations(tenant, dayMs);
      await this.api.commit(await this.dayWrites(tenant, dayMs));
      if ((await this.generations(tenant, dayMs)) === before) return true;
      await this.api.commit(dropDayOps(this.collections, tenant, dayMs));
    }
    return false;
  }

  private async dayWrites(tenant: TenantScope, dayMs: number): Promise<WriteOp[]> {
    const hours = { hour: { gte: isoHour(dayMs), lt: isoHour(dayMs + DAY_MS) } };
    const figures = new Map<string, Figures>([[ALL_CHATBOTS, emptyFigures()]]);
    for await (const bucket of recordsInPages(this.collections.buckets.forTenant(tenant), hours, BUCKET_PAGE, 'hour')) {
      let sum = figures.get(bucket.chatbot_id);
      if (!sum) figures.set(bucket.chatbot_id, (sum = emptyFigures()));
      addFigures(sum, bucket);
    }
    const groups = new Map<string, Map<string, QuestionGroup>>();
    const allGroups = new Map<string, QuestionGroup>();
    for await (const doc of recordsInPages(this.collections.questions.forTenant(tenant), hours, BUCKET_PAGE, 'hour')) {
      let byKey = groups.get(doc.chatbot_id);
      if (!byKey) groups.set(doc.chatbot_id, (byKey = new Map()));
      for (const group of doc.groups) {
        mergeQuestionGroup(byKey, group);
        mergeQuestionGroup(allGroups, group);
      }
    }
    if (allGroups.size > 0) groups.set(ALL_CHATBOTS, allGroups);

    const day = isoHour(dayMs);
    const builtAt = this.api.now().toISOString();
    const build = newGeneration();
    const days = this.collections.days.forTenant(tenant);
    const dayQuestions = this.collections.dayQuestions.forTenant(tenant);
    const idOf = (prefix: string, chatbotId: string) => `${prefix}_${tenant.accountId}_${tenant.mode}_${dayMs}_${chatbotId === ALL_CHATBOTS ? 'all' : chatbotId}`;
    const writes = dropDayOps(this.collections, tenant, dayMs);
    for (const [chatbotId, byKey] of groups) writes.push(dayQuestions.ops.insert({ id: idOf('anqd', chatbotId), day, chatbot_id: chatbotId, groups: keptGroups(byKey.values()) }));
    // The ALL_CHATBOTS document last: on a store that applies a commit write by write, a day is
    // marked built only once the rest of it is written.
    const chatbotsFirst = [...figures].sort(([a], [b]) => (a === ALL_CHATBOTS ? 1 : b === ALL_CHATBOTS ? -1 : 0));
    for (const [chatbotId, sum] of chatbotsFirst) writes.push(days.ops.insert({ id: idOf('anbd', chatbotId), ...sum, day, chatbot_id: chatbotId, built_at: builtAt, build }));
    return writes;
  }

  /** The day's hours as rolled up now: their generations, in order (a change means a new roll-up). */
  private async generations(tenant: TenantScope, dayMs: number): Promise<string> {
    const filter = { chatbot_id: ALL_CHATBOTS, hour: { gte: isoHour(dayMs), lt: isoHour(dayMs + DAY_MS) } };
    const seen: string[] = [];
    for await (const bucket of recordsInPages<BucketDoc>(this.collections.buckets.forTenant(tenant), filter, BUCKET_PAGE, 'hour')) {
      seen.push(`${bucket.hour}:${bucket.generation ?? bucket.rolled_up_at}`);
    }
    return seen.join(',');
  }
}
