// Leads (Dashboard II) in a real browser: a visitor leaves their details in the widget's form; the
// owner finds the lead in the table (filters and search), opens it (details, its conversation),
// changes its status and notes (still there after a reload), exports the table as CSV (the file
// holds the lead) and deletes another lead. Then axe-core and screenshots, desktop and phone.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';

const NOTE = 'Wants the premium plan for 12 people. Call on Monday.';

t.test('a lead from the widget is worked in the dashboard and exported', async (t) => {
  const d = await dailyFixture(t);
  await d.call('PUT', `/api/v1/chatbots/${d.chatbot.id}/widget`, {
    lead_form: { enabled: true, when: 'after_first_reply', title: 'Can we follow up?', fields: [{ name: 'name', required: false }, { name: 'email', required: true }] },
  });
  // Another lead, through the API, to delete later.
  const other = await d.call('POST', '/api/v1/leads', { chatbot_id: d.chatbot.id, name: 'Bob Spam', email: 'bob@example.com' });

  // The visitor asks, and leaves their details in the form that follows the first reply.
  const visitor = await d.visitor('/pricing');
  await visitor.page.getByRole('button', { name: 'Chat with us', exact: true }).click();
  const widget = visitor.page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = widget.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('How much is the premium plan?');
  await messageBox.press('Enter');
  const form = widget.getByRole('form', { name: 'Can we follow up?' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('E-mail').fill('ada@example.com');
  await form.getByRole('button', { name: 'Send details' }).click();
  await widget.getByRole('log').getByText('Thanks! We will be in touch.').waitFor();
  t.same(visitor.refused, [], 'the widget reached only the two local servers');

  // The owner signs in and opens the leads.
  const owner = await d.dashboard();
  const { page } = owner;
  await d.signIn(page, d.owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  const table = page.getByRole('table', { name: 'Leads' });
  const ada = table.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await ada.waitFor();
  t.match(await ada.innerText(), /ada@example\.com\s+New\s+Widget form\s+Acme Help/i, 'the widget’s lead: e-mail, status, source, chatbot');
  t.equal(await table.getByRole('row').count(), 3, 'a header and two leads');

  // Search and filters narrow the table (the address keeps them).
  await page.getByRole('searchbox').fill('lovelace');
  await page.getByRole('button', { name: 'Search' }).click();
  await table.getByRole('row').filter({ hasText: 'Bob Spam' }).waitFor({ state: 'detached' });
  t.equal(await table.getByRole('row').count(), 2, 'the search finds Ada only');
  t.match(page.url(), /#\/leads\?q=lovelace$/, 'in the address');
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Source').selectOption('api');
  await page.getByRole('heading', { name: 'No leads' }).waitFor();
  t.pass('no lead from the API matches “lovelace”');
  await page.getByRole('link', { name: 'Clear filters and search' }).click();
  await table.getByRole('row').filter({ hasText: 'Bob Spam' }).waitFor();

  // The lead's page: details and the conversation.
  await ada.getByRole('link', { name: 'Ada Lovelace' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByText('How much is the premium plan?').waitFor();
  const [widgetConversation] = (await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/conversations`)).data;
  t.equal(
    await conversation.getByRole('link', { name: 'Open in the inbox' }).getAttribute('href'),
    `#/inbox/${d.chatbot.id}/${widgetConversation.id}`,
    'a link to the conversation in the inbox',
  );
  t.match(await page.getByRole('region', { name: 'Details' }).innerText(), /E-mail\s+ada@example\.com[\s\S]*Source\s+Widget form/, 'the details');

  // Status and notes, saved, still there after a reload.
  const followUp = page.getByRole('form', { name: 'Follow-up' });
  await followUp.getByLabel('Status').selectOption('qualified');
  await followUp.getByLabel('Notes').fill(NOTE);
  await followUp.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Lead saved.' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
  t.equal(await followUp.getByLabel('Status').inputValue(), 'qualified', 'the status persisted');
  t.equal(await followUp.getByLabel('Notes').inputValue(), NOTE, 'the note persisted');
  const stored = (await d.call('GET', `/api/v1/leads?chatbot_id=${d.chatbot.id}&q=ada`)).data[0];
  t.match(stored, { status: 'qualified', notes: NOTE }, 'and the API says so');

  // The CSV export of the table as filtered: it holds the lead, and only what the filters show.
  await page.goto(`${d.base}/dashboard#/leads?status=qualified`);
  await table.getByRole('row').filter({ hasText: 'Ada Lovelace' }).waitFor();
  t.equal(await table.getByRole('row').count(), 2, 'the status filter shows Ada only');
  const exportLink = page.getByRole('link', { name: 'Export CSV of the leads shown' });
  t.equal(await exportLink.getAttribute('href'), '/api/v1/leads/export?format=csv&status=qualified', 'the export takes the filters');
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  t.match(lines[0], /email/, 'a header row');
  t.equal(lines.length, 2, 'the header and one lead');
  t.match(lines[1], /Ada Lovelace.*ada@example\.com.*qualified/, 'the lead, with its new status');
  t.match(csv, /Wants the premium plan/, 'and its note');
  t.notMatch(csv, /bob@example\.com/, 'not the lead the filter left out');

  // Deleting a lead asks first, then it is gone.
  await page.goto(`${d.base}/dashboard#/leads/${other.id}`);
  await page.getByRole('heading', { level: 1, name: 'Bob Spam' }).waitFor();
  await page.getByRole('button', { name: 'Delete lead' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Bob Spam?' });
  await confirm.getByRole('button', { name: 'Delete lead' }).click();
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  await table.getByRole('row').filter({ hasText: 'Ada Lovelace' }).waitFor();
  t.equal(await table.getByRole('row').filter({ hasText: 'Bob Spam' }).count(), 0, 'gone from the table');
  t.equal((await d.api.request('GET', `/api/v1/leads/${other.id}`, { key: d.key })).statusCode, 404, 'and from the API');
  t.same(owner.unexpectedErrors(), [], 'no console errors (the dashboard’s CSP enforced)');

  // Accessibility and screenshots: the table and a lead, desktop and phone.
  const lead = stored.id as string;
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport });
    await d.signIn(scan.page, d.owner);
    await scan.page.goto(`${d.base}/dashboard#/leads`);
    await scan.page.getByRole('table', { name: 'Leads' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `leads, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `leads, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-leads-${device}`);
    await scan.page.goto(`${d.base}/dashboard#/leads/${lead}`);
    await scan.page.getByRole('region', { name: 'Conversation' }).getByText('How much is the premium plan?').waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `lead, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `lead, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-lead-${device}`);
    await scan.context.close();
  }
});
