// Replies that come while the panel is closed are counted on the launcher (and for screen readers
// in its description) and in the page's title, until the visitor opens the panel. Messages read back
// after a reload are not new; a count the page put in its own title is left alone.
import t from 'tap';
import { until, widgetFixture } from '../helpers/widget-site.js';

t.test('an agent writes while the panel is closed: the launcher and the title count it until it opens', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  const { page, launcher, refused, errors } = await w.open('/support');
  await page.evaluate(() => ((globalThis as any).document.title = '(3) Inbox')); // the page's own count
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('I would like to talk to a person');
  await messageBox.press('Enter');
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const [conversation] = await w.conversations();
  const base = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;
  t.equal((await w.api.request('POST', `${base}/handoff`, { key, payload: {} })).statusCode, 200);
  const badge = page.locator('chatbot-widget .launcher .unread');
  t.equal(await badge.count(), 0, 'nothing unread while the panel is open');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  for (const content of ['Hi, this is Dana.', 'Let me look at your order.']) {
    t.equal((await w.api.request('POST', `${base}/messages`, { key, payload: { role: 'agent', content } })).statusCode, 201);
  }
  await until(async () => (await badge.count()) === 1 && (await badge.textContent()) === '2', 'the launcher shows 2 (the next poll)');
  // The title follows the badge after the render: read it once it has settled on the count.
  await until(async () => /^\(2\) /.test(await page.title()), 'the title shows the count');
  t.equal(await page.title(), '(2) (3) Inbox', 'the title counts them before the page’s own title');
  const describedBy = await launcher().getAttribute('aria-describedby');
  t.equal(await page.locator(`chatbot-widget #${describedBy}`).textContent(), '2 unread messages', 'screen readers hear it with the launcher');
  t.equal(await launcher().count(), 1, 'the launcher keeps its name');

  // The page sets its whole title meanwhile (its own count went up, the widget's prefix gone with
  // the old title): nothing of it is taken off.
  await page.evaluate(() => ((globalThis as any).document.title = '(4) Inbox'));
  await launcher().click();
  await dialog.getByRole('log').getByText('Let me look at your order.').waitFor();
  await badge.waitFor({ state: 'detached' });
  t.equal(await page.title(), '(4) Inbox', 'opened: the count leaves the title, the page’s own stays');
  t.equal(await launcher().getAttribute('aria-describedby'), null);

  // After a reload the conversation is read back: nothing in it is new.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const [read] = await Promise.all([page.waitForResponse((response) => response.url().includes(`/conversations/${conversation!.id}`)), page.reload()]);
  t.equal(read.status(), 200, 'the conversation is read back');
  await launcher().waitFor();
  await page.waitForResponse((response) => response.url().includes(`/conversations/${conversation!.id}?after=`)); // a poll after it
  t.equal(await badge.count(), 0, 'messages read back are not unread');
  t.same(refused, [], 'no request left the two local servers');
  t.same(errors, [], 'no console errors');
});
