// One change that takes an owner away (a demotion, a removal) per account at a time, on every
// instance: two owners demoting each other at once would each count two owners and leave none.
// The store has no multi-record transactions on every engine, so a record whose id is derived from
// the account is the lock: its unique id admits one holder. A second change meanwhile is refused
// (409 `conflict`, Retry-After 1) rather than queued. A holder that crashed leaves a lock that
// expires after LEASE_MS.
import { randomBytes } from 'node:crypto';
import { apiError, UniqueConstraintError, VersionConflictError, type Collection, type CollectionDeclarer } from '../../core/index.js';

interface OwnerLockDoc {
  account: string;
  holder: string;
  expires_at: string;
}

const LEASE_MS = 30_000;

export class OwnerLock {
  private readonly locks: Collection<OwnerLockDoc>;

  constructor(
    store: CollectionDeclarer,
    private readonly now: () => Date,
  ) {
    this.locks = store.collection<OwnerLockDoc>({ name: 'owner_locks', scope: 'global', indexes: [{ fields: ['expires_at'] }] });
  }

  /** Runs `work` holding the account's lock; 409 `conflict` when another change holds it. */
  async hold<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const id = `olk_${accountId}`;
    const holder = randomBytes(12).toString('hex');
    await this.take(id, accountId, holder);
    try {
      return await work();
    } finally {
      await this.release(id, holder);
    }
  }

  private async take(id: string, account: string, holder: string): Promise<void> {
    const locks = this.locks.global();
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = this.now();
      try {
        await locks.insert({ id, account, holder, expires_at: new Date(now.getTime() + LEASE_MS).toISOString() });
        return;
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
      const held = await locks.get(id);
      if (held && held.expires_at > now.toISOString()) break;
      // Left by a holder that crashed: take it back, unless another request just did.
      if (held) await locks.delete(id, { ifVersion: held.version }).catch(ignoreVersionConflict);
    }
    throw apiError(409, 'conflict', 'Another change to this account’s owners is in progress: try again', { headers: { 'Retry-After': '1' } });
  }

  private async release(id: string, holder: string): Promise<void> {
    const locks = this.locks.global();
    const held = await locks.get(id);
    if (held?.holder === holder) await locks.delete(id, { ifVersion: held.version }).catch(ignoreVersionConflict);
  }
}

function ignoreVersionConflict(error: unknown): boolean {
  if (error instanceof VersionConflictError) return false;
  throw error;
}
