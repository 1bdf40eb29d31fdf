// Quotas that hold across instances (a plan's chatbots, webhooks per chatbot). Counting and then
// inserting lets two instances both see "one left" and both insert. Instead, a record that counts
// against a quota takes a numbered slot, 0 … limit-1, whose id is derived from the tenant, the
// quota and the number: the store's unique id admits one holder per slot, so at most `limit`
// holders exist, however many instances race. The slot is written in the same commit as its
// holder, before it (so a store without atomic commits fails on the slot before writing anything),
// and deleted in the same commit that deletes or archives the holder.
import { UniqueConstraintError } from './store/errors.js';
import type { Collection, Store, TenantScope, WriteOp } from './store/types.js';

export interface QuotaSlotDoc {
  /** The quota, e.g. `chatbots` or `webhooks:cb_…`. */
  quota: string;
  /** 0 … limit-1; -1 for a slot given to a record made before slots existed. */
  slot: number;
  /** The id of the record holding it. */
  holder: string;
  created_at: string;
}

export interface QuotaSpec {
  quota: string;
  /** Null: no limit, no slot. */
  limit: number | null;
  /**
   * The ids of the records that count against the quota now. One without a slot (made before slots
   * existed) is given one outside 0 … limit-1 first, so every record counts.
   */
  holders(): Promise<string[]>;
  holder: string;
  /**
   * Whether a slot's holder still counts (exists, not archived). A slot whose holder does not, left
   * by a crash between two writes on a store without atomic commits, is taken back.
   */
  stillHolds(holder: string): Promise<boolean>;
}

/** More holders than this in one quota are not looked at (no plan comes near it). */
const MAX_HOLDERS = 10_000;

/** A slot left by a writer that may still be committing its holder is not taken back before this. */
const ORPHAN_GRACE_MS = 60_000;

export class QuotaFullError extends Error {}

export class QuotaSlots {
  readonly collection: Collection<QuotaSlotDoc>;

  constructor(
    store: Store,
    private readonly now: () => Date,
  ) {
    this.collection = store.collection<QuotaSlotDoc>({
      name: 'quota_slots',
      scope: 'tenant',
      indexes: [{ fields: ['quota', 'holder'] }],
    });
  }

  /**
   * Runs `commit` with the write that takes a free slot (put it first in the commit). Tries the
   * next slot when another writer took this one meanwhile; throws QuotaFullError when none is free.
   */
  async withSlot<T>(tenant: TenantScope, spec: QuotaSpec, commit: (slotWrite: WriteOp | null) => Promise<T>): Promise<T> {
    if (spec.limit === null) return commit(null);
    const slots = this.collection.forTenant(tenant);
    for (let round = 0; round < 2; round++) {
      const held = await slots.list({ filter: { quota: spec.quota }, limit: MAX_HOLDERS });
      const inside = new Set(held.filter((slot) => slot.slot >= 0 && slot.slot < spec.limit!).map((slot) => slot.holder));
      // Each holder counts once: one with a slot inside and a backfilled one (see backfill) is inside.
      const outside = new Set(held.filter((slot) => !inside.has(slot.holder)).map((slot) => slot.holder)).size;
      const backfilled = await this.backfill(tenant, spec, new Set(held.map((slot) => slot.holder)));
      // Holders outside the slots 0 … limit-1 (made before slots, or before the limit was lowered)
      // leave that much less room: only `offered` slots are offered, so the unique slot ids cap the
      // total at the limit however many writers race. (New holders only ever take slots inside.)
      const offered = spec.limit - outside - backfilled;
      const taken = new Set(held.map((slot) => slot.slot));
      for (let slot = 0; slot < offered; slot++) {
        if (taken.has(slot)) continue;
        try {
          return await commit(slots.ops.insert({ id: this.slotId(tenant, spec.quota, slot), ...this.slotDoc(spec, slot) }));
        } catch (error) {
          if (!(error instanceof UniqueConstraintError && error.collection === 'quota_slots')) throw error;
          // Another writer took it between the read and the commit: try the next one.
        }
      }
      // Once more when slots were taken back, or when this round's backfill may have counted a
      // holder that had just taken a slot inside (the next read counts it once).
      if (round === 0 && !(await this.reclaimOrphans(tenant, spec)) && backfilled === 0) break;
    }
    throw new QuotaFullError(`No ${spec.quota} slot is free`);
  }

  /** The writes that free what `holder` holds, to commit with its deletion or archiving. */
  releaseOps(tenant: TenantScope, quota: string, holder: string): WriteOp {
    return this.collection.forTenant(tenant).ops.deleteMany({ quota, holder });
  }

  /** Frees every slot of a quota (its owner, e.g. a chatbot with its webhooks, is gone). */
  releaseAll(tenant: TenantScope, quota: string): WriteOp {
    return this.collection.forTenant(tenant).ops.deleteMany({ quota });
  }

  /**
   * Gives each holder without a slot one outside the offered range (slot -1, its id derived from the
   * holder, so two writers doing this at once write it once). Returns how many it gave. A holder
   * that took a slot after `heldBy` was read may get one too; counting holders rather than slots
   * keeps it from counting twice.
   */
  private async backfill(tenant: TenantScope, spec: QuotaSpec, heldBy: Set<string>): Promise<number> {
    const slots = this.collection.forTenant(tenant);
    let given = 0;
    for (const holder of await spec.holders()) {
      if (heldBy.has(holder)) continue;
      try {
        await slots.insert({ id: `${this.slotId(tenant, spec.quota, 'h')}_${holder}`, ...this.slotDoc({ ...spec, holder }, -1) });
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
      given++;
    }
    return given;
  }

  private async reclaimOrphans(tenant: TenantScope, spec: QuotaSpec): Promise<boolean> {
    const slots = this.collection.forTenant(tenant);
    const before = new Date(this.now().getTime() - ORPHAN_GRACE_MS).toISOString();
    let reclaimed = false;
    for (const slot of await slots.list({ filter: { quota: spec.quota, created_at: { lt: before } }, limit: spec.limit! + 100 })) {
      if (await spec.stillHolds(slot.holder)) continue;
      reclaimed = (await slots.delete(slot.id, { ifVersion: slot.version }).catch(() => false)) || reclaimed;
    }
    return reclaimed;
  }

  private slotId(tenant: TenantScope, quota: string, slot: number | 'h'): string {
    // Ids are unique store-wide, so the tenant is part of the id.
    return `qs_${tenant.accountId}_${tenant.mode}_${quota}_${slot}`;
  }

  private slotDoc(spec: QuotaSpec, slot: number): QuotaSlotDoc {
    return { quota: spec.quota, slot, holder: spec.holder, created_at: this.now().toISOString() };
  }
}
