// The docs page in a real browser (issue 11: "the docs page works offline"): every operation of
// the document renders, and the page asks nothing of any host but this server. The browser resolves
// no other host (test/helpers/browser.ts), so a page that needed one would fail here as it would
// offline; the page runs under its real Content-Security-Policy.
import type { Locator } from 'playwright-core';
import t from 'tap';
import type { OpenApiDocument } from '../../plugins/docs/openapi.js';
import { launchBrowser } from '../helpers/browser.js';
import { buildTestServer } from '../helpers/server.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options']);

t.test('the docs page renders the whole API offline', async (t) => {
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 } } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as OpenApiDocument;
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item as object).filter((key) => METHODS.has(key)));

  // No coverage: the page runs swagger-ui and no bundle of ours.
  const session = await launchBrowser(t, { coverage: false });
  const { page, requests, refused, errors } = await session.page({ viewport: { width: 1280, height: 900 } }, [base]);

  await page.goto(`${base}/docs`);
  const blocks = page.locator('.opblock');
  await blocks.first().waitFor({ state: 'visible', timeout: 30_000 });
  // Past about 130 operations swagger-ui renders only those near the view, as a reader scrolls
  // (a 20,000 px tall window renders them all at once). So the test reads the page as a reader
  // does: from the top to the end, a screen at a time, noting each operation as it appears.
  const listed = new Set<string>();
  const noteRendered = async () => {
    for (const entry of await page.locator('.opblock-summary').evaluateAll((summaries) =>
      summaries.map((summary: any) => `${summary.querySelector('.opblock-summary-method')?.textContent?.toLowerCase()} ${summary.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    ))
      listed.add(entry);
  };
  for (let screens = 0; screens < 400; screens++) {
    await noteRendered();
    const atEnd = await page.evaluate(() => {
      const window = globalThis as any;
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    if (atEnd) break;
    // Let the page render what came into view, however long it takes: read again until two reads
    // in a row add nothing (no waitForFunction: its polling is eval'd, which the page's CSP refuses).
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 60; tries++) {
      const before = listed.size;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await noteRendered();
      quiet = listed.size === before ? quiet + 1 : 0;
    }
  }
  await noteRendered();
  const expected = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).filter((key) => METHODS.has(key)).map((method) => `${method} ${path}`));
  t.same(expected.filter((entry) => !listed.has(entry)), [], `all ${operations.length} operations are listed`);
  t.equal(listed.size, operations.length, 'and nothing else');
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  t.match(await page.locator('.info .title').innerText(), document.info.title, 'the document’s title');
  /** Scrolls from the top until the operation is rendered, as a reader looking for it would. */
  const reveal = async (operation: Locator) => {
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    for (let screens = 0; screens < 400 && (await operation.count()) === 0; screens++) {
      await page.evaluate(() => (globalThis as any).scrollBy(0, (globalThis as any).innerHeight * 0.5));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await operation.first().scrollIntoViewIfNeeded();
  };

  // One operation opened: its parameters and responses come from the document.
  const createChatbot = page.locator('.opblock-post', { has: page.locator('.opblock-summary-path[data-path="/api/v1/chatbots"]') });
  await reveal(createChatbot);
  await createChatbot.locator('.opblock-summary').first().click();
  await createChatbot.locator('.responses-table').first().waitFor({ state: 'visible', timeout: 10_000 });
  const responses = await createChatbot.locator('.responses-table .response-col_status').allInnerTexts();
  const documented = Object.keys((document.paths['/api/v1/chatbots'] as any).post.responses);
  t.ok(documented.every((status) => responses.some((text) => text.trim().startsWith(status))), `responses ${documented.join(', ')} shown`);

  // "Try it out" works from the page: authorise with a key, list chatbots, see this server's answer.
  const account = await api.account('starter');
  await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Docs page bot' } });
  await page.locator('.auth-wrapper .authorize').click();
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('input').first().fill(account.live);
  await dialog.locator('button.authorize').first().click();
  await dialog.locator('button.btn-done, button.close-modal').first().click();
  const listChatbots = page.locator('.opblock-get', { has: page.locator('.opblock-summary-path[data-path="/api/v1/chatbots"]') });
  await reveal(listChatbots);
  await listChatbots.locator('.opblock-summary').first().click();
  await listChatbots.locator('button.try-out__btn').click();
  await listChatbots.locator('button.execute').click();
  const live = listChatbots.locator('.live-responses-table .response .response-col_status');
  await live.first().waitFor({ state: 'visible', timeout: 10_000 });
  t.equal((await live.first().innerText()).trim(), '200', 'the page called the API and got 200');
  t.match(await listChatbots.locator('.live-responses-table').first().innerText(), /Docs page bot/, 'with the account’s chatbot');

  const screenshot = await session.screenshot(page, 'docs-page');
  t.comment(`screenshot: ${screenshot}`);
  t.same(refused, [], 'no request left this server');
  t.ok(requests.every((url) => url.startsWith(`${base}/`) || url.startsWith('data:')), 'every request went to this server');
  t.ok(requests.includes(`${base}/api/v1/openapi.json`), 'the page read this server’s document');
  t.same(errors, [], 'no console errors');
});
