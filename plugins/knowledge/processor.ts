// Turns an item into chunks. Reading and chunking the content runs in the parser pool's worker
// threads (./parsing/); this side only fetches URLs and receives finished chunks.
import { emptyTermCounts } from '../../core/text/term-counts.js';
import { crawl, type PageFetcher } from './crawl.js';
import type { ParserPool } from './parsing/pool.js';
import type { AnalysedChunk } from './parsing/tasks.js';
import type { ChunkDoc, Item } from './store.js';

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
      const question = item.question!;
      const answer = item.answer!;
      const { chunk, charCount } = await parser.run(
        { kind: 'qa', question, alternatives: item.alternatives, answer, language: item.language },
        signal,
      );
      return {
        title: item.title,
        pages: [],
        chunks: [{ ...received(chunk), qa: { question, alternatives: item.alternatives, answer } }],
        charCount,
      };
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
