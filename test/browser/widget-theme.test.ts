// The widget's looks (issue 33, "Looks that fit any site"), in a real browser on a host page of
// another origin, no request interception: the dark theme (its background, native controls, a
// primary colour lightened where it is text or a ring), `auto` following the visitor's system as
// it changes, the launcher's icon and image; axe-core finds nothing serious with the panel open in
// the light and the dark theme.
import t from 'tap';
import { describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';
import { computedStyle, until, widgetFixture } from '../helpers/widget-site.js';

/** A 1×1 PNG: the owner's launcher image, served by the host site. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DARK_BACKGROUND = 'rgb(27, 30, 36)';

t.test('dark, auto and light: the panel’s colours, live system changes, axe in each', async (t) => {
  const w = await widgetFixture(t);
  await w.addQa('Where is my order?', 'See **your account** or [track it](https://shop.example/track).');
  await w.putWidget({ theme: 'dark', suggested_messages: ['Where is my order?'] });
  const { page, launcher, refused, errors } = await w.open('/dark');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const panel = page.locator('chatbot-widget .panel');
  t.same(await computedStyle(panel, ['background-color']), { 'background-color': DARK_BACKGROUND }, 'the panel is dark');
  t.equal((await computedStyle(page.locator('chatbot-widget .root'), ['color-scheme']))['color-scheme'], 'dark', 'native controls follow');
  // The default indigo as a suggestion's text would be 2.4:1 on the dark background: lightened.
  const suggestion = dialog.getByRole('button', { name: 'Where is my order?' });
  const suggestionColour = (await computedStyle(suggestion, ['color'])).color;
  t.not(suggestionColour, 'rgb(79, 70, 229)', `the suggestion's text is lightened: ${suggestionColour}`);
  await suggestion.click();
  await dialog.getByRole('log').getByRole('link', { name: 'track it' }).waitFor();
  t.same(describeViolations(await seriousViolations(page)), '', 'dark, panel open with a reply and its link: no serious or critical axe violations');
  t.comment(`screenshot: ${await w.browser.screenshot(page, 'widget-dark')}`);

  // auto: the visitor's system says dark, then light while the page is open.
  await w.putWidget({ theme: 'auto' });
  const auto = await w.open('/auto', { colorScheme: 'dark' });
  await auto.launcher().click();
  const autoPanel = auto.page.locator('chatbot-widget .panel');
  t.same(await computedStyle(autoPanel, ['background-color']), { 'background-color': DARK_BACKGROUND }, 'auto on a dark system: dark');
  await auto.page.emulateMedia({ colorScheme: 'light' });
  await until(async () => (await computedStyle(autoPanel, ['background-color']))['background-color'] === 'rgb(255, 255, 255)', 'the panel turns light with the system');
  t.pass('auto follows the system while the page is open');

  // light (the default), with the owner's launcher icon, then their image.
  w.site.set('/launcher.png', { type: 'image/png', body: PIXEL });
  await w.putWidget({ launcher_icon: 'question' });
  const light = await w.open('/light');
  const chatIcon = 'M4 5h16v11H9l-5 4z';
  const iconPath = await light.launcher().locator('svg path').getAttribute('d');
  t.ok(iconPath && iconPath !== chatIcon, `the launcher draws the chosen icon: ${iconPath?.slice(0, 12)}…`);
  await light.launcher().click();
  await light.page.getByRole('dialog', { name: 'Acme Help' }).getByRole('textbox').waitFor();
  t.same(await computedStyle(light.page.locator('chatbot-widget .panel'), ['background-color']), { 'background-color': 'rgb(255, 255, 255)' });
  t.same(describeViolations(await seriousViolations(light.page)), '', 'light, panel open: no serious or critical axe violations');

  await w.putWidget({ launcher_icon: 'question', launcher_image_url: w.site.url('/launcher.png') });
  const pictured = await w.open('/pictured');
  const image = pictured.launcher().locator('img.launcher-image');
  await until(async () => (await image.evaluate((element: any) => element.complete && element.naturalWidth)) === 1, 'the owner’s image is loaded');
  t.equal(await image.getAttribute('alt'), '', 'decorative: the launcher keeps its name');
  t.equal(await pictured.launcher().locator('svg').count(), 0, 'the image replaces the icon');
  t.equal(w.site.hits('/launcher.png'), 1);
  for (const visited of [{ refused, errors }, auto, light, pictured]) {
    t.same(visited.refused, [], 'no request left the two local servers');
    t.same(visited.errors, [], 'no console errors');
  }
});
