// Issue 28, assignment in a real browser (the widget on a host page of another origin, no request
// interception): a visitor's handoff waits in the inbox, "Waiting for a person" in the list and the
// conversation alike; an agent takes it ("With you" to them, "With Andy Agent" in the owner's inbox,
// live), finds it under "Mine", gives it back; the owner assigns it to them; then the owner turns on
// automatic assignment on the behaviour page, the agent is available, and the next handoff is
// assigned to them and announced.
// Then axe-core and screenshots of the inbox, the conversation and the behaviour page, desktop and phone.
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { until } from '../helpers/widget-site.js';

const AGENT = { email: 'andy@example.com', password: 'agent password 1' };

t.test('an agent takes a waiting conversation; automatic assignment gives the next one to them', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, {
    rules: [{ name: 'Ask for a person', match: { keywords: ['human'] }, action: { type: 'handoff' } }],
  });
  const conversations = async () => (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data as Array<{ id: string; status: string; assignee: { member_id: string; name: string } | null }>;

  // The agent joins by the invitation link and lands on the inbox.
  const link = await d.invite(AGENT.email, 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  const { page } = agent;
  await d.acceptInvitation(page, 'Andy Agent', AGENT.password);
  await page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();

  // The owner has the inbox open too, in another browser.
  const owner = await d.dashboard({ hash: '#/inbox' });
  await d.signIn(owner.page, d.owner);
  await owner.page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();

  const ask = async (path: string) => {
    const visitor = await d.visitor(path);
    await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
    const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
    const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
    await messageBox.fill('Can I talk to a human please?');
    await messageBox.press('Enter');
    return visitor;
  };

  const first = await ask('/first');
  const list = page.getByRole('list', { name: 'Conversations' });
  const item = list.getByRole('link');
  await item.first().waitFor();
  await until(async () => /Waiting for a person/.test(await item.first().innerText()), 'the list says the visitor waits for a person');
  await page.getByRole('status').filter({ hasText: /is waiting for a person/ }).first().waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox 1 waiting/ }).waitFor();
  const [waiting] = await conversations();
  t.match(waiting, { status: 'handoff', assignee: null }, 'handed off, unassigned');

  // The agent opens it: the conversation says the same as the list, and it can be taken.
  await item.first().click();
  const article = page.getByRole('article');
  await article.getByText('Waiting for a person', { exact: true }).waitFor();
  t.pass('the conversation view says "Waiting for a person" too');
  await article.getByRole('button', { name: 'Take conversation' }).click();
  await article.getByText('With you', { exact: true }).waitFor();
  await until(async () => /With you/.test(await item.first().innerText()), 'the list follows at once');
  t.match((await conversations())[0], { id: waiting!.id, status: 'handoff', assignee: { name: 'Andy Agent' } }, 'assigned to the agent');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox', exact: true }).waitFor();
  t.pass('nobody waits any more: no count in the navigation');

  // The owner's inbox, live: the assignee by name.
  const ownerItem = owner.page.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await until(async () => /With Andy Agent/.test(await ownerItem.first().innerText()), 'the owner sees who has it, without a reload');

  // "Mine" and "Nobody's yet".
  await page.getByText('Filters', { exact: true }).click();
  // The unfiltered list holds this one conversation too, and stays on screen while the filtered one
  // loads: the filtered read's answer is what is waited for.
  const mine = page.waitForResponse((response) => response.url().includes('assignee=mine'));
  await page.getByLabel('Assigned to').selectOption('mine');
  await mine;
  await until(async () => page.url().includes('assignee=mine') && (await item.count()) === 1, 'mine: the taken conversation');
  await page.getByLabel('Assigned to').selectOption('unassigned');
  await page.getByRole('heading', { name: 'No conversations' }).waitFor();
  t.pass('nobody’s yet: none');

  // Given back: waiting again, in both inboxes.
  await article.getByRole('button', { name: 'Unassign me' }).click();
  await article.getByText('Waiting for a person', { exact: true }).waitFor();
  await until(async () => (await item.count()) === 1, 'under "Nobody’s yet" again');
  await until(async () => /Waiting for a person/.test(await ownerItem.first().innerText()), 'the owner’s list says it waits again');
  t.equal((await conversations())[0]!.assignee, null, 'unassigned');
  await page.getByLabel('Assigned to').selectOption('');

  // The owner assigns it to the agent from their inbox: the agent is told, and has it.
  await ownerItem.first().click();
  const ownerArticle = owner.page.getByRole('article');
  await ownerArticle.getByLabel('Assign to').selectOption({ label: 'Andy Agent' });
  await ownerArticle.getByRole('button', { name: 'Assign', exact: true }).click();
  await ownerArticle.getByText('With Andy Agent', { exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: /was assigned to you/ }).first().waitFor();
  await article.getByText('With you', { exact: true }).waitFor();
  t.match((await conversations())[0], { assignee: { name: 'Andy Agent' } }, 'assigned by the owner');

  // The owner turns on automatic assignment on the behaviour page.
  await owner.page.goto(`${d.base}/dashboard#/chatbots/${d.chatbot.id}/behaviour`);
  await owner.page.getByLabel('Assign handoffs automatically').check();
  await owner.page.getByLabel('Open conversations per member').fill('2');
  await owner.page.getByRole('button', { name: 'Save behaviour' }).click();
  await owner.page.getByRole('status').filter({ hasText: 'Behaviour saved' }).first().waitFor();
  const settings = await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/settings`);
  t.same(settings.handoff.auto_assign, { enabled: true, max_open_per_agent: 2 }, 'saved');
  t.same(settings.rules.length, 1, 'the rest of the behaviour kept');

  // The agent is available; the next visitor's handoff is theirs, announced.
  const presence = page.getByRole('switch', { name: 'Available for chats' });
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('.presence-switch button')?.disabled);
  await presence.click();
  await page.getByText('You are available for chats').waitFor();
  const second = await ask('/second');
  let assigned: Awaited<ReturnType<typeof conversations>>[number] | undefined;
  await until(async () => {
    assigned = (await conversations()).find((conversation) => conversation.id !== waiting!.id && conversation.assignee !== null);
    return assigned !== undefined;
  }, 'the second handoff is assigned');
  t.match(assigned, { status: 'handoff', assignee: { name: 'Andy Agent' } }, 'assigned automatically, to the one available member');
  await page.getByRole('status').filter({ hasText: `Visitor ${assigned!.id.slice(-6)} was assigned to you` }).waitFor();
  t.pass('the agent is told');
  await until(async () => (await item.count()) === 2 && (await item.filter({ hasText: 'With you' }).count()) === 2, 'both are the agent’s in the list');

  t.same(agent.unexpectedErrors(), [], 'no console errors in the agent’s dashboard');
  t.same(owner.unexpectedErrors(), [], 'nor in the owner’s');
  for (const visitor of [first, second]) t.same(visitor.refused, [], 'the widget reached only the two local servers');

  // Accessibility and screenshots: the inbox and the conversation (the agent's), the behaviour page (the owner's).
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport, hash: '#/inbox' });
    await d.signIn(scan.page, AGENT);
    await scan.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().waitFor();
    await scanned(t, scan.page, `assignment inbox, ${device}`, `dashboard-assign-inbox-${device}`);
    await scan.page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'With you' }).first().click();
    await scan.page.getByRole('article').getByRole('button', { name: 'Unassign me' }).waitFor();
    await scanned(t, scan.page, `assigned conversation, ${device}`, `dashboard-assign-conversation-${device}`);
    t.same(scan.unexpectedErrors(), [], `no console errors in the agent’s inbox but the declared signed-out session read (${device})`);
    await scan.context.close();

    const settingsScan = await d.dashboard({ viewport, hash: '#/inbox' });
    await d.signIn(settingsScan.page, d.owner);
    await settingsScan.page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'With Andy Agent' }).first().click();
    await settingsScan.page.getByRole('article').getByLabel('Assign to').waitFor();
    await scanned(t, settingsScan.page, `conversation with the owner’s assignment form, ${device}`, `dashboard-assign-owner-conversation-${device}`);
    await settingsScan.page.goto(`${d.base}/dashboard#/chatbots/${d.chatbot.id}/behaviour`);
    await settingsScan.page.getByLabel('Open conversations per member').waitFor();
    await scanned(t, settingsScan.page, `behaviour with automatic assignment, ${device}`, `dashboard-assign-behaviour-${device}`);
    t.same(settingsScan.unexpectedErrors(), [], `no console errors but the declared signed-out session read (${device})`);
    await settingsScan.context.close();
  }
});

async function scanned(t: Test, page: Page, name: string, file: string) {
  t.same(describeViolations(await seriousViolations(page)), '', `${name}: no serious or critical axe violations`);
  t.notOk(await scrollsSideways(page), `${name}: no sideways scrolling`);
  await screenshot(page, file);
}
