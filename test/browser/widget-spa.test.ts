// A single-page app changes its URL without a reload: the widget reads its display rules again
// (history.pushState, replaceState, the back button), takes itself out on pages they hide and comes
// back, with the same conversation, on pages they show. On a page they hide from the start, nothing
// but the config is read until the app moves to a page they show.
import t from 'tap';
import type { Page } from 'playwright-core';
import { until, widgetFixture } from '../helpers/widget-site.js';

/** Waits until the widget script has read its config (the page's own record of what it fetched). */
function configRead(page: Page): Promise<void> {
  return until(
    () => page.evaluate(() => (globalThis as any).performance.getEntriesByType('resource').some((entry: { name: string }) => entry.name.endsWith('/config'))),
    'the widget read its config',
  );
}

t.test('show_on and hide_on follow the app’s URL without a reload; the conversation stays', async (t) => {
  const w = await widgetFixture(t, { chatbot: { welcome_message: 'Hi! Ask me about orders.' } });
  await w.putWidget({ display_rules: { show_on: ['/app/*'], hide_on: ['/app/private'] } });
  const { page, launcher, refused, errors } = await w.open('/home');
  await configRead(page);
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  t.equal(await launcher().count(), 0, '/home is not in show_on: no launcher');

  // The app moves to a page show_on covers: no reload, the same document.
  const navigate = (method: 'pushState' | 'replaceState', path: string) =>
    page.evaluate(([how, to]) => (globalThis as any).history[how]({}, '', to), [method, path] as const);
  const documentMark = () => page.evaluate(() => ((globalThis as any).document.documentElement.dataset.mark ??= String(Math.random())));
  const mark = await documentMark();
  await navigate('pushState', '/app/inbox');
  await launcher().waitFor();
  t.pass('pushState to /app/inbox: the launcher comes');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('textbox').fill('Where is my order?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByRole('log').getByText('Where is my order?').waitFor();

  await navigate('pushState', '/app/private');
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  t.equal(await launcher().count(), 0, 'pushState to /app/private (hide_on): the widget goes');

  await page.goBack(); // popstate, no reload
  await page.locator('chatbot-widget').waitFor({ state: 'attached' });
  t.equal(new URL(page.url()).pathname, '/app/inbox');
  await until(async () => (await page.getByRole('dialog', { name: 'Acme Help' }).getByRole('log').getByText('Where is my order?').count()) === 1, 'the open conversation is back, as it was');

  await navigate('replaceState', '/home');
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  t.pass('replaceState to /home: the widget goes');
  t.equal(await documentMark(), mark, 'all in one document: never reloaded');
  t.equal((await w.conversations()).length, 1, 'one conversation throughout');
  t.same(refused, [], 'no request left the two local servers');
  t.same(errors, [], 'no console errors');
});

t.test('a hidden first page reads nothing but the config until the app shows the widget', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({ display_rules: { show_on: ['/shop/*'] } });
  const { page, launcher } = await w.open('/');
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/widget')) reads.push(new URL(request.url()).pathname);
  });
  await configRead(page);
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  await page.evaluate(() => (globalThis as any).history.pushState({}, '', '/about'));
  await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(resolve)));
  t.same(reads, [], 'a move to another hidden page reads nothing');
  await page.evaluate(() => (globalThis as any).ChatbotWidget.open());
  await page.evaluate(() => (globalThis as any).history.pushState({}, '', '/shop/shoes'));
  await launcher().waitFor();
  t.pass('the launcher comes on /shop/shoes');
  t.equal(await launcher().getAttribute('aria-expanded'), 'false', 'ChatbotWidget.open() on the hidden page did nothing, then or now');

  // A visitor with a conversation comes back on a hidden page: it is not read until a page shows the widget.
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('textbox').fill('Do you have red shoes?');
  await dialog.getByRole('textbox').press('Enter');
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  await page.evaluate(() => (globalThis as any).history.replaceState({}, '', '/'));
  reads.length = 0;
  await page.reload();
  await configRead(page);
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  await page.evaluate(() => (globalThis as any).history.pushState({}, '', '/about'));
  await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(resolve)));
  t.same(reads.filter((path) => path.includes('/conversations')), [], 'on the hidden pages the conversation is not read');
  await page.evaluate(() => (globalThis as any).history.pushState({}, '', '/shop/socks'));
  await launcher().waitFor();
  await until(async () => reads.some((path) => path.includes('/conversations')), 'on a shown page it is read back');
});
