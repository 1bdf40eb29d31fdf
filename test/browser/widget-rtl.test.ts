// Right to left (issue 33, "Looks that fit any site"), in a real browser on a host page of another
// origin, no request interception: a visitor whose browser speaks Arabic gets the widget's words
// in Arabic, loaded once from this server (GET /widget/ui/ar.json), and a mirrored panel; the
// "Talk to a person" button sends an Arabic sentence the server's intent hands off; the page's
// code switches to Hebrew (loaded then) and back to English (left to right again); axe finds
// nothing serious in Arabic.
import t from 'tap';
import { RTL_WIDGET_UI } from '../../web/widget/src/ui-strings-rtl.js';
import { describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';
import { computedStyle, widgetFixture } from '../helpers/widget-site.js';

const ar = RTL_WIDGET_UI.ar;
const he = RTL_WIDGET_UI.he;

t.test('an Arabic visitor: Arabic words, a mirrored panel, a handoff by the button; Hebrew and English by the page’s code', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  await w.addQa('What are your opening hours?', 'We are open **9 to 5**, Monday to Friday.');
  const visitor = await w.open('/ar', { locale: 'ar' });
  const { page, launcher } = visitor;
  // What the page fetched, from its own resource timing: every request since it loaded.
  const loads = () =>
    page.evaluate(() =>
      (globalThis as any).performance
        .getEntriesByType('resource')
        .map((entry: any) => new URL(entry.name).pathname)
        .filter((name: string) => name.startsWith('/widget/ui/')),
    ) as Promise<string[]>;
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  await dialog.getByRole('button', { name: ar.close }).waitFor();
  t.same(await loads(), ['/widget/ui/ar.json'], 'the Arabic words were loaded, once');
  const panel = page.locator('chatbot-widget .panel');
  t.equal(await panel.getAttribute('dir'), 'rtl');
  t.equal((await computedStyle(panel, ['direction'])).direction, 'rtl', 'the panel is laid out right to left');
  // Mirrored: the close button is at the header's left, the title to its right.
  const closeBox = (await dialog.getByRole('button', { name: ar.close }).boundingBox())!;
  const titleBox = (await dialog.getByRole('heading', { name: 'Acme Help' }).boundingBox())!;
  t.ok(closeBox.x < titleBox.x, `the close button (x ${Math.round(closeBox.x)}) is left of the title (x ${Math.round(titleBox.x)})`);
  t.equal((await computedStyle(page.locator('chatbot-widget .root'), ['direction'])).direction, 'ltr', 'the positioned frame stays put: the launcher keeps its corner');

  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('What are your opening hours?');
  await dialog.getByRole('button', { name: ar.send }).click();
  const log = dialog.getByRole('log');
  const reply = log.locator('.msg.assistant .bubble').filter({ hasText: '9 to 5' });
  await reply.waitFor();
  const mine = log.locator('.msg.user .bubble').first();
  t.ok((await mine.boundingBox())!.x < (await reply.boundingBox())!.x, 'the visitor’s bubble is on the left, the reply’s on the right');
  // The bubble's direction is its text's (English here), not the Arabic speaker name's before it.
  t.equal(await mine.evaluate((element: any) => element.matches(':dir(ltr)')), true, 'an English message in an Arabic panel reads left to right');
  t.equal((await launcher().evaluate((element: any) => element.matches(':dir(ltr)'))), true, 'the launcher follows its own (English) text');
  t.same(describeViolations(await seriousViolations(page)), '', 'Arabic, panel open: no serious or critical axe violations');
  t.comment(`screenshot: ${await w.browser.screenshot(page, 'widget-rtl-ar')}`);

  // A question the knowledge cannot answer: the fallback offers a person, in Arabic.
  await messageBox.fill('Do you sell kayaks?');
  await messageBox.press('Enter');
  const talk = dialog.getByRole('button', { name: ar.talkToPerson });
  await talk.click();
  await log.getByText(ar.agentJoined).waitFor();
  t.equal(await log.getByText(ar.talkToPersonMessage).count(), 1, 'the press sent the Arabic request as the visitor’s message');
  t.equal((await w.conversations())[0]!.status, 'handoff', 'the server’s intent handed the conversation off');

  // The page's code: Hebrew (loaded now), then English (carried: left to right again).
  await page.evaluate(() => (globalThis as any).ChatbotWidget.setLocale('he'));
  await dialog.getByRole('button', { name: he.close }).waitFor();
  t.equal(await panel.getAttribute('dir'), 'rtl');
  await page.evaluate(() => (globalThis as any).ChatbotWidget.setLocale('en'));
  await dialog.getByRole('button', { name: 'Close' }).waitFor();
  t.equal(await panel.getAttribute('dir'), 'ltr');
  t.equal((await computedStyle(panel, ['direction'])).direction, 'ltr');
  t.same(await loads(), ['/widget/ui/ar.json', '/widget/ui/he.json'], 'Hebrew loaded when asked for; English is carried');
  t.same(visitor.refused, [], 'no request left the two local servers');
  t.same(visitor.errors, [], 'no console errors');
});
