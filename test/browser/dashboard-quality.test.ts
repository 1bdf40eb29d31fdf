// The analytics page's Quality panel in a real browser, on real conversations: a question
// clarified and its suggestion chosen, and a question that fell back twice. The panel shows the
// three shares, the suggestion chosen and the question that fell back, which "Add as Q&A pair"
// turns into a pair (checked through the API); the unanswered list shows its clarified count.
import t from 'tap';
import { dailyFixture, describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';
import { settleKnowledge, TestClock } from '../helpers/server.js';

// After the real time: ids carry their time and the quality route reads messages by id range.
const NOW = new Date('2032-06-10T10:30:00.000Z');
const SHIPPING = 'Do you ship abroad?';
const VAGUE = 'Can you ship my sofa?';
const UNKNOWN = 'Do you sell umbrellas?';
const NEW_ANSWER = 'No, we sell furniture only.';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

t.test('the quality panel: shares, a suggestion chosen, and a fell-back question made a Q&A pair', async (t) => {
  const clock = new TestClock(new Date('2032-06-10T09:00:00.000Z'));
  const d = await dailyFixture(t, { clock });
  const bot = d.chatbot.id;
  await d.call('PUT', `/api/v1/chatbots/${bot}/settings`, { answer: { min_confidence: 0.95, suggest_confidence: 0.05 } });
  const shipping = await d.call('POST', `/api/v1/chatbots/${bot}/knowledge`, { type: 'qa', question: SHIPPING, answer: 'Yes, across the European Union.' });
  await d.call('POST', `/api/v1/chatbots/${bot}/knowledge`, { type: 'qa', question: 'When are you open?', answer: 'Monday to Friday, 9 to 18.' });
  await settleKnowledge(d.api, d.key, bot);

  const base = `/api/v1/chatbots/${bot}/conversations`;
  const first = await d.call('POST', base, {});
  const clarified = await d.call('POST', `${base}/${first.id}/messages`, { content: VAGUE });
  t.equal(clarified.reply.answer_type, 'clarify', 'the vague question is clarified');
  const offered = clarified.reply.suggestions.find((s: any) => s.knowledge_id === shipping.id);
  t.ok(offered, 'with the shipping pair among the suggestions');
  t.equal((await d.call('POST', `${base}/${first.id}/messages`, { suggestion_id: shipping.id })).reply.answer_type, 'qa', 'the chosen suggestion answers');
  // A thumbs-down on the clarify reply puts the vague question among the unanswered, clarified once.
  await d.call('POST', `${base}/${first.id}/messages/${clarified.reply.id}/feedback`, { rating: 'down' });
  for (const _ of [1, 2]) {
    const conversation = await d.call('POST', base, {});
    t.equal((await d.call('POST', `${base}/${conversation.id}/messages`, { content: UNKNOWN })).reply.answer_type, 'fallback');
  }
  clock.set(NOW.toISOString());

  const owner = await d.dashboard({ fixedTime: NOW });
  const { page } = owner;
  await d.signIn(page, d.owner);
  await page.goto(`${d.base}/dashboard#/analytics?period=7&chatbot=${bot}`);
  const panel = page.getByRole('region', { name: 'Quality' });
  const outcomes = panel.getByRole('definition');
  await outcomes.first().waitFor();
  // One answered, one clarified, two fell back.
  const shares = await panel.locator('.stat').evaluateAll((stats) => stats.map((stat) => [stat.querySelector('dt')!.textContent, stat.querySelector('.stat-value')!.textContent]));
  t.same(shares, [
    ['Answered', '25%'],
    ['Clarified', '25%'],
    ['Fell back', '50%'],
  ], 'the three shares');
  t.match(await panel.innerText(), new RegExp(`${escapeRegExp(offered.question)}\\s+chosen 1 time`), 'the suggestion chosen, as it was offered');

  const unanswered = page.getByRole('region', { name: 'Questions the bot could not answer' }).getByRole('listitem').filter({ hasText: UNKNOWN });
  t.match(await unanswered.innerText(), /Asked 2 times, 2 not answered, 0 clarified/, 'the unanswered list shows the clarified count…');
  const vague = page.getByRole('region', { name: 'Questions the bot could not answer' }).getByRole('listitem').filter({ hasText: VAGUE });
  t.match(await vague.innerText(), /Asked 1 time, 1 not answered, 1 clarified/, '…of each question');

  const question = panel.getByRole('listitem').filter({ hasText: UNKNOWN });
  t.match(await question.innerText(), /Fell back 2 times/, 'the question that fell back, grouped');
  await question.getByRole('button', { name: `Add as Q&A pair: ${UNKNOWN}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add as Q&A pair' });
  t.match(await dialog.innerText(), UNKNOWN, 'the question is filled in');
  await dialog.getByLabel('Answer').fill(NEW_ANSWER);
  await dialog.getByRole('button', { name: 'Add Q&A pair' }).click();
  await dialog.waitFor({ state: 'detached' });
  await panel.getByText('Q&A pair added').waitFor();

  const pairs = (await d.call('GET', `/api/v1/chatbots/${bot}/knowledge?type=qa`)).data;
  t.ok(pairs.some((item: any) => item.question === UNKNOWN && item.answer === NEW_ANSWER), 'the pair is in the knowledge base, the visitor’s question as its question');
  t.same(describeViolations(await seriousViolations(page)), '', 'no serious or critical axe violations with the panel shown');
  t.same(owner.unexpectedErrors(), [], 'no console errors');
});
