// A list call is a promise of its first page and an async iterable of every item across pages:
// `await client.leads.list()` is one page; `for await (const lead of client.leads.list())` follows
// `next_cursor` until `has_more` is false.
import { ChatbotPlatformError } from './errors.js';

export interface Page<Item> {
  data: Item[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Awaitable like a promise of the first page (`then`, `catch`, `finally`). */
export class PageList<Item, Answer extends Page<Item> = Page<Item>> implements PromiseLike<Answer>, AsyncIterable<Item> {
  private first: Promise<Answer> | null = null;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Answer>) {}

  then<Fulfilled = Answer, Rejected = never>(
    onFulfilled?: ((page: Answer) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    this.first ??= this.fetchPage(undefined);
    return this.first.then(onFulfilled, onRejected);
  }

  catch<Rejected = never>(onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null): Promise<Answer | Rejected> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<Answer> {
    return this.then().finally(onFinally);
  }

  /** Every page, the first one first. */
  async *pages(): AsyncGenerator<Answer> {
    let cursor: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield page;
      // `has_more` with a cursor: a filtered page may hold no item and still not be the last.
      if (!page.has_more || !page.next_cursor) return;
      // A cursor given twice would page in a circle for ever.
      if (seen.has(page.next_cursor)) throw new ChatbotPlatformError(`The server gave the cursor ${page.next_cursor} twice: paging stopped`);
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item, at most `limit` of them (pages are fetched until there are enough). */
  async toArray(limit = Number.POSITIVE_INFINITY): Promise<Item[]> {
    const items: Item[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
