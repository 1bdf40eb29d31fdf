// Reading a URL item: one page, or a same-site crawl of up to max_pages pages, seeded from the
// site's sitemap when asked. Fetching happens here; every page and sitemap is parsed (and a page
// chunked) in the parser pool's worker threads.
import { FetchError, type Fetcher } from '../../core/index.js';
import { ExtractionError } from './parsing/errors.js';
import type { ParserPool } from './parsing/pool.js';
import type { AnalysedChunk } from './parsing/tasks.js';
import { parseRobotsTxt, type RobotsTxt } from './robots.js';

export interface CrawledPage {
  url: string;
  title: string | null;
  /** Its chunks, positions counted from 0 within the page. */
  chunks: AnalysedChunk[];
  charCount: number;
}

/** What a crawl needs of the fetcher. */
export type PageFetcher = Pick<Fetcher, 'fetch'>;

export interface CrawlOptions {
  maxPages: number;
  sitemap: boolean;
  userAgent: string;
  /** The item's language, for the analysis of its chunks. */
  language: string;
  /** Stops the crawl (shutdown): checked before each fetch and parse, and passed to both. */
  signal?: AbortSignal | undefined;
  /** How long the whole crawl may take (ms): past it no further page is read, the ones read are kept. */
  budgetMs?: number;
}

/**
 * A crawl's time budget: 100 hostile pages at the parser's 30 s limit each would outlast the
 * item's 30-minute lease, and another instance would start the same crawl again.
 */
export const CRAWL_BUDGET_MS = 20 * 60_000;

const SITEMAP_TYPES = ['application/xml', 'text/xml', 'application/x-xml'];
const MAX_SITEMAP_URLS = 1000;

/**
 * The page the user named is always read. Pages found by the crawl or the sitemap are read only
 * when the site's robots.txt allows them to our user agent.
 */
export async function crawl(fetcher: PageFetcher, parser: ParserPool, startUrl: string, options: CrawlOptions): Promise<CrawledPage[]> {
  const { signal } = options;
  const origin = new URL(startUrl).origin;
  const start = normalise(startUrl);
  const queue: string[] = [start];
  const seen = new Set(queue);
  const crawling = options.maxPages > 1 || options.sitemap;
  const robots = crawling ? await readRobotsTxt(fetcher, origin, options.userAgent, signal) : null;
  const enqueue = (url: string) => {
    let parsed: URL;
    try {
      parsed = new URL(normalise(url));
    } catch {
      return; // a sitemap can list anything
    }
    const normalised = parsed.toString();
    if (parsed.origin !== origin || seen.has(normalised)) return;
    if (robots && !robots.isAllowed(`${parsed.pathname}${parsed.search}`)) return;
    seen.add(normalised);
    queue.push(normalised);
  };
  if (options.sitemap) for (const url of await sitemapUrls(fetcher, parser, origin, robots?.sitemaps ?? [], signal)) enqueue(url);

  const pages: CrawledPage[] = [];
  const stopAt = performance.now() + (options.budgetMs ?? CRAWL_BUDGET_MS);
  while (queue.length > 0 && pages.length < options.maxPages) {
    signal?.throwIfAborted();
    if (pages.length > 0 && performance.now() > stopAt) break; // the named page is always read
    const url = queue.shift()!;
    let page: CrawledPage & { links: string[] };
    try {
      page = await readPage(fetcher, parser, url, { language: options.language, withLinks: options.maxPages > 1, signal });
    } catch (error) {
      signal?.throwIfAborted();
      // The page the user named must work; a broken link further in is skipped.
      if (url === start) throw error;
      continue;
    }
    pages.push({ url: page.url, title: page.title, chunks: page.chunks, charCount: page.charCount });
    page.links.forEach(enqueue);
  }
  return pages;
}

async function readPage(
  fetcher: PageFetcher,
  parser: ParserPool,
  url: string,
  options: { language: string; withLinks: boolean; signal?: AbortSignal | undefined },
): Promise<CrawledPage & { links: string[] }> {
  const resource = await fetcher.fetch(url, undefined, { signal: options.signal });
  options.signal?.throwIfAborted();
  const page = await parser.run(
    {
      kind: 'page',
      url: resource.url,
      contentType: resource.contentType,
      body: resource.body,
      language: options.language,
      withLinks: options.withLinks,
    },
    options.signal,
  );
  return { url: resource.url, ...page };
}

async function readRobotsTxt(fetcher: PageFetcher, origin: string, userAgent: string, signal?: AbortSignal): Promise<RobotsTxt> {
  try {
    const robots = await fetcher.fetch(`${origin}/robots.txt`, ['text/plain'], { signal });
    return parseRobotsTxt(robots.body.toString('utf8'), userAgent);
  } catch (error) {
    if (error instanceof FetchError) return parseRobotsTxt('', userAgent); // none: everything allowed
    throw error;
  }
}

/** URLs listed in the sitemaps robots.txt names (else /sitemap.xml), one level of sitemap index deep. */
async function sitemapUrls(fetcher: PageFetcher, parser: ParserPool, origin: string, named: string[], signal?: AbortSignal): Promise<string[]> {
  const locations = async (sitemapUrl: string): Promise<{ pages: string[]; sitemaps: string[] }> => {
    signal?.throwIfAborted();
    try {
      const resource = await fetcher.fetch(sitemapUrl, SITEMAP_TYPES, { signal });
      return await parser.run({ kind: 'sitemap', body: resource.body, maxUrls: MAX_SITEMAP_URLS }, signal);
    } catch (error) {
      signal?.throwIfAborted();
      // A sitemap is a hint: one that is missing or cannot be read leaves the crawl to the links.
      if (error instanceof FetchError || error instanceof ExtractionError) return { pages: [], sitemaps: [] };
      throw error;
    }
  };

  const candidates: string[] = [];
  for (const url of named.length > 0 ? named : ['/sitemap.xml']) {
    try {
      candidates.push(new URL(url, origin).toString());
    } catch {
      // robots.txt named something that is not a URL
    }
  }
  const urls: string[] = [];
  for (const sitemap of candidates) {
    const { pages, sitemaps } = await locations(sitemap);
    urls.push(...pages);
    for (const nested of sitemaps.slice(0, 10)) urls.push(...(await locations(nested)).pages);
    if (urls.length >= MAX_SITEMAP_URLS) break;
  }
  return urls.slice(0, MAX_SITEMAP_URLS);
}

function normalise(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.toString();
}
