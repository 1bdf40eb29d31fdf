// Typing both ways and the agent's name on their messages, in a real browser (issue 28): a visitor
// on a host page of another origin asks for a person; an agent, signed in to the dashboard, takes
// the conversation and types: the widget shows "<name> is typing…"; the reply arrives within 5 s
// with the agent's name. The visitor types and the agent's view says so. The agent sets their
// profile. No request is intercepted. axe-core on the widget and the changed dashboard views at
// 1280 and 375 px, with screenshots.
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { until } from '../helpers/widget-site.js';

const REPLY = 'Hello, I can help you with the refund.';

t.test('an agent types and replies with their name; the visitor types and the agent sees it', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, {
    rules: [{ name: 'Ask for a person', match: { keywords: ['human', 'person'] }, action: { type: 'handoff' } }],
  });

  // The visitor asks for a person on the host site.
  const visitor = await d.visitor('/support');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const widgetLog = widget.getByRole('log');
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Can I talk to a person please? I want a refund.');
  await messageBox.press('Enter');
  const handedOff = async () => (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations?status=handoff`)).data[0];
  await until(async () => Boolean(await handedOff()), 'the visitor’s conversation is handed off');
  const conversation = await handedOff();

  // An agent joins the team, sets their name on accepting, and takes the conversation.
  const link = await d.invite('dana@example.com', 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  await d.acceptInvitation(agent.page, 'Dana Agent', 'agent password 1');
  await agent.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const article = agent.page.getByRole('article');
  await article.getByRole('button', { name: 'Take conversation' }).click();
  const reply = article.getByLabel('Your reply');
  // The reply box is open for any handoff, taken or not: "With you" is what says the take was made.
  await article.getByText('With you', { exact: true }).waitFor();
  await until(async () => !(await reply.isDisabled()), 'the reply box is open (the agent has the conversation)');

  // The agent types: the widget names them.
  await reply.click();
  await reply.pressSequentially('Hello, I can');
  const agentTyping = widgetLog.getByText('Dana Agent is typing…');
  await agentTyping.waitFor({ timeout: 5000 });
  t.pass('the visitor sees “Dana Agent is typing…” within 5 s');
  t.equal(await widgetLog.getByText('Typing…', { exact: true }).count(), 0, 'not the bot’s “Typing…”');
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await visitor.page.setViewportSize(viewport);
    t.same(describeViolations(await seriousViolations(visitor.page)), '', `widget with the agent typing, ${device}: no serious or critical axe violations`);
    await screenshot(visitor.page, `widget-agent-typing-${device}`);
  }
  await visitor.page.setViewportSize(DESKTOP);

  // The reply arrives with the agent's name, and the indicator goes.
  await reply.pressSequentially(' help you with the refund.');
  await agent.page.getByRole('button', { name: 'Send reply' }).click();
  const sent = widgetLog.locator('.msg.agent').filter({ hasText: REPLY });
  await sent.waitFor({ timeout: 5000 });
  t.pass('the reply reaches the visitor within 5 s');
  t.match(await sent.innerText(), /^Dana Agent\s/, 'the agent’s name above their message');
  t.equal(await sent.locator('.sr').textContent(), 'Dana Agent: ', 'screen readers hear who wrote it');
  await agentTyping.waitFor({ state: 'detached', timeout: 5000 });
  t.pass('the typing indicator goes once the reply is sent');
  const stored = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations/${conversation.id}/messages?role=agent`)).data;
  t.match(stored[0].author, { name: 'Dana Agent', avatar_url: null }, 'the API has the author');
  t.match(await article.locator('.message.agent').last().innerText(), /Agent · Dana Agent/, 'the transcript names the agent too');

  // The visitor types (without sending): the agent's view says so.
  await messageBox.click();
  await messageBox.pressSequentially('Thanks, my order');
  const visitorTyping = article.getByText(/^Visitor \w+ is typing…$/);
  await visitorTyping.waitFor({ timeout: 5000 });
  t.pass('the agent sees the visitor typing within 5 s');
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await agent.page.setViewportSize(viewport);
    t.same(describeViolations(await seriousViolations(agent.page)), '', `conversation view with the visitor typing, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(agent.page), `conversation view, ${device}: no sideways scrolling`);
    await screenshot(agent.page, `dashboard-visitor-typing-${device}`);
  }
  await agent.page.setViewportSize(DESKTOP);
  await messageBox.press('Enter');
  await visitorTyping.waitFor({ state: 'detached', timeout: 10_000 });
  t.pass('sending the message clears the visitor’s indicator');

  // The agent's own profile: the name visitors see, and an https avatar.
  await agent.page.goto(`${d.base}/dashboard#/profile`);
  await agent.page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  agent.expectHttpError('400 PATCH /dashboard/profile', 'an http avatar, refused');
  await agent.page.getByLabel('Picture (avatar) address').fill('http://images.example/dana.png');
  await agent.page.getByRole('button', { name: 'Save profile' }).click();
  await agent.page.getByText(/must be a valid uri with a scheme matching the https pattern/i).waitFor();
  t.equal(await agent.page.getByLabel('Picture (avatar) address').getAttribute('aria-invalid'), 'true', 'an http address is refused on the field');
  await agent.page.getByLabel('Name').fill('Dana D.');
  await agent.page.getByLabel('Picture (avatar) address').fill('');
  await agent.page.getByRole('button', { name: 'Save profile' }).click();
  await until(async () => (await d.call('GET', '/api/v1/members?limit=100')).data.some((member: { name: string }) => member.name === 'Dana D.'), 'the new name is saved');
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await agent.page.setViewportSize(viewport);
    t.same(describeViolations(await seriousViolations(agent.page)), '', `profile page, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(agent.page), `profile page, ${device}: no sideways scrolling`);
    await screenshot(agent.page, `dashboard-profile-${device}`);
  }

  t.same(agent.unexpectedErrors(), [], 'no console errors in the agent’s dashboard');
  t.same(visitor.refused, [], 'the widget reached only the two local servers');
  t.same(visitor.unexpectedErrors(), [], 'no console errors on the host page');
});
