// What a parser worker thread runs (loaded through worker-entry.mjs): every read of untrusted
// content, and the whole text → sections → chunks → analysed chunks pipeline, so the main thread
// only fetches, and receives finished chunks. Format libraries are imported on first use.
import { analyzerFor } from '../../../core/text/analysis.js';
import { countTerms } from '../../../core/text/term-counts.js';
import type { ChunkDoc } from '../collections.js';
import { chunkSections, toSections, type Chunk } from '../text/chunking.js';
import type { DocumentFormat } from '../text/formats.js';
import { toWireError, type WireError } from './errors.js';

export type AnalysedChunk = Omit<ChunkDoc, 'chatbot_id' | 'item_id'>;

export interface ParseTasks {
  /** A document item: its text, chunked and analysed. */
  document: {
    input: { format: DocumentFormat; content: string; title: string | null; language: string };
    output: { title: string | null; chunks: AnalysedChunk[]; charCount: number };
  };
  /** A Q&A pair: one chunk, found by the question, its other phrasings or the answer. */
  qa: {
    input: { question: string; alternatives: string[]; answer: string; language: string };
    output: { chunk: AnalysedChunk; charCount: number };
  };
  /** A fetched page (HTML, PDF or text): its chunks (positions from 0) and, when asked, its links. */
  page: {
    input: { url: string; contentType: string; body: Uint8Array; language: string; withLinks: boolean };
    output: { title: string | null; chunks: AnalysedChunk[]; charCount: number; links: string[] };
  };
  /** A sitemap or sitemap index: the <loc> URLs it lists, at most `maxUrls` of each. */
  sitemap: {
    input: { body: Uint8Array; maxUrls: number };
    output: { pages: string[]; sitemaps: string[] };
  };
}

export type ParseTaskKind = keyof ParseTasks;
export type ParseTask<K extends ParseTaskKind = ParseTaskKind> = K extends ParseTaskKind ? { kind: K } & ParseTasks[K]['input'] : never;
export type ParseOutput<K extends ParseTaskKind> = ParseTasks[K]['output'];

/** What crosses back to the main thread: a result, or an error a user should see as { kind, message }. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: WireError };

export async function runParseTask(task: ParseTask): Promise<WorkerReply> {
  try {
    return { ok: true, value: await run(task) };
  } catch (error) {
    const wire = toWireError(error);
    if (wire) return { ok: false, error: wire };
    throw error; // a bug, not the document: the pool reports it as an internal error
  }
}

async function run(task: ParseTask): Promise<ParseOutput<ParseTaskKind>> {
  switch (task.kind) {
    case 'document':
      return readDocument(task);
    case 'qa':
      return readQa(task);
    case 'page':
      return readPage(task);
    case 'sitemap':
      return readSitemap(task);
    default:
      throw new Error(`Unknown parse task: ${(task as { kind?: unknown }).kind}`);
  }
}

async function readDocument(task: ParseTask<'document'>): Promise<ParseOutput<'document'>> {
  const extracted =
    task.format === 'text' || task.format === 'markdown'
      ? { title: null, text: task.content }
      : await (await import('../text/documents.js')).extractDocument({ format: task.format, content: task.content });
  const title = task.title ?? extracted.title;
  const analyse = analyser(task.language);
  const chunks = chunkSections(toSections(extracted.text), title).map((chunk, position) => analyse(chunk, position, null, 'passage'));
  return { title, chunks, charCount: extracted.text.length };
}

/**
 * A Q&A pair's one chunk. Pure and small, so the knowledge worker also runs it on the main thread
 * for short pairs (see processor.ts), where a round trip to a thread would cost more than the work.
 */
export function readQa(task: ParseTasks['qa']['input']): ParseOutput<'qa'> {
  const text = `${task.question}\n${task.answer}`;
  const searchable = [task.question, ...task.alternatives, task.answer].join('\n');
  const chunk = analyser(task.language)({ title: task.question, headingPath: [], text }, 0, null, 'qa', searchable);
  return { chunk, charCount: text.length };
}

async function readPage(task: ParseTask<'page'>): Promise<ParseOutput<'page'>> {
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  let extracted: { title: string | null; text: string; links?: string[] };
  if (task.contentType === 'application/pdf') {
    extracted = await (await import('../text/documents.js')).extractPdf(body);
  } else if (task.contentType === 'text/html' || task.contentType === 'application/xhtml+xml') {
    const [{ readingHtml }, html] = await Promise.all([import('../text/documents.js'), import('../text/html.js')]);
    const source = body.toString('utf8');
    extracted = readingHtml(() => (task.withLinks ? html.htmlPageWithLinks(source, task.url) : html.htmlPageToText(source)));
  } else {
    extracted = { title: null, text: body.toString('utf8') };
  }
  const analyse = analyser(task.language);
  const chunks = chunkSections(toSections(extracted.text), extracted.title).map((chunk, position) =>
    analyse(chunk, position, task.url, 'passage'),
  );
  return { title: extracted.title, chunks, charCount: extracted.text.length, links: extracted.links ?? [] };
}

async function readSitemap(task: ParseTask<'sitemap'>): Promise<ParseOutput<'sitemap'>> {
  const { XMLParser } = await import('fast-xml-parser');
  const parser = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'url' || name === 'sitemap' });
  let xml: { urlset?: { url?: unknown }; sitemapindex?: { sitemap?: unknown } } | null;
  try {
    xml = parser.parse(Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength).toString('utf8'));
  } catch {
    return { pages: [], sitemaps: [] }; // not XML: a sitemap is a hint, the crawl goes on without it
  }
  return { pages: locationsIn(xml?.urlset?.url, task.maxUrls), sitemaps: locationsIn(xml?.sitemapindex?.sitemap, task.maxUrls) };
}

/** The <loc> of each entry; anything else a hostile sitemap puts there (objects, arrays) is skipped. */
function locationsIn(entries: unknown, max: number): string[] {
  if (!Array.isArray(entries)) return [];
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = (entry as { loc?: unknown } | null)?.loc;
    if (typeof loc !== 'string' && typeof loc !== 'number') continue;
    const url = String(loc).trim();
    if (url) urls.push(url);
    if (urls.length >= max) break;
  }
  return urls;
}

function analyser(language: string) {
  const analyzer = analyzerFor(language);
  return (
    chunk: Chunk,
    position: number,
    url: string | null,
    kind: ChunkDoc['kind'],
    searchable: string = [chunk.title ?? '', ...chunk.headingPath, chunk.text].join('\n'),
  ): AnalysedChunk => {
    const all = analyzer.terms(searchable);
    // Null prototype: a term such as "constructor" is a key like any other, not Object's method.
    // (The clone to the main thread loses it; processor.ts restores it.)
    const termCounts = countTerms(all);
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
