// What the presence plugin offers other areas (`server.plugins.presence.availability`): whether
// anybody of an account can answer a visitor now, and who.
export interface MemberAvailability {
  /** True while at least one member of the account is available with a dashboard open (their heartbeat not lapsed). */
  anyoneAvailable(accountId: string): Promise<boolean>;
  /** The ids of the account's members available now (as anyoneAvailable counts them): whom a handoff may be assigned to. */
  availableMembers(accountId: string): Promise<string[]>;
  /** The ids of the account's members with a dashboard open now (available or away, heartbeat not lapsed): they are told there. */
  lookingMembers(accountId: string): Promise<string[]>;
  /**
   * Runs `listener` when a member becomes available (they choose it, or a beat revives a lapsed
   * presence), in that request and awaited: what waits for a person is offered to them at once.
   */
  onAvailable(listener: (accountId: string, memberId: string) => Promise<void>): void;
}
