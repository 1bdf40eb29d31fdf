// Issue 28, agents are told, in a real browser (the widget on a host page of another origin, no
// request interception): the available agent has the dashboard open on another page; a visitor asks
// for a person, and the tab's title shows "(1)", a browser notification is shown (the permission
// granted to the dashboard's origin) and the chime plays; opening the conversation clears the count.
// With the sound switched off (kept after a reload), the visitor's next message in the agent's
// conversation counts and notifies without a sound, and clicking the notification opens it.
// Notification and the oscillators are observed through an init script that wraps them. Then
// axe-core and screenshots of the member menu's alert settings, desktop and phone, where the
// notification permission is asked for only by a click.
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';
import { until } from '../helpers/widget-site.js';
import { observeAlerts, type Alerts } from '../helpers/dashboard-alerts.js';

const AGENT = { email: 'andy@example.com', password: 'agent password 1' };

t.test('the available agent gets the title count, a notification and a sound; opening the conversation clears the count', async (t) => {
  const clock = new TestClock();
  const d = await dailyFixture(t, { clock });
  const link = await d.invite(AGENT.email, 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  const { page } = agent;
  await agent.context.grantPermissions(['notifications'], { origin: d.base });
  await agent.context.addInitScript(observeAlerts);
  await page.reload();
  const alerts = () => page.evaluate(() => (globalThis as any).__alerts as Alerts);

  await d.acceptInvitation(page, 'Andy Agent', AGENT.password);
  const presence = page.getByRole('switch', { name: 'Available for chats' });
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('.presence-switch button')?.disabled);
  await presence.click();
  await page.getByText('You are available for chats').waitFor();
  // Another page of the dashboard: the inbox is not in view.
  await page.goto(`${d.base}/dashboard#/password`);
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
  const baseTitle = await page.title();
  t.notMatch(baseTitle, /^\(\d+\)/, 'no count while nothing waits');
  t.equal((await alerts()).asked, 0, 'the permission was never asked for: it was granted beforehand');

  const visitor = await d.visitor('/shop');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('I want to talk to a person');
  await messageBox.press('Enter');

  await until(async () => (await page.title()) === `(1) ${baseTitle}`, 'the title counts the waiting visitor');
  await until(async () => (await alerts()).shown.length === 1, 'a browser notification is shown');
  const afterHandoff = await alerts();
  t.same(afterHandoff.shown, [{ title: 'A visitor is waiting for a person', body: 'A visitor asked for a person.' }]);
  t.ok(afterHandoff.tones > 0, 'the chime played');
  const [conversation] = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data as Array<{ id: string; status: string }>;
  t.equal(conversation!.status, 'handoff');

  // Opening the conversation clears the count; the agent takes it.
  await page.goto(`${d.base}/dashboard#/inbox/${d.chatbot.id}/${conversation!.id}`);
  await until(async () => (await page.title()) === baseTitle, 'the count clears once the conversation is open');
  const article = page.getByRole('article');
  await article.getByRole('button', { name: 'Take conversation' }).click();
  await article.getByText('With you', { exact: true }).waitFor();

  // The sound is switched off, and stays off after a reload.
  await page.goto(`${d.base}/dashboard#/password`);
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
  const openMenu = async () => page.getByRole('button', { name: /Member menu/ }).click();
  await openMenu();
  const sound = page.getByRole('switch', { name: 'Sound for waiting visitors' });
  t.equal(await sound.getAttribute('aria-checked'), 'true', 'the sound is on until switched off');
  await sound.click();
  t.equal(await sound.getAttribute('aria-checked'), 'false');
  // The test clock stands still: moved on, the reloaded tab's stream starts after what it was told.
  clock.advance(1_000);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
  await openMenu();
  t.equal(await sound.getAttribute('aria-checked'), 'false', 'kept for this member in this browser');
  t.equal(await page.getByRole('button', { name: 'Turn on browser notifications' }).count(), 0, 'granted: nothing to ask');
  await page.keyboard.press('Escape');

  // The visitor writes again, in the agent's conversation: counted and notified, without a sound.
  const tonesBefore = (await alerts()).tones;
  await messageBox.fill('Are you still there?');
  await messageBox.press('Enter');
  await until(async () => (await page.title()) === `(1) ${baseTitle}`, 'the visitor’s message counts');
  await until(async () => (await alerts()).shown.length === 1, 'a notification for the message (this page was reloaded)');
  const afterMessage = await alerts();
  t.same(afterMessage.shown, [{ title: 'New message from a visitor', body: 'Are you still there?' }]);
  t.equal(afterMessage.tones, tonesBefore, 'the sound is off: no chime');

  // Clicking the notification opens the conversation, which clears the count.
  await page.evaluate(() => (globalThis as any).__alerts.last.onclick());
  await page.getByRole('article').getByText('With you', { exact: true }).waitFor();
  t.match(page.url(), new RegExp(`#/inbox/${d.chatbot.id}/${conversation!.id}$`));
  await until(async () => (await page.title()) === baseTitle, 'the count clears');
  t.same(agent.unexpectedErrors(), [], 'no console errors in the dashboard');
  t.same(visitor.refused, [], 'the widget reached only the two local servers');
  await agent.context.close();

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport });
    await scan.context.addInitScript(observeAlerts);
    await scan.page.reload();
    await d.signIn(scan.page, d.owner);
    await scan.page.getByRole('button', { name: /Member menu/ }).click();
    await scan.page.getByRole('switch', { name: 'Sound for waiting visitors' }).waitFor();
    const permission = await scan.page.evaluate(() => (globalThis as any).Notification.permission as string);
    t.equal(permission, 'default', `${device}: a context without the grant has not decided`);
    await scan.page.getByRole('button', { name: 'Turn on browser notifications' }).waitFor();
    t.equal((await scan.page.evaluate(() => (globalThis as any).__alerts as Alerts)).asked, 0, `${device}: no permission prompt on load`);
    t.same(describeViolations(await seriousViolations(scan.page)), '', `alert settings, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `alert settings, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-attention-${device}`);
    await scan.context.close();
  }
});
