// Turns an item into chunks: extract its text (fetching URLs), split it, analyse every chunk.
import { analyzerFor } from '../../core/text/analysis.js';
import { crawl } from './crawl.js';
import type { Fetcher } from '../../core/http/fetcher.js';
import type { ChunkDoc, Item } from './store.js';
import { chunkSections, toSections, type Chunk } from './text/chunking.js';
import { extractDocument } from './text/documents.js';

export interface ProcessedItem {
  title: string | null;
  pages: Array<{ url: string; title: string | null }>;
  chunks: Array<Omit<ChunkDoc, 'chatbot_id' | 'item_id'>>;
  charCount: number;
}

export async function processItem(item: Item, fetcher: Fetcher, userAgent: string): Promise<ProcessedItem> {
  const analyse = analysedChunk(item.language);
  switch (item.type) {
    case 'qa': {
      // One chunk: the question (and its other phrasings) and the answer, found by either.
      const text = `${item.question}\n${item.answer}`;
      const searchable = [item.question, ...item.alternatives, item.answer].join('\n');
      return {
        title: item.title,
        pages: [],
        chunks: [
          {
            ...analyse({ title: item.question, headingPath: [], text }, 0, null, 'qa', searchable),
            qa: { question: item.question!, alternatives: item.alternatives, answer: item.answer! },
          },
        ],
        charCount: text.length,
      };
    }
    case 'document': {
      const extracted = await extractDocument({ format: item.format!, content: item.content! });
      const title = item.title ?? extracted.title;
      const chunks = chunkSections(toSections(extracted.text), title);
      return {
        title,
        pages: [],
        chunks: chunks.map((chunk, position) => analyse(chunk, position, null, 'passage')),
        charCount: extracted.text.length,
      };
    }
    case 'url': {
      const pages = await crawl(fetcher, item.url!, { maxPages: item.max_pages ?? 1, sitemap: item.sitemap, userAgent });
      const chunks = pages.flatMap((page) =>
        chunkSections(toSections(page.text), page.title).map((chunk) => ({ chunk, url: page.url })),
      );
      return {
        title: item.title ?? pages[0]?.title ?? null,
        pages: pages.map(({ url, title }) => ({ url, title })),
        chunks: chunks.map(({ chunk, url }, position) => analyse(chunk, position, url, 'passage')),
        charCount: pages.reduce((sum, page) => sum + page.text.length, 0),
      };
    }
  }
}

function analysedChunk(language: string) {
  const analyzer = analyzerFor(language);
  return (
    chunk: Chunk,
    position: number,
    url: string | null,
    kind: ChunkDoc['kind'],
    searchable: string = [chunk.title ?? '', ...chunk.headingPath, chunk.text].join('\n'),
  ): Omit<ChunkDoc, 'chatbot_id' | 'item_id'> => {
    const all = analyzer.terms(searchable);
    const termCounts: Record<string, number> = {};
    for (const term of all) termCounts[term] = (termCounts[term] ?? 0) + 1;
    return {
      position,
      kind,
      title: chunk.title,
      heading_path: chunk.headingPath,
      url,
      text: chunk.text,
      terms: Object.keys(termCounts),
      term_counts: termCounts,
      length: all.length,
      qa: null,
    };
  };
}
