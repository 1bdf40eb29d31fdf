// Proactive messages and the reply tone (issue 33, "Attention without being annoying"), in a real
// browser on a host page of another origin, no request interception: the first rule matching the
// page shows its message beside the launcher after its delay, without taking focus, read out by a
// polite live region; seen once per visitor (a reload shows the next rule's, then none); a single-
// page app's new URL picks its own rule; dismissing hides it; pressing it opens the panel. The tone
// is played (Web Audio oscillators started, counted in the page) only when the owner turned it on.
import type { Page } from 'playwright-core';
import t from 'tap';
import { describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';
import { hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

/** Counts the oscillators the page starts (the widget's tone is two). Installed before the page's scripts. */
function countTones() {
  const globals = globalThis as any;
  globals.__tones = 0;
  const start = globals.OscillatorNode.prototype.start;
  globals.OscillatorNode.prototype.start = function (this: unknown, ...args: unknown[]) {
    globals.__tones += 1;
    return start.apply(this, args);
  };
}
const tones = (page: Page) => page.evaluate(() => (globalThis as any).__tones as number);

/** The /pricing rule, then a catch-all, with the tone. */
const PRICING_AND_WELCOME = {
  sound: true,
  display_rules: {
    proactive: [
      { match: '/pricing', delay_seconds: 1, message: 'Questions about our plans?' },
      { match: '*', delay_seconds: 0, message: 'Hi! Ask us anything.' },
    ],
  },
};

t.test('proactive messages: after the delay, once per visitor, per page; dismissed, or pressed to open; with the tone', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget(PRICING_AND_WELCOME);
  const visitor = await w.open('/pricing');
  const { page } = visitor;
  await visitor.context.addInitScript(countTones);
  await page.reload();
  const bubble = page.locator('chatbot-widget .proactive-message');
  await bubble.waitFor();
  t.equal(await bubble.textContent(), 'Questions about our plans?', 'the /pricing rule, the first that matches');
  t.equal(await page.locator('chatbot-widget .proactive').getAttribute('aria-live'), 'polite', 'read out politely');
  t.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.tagName), 'BODY', 'focus stays where it was');
  await until(async () => (await tones(page)) === 2, 'the tone is played (two notes)');
  t.same(describeViolations(await seriousViolations(page)), '', 'the bubble: no serious or critical axe violations');
  t.comment(`screenshot: ${await w.browser.screenshot(page, 'widget-proactive')}`);
  await page.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await bubble.waitFor({ state: 'detached' });
  t.ok(await hasFocus(page.getByRole('button', { name: 'Chat with us', exact: true })), 'dismissed with the keyboard: focus goes to the launcher');

  // Seen: the next load of the page shows the next rule that matches (the catch-all), then none.
  await page.reload();
  await bubble.waitFor();
  t.equal(await bubble.textContent(), 'Hi! Ask us anything.');
  await bubble.click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('textbox').waitFor();
  t.ok(await hasFocus(dialog.getByRole('textbox')), 'pressing it opens the panel, focus in the message box');
  t.equal(await bubble.count(), 0, 'gone while the panel is open');
  const seen = await page.evaluate((key) => (globalThis as any).localStorage.getItem(key), `chatbot-widget:${w.chatbot.id}:proactive-seen`);
  t.equal(JSON.parse(seen).length, 2, 'the browser remembers both as seen (digests, not the text)');
  t.notMatch(seen, /plans|anything/);

  // A German visitor reads the owner's German, as the chatbot's strings pick it.
  await w.putWidget({ display_rules: { proactive: [{ match: '*', delay_seconds: 0, message: 'Hi! Ask us anything.', translations: { de: 'Hallo! Fragen Sie uns.' } }] } });
  const german = await w.open('/home', { locale: 'de-DE' });
  const germanBubble = german.page.locator('chatbot-widget .proactive-message');
  await germanBubble.waitFor();
  t.equal(await germanBubble.textContent(), 'Hallo! Fragen Sie uns.', 'the message in the visitor’s language');
  const english = await w.open('/home', { locale: 'fr-FR' });
  const englishBubble = english.page.locator('chatbot-widget .proactive-message');
  await englishBubble.waitFor();
  t.equal(await englishBubble.textContent(), 'Hi! Ask us anything.', 'a language without a translation: the message as written');
  await w.putWidget(PRICING_AND_WELCOME);

  // A new visitor in a single-page app: the catch-all on the first page; the app moves to /pricing
  // and that page's rule shows after its own delay.
  const app = await w.open('/home');
  const appBubble = app.page.locator('chatbot-widget .proactive-message');
  await appBubble.waitFor();
  t.equal(await appBubble.textContent(), 'Hi! Ask us anything.');
  await app.page.evaluate(() => (globalThis as any).history.pushState({}, '', '/pricing'));
  await until(async () => (await appBubble.textContent()) === 'Questions about our plans?', 'the new page’s message');
  t.pass('a single-page app’s new URL picks its rule');
  await app.page.evaluate(() => (globalThis as any).history.pushState({}, '', '/careers'));
  await appBubble.waitFor({ state: 'detached' });
  t.pass('on a page no unseen rule matches, the message goes');
  await app.page.evaluate(() => (globalThis as any).history.pushState({}, '', '/pricing/plans'));
  await app.launcher().click();
  t.equal(await appBubble.count(), 0, 'no message while the panel is open');
  for (const visited of [visitor, app]) {
    t.same(visited.refused, [], 'no request left the two local servers');
    t.same(visited.errors, [], 'no console errors');
  }
});

t.test('without the tone turned on, a reply while the panel is closed plays nothing', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  const visitor = await w.open('/support');
  await visitor.context.addInitScript(countTones);
  await visitor.page.reload();
  await visitor.launcher().click();
  const dialog = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('textbox', { name: 'Type your message…' }).fill('I would like to talk to a person');
  await dialog.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const [conversation] = await w.conversations();
  const base = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;
  t.equal((await w.api.request('POST', `${base}/handoff`, { key, payload: {} })).statusCode, 200);
  await dialog.getByRole('button', { name: 'Close' }).click();
  t.equal((await w.api.request('POST', `${base}/messages`, { key, payload: { role: 'agent', content: 'Hello from Dana.' } })).statusCode, 201);
  await visitor.page.locator('chatbot-widget .launcher .unread').waitFor();
  t.equal(await tones(visitor.page), 0, 'counted on the badge, silent');

  // The same with the tone on: the agent's next message is heard.
  await w.putWidget({ sound: true });
  await visitor.page.reload();
  await visitor.launcher().waitFor();
  t.equal((await w.api.request('POST', `${base}/messages`, { key, payload: { role: 'agent', content: 'Are you still there?' } })).statusCode, 201);
  await visitor.page.locator('chatbot-widget .launcher .unread').waitFor();
  await until(async () => (await tones(visitor.page)) === 2, 'the tone is played for the reply');
  t.same(visitor.refused, []);
  t.same(visitor.errors, []);
});
