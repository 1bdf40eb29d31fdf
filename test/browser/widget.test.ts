// The website widget in a real browser (issue 12), embedded by its one tag in a page on another
// origin whose CSS tries to break it: a visitor uses it with the keyboard, asks a question the
// knowledge base answers, rates the answer, closes it and finds the conversation again after a
// reload. Nothing leaves the two local servers; nothing is logged as an error.
import t from 'tap';
import { computedStyle, hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open from 9 am to 5 pm, Monday to Friday. Holidays: https://shop.example/holidays';

t.test('a visitor asks, gets the answer, rates it and finds it again after a reload', async (t) => {
  const w = await widgetFixture(t, { chatbot: { welcome_message: 'Hi! Ask me anything about Acme.' } });
  await w.addQa(QUESTION, ANSWER);
  await w.putWidget({ subtitle: 'We usually answer at once', suggested_messages: [QUESTION, 'Do you ship abroad?'] });
  const { page, refused, requests, errors, launcher } = await w.open('/products/boots');

  // The page's CSS reaches neither the widget's host nor its shadow root, and the widget's CSS stays inside.
  await launcher().waitFor();
  const look = await computedStyle(launcher(), [
    'display',
    'font-family',
    'font-size',
    'font-style',
    'letter-spacing',
    'text-transform',
    'direction',
    'background-color',
    'color',
  ]);
  t.not(look.display, 'none', 'the launcher shows, though the page hides every button');
  t.match(look['font-family'], /^system-ui/, 'system fonts, not the page’s');
  t.equal(look['font-size'], '15px', 'its own size, not the page’s 40px');
  t.equal(look['font-style'], 'normal');
  t.equal(look['letter-spacing'], 'normal');
  t.equal(look['text-transform'], 'none');
  t.equal(look.direction, 'ltr', 'left to right, though the page is right to left');
  t.equal(look['background-color'], 'rgb(79, 70, 229)', 'the default primary colour, not the page’s --cbw-primary');
  t.equal(look.color, 'rgb(255, 255, 255)', 'white on the primary colour');
  const hostLook = await computedStyle(page.locator('chatbot-widget'), ['display', 'position']);
  t.same(hostLook, { display: 'inline', position: 'static' }, 'the host element ignores rules aimed at it');
  const corner = await launcher().boundingBox();
  t.equal(Math.round(corner!.x + corner!.width), 1280 - 20, 'bottom-right, 20 px from the right edge');
  t.equal(Math.round(corner!.y + corner!.height), 800 - 20, 'and 20 px from the bottom');
  const probe = await computedStyle(page.locator('#probe'), ['background-color', 'position']);
  t.equal(probe['background-color'], 'rgba(0, 0, 0, 0)', 'the page’s own .launcher is not coloured by the widget');
  t.equal(probe.position, 'static', 'nor hidden by the widget’s .sr');
  t.ok((await page.locator('#probe').boundingBox())!.width > 20, 'it keeps its width');

  // Keyboard: Tab reaches the launcher, Enter opens the panel and focus moves to the message box.
  await page.locator('#first').focus();
  await page.keyboard.press('Tab');
  t.ok(await hasFocus(launcher()), 'Tab from the page’s last link reaches the launcher');
  t.equal(await launcher().getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.waitFor();
  t.equal(await launcher().getAttribute('aria-expanded'), 'true', 'the launcher says the panel is open');
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await until(() => hasFocus(messageBox), 'focus is in the message box');
  t.ok(await dialog.getByText('We usually answer at once').isVisible(), 'the subtitle');
  const log = dialog.getByRole('log');
  t.equal(await log.getAttribute('aria-live'), 'polite', 'replies are announced');
  t.ok(await log.getByText('Hi! Ask me anything about Acme.').isVisible(), 'the welcome message');
  t.equal(await dialog.getByRole('button', { name: 'Do you ship abroad?' }).count(), 1, 'suggested messages are buttons');

  // Typing and Enter send; the answer streams in from the Q&A pair.
  await page.keyboard.type(QUESTION);
  await page.keyboard.press('Enter');
  await log.getByText('We are open from 9 am to 5 pm').waitFor();
  t.equal(await log.getByText(QUESTION, { exact: true }).count(), 1, 'the visitor’s message, once');
  t.equal(await messageBox.inputValue(), '', 'the message box is empty again');
  t.equal(await dialog.getByRole('button', { name: 'Do you ship abroad?' }).count(), 0, 'suggestions go once the visitor wrote');
  const link = log.getByRole('link', { name: 'https://shop.example/holidays' });
  t.equal(await link.getAttribute('href'), 'https://shop.example/holidays', 'a URL in the answer is a link');
  t.equal(await link.getAttribute('target'), '_blank');
  t.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  t.ok(await log.getByText('Sources:').isVisible(), 'the answer’s source is shown (show_sources is on by default)');

  const [conversation] = await w.conversations();
  t.match(conversation, { channel: 'widget', status: 'open', message_count: 2 }, 'a widget conversation with the question and the answer');

  // Thumbs up: stored on the reply.
  const helpful = log.getByRole('button', { name: 'Helpful', exact: true });
  const [rated] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/feedback') && response.request().method() === 'POST'),
    helpful.click(),
  ]);
  t.equal(rated.status(), 200, 'the rating was taken');
  t.equal(await helpful.getAttribute('aria-pressed'), 'true', 'and the button shows it');
  const reply = (await w.messages(conversation!.id)).find((message) => message.role === 'assistant');
  t.equal(reply?.feedback, 'up', 'the API has the thumbs up');

  // Escape closes the panel and gives focus back to the launcher.
  await messageBox.focus();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await until(() => hasFocus(launcher()), 'focus is back on the launcher');
  t.equal(await launcher().getAttribute('aria-expanded'), 'false');

  await launcher().click();
  await dialog.waitFor();
  t.comment(`screenshot: ${await w.browser.screenshot(page, 'widget-desktop')}`);

  // A reload: the same conversation, read back from the server; nothing sent twice.
  await page.reload();
  await launcher().click();
  await dialog.getByRole('log').getByText('We are open from 9 am to 5 pm').waitFor();
  t.equal(await dialog.getByRole('log').getByText(QUESTION, { exact: true }).count(), 1, 'the question is there once');
  t.equal(await dialog.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'), 'true', 'with its rating');
  const after = await w.conversations();
  t.equal(after.length, 1, 'no new conversation');
  t.equal(after[0]!.message_count, 2, 'and no new message');

  t.same(refused, [], 'no request left the two local servers');
  t.ok(
    requests.every((url) => url.startsWith(`${w.base}/`) || url.startsWith(`${w.site.origin}/`)),
    'every request went to this server or the host page’s',
  );
  t.ok(requests.includes(`${w.base}/widget.js`), 'the script came from this server');
  t.same(errors, [], 'no console errors');
});

t.test('an answer from a web page of the knowledge base links to that page', async (t) => {
  const w = await widgetFixture(t, { config: { fetch: { allowed_cidrs: ['127.0.0.1/32'] } } });
  const page = w.site.url('/help/shipping');
  w.site.set('/help/shipping', {
    body:
      '<!doctype html><html><head><title>Shipping | Acme Help</title></head><body><article><h1>Shipping</h1>' +
      '<p>We ship to every country in the European Union. Orders placed before 2 pm leave the warehouse the same day. ' +
      'This paragraph is long enough for Readability to treat the page as an article worth reading.</p></article></body></html>',
  });
  const added = await w.api.request('POST', `/api/v1/chatbots/${w.chatbot.id}/knowledge`, { key: w.account.live, payload: { type: 'url', url: page } });
  t.equal(added.statusCode, 201);
  await w.api.server.plugins.knowledge.worker.drain();

  const visitor = await w.open('/');
  await visitor.launcher().click();
  const dialog = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Do you ship to the European Union?');
  await messageBox.press('Enter');
  const log = dialog.getByRole('log');
  await log.getByText('We ship to every country in the European Union.').waitFor();
  const source = log.locator(`a[href="${page}"]`);
  t.equal(await source.count(), 1, 'the source is a link to the page');
  t.equal(await source.getAttribute('target'), '_blank');
  t.equal(await source.getAttribute('rel'), 'noopener noreferrer');
  t.match(await source.innerText(), /Shipping/, 'named by its title');
  t.same(visitor.refused, []);
  t.same(visitor.errors, []);
});
