// A clarify reply in the widget (Answers v3), in a real browser on a host page of another origin,
// no request interception: its suggestions are buttons in a named group, chosen with the keyboard
// alone (Enter, and Space after a reload); the visitor's bubble shows the question and the chosen
// item's answer follows (streamed, the widget's way); the buttons go once one is chosen or the
// visitor types; after a reload only the last reply's come back; a stale offer (answered
// elsewhere) is a notice, not a crash; "Talk to a person" still works under a clarify reply.
import type { Locator, Page, Request } from 'playwright-core';
import t from 'tap';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { computedStyle, hasFocus, widgetFixture } from '../helpers/widget-site.js';

const PAIRS = [
  { question: 'How long does delivery take?', answer: 'Delivery takes 2 to 3 working days.' },
  { question: 'How much does delivery cost?', answer: 'Delivery costs 4 euros, free from 50 euros.' },
  { question: 'Can I return shoes?', answer: 'Shoes can be returned within 30 days.' },
];
/** Shares "delivery" with two pairs and matches neither well: clarified under the thresholds below. */
const VAGUE = 'delivery?';
/** Shares no word with the knowledge: the fallback, which offers nothing. */
const UNKNOWN = 'Do you sell kayaks?';
const CLARIFY = 'I’m not sure I understood. Did you mean one of these?';
const ui = WIDGET_UI.en!;

/**
 * The page's requests that `matches` and that have not ended yet. `settled()` resolves once none has
 * been under way for a quiet spell: a request the page made just before is reported by then.
 */
