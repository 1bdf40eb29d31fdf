// Visitors who are known (issue 33), in real browsers on a host page of another origin, no request
// interception: the page names its signed-in visitor with ChatbotWidget.identify and a user_hash
// its server computed; the conversation carries who they are, verified; the same visitor in another
// browser (another context: no shared storage) finds their conversation there; a wrong hash is
// refused (a console warning for the site's developer) and that visitor chats as nobody in
// particular; a different visitor signing in on the first browser does not see the first one's
// conversation.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import t from 'tap';
import { until, widgetFixture } from '../helpers/widget-site.js';

const sign = (secret: string, userId: string) => createHmac('sha256', secret).update(userId).digest('hex');

async function identify(page: Page, user: Record<string, string>): Promise<void> {
  await until(async () => page.evaluate(() => Boolean((globalThis as any).ChatbotWidget)), 'the page API is there');
  await page.evaluate((named) => (globalThis as any).ChatbotWidget.identify(named), user);
}

t.test('identify: a verified visitor follows their conversation to another browser; a wrong hash is refused', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  await w.addQa('Where is my order?', 'Orders ship within two days.');
  const made = await w.api.request('POST', `/api/v1/chatbots/${w.chatbot.id}/widget/identity-secret`, { key, payload: {} });
  t.equal(made.statusCode, 201);
  const secret = made.json.secret as string;
  await w.putWidget({ identity_verification: true });
  const ana = { user_id: 'u-42', name: 'Ana Pop', email: 'ana@example.com', user_hash: sign(secret, 'u-42') };

  // The laptop.
  const laptop = await w.open('/account');
  await identify(laptop.page, ana);
  await laptop.launcher().click();
  const dialog = laptop.page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('textbox', { name: 'Type your message…' }).fill('Where is my order?');
  await dialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await dialog.getByRole('log').getByText('Orders ship within two days.').waitFor();
  const [conversation] = await w.conversations();
  const read = (await w.api.request('GET', `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`, { key })).json;
  t.same(read.visitor, { id: 'u-42', name: 'Ana Pop', email: 'ana@example.com', verified: true }, 'the conversation says who, verified');

  // The phone: nothing stored there; identify finds the open conversation.
  const phone = await w.open('/account');
  await identify(phone.page, ana);
  await phone.launcher().click();
  const phoneDialog = phone.page.getByRole('dialog', { name: 'Acme Help' });
  await phoneDialog.getByRole('log').getByText('Orders ship within two days.').waitFor();
  t.equal(await phoneDialog.locator('.msg.user .bubble').filter({ hasText: 'Where is my order?' }).count(), 1, 'the laptop’s conversation, in the phone');
  t.equal(await phone.page.locator('chatbot-widget .launcher .unread').count(), 0, 'what was said elsewhere is not unread here');
  await phoneDialog.getByRole('textbox', { name: 'Type your message…' }).fill('Thanks, from my phone');
  await phoneDialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await dialog.getByRole('log').getByText('Thanks, from my phone').waitFor({ timeout: 20_000 });
  t.pass('the laptop sees the phone’s message (the same conversation)');
  t.equal((await w.conversations()).length, 1, 'one conversation for both browsers');

  // Someone else signs in on the laptop: Ana's conversation is let go, not shown to them.
  const bob = { user_id: 'u-7', name: 'Bob', user_hash: sign(secret, 'u-7') };
  await identify(laptop.page, bob);
  await dialog.getByRole('log').getByText('Where is my order?').waitFor({ state: 'detached' });
  t.pass('another visitor does not see the first one’s conversation');

  // A forged hash: refused, a warning for the developer; the visitor still chats, as nobody in particular.
  const forger = await w.open('/account');
  forger.expectHttpError(/^403 POST \/widget\/v1\/cb_\w+\/identity$/, 'the forged hash is refused');
  const warnings: string[] = [];
  forger.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await identify(forger.page, { user_id: 'u-42', name: 'Ana Pop', user_hash: sign('wis_guess', 'u-42') });
  await forger.launcher().click();
  const forgerDialog = forger.page.getByRole('dialog', { name: 'Acme Help' });
  t.equal(await forgerDialog.locator('.msg.user').count(), 0, 'Ana’s conversation is not given to a wrong hash');
  await forgerDialog.getByRole('textbox', { name: 'Type your message…' }).fill('Where is my order?');
  await forgerDialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await forgerDialog.getByRole('log').getByText('Orders ship within two days.').waitFor();
  await until(async () => warnings.some((text) => /identify.*refused|refused.*user_hash/.test(text)), 'the site’s developer is told');
  const conversations = await w.conversations();
  t.equal(conversations.length, 2);
  const forged = (await w.api.request('GET', `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversations[0]!.id}`, { key })).json;
  t.same(forged.visitor, {}, 'the forged name is not on the conversation');
  for (const visited of [laptop, phone, forger]) {
    t.same(visited.refused, [], 'no request left the two local servers');
    t.same(visited.unexpectedErrors(), [], 'no console errors but the declared refusal');
  }
});
