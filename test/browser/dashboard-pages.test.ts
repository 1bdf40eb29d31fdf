// The dashboard in a real browser (issue 18), the rest of the owner's work on a Professional
// account: a chatbot paused and resumed, a behaviour rule, a text file uploaded as knowledge, keys
// rotated and revoked through their confirm dialogs, a member's role changed and the member
// removed (their own browser feels both), a webhook created (its secret shown once) and its test
// event in the delivery log, the live/test switch, and sign-out. Every page is screenshot at
// desktop and phone sizes and scanned with axe-core; nothing is asked of any host but this server.
import { Webhook as StandardWebhook } from 'standardwebhooks';
import t from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import { eventually, fetchInPage, openDashboard, PageAudit, signIn, startDashboardServer, type DashboardPage } from '../helpers/dashboard.js';
import { startReceiver } from '../helpers/receiver.js';

t.setTimeout(240_000);

const RETURNS = 'Returns policy\n\nYou can return unworn boots within 30 days for a full refund. Bring the receipt to any Acme shop.\n';

t.test('an owner runs a Professional account from the dashboard', async (t) => {
  const browser = await launchBrowser(t);
  const audit = new PageAudit('pages');
  const receiver = await startReceiver(t);
  const s = await startDashboardServer(t, {
    plan: 'professional',
    accountName: 'Pro Shop',
    ownerEmail: 'paula@pro.example',
    ownerName: 'Paula Owner',
    // The test receiver listens on loopback, which webhook targets may not reach by default.
    config: { webhooks: { allowed_cidrs: ['127.0.0.1/32'] } },
  });
  const created = await s.http('POST', '/api/v1/chatbots', { key: s.account.live, payload: { name: 'Shop helper' } });
  const sandbox = await s.http('POST', '/api/v1/chatbots', { key: s.account.test, payload: { name: 'Sandbox bot' } });
  t.equal(created.status, 201);
  t.equal(sandbox.status, 201, 'a chatbot of test mode, made with the test key');
  const chatbot = created.json as { id: string };
  const chatbotPath = `/api/v1/chatbots/${chatbot.id}`;
  const pages: DashboardPage[] = [];

  const owner = await openDashboard(browser, s.base);
  pages.push(owner);
  const { page } = owner;
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  const sections = page.getByRole('navigation', { name: 'Chatbot sections' });
  await signIn(page, s.owner.email, s.owner.password);
  const cards = page.getByRole('list', { name: 'Chatbots' });
  await cards.getByRole('link', { name: 'Shop helper' }).waitFor();
  t.equal(await cards.getByText('Sandbox bot').count(), 0, 'live mode lists live chatbots only');
  await audit.check(t, page, 'chatbots');

  // Pause, then resume, from the chatbot's page.
  await cards.getByRole('link', { name: 'Shop helper' }).click();
  await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByText('Paused: the widget shows that the chat is unavailable').waitFor();
  t.equal((await s.http('GET', chatbotPath, { key: s.account.live })).json.status, 'paused', 'Pause paused it');
  t.equal(await page.getByRole('button', { name: 'Resume', exact: true }).count(), 1, 'and offers Resume');
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.getByText('Active: the chatbot answers visitors.').waitFor();
  t.equal((await s.http('GET', chatbotPath, { key: s.account.live })).json.status, 'active', 'Resume made it active again');

  // Behaviour: a keyword rule saved.
  await sections.getByRole('link', { name: 'Behaviour' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Keywords').fill('price, cost');
  await page.getByLabel('Reply').fill('See our pricing page.');
  await page.getByRole('button', { name: 'Save behaviour' }).click();
  await page.getByRole('status').filter({ hasText: 'Behaviour saved' }).waitFor();
  const settings = await s.http('GET', `${chatbotPath}/settings`, { key: s.account.live });
  t.match(settings.json.rules, [{ match: { keywords: ['price', 'cost'] }, action: { type: 'reply', reply: 'See our pricing page.' } }], 'the rule is stored');
  await audit.check(t, page, 'behaviour');

  // Knowledge: a text file uploaded, processed to ready, and found by the search preview.
  await sections.getByRole('link', { name: 'Knowledge' }).click();
  await page.getByRole('button', { name: 'File', exact: true }).click();
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'returns.txt', mimeType: 'text/plain', buffer: Buffer.from(RETURNS) });
  await page.getByRole('button', { name: 'Upload file' }).click();
  const fileRow = page.getByRole('row', { name: /returns\.txt/ });
  await fileRow.getByText('ready', { exact: true }).waitFor({ timeout: 30_000 });
  t.match(await fileRow.innerText(), /File/, 'listed as a file');
  const items = await s.http('GET', `${chatbotPath}/knowledge`, { key: s.account.live });
  t.match(items.json.data, [{ type: 'document', title: 'returns.txt', status: 'ready' }], 'the API has the document, ready');
  await page.getByLabel('Question to search').fill('can I return boots');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await results.waitFor();
  t.match(await results.innerText(), /return unworn boots within 30 days/, 'the search preview finds the file’s passage');
  await audit.check(t, page, 'knowledge-file');

  // API keys: rotate one (the new secret works, the old one too for its grace period), revoke another.
  await mainNav.getByRole('link', { name: 'API keys' }).click();
  const createKey = async (name: string) => {
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: `New API key “${name}”` }).waitFor();
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    const secret = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    return secret;
  };
  const deploy = await createKey('Deploy key');
  const oldScript = await createKey('Old script');
  t.equal((await s.http('GET', '/api/v1/chatbots', { key: oldScript })).status, 200, 'the key to revoke works before');

  await page.getByRole('button', { name: 'Rotate Deploy key' }).click();
  const rotateDialog = page.getByRole('dialog', { name: 'Rotate Deploy key?' });
  await rotateDialog.getByRole('button', { name: 'Rotate key' }).click();
  await page.getByRole('heading', { name: 'New key replacing “Deploy key”' }).waitFor();
  await rotateDialog.waitFor({ state: 'detached' });
  const rotated = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
  t.equal((await s.http('GET', '/api/v1/chatbots', { key: rotated })).status, 200, 'the rotated key’s new secret works');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  const deployRows = page.getByRole('row', { name: /Deploy key/ });
  await deployRows.filter({ hasText: /expires / }).waitFor();
  t.equal(await deployRows.count(), 2, 'the old key, in its grace period, and its replacement');
  t.equal((await s.http('GET', '/api/v1/chatbots', { key: deploy })).status, 200, 'the old secret still works during the grace period');

  // The confirm dialog by keyboard: Escape closes it and gives focus back to its button.
  const revokeButton = page.getByRole('button', { name: 'Revoke Old script' });
  await revokeButton.click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke Old script?' });
  await revokeDialog.waitFor();
  t.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim()), 'Cancel', 'the dialog opens with focus on Cancel');
  await page.keyboard.press('Escape');
  await revokeDialog.waitFor({ state: 'detached' });
  await eventually(() => revokeButton.evaluate((element) => element === (globalThis as any).document.activeElement), Boolean, 'focus is back on Revoke');
  t.pass('Escape closed the dialog and focus went back to its button');
  t.equal((await s.http('GET', '/api/v1/chatbots', { key: oldScript })).status, 200, 'a dismissed dialog revoked nothing');
  await revokeButton.click();
  await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByRole('row', { name: /Old script/ }).getByText('revoked', { exact: true }).waitFor();
  const revoked = await s.http('GET', '/api/v1/chatbots', { key: oldScript });
  t.equal(revoked.status, 401, 'the revoked key is refused at once');
  t.equal(await page.getByRole('button', { name: 'Revoke Old script' }).count(), 0, 'a revoked key offers no actions');
  await audit.check(t, page, 'api-keys-rotated');

  // Members: an agent invited and signed in; the owner makes them an admin, then removes them.
  await mainNav.getByRole('link', { name: 'Members' }).click();
  await page.getByLabel('E-mail').fill('andy@pro.example');
  await page.getByLabel('Name', { exact: true }).fill('Andy Agent');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  const agent = await openDashboard(browser, s.base, { hash: new URL(link).hash });
  pages.push(agent);
  await agent.page.getByLabel('Password', { exact: true }).fill('agent-password-1');
  await agent.page.getByLabel('Password again').fill('agent-password-1');
  await agent.page.getByRole('button', { name: 'Set password and sign in' }).click();
  await agent.page.getByRole('heading', { name: /Conversations|Inbox/, level: 1 }).waitFor();
  const agentNav = agent.page.getByRole('navigation', { name: 'Main' });
  t.equal(await agentNav.getByRole('link', { name: 'Chatbots' }).count(), 0, 'as an agent: no chatbots in the navigation');

  await page.reload(); // the list as it is now: Andy has accepted
  const andy = page.getByRole('row', { name: /Andy Agent/ });
  await andy.getByText('active', { exact: true }).waitFor();
  await andy.getByLabel('Role of Andy Agent').selectOption('admin');
  await andy.getByRole('button', { name: 'Save role' }).click();
  await page.getByRole('status').filter({ hasText: 'Andy Agent is now an admin' }).waitFor();
  const members = await s.http('GET', '/api/v1/members', { key: s.account.live });
  const andyId = members.json.data.find((member: { email: string }) => member.email === 'andy@pro.example').id as string;
  t.equal((await s.http('GET', `/api/v1/members/${andyId}`, { key: s.account.live })).json.role, 'admin', 'the role is stored');
  await agent.page.reload();
  await agentNav.getByRole('link', { name: 'Chatbots' }).waitFor();
  t.pass('the new admin’s own browser shows the chatbots on their next load');
  await audit.check(t, page, 'members-roles');

  await andy.getByRole('button', { name: 'Remove Andy Agent' }).click();
  await page.getByRole('dialog', { name: 'Remove Andy Agent?' }).getByRole('button', { name: 'Remove member' }).click();
  await andy.waitFor({ state: 'detached' });
  t.equal((await s.http('GET', `/api/v1/members/${andyId}`, { key: s.account.live })).status, 404, 'the member is gone');
  await agent.page.reload();
  await agent.page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
  t.pass('the removed member’s browser is signed out');

  // Webhooks: created with its secret shown once; a test event reaches the receiver, signed with
  // that secret, and shows in the delivery log.
  await mainNav.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
  const endpoint = `${receiver.url}/hooks/crm`;
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByLabel('Endpoint URL').fill(endpoint);
  await page.getByLabel('Description').fill('CRM sync');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.getByRole('heading', { name: `Signing secret of ${endpoint}` }).waitFor();
  const signingSecret = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
  t.match(signingSecret, /^whsec_/, 'the signing secret is shown');
  await page.getByRole('row', { name: /CRM sync/ }).waitFor();
  await audit.check(t, page, 'webhooks');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  t.equal(await page.getByRole('textbox', { name: 'Secret' }).count(), 0, 'and gone once copied');

  await page.getByRole('link', { name: endpoint }).click();
  await page.getByRole('heading', { name: 'CRM sync', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'No deliveries yet' }).waitFor();
  await page.getByRole('button', { name: `Send test event to ${endpoint}` }).click();
  await page.getByRole('status').filter({ hasText: 'Test event sent' }).waitFor();
  await receiver.waitFor(1);
  const delivered = new StandardWebhook(signingSecret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as { type: string };
  t.equal(delivered.type, 'webhook.test', 'the receiver got the test event, signed with the secret shown');
  const webhookId = new URL(page.url()).hash.split('/')[2]!;
  await eventually(
    async () => (await s.http('GET', `/api/v1/webhooks/${webhookId}/deliveries`, { key: s.account.live })).json.data[0]?.status,
    (status) => status === 'succeeded',
    'the delivery is recorded as succeeded',
  );
  await page.getByRole('button', { name: 'Reload log' }).click();
  const delivery = page.locator('.deliveries li', { hasText: 'webhook.test' });
  await delivery.getByText('succeeded', { exact: true }).waitFor();
  t.match(await delivery.innerText(), /Last answer: 200/, 'the log shows the receiver’s 200');
  await audit.check(t, page, 'webhook');

  // The live/test switch: the banner, and test data only.
  await page.getByRole('switch', { name: 'Test mode' }).click();
  await page.getByRole('note', { name: 'Test mode' }).waitFor();
  t.equal(await page.getByRole('switch', { name: 'Test mode' }).getAttribute('aria-checked'), 'true');
  await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
  t.pass('in test mode the live webhook is not listed');
  await mainNav.getByRole('link', { name: 'Chatbots' }).click();
  await cards.getByRole('link', { name: 'Sandbox bot' }).waitFor();
  t.equal(await cards.getByText('Shop helper').count(), 0, 'test mode lists test chatbots only');
  await audit.check(t, page, 'chatbots-test-mode');
  await page.getByRole('switch', { name: 'Test mode' }).click();
  await page.getByRole('note', { name: 'Test mode' }).waitFor({ state: 'detached' });
  await cards.getByRole('link', { name: 'Shop helper' }).waitFor();
  t.pass('back in live mode: no banner, the live chatbot');

  // Sign-out ends the session on the server, not only on the page.
  await page.getByRole('button', { name: /^Member menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
  const after = await fetchInPage(page, 'GET', '/dashboard/session');
  t.equal(after.status, 401, 'the session is over');

  for (const recorded of pages) {
    t.same(recorded.refused, [], 'no request left this server');
    t.same(recorded.unexpectedErrors(), [], 'no errors in the console but the answers the test declared');
  }
  audit.report(t);
});
