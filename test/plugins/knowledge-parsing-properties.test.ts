// Properties of the parser workers over adversarial HTML and sitemap XML: every input gives text
// (or URLs) or an error a user can read, never a crash, and the server keeps answering.
// store-independent: the test server only shows the main thread keeps answering while workers parse.
import fc from 'fast-check';
import t from 'tap';
import { ExtractionError } from '../../plugins/knowledge/parsing/errors.js';
import { ParserPool } from '../../plugins/knowledge/parsing/pool.js';
import { buildTestServer } from '../helpers/server.js';

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

/** Either a result that passes `check`, or an ExtractionError with a sentence for the user. */
async function readsOrExplains<T>(run: () => Promise<T>, check: (result: T) => boolean): Promise<boolean> {
  try {
    return check(await run());
  } catch (error) {
    return error instanceof ExtractionError && /^The .+/.test(error.message);
  }
}

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
      readsOrExplains(
        () => pool.run({ kind: 'document', format: 'html', content: html, title: null, language: 'en' }),
        (document) =>
          typeof document.charCount === 'number' &&
          document.chunks.every((chunk) => typeof chunk.text === 'string' && chunk.terms.every((term) => chunk.term_counts[term]! >= 1)),
      ),
    ),
    { seed: SEED, numRuns: 40 },
  );

  await fc.assert(
    fc.asyncProperty(hostileHtml, async (html) =>
      readsOrExplains(
        () =>
          pool.run({ kind: 'page', url: 'https://site.test/dir/page', contentType: 'text/html', body: Buffer.from(html), language: 'en', withLinks: true }),
        (page) => page.links.every(isHttpUrl) && page.links.every((link) => !link.includes('#')),
      ),
    ),
    { seed: SEED, numRuns: 40 },
  );

  await fc.assert(
    fc.asyncProperty(hostileSitemap, async (xml) =>
      readsOrExplains(
        () => pool.run({ kind: 'sitemap', body: Buffer.from(xml), maxUrls: 5 }),
        ({ pages, sitemaps }) =>
          [...pages, ...sitemaps].every((url) => typeof url === 'string' && url.length > 0 && url === url.trim()) &&
          pages.length <= 5 &&
          sitemaps.length <= 5,
      ),
    ),
    { seed: SEED, numRuns: 60 },
  );

  t.equal((await api.request('GET', '/health')).statusCode, 200, 'the server answers after all of it');
});
