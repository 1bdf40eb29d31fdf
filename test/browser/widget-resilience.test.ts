// The widget when things go wrong: the server's per-IP limit (429), no network, a paused chatbot;
// and open_on_load, which opens the panel without taking the page's focus.
import t from 'tap';
import { computedStyle, widgetFixture } from '../helpers/widget-site.js';

t.test('rate limited, then offline: a short message, the visitor’s words kept, and the widget goes on', async (t) => {
  const w = await widgetFixture(t, { config: { widget: { rate_limits: { requests_per_minute: 120, messages_per_minute: 1, forms_per_minute: 10 } } } });
  const visitor = await w.open('/');
  const { page, context, launcher, refused } = visitor;
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const log = dialog.getByRole('log');
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  const notice = dialog.getByRole('alert');

  await messageBox.fill('First question');
  await messageBox.press('Enter');
  await log.getByRole('button', { name: 'Helpful', exact: true }).waitFor();

  // The server's limit: one message a minute from this address.
  visitor.expectHttpError(new RegExp(`^429 POST /widget/v1/${w.chatbot.id}/conversations/[^/]+/messages$`), 'the second message within the minute');
  await messageBox.fill('Second question');
  await messageBox.press('Enter');
  await notice.waitFor();
  t.match(await notice.innerText(), /^Too many messages\. Please try again in \d+ seconds\.$/, 'the wait, from Retry-After');
  t.equal(await messageBox.inputValue(), 'Second question', 'the words are back in the box');
  t.equal(await log.getByText('Second question').count(), 0, 'and not in the conversation');

  w.api.clock.advance(60_000);
  await messageBox.press('Enter');
  await log.getByRole('button', { name: 'Helpful', exact: true }).nth(1).waitFor();
  t.equal(await notice.count(), 0, 'the next message goes through and the notice goes');

  // No network for a moment: the browser goes offline (nothing intercepted, the send really fails).
  w.api.clock.advance(60_000);
  await context.setOffline(true);
  await messageBox.fill('Third question');
  const [lost] = await Promise.all([
    page.waitForEvent('requestfailed', (request) => request.url().endsWith('/messages')),
    messageBox.press('Enter'),
  ]);
  t.equal(lost.failure()?.errorText, 'net::ERR_INTERNET_DISCONNECTED', 'the send failed for want of a network');
  await notice.waitFor();
  t.equal(await notice.innerText(), 'The chat could not be reached. Check your connection and try again.');
  t.equal(await messageBox.inputValue(), 'Third question', 'the words are kept');
  await context.setOffline(false);
  await messageBox.press('Enter');
  await log.getByRole('button', { name: 'Helpful', exact: true }).nth(2).waitFor();
  t.equal(await notice.count(), 0, 'back online, it goes through');

  const [conversation] = await w.conversations();
  const visitorMessages = (await w.messages(conversation!.id)).filter((message) => message.role === 'user').map((message) => message.content);
  t.same(visitorMessages, ['First question', 'Second question', 'Third question'], 'each message stored once');
  t.same(refused, []);
  // Chromium logs the declared 429 and the send that found no network; nothing else may appear.
  const unexpected = visitor.unexpectedErrors().filter((error) => error !== 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
  t.same(unexpected, [], 'no other console errors');
});

t.test('open_on_load opens the panel without taking the page’s focus; a paused chatbot says it is unavailable', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({ display_rules: { open_on_load: true } });
  const { page, launcher, refused, errors } = await w.open('/');
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.waitFor();
  t.equal(await launcher().getAttribute('aria-expanded'), 'true');
  t.equal(await page.evaluate('document.activeElement === document.body'), true, 'focus stays with the page');

  t.equal((await w.api.request('POST', `/api/v1/chatbots/${w.chatbot.id}/pause`, { key: w.account.live })).statusCode, 200);
  await page.reload();
  await dialog.waitFor();
  t.equal(await dialog.getByRole('alert').innerText(), 'The chat is unavailable right now. Please try again later.');
  t.equal(await dialog.getByRole('textbox').count(), 0, 'no message box while paused');

  t.same(refused, []);
  t.same(errors, []);
});

t.test('a page with a strict Content-Security-Policy: no inline script or style, no eval, only this server', async (t) => {
  const w = await widgetFixture(t);
  await w.addQa('Do you ship abroad?', 'Yes, to every country in the European Union.');
  const policy = `default-src 'none'; script-src ${w.base}; connect-src ${w.base}; style-src 'none'; img-src 'none'`;
  w.site.set('/strict', {
    body: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"><title>Strict</title></head>
<body><h1>Strict page</h1><script src="${w.base}/widget.js" data-chatbot-id="${w.chatbot.id}" async></script></body></html>`,
  });
  const { page, launcher, refused, errors } = await w.open('/');
  await page.goto(w.site.url('/strict'));
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Do you ship abroad?');
  await messageBox.press('Enter');
  await dialog.getByText('Yes, to every country in the European Union.').waitFor();
  const look = await computedStyle(launcher(), ['background-color', 'border-radius']);
  t.same(look, { 'background-color': 'rgb(79, 70, 229)', 'border-radius': '26px' }, 'styled, though the page allows no style');
  t.same(refused, []);
  t.same(errors, [], 'no CSP violation, no console error');
});
