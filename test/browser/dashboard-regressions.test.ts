// Regressions of the dashboard's review fixes (commit 5c69f4f), in a real browser: a chatbot's
// once-shown key is forgotten at sign-out (the next member at the same browser must not see it); a
// tab whose mode was switched in another tab shows the new mode when it comes back into use, and
// writes where it says; a mode switch drops a filter naming the other mode's chatbot; long words
// from the API break instead of widening a phone's page; "I have copied it" leaves focus on the
// page's heading, not on the body. Each check fails on the dashboard built from 5c69f4f^; one
// more (a TODO) shows a page the fix did not reach: the webhook's delivery log.
import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { DESKTOP, eventually, openDashboard, PHONE, signIn, startDashboardServer, type DashboardPage } from '../helpers/dashboard.js';

t.setTimeout(120_000);

const ADMIN = { email: 'ada@regress.example', password: 'admin-password-1', name: 'Ada Admin' };
// Words with no place to break: a URL path, a visitor's message, a lead's name and custom field.
const LONG_PATH = 'a'.repeat(300);
const LONG_WORD = 'Supercalifragilistic'.repeat(15); // 300 characters
const LONG_NAME = 'N'.repeat(200); // a lead's name may have 200 characters at most
// `.invalid` never resolves (RFC 6761): deliveries to it fail at once, wherever the test runs.
const WEBHOOK_URL = `https://hooks.example.invalid/${LONG_PATH}`; // the API allows 2,048 characters

/** Leaves a mark in the page's window: still there later, the page was never loaded again. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((globalThis as any).__regressionMark = 'same document'));
}
export function windowMark(page: Page): Promise<unknown> {
  return page.evaluate(() => (globalThis as any).__regressionMark ?? null);
}

/** The page's text and the values of its fields (a secret is shown in a read-only field). */
export function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as any;
    const values = [...document.querySelectorAll('input, textarea')].map((field: any) => field.value);
    return [document.body.innerText, ...values].join('\n');
  });
}

/** Goes to a hash route inside the running app (no page load: in-memory state survives). */
export async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((next) => ((globalThis as any).location.hash = next), hash);
}

/**
 * The document's width against the viewport's, and (for the test's message) the elements that
 * reach past the viewport's right edge, outermost first.
 */
