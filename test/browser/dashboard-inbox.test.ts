// The inbox (Dashboard II) in a real browser: an agent, invited and signed in through the page, has
// the inbox open while a visitor talks to the widget on another site. The conversation appears, the
// rating shows and the handoff moves it to the top, all without reloading; the agent answers (the
// widget shows it), releases it to the bot, takes it again and ends it. Then axe-core and
// screenshots of the list and the conversation, on a desktop and a phone.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Request } from 'playwright-core';
import t from 'tap';
import { SCREENSHOT_DIR } from '../helpers/browser.js';
import { until } from '../helpers/widget-site.js';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';

const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open from 9 am to 5 pm, Monday to Friday.';
const AGENT_REPLY = 'Hi, this is Andy from support. Let me look at your order.';

t.test('an agent sees a widget conversation arrive live, answers it, releases, takes and ends it', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, {
    rules: [{ name: 'Ask for a person', match: { keywords: ['human', 'person'] }, action: { type: 'handoff' } }],
  });
  await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/knowledge`, { type: 'qa', question: QUESTION, answer: ANSWER });
  await d.api.server.plugins.knowledge.worker.drain();
  // The sockets of the dashboard's event streams, to cut them later at the server.
  const streamSockets: Socket[] = [];
  d.api.server.listener.on('request', (request: IncomingMessage) => {
    if (request.url?.startsWith('/api/v1/conversations/stream')) streamSockets.push(request.socket);
  });
  const conversationOf = async () => (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data[0];

  // The agent joins by the invitation link and lands on the inbox.
  const link = await d.invite('andy@example.com', 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  const { page } = agent;
  await page.getByLabel('Your name').fill('Andy Agent');
  await page.getByLabel('Password', { exact: true }).fill('agent password 1');
  await page.getByLabel('Password again').fill('agent password 1');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Inbox/ });
  await heading.waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  t.same(await nav.getByRole('link').allInnerTexts(), ['Inbox'], 'an agent’s navigation has the inbox only');
  await page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
  // The live stream may open before the list has loaded (two reads): wait for the list's heading.
  await page.getByRole('heading', { name: 'No conversations' }).waitFor();
  t.ok(await page.getByRole('heading', { name: 'No conversations' }).isVisible(), 'an empty inbox to start with');

  // From here on the agent's page must never load again: a marker in its window would be lost.
  await page.evaluate('window.inboxMarker = "no reload"');
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !frame.url().includes('#/inbox')) navigations += 1;
  });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  // The visitor asks a question the knowledge base answers.
  const visitor = await d.visitor('/support');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const widgetLog = widget.getByRole('log');
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill(QUESTION);
  await messageBox.press('Enter');
  await widgetLog.getByText(ANSWER).waitFor();

  const list = page.getByRole('list', { name: 'Conversations' });
  const item = list.getByRole('link');
  await item.first().waitFor();
  t.equal(await item.count(), 1, 'the new conversation appeared in the open inbox');
  t.match(await item.first().innerText(), /With the bot/, 'with the bot');
  const conversation = await conversationOf();
  t.match(conversation, { status: 'open', channel: 'widget' }, 'the widget’s conversation');

  // The agent opens it: the transcript with the bot's reply, its kind and confidence.
  await item.first().click();
  const article = page.getByRole('article');
  const transcript = article.getByRole('list', { name: 'Messages' });
  await transcript.getByText(ANSWER).waitFor();
  t.ok(await transcript.getByText(QUESTION, { exact: true }).isVisible(), 'the visitor’s question');
  const details = await transcript.locator('.message.assistant .reply-details').innerText();
  t.match(details, /Q&A pair · confidence \d+%/, 'the reply’s kind and confidence');
  t.match(details, /Sources:\s*What are your opening hours\? \(score \d+%\)/, 'and its source');
  t.ok(await page.getByRole('button', { name: 'Take conversation' }).isVisible(), 'it can be taken');
  t.ok(await article.getByLabel('Your reply').isDisabled(), 'the reply box waits until it is taken');

  // The visitor rates the answer: the rating shows in the open transcript.
  await widgetLog.getByRole('button', { name: 'Helpful', exact: true }).click();
  await transcript.getByText('Visitor rated it helpful').waitFor();
  t.pass('the visitor’s rating arrived live');

  // The visitor asks for a person (the handoff rule): the conversation waits, on top, announced.
  await messageBox.fill('Can I talk to a human please?');
  await messageBox.press('Enter');
  await article.getByText('Waiting for a person', { exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: /is waiting for a person/ }).first().waitFor();
  t.pass('the handoff was announced politely (role status)');
  await nav.getByRole('link', { name: /Inbox 1 waiting/ }).waitFor();
  t.match(await heading.innerText(), /1 waiting/, 'the page’s count');
  // The list item follows by a read of its own, which may be answered after the two above.
  await until(async () => /Waiting for a person/.test(await item.first().innerText()), 'the list says the visitor waits');
  t.match(await item.first().innerText(), /Waiting for a person/, 'the list says the same');
  const reply = article.getByLabel('Your reply');
  t.notOk(await reply.isDisabled(), 'the reply box is open while a person has it');

  // The agent answers: the visitor's widget shows it, without a reload.
  await reply.fill(AGENT_REPLY);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await transcript.getByText(AGENT_REPLY).waitFor();
  await widgetLog.getByText(AGENT_REPLY).waitFor();
  t.pass('the visitor sees the agent’s reply');
  t.equal(await reply.inputValue(), '', 'the box is empty again');

  // The visitor answers back: it shows in the agent's transcript.
  await messageBox.fill('Thanks, my order 1234 is late');
  await messageBox.press('Enter');
  await transcript.getByText('Thanks, my order 1234 is late').waitFor();
  t.pass('the visitor’s new message arrived live');
  await screenshot(page, 'dashboard-inbox-handoff-desktop');

  // Release to the bot, take it again, end it.
  // The server's answer to the release is waited for: "Take conversation" may be on screen already
  // (an unassigned handoff may be taken), so seeing it says nothing of the release (a CI run read
  // the conversation before the release had been made, and found it still handed off).
  const released = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/conversations/${conversation.id}/release`));
  await page.getByRole('button', { name: 'Release to bot' }).click();
  t.equal((await released).status(), 200, 'the release was answered');
  await page.getByRole('button', { name: 'Take conversation' }).waitFor();
  t.equal((await conversationOf()).status, 'open', 'released: the bot has it again');
  // The live feed may still be delivering the release's first step (unassigned, still handed off)
  // after the response applied the last: the box closes once that step is followed by the last.
  await page.waitForFunction((box) => (box as { disabled?: boolean } | null)?.disabled === true, await reply.elementHandle(), { timeout: 10_000 });
  t.ok(await reply.isDisabled(), 'the reply box closes');
  await page.getByRole('button', { name: 'Take conversation' }).click();
  await page.getByRole('button', { name: 'Release to bot' }).waitFor();
  await article.getByText('With you', { exact: true }).waitFor();
  t.match(await conversationOf(), { status: 'handoff', assignee: { name: 'Andy Agent' } }, 'taken again, by the agent');
  visitor.expectHttpError(
    new RegExp(`^401 GET /widget/v1/${d.chatbot.id}/conversations/${conversation.id}\\?after=msg_\\w+$`),
    'the widget’s poll after the end: its token is no longer valid',
  );
  await page.getByRole('button', { name: 'End conversation' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this conversation?' });
  await confirm.getByRole('button', { name: 'End conversation' }).click();
  await confirm.waitFor({ state: 'detached' });
  await article.getByText(/ended/).first().waitFor();
  t.match(await conversationOf(), { id: conversation.id, status: 'ended' }, 'ended');
  await widgetLog.getByText('This conversation has ended.').waitFor();
  t.pass('the visitor’s widget says it ended');
  await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
  t.pass('nobody is waiting any more: no count in the navigation');

  // The agent's stream drops (its connection cut at the server) and cannot come back for a while
  // (the agent's browser is offline): the page says so, keeps trying, and once back shows what it
  // missed meanwhile (the stream does not replay: the list is read again).
  t.same(agent.unexpectedErrors(), [], 'no console errors in the dashboard so far (its CSP was enforced)');
  const isStream = (request: Request) => request.url() === `${d.base}/api/v1/conversations/stream`;
  await agent.context.setOffline(true);
  const retried = page.waitForEvent('requestfailed', (request) => isStream(request) && request.failure()?.errorText === 'net::ERR_INTERNET_DISCONNECTED');
  for (const socket of streamSockets) socket.destroy();
  await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
  await retried;
  t.pass('offline, a reconnection was tried and failed');
  await widget.getByRole('button', { name: 'Start a new conversation' }).click();
  await messageBox.fill(QUESTION);
  await messageBox.press('Enter');
  await widgetLog.getByText(ANSWER).waitFor();
  t.equal(await item.count(), 1, 'disconnected, the agent does not see the second conversation yet');
  await agent.context.setOffline(false);
  await page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
  await until(async () => (await item.count()) === 2, 'the missed conversation shows after the reconnection');
  t.match(await item.first().innerText(), /With the bot/, 'the new one, with the bot, on top');
  t.match(await item.nth(1).innerText(), /ended/i, 'the ended one below');

  // Filters and search (kept in the address).
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Status').selectOption('ended');
  await until(async () => (await item.count()) === 1, 'only the ended conversation is listed');
  t.match(await item.first().innerText(), /ended/i, 'status filter: the ended one');
  t.match(page.url(), /status=ended/, 'the filter is in the address');
  await page.getByLabel('Status').selectOption('');
  await until(async () => (await item.count()) === 2, 'both again');
  await page.getByRole('searchbox').fill(conversation.id.slice(-10).toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await until(async () => (await item.count()) === 1, 'the search finds one');
  t.match(await item.first().innerText(), /ended/i, 'search by conversation id (any case): the first conversation');
  await page.getByRole('link', { name: 'Clear filters and search' }).click();
  await until(async () => (await item.count()) === 2, 'both again');

  t.equal(await page.evaluate('window.inboxMarker'), 'no reload', 'the agent’s page never reloaded');
  t.equal(navigations, 0, 'nor navigated away');
  t.same(loads, [], 'no load event after the first');

  const offlineErrors = agent.unexpectedErrors().filter((error) => !/ERR_INTERNET_DISCONNECTED|ERR_INCOMPLETE_CHUNKED_ENCODING/.test(error));
  t.same(offlineErrors, [], 'besides the cut stream and the reconnections tried offline, no console errors');
  t.same(visitor.refused, [], 'the widget reached only the two local servers');
  t.same(visitor.unexpectedErrors(), [], 'the visitor’s console: nothing but the declared 401 of the ended conversation');

  // Dashboard I's address of a transcript now opens it in the inbox.
  await page.goto(`${d.base}/dashboard#/conversations/${d.chatbot.id}/${conversation.id}`);
  await page.waitForURL(`${d.base}/dashboard#/inbox/${d.chatbot.id}/${conversation.id}`);
  await transcript.getByText(AGENT_REPLY).waitFor();
  t.pass('#/conversations/{chatbot}/{id} leads to the conversation in the inbox');

  // Accessibility and screenshots: the list and the conversation, desktop and phone.
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport, hash: '#/inbox' });
    await d.signIn(scan.page, { email: 'andy@example.com', password: 'agent password 1' });
    await scan.page.getByRole('list', { name: 'Conversations' }).waitFor();
    await scan.page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `inbox, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `inbox, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-inbox-list-${device}`);

    await scan.page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: /ended/i }).click();
    await scan.page.getByRole('article').getByRole('list', { name: 'Messages' }).getByText(AGENT_REPLY).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `conversation, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `conversation, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-inbox-conversation-${device}`);
    t.same(scan.unexpectedErrors(), [], `no console errors but the declared signed-out session read (${device})`);
    await scan.context.close();
  }
  t.comment(`screenshots in ${SCREENSHOT_DIR}`);
});
