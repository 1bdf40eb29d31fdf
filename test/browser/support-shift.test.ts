// Issue 28's walk through a support shift, in a real browser, with no rule written by hand: the
// widget on a host page of another origin (no request interception), the agent's dashboard on the
// server's. Visitors ask for a person in English, German, French and Romanian and are handed off;
// the available agent, on another page of the dashboard, sees the count in the tab's title and a
// browser notification per visitor; takes the English visitor's conversation, answers with a saved
// reply while the visitor sees "… is typing" and gets the reply within 5 s under the agent's name;
// ends it; the visitor rates it and the rating shows in the API's analytics and on the owner's
// analytics page. Screenshots of each step in test/.screenshots/support-shift-*.
import t from 'tap';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { observeAlerts, type Alerts } from '../helpers/dashboard-alerts.js';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';
import { until } from '../helpers/widget-site.js';

// A Thursday morning after the real time (analytics read hours by the ids' time).
const NOW = new Date('2032-06-10T10:20:00.000Z');
const AGENT = { name: 'Andy Agent', email: 'andy@example.com', password: 'agent password 1' };
const VISITORS = [
  { language: 'en', locale: 'en-GB', says: 'I want to talk to a person' },
  { language: 'de', locale: 'de-DE', says: 'Ich möchte mit einem Mitarbeiter sprechen' },
  { language: 'fr', locale: 'fr-FR', says: 'Je voudrais parler à un conseiller' },
  { language: 'ro', locale: 'ro-RO', says: 'Vreau să vorbesc cu un om' },
] as const;
const SAVED = 'Hello, this is {agent.name} from {chatbot.name}. Your refund is on its way.';
const SENT = 'Hello, this is Andy Agent from Acme Help. Your refund is on its way.';

