// Durable reactions to events: work another area must do because of an event, and must not lose,
// such as deleting a deleted chatbot's conversations, leads and knowledge (personal data). A
// reaction is a job written in the same commit as the event (the outbox again), run in-process
// right after the commit, and deleted once done. Should the process crash first, or the reaction
// fail, any instance claims the job later (owner token and lease) and runs it again, with the
// backoff of every background job. Reactions must therefore be idempotent.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { BackgroundLoop, retryAfterFailure, yieldToEventLoop, type BackgroundLoopOptions } from './background.js';
import type { EventEnvelope } from './event-envelope.js';
import type { Collection, Store, TenantScope, WriteOp } from './store/types.js';

export type Reaction = (event: EventEnvelope, scope: TenantScope) => Promise<void>;

export interface ReactionOptions {
  /**
   * Left to the background loop instead of run right after the commit: for slow work that must
   * not hold up the request that published the event (telling members by e-mail). The job is due
   * at once and claimed by one worker instance.
   */
  deferred?: boolean;
  /** Jobs are written only while this holds (a reaction that has nothing to do without a plugin). */
  when?: () => boolean;
}

export interface ReactionJobDoc {
  event_id: string;
  event_type: string;
  /** The subscriber's name, e.g. `conversations.chatbot-deleted`. */
  reaction: string;
  event: EventEnvelope;
  status: 'pending' | 'failed';
  /** When an instance may claim it: after the publisher had its chance, or a retry's time. Null once given up. */
  run_at: string | null;
  failures: number;
  last_error: string | null;
  created_at: string;
}

