// The rules of a change to a knowledge item (PATCH): what it may change, what it stores, and
// whether the item must be processed again.
import { apiError, foldForSearch } from '../../core/index.js';
import { FIELDS_BY_TYPE } from './schemas.js';
import type { Item, ItemDoc } from './collections.js';
import { BINARY_MIME_TYPES } from './text/formats.js';

/**
 * The fields to store for `patch` on `item`: a binary document's content and media type together,
 * the folded title with the title. Anything but the title and metadata changes what the item says,
 * so it is processed again (`reprocess`: pending from `now`).
 */
export function itemChanges(item: Item, patch: Record<string, unknown>, now: string): { changes: Partial<ItemDoc>; reprocess: boolean } {
  const foreign = Object.keys(patch).filter((field) => !FIELDS_BY_TYPE[item.type].includes(field));
  // The body is valid for some item type; that the stored item is of another type is a
  // conflict with its state (schemathesis: a schema-valid body was a 400).
  if (foreign.length > 0) {
    throw apiError(409, 'conflict', `A ${item.type} item has no ${foreign.join(', ')}`, {
      details: foreign.map((field) => ({ path: field, message: `"${field}" does not apply to ${item.type} items`, type: 'object.unknown' })),
    });
  }
  const changes: Partial<ItemDoc> = { ...patch, updated_at: now } as Partial<ItemDoc>;
  if ('content_base64' in patch || 'mime_type' in patch) {
    if (!patch.content_base64 || !patch.mime_type) {
      throw apiError(400, 'validation_failed', '"content_base64" and "mime_type" go together', {
        details: [{ path: 'content_base64', message: '"content_base64" and "mime_type" go together', type: 'object.and' }],
      });
    }
    changes.content = patch.content_base64 as string;
    changes.format = BINARY_MIME_TYPES[patch.mime_type as string]!;
    delete (changes as Record<string, unknown>).content_base64;
    delete (changes as Record<string, unknown>).mime_type;
  }
  if ('title' in patch) changes.title_folded = foldForSearch((patch.title as string | null) ?? '');
  const reprocess = Object.keys(patch).some((field) => field !== 'title' && field !== 'metadata');
  if (reprocess) Object.assign(changes, { status: 'pending', error: null, process_at: now });
  return { changes, reprocess };
}