t.test('a support shift: four languages handed off, the agent told, a saved reply, typing, the end and a rating', async (t) => {
  const clock = new TestClock(NOW);
  const d = await dailyFixture(t, { clock });
  await d.call('POST', '/api/v1/saved-replies', { shortcut: 'refund', title: 'Refund on its way', body: SAVED });

  // The agent joins, allows notifications, sets themselves available and goes to another page.
  const agent = await d.dashboard({ hash: new URL(await d.invite(AGENT.email, 'agent')).hash });
  const { page } = agent;
  await agent.context.grantPermissions(['notifications'], { origin: d.base });
  await agent.context.addInitScript(observeAlerts);
  await page.reload();
  const alerts = () => page.evaluate(() => (globalThis as any).__alerts as Alerts);
  await d.acceptInvitation(page, AGENT.name, AGENT.password);
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('.presence-switch button')?.disabled);
  await page.getByRole('switch', { name: 'Available for chats' }).click();
  await page.getByText('You are available for chats').waitFor();
  await page.goto(`${d.base}/dashboard#/profile`);
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  const baseTitle = await page.title();

  // Four visitors ask for a person, each in their language: handed off with no rule, and counted.
  const handedOff: string[] = [];
  const visitors = [];
  for (const [index, { language, locale, says }] of VISITORS.entries()) {
    clock.advance(1_000);
    const visitor = await d.visitor(`/${language}/help`, { locale });
    await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
    const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
    const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
    await messageBox.fill(says);
    await messageBox.press('Enter');
    await widget.getByRole('log').getByText(WIDGET_UI[language]!.agentJoined).waitFor();
    const waiting = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations?status=handoff`)).data as Array<{ id: string }>;
    const added = waiting.filter((conversation) => !handedOff.includes(conversation.id));
    t.equal(added.length, 1, `${language}: "${says}" handed the conversation off`);
    handedOff.push(added[0]!.id);
    await until(async () => (await page.title()) === `(${index + 1}) ${baseTitle}`, `${language}: the title counts ${index + 1} waiting`);
    await until(async () => (await alerts()).shown.length === index + 1, `${language}: a browser notification`);
    visitors.push({ visitor, widget, messageBox });
  }
  t.same(
    (await alerts()).shown.map((shown) => shown.title),
    VISITORS.map(() => 'A visitor is waiting for a person'),
    'one notification per waiting visitor',
  );
  t.ok((await alerts()).tones > 0, 'the chime played');
  await screenshot(page, 'support-shift-1-agent-told');

  // The agent takes the English visitor's conversation from the inbox.
  const english = visitors[0]!;
  const widgetLog = english.widget.getByRole('log');
  await page.goto(`${d.base}/dashboard#/inbox/${d.chatbot.id}/${handedOff[0]}`);
  const article = page.getByRole('article');
  await article.getByRole('button', { name: 'Take conversation' }).click();
  await article.getByText('With you', { exact: true }).waitFor();
  await until(async () => (await page.title()) === `(3) ${baseTitle}`, 'the opened conversation leaves the count; three still wait');

  // A saved reply with `/`: while it is in the box, the visitor sees the agent typing.
  const reply = article.getByLabel('Your reply');
  await until(async () => !(await reply.isDisabled()), 'the reply box is open');
  await reply.click();
  await reply.pressSequentially('/ref');
  await article.getByRole('listbox', { name: 'Saved replies' }).getByRole('option').first().waitFor();
  await reply.press('Enter');
  await until(async () => (await reply.inputValue()) === SENT, 'the saved reply is in the box, its variables filled in');
  const typing = widgetLog.getByText(`${AGENT.name} is typing…`);
  await typing.waitFor({ timeout: 5_000 });
  t.pass('the visitor sees “Andy Agent is typing…” within 5 s');
  await screenshot(english.visitor.page, 'support-shift-2-visitor-sees-typing');
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send reply' }).click();
  const answer = widgetLog.locator('.msg.agent').filter({ hasText: SENT });
  await answer.waitFor({ timeout: 5_000 });
  t.ok(Date.now() - sentAt < 5_000, 'the reply reached the widget on the other origin within 5 s');
  t.match(await answer.innerText(), new RegExp(`^${AGENT.name}\\s`), 'under the agent’s name');
  await typing.waitFor({ state: 'detached', timeout: 5_000 });
  // The thumbs under a message sit side by side (the rating form's styles once took their class).
  const thumbs = await Promise.all(['Helpful', 'Not helpful'].map((name) => widgetLog.getByRole('button', { name, exact: true }).last().boundingBox()));
  t.ok(thumbs[0] && thumbs[1] && Math.abs(thumbs[0].y - thumbs[1].y) < 1 && thumbs[1].x > thumbs[0].x, 'the message’s thumbs side by side');
  await screenshot(english.visitor.page, 'support-shift-3-visitor-reply');

  // The agent ends it; the visitor rates it 5 of 5.
  english.visitor.expectHttpError(
    new RegExp(`^401 GET /widget/v1/${d.chatbot.id}/conversations/${handedOff[0]}\\?after=msg_\\w+$`),
    'the widget’s poll after the end: its token no longer reads the conversation',
  );
  await article.getByRole('button', { name: 'End conversation' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this conversation?' });
  await confirm.getByRole('button', { name: 'End conversation' }).click();
  await confirm.waitFor({ state: 'detached' });
  const rating = english.widget.getByRole('group', { name: 'How was this conversation?' });
  await rating.waitFor();
  await rating.getByRole('radio', { name: '5 of 5 stars' }).check();
  await english.widget.getByRole('button', { name: 'Send rating' }).click();
  await english.widget.getByRole('status').filter({ hasText: 'Thank you for your rating!' }).waitFor();
  await screenshot(english.visitor.page, 'support-shift-4-visitor-rated');
  const rated = await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations/${handedOff[0]}`);
  t.match(rated, { status: 'ended', assignee: { name: AGENT.name }, csat: { score: 5, scale: 'stars' } }, 'the conversation: ended, by the agent, rated');
  const overview = await d.call('GET', '/api/v1/analytics/overview');
  t.same([overview.csat_average, overview.csat_responses], [5, 1], 'the rating in the API’s analytics');

  // The owner's analytics page shows it (the owner's browser at the server's test time).
  const owner = await d.dashboard({ hash: '#/analytics', fixedTime: NOW });
  await d.signIn(owner.page, d.owner);
  const figures = owner.page.getByRole('region', { name: 'Figures' });
  await figures.getByText('5.0 / 5').waitFor();
  t.match(await figures.innerText(), /Visitor satisfaction\s+5\.0 \/ 5\s+1 rating/, 'the analytics page shows the rating');
  await screenshot(owner.page, 'support-shift-5-analytics');

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${d.base}/dashboard#/inbox/${d.chatbot.id}/${handedOff[1]}`);
    await page.getByRole('article').getByRole('button', { name: 'Take conversation' }).waitFor();
    t.same(describeViolations(await seriousViolations(page)), '', `a waiting conversation, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(page), `a waiting conversation, ${device}: no sideways scrolling`);
    await screenshot(page, `support-shift-6-waiting-${device}`);
  }

  t.same(agent.unexpectedErrors(), [], 'no console errors in the agent’s dashboard');
  t.same(owner.unexpectedErrors(), [], 'no console errors in the owner’s dashboard');
  for (const { visitor } of visitors) {
    t.same(visitor.refused, [], 'the widget reached only the two local servers');
    t.same(visitor.unexpectedErrors(), [], 'no console errors on the host page (a refused preflight would show here)');
  }
});
