// What every resource does with the transport: typed calls by operation id, and list calls that
// page through `next_cursor`.
import { segment, type Call, type RequestOptions, type Transport } from '../http.js';
import { PageList, type Page } from '../pagination.js';
import type { Item, OperationId, Query, Result } from '../types.js';

export abstract class Resource {
  constructor(protected readonly transport: Transport) {}

  /** A call whose answer is the operation's JSON. */
  protected call<Id extends OperationId>(_operation: Id, call: Call): Promise<Result<Id>> {
    return this.transport.json<Result<Id>>(call);
  }

  /** A call whose answer is text as the server sent it (an export: CSV, JSON Lines). */
  protected text<Id extends OperationId>(_operation: Id, call: Call): Promise<string> {
    return this.transport.text(call);
  }

  /** A call whose answer is bytes as the server sent them (a conversation's file). */
  protected bytes<Id extends OperationId>(_operation: Id, call: Call): Promise<Uint8Array> {
    return this.transport.bytes(call);
  }

  /** A list operation: its first page when awaited, every item when iterated. */
  protected paged<Id extends OperationId>(
    _operation: Id,
    path: string,
    query: Query<Id> | undefined,
    options?: RequestOptions,
  ): PageList<Item<Id>, Result<Id> & Page<Item<Id>>> {
    return new PageList((cursor) =>
      this.transport.json<Result<Id> & Page<Item<Id>>>({ method: 'GET', path, query: { ...query, ...(cursor ? { cursor } : {}) }, options }),
    );
  }
}

/** `collection/{id}` and below (`/api/v1/members/{userId}/sessions`), with each segment escaped. */
export function itemPath(collection: string, id: string, ...rest: string[]): string {
  return [collection, segment(id), ...rest.map(segment)].join('/');
}

/** `/api/v1/chatbots/{id}` and below, with each id escaped. */
export function chatbotPath(chatbotId: string, ...rest: string[]): string {
  return itemPath('/api/v1/chatbots', chatbotId, ...rest);
}
