// The storage consent mode (issue 33, "Privacy"), in a real browser on a host page of another
// origin, no request interception: the page's own localStorage and cookies are read from the page.
// `after_interaction`: nothing is written while the visitor only looks (a proactive message shown,
// the panel opened by open_on_load), everything once they open the panel themselves or send a
// message, and the conversation comes back after a reload. `never`: nothing is ever written, what
// an earlier mode stored is removed, and a reload starts afresh. And the panel's privacy controls:
// the transcript downloaded, the deletion request sent.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

/** The widget's keys in the page's localStorage, and the page's cookies. */
function storageOf(page: Page): Promise<{ keys: string[]; cookie: string }> {
  return page.evaluate(() => {
    const storage = (globalThis as any).localStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) keys.push(storage.key(i));
    return { keys: keys.filter((key) => key.startsWith('chatbot-widget:')).sort(), cookie: (globalThis as any).document.cookie };
  });
}

t.test('after_interaction: nothing written while the visitor only looks; written once they act', async (t) => {
  const w = await widgetFixture(t, { chatbot: { welcome_message: 'Hi! Ask me about orders.' } });
  await w.putWidget({ privacy: { storage: 'after_interaction' }, display_rules: { proactive: [{ match: '*', delay_seconds: 0, message: 'Need help?' }] } });
  const { page, launcher, refused, errors } = await w.open('/shop');
  await page.locator('chatbot-widget .proactive-message').waitFor();
  t.same(await storageOf(page), { keys: [], cookie: '' }, 'a proactive message shown: nothing written, no cookie');

  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await until(async () => (await storageOf(page)).keys.length > 0, 'the visitor opened the panel: what was held is written');
  t.same((await storageOf(page)).keys, [`chatbot-widget:${w.chatbot.id}:proactive-seen`]);
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Where is my order?');
  await messageBox.press('Enter');
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  await until(async () => (await storageOf(page)).keys.includes(`chatbot-widget:${w.chatbot.id}:conversation`), 'the conversation is remembered');
  t.equal((await storageOf(page)).cookie, '', 'still no cookie');
  await page.reload();
  await launcher().click();
  await dialog.getByRole('log').getByText('Where is my order?').waitFor();
  t.pass('after a reload the conversation is back');

  // open_on_load opens the panel for the visitor: not their act, so nothing is written until they write.
  await w.putWidget({ privacy: { storage: 'after_interaction' }, display_rules: { open_on_load: true } });
  const loaded = await w.open('/welcome');
  const loadedDialog = loaded.page.getByRole('dialog', { name: 'Acme Help' });
  await loadedDialog.getByText('Hi! Ask me about orders.').waitFor();
  t.same(await storageOf(loaded.page), { keys: [], cookie: '' }, 'opened on load: nothing written');
  await loadedDialog.getByRole('textbox', { name: 'Type your message…' }).fill('Hello');
  await loadedDialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await until(async () => (await storageOf(loaded.page)).keys.includes(`chatbot-widget:${w.chatbot.id}:conversation`), 'a message sent: the conversation is remembered');
  for (const visited of [{ refused, errors }, loaded]) {
    t.same(visited.refused, [], 'no request left the two local servers');
    t.same(visited.errors, [], 'no console errors');
  }
});

t.test('after_interaction: a lead form sent in a panel the page opened is the visitor’s act', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({
    privacy: { storage: 'after_interaction' },
    display_rules: { open_on_load: true },
    lead_form: { enabled: true, when: 'before_chat', fields: [{ name: 'email', required: true }] },
  });
  const { page, refused, errors } = await w.open('/welcome');
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByLabel('E-mail').waitFor();
  t.same(await storageOf(page), { keys: [], cookie: '' }, 'the form shown: nothing written');
  await dialog.getByLabel('E-mail').fill('ana@example.com');
  await dialog.getByRole('button', { name: 'Send details' }).click();
  await until(async () => (await storageOf(page)).keys.includes(`chatbot-widget:${w.chatbot.id}:lead-sent`), 'the form sent is remembered');
  await page.reload();
  await dialog.getByRole('textbox', { name: 'Type your message…' }).waitFor();
  t.equal(await dialog.getByLabel('E-mail').count(), 0, 'not asked again after a reload');
  t.equal((await w.leads()).length, 1);
  t.same(refused, []);
  t.same(errors, []);
});

