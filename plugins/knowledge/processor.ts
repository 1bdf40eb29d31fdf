// Turns an item into chunks. Reading and chunking the content runs in the parser pool's worker
// threads (./parsing/); this side only fetches URLs and receives finished chunks. Short Q&A pairs
// are the exception: they are analysed here (processShortPair).
import { emptyTermCounts } from '../../core/index.js';
import { crawl, type PageFetcher } from './crawl.js';
import type { ParserPool } from './parsing/pool.js';
import { readQa, type AnalysedChunk, type ParseOutput } from './parsing/tasks.js';
import type { ChunkDoc, Item } from './collections.js';

/**
 * Q&A pairs up to this many characters (question, answer and alternatives together) are analysed
 * on the main thread: a pair of a few hundred characters takes about 20 µs there, and a round trip
 * to a parser thread over 300 µs. Longer pairs (up to 31,000 characters, up to about 20 ms of
 * work) still go to a thread, so analysing one never holds the event loop for long.
 */
export const MAX_SHORT_PAIR_CHARACTERS = 2000;

export function isShortPair(item: Item): boolean {
  if (item.type !== 'qa') return false;
  const characters = (item.question?.length ?? 0) + (item.answer?.length ?? 0) + item.alternatives.reduce((sum, text) => sum + text.length, 0);
  return characters <= MAX_SHORT_PAIR_CHARACTERS;
}

/** A short Q&A pair (isShortPair), analysed on this thread; the caller bounds how many run between yields. */
export function processShortPair(item: Item): ProcessedItem {
  return pairResult(item, readQa({ question: item.question!, alternatives: item.alternatives, answer: item.answer!, language: item.language }));
}

function pairResult(item: Item, { chunk, charCount }: ParseOutput<'qa'>): ProcessedItem {
  const qa = { question: item.question!, alternatives: item.alternatives, answer: item.answer! };
  return { title: item.title, pages: [], chunks: [{ ...chunk, qa }], charCount };
}

export interface ProcessedItem {
  title: string | null;
  pages: Array<{ url: string; title: string | null }>;
  chunks: Array<Omit<ChunkDoc, 'chatbot_id' | 'item_id'>>;
  charCount: number;
}

export interface ProcessingContext {
  fetcher: PageFetcher;
  parser: ParserPool;
  userAgent: string;
  /** Stops the work (shutdown): checked between pages and before each parse; a parse in progress is ended. */
  signal?: AbortSignal;
}

export async function processItem(item: Item, context: ProcessingContext): Promise<ProcessedItem> {
  const { parser, signal } = context;
  switch (item.type) {
    case 'qa': {
      const { chunk, charCount } = await parser.run(
        { kind: 'qa', question: item.question!, alternatives: item.alternatives, answer: item.answer!, language: item.language },
        signal,
      );
      return pairResult(item, { chunk: received(chunk), charCount });
    }
    case 'document': {
      const document = await parser.run(
        { kind: 'document', format: item.format!, content: item.content!, title: item.title, language: item.language },
        signal,
      );
      return { title: document.title, pages: [], chunks: document.chunks.map(received), charCount: document.charCount };
    }
    case 'url': {
      const pages = await crawl(context.fetcher, parser, item.url!, {
        maxPages: item.max_pages ?? 1,
        sitemap: item.sitemap,
        userAgent: context.userAgent,
        language: item.language,
        signal,
      });
      const chunks = pages.flatMap((page) => page.chunks);
      return {
        title: item.title ?? pages[0]?.title ?? null,
        pages: pages.map(({ url, title }) => ({ url, title })),
        chunks: chunks.map((chunk, position) => ({ ...received(chunk), position })),
        charCount: pages.reduce((sum, page) => sum + page.charCount, 0),
      };
    }
  }
}

/**
 * A chunk as the worker thread built it, its term map given back the null prototype that the
 * clone between threads drops: a term such as "constructor" must stay a plain key.
 */
function received(chunk: AnalysedChunk): AnalysedChunk {
  return { ...chunk, term_counts: Object.assign(emptyTermCounts(), chunk.term_counts) };
}
