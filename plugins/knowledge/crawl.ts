// Reading a URL item: one page, or a same-site crawl of up to max_pages pages, seeded from the
// site's sitemap when asked.
import { XMLParser } from 'fast-xml-parser';
import { extractPdf, type ExtractedText } from './text/documents.js';
import { htmlPageToText, linksOf } from './text/html.js';
import { FetchError, type Fetcher } from '../../core/http/fetcher.js';
import { parseRobotsTxt, type RobotsTxt } from './robots.js';

export interface CrawledPage {
  url: string;
  title: string | null;
  text: string;
}

const SITEMAP_TYPES = ['application/xml', 'text/xml', 'application/x-xml'];
const MAX_SITEMAP_URLS = 1000;

/**
 * The page the user named is always read. Pages found by the crawl or the sitemap are read only
 * when the site's robots.txt allows them to our user agent.
 */
export async function crawl(
  fetcher: Fetcher,
  startUrl: string,
  options: { maxPages: number; sitemap: boolean; userAgent: string },
): Promise<CrawledPage[]> {
  const origin = new URL(startUrl).origin;
  const start = normalise(startUrl);
  const queue: string[] = [start];
  const seen = new Set(queue);
  const crawling = options.maxPages > 1 || options.sitemap;
  const robots = crawling ? await readRobotsTxt(fetcher, origin, options.userAgent) : null;
  const enqueue = (url: string) => {
    const normalised = normalise(url);
    const parsed = new URL(normalised);
    if (parsed.origin !== origin || seen.has(normalised)) return;
    if (robots && !robots.isAllowed(`${parsed.pathname}${parsed.search}`)) return;
    seen.add(normalised);
    queue.push(normalised);
  };
  if (options.sitemap) for (const url of await sitemapUrls(fetcher, origin, robots?.sitemaps ?? [])) enqueue(url);

  const pages: CrawledPage[] = [];
  while (queue.length > 0 && pages.length < options.maxPages) {
    const url = queue.shift()!;
    let page: CrawledPage & { links: string[] };
    try {
      page = await readPage(fetcher, url);
    } catch (error) {
      // The page the user named must work; a broken link further in is skipped.
      if (url === start) throw error;
      continue;
    }
    pages.push({ url: page.url, title: page.title, text: page.text });
    if (options.maxPages > 1) page.links.forEach(enqueue);
  }
  return pages;
}

async function readPage(fetcher: Fetcher, url: string): Promise<CrawledPage & { links: string[] }> {
  const resource = await fetcher.fetch(url);
  let extracted: ExtractedText;
  let links: string[] = [];
  if (resource.contentType === 'application/pdf') {
    extracted = await extractPdf(resource.body);
  } else if (resource.contentType === 'text/html' || resource.contentType === 'application/xhtml+xml') {
    const html = resource.body.toString('utf8');
    extracted = htmlPageToText(html);
    links = linksOf(html, resource.url);
  } else {
    extracted = { title: null, text: resource.body.toString('utf8') };
  }
  return { url: resource.url, title: extracted.title, text: extracted.text, links };
}

async function readRobotsTxt(fetcher: Fetcher, origin: string, userAgent: string): Promise<RobotsTxt> {
  try {
    const robots = await fetcher.fetch(`${origin}/robots.txt`, ['text/plain']);
    return parseRobotsTxt(robots.body.toString('utf8'), userAgent);
  } catch (error) {
    if (error instanceof FetchError) return parseRobotsTxt('', userAgent); // none: everything allowed
    throw error;
  }
}

/** URLs listed in the sitemaps robots.txt names (else /sitemap.xml), one level of sitemap index deep. */
async function sitemapUrls(fetcher: Fetcher, origin: string, named: string[]): Promise<string[]> {
  const parser = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'url' || name === 'sitemap' });
  const locations = async (sitemapUrl: string): Promise<{ pages: string[]; sitemaps: string[] }> => {
    try {
      const resource = await fetcher.fetch(sitemapUrl, SITEMAP_TYPES);
      const xml = parser.parse(resource.body.toString('utf8')) as {
        urlset?: { url?: Array<{ loc?: string }> };
        sitemapindex?: { sitemap?: Array<{ loc?: string }> };
      };
      return {
        pages: (xml.urlset?.url ?? []).map((entry) => String(entry.loc ?? '').trim()).filter(Boolean),
        sitemaps: (xml.sitemapindex?.sitemap ?? []).map((entry) => String(entry.loc ?? '').trim()).filter(Boolean),
      };
    } catch (error) {
      if (error instanceof FetchError) return { pages: [], sitemaps: [] };
      throw error;
    }
  };

  const candidates = named.length > 0 ? named.map((url) => new URL(url, origin).toString()) : [`${origin}/sitemap.xml`];
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
