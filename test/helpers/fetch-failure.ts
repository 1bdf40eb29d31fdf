// The message of the FetchError a fetch fails with (core/http/fetcher.ts); any other outcome fails the test.
import { FetchError } from '../../core/http/fetcher.js';

export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error.message;
    throw error;
  }
  throw new Error('expected a FetchError');
}
