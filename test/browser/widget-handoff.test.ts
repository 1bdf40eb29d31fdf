// A human takes over a widget conversation: the visitor sees the agent join and their messages
// arrive without reloading; when the conversation is ended, the widget says so and starts anew.
import t from 'tap';
import { hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

t.test('an agent joins and writes; the ended conversation makes way for a new one', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  // The agent answers through the API, with no dashboard open: the promise of a person, not "nobody is there".
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  const visitor = await w.open('/support');
  const { page, launcher, refused, errors } = visitor;
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const log = dialog.getByRole('log');
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });

  await messageBox.fill('I would like to talk to a person');
  await messageBox.press('Enter');
  await log.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const [conversation] = await w.conversations();
  const base = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;

  t.equal((await w.api.request('POST', `${base}/handoff`, { key, payload: {} })).statusCode, 200, 'handed off through the API');
  const agentSays = 'Hi, this is Dana from support. How can I help?';
  t.equal((await w.api.request('POST', `${base}/messages`, { key, payload: { role: 'agent', content: agentSays } })).statusCode, 201, 'the agent writes');
  await log.getByText('An agent has joined the conversation.').waitFor();
  await log.getByText(agentSays).waitFor();
  t.pass('the visitor sees the agent join and their message, without a reload');

  // The visitor answers; the chatbot stays quiet while the agent has the conversation.
  await messageBox.fill('My order 1234 has not arrived');
  await messageBox.press('Enter');
  await until(async () => (await w.messages(conversation!.id)).length === 4, 'the visitor’s answer is stored');
  await log.getByText('Typing…').waitFor({ state: 'detached' });
  t.same(
    (await w.messages(conversation!.id)).map((message) => message.role),
    ['user', 'assistant', 'agent', 'user'],
    'no chatbot reply after the handoff',
  );

  // Ended through the API: the widget's next poll learns it (its token is no longer valid).
  visitor.expectHttpError(
    new RegExp(`^401 GET /widget/v1/${w.chatbot.id}/conversations/${conversation!.id}\\?after=msg_\\w+$`),
    'the poll after the end: its token is no longer valid',
  );
  t.equal((await w.api.request('POST', `${base}/end`, { key, payload: {} })).statusCode, 200);
  await log.getByText('This conversation has ended.').waitFor();
  const startOver = dialog.getByRole('button', { name: 'Start a new conversation' });
  t.equal(await startOver.count(), 1, 'a button to start a new one');
  await until(() => hasFocus(startOver), 'focus, lost with the message box, is on that button');
  t.equal(await messageBox.count(), 0, 'no message box for the ended conversation');
  const stored = await page.evaluate(`localStorage.getItem('chatbot-widget:${w.chatbot.id}:conversation')`);
  t.equal(stored, null, 'the token is forgotten');

  await startOver.click();
  await messageBox.waitFor();
  await until(() => hasFocus(messageBox), 'focus is in the message box again');
  t.equal(await log.getByText(agentSays).count(), 0, 'the old messages are gone');
  await messageBox.fill('Hello again');
  await messageBox.press('Enter');
  await log.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const conversations = await w.conversations();
  t.equal(conversations.length, 2, 'a second conversation');
  t.match(conversations[0], { status: 'open', channel: 'widget', message_count: 2 });

  t.same(refused, [], 'no request left the two local servers');
  // The one expected: chromium logs the 401 (invalid_token) by which the poll learnt of the end.
  const unexpected = visitor.unexpectedErrors();
  t.ok(errors.length > unexpected.length, 'the browser noted the 401 that ended it');
  t.same(unexpected, [], 'no other console errors');
});
