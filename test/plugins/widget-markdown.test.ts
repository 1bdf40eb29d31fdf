// store-independent: the widget's Markdown subset (web/widget/src/markdown.ts) in Node. What it
// builds is data (view.ts gives each node a fixed tag and its text a text node), so hostile replies
// are checked here as the nodes they become; test/browser/widget-markdown.test.ts checks the DOM.
import t from 'tap';
import { parseInline, parseMarkdown, safeLink, type Block, type Inline } from '../../web/widget/src/markdown.js';

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => (typeof node === 'string' ? node : node.t === 'br' ? '\n' : node.t === 'code' ? node.text : inlineText(node.c)))
    .join('');
}

function textOf(blocks: Block[]): string {
  return blocks
    .map((block) => ('c' in block ? inlineText(block.c) : 'items' in block ? block.items.map(inlineText).join('\n') : block.text))
    .join('\n\n');
}

t.test('the subset: paragraphs, lists, bold, italics, code, links', async (t) => {
  t.same(parseMarkdown('Hello **there**, *you* and _you_ and __both__.\nNext line\n\nSecond `a < b` paragraph'), [
    { t: 'p', c: ['Hello ', { t: 'strong', c: ['there'] }, ', ', { t: 'em', c: ['you'] }, ' and ', { t: 'em', c: ['you'] }, ' and ', { t: 'strong', c: ['both'] }, '.', { t: 'br' }, 'Next line'] },
    { t: 'p', c: ['Second ', { t: 'code', text: 'a < b' }, ' paragraph'] },
  ]);
  t.same(parseMarkdown('Options:\n- one\n* two\n  still two\n\n3. three\n4) four'), [
    { t: 'p', c: ['Options:'] },
    { t: 'ul', items: [['one'], ['two', { t: 'br' }, 'still two']] },
    { t: 'ol', start: 3, items: [['three'], ['four']] },
  ]);
  t.same(parseMarkdown('### Shipping ###\nWe ship.'), [{ t: 'h', c: ['Shipping'] }, { t: 'p', c: ['We ship.'] }], 'a heading is a bold paragraph');
  t.same(parseMarkdown('```js\nconst a = "<b>";\n```\nafter'), [{ t: 'pre', text: 'const a = "<b>";' }, { t: 'p', c: ['after'] }]);
  t.same(parseInline('See [the guide](https://example.com/guide) or [mail us](mailto:help@example.com).'), [
    'See ',
    { t: 'a', href: 'https://example.com/guide', c: ['the guide'] },
    ' or ',
    { t: 'a', href: 'mailto:help@example.com', c: ['mail us'] },
    '.',
  ]);
  t.same(parseInline('Go to https://example.com/a_b_c. Then (https://example.com/x).'), [
    'Go to ',
    { t: 'a', href: 'https://example.com/a_b_c', c: ['https://example.com/a_b_c'] },
    '. Then (',
    { t: 'a', href: 'https://example.com/x', c: ['https://example.com/x'] },
    ').',
  ], 'a bare URL links, without the sentence’s punctuation');
  t.same(parseInline('***both***'), [{ t: 'strong', c: [{ t: 'em', c: ['both'] }] }]);
  t.same(parseInline('[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) or https://en.wikipedia.org/wiki/A_(b). (see https://x.example/a)'), [
    { t: 'a', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', c: ['Foo'] },
    ' or ',
    { t: 'a', href: 'https://en.wikipedia.org/wiki/A_(b)', c: ['https://en.wikipedia.org/wiki/A_(b)'] },
    '. (see ',
    { t: 'a', href: 'https://x.example/a', c: ['https://x.example/a'] },
    ')',
  ], 'parentheses inside a URL are kept, the sentence’s own are not');
  t.same(parseInline('``a ` b`` then `c`'), [{ t: 'code', text: 'a ` b' }, ' then ', { t: 'code', text: 'c' }], 'a code span closes on a run of its own length');
  t.same(parseInline('\\*not italic\\*'), ['*not italic*'], 'escaped marks are text');
});

t.test('what is not Markdown stays text', async (t) => {
  for (const text of ['2 * 3 * 4', 'snake_case_name and my_var_', '**unclosed bold', 'a * b', '* not a list?', '[no link](', '`unclosed code', 'x ** y ** z']) {
    const blocks = parseMarkdown(text);
    t.equal(textOf(blocks), text.startsWith('* ') ? text.slice(2) : text, `${text}: every character kept`);
    const marks = JSON.stringify(blocks).match(/"t":"(strong|em|code|a)"/g);
    t.equal(marks, null, `${text}: no mark made`);
  }
});

t.test('hostile replies: markup is text, only http(s) and mailto link', async (t) => {
  const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(3)) [data](data:text/html,<b>x</b>) [rel](/admin) [vb](vbscript:x) [sp](java\nscript:alert(4))';
  const blocks = parseMarkdown(hostile);
  const links = JSON.stringify(blocks).match(/"t":"a"/g);
  t.equal(links, null, 'no link made of a javascript:, data:, vbscript: or relative URL');
  t.ok(textOf(blocks).includes('<img src=x onerror="alert(1)"><script>alert(2)</script>'), 'markup is kept as the text it is');
  for (const value of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:x', 'data:text/html,x', 'file:///etc/passwd', '//evil.example', 'https://a b']) {
    t.equal(safeLink(value), null, `${value} is refused`);
  }
  t.equal(safeLink('https://example.com/a?b=1#c'), 'https://example.com/a?b=1#c');
});

t.test('linear on hostile input: 100,000 marks of each kind that never close', async (t) => {
  // Each of these made an earlier draft (or a naive parser) scan the rest of the text from every
  // mark: 10^10 steps, the test's timeout. Here each ends, and loses no character.
  const n = 100_000;
  const cases = [
    '['.repeat(n) + ']',
    '[a]'.repeat(n) + '(',
    '`'.repeat(3) + 'x`'.repeat(n),
    '*a '.repeat(n),
    '_a _'.repeat(n),
    'http://['.repeat(n),
    'see http://a' + '.'.repeat(n) + 'x',
    '# ' + ' #'.repeat(n) + 'x',
    '- ' + '*'.repeat(n),
    // Runs of every length, longest first, none closed: each length's closing run is looked up once.
    Array.from({ length: 630 }, (_, k) => '`'.repeat(630 - k) + 'x').join(''),
    '[a](' + '('.repeat(n),
  ];
  for (const text of cases) {
    const blocks = parseMarkdown(text);
    t.ok(textOf(blocks).length > 0 && textOf(blocks).length <= text.length, `${JSON.stringify(text.slice(0, 12))}…: parsed`);
  }
  // t.ok, not t.equal: a failing diff of 200,000 characters would bury the report.
  t.ok(textOf(parseMarkdown('['.repeat(n) + ']')) === '['.repeat(n) + ']', 'unclosed brackets are all kept');
  t.ok(textOf(parseMarkdown('*a '.repeat(n))) === '*a '.repeat(n), 'unclosed stars are all kept');
  // 200,000 parts under one unclosed mark: given back without a spread (which overflowed the stack).
  t.equal(textOf(parseMarkdown('*' + 'a\n'.repeat(200_000))).length, 1 + 400_000 - 1, 'an unclosed mark over 200,000 lines');
  const notFenced = parseMarkdown('```' + 'x`'.repeat(n));
  t.ok(notFenced.length === 1 && notFenced[0]!.t === 'p', 'backticks after a fence make it no fence: inline code instead');
});
