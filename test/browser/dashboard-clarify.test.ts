// A clarify reply in the dashboard's transcript (Answers v3), in a real browser, no request
// interception: a visitor gets suggestions in the widget and chooses one; the owner's transcript
// labels the reply "Clarify", lists what was suggested (text, nothing the agent can press) and
// marks the visitor's message sent by choosing one.
import t from 'tap';
import { dailyFixture, describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';

const PAIRS = [
  { question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.' },
  { question: 'How much does delivery cost?', answer: 'Delivery costs 4 euros, free from 50 euros.' },
  { question: 'Can I return shoes?', answer: 'Shoes can be returned within 30 days.' },
];
/** Shares "delivery" with two pairs and matches neither well: clarified under the thresholds below. */
const VAGUE = 'delivery?';

t.test('the transcript shows a clarify reply’s suggestions and the visitor’s choice', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/settings`, { answer: { min_confidence: 0.95, suggest_confidence: 0.05 } });
  for (const pair of PAIRS) await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/knowledge`, { type: 'qa', ...pair });
  await d.api.server.plugins.knowledge.worker.drain();

  // The visitor asks something vague and chooses a suggestion in the widget.
  const visitor = await d.visitor('/support');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill(VAGUE);
  await messageBox.press('Enter');
  await widget.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: PAIRS[0]!.question }).click();
  await widget.getByRole('log').getByText(PAIRS[0]!.answer).waitFor();
  const [conversation] = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data;
  const stored = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations/${conversation.id}/messages?order=asc`)).data;
  const clarify = stored[1] as { answer_type: string; suggestions: Array<{ question: string }> };
  t.equal(clarify.answer_type, 'clarify', 'the server clarified');

  // The owner reads the transcript.
  const owner = await d.dashboard({ hash: `#/inbox/${d.chatbot.id}/${conversation.id}` });
  const { page } = owner;
  await d.signIn(page, d.owner);
  const transcript = page.getByRole('article').getByRole('list', { name: 'Messages' });
  await transcript.getByText(PAIRS[0]!.answer).waitFor();
  const items = transcript.locator(':scope > li');
  t.equal(await items.count(), 4, 'question, clarify reply, choice, answer');

  const reply = items.nth(1);
  t.match(await reply.locator('.reply-details').innerText(), /Clarify \(suggestions offered\)/, 'the reply’s kind has its own label');
  const offered = reply.getByRole('list', { name: 'Suggested to the visitor' });
  t.same(
    (await offered.getByRole('listitem').allInnerTexts()).map((text) => text.trim()),
    clarify.suggestions.map((suggestion) => suggestion.question),
    'the suggestions, best first',
  );
  t.equal(await offered.locator('button, a, [role="button"]').count(), 0, 'nothing the agent could press');
  t.match(await reply.innerText(), /Suggested to the visitor:/, 'labelled');

  t.match(await items.nth(2).innerText(), PAIRS[0]!.question, 'the visitor’s message is the question chosen');
  t.match(await items.nth(2).innerText(), /Chose a suggestion/, 'marked as chosen');
  t.notMatch(await items.nth(0).innerText(), /Chose a suggestion/, 'the typed question is not');
  t.match(await items.nth(3).locator('.reply-details').innerText(), /Q&A pair · confidence 100%/, 'the chosen pair answered');
  t.equal(await items.nth(3).getByRole('list', { name: 'Suggested to the visitor' }).count(), 0, 'a sure answer lists no suggestions');

  const violations = await seriousViolations(page);
  t.same(violations, [], describeViolations(violations));
  t.same(visitor.refused, [], 'the visitor’s page reached only the two local servers');
  t.same(owner.refused, [], 'the dashboard reached only this server');
});
