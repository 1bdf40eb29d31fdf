// Analytics (Dashboard II) in a real browser, on a seeded workload: two weeks of conversations
// (answered and unanswered questions) and leads, spread over days with the test clock and rolled
// up. The page draws its charts (uPlot canvases) with text alternatives that list the numbers,
// compares with the week before, and turns the question the bot could not answer into a Q&A
// pair with one click; asked again, the question gets that answer. Then axe-core and screenshots.
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations, type DailyFixture } from '../helpers/dashboard-daily.js';
import { TestClock } from '../helpers/server.js';

const ANSWERED = 'What are your opening hours?';
const UNANSWERED = 'Do you deliver to the Moon?';
const NEW_ANSWER = 'We deliver within the European Union only, in two to four working days.';
// After the real time (ids carry their time and analytics read hours by id range), in May: no DST change in the period.
const FIRST_DAY = '2032-05-07';
const NOW = new Date('2032-05-20T15:00:00.000Z');
const ZONE = 'Europe/Berlin';

async function converse(d: DailyFixture, questions: string[]): Promise<void> {
  const base = `/api/v1/chatbots/${d.chatbot.id}/conversations`;
  const conversation = await d.call('POST', base, {});
  for (const content of questions) await d.call('POST', `${base}/${conversation.id}/messages`, { content });
  await d.call('POST', `${base}/${conversation.id}/end`, {});
}

