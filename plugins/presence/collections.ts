// Members' presence: one record per member (its id is the member's), account-wide like members
// themselves. Kept in the store, not in memory, so every instance behind a load balancer sees the
// same team: a member's dashboard may beat on one instance while a visitor's handoff runs on another.
import type { Collection, CollectionDeclarer, Stored } from '../../core/index.js';

export const PRESENCE_STATUSES = ['available', 'away'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/**
 * How long a heartbeat keeps a member counted, in seconds. The dashboard beats every
 * PRESENCE_HEARTBEAT_SECONDS while a tab is open, so two beats may be lost before a member lapses.
 */
export const PRESENCE_TTL_SECONDS = 90;
export const PRESENCE_HEARTBEAT_SECONDS = 30;

export interface PresenceDoc {
  /** The member's account (`account_id` is the store's own tenant field, reserved). */
  account: string;
  /** What the member chose. */
  status: PresenceStatus;
  /** Until when their last heartbeat counts: available means `status` available and this in the future. */
  expires_at: string;
  updated_at: string;
}

export type Presence = Stored<PresenceDoc>;

export function declarePresence(store: CollectionDeclarer): Collection<PresenceDoc> {
  return store.collection<PresenceDoc>({
    name: 'member_presence',
    scope: 'global',
    indexes: [{ fields: ['account', 'status', 'expires_at'] }],
  });
}
