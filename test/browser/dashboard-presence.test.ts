// Issue 28 in a real browser: the owner sets themselves available in the dashboard, and a visitor's
// handoff (host page on another origin, no interception) is promised a person; the owner's last tab
// closes, their heartbeat lapses, and the next visitor is told nobody is there and asked for an
// e-mail. Then axe-core and screenshots of the switch, desktop and phone.
import t from 'tap';
import { phrasesFor } from '../../plugins/conversations/answer/phrases.js';
import { PRESENCE_TTL_SECONDS } from '../../plugins/presence/collections.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';

const ui = WIDGET_UI.en!;

t.test('available in the dashboard, a handoff is promised a person; the last tab closed, the visitor is asked for an e-mail', async (t) => {
  const clock = new TestClock(new Date('2026-11-23T10:00:00.000Z')); // a Monday
  const d = await dailyFixture(t, { clock });
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, { handoff: { require_available_member: true } });
  const availability = d.api.server.plugins.presence.availability;

  const owner = await d.dashboard();
  await d.signIn(owner.page, d.owner);
  const presence = owner.page.getByRole('switch', { name: 'Available for chats' });
  await presence.waitFor();
  // The first heartbeat has been answered once the switch can be used.
  await owner.page.waitForFunction(() => !(globalThis as any).document.querySelector('.presence-switch button')?.disabled);
  t.equal(await presence.getAttribute('aria-checked'), 'false', 'away until chosen');
  t.equal(await availability.anyoneAvailable(d.accountId), false);
  await presence.click();
  await owner.page.getByText('You are available for chats').waitFor();
  t.equal(await presence.getAttribute('aria-checked'), 'true');
  t.equal(await availability.anyoneAvailable(d.accountId), true, 'the server counts the owner');

  const ask = async (path: string) => {
    const visitor = await d.visitor(path);
    await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
    const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
    const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
    await messageBox.fill('I want to talk to a person');
    await messageBox.press('Enter');
    return { visitor, widget, log: widget.getByRole('log') };
  };

  const first = await ask('/first');
  await first.log.getByText(phrasesFor('en', 'friendly').handoff).waitFor();
  await first.log.getByText(ui.agentJoined).waitFor();
  t.equal(await first.widget.getByRole('form', { name: ui.offlineEmailTitle }).count(), 0, 'someone is there: no e-mail asked');
  t.same(first.visitor.refused, [], 'the widget reached only the two local servers');

  // The owner's only tab closes; no heartbeat comes for longer than the presence lasts.
  t.same(owner.unexpectedErrors(), [], 'no console errors in the dashboard');
  await owner.context.close();
  clock.advance((PRESENCE_TTL_SECONDS + 1) * 1000);
  t.equal(await availability.anyoneAvailable(d.accountId), false, 'lapsed with the last tab');

  const second = await ask('/second');
  await second.log.getByText(phrasesFor('en', 'friendly').handoffOffline).waitFor();
  const form = second.widget.getByRole('form', { name: ui.offlineEmailTitle });
  await form.getByLabel(ui.email).fill('late@visitor.example');
  await form.getByRole('button', { name: ui.submit }).click();
  await second.log.getByText(ui.offlineThanks).waitFor();
  const leads = await d.call('GET', `/api/v1/leads?chatbot_id=${d.chatbot.id}`);
  t.match(leads.data, [{ email: 'late@visitor.example', source: 'handoff_offline' }], 'the lead appears');
  t.same(second.visitor.refused, []);

  // A tab opened again beats at once: the choice was kept, and the owner counts again.
  const back = await d.dashboard();
  await d.signIn(back.page, d.owner);
  const again = back.page.getByRole('switch', { name: 'Available for chats' });
  await back.page.waitForFunction(() => (globalThis as any).document.querySelector('.presence-switch button')?.getAttribute('aria-checked') === 'true');
  t.equal(await again.getAttribute('aria-checked'), 'true', 'still available once a tab is open');
  t.equal(await availability.anyoneAvailable(d.accountId), true);
  await back.context.close();

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport });
    await d.signIn(scan.page, d.owner);
    await scan.page.getByRole('switch', { name: 'Available for chats' }).waitFor();
    await scan.page.waitForFunction(() => !(globalThis as any).document.querySelector('.presence-switch button')?.disabled);
    t.same(describeViolations(await seriousViolations(scan.page)), '', `presence switch, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `presence switch, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-presence-${device}`);
    await scan.context.close();
  }
});