t.test('charts, trends and the unanswered question turned into an answer', async (t) => {
  const clock = new TestClock(new Date(`${FIRST_DAY}T08:00:00.000Z`));
  const d = await dailyFixture(t, { clock });
  await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/knowledge`, { type: 'qa', question: ANSWERED, answer: 'From 9 am to 5 pm, Monday to Friday.' });
  await d.api.server.plugins.knowledge.worker.drain();

  // The week before: one answered conversation a day (7). This week (14–20 May, Berlin): day n
  // (1–7) has n conversations, every other one also asking what the bot cannot answer, and a
  // lead on odd days.
  const day = (index: number, hour: number) => new Date(Date.parse(`${FIRST_DAY}T00:00:00.000Z`) + index * 86_400_000 + hour * 3_600_000).toISOString();
  for (let index = 0; index < 7; index++) {
    clock.set(day(index, 10));
    await converse(d, [ANSWERED]);
  }
  const expectedPerDay: number[] = [];
  let unansweredAsked = 0;
  for (let n = 1; n <= 7; n++) {
    clock.set(day(6 + n, 9));
    for (let k = 0; k < n; k++) {
      clock.advance(60_000);
      const unanswered = k % 2 === 1;
      if (unanswered) unansweredAsked += 1;
      await converse(d, unanswered ? [ANSWERED, UNANSWERED] : [ANSWERED]);
    }
    if (n % 2 === 1) await d.call('POST', '/api/v1/leads', { chatbot_id: d.chatbot.id, email: `lead${n}@example.com` });
    expectedPerDay.push(n);
  }
  clock.set(NOW.toISOString());
  await d.api.server.plugins.analytics.rollup.drain();

  // The owner's browser lives at the server's (test) time, in Berlin.
  const owner = await d.dashboard({ timezoneId: ZONE, locale: 'en-US', fixedTime: NOW });
  const { page } = owner;
  await d.signIn(page, d.owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  // The click sets the address; the buttons follow on its hashchange, a moment later.
  await page.getByRole('button', { name: 'Last 7 days', pressed: true }).waitFor();
  t.equal(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'), 'true', 'the period picker says which period');
  const volume = page.getByRole('figure', { name: 'Conversations and leads' });
  await volume.getByText('Conversations: 28 in total; the most, 7, on May 20.').waitFor();
  t.pass('the chart’s summary: 28 conversations, the most on the last day');

  // The figures.
  const figures = await page.getByRole('region', { name: 'Figures' }).innerText();
  t.match(figures, /Conversations\s+28\s+0 open, 28 ended/, 'conversations');
  t.match(figures, /Leads\s+4/, 'leads');
  t.match(figures, /Fallback rate\s+\d+(\.\d)?%/, 'the fallback rate');

  // Charts: three uPlot canvases with a size, each with its numbers for screen readers.
  const canvases = page.locator('figure.chart canvas');
  t.equal(await canvases.count(), 3, 'three charts');
  for (let index = 0; index < 3; index++) {
    const box = await canvases.nth(index).boundingBox();
    t.ok(box && box.width > 100 && box.height > 100, `chart ${index + 1} is drawn (${box?.width}×${box?.height})`);
  }
  t.equal(await page.locator('.chart-canvas[aria-hidden="true"]').count(), 3, 'the canvases are hidden from screen readers…');
  await volume.getByText('Show the numbers').click();
  const rows = volume.getByRole('table').getByRole('row');
  t.equal(await rows.count(), 8, '…which get a table: a header and seven days');
  const cells = await volume.getByRole('table').locator('tbody tr').evaluateAll((trs) => trs.map((tr: any) => [tr.cells[0].textContent, tr.cells[1].textContent, tr.cells[2].textContent]));
  t.same(cells.map((row: string[]) => row[0]), ['May 14', 'May 15', 'May 16', 'May 17', 'May 18', 'May 19', 'May 20'], 'the days, in Berlin');
  t.same(cells.map((row: string[]) => Number(row[1])), expectedPerDay, 'conversations per day');
  t.same(cells.map((row: string[]) => Number(row[2])), [1, 0, 1, 0, 1, 0, 1], 'leads per day');
  const rates = page.getByRole('figure', { name: 'Resolution and fallback rates' });
  t.match(await rates.locator('.chart-summary').innerText(), /Resolution rate: from \d+(\.\d)?% \(May \d+\) to 100% \(May 14\)/, 'the rates’ summary');

  // The comparison with the week before.
  const trends = page.getByRole('region', { name: 'Compared with the period before' });
  t.match(await trends.innerText(), /Conversations\s+▲ up 300%\s+7 → 28/, 'conversations up 300% on the week before');
  t.equal(await trends.locator('.trend.good').filter({ hasText: 'Conversations' }).count(), 1, 'shown as good news');

  // The question the bot could not answer, answered in one click.
  const unanswered = page.getByRole('region', { name: 'Questions the bot could not answer' });
  const question = unanswered.getByRole('listitem').filter({ hasText: UNANSWERED });
  t.match(await question.innerText(), new RegExp(`Asked ${unansweredAsked} times, ${unansweredAsked} not answered`), 'how often it went unanswered');
  await question.getByRole('button', { name: `Add answer: ${UNANSWERED}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an answer' });
  t.equal(await dialog.getByLabel('Question').inputValue(), UNANSWERED, 'the question is filled in');
  const chatbotSelect = dialog.getByLabel('Chatbot');
  // The chatbot is looked up from the question's sample conversation: chosen once that answers.
  await page.waitForFunction(`document.querySelector('dialog select')?.value === ${JSON.stringify(d.chatbot.id)}`);
  t.equal(await chatbotSelect.inputValue(), d.chatbot.id, 'the chatbot of the question’s conversation is chosen');
  await dialog.getByLabel('Answer').fill(NEW_ANSWER);
  await d.browser.screenshot(page, 'dashboard-analytics-add-answer-desktop');
  await dialog.getByRole('button', { name: 'Add answer' }).click();
  await dialog.waitFor({ state: 'detached' });
  await question.getByText('Answer added to').waitFor();
  t.equal(await question.getByRole('link', { name: 'Acme Help’s knowledge' }).getAttribute('href'), `#/chatbots/${d.chatbot.id}/knowledge`, 'it says where');
  const pairs = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/knowledge?type=qa`)).data;
  t.ok(pairs.some((item: any) => item.question === UNANSWERED && item.answer === NEW_ANSWER), 'a Q&A pair in the knowledge base');

  // Asked again, the question gets the new answer.
  await d.api.server.plugins.knowledge.worker.drain();
  const base = `/api/v1/chatbots/${d.chatbot.id}/conversations`;
  const conversation = await d.call('POST', base, {});
  const turn = await d.call('POST', `${base}/${conversation.id}/messages`, { content: UNANSWERED });
  t.match(turn.reply, { content: NEW_ANSWER, answer_type: 'qa' }, 'the bot answers it now');
  t.same(owner.unexpectedErrors(), [], 'no console errors (the dashboard’s CSP enforced, uPlot included)');

  // Accessibility and screenshots, desktop and phone.
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport, timezoneId: ZONE, locale: 'en-US', fixedTime: NOW });
    await d.signIn(scan.page, d.owner);
    await scan.page.goto(`${d.base}/dashboard#/analytics?period=7`);
    // 29 now: the question asked again above was a conversation too.
    await scan.page.getByRole('figure', { name: 'Conversations and leads' }).getByText('Conversations: 29 in total', { exact: false }).waitFor();
    await scan.page.getByRole('figure', { name: 'Conversations and leads' }).getByText('Show the numbers').click();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `analytics, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `analytics, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-analytics-${device}`);
    await scan.context.close();
  }
});
