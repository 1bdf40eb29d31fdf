// What an API key resolves to (the key, its tenant, its account and plan), kept briefly in memory so
// a keyed request does not read two records from the store each time. The bound that matters is
// staleness: an entry is reused for at most `keys.cache_seconds`, so a key revoked or an account
// disabled on another instance (or by the CLI) is refused here within that bound. Changes made
// through this instance forget the entries they touch at once (forgetKey, forgetAccount, forgetMaker).
// The role of the key's maker is part of what is kept: a demotion made on another instance applies
// here within the same bound.
//
// Only found keys are cached: an unknown key costs a store read as before, and a flood of made-up
// keys cannot grow the cache. Its size is bounded too (`keys.cache_max_entries`), least recently
// used dropped first, so many real keys cannot grow it without limit either.
import type { PlanDefinition } from '../../config/plans.js';
import type { TenantScope } from '../store/types.js';
import type { Account } from './accounts.js';
import { makerOfKey, type ApiKey } from './keys.js';
import type { MemberRole } from './members.js';

export interface ResolvedKey {
  key: ApiKey;
  tenant: TenantScope;
  account: Account;
  plan: PlanDefinition;
  /** The current role of the key's maker (core/auth/makers.ts). */
  role: MemberRole;
}

interface Entry extends ResolvedKey {
  /** When it was read from the store, epoch ms of the platform clock. */
  readAt: number;
}

export class ApiKeyCache {
  /** Map order is recency order: a hit moves its entry to the end, so the first is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /**
   * Moved by every forget: a lookup that read the store before a revocation and finishes after it
   * would otherwise cache what it read, and the revoked key would work here for cache_seconds.
   */
  private forgets = 0;

  constructor(
    settings: { cache_seconds: number; cache_max_entries: number },
    /** Counts hits and misses (platform.metrics.recordCacheLookup for 'api_key'). */
    private readonly recordLookup: (hit: boolean) => void = () => {},
  ) {
    this.ttlMs = settings.cache_seconds * 1000;
    this.maxEntries = settings.cache_max_entries;
  }

  /** Entries held now (tests check the bound through this). */
  get size(): number {
    return this.entries.size;
  }

  /** The key's resolution if read from the store less than cache_seconds ago (by the platform clock). */
  get(hash: string, nowMs: number): ResolvedKey | null {
    const entry = this.entries.get(hash);
    // A clock that went back (a test's, or NTP) counts as stale too: never trust an entry from the future.
    const fresh = entry !== undefined && nowMs - entry.readAt < this.ttlMs && nowMs >= entry.readAt;
    this.recordLookup(fresh);
    if (!fresh) {
      if (entry) this.entries.delete(hash);
      return null;
    }
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    return entry;
  }

  /** Take before reading the store; `set` refuses what was read when a forget came in between. */
  get generation(): number {
    return this.forgets;
  }

  set(hash: string, resolved: ResolvedKey, nowMs: number, readSince: number): void {
    if (this.ttlMs <= 0 || readSince !== this.forgets) return;
    this.entries.delete(hash);
    this.entries.set(hash, { ...resolved, readAt: nowMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets one key (revoked, rotated, deleted): its next use reads the store. */
  forgetKey(keyId: string): void {
    this.forgets++;
    for (const [hash, entry] of this.entries) if (entry.key.id === keyId) this.entries.delete(hash);
  }

  /** Forgets every key a member made (their role changed, or they left). */
  forgetMaker(memberId: string): void {
    this.forgets++;
    for (const [hash, entry] of this.entries) if (makerOfKey(entry.key) === memberId) this.entries.delete(hash);
  }

  /** Forgets every key of an account (disabled, plan or limits or allowlist changed, chatbot keys deleted). */
  forgetAccount(accountId: string): void {
    this.forgets++;
    for (const [hash, entry] of this.entries) if (entry.account.id === accountId) this.entries.delete(hash);
  }

  clear(): void {
    this.forgets++;
    this.entries.clear();
  }
}
