// What the presence plugin offers other areas (`server.plugins.presence.availability`): whether
// anybody of an account can answer a visitor now.
export interface MemberAvailability {
  /** True while at least one member of the account is available with a dashboard open (their heartbeat not lapsed). */
  anyoneAvailable(accountId: string): Promise<boolean>;
}
