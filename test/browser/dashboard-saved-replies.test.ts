// Saved replies in a real browser (issue 28): the owner writes them on their page (an unknown
// variable refused with its name, edited, one deleted); an agent who took a visitor's conversation
// types `/` and part of a shortcut in the reply box, picks one with the keyboard and one with the
// mouse, gets their variables filled in for this conversation, sends, and the visitor's widget on
// a host page of another origin shows it. No request is intercepted. axe-core on the page and on
// the reply box's open picker, on a desktop and a phone, with screenshots.
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { until } from '../helpers/widget-site.js';

const REFUND = 'Refunds reach your card within 5 working days.';
const GREETING = 'Hello, this is {agent.name} from {chatbot.name}. How can I help?';

t.test('the owner writes saved replies; an agent inserts two with / and the visitor gets them', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, {
    rules: [{ name: 'Ask for a person', match: { keywords: ['human', 'person'] }, action: { type: 'handoff' } }],
  });

  // The owner's page: empty, then three replies written through the form.
  const owner = await d.dashboard({ hash: '#/saved-replies' });
  const { page } = owner;
  owner.expectHttpError('400 POST /api/v1/saved-replies', 'the reply with an unknown variable');
  owner.expectHttpError('409 POST /api/v1/saved-replies', 'the shortcut taken twice');
  await d.signIn(page, d.owner);
  await page.getByRole('heading', { level: 1, name: 'Saved replies' }).waitFor();
  await page.getByRole('heading', { name: 'No saved replies yet' }).waitFor();
  const table = page.getByRole('table');
  const create = async (fields: { shortcut: string; title: string; body: string; chatbot?: string }) => {
    await page.getByRole('button', { name: 'New saved reply' }).click();
    const form = page.getByRole('form', { name: 'New saved reply' });
    await form.getByLabel('Shortcut').fill(fields.shortcut);
    await form.getByLabel('Title').fill(fields.title);
    await form.getByLabel('Reply').fill(fields.body);
    if (fields.chatbot) await form.getByLabel('Chatbot').selectOption({ label: fields.chatbot });
    await form.getByRole('button', { name: 'Create saved reply' }).click();
    return form;
  };

  const refused = await create({ shortcut: 'greeting', title: 'Greeting', body: 'Hello {visitor.first_name}, {agent.name} here.' });
  await refused.getByText(/Unknown variable \{visitor\.first_name\}/).waitFor();
  t.equal(await refused.getByLabel('Reply').getAttribute('aria-invalid'), 'true', 'an unknown variable: the reply field is marked, naming it');
  await refused.getByLabel('Reply').fill(GREETING);
  await refused.getByRole('button', { name: 'Create saved reply' }).click();
  await table.getByRole('rowheader', { name: '/greeting' }).waitFor();
  t.pass('/greeting created once mended');

  await create({ shortcut: 'Refund', title: 'Refund time', body: 'Refunds take a while.', chatbot: 'Acme Help' });
  await table.getByRole('rowheader', { name: '/refund' }).waitFor();
  t.match(await table.getByRole('row').filter({ hasText: '/refund' }).innerText(), /Acme Help/, 'kept to the chatbot chosen; the shortcut in lower case');
  const taken = await create({ shortcut: 'refund', title: 'Again', body: 'x', chatbot: 'Acme Help' });
  await taken.getByRole('alert').filter({ hasText: 'has the shortcut /refund' }).waitFor();
  t.pass('a taken shortcut is refused in words');
  await taken.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit /refund' }).click();
  const edit = page.getByRole('form', { name: 'Edit /refund' });
  await edit.getByLabel('Reply').fill(REFUND);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await table.getByText(REFUND).waitFor();
  t.pass('edited');

  await create({ shortcut: 'old', title: 'Old news', body: 'Nothing to see.' });
  await table.getByRole('rowheader', { name: '/old' }).waitFor();
  await page.getByRole('button', { name: 'Delete /old' }).click();
  await page.getByRole('dialog', { name: 'Delete this saved reply?' }).getByRole('button', { name: 'Delete saved reply' }).click();
  await until(async () => (await table.getByRole('rowheader', { name: '/old' }).count()) === 0, '/old is gone');
  const stored = await d.call('GET', '/api/v1/saved-replies');
  t.same(stored.data.map((reply: { shortcut: string }) => reply.shortcut).sort(), ['greeting', 'refund'], 'the API holds what the page shows');

  await page.getByLabel('Search saved replies').fill('working days');
  await page.getByRole('button', { name: 'Search' }).click();
  await until(async () => (await table.getByRole('rowheader').count()) === 1, 'the search finds one');
  t.ok(await table.getByRole('rowheader', { name: '/refund' }).isVisible(), 'search by the text');
  t.same(owner.unexpectedErrors(), [], 'no console errors on the owner’s page but the declared signed-out read');

  // A visitor asks for a person on the host site; the agent takes it from the inbox.
  const visitor = await d.visitor('/support');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const widgetLog = widget.getByRole('log');
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Can I talk to a human please? I want a refund.');
  await messageBox.press('Enter');
  const handedOff = async () => (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations?status=handoff`)).data[0];
  await until(async () => Boolean(await handedOff()), 'the visitor’s conversation is handed off');
  const conversation = await handedOff();

  const link = await d.invite('andy@example.com', 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  await d.acceptInvitation(agent.page, 'Andy Agent', 'agent password 1');
  await agent.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const article = agent.page.getByRole('article');
  const reply = article.getByLabel('Your reply');
  await until(async () => !(await reply.isDisabled()), 'the reply box is open (a person has the conversation)');

  // Keyboard: `/` lists both (shortcut order), ↓ chooses /refund, Enter inserts it.
  await reply.click();
  await reply.pressSequentially('/');
  const picker = article.getByRole('listbox', { name: 'Saved replies' });
  await picker.waitFor();
  const options = picker.getByRole('option');
  t.same(await options.locator('.reply-picker-shortcut').allInnerTexts(), ['/greeting', '/refund'], 'both usable here, by shortcut');
  t.equal(await reply.getAttribute('aria-activedescendant'), await options.first().getAttribute('id'), 'the first is active; focus stays in the box');
  await reply.press('ArrowDown');
  t.equal(await options.nth(1).getAttribute('aria-selected'), 'true', '↓ chooses the next');
  t.equal(await reply.getAttribute('aria-activedescendant'), await options.nth(1).getAttribute('id'));
  t.same(describeViolations(await seriousViolations(agent.page)), '', 'the open picker, desktop: no serious or critical axe violations');
  await screenshot(agent.page, 'dashboard-saved-reply-picker-desktop');
  await reply.press('Enter');
  await until(async () => (await reply.inputValue()) === REFUND, 'Enter inserted /refund in place of the slash');
  t.equal(await picker.count(), 0, 'the list closed');
  t.ok(await reply.evaluate((box) => box === (globalThis as any).document.activeElement), 'the box kept focus');

  // Escape closes the list and leaves what was typed.
  await reply.pressSequentially(' /xyz');
  await agent.page.getByRole('status').filter({ hasText: 'No saved reply matches.' }).waitFor();
  for (let i = 0; i < 3; i++) await reply.press('Backspace');
  await picker.waitFor();
  await reply.press('Escape');
  await until(async () => (await picker.count()) === 0, 'Escape closes the list');
  t.equal(await reply.inputValue(), `${REFUND} /`, 'and keeps the text');

  // Mouse: part of the shortcut, then a click on the option.
  await reply.pressSequentially('gre');
  await until(async () => (await options.count()) === 1, 'only /greeting matches "gre"');
  await options.first().click();
  const filled = 'Hello, this is Andy Agent from Acme Help. How can I help?';
  await until(async () => (await reply.inputValue()) === `${REFUND} ${filled}`, 'the click inserted /greeting with its variables filled in');
  t.pass('{agent.name} and {chatbot.name} filled in for this agent and conversation');

  await agent.page.getByRole('button', { name: 'Send reply' }).click();
  await widgetLog.getByText(`${REFUND} ${filled}`).waitFor({ timeout: 5000 });
  t.pass('the visitor’s widget on the other origin shows the reply within 5 s');
  const used = await d.call('GET', '/api/v1/saved-replies');
  t.same(used.data.map((item: { shortcut: string; use_count: number }) => [item.shortcut, item.use_count]).sort(), [['greeting', 1], ['refund', 1]], 'each use counted');
  t.same(agent.unexpectedErrors(), [], 'no console errors in the agent’s dashboard');
  t.same(visitor.refused, [], 'the widget reached only the two local servers');
  t.same(visitor.unexpectedErrors(), [], 'no console errors on the host page');

  // axe and screenshots: the page (with its form open) and the picker, desktop and phone.
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport, hash: '#/saved-replies' });
    await d.signIn(scan.page, d.owner);
    await scan.page.getByRole('table').getByRole('rowheader', { name: '/greeting' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `saved replies page, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `saved replies page, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-saved-replies-${device}`);
    await scan.page.getByRole('button', { name: 'Edit /greeting' }).click();
    await scan.page.getByRole('form', { name: 'Edit /greeting' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `saved reply form, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `saved reply form, ${device}: no sideways scrolling`);

    await scan.page.goto(`${d.base}/dashboard#/inbox/${d.chatbot.id}/${conversation.id}`);
    const box = scan.page.getByRole('article').getByLabel('Your reply');
    await until(async () => !(await box.isDisabled()), 'the reply box is open');
    await box.click();
    await box.pressSequentially('/');
    await scan.page.getByRole('listbox', { name: 'Saved replies' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `reply box picker, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `reply box picker, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-saved-reply-picker-open-${device}`);
    t.same(scan.unexpectedErrors(), [], `no console errors but the declared signed-out read (${device})`);
    await scan.context.close();
  }
});
