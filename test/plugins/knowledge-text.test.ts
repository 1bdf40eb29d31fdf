// store-independent: it opens no store (the SQLite pass runs it once).
// Extraction and chunking: what the knowledge base turns documents into.
import t from 'tap';
import { CHUNK_MAX, chunkSections, sentencesOf, toSections } from '../../plugins/knowledge/text/chunking.js';
import { extractDocument } from '../../plugins/knowledge/text/documents.js';
import { parseRobotsTxt } from '../../plugins/knowledge/robots.js';
import { htmlPageToText, linksOf } from '../../plugins/knowledge/text/html.js';
import { docxBase64, pdfBase64 } from '../helpers/documents.js';

t.test('sections follow Markdown headings, with their paths', async (t) => {
  const sections = toSections(
    '# Shipping\nWe ship **worldwide**.\n\n## Costs\n- Europe: [free](https://x)\n- World: 9 EUR\n\n### Express\nNext day.\n\n## Times\nTwo days.',
  );
  t.same(sections, [
    { headingPath: ['Shipping'], paragraphs: ['We ship worldwide.'] },
    { headingPath: ['Shipping', 'Costs'], paragraphs: ['Europe: free World: 9 EUR'] },
    { headingPath: ['Shipping', 'Costs', 'Express'], paragraphs: ['Next day.'] },
    { headingPath: ['Shipping', 'Times'], paragraphs: ['Two days.'] },
  ]);
});

t.test('chunks: 800 to 1,000 characters, cut at sentences, ~150 characters carried over', async (t) => {
  const sentence = (i: number) => `Sentence number ${i} tells a little more about the refund policy of the shop.`;
  const paragraph = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
  const chunks = chunkSections([{ headingPath: ['Refunds'], paragraphs: [paragraph] }], 'Policies');
  t.ok(chunks.length >= 5, `${chunks.length} chunks`);
  for (const [i, chunk] of chunks.entries()) {
    t.ok(chunk.text.length <= CHUNK_MAX, `chunk ${i}: ${chunk.text.length} characters at most ${CHUNK_MAX}`);
    if (i < chunks.length - 1) t.ok(chunk.text.length >= 700, `chunk ${i} is full enough (${chunk.text.length})`);
    t.match(chunk.text, /^Sentence number \d+ .*\.$/, 'starts and ends on sentence boundaries');
    t.same(chunk.headingPath, ['Refunds']);
    t.equal(chunk.title, 'Policies');
  }
  for (let i = 1; i < chunks.length; i++) {
    const firstSentence = chunks[i]!.text.match(/^[^.]+\./)![0];
    t.ok(chunks[i - 1]!.text.includes(firstSentence), `chunk ${i} begins with the end of chunk ${i - 1}`);
  }
  const all = chunks.map((c) => c.text).join(' ');
  for (let i = 0; i < 60; i++) t.ok(all.includes(sentence(i)), `sentence ${i} is in a chunk`);
});

t.test('a short section is one chunk; a sentence longer than a chunk is cut by words', async (t) => {
  t.same(chunkSections([{ headingPath: [], paragraphs: ['Short.'] }], null), [{ title: null, headingPath: [], text: 'Short.' }]);
  const long = Array.from({ length: 400 }, () => 'word').join(' ');
  t.ok(sentencesOf(long).every((piece) => piece.length <= CHUNK_MAX));
});

t.test('headings, emphasis and links are read by linear scans', async (t) => {
  // Regression: /^(#{1,6})\s+(.+?)\s*#*\s*$/ took 33 s on a 6 KB run of spaces; this is 1 MiB.
  const spaces = ' '.repeat(1024 * 1024);
  t.same(toSections(`# Title${spaces}x${spaces}##${spaces}\nBody.`), [{ headingPath: [`Title${spaces}x`], paragraphs: ['Body.'] }]);
  t.same(toSections('## Costs ##\n### #\n#######  Seven\n#NoSpace'), [
    { headingPath: ['Costs', '#'], paragraphs: ['####### Seven #NoSpace'] },
  ]);
  t.same(toSections('#  \nText'), [{ headingPath: [], paragraphs: ['Text'] }], 'a heading with no text is no path entry');
  t.same(toSections('# A\u2028b\nText'), [{ headingPath: [], paragraphs: ['# A b Text'] }], 'a heading is one line');
  t.same(toSections('*a* *b* and _c_, **d** __e__ `f` ![g](x.png) [h](https://x/(y)'), [
    { headingPath: [], paragraphs: ['a b and c, d e f g h'] },
  ]);
  t.same(toSections('- one\n* two\n+ three\n12. four\n3) five\n-six\n> quote'), [
    { headingPath: [], paragraphs: ['one two three four five -six > quote'] },
  ]);
  t.same(sentencesOf('He said "stop." Then (really!) left. End'), ['He said "stop."', 'Then (really!)', 'left.', 'End']);
  // A run of ")" made the old look-behind re-read it at every position.
  t.equal(sentencesOf(')'.repeat(1024 * 1024)).join('').length, CHUNK_MAX, 'one word, cut to a chunk');
});

