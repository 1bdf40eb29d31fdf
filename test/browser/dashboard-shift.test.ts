// Issue 28, running a shift from the dashboard, in a real browser (host page on another origin, no
// interception): the owner sets business hours on the behaviour page (Europe/Bucharest, Monday to
// Friday 09:00–17:00, the weekend closed), reads them back through the API, and sees the server's
// message next to a range that ends before it starts. On a Saturday a visitor asks for a person, is
// asked for an e-mail and leaves one; the inbox list and the conversation show the offline handoff
// with the address. Then axe-core and screenshots of both pages, desktop and phone.
import t from 'tap';
import { phrasesFor } from '../../plugins/conversations/answer/phrases.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';

const ui = WIDGET_UI.en!;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

t.test('business hours set on the behaviour page; an offline handoff in the inbox shows the e-mail the visitor left', async (t) => {
  // Saturday 21 November 2026, 12:00 in Bucharest: outside the hours about to be set.
  const clock = new TestClock(new Date('2026-11-21T10:00:00.000Z'));
  const d = await dailyFixture(t, { clock });
  const owner = await d.dashboard({ hash: `#/chatbots/${d.chatbot.id}/behaviour` });
  await d.signIn(owner.page, d.owner);
  const page = owner.page;
  const hours = page.getByRole('group', { name: 'Business hours' });

  await hours.getByLabel('Only hand off to a person during business hours').check();
  await hours.getByLabel('Time zone').fill('Europe/Bucharest');
  for (const day of WEEKDAYS) await hours.getByRole('button', { name: `Add hours: ${day}` }).click();
  t.equal(await hours.getByRole('group', { name: 'Sunday' }).getByText('Closed').count(), 1, 'Sunday shows closed');
  await page.getByRole('button', { name: 'Save behaviour' }).click();
  await page.getByRole('status').filter({ hasText: 'Behaviour saved' }).first().waitFor();
  const saved = await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/settings`);
  t.same(
    saved.handoff.business_hours,
    { enabled: true, time_zone: 'Europe/Bucharest', weekly: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, from: '09:00', to: '17:00' })) },
    'read back through the API: Monday to Friday 09:00–17:00 in Bucharest, the weekend closed',
  );

  // A range that ends before it starts: the server's message next to it, the field marked.
  owner.expectHttpError(`400 PUT /api/v1/chatbots/${d.chatbot.id}/settings`, 'a range that ends before it starts, then an unknown time zone');
  const monday = hours.getByRole('group', { name: 'Monday', exact: true });
  await monday.getByLabel('Opens').fill('17:00');
  await monday.getByLabel('Closes').fill('09:00');
  await page.getByRole('button', { name: 'Save behaviour' }).click();
  await monday.getByText('"to" must be after "from" on the same day', { exact: false }).waitFor();
  t.pass('the server’s message shows in Monday’s range');
  await page.getByRole('alert').filter({ hasText: /must be after/ }).first().waitFor();
  t.match((await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/settings`)).handoff.business_hours.weekly[0], { from: '09:00', to: '17:00' }, 'nothing saved');
  // A bad zone: its message under the field.
  await monday.getByLabel('Opens').fill('09:00');
  await monday.getByLabel('Closes').fill('17:00');
  await hours.getByLabel('Time zone').fill('Europe/Nowhere');
  await page.getByRole('button', { name: 'Save behaviour' }).click();
  await hours.getByText('must be an IANA time zone', { exact: false }).waitFor();
  t.equal(await hours.getByLabel('Time zone').getAttribute('aria-invalid'), 'true', 'the zone field is marked invalid');
  await hours.getByLabel('Time zone').fill('Europe/Bucharest');

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await hours.scrollIntoViewIfNeeded();
    t.same(describeViolations(await seriousViolations(page)), '', `behaviour page with business hours, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(page), `behaviour page, ${device}: no sideways scrolling`);
    await screenshot(page, `dashboard-business-hours-${device}`);
  }
  await page.setViewportSize(DESKTOP);

  // Saturday: a visitor asks for a person, is told nobody is there, and leaves an e-mail.
  const visitor = await d.visitor('/saturday');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('I want to talk to a person');
  await messageBox.press('Enter');
  await widget.getByRole('log').getByText(phrasesFor('en', 'friendly').handoffOffline).waitFor();
  const form = widget.getByRole('form', { name: ui.offlineEmailTitle });
  await form.getByLabel(ui.email).fill('sat@visitor.example');
  await form.getByRole('button', { name: ui.submit }).click();
  await widget.getByRole('log').getByText(ui.offlineThanks).waitFor();
  t.same(visitor.refused, [], 'the widget reached only the two local servers');

  // The inbox: the list says nobody could answer, with the address; the conversation links it.
  await page.goto(`${d.base}/dashboard#/inbox`);
  const item = page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'Nobody could answer' });
  await item.filter({ hasText: 'left sat@visitor.example' }).waitFor();
  t.pass('the inbox list shows the offline handoff and the e-mail');
  await item.click();
  const note = page.getByRole('article').getByRole('note', { name: 'Offline handoff' });
  const mail = note.getByRole('link', { name: 'sat@visitor.example' });
  await mail.waitFor();
  t.equal(await mail.getAttribute('href'), 'mailto:sat@visitor.example', 'the conversation links the address to write to');
  t.same(owner.unexpectedErrors(), [], 'no console errors in the dashboard');

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await mail.waitFor();
    t.same(describeViolations(await seriousViolations(page)), '', `offline handoff in the inbox, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(page), `inbox, ${device}: no sideways scrolling`);
    await screenshot(page, `dashboard-offline-handoff-${device}`);
  }
});
