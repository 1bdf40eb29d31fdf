// The visitor's rating of a conversation (issue 28), in a real browser without request
// interception, the widget on a host page of another origin: an agent ends the conversation in the
// dashboard, the widget asks for a rating (radios, keyboard), the visitor gives 4 of 5 with a
// comment and is thanked; the thank-you survives a reload; the rating shows on the conversation,
// in the API's analytics and on the dashboard's analytics page. axe-core on the widget's rating
// view and the analytics page at 1280 and 375 px.
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';
import { until } from '../helpers/widget-site.js';

const COMMENT = 'Dana sorted my order out quickly.';
// After the real time: ids carry their time, and analytics read hours by id range.
const NOW = new Date('2032-06-10T10:20:00.000Z');

t.test('the agent ends it; the visitor rates it 4 of 5; the rating shows in analytics', async (t) => {
  const d = await dailyFixture(t, { clock: new TestClock(NOW) });

  // The visitor chats with the bot.
  const visitor = await d.visitor('/support');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Where is my order?');
  await messageBox.press('Enter');
  await widget.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const [conversation] = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data;

  // The owner ends it in the dashboard.
  // The owner's browser lives at the server's (test) time, as the analytics page reads periods by it.
  const owner = await d.dashboard({ hash: `#/inbox/${d.chatbot.id}/${conversation.id}`, fixedTime: NOW });
  const { page } = owner;
  await d.signIn(page, d.owner);
  visitor.expectHttpError(
    new RegExp(`^401 GET /widget/v1/${d.chatbot.id}/conversations/${conversation.id}\\?after=msg_\\w+$`),
    'the widget’s poll after the end: its token no longer reads the conversation',
  );
  await page.getByRole('button', { name: 'End conversation' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this conversation?' });
  await confirm.getByRole('button', { name: 'End conversation' }).click();
  await confirm.waitFor({ state: 'detached' });

  // The widget asks for a rating: a group of five radios with words for each.
  const rating = widget.getByRole('group', { name: 'How was this conversation?' });
  await rating.waitFor();
  t.equal(await rating.getByRole('radio').count(), 5, 'five choices');
  const send = widget.getByRole('button', { name: 'Send rating' });
  t.ok(await send.isDisabled(), 'nothing to send before a choice');
  t.same(describeViolations(await seriousViolations(visitor.page)), '', 'the rating view, 1280 px: no serious or critical axe violations');
  await screenshot(visitor.page, 'widget-rating-desktop');

  // By keyboard: the first star, then arrows to the fourth.
  await rating.getByRole('radio', { name: '1 of 5 stars' }).focus();
  await visitor.page.keyboard.press('Space');
  for (let step = 0; step < 3; step++) await visitor.page.keyboard.press('ArrowRight');
  t.ok(await rating.getByRole('radio', { name: '4 of 5 stars' }).isChecked(), 'the arrow keys chose 4 of 5');
  await widget.getByRole('textbox', { name: /Comment/ }).fill(COMMENT);
  await send.click();
  await widget.getByRole('status').filter({ hasText: 'Thank you for your rating!' }).waitFor();
  t.equal(await rating.count(), 0, 'the prompt gives way to the thank-you');

  const rated = await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations/${conversation.id}`);
  t.match(rated.csat, { score: 4, scale: 'stars', comment: COMMENT }, 'the conversation carries the rating');

  // A reload: still thanked, not asked again.
  await visitor.page.reload();
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  await widget.getByText('Thank you for your rating!').waitFor();
  t.equal(await widget.getByRole('group', { name: 'How was this conversation?' }).count(), 0, 'no second prompt after the reload');
  await widget.getByRole('button', { name: 'Start a new conversation' }).waitFor();

  // The rating in the API's analytics (the open hour, counted live).
  const overview = await d.call('GET', '/api/v1/analytics/overview');
  t.same([overview.csat_average, overview.csat_responses], [4, 1], 'csat_average and csat_responses');

  // The conversation view shows it.
  await page.getByText(`Visitor rated the conversation 4 of 5 stars: “${COMMENT}”`).waitFor();
  t.pass('the dashboard’s conversation view shows the rating');

  // The analytics page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  const figures = page.getByRole('region', { name: 'Figures' });
  await figures.getByText('4.0 / 5').waitFor();
  t.match(await figures.innerText(), /Visitor satisfaction\s+4\.0 \/ 5\s+1 rating of conversations/, 'the analytics page shows the average and the count');
  t.same(describeViolations(await seriousViolations(page)), '', 'analytics, 1280 px: no serious or critical axe violations');
  await screenshot(page, 'dashboard-analytics-csat-desktop');

  // 375 px: the widget's rating view (another ended conversation) and the analytics page.
  const phoneVisitor = await d.visitor('/help');
  await phoneVisitor.page.setViewportSize(PHONE);
  await phoneVisitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const phoneWidget = phoneVisitor.page.getByRole('dialog', { name: 'Acme Help' });
  await phoneWidget.getByRole('textbox', { name: 'Type your message…' }).fill('Hello');
  await phoneWidget.getByRole('textbox', { name: 'Type your message…' }).press('Enter');
  await phoneWidget.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  const [second] = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations?status=open`)).data;
  phoneVisitor.expectHttpError(
    new RegExp(`^401 GET /widget/v1/${d.chatbot.id}/conversations/${second.id}\\?after=msg_\\w+$`),
    'the widget’s poll after the end',
  );
  await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/conversations/${second.id}/end`, {});
  await phoneWidget.getByRole('group', { name: 'How was this conversation?' }).waitFor();
  t.same(describeViolations(await seriousViolations(phoneVisitor.page)), '', 'the rating view, 375 px: no serious or critical axe violations');
  t.notOk(await scrollsSideways(phoneVisitor.page), 'the rating view, 375 px: no sideways scrolling');
  await screenshot(phoneVisitor.page, 'widget-rating-phone');

  await page.setViewportSize(PHONE);
  await until(async () => (await figures.innerText()).includes('4.0 / 5'), 'the analytics page is laid out at 375 px');
  t.same(describeViolations(await seriousViolations(page)), '', 'analytics, 375 px: no serious or critical axe violations');
  t.notOk(await scrollsSideways(page), 'analytics, 375 px: no sideways scrolling');
  await screenshot(page, 'dashboard-analytics-csat-phone');
  await page.setViewportSize(DESKTOP);

  for (const recorded of [visitor, phoneVisitor, owner]) t.same(recorded.refused, [], 'no request left the local servers');
  t.same(visitor.unexpectedErrors(), [], 'the visitor’s console: nothing but the declared 401');
  t.same(phoneVisitor.unexpectedErrors(), [], 'the phone visitor’s console: nothing but the declared 401');
  t.same(owner.unexpectedErrors(), [], 'the dashboard’s console: nothing unexpected');
});
