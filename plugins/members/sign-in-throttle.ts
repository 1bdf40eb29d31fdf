// Sign-in attempts, counted in the store's counters (shared by every instance) over fixed 15-minute
// windows: per e-mail and client address (one person guessing one password), and per address (one
// address trying many e-mails). An attempt is counted before its password is checked, atomically,
// so concurrent guesses cannot all slip through between a check and a count; the counters only go
// up, so a successful attempt counts too. Past either limit every attempt is refused, the right
// password too, until the window ends: a guesser learns nothing more.
import { createHash } from 'node:crypto';
import { apiError, type CounterStore } from '../../core/index.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ATTEMPTS_PER_EMAIL_AND_ADDRESS = 10;
export const ATTEMPTS_PER_ADDRESS = 100;

export class SignInThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly now: () => Date,
  ) {}

  private windows(email: string, address: string) {
    const now = this.now().getTime();
    const start = Math.floor(now / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS;
    const end = new Date(start + THROTTLE_WINDOW_MS);
    // Hashed: counter names are stored, and an e-mail address need not be.
    const pair = createHash('sha256').update(`${email}\n${address}`).digest('base64url');
    return {
      end,
      retryAfter: Math.max(1, Math.ceil((end.getTime() - now) / 1000)),
      counters: [
        { name: `sign_in:${pair}:${start}`, limit: ATTEMPTS_PER_EMAIL_AND_ADDRESS },
        { name: `sign_in_ip:${address}:${start}`, limit: ATTEMPTS_PER_ADDRESS },
      ],
    };
  }

  /** Counts an attempt; 429 `sign_in_throttled` when this e-mail from this address, or this address, is past its limit. */
  async attempt(email: string, address: string): Promise<void> {
    const { counters, end, retryAfter } = this.windows(email, address);
    const counts = await Promise.all(counters.map((counter) => this.counters.increment(null, counter.name, end)));
    if (counters.some((counter, i) => counts[i]! > counter.limit)) {
      throw apiError(429, 'sign_in_throttled', `Too many sign-in attempts: try again in ${Math.ceil(retryAfter / 60)} minutes`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  }
}