t.test('never: nothing written, what was stored before is removed, a reload starts afresh', async (t) => {
  const w = await widgetFixture(t);
  const { page, launcher, refused, errors } = await w.open('/shop');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Where is my order?');
  await messageBox.press('Enter');
  await until(async () => (await storageOf(page)).keys.includes(`chatbot-widget:${w.chatbot.id}:conversation`), 'the default mode remembers it');

  await w.putWidget({ privacy: { storage: 'never' } });
  await page.reload();
  await launcher().waitFor();
  await until(async () => (await storageOf(page)).keys.length === 0, 'what the earlier mode stored is removed');
  await launcher().click();
  await messageBox.fill('Do you ship to Norway?');
  await messageBox.press('Enter');
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  t.same(await storageOf(page), { keys: [], cookie: '' }, 'a conversation under way: nothing written');
  t.equal((await w.conversations()).length, 2, 'the server has the conversation');
  await page.reload();
  await launcher().click();
  await dialog.getByRole('textbox', { name: 'Type your message…' }).waitFor();
  t.equal(await dialog.getByRole('log').getByText('Do you ship to Norway?').count(), 0, 'after a reload the conversation is not read back: it lasted the page');
  t.same(refused, []);
  t.same(errors, []);
});

t.test('the visitor downloads their conversation and asks for its deletion from the panel', async (t) => {
  const w = await widgetFixture(t);
  await w.addQa('Where is my order?', 'Orders ship **within two days**.');
  const { page, launcher, refused, errors } = await w.open('/shop');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  t.equal(await dialog.getByRole('button', { name: 'Download the conversation' }).count(), 0, 'nothing to download before a conversation');
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Where is my order?');
  await messageBox.press('Enter');
  await dialog.getByRole('log').getByText('within two days').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the conversation' }).click()]);
  t.equal(download.suggestedFilename(), 'Acme Help.txt');
  const text = readFileSync((await download.path())!, 'utf8');
  t.match(text, /^Acme Help\n/);
  t.match(text, /You: Where is my order\?\n\nAcme Help: Orders ship \*\*within two days\*\*\./, 'who said what, as written');

  // Two steps: the first press only asks; "Cancel" sends nothing and gives focus back.
  const [conversation] = await w.conversations();
  const conversationUrl = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;
  const askToDelete = dialog.getByRole('button', { name: 'Ask us to delete this conversation' });
  await askToDelete.click();
  const confirmDeletion = dialog.getByRole('button', { name: 'Yes, ask for its deletion' });
  await confirmDeletion.waitFor();
  t.ok(await hasFocus(confirmDeletion), 'the confirmation takes focus');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await askToDelete.waitFor();
  t.ok(await hasFocus(askToDelete), 'Cancel gives focus back');
  t.equal((await w.api.request('GET', conversationUrl, { key: w.account.live })).json.deletion_requested_at, null, 'nothing sent before the confirmation');
  await askToDelete.click();
  await confirmDeletion.click();
  await dialog.getByText('We have your request to delete this conversation.').waitFor();
  t.equal(await dialog.getByRole('button', { name: 'Yes, ask for its deletion' }).count(), 0, 'asked once: the controls go');
  const read = (await w.api.request('GET', conversationUrl, { key: w.account.live })).json;
  t.type(read.deletion_requested_at, 'string', 'the owner sees the request on the conversation');
  t.same(refused, []);
  t.same(errors, []);
});
