// Sending slots for claimed deliveries: at most `perEndpoint` in flight to one endpoint and `total`
// in all, so a slow endpoint holds its own slots and no more. A delivery claimed while its endpoint
// is busy waits here, in claim order; each endpoint may hold up to twice its slots (in flight and
// waiting), so the next claim for it comes in a batch rather than one delivery at a time.

export interface SlotLimits {
  /** Deliveries in flight in all. */
  total: number;
  /** Deliveries in flight to one endpoint. */
  perEndpoint: number;
}

interface Endpoint<T> {
  inFlight: number;
  waiting: T[];
}

export class SendSlots<T> {
  private readonly endpoints = new Map<string, Endpoint<T>>();
  private inFlight = 0;
  private heldCount = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly limits: SlotLimits,
    /** Sends one delivery; must not reject (its failures are its own outcome). */
    private readonly send: (item: T) => Promise<void>,
    /**
     * After each send: `halfEmpty` when the endpoint just went down to half of what it may hold, so a
     * claim for it can take a batch rather than one delivery at a time.
     */
    private readonly onFinished: (endpoint: string, halfEmpty: boolean) => void,
  ) {}

  /** Deliveries claimed and not finished (waiting or in flight). */
  get held(): number {
    return this.heldCount;
  }

  /** What one endpoint may hold: its slots in flight, and as many waiting. */
  get holdPerEndpoint(): number {
    return 2 * this.limits.perEndpoint;
  }

  /** How many more deliveries may be claimed in all. */
  room(): number {
    return 2 * this.limits.total - this.heldCount;
  }

  /** How many more deliveries of this endpoint may be claimed. */
  roomFor(endpoint: string): number {
    const state = this.endpoints.get(endpoint);
    return this.holdPerEndpoint - (state ? state.inFlight + state.waiting.length : 0);
  }

  /** Endpoints that hold all they may: a claim leaves their deliveries to a later one. */
  full(): string[] {
    return [...this.endpoints].filter(([, state]) => state.inFlight + state.waiting.length >= this.holdPerEndpoint).map(([endpoint]) => endpoint);
  }

  /** Takes a claimed delivery; false after close() (the caller releases it). */
  add(endpoint: string, item: T): boolean {
    if (this.closed) return false;
    let state = this.endpoints.get(endpoint);
    if (!state) this.endpoints.set(endpoint, (state = { inFlight: 0, waiting: [] }));
    state.waiting.push(item);
    this.heldCount++;
    this.startWhatFits();
    return true;
  }

  /**
   * Stops starting sends (shutdown) and hands back every delivery still waiting for a slot, for the
   * caller to release: another instance can take them at once, rather than after their lease.
   */
  close(): T[] {
    this.closed = true;
    const waiting = [...this.endpoints.values()].flatMap((state) => state.waiting.splice(0));
    this.heldCount -= waiting.length;
    for (const [endpoint, state] of this.endpoints) if (state.inFlight === 0) this.endpoints.delete(endpoint);
    if (this.heldCount === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    return waiting;
  }

  /** Resolves once nothing is held. */
  idle(): Promise<void> {
    if (this.heldCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private startWhatFits(): void {
    for (const [endpoint, state] of this.endpoints) {
      while (this.inFlight < this.limits.total && state.inFlight < this.limits.perEndpoint && state.waiting.length > 0) {
        this.start(endpoint, state, state.waiting.shift()!);
      }
      if (this.inFlight >= this.limits.total) return;
    }
  }

  private start(endpoint: string, state: Endpoint<T>, item: T): void {
    state.inFlight++;
    this.inFlight++;
    void this.send(item).finally(() => {
      const heldBefore = state.inFlight + state.waiting.length;
      state.inFlight--;
      this.inFlight--;
      this.heldCount--;
      if (state.inFlight === 0 && state.waiting.length === 0) this.endpoints.delete(endpoint);
      this.startWhatFits();
      this.onFinished(endpoint, heldBefore > this.limits.perEndpoint && heldBefore - 1 <= this.limits.perEndpoint);
      if (this.heldCount === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }
}
