// Reading a URL item: one page, or a same-site crawl of up to max_pages pages, seeded from the
// site's sitemap when asked.
import { XMLParser } from 'fast-xml-parser';
import { extractPdf, type ExtractedText } from './text/documents.js';
import { htmlPageToText, linksOf } from './text/html.js';
import { FetchError, type Fetcher } from './fetch.js';

export interface CrawledPage {
  url: string;
  title: string | null;
  text: string;
}

const SITEMAP_TYPES = ['application/xml', 'text/xml', 'application/x-xml'];
const MAX_SITEMAP_URLS = 1000;

export async function crawl(
  fetcher: Fetcher,
  startUrl: string,
  options: { maxPages: number; sitemap: boolean },
): Promise<CrawledPage[]> {
  const origin = new URL(startUrl).origin;
  const queue: string[] = [normalise(startUrl)];
  const seen = new Set(queue);
  const enqueue = (url: string) => {
    const normalised = normalise(url);
    if (new URL(normalised).origin !== origin || seen.has(normalised)) return;
    seen.add(normalised);
    queue.push(normalised);
  };
  if (options.sitemap) for (const url of await sitemapUrls(fetcher, origin)) enqueue(url);

  const pages: CrawledPage[] = [];
  while (queue.length > 0 && pages.length < options.maxPages) {
    const url = queue.shift()!;
    let page: CrawledPage & { links: string[] };
    try {
      page = await readPage(fetcher, url);
    } catch (error) {
      // The page the user named must work; a broken link further in is skipped.
      if (url === normalise(startUrl)) throw error;
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

/** URLs listed in /sitemap.xml (or the sitemaps robots.txt names), one level of sitemap index deep. */
async function sitemapUrls(fetcher: Fetcher, origin: string): Promise<string[]> {
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

  let candidates = [`${origin}/sitemap.xml`];
  try {
    const robots = await fetcher.fetch(`${origin}/robots.txt`, ['text/plain']);
    const named = [...robots.body.toString('utf8').matchAll(/^\s*sitemap:\s*(\S+)/gim)].map((m) => m[1]!);
    if (named.length > 0) candidates = named;
  } catch {
    // no robots.txt: try the usual place
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
