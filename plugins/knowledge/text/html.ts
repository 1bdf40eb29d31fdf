// HTML to the markdown-like text the sectioner reads: headings become "#" lines, everything else
// plain paragraphs. Whole pages go through Readability first, so menus and footers drop out.
// Untrusted input: these run in the parser worker threads (../parsing/), never on the event loop.
import { Readability } from '@mozilla/readability';
import { convert, type FormatCallback } from 'html-to-text';
import { parseHTML } from 'linkedom';

/** Writes <hN> as a markdown heading line, so the sectioner can keep each chunk's heading path. */
const markdownHeading: FormatCallback = (element, walk, builder, formatOptions) => {
  const level = Number(/^h([1-6])$/i.exec(element.name ?? '')?.[1] ?? 1);
  builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2 });
  builder.addLiteral(`${'#'.repeat(level)} `);
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks ?? 2 });
};

const CONVERT_OPTIONS = {
  wordwrap: false as const,
  formatters: { markdownHeading },
  selectors: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'markdownHeading' })),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'nav', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'table', format: 'dataTable' },
  ],
};

export interface HtmlText {
  title: string | null;
  text: string;
}

/** A fragment someone pasted (no page chrome to remove). */
export function htmlFragmentToText(html: string): HtmlText {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const heading = document.querySelector('h1');
  return { title: heading?.textContent?.trim() || null, text: convert(html, CONVERT_OPTIONS).trim() };
}

/** A whole page: Readability finds the main content; its <title> names it. */
export function htmlPageToText(html: string): HtmlText {
  return textOfPage(parsePage(html), html);
}

/** A page the crawler read: its text and the links to follow, from one parse. */
export function htmlPageWithLinks(html: string, baseUrl: string): HtmlText & { links: string[] } {
  const document = parsePage(html);
  const links = linksIn(document, baseUrl); // first: Readability rewrites the document
  return { ...textOfPage(document, html), links };
}

/** Absolute http(s) links of a page, without fragments: what a same-site crawl follows. */
export function linksOf(html: string, baseUrl: string): string[] {
  return linksIn(parsePage(html), baseUrl);
}

type ParsedDocument = ReturnType<typeof parseHTML>['document'];

/**
 * A served page may be a bare fragment or text without an <html> element; linkedom then has no
 * <html> root (and with no element at all, its `body` throws), so such a page is read as the
 * body of an empty document.
 */
function parsePage(html: string): ParsedDocument {
  const { document } = parseHTML(html);
  if (document.documentElement?.localName === 'html') return document;
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
}

function textOfPage(document: ParsedDocument, html: string): HtmlText {
  const pageTitle = document.querySelector('title')?.textContent?.trim() || null;
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document as never).parse(); // linkedom's document stands in for the DOM one
  } catch {
    article = null; // not an article-like page: fall back to the whole body
  }
  const content = article?.content ?? document.body?.innerHTML ?? html;
  return { title: article?.title?.trim() || pageTitle, text: convert(content, CONVERT_OPTIONS).trim() };
}

function linksIn(document: ParsedDocument, baseUrl: string): string[] {
  const links = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    try {
      const url = new URL(anchor.getAttribute('href') ?? '', baseUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      links.add(url.toString());
    } catch {
      // not a URL: skip
    }
  }
  return [...links];
}