t.test('HTML pages: the main content, headings kept, page chrome dropped; links for crawling', async (t) => {
  const page = `<html><head><title>Help centre</title></head><body>
    <nav><a href="/a">Home</a> <a href="/b#x">Other</a></nav>
    <article><h1>Returns</h1><p>You can return any item within <b>30 days</b> of delivery for a full refund.
    Items must be unused and in their original packaging, with the receipt or order number.</p>
    <h2>Exceptions</h2><p>Gift cards and personalised items cannot be returned, nor can perishable goods.
    Sale items may be exchanged but not refunded.</p></article>
    <footer>© Shop</footer><script>track()</script></body></html>`;
  const { title, text } = htmlPageToText(page);
  t.equal(title, 'Help centre');
  t.match(text, /# Returns/);
  t.match(text, /## Exceptions/);
  t.match(text, /within 30 days of delivery/);
  t.notMatch(text, /track\(\)|© Shop/);
  t.same(linksOf(page, 'https://shop.test/help/'), ['https://shop.test/a', 'https://shop.test/b']);
});

t.test('PDF and DOCX', async (t) => {
  const pdf = await extractDocument({ format: 'pdf', content: pdfBase64(['Warranty terms', 'Every device has a two year warranty.']) });
  t.match(pdf.text, /two year warranty/);
  const docx = await extractDocument({
    format: 'docx',
    content: await docxBase64([
      { heading: 'Installation' },
      { paragraph: 'Plug the router into the wall socket and wait for the green light.' },
    ]),
  });
  t.match(docx.text, /# Installation/);
  t.match(docx.text, /green light/);
  await t.rejects(extractDocument({ format: 'pdf', content: Buffer.from('not a pdf').toString('base64') }), /PDF could not be read/);
  await t.rejects(extractDocument({ format: 'docx', content: Buffer.from('not a zip').toString('base64') }), /DOCX file could not be read/);
});

t.test('sentences end at punctuation followed by space: numbers and versions stay whole', async (t) => {
  t.same(sentencesOf('It costs 4.90 EUR. Version 1.2 is out! Really? Yes… ok'), [
    'It costs 4.90 EUR.',
    'Version 1.2 is out!',
    'Really?',
    'Yes…',
    'ok',
  ]);
});

t.test('robots.txt: our group or *, longest rule wins, wildcards', async (t) => {
  const robots = parseRobotsTxt(
    [
      'User-agent: Googlebot',
      'Disallow: /',
      '',
      'User-agent: *',
      'Disallow: /private',
      'Allow: /private/faq',
      'Disallow: /*.pdf$',
      'Disallow:',
      'Sitemap: https://shop.test/sitemap.xml',
    ].join('\n'),
    'chatbot-platform/0.1 (knowledge fetcher)',
  );
  t.equal(robots.isAllowed('/'), true);
  t.equal(robots.isAllowed('/private/secret'), false);
  t.equal(robots.isAllowed('/private/faq/returns'), true, 'the longer Allow wins');
  t.equal(robots.isAllowed('/docs/manual.pdf'), false, 'wildcard and end anchor');
  t.equal(robots.isAllowed('/docs/manual.pdf?x=1'), true);
  t.same(robots.sitemaps, ['https://shop.test/sitemap.xml']);
  const ours = parseRobotsTxt('User-agent: chatbot-platform\nDisallow: /\n\nUser-agent: *\nAllow: /', 'chatbot-platform/0.1');
  t.equal(ours.isAllowed('/anything'), false, 'a group naming us beats *');
  t.equal(parseRobotsTxt('', 'x').isAllowed('/a'), true, 'no robots.txt: all allowed');
});