export function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; past: string[] }> {
  return page.evaluate(() => {
    const { document, innerWidth } = globalThis as any;
    const past: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > innerWidth + 1 && past.length < 5) past.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.right)} px)`);
    }
    // Text reaching past the edge of a box that does not (a word that does not break).
    const walker = document.createTreeWalker(document.body, 4);
    for (let node = walker.nextNode(); node && past.length < 5; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > innerWidth + 1) {
        const parent = node.parentElement;
        past.push(`text in ${parent?.tagName.toLowerCase()}.${[...(parent?.classList ?? [])].join('.')} (${Math.round(right)} px)`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, past };
  });
}

t.test('dashboard review fixes hold in a real browser', async (t) => {
  const browser = await launchBrowser(t);
  const s = await startDashboardServer(t, { plan: 'professional', accountName: 'Regress Co', ownerEmail: 'olga@regress.example', ownerName: 'Olga Owner' });
  const checked: DashboardPage[] = [];
  const open = async (hash = '') => {
    const opened = await openDashboard(browser, s.base, { hash });
    checked.push(opened);
    return opened;
  };

  // A live chatbot, made with the account's live key, for the filter and the long-word pages.
  const liveBot = await s.http('POST', '/api/v1/chatbots', { key: s.account.live, payload: { name: 'Live helper' } });
  t.equal(liveBot.status, 201, 'a live chatbot for the filters');
  const liveBotId = liveBot.json.id as string;

  await t.test('a chatbot’s once-shown key is not shown to the next member signing in at the same browser', async (t) => {
    // The admin joins through the API: invited with the live key, the invitation accepted with a password.
    const invited = await s.http('POST', '/api/v1/members', { key: s.account.live, payload: { email: ADMIN.email, name: ADMIN.name, role: 'admin' } });
    t.equal(invited.status, 201, 'an admin invited');
    const token = new URL(invited.json.invitation.url).hash.split('token=')[1]!;
    const accepted = await s.http('POST', '/dashboard/invitations/accept', { payload: { token: decodeURIComponent(token), password: ADMIN.password } });
    t.equal(accepted.status, 200, 'the admin accepted and has a password');

    const { page } = await open();
    await signIn(page, s.owner.email, s.owner.password);
    await markWindow(page);
    await goToHash(page, '#/chatbots/new');
    await page.getByLabel('Name', { exact: true }).fill('Secret keeper');
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.getByRole('heading', { name: 'API key of Secret keeper' }).waitFor();
    const key = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
    t.match(key, /^sk_live_/, 'the chatbot’s live key is shown once');
    const chatbotId = new URL(page.url()).hash.split('/')[2]!;
    t.match(chatbotId, /^cb_/, 'on the new chatbot’s page');

    // Away without "I have copied it", then signed out from the member menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chatbots' }).click();
    await page.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Member menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();

    // The admin, at the same page: the chatbot's page has no key on it.
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: /^Member menu/ }).filter({ hasText: ADMIN.name }).waitFor();
    await goToHash(page, `#/chatbots/${chatbotId}`);
    await page.getByRole('heading', { name: 'Secret keeper', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Chatbot sections' }).waitFor();
    t.equal(await windowMark(page), 'same document', 'the page was never loaded again (what it held in memory stayed)');
    t.equal(await page.getByRole('heading', { name: 'API key of Secret keeper' }).count(), 0, 'no “API key of …” box for the admin');
    t.notOk((await shownText(page)).includes(key), 'the owner’s once-shown key is nowhere in the admin’s page (text or field)');
    t.equal(await page.getByRole('textbox', { name: 'Secret' }).count(), 0, 'no secret box');
    await page.context().close();
  });

  await t.test('a tab whose mode was switched in another tab shows test mode when it is used again, and writes to test', async (t) => {
    const a = await open();
    const pageA = a.page;
    await signIn(pageA, s.owner.email, s.owner.password);
    await pageA.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
    t.equal(await pageA.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked'), 'false', 'tab A starts in live mode');
    await markWindow(pageA);

    // Tab B: the same browser context, so the same session cookie.
    const pageB = await a.context.newPage();
    await pageB.goto(`${s.base}/dashboard#/chatbots`);
    await pageB.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
    await pageB.getByRole('switch', { name: 'Test mode' }).click();
    await pageB.getByRole('note', { name: 'Test mode' }).waitFor();

    // Tab A comes back into use (brought to the front, its focus and visibility events).
    await pageA.bringToFront();
    await pageA.evaluate(() => {
      (globalThis as any).document.dispatchEvent(new Event('visibilitychange'));
      (globalThis as any).dispatchEvent(new Event('focus'));
    });
    await pageA.getByRole('note', { name: 'Test mode' }).waitFor();
    t.pass('tab A shows the test-mode banner');
    t.equal(await pageA.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked'), 'true', 'and its switch says test');
    t.equal(await windowMark(pageA), 'same document', 'without a reload');

    // A chatbot created from tab A is a test chatbot, as the tab now says.
    await goToHash(pageA, '#/chatbots/new');
    await pageA.getByLabel('Name', { exact: true }).fill('Made in tab A');
    await pageA.getByRole('button', { name: 'Create chatbot' }).click();
    await pageA.getByRole('heading', { name: 'API key of Made in tab A' }).waitFor();
    t.match(await pageA.getByRole('textbox', { name: 'Secret' }).inputValue(), /^sk_test_/, 'its key is a test key');
    const byTest = await s.http('GET', '/api/v1/chatbots', { key: s.account.test });
    const byLive = await s.http('GET', '/api/v1/chatbots', { key: s.account.live });
    t.ok(
      byTest.json.data.some((chatbot: { name: string }) => chatbot.name === 'Made in tab A'),
      'the account’s test key lists the chatbot made in tab A',
    );
    t.notOk(
      byLive.json.data.some((chatbot: { name: string }) => chatbot.name === 'Made in tab A'),
      'the live key does not',
    );
    await a.context.close();
  });

  await t.test('a mode switch drops a filter naming a chatbot of the other mode', async (t) => {
    const { page } = await open();
    await signIn(page, s.owner.email, s.owner.password);
    const hashOf = () => page.evaluate(() => (globalThis as any).location.hash as string);

    await goToHash(page, `#/inbox?chatbot=${liveBotId}`);
    await page.getByRole('heading', { level: 1, name: /^Inbox/ }).waitFor();
    t.match(await hashOf(), `chatbot=${liveBotId}`, 'the inbox is filtered by the live chatbot');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByRole('note', { name: 'Test mode' }).waitFor();
    const inboxHash = await hashOf();
    t.notMatch(inboxHash, 'chatbot=', `switched to test: the inbox filter is gone (${inboxHash})`);
    t.match(inboxHash, /^#\/inbox/, 'still on the inbox');

    // And back: a leads filter naming a chatbot (the live one, unknown in test) is dropped too.
    await goToHash(page, `#/leads?chatbot=${liveBotId}`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    t.match(await hashOf(), `chatbot=${liveBotId}`, 'the leads are filtered by a chatbot');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByRole('note', { name: 'Test mode' }).waitFor({ state: 'detached' });
    const leadsHash = await hashOf();
    t.notMatch(leadsHash, 'chatbot=', `switched to live: the leads filter is gone (${leadsHash})`);
    t.match(leadsHash, /^#\/leads/, 'still on the leads');
    await page.context().close();
  });

  await t.test('long words from the API do not widen a phone’s page', async (t) => {
    const live = (method: string, url: string, payload?: unknown) => s.http(method, url, { key: s.account.live, payload });
    const { page } = await open();
    await signIn(page, s.owner.email, s.owner.password);
    await page.setViewportSize(PHONE);
    const fits = async (what: string) => {
      const measured = await sidewaysOverflow(page);
      t.ok(measured.scrollWidth <= measured.innerWidth, `${what}: no sideways scrolling at ${PHONE.width} px (${JSON.stringify(measured)})`);
    };

    // A webhook whose URL is one 330-character word, on its page before any event reached it (with a
    // description, the heading names it and the URL is the line under it).
    const webhook = await live('POST', '/api/v1/webhooks', { url: WEBHOOK_URL, chatbot_id: liveBotId, description: 'Long hook' });
    t.equal(webhook.status, 201, `a webhook with a ${WEBHOOK_URL.length}-character URL`);
    await goToHash(page, `#/webhooks/${webhook.json.id}`);
    await page.getByRole('heading', { level: 1, name: 'Long hook' }).waitFor();
    await page.getByText(WEBHOOK_URL, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'No deliveries yet' }).waitFor();
    await fits('webhook page');

    // A conversation waiting for a person, the visitor's message one 300-character word.
    const conversation = await live('POST', `/api/v1/chatbots/${liveBotId}/conversations`, {});
    t.equal(conversation.status, 201, 'a conversation');
    const conversationPath = `/api/v1/chatbots/${liveBotId}/conversations/${conversation.json.id}`;
    t.ok((await live('POST', `${conversationPath}/messages`, { content: LONG_WORD })).status < 300, 'the visitor’s 300-character word');
    const handoff = await live('POST', `${conversationPath}/handoff`);
    t.equal(handoff.json?.status, 'handoff', 'the conversation waits for a person');
    await goToHash(page, `#/inbox/${liveBotId}/${conversation.json.id}`);
    await page.getByRole('article').getByText(LONG_WORD, { exact: true }).waitFor();
    await fits('inbox conversation');

    // A lead with a name as long as the API allows and a custom field of one 300-character word.
    const lead = await live('POST', '/api/v1/leads', { chatbot_id: liveBotId, name: LONG_NAME, email: 'long@regress.example', custom: { interest: LONG_WORD } });
    t.equal(lead.status, 201, 'a lead with a 200-character name and a 300-character custom field');
    await goToHash(page, `#/leads/${lead.json.id}`);
    await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
    await page.getByRole('region', { name: 'Details' }).getByText(LONG_WORD, { exact: true }).waitFor();
    await fits('lead page');

    // The webhook's delivery log once the events above failed to reach it: each attempt's error
    // quotes the whole URL. Not covered by 5c69f4f (its log paragraphs have no overflow-wrap).
    const failed = await eventually(
      async () => (await live('GET', `/api/v1/webhooks/${webhook.json.id}/deliveries`)).json.data as Array<{ attempts: Array<{ error: string | null }> }>,
      (deliveries) => deliveries.some((delivery) => delivery.attempts.some((attempt) => attempt.error?.includes(LONG_PATH))),
      'a delivery attempt failed with an error naming the URL',
    );
    const error = failed.flatMap((delivery) => delivery.attempts).find((attempt) => attempt.error?.includes(LONG_PATH))!.error!;
    await goToHash(page, `#/webhooks/${webhook.json.id}`);
    await page.getByRole('heading', { level: 1, name: 'Long hook' }).waitFor();
    await page.locator('.deliveries').getByText(error, { exact: false }).first().waitFor();
    const withLog = await sidewaysOverflow(page);
    t.ok(withLog.scrollWidth <= withLog.innerWidth, `webhook page with a failed delivery in its log: no sideways scrolling (${JSON.stringify(withLog)})`);
    await page.setViewportSize(DESKTOP);
    await page.context().close();
  });

  await t.test('after “I have copied it” focus is on the page’s heading, not the body', async (t) => {
    const { page } = await open();
    await signIn(page, s.owner.email, s.owner.password);
    await goToHash(page, '#/chatbots/new');
    await page.getByLabel('Name', { exact: true }).fill('Focus keeper');
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.getByRole('heading', { name: 'API key of Focus keeper' }).waitFor();
    const copied = page.getByRole('button', { name: 'I have copied it' });
    await copied.click();
    await copied.waitFor({ state: 'detached' });
    const focused = await eventually(
      () =>
        page.evaluate(() => {
          const active = (globalThis as any).document.activeElement;
          return { tag: active?.tagName ?? null, heading: active?.hasAttribute?.('data-page-heading') ?? false, text: active?.textContent?.trim() ?? '' };
        }),
      (value) => value.tag !== 'BODY',
      'focus leaves the body',
      5_000,
    ).catch(async () => page.evaluate(() => ({ tag: (globalThis as any).document.activeElement?.tagName ?? null, heading: false, text: '' })));
    t.same(focused, { tag: 'H1', heading: true, text: 'Focus keeper' }, 'focus is on the page heading');
    await page.context().close();
  });

  for (const recorded of checked) {
    t.same(recorded.refused, [], 'no request left this server');
    t.same(recorded.unexpectedErrors(), [], 'no errors in the console but the answers the test declared');
  }
});
