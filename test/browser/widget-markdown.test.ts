// Replies' Markdown in a real browser, host page on another origin, no request interception: a
// Q&A answer and an agent's message carrying Markdown and hostile markup become elements of the
// subset's fixed tags around text; no element, attribute or script comes from the text; only http(s)
// and mailto links are links; a long answer collapses with "Show more". The visitor's own message
// is shown as typed.
import t from 'tap';
import { until, widgetFixture } from '../helpers/widget-site.js';

const ANSWER = [
  'Orders ship **within two days** and *free* from 50 €.',
  '',
  '- Standard: `3-5 days`',
  '- Express: see [our rates](https://shop.example/rates) or [write](mailto:help@shop.example)',
  '',
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
  '[trap](javascript:window.__pwned=3) <b onclick="window.__pwned=4">bold?</b>',
].join('\n');

const LONG = `${Array.from({ length: 30 }, (_, i) => `Step ${i + 1}: fold the tent along seam ${i + 1} and press the air out.`).join('\n')}\n\nMore at [the folding guide](https://shop.example/fold).`;

t.test('a reply’s Markdown becomes the subset’s elements; hostile markup stays text', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  await w.addQa('How fast do you ship?', ANSWER);
  await w.addQa('How do I fold the tent?', LONG);
  const { page, launcher, refused, errors } = await w.open('/shipping');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('How fast do you ship?');
  await messageBox.press('Enter');
  const log = dialog.getByRole('log');
  const reply = log.locator('.msg.assistant .bubble').filter({ hasText: 'Orders ship' });
  await reply.waitFor();

  t.equal(await reply.locator('strong').textContent(), 'within two days');
  t.equal(await reply.locator('em').textContent(), 'free');
  t.equal(await reply.locator('ul > li').count(), 2, 'the list is a list');
  t.equal(await reply.locator('li code').textContent(), '3-5 days');
  const links = await reply.locator('a').evaluateAll((anchors: any[]) => anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]));
  t.same(links, [
    ['our rates', 'https://shop.example/rates', 'noopener noreferrer'],
    ['write', 'mailto:help@shop.example', 'noopener noreferrer'],
  ], 'only the http(s) and mailto links are links');
  // Every element in the bubble is one of the subset's tags, with none of the text's attributes.
  const elements = await reply.evaluate((bubble: any) =>
    Array.from(bubble.querySelectorAll('*') as ArrayLike<any>).map((element: any) => [element.tagName.toLowerCase(), element.getAttributeNames().sort().join(',')]),
  );
  const allowed = new Set(['p', 'strong', 'em', 'code', 'ul', 'ol', 'li', 'a', 'br', 'span', 'pre']);
  t.same(elements.filter(([tag]: string[]) => !allowed.has(tag!)), [], 'no element made from the text');
  t.same(elements.filter(([, attributes]: string[]) => /on|src|style/.test(attributes!)), [], 'no attribute made from the text');
  t.ok((await reply.textContent())!.includes('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'), 'the markup is shown as text');
  t.ok((await reply.textContent())!.includes('[trap](javascript:window.__pwned=3)'), 'the javascript: link is shown as text');
  t.equal(await page.evaluate(() => (globalThis as any).__pwned), undefined, 'nothing of the text ran');

  await messageBox.fill('Thanks **a lot** <i>really</i> _so_');
  await messageBox.press('Enter');
  const mine = log.locator('.msg.user .bubble').filter({ hasText: 'Thanks' });
  await mine.waitFor();
  t.ok((await mine.textContent())!.includes('Thanks **a lot** <i>really</i> _so_'), 'the visitor’s message is shown as typed');
  t.equal(await mine.locator('strong, i, em').count(), 0);

  // A long answer: its first lines, then "Show more" (aria-expanded, aria-controls the bubble).
  await messageBox.fill('How do I fold the tent?');
  await messageBox.press('Enter');
  const long = log.locator('.msg.assistant .bubble').filter({ hasText: 'Step 1:' });
  await long.waitFor();
  const more = log.getByRole('button', { name: 'Show more' });
  await more.waitFor();
  t.equal(await more.getAttribute('aria-expanded'), 'false');
  t.equal(await more.getAttribute('aria-controls'), await long.getAttribute('id'));
  const collapsedHeight = await long.evaluate((element: any) => element.getBoundingClientRect().height);
  t.ok(collapsedHeight < (await long.evaluate((element: any) => element.scrollHeight)), 'collapsed: the rest is out of view');
  // A link in the hidden part, reached with the keyboard, opens the rest (nothing focused is hidden).
  await long.getByRole('link', { name: 'the folding guide' }).focus();
  await until(async () => (await log.getByRole('button', { name: 'Show less' }).count()) === 1, 'focus inside opens it');
  await log.getByRole('button', { name: 'Show less' }).click();
  await log.getByRole('button', { name: 'Show more' }).waitFor();
  await more.focus();
  await page.keyboard.press('Enter');
  const less = log.getByRole('button', { name: 'Show less' });
  await until(async () => (await less.getAttribute('aria-expanded')) === 'true', 'the button says it is expanded');
  const fullHeight = await long.evaluate((element: any) => element.getBoundingClientRect().height);
  t.ok(fullHeight > collapsedHeight * 2, `expanded: ${Math.round(fullHeight)} px against ${Math.round(collapsedHeight)} px`);
  t.equal(await log.getByRole('button', { name: 'Show more' }).count(), 0);
  t.equal(await log.locator('.msg.assistant').filter({ hasText: 'Orders ship' }).getByRole('button', { name: 'Show more' }).count(), 0, 'a short reply has no button');

  // An agent's message is Markdown too.
  const [conversation] = await w.conversations();
  const base = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;
  t.equal((await w.api.request('POST', `${base}/handoff`, { key, payload: {} })).statusCode, 200);
  t.equal((await w.api.request('POST', `${base}/messages`, { key, payload: { role: 'agent', content: 'I checked: **shipped** today.\n1. Track it\n2. Wait' } })).statusCode, 201);
  const agent = log.locator('.msg.agent .bubble').filter({ hasText: 'I checked' });
  await agent.waitFor();
  t.equal(await agent.locator('strong').textContent(), 'shipped');
  t.equal(await agent.locator('ol > li').count(), 2);
  t.same(refused, [], 'no request left the two local servers');
  t.same(errors, [], 'no console errors');
});