function inFlight(page: Page, matches: (url: string, method: string) => boolean): { settled(): Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (matches(request.url(), request.method())) open.add(request);
  });
  const end = (request: Request) => open.delete(request);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled() {
      const quietSpell = 300;
      let quietSince = Date.now();
      while (Date.now() - quietSince < quietSpell) {
        if (open.size > 0) quietSince = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** Presses Shift+Tab (keyboard only) until `target` has focus; fails after `max` presses. */
async function shiftTabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Shift+Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of Shift+Tab did not reach the button`);
}

t.test('a clarify reply’s suggestions: keyboard, the chosen answer, only the last reply’s, after a reload', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  const settings = { answer: { min_confidence: 0.95, suggest_confidence: 0.05 }, handoff: { require_available_member: false } };
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: settings })).statusCode, 200);
  await w.putWidget({ primary_color: '#0f766e' });
  for (const pair of PAIRS) await w.addQa(pair.question, pair.answer);

  const { page, launcher, refused, errors, expectHttpError } = await w.open('/help');
  const widgetReads = inFlight(page, (url, method) => method === 'GET' && url.includes('/widget/v1/'));
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const log = dialog.getByRole('log');
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  const groups = log.getByRole('group', { name: ui.suggestedQuestions });
  const ask = async (text: string) => {
    await messageBox.fill(text);
    await messageBox.press('Enter');
  };
  const visitorBubbles = log.locator('.msg.user .bubble');
  /** Each stored reply of the bot has its rating buttons (the welcome message has none). */
  const replies = log.getByRole('button', { name: ui.helpful, exact: true });
  const storedMessages = async () => {
    const [conversation] = await w.conversations();
    return (await w.messages(conversation!.id)) as unknown as Array<{ role: string; content: string; answer_type: string | null; suggestions: Array<{ knowledge_id: string; question: string }>; suggestion_id: string | null }>;
  };

  // A vague question: the clarify reply with its suggestions as buttons, in the reply's order.
  await ask(VAGUE);
  await groups.waitFor();
  const clarify = (await storedMessages()).at(-1)!;
  t.match(clarify, { role: 'assistant', answer_type: 'clarify', content: CLARIFY }, 'the server clarified');
  t.ok(clarify.suggestions.length >= 2, 'with at least two suggestions');
  t.same(await groups.getByRole('button').allInnerTexts(), clarify.suggestions.map((suggestion) => suggestion.question), 'one button per suggestion, best first');
  const costs = dialog.getByRole('button', { name: PAIRS[1]!.question, exact: true });
  t.equal(await costs.count(), 1, 'each button is named by its question');
  t.ok(await dialog.getByRole('button', { name: ui.talkToPerson }).isVisible(), '“Talk to a person” is offered under a clarify reply too');
  t.equal(
    (await computedStyle(costs, ['border-top-color']))['border-top-color'],
    'rgb(15, 118, 110)',
    'the buttons wear the widget’s primary colour',
  );

  await w.browser.screenshot(page, 'widget-clarify');

  // Keyboard only: from the message box back to the button, Enter.
  await shiftTabTo(page, costs);
  t.equal((await computedStyle(costs, ['outline-style']))['outline-style'], 'solid', 'a visible focus ring');
  await page.keyboard.press('Enter');
  await log.getByText(PAIRS[1]!.answer).waitFor();
  t.match(await visitorBubbles.last().innerText(), PAIRS[1]!.question, 'the visitor’s bubble shows the question chosen');
  t.equal(await groups.count(), 0, 'the buttons are gone once one is chosen');
  t.equal(await costs.count(), 0, 'no button of the old offer is left');
  t.ok(await hasFocus(messageBox), 'focus went to the message box, not to the page');
  const chosen = (await storedMessages()).slice(-2);
  t.match(chosen, [
    { role: 'user', content: PAIRS[1]!.question, suggestion_id: clarify.suggestions.find((s) => s.question === PAIRS[1]!.question)!.knowledge_id },
    { role: 'assistant', answer_type: 'qa', content: PAIRS[1]!.answer },
  ], 'sent as the suggestion’s id, answered by that pair');

  // Typing instead of choosing: the offer goes with the message.
  await ask(VAGUE);
  await groups.waitFor();
  await ask(UNKNOWN);
  await replies.nth(3).waitFor();
  t.equal((await storedMessages()).at(-1)!.answer_type, 'fallback', 'the typed question got the fallback');
  t.equal(await groups.count(), 0, 'typing another message took the buttons away');

  // A third clarify, then a reload: only the last reply's buttons come back.
  await ask(VAGUE);
  await groups.waitFor();
  await page.clock.install();
  await page.reload();
  await launcher().click();
  await groups.waitFor();
  t.equal(await log.getByText(CLARIFY).count(), 3, 'all three clarify replies are read again');
  t.equal(await groups.count(), 1, 'one group of buttons after the reload');
  t.equal(await log.locator('.msg.assistant').last().getByRole('group', { name: ui.suggestedQuestions }).count(), 1, 'on the last reply');

  // A stale offer: answered elsewhere (another tab) while this page's poll waits. The page's clock
  // stops first, so no poll starts; a poll already under way must be answered before the other tab
  // writes, or it brings the newer message and takes the offer away before the click (a CI run lost
  // that race).
  t.equal(await replies.count(), 5, 'five replies so far');
  await page.clock.pauseAt(Date.now() + 2000);
  await widgetReads.settled();
  const saved = await page.evaluate((id) => (globalThis as any).localStorage.getItem(`chatbot-widget:${id}:conversation`), w.chatbot.id);
  const { id: conversationId, token } = JSON.parse(saved) as { id: string; token: string };
  const elsewhere = await w.api.request('POST', `/widget/v1/${w.chatbot.id}/conversations/${conversationId}/messages`, {
    headers: { origin: w.site.origin, authorization: `Bearer ${token}` },
    payload: { content: UNKNOWN },
  });
  t.equal(elsewhere.statusCode, 201, 'another tab typed a message');
  expectHttpError(`422 POST /widget/v1/${w.chatbot.id}/conversations/${conversationId}/messages`, 'the stale offer, refused');
  const stale = dialog.getByRole('button', { name: PAIRS[0]!.question, exact: true });
  await stale.click();
  await dialog.getByRole('alert').filter({ hasText: ui.error }).waitFor();
  t.pass('the refusal is a notice like any failed send');
  await page.clock.resume();
  await replies.nth(5).waitFor();
  t.equal(await log.getByText(UNKNOWN).count(), 2, 'the other tab’s message arrived by poll');
  t.equal(await groups.count(), 0, 'the stale offer is gone once the newer reply is there');

  // A fresh offer chosen with Space.
  await ask(VAGUE);
  await groups.waitFor();
  const takes = dialog.getByRole('button', { name: PAIRS[0]!.question, exact: true });
  await shiftTabTo(page, takes);
  await page.keyboard.press('Space');
  await log.getByText(PAIRS[0]!.answer).waitFor();
  t.match(await visitorBubbles.last().innerText(), PAIRS[0]!.question, 'Space chose it');
  t.equal(await groups.count(), 0, 'gone again');

  // "Talk to a person" under a clarify reply hands off, and the offer goes with it.
  await ask(VAGUE);
  await groups.waitFor();
  await dialog.getByRole('button', { name: ui.talkToPerson }).click();
  await log.getByText(ui.agentJoined).waitFor();
  t.equal(await groups.count(), 0, 'no suggestion while a person has the conversation');
  t.equal((await w.conversations())[0]!.status, 'handoff', 'handed off');

  t.same(refused, [], 'no request left the two local servers');
  t.same(errors.filter((line) => !/status of 422/.test(line)), [], 'no console errors but the declared 422');
});