/** How long the publishing instance has to run a reaction before another instance may. */
export const REACTION_RECOVERY_MS = 30_000;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export class DurableReactions {
  readonly collection: Collection<ReactionJobDoc>;
  readonly owner = `reactions-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly reactions = new Map<string, { type: string; run: Reaction; options: ReactionOptions }>();
  private readonly confirmations = new Map<string, (event: EventEnvelope, scope: TenantScope) => Promise<boolean>>();
  private readonly loop: BackgroundLoop;

  constructor(
    store: Store,
    private readonly logger: Logger,
    private readonly now: () => Date,
    loopOptions: BackgroundLoopOptions = {},
  ) {
    this.collection = store.collection<ReactionJobDoc>({
      name: 'reaction_jobs',
      scope: 'tenant',
      indexes: [{ fields: ['event_id'] }],
      claims: { dueField: 'run_at' },
    });
    this.loop = new BackgroundLoop('event reactions', () => this.runDue(), logger, loopOptions);
  }

  /** `name` must be unique and stable: jobs written before a restart find their reaction by it. */
  add(type: string, name: string, run: Reaction, options: ReactionOptions = {}): void {
    if (this.reactions.has(name)) throw new Error(`A reaction named ${name} is already registered`);
    this.reactions.set(name, { type, run, options });
  }

  /**
   * How to tell, for a job another instance left, that its event's change really happened. On a
   * store without atomic commits the jobs are written before the change (so a crash between the
   * two cannot lose them), and a change that then failed (a version conflict, a crash) must not set
   * off its reactions: the publisher of the event type says how to check, e.g. "the chatbot is gone".
   */
  confirmWith(type: string, confirm: (event: EventEnvelope, scope: TenantScope) => Promise<boolean>): void {
    this.confirmations.set(type, confirm);
  }

  /** The jobs to commit with these events: one per event and reaction subscribed to its type. */
  jobsFor(scope: TenantScope, events: EventEnvelope[]): Array<{ id: string; doc: ReactionJobDoc; write: WriteOp }> {
    const now = this.now();
    const jobs = [];
    for (const event of events) {
      for (const [name, { type, options }] of this.reactions) {
        if (type !== event.type || (options.when && !options.when())) continue;
        const doc: ReactionJobDoc = {
          event_id: event.id,
          event_type: event.type,
          reaction: name,
          event,
          status: 'pending',
          run_at: new Date(now.getTime() + (options.deferred ? 0 : REACTION_RECOVERY_MS)).toISOString(),
          failures: 0,
          last_error: null,
          created_at: now.toISOString(),
        };
        // Derived from the pair, so the id is unique store-wide and a job is written at most once.
        const id = `rxn_${event.id.slice(4)}_${name}`;
        jobs.push({ id, doc, write: this.collection.forTenant(scope).ops.insert({ id, ...doc }) });
      }
    }
    return jobs;
  }

  /** Runs jobs just committed by this instance; a failure leaves the job for a retry with backoff. */
  async runCommitted(scope: TenantScope, jobs: Array<{ id: string; doc: ReactionJobDoc }>): Promise<void> {
    let deferred = false;
    for (const job of jobs) {
      if (this.reactions.get(job.doc.reaction)?.options.deferred) deferred = true;
      else await this.runJob(scope, job.id, job.doc, null);
    }
    if (deferred) this.loop.nudge();
  }

  /** Best effort: deletes jobs whose commit failed (a job left behind is dropped later, unconfirmed). */
  async discard(scope: TenantScope, jobs: Array<{ id: string }>): Promise<void> {
    const repository = this.collection.forTenant(scope);
    for (const job of jobs) await repository.delete(job.id).catch(() => false);
  }

  /** Every 30 seconds, and once now: jobs whose publisher crashed, and retries. */
  startSchedule(): void {
    this.loop.startSchedule('*/30 * * * * *');
    this.loop.nudge();
  }

  stop(deadlineMs?: number): Promise<void> {
    return this.loop.stop(deadlineMs);
  }

  /** Runs every job due now (tests; a restart catching up). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  private async runDue(): Promise<number> {
    const claimed = await this.collection.claims!.claimDue({ now: this.now(), owner: this.owner, leaseMs: LEASE_MS, limit: BATCH });
    for (const { record, scope } of claimed) {
      if (await this.confirmed(record, scope!)) await this.runJob(scope!, record.id, record, this.owner);
      await yieldToEventLoop();
    }
    return claimed.length;
  }

  /** False (and the job is dropped) when its event's change did not happen after all. */
  private async confirmed(job: ReactionJobDoc & { id: string }, scope: TenantScope): Promise<boolean> {
    const confirm = this.confirmations.get(job.event_type);
    if (!confirm) return true;
    try {
      if (await confirm(job.event, scope)) return true;
    } catch (error) {
      this.logger.error({ err: error, event_id: job.event_id }, 'could not confirm an event; its reactions wait');
      await this.collection.claims!.release({ id: job.id, owner: this.owner, now: this.now() });
      return false;
    }
    this.logger.info({ event_id: job.event_id, reaction: job.reaction }, 'the change of this event did not happen; its reaction is dropped');
    await this.collection.forTenant(scope).delete(job.id);
    return false;
  }

  /** `owner`: the lease held on the job, or null for a job this instance just wrote (not claimed). */
  private async runJob(scope: TenantScope, id: string, job: ReactionJobDoc, owner: string | null): Promise<void> {
    const jobs = this.collection.forTenant(scope);
    const reaction = this.reactions.get(job.reaction);
    try {
      if (!reaction) throw new Error(`No reaction named ${job.reaction} is registered in this build`);
      await reaction.run(job.event, scope);
      await jobs.delete(id);
      return;
    } catch (error) {
      const { failures, retryAt } = retryAfterFailure(this.now(), job.failures);
      this.logger.error(
        { err: error, reaction: job.reaction, event_id: job.event_id, failures, retry_at: retryAt },
        retryAt ? 'event reaction failed; it is retried' : 'event reaction failed for the last time; it is kept as failed',
      );
      const changes: Partial<ReactionJobDoc> = {
        status: retryAt ? 'pending' : 'failed',
        run_at: retryAt?.toISOString() ?? null,
        failures,
        last_error: String((error as Error)?.message ?? error).slice(0, 500),
      };
      try {
        if (owner) await this.collection.claims!.complete({ id, owner, now: this.now(), changes });
        else await jobs.update(id, changes);
      } catch (updateError) {
        // The store itself fails: the job stays due (or leased) and is claimed again later.
        this.logger.error({ err: updateError, reaction: job.reaction, event_id: job.event_id }, 'event reaction could not be rescheduled');
      }
    }
  }
}
