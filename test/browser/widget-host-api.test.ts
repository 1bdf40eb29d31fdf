// The page's own code drives the widget through window.ChatbotWidget (docs/widget.md, "From the
// page's own code"): open, close and toggle the panel, change its language, and hear `open`,
// `close`, `message` and `lead` (the names of the fields, never their values). The host page is on
// another origin than the server, and nothing is intercepted.
import t from 'tap';
import { until, widgetFixture } from '../helpers/widget-site.js';

interface Heard {
  event: string;
  chatbot_id: string;
  message?: { id: string; role: string; content: string };
  fields?: string[];
}

t.test('open, close, toggle and the events the page hears; a listener that throws stops nothing', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({
    lead_form: { enabled: true, when: 'after_first_reply', title: 'Can we follow up?', fields: [{ name: 'name', required: false }, { name: 'email', required: true }] },
  });
  const { page, launcher, refused, errors } = await w.open('/pricing');
  await page.waitForFunction(() => (globalThis as any).ChatbotWidget !== undefined);
  await page.evaluate(() => {
    const page = globalThis as any;
    page.heard = [];
    for (const event of ['open', 'close', 'message', 'lead']) page.ChatbotWidget.on(event, (detail: object) => page.heard.push({ event, ...detail }));
    // A listener of the page's that fails: reported as the page's error, the widget goes on.
    page.ChatbotWidget.on('open', () => {
      throw new Error('the page’s own listener failed');
    });
  });
  const heard = () => page.evaluate(() => (globalThis as any).heard as Heard[]);
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });

  await page.evaluate(() => (globalThis as any).ChatbotWidget.open());
  await dialog.waitFor();
  t.equal(await launcher().getAttribute('aria-expanded'), 'true', 'ChatbotWidget.open() opens the panel');
  await until(async () => (await heard()).some((entry) => entry.event === 'open'), 'the page hears open');
  t.equal((await heard())[0]!.chatbot_id, w.chatbot.id, 'with the chatbot’s id');

  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('How much is the premium plan?');
  await messageBox.press('Enter');
  const form = dialog.getByRole('form', { name: 'Can we follow up?' });
  await form.waitFor();
  await until(async () => (await heard()).filter((entry) => entry.event === 'message').length >= 2, 'the page hears both messages');
  const messages = (await heard()).filter((entry) => entry.event === 'message').map((entry) => entry.message!);
  t.match(messages[0], { role: 'user', content: 'How much is the premium plan?' }, 'the visitor’s message');
  t.equal(messages[1]!.role, 'assistant', 'then the reply');
  t.ok(messages.every((message) => /^msg_/.test(message.id)), 'each by its stored id');

  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('E-mail').fill('ada@example.com');
  await form.getByRole('button', { name: 'Send details' }).click();
  await until(async () => (await heard()).some((entry) => entry.event === 'lead'), 'the page hears lead');
  const lead = (await heard()).find((entry) => entry.event === 'lead')!;
  t.same(lead.fields?.sort(), ['email', 'name'], 'the names of the fields sent');
  t.notMatch(JSON.stringify(await heard()), /ada@example\.com|Ada Lovelace/, 'never their values');

  await page.evaluate(() => (globalThis as any).ChatbotWidget.close());
  await dialog.waitFor({ state: 'hidden' });
  await until(async () => (await heard()).some((entry) => entry.event === 'close'), 'the page hears close');
  await page.evaluate(() => (globalThis as any).ChatbotWidget.toggle());
  await dialog.waitFor();
  t.pass('toggle opens it again');
  await page.evaluate(() => (globalThis as any).ChatbotWidget.toggle('cb_not_on_this_page'));
  t.equal(await launcher().getAttribute('aria-expanded'), 'true', 'a call naming another chatbot leaves this one alone');
  await page.evaluate((id) => (globalThis as any).ChatbotWidget.toggle(id), w.chatbot.id);
  await dialog.waitFor({ state: 'hidden' });
  t.pass('a call naming this chatbot acts on it');

  const opens = (await heard()).filter((entry) => entry.event === 'open').length;
  t.equal(opens, 2, 'each opening heard once');
  await page.evaluate(() => {
    const widget = (globalThis as any).ChatbotWidget;
    widget.open();
    widget.toggle(); // in the same task: toggles what open() just did
  });
  await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(resolve)));
  t.equal(await launcher().getAttribute('aria-expanded'), 'false', 'open() then toggle() at once: closed');
  await page.evaluate(() => (globalThis as any).ChatbotWidget.open(new (globalThis as any).Event('click')));
  await dialog.waitFor();
  t.pass('a click event passed along (button.onclick = ChatbotWidget.open) opens it');

  // After a reload the conversation is read back: none of it is announced as new.
  const [read] = await Promise.all([page.waitForResponse((response) => /\/conversations\/conv_\w+$/.test(new URL(response.url()).pathname)), page.reload()]);
  t.equal(read.status(), 200, 'the conversation is read back');
  await page.evaluate(() => {
    const page = globalThis as any;
    page.heard = [];
    page.ChatbotWidget.on('message', (detail: object) => page.heard.push({ event: 'message', ...detail }));
  });
  await launcher().click();
  await dialog.getByRole('log').getByText('How much is the premium plan?').waitFor();
  await dialog.getByRole('textbox', { name: 'Type your message…' }).fill('And the basic plan?');
  await dialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await until(async () => (await heard()).length >= 2, 'the new messages are heard');
  t.match((await heard())[0], { event: 'message', message: { role: 'user', content: 'And the basic plan?' } }, 'the first heard after the reload is the new one: no history');
  t.equal(await page.evaluate(() => { try { (globalThis as any).ChatbotWidget.on('nope', () => 0); return 'accepted'; } catch (error) { return (error as Error).message; } }), 'ChatbotWidget.on: unknown event nope (open, close, message, lead)', 'an unknown event is refused at once');
  t.same(refused, [], 'no request left the two local servers');
  t.same(errors.filter((error) => !/the page’s own listener failed/.test(error)), [], 'no console errors but the page’s own listener’s');
  t.ok(errors.some((error) => /the page’s own listener failed/.test(error)), 'which the page sees');
});

t.test('setLocale: the widget’s words and the next conversation in that language', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({ translations: { de: { title: 'Acme Hilfe', launcher_text: 'Schreiben Sie uns' } } });
  const { page, launcher } = await w.open('/');
  await launcher().waitFor();
  await page.evaluate(() => (globalThis as any).ChatbotWidget.setLocale('de-AT'));
  await launcher('Schreiben Sie uns').click();
  const dialog = page.getByRole('dialog', { name: 'Acme Hilfe' });
  await dialog.waitFor();
  t.equal(await dialog.getByRole('button', { name: 'Senden' }).count(), 1, 'the widget’s own words in German');
  await dialog.getByRole('textbox').fill('Hallo');
  await dialog.getByRole('textbox').press('Enter');
  await dialog.getByRole('log').getByText('Hallo').waitFor();
  await until(async () => (await w.conversations()).length === 1, 'the conversation is stored');
  const [conversation] = await w.conversations();
  const stored = (await w.api.request('GET', `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`, { key: w.account.live })).json;
  t.equal(stored.language, 'de', 'the conversation is in German');
  t.equal(await page.evaluate(() => { try { (globalThis as any).ChatbotWidget.setLocale(''); return 'accepted'; } catch (error) { return (error as Error).message; } }), 'ChatbotWidget.setLocale needs a language code, such as "de"');
});
