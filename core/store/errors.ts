// Typed store errors. Adapters map their driver's errors to these in one file each
// (adapters/*/errors.ts); core maps these to API errors (core/errors.ts).

export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A unique index (or the primary id) already holds the value. */
export class UniqueConstraintError extends StoreError {
  constructor(
    readonly collection: string,
    readonly fields: string[],
    options?: { cause?: unknown },
  ) {
    super(`Duplicate value in ${collection} for (${fields.join(', ')})`, options);
  }
}

/** An optimistic write found another version than the one it expected. */
export class VersionConflictError extends StoreError {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`${collection} ${id} was changed by someone else`);
  }
}

/** A write inside commit() addressed a record that does not exist in its scope. */
export class RecordNotFoundError extends StoreError {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`${collection} ${id} does not exist`);
  }
}

/**
 * The store refused a document's content (nested deeper or larger than it can hold). Request
 * validation bounds what callers send, so this is a backstop: a 400, never a 500.
 */
export class DocumentRejectedError extends StoreError {}

/** The store cannot be reached, is shutting down, or cannot be written (read-only, full disk, no primary). */
export class StoreUnavailableError extends StoreError {}

/** A caller broke the interface's contract (bad field name, undeclared collection, …): a bug. */
export class StoreUsageError extends StoreError {}
