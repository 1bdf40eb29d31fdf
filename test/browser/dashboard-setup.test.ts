// The dashboard in a real browser (issue 18), the walk of a new owner on the Free plan: a wrong
// password then the right one, the plan's one chatbot created here, a Q&A pair ready and found by
// the search preview, the widget's colour changed in the live preview of the real widget and
// saved, the embed code, an API key created and used over HTTP, and an agent invited who accepts
// the link, signs in and sees conversations only. Each page is screenshot at desktop and phone
// sizes and scanned with axe-core; nothing is asked of any host but this server; every page runs
// under the dashboard's real Content-Security-Policy.
import t from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import {
  addFirstQaPair,
  eventually,
  fetchInPage,
  openDashboard,
  PageAudit,
  previewColour,
  previewHeader,
  signIn,
  startDashboardServer,
  type DashboardPage,
} from '../helpers/dashboard.js';

t.setTimeout(240_000);

const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open 9 to 5, Monday to Friday.';
const DEFAULT_PRIMARY = 'rgb(79, 70, 229)'; // #4f46e5
// Dark enough for white text at 5.2:1 (the widget picks white or #111827 for text on it).
const NEW_PRIMARY = 'rgb(194, 65, 12)'; // #c2410c

t.test('a new owner sets up the Free plan’s chatbot and invites an agent who sees conversations only', async (t) => {
  const browser = await launchBrowser(t);
  const audit = new PageAudit('setup');
  const s = await startDashboardServer(t, { plan: 'free', accountName: 'Acme Shop', ownerEmail: 'olivia@acme.example', ownerName: 'Olivia Owner' });
  const pages: DashboardPage[] = [];

  const owner = await openDashboard(browser, s.base);
  pages.push(owner);
  const { page } = owner;

  // Sign-in: a wrong password is said where it happened; the right one opens the chatbots page.
  await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
  await audit.check(t, page, 'sign-in');
  owner.expectHttpError('401 POST /dashboard/session', 'the wrong password');
  await page.getByLabel('E-mail').fill(s.owner.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'The e-mail address or password is not right.' }).waitFor();
  t.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'a wrong password does not sign in');
  await signIn(page, s.owner.email, s.owner.password);
  await page.getByRole('heading', { name: 'Chatbots', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'No chatbots yet' }).waitFor();
  t.match(await page.locator('.plan-tag').innerText(), /free plan/i, 'the header names the Free plan');
  await audit.check(t, page, 'chatbots-empty');

  // The Free plan's one chatbot, created here (its keys are read-only, its members are not).
  await page.getByRole('link', { name: 'Create your first chatbot' }).click();
  await page.getByRole('heading', { name: 'Create chatbot', level: 1 }).waitFor();
  await audit.check(t, page, 'chatbot-create');
  await page.getByLabel('Name', { exact: true }).fill('Shop helper');
  await page.getByRole('button', { name: 'Create chatbot' }).click();
  await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'API key of Shop helper' }).waitFor();
  const chatbotKey = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
  await audit.check(t, page, 'chatbot-profile');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.getByRole('heading', { name: 'API key of Shop helper' }).waitFor({ state: 'detached' });

  const listed = await s.http('GET', '/api/v1/chatbots', { key: s.account.live });
  t.equal(listed.status, 200);
  t.same(
    listed.json.data.map((chatbot: { name: string }) => chatbot.name),
    ['Shop helper'],
    'the API lists the chatbot the dashboard created',
  );
  const chatbot = listed.json.data[0] as { id: string };
  t.match(page.url(), `#/chatbots/${chatbot.id}`, 'the page is the new chatbot’s');
  const byItsKey = await s.http('GET', `/api/v1/chatbots/${chatbot.id}`, { key: chatbotKey });
  t.equal(byItsKey.status, 200, 'the chatbot key shown once works');
  const keyWrite = await s.http('POST', '/api/v1/chatbots', { key: s.account.live, payload: { name: 'Second' } });
  t.equal(keyWrite.json?.code, 'plan_read_only', 'on the Free plan a key could not have created it');

  // The plan's limit still holds for members: a second chatbot is refused, on the form.
  owner.expectHttpError('409 POST /api/v1/chatbots', 'a second chatbot on the Free plan');
  await page.goto(`${s.base}/dashboard#/chatbots/new`);
  await page.getByLabel('Name', { exact: true }).fill('Second helper');
  await page.getByRole('button', { name: 'Create chatbot' }).click();
  await page.getByRole('alert').filter({ hasText: 'The free plan allows 1 chatbot' }).waitFor();
  t.equal((await s.http('GET', '/api/v1/chatbots', { key: s.account.live })).json.data.length, 1, 'still one chatbot');
  await page.goto(`${s.base}/dashboard#/chatbots/${chatbot.id}`);
  await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();

  // Knowledge: a Q&A pair processed to ready, then found by the search preview.
  const row = await addFirstQaPair(page, QUESTION, ANSWER, /opening hours/);
  t.match(await row.innerText(), /\b1 passage\b/, 'the row says how many passages it gave');
  await page.getByLabel('Question to search').fill('when are you open');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await results.waitFor();
  t.match(await results.getByRole('listitem').first().innerText(), /9 to 5/, 'the best passage is the pair’s answer');
  await audit.check(t, page, 'knowledge');

  // Widget: the preview runs the real widget; a new colour reaches it before anything is saved.
  await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Widget' }).click();
  await previewHeader(page).waitFor();
  const shown = await eventually(() => previewColour(page), (colour) => colour !== null, 'the preview can be read');
  t.equal(shown, DEFAULT_PRIMARY, 'the preview’s panel header has the default primary colour');
  await page.getByLabel('Primary colour (hex)').fill('#c2410c');
  await eventually(() => previewColour(page), (colour) => colour === NEW_PRIMARY, 'the preview shows the new colour');
  t.pass('the preview’s header turned #c2410c without a save');
  const unsaved = await s.http('GET', `/api/v1/chatbots/${chatbot.id}/widget`, { key: s.account.live });
  t.equal(unsaved.json.primary_color, '#4f46e5', 'the preview shows a draft: nothing is saved yet');
  await page.getByRole('button', { name: 'Save widget' }).click();
  await page.getByRole('status').filter({ hasText: 'Widget saved' }).waitFor();
  const saved = await s.http('GET', `/api/v1/chatbots/${chatbot.id}/widget`, { key: s.account.live });
  t.equal(saved.json.primary_color, '#c2410c', 'Save widget stored the colour');
  const embed = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  t.match(embed, new RegExp(`<script[^>]+src="${s.base}/widget\\.js"`), 'the embed code loads this server’s widget.js');
  t.match(embed, `data-chatbot-id="${chatbot.id}"`, 'for this chatbot');
  t.equal(embed, saved.json.embed_code, 'the code to copy is the API’s embed code');
  t.equal(await page.getByRole('region', { name: 'Add it to your site' }).getByRole('button', { name: /^Copy/ }).count(), 1, 'with a Copy button');
  await audit.check(t, page, 'widget');

  // API keys: one created here works over HTTP at once (read-only, as the plan says).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  await page.getByLabel('Key name').fill('Test script');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('heading', { name: 'New API key “Test script”' }).waitFor();
  const secret = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
  t.match(secret, /^sk_live_/, 'a live key');
  const used = await s.http('GET', '/api/v1/chatbots', { key: secret });
  t.equal(used.status, 200, 'the new key is accepted over HTTP');
  t.same(
    used.json.data.map((item: { id: string }) => item.id),
    [chatbot.id],
    'and sees the account’s chatbot',
  );
  await page.getByRole('row', { name: /Test script/ }).waitFor();
  await audit.check(t, page, 'api-keys');

  // Members: an agent invited; the link is shown to copy.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
  await page.getByLabel('E-mail').fill('andy@acme.example');
  await page.getByLabel('Name', { exact: true }).fill('Andy Agent');
  t.equal(await page.getByLabel('Role', { exact: true }).inputValue(), 'agent', 'agent is the role offered first');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  t.match(link, new RegExp(`^${s.base}/dashboard#/accept\\?token=`), 'a one-time link to this dashboard');
  await page.getByRole('row', { name: /Andy Agent/ }).getByText('invited', { exact: true }).waitFor();
  await audit.check(t, page, 'members');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plan and usage' }).click();
  await page.getByRole('heading', { name: /^Usage \(live mode\)/ }).waitFor();
  t.match(await page.getByRole('region', { name: 'Plan', exact: true }).innerText(), /Free/, 'the plan page names the plan');
  await audit.check(t, page, 'plan');

  await page.getByRole('button', { name: /^Member menu/ }).click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
  await audit.check(t, page, 'password');

  // The agent, in a browser of their own: accepts the link, is signed in, sees conversations only.
  const agent = await openDashboard(browser, s.base, { hash: new URL(link).hash });
  pages.push(agent);
  await agent.page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
  await audit.check(t, agent.page, 'accept');
  await agent.page.getByLabel('Password', { exact: true }).fill('agent-password-1');
  await agent.page.getByLabel('Password again').fill('agent-password-1');
  await agent.page.getByRole('button', { name: 'Set password and sign in' }).click();
  await agent.page.getByRole('heading', { name: /Conversations|Inbox/, level: 1 }).waitFor();
  const nav = await agent.page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
  t.ok(nav.length > 0 && nav.every((label) => /Conversations|Inbox/.test(label)), `the agent’s navigation has conversations only: ${nav.join(', ')}`);
  t.equal(await agent.page.locator('.role-tag').innerText(), 'agent');
  await audit.check(t, agent.page, 'inbox-agent');

  await agent.page.goto(`${s.base}/dashboard#/chatbots`);
  await agent.page.getByRole('heading', { name: 'Your role cannot see this', level: 1 }).waitFor();
  t.equal(await agent.page.getByRole('link', { name: 'Create chatbot' }).count(), 0, 'no chatbot page behind the message');
  agent.expectHttpError('403 POST /api/v1/chatbots', 'an agent may not create a chatbot');
  const refused = await fetchInPage(agent.page, 'POST', '/api/v1/chatbots', { name: 'Agent’s own' });
  t.equal(refused.status, 403, 'the agent’s session may not create a chatbot');
  t.equal(refused.json.code, 'insufficient_role');
  const readable = await fetchInPage(agent.page, 'GET', '/api/v1/chatbots');
  t.equal(readable.status, 200, 'but may list chatbots, to find their conversations');
  const members = await s.http('GET', '/api/v1/members', { key: s.account.live });
  t.match(
    members.json.data.find((member: { email: string }) => member.email === 'andy@acme.example'),
    { role: 'agent', status: 'active', name: 'Andy Agent' },
    'the invitation made an active agent',
  );

  // A fresh browser straight to the widget page: under the real policy the app and the widget
  // preview run, and the policy reports nothing refused.
  const strict = await openDashboard(browser, s.base, { hash: `#/chatbots/${chatbot.id}/widget` });
  pages.push(strict);
  await signIn(strict.page, s.owner.email, s.owner.password);
  await previewHeader(strict.page).waitFor();
  t.equal(
    await eventually(() => previewColour(strict.page), (colour) => colour !== null, 'the preview can be read'),
    NEW_PRIMARY,
    'under the real policy the preview runs the widget with the saved colour',
  );
  t.same(strict.cspViolations, [], 'no Content-Security-Policy violation');
  t.same(
    strict.errors.filter((error) => /Content Security Policy/i.test(error)),
    [],
    'and none in the console',
  );

  for (const recorded of pages) {
    t.same(recorded.refused, [], 'no request left this server');
    t.ok(
      recorded.requests.every((url) => url.startsWith(`${s.base}/`) || url.startsWith('data:') || url.startsWith('about:')),
      'every request went to this server',
    );
    t.same(recorded.unexpectedErrors(), [], 'no errors in the console but the answers the test declared');
  }
  const usage = await s.http('GET', '/api/v1/usage', { key: s.account.live });
  t.comment(`requests counted against the Free plan's day: ${JSON.stringify(usage.json.windows)}`);
  audit.report(t);
});
