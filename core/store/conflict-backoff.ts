// After a VersionConflictError, a writer reads again and decides again. Writers that collided and
// retry at once collide again in lockstep: on a store where a write takes several milliseconds
// (a MongoDB-wire server across a network, FerretDB's claimed versions) four visitors' messages to
// one conversation ran out of five attempts. A random wait, growing with the attempt, spreads them.

/** The first retry waits up to this long, ms: about one write on such a store (a read, a claim, the write). */
const FIRST_CONFLICT_BACKOFF_MS = 10;
/** The longest wait before one retry, ms: four retries wait 150 ms at most in all, far below a request's budget. */
const MAX_CONFLICT_BACKOFF_MS = 80;

/** Waits a random time up to FIRST_CONFLICT_BACKOFF_MS, doubling with each attempt (at most MAX_CONFLICT_BACKOFF_MS), before retry `attempt + 1`. */
export async function backOffAfterConflict(attempt: number): Promise<void> {
  const ceiling = Math.min(MAX_CONFLICT_BACKOFF_MS, FIRST_CONFLICT_BACKOFF_MS * 2 ** (attempt - 1));
  await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * ceiling)));
}
