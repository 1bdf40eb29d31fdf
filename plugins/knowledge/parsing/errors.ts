// The error a user sees as an item's `error`, and how it crosses the worker-thread boundary: a
// thrown error is cloned without its class, so workers send { kind, message } and the pool
// rebuilds the class on the main thread.

/** Thrown for content that cannot be read; its message is shown to the user as the item's error. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/** What a parser worker sends back for an error the user should see. */
export interface WireError {
  kind: 'extraction';
  message: string;
}

export function toWireError(error: unknown): WireError | null {
  return error instanceof ExtractionError ? { kind: 'extraction', message: error.message } : null;
}

export function fromWireError(error: WireError): Error {
  return new ExtractionError(error.message);
}
