// The widget in the visitor's language, on the pages and devices its display rules allow, and as a
// phone shows it (the whole screen).
import t from 'tap';
import { hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

t.test('a German browser reads German: the chatbot’s translation and the widget’s own words', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({
    translations: {
      de: {
        title: 'Acme Hilfe',
        launcher_text: 'Schreiben Sie uns',
        input_placeholder: 'Ihre Nachricht …',
        welcome_message: 'Hallo! Wie können wir helfen?',
        suggested_messages: ['Gibt es Gutscheine?'],
      },
    },
  });
  const { page, launcher, refused, errors } = await w.open('/de/start', { locale: 'de-DE' });

  await launcher('Schreiben Sie uns').click();
  const dialog = page.getByRole('dialog', { name: 'Acme Hilfe' });
  await dialog.waitFor();
  t.ok(await dialog.getByText('Hallo! Wie können wir helfen?').isVisible(), 'the translated welcome message');
  const messageBox = dialog.getByRole('textbox', { name: 'Ihre Nachricht …' });
  t.equal(await messageBox.count(), 1, 'the message box is named by the translated placeholder');
  t.equal(await dialog.getByRole('button', { name: 'Schließen' }).count(), 1, 'the built-in “Close” in German');
  t.equal(await dialog.getByRole('button', { name: 'Senden' }).count(), 1, 'and “Send”');

  await dialog.getByRole('button', { name: 'Gibt es Gutscheine?' }).click();
  await dialog.getByRole('button', { name: 'Hilfreich', exact: true }).waitFor();
  t.equal(await dialog.getByRole('log').getByText('Gibt es Gutscheine?').count(), 1, 'the translated suggestion was sent by a click');
  t.equal(await dialog.getByRole('button', { name: 'Nicht hilfreich' }).count(), 1, 'the rating buttons in German');
  const [conversation] = await w.conversations();
  const stored = (await w.api.request('GET', `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`, { key: w.account.live })).json;
  t.equal(stored.language, 'de', 'the conversation is in the translation’s language');

  t.same(refused, []);
  t.same(errors, []);
});

t.test('hide_on pages and devices left out get no widget; a phone gets the panel on the whole screen', async (t) => {
  const w = await widgetFixture(t, { chatbot: { welcome_message: 'Hi! Ask me about orders, returns or sizes.' } });
  await w.putWidget({
    subtitle: 'Typically replies at once',
    suggested_messages: ['Where is my order?', 'How do returns work?'],
    display_rules: { hide_on: ['/checkout/*', '/account'] },
  });
  const { page, launcher, refused, errors } = await w.open('/account/settings');
  await launcher().waitFor();
  t.pass('/account does not cover /account/settings: the launcher shows');

  for (const path of ['/checkout/payment', '/account?tab=orders']) {
    const [config] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/config')), page.goto(w.hostOn(path))]);
    t.equal(config.status(), 200, `${path}: the script read its config`);
    await page.locator('chatbot-widget').waitFor({ state: 'detached' });
    t.equal(await launcher().count(), 0, `${path}: no launcher (hide_on)`);
  }

  const phone = await w.open('/', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.launcher().click();
  const dialog = phone.page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.waitFor();
  t.same(await dialog.boundingBox(), { x: 0, y: 0, width: 390, height: 844 }, 'under 480 px the panel fills the screen');
  t.comment(`screenshot: ${await w.browser.screenshot(phone.page, 'widget-mobile')}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await until(() => hasFocus(phone.launcher()), 'closing gives focus back to the launcher');

  await w.putWidget({ display_rules: { devices: ['desktop'] } });
  const [config] = await Promise.all([phone.page.waitForResponse((response) => response.url().endsWith('/config')), phone.page.reload()]);
  t.equal(config.status(), 200);
  await phone.page.locator('chatbot-widget').waitFor({ state: 'detached' });
  t.equal(await phone.launcher().count(), 0, 'devices: ["desktop"] leaves phones out');

  t.same([...refused, ...phone.refused], [], 'no request left the two local servers');
  t.same([...errors, ...phone.errors], [], 'no console errors');
});

t.test('allowed_origins: the widget shows on the sites listed and nowhere else', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({ allowed_origins: [w.site.origin] });
  const { page, launcher, refused, errors } = await w.open('/');
  await launcher().waitFor();
  t.pass(`shown on ${w.site.origin}, which is listed`);

  await w.putWidget({ allowed_origins: ['https://shop.example'] });
  const refusal = await w.api.request('GET', `/widget/v1/${w.chatbot.id}/config`, { headers: { origin: w.site.origin } });
  t.equal(refusal.json?.code, 'origin_not_allowed', 'the server refuses the config to this origin');
  const [failed] = await Promise.all([page.waitForEvent('requestfailed', (request) => request.url().endsWith('/config')), page.reload()]);
  t.ok(failed, 'the browser blocks it (no CORS headers)');
  await page.locator('chatbot-widget').waitFor({ state: 'detached' });
  t.equal(await launcher().count(), 0, 'and the page gets no widget');
  t.same(refused, []);
  // Without CORS headers the browser blocks the answer and says so; the script only warns.
  const unexpected = errors.filter((error) => !/blocked by CORS policy|^Failed to load resource: net::ERR_FAILED/.test(error));
  t.same(unexpected, [], 'nothing but the browser’s CORS notice');
});
