// Properties of the parser workers. Generated documents whose text, links or URLs are known give
// exactly those back; adversarial HTML and sitemap XML give text (or URLs), never a crash, and an
// error only where the input really is unreadable (HTML nested too deeply); the server keeps
// answering meanwhile.
// store-independent: the test server only shows the main thread keeps answering while workers parse.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import { ExtractionError } from '../../plugins/knowledge/parsing/errors.js';
import { ParserPool } from '../../plugins/knowledge/parsing/pool.js';
import { buildTestServer } from '../helpers/server.js';

// 240 s, twice tap's default for a file: 50 s alone in a CI run (parser workers, generated pages). A hang still fails it.
t.setTimeout(240_000);

const SEED = 20261123;

/** Pieces hostile HTML is made of: unclosed and misnested tags, comments, entities, odd attributes. */
const htmlPiece = fc.oneof(
  fc.constantFrom(
    '<div>', '</div>', '<p>', '</p>', '<h1>', '</h2>', '<h6 class=x>', '<a href="/next">', '<a href="javascript:alert(1)">',
    '<a href="//other.test/x#frag">', '<a href="http://[::1">', '</a>', '<table><tr><td>', '</td></tr>', '<script>', '</script>',
    '<style>', '<!--', '-->', '<![CDATA[', ']]>', '<title>', '</title>', '<br>', '<img src=x>', '<nav>', '<article>',
    '&amp;', '&#x1F600;', '&#0;', '&nosuch;', '&', '<', '>', '"', "'", '\u0000', '\u202e', '\ufeff', '\ud800', ' ', '\n\n',
    '# not a heading', '<html>', '<body>', '<svg><foreignObject><p>', '<select><option>', '<template>', '<frameset>',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Long runs and deep nesting: one piece repeated up to a few thousand times. */
const htmlRun = fc.tuple(htmlPiece, fc.integer({ min: 1, max: 3000 })).map(([piece, times]) => piece.repeat(times));

const hostileHtml = fc.array(fc.oneof({ weight: 4, arbitrary: htmlPiece }, { weight: 1, arbitrary: htmlRun }), { maxLength: 40 }).map((parts) => parts.join(''));

/** Sitemaps: urlset and sitemapindex entries with odd <loc> values, entities, DOCTYPEs and broken nesting. */
const locValue = fc.oneof(
  fc.webUrl(),
  fc.constantFrom('', '   ', 'not a url', 'javascript:alert(1)', 'https://x.test/a?b=1&amp;c=2', '&lol9;', '<![CDATA[https://x.test/c]]>'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const sitemapEntry = fc.oneof(
  locValue.map((loc) => `<url><loc>${loc}</loc></url>`),
  locValue.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`),
  fc.constantFrom('<url>', '</url>', '<url><loc><loc>x</loc></loc></url>', '<url/>', '<url><lastmod>2026</lastmod></url>', '<!-- c -->'),
);
const hostileSitemap = fc
  .tuple(
    fc.constantFrom('', '<?xml version="1.0"?>', '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>', '\ufeff'),
    fc.constantFrom('urlset', 'sitemapindex', 'html', ''),
    fc.array(sitemapEntry, { maxLength: 30 }),
    fc.integer({ min: 0, max: 2000 }),
  )
  .map(([prolog, root, entries, depth]) => {
    const body = entries.join('') + '<url>'.repeat(depth);
    return root ? `${prolog}<${root}>${body}</${root}>` : `${prolog}${body}`;
  });

/** The input can nest deeper than a reader can follow: at least this many tags opened (a run of
 * `<svg><foreignObject><p>` was refused at a few hundred). */
const OPENED_TAGS_TOO_DEEP = 100;
const openedTags = (html: string) => html.match(/<[a-z]/gi)?.length ?? 0;

/**
 * A result that passes `check`, or an ExtractionError for an input that `unreadable` says is
 * malformed beyond reading: any other error fails the property.
 */
async function readsOrRefusesOnly<T>(run: () => Promise<T>, check: (result: T) => boolean, unreadable: (error: ExtractionError) => boolean): Promise<boolean> {
  try {
    return check(await run());
  } catch (error) {
    return error instanceof ExtractionError && /^The .+/.test(error.message) && unreadable(error);
  }
}

/**
 * The only refusals of HTML, and only for input that opens many tags: nesting too deep for the
 * parser, or the worker's time limit (a 75 KB page of 2,626 nested `<svg><foreignObject><p>` took
 * the page reader past its 30 s: bounded, refused in words, never a hang of the server).
 */
const tooDeep = (html: string) => (error: ExtractionError) =>
  /nested too deeply|took longer than/.test(error.message) && openedTags(html) >= OPENED_TAGS_TOO_DEEP;
const never = () => false;

/** Text as the chunks hold it: whitespace runs as one space. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

const word = fc.stringMatching(/^[a-z]{1,8}$/);
/** A word as HTML, maybe inside inline markup, with the text it must come out as. */
const htmlWord = fc.oneof(
  word.map((text) => ({ html: text, text })),
  fc.tuple(fc.constantFrom('b', 'em', 'span', 'strong', 'i', 'code'), word).map(([tag, text]) => ({ html: `<${tag}>${text}</${tag}>`, text })),
  word.map((text) => ({ html: `<a href="/${text}">${text}</a>`, text })),
  fc.constant({ html: '&amp;', text: '&' }),
);
/** A block of words: a paragraph, a div or a list (its items in order). */
const block = fc.oneof(
  fc.tuple(fc.constantFrom('p', 'div'), fc.array(htmlWord, { minLength: 1, maxLength: 6 })).map(([tag, words]) => ({
    html: `<${tag}>${words.map((w) => w.html).join(' ')}</${tag}>`,
    text: words.map((w) => w.text).join(' '),
  })),
  fc.array(fc.array(htmlWord, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }).map((items) => ({
    html: `<ul>${items.map((words) => `<li>${words.map((w) => w.html).join(' ')}</li>`).join('')}</ul>`,
    text: items.map((words) => words.map((w) => w.text).join(' ')).join(' '),
  })),
);
/** A fragment of sections (an <h2> and its blocks), under the size of one chunk each. */
const knownHtml = fc.array(fc.tuple(fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(block, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 4 }).map((sections) => ({
  html: sections.map(([heading, blocks]) => `<h2>${heading.join(' ')}</h2>\n${blocks.map((b) => b.html).join('\n')}`).join('\n'),
  sections: sections.map(([heading, blocks]) => ({ heading: heading.join(' '), text: blocks.map((b) => b.text).join(' ') })),
}));

/** Links on a page, some with fragments or repeated, some not http(s), with the URLs a crawl must follow. */
const knownLinks = fc.array(
  fc.oneof(
    fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.option(word, { nil: undefined }), fc.option(word, { nil: undefined })).map(([segments, query, fragment]) => {
      const path = `/${segments.join('/')}${query ? `?q=${query}` : ''}`;
      return { href: `${path}${fragment ? `#${fragment}` : ''}`, url: `https://site.test${path}` };
    }),
    word.map((segment) => ({ href: segment, url: `https://site.test/dir/${segment}` })),
    fc.constantFrom('mailto:a@site.test', 'javascript:void(0)', '#top', 'tel:123').map((href) => ({ href, url: href === '#top' ? 'https://site.test/dir/page' : null })),
  ),
  { maxLength: 12 },
);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isHttpUrl = (url: string) => {
  const { protocol } = new URL(url);
  return protocol === 'http:' || protocol === 'https:';
};

t.test('hostile HTML and sitemaps through the workers: text, links and URLs, or a readable error', async (t) => {
  const api = await buildTestServer(t);
  const pool = new ParserPool();
  t.teardown(() => pool.close());

  await fc.assert(
    fc.asyncProperty(hostileHtml, async (html) =>
      readsOrRefusesOnly(
        () => pool.run({ kind: 'document', format: 'html', content: html, title: null, language: 'en' }),
        (document) =>
          typeof document.charCount === 'number' &&
          document.chunks.every((chunk) => typeof chunk.text === 'string' && chunk.terms.every((term) => chunk.term_counts[term]! >= 1)),
        tooDeep(html),
      ),
    ),
    { seed: SEED, numRuns: 40, endOnFailure: true },
  );

  await fc.assert(
    fc.asyncProperty(hostileHtml, async (html) =>
      readsOrRefusesOnly(
        () =>
          pool.run({ kind: 'page', url: 'https://site.test/dir/page', contentType: 'text/html', body: Buffer.from(html), language: 'en', withLinks: true }),
        (page) => page.links.every(isHttpUrl) && page.links.every((link) => !link.includes('#')),
        tooDeep(html),
      ),
    ),
    { seed: SEED, numRuns: 40, endOnFailure: true },
  );

  await fc.assert(
    // A sitemap is a hint: one that is not XML gives no URLs rather than an error.
    fc.asyncProperty(hostileSitemap, async (xml) =>
      readsOrRefusesOnly(
        () => pool.run({ kind: 'sitemap', body: Buffer.from(xml), maxUrls: 5 }),
        ({ pages, sitemaps }) =>
          [...pages, ...sitemaps].every((url) => typeof url === 'string' && url.length > 0 && url === url.trim()) &&
          pages.length <= 5 &&
          sitemaps.length <= 5,
        never,
      ),
    ),
    { seed: SEED, numRuns: 60, endOnFailure: true },
  );

  t.equal((await api.request('GET', '/health')).statusCode, 200, 'the server answers after all of it');
});

t.test('documents whose text, links and URLs are known give exactly those back', async (t) => {
  const pool = new ParserPool();
  t.teardown(() => pool.close());

  // One chunk per section (each is under a chunk's size), its heading as the chunk's path.
  await t.resolves(
    fc.assert(
      fc.asyncProperty(knownHtml, async ({ html, sections }) => {
        const document = await pool.run({ kind: 'document', format: 'html', content: html, title: null, language: 'en' });
        return isDeepStrictEqual(
          document.chunks.map((chunk) => ({ heading: chunk.heading_path, text: normalised(chunk.text) })),
          sections.map(({ heading, text }) => ({ heading: [heading], text })),
        );
      }),
      { seed: SEED, numRuns: 30 },
    ),
    'HTML: every section and its words, in order',
  );

  await t.resolves(
    fc.assert(
      fc.asyncProperty(knownLinks, async (links) => {
        const body = `<html><body><p>${links.map(({ href }, i) => `<a href="${href}">link ${i}</a>`).join(' ')}</p></body></html>`;
        const page = await pool.run({ kind: 'page', url: 'https://site.test/dir/page', contentType: 'text/html', body: Buffer.from(body), language: 'en', withLinks: true });
        return isDeepStrictEqual(page.links, [...new Set(links.flatMap(({ url }) => (url ? [url] : [])))]);
      }),
      { seed: SEED, numRuns: 20 },
    ),
    'page links: each http(s) link once, resolved against the page, without its fragment',
  );

  await t.resolves(
    fc.assert(
      fc.asyncProperty(fc.constantFrom(['urlset', 'url'], ['sitemapindex', 'sitemap']), fc.array(fc.webUrl(), { maxLength: 8 }), async ([root, entry], urls) => {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><${root}>${urls.map((url) => `<${entry}><loc>${escapeXml(url)}</loc></${entry}>`).join('')}</${root}>`;
        const { pages, sitemaps } = await pool.run({ kind: 'sitemap', body: Buffer.from(xml), maxUrls: 5 });
        const listed = urls.slice(0, 5);
        return isDeepStrictEqual({ pages, sitemaps }, root === 'urlset' ? { pages: listed, sitemaps: [] } : { pages: [], sitemaps: listed });
      }),
      { seed: SEED, numRuns: 30 },
    ),
    'sitemaps: the <loc> URLs, the first five',
  );
});
