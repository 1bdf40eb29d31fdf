// The widget editor's parts of issue 33 in a real browser, under the dashboard's own policy: the
// owner makes the identity secret (shown once), and the secret the page showed signs a visitor the
// server then takes as verified; verification is turned on and saved; a proactive message and the
// consent mode are saved through the form; the inbox shows a visitor's deletion request. axe
// finds nothing serious on the widget page with the secret shown.
import { createHmac } from 'node:crypto';
import t from 'tap';
import { dailyFixture, describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';

t.test('the identity secret, verification, a proactive message and the consent mode from the widget editor', async (t) => {
  const s = await dailyFixture(t);
  const recorded = await s.dashboard();
  const { page, refused } = recorded;
  await s.signIn(page, s.owner);
  await page.goto(`${s.base}/dashboard#/chatbots/${s.chatbot.id}/widget`);
  await page.getByRole('button', { name: 'Make an identity secret' }).click();
  const secretBox = page.getByRole('region', { name: 'Identity secret' });
  await secretBox.waitFor();
  const secret = await secretBox.getByLabel('Secret').inputValue();
  t.match(secret, /^wis_/);
  t.same(describeViolations(await seriousViolations(page)), '', 'the secret shown: no serious or critical axe violations');
  await secretBox.getByRole('button', { name: 'I have copied it' }).click();
  await page.getByRole('button', { name: 'Replace the identity secret' }).waitFor();

  // The secret the page showed is the one the server checks.
  const userHash = createHmac('sha256', secret).update('u-1').digest('hex');
  const started = await s.api.request('POST', `/widget/v1/${s.chatbot.id}/conversations`, { payload: { user: { user_id: 'u-1', name: 'Ana', user_hash: userHash } } });
  t.equal(started.statusCode, 201);
  const conversationId = started.json.conversation.id as string;

  await page.getByLabel('Refuse visitors named without a valid user_hash').check();
  await page.getByRole('button', { name: 'Add a proactive message' }).click();
  await page.getByLabel('Pages (1)').fill('/pricing');
  await page.getByLabel('Seconds (1)').fill('5');
  await page.getByLabel('Message (1)').fill('Questions about our plans?');
  await page.getByLabel('Visitor’s browser storage').selectOption('after_interaction');
  await page.getByRole('button', { name: 'Save widget' }).click();
  await page.getByRole('status').filter({ hasText: 'Widget saved' }).waitFor();
  const saved = (await s.api.request('GET', `/api/v1/chatbots/${s.chatbot.id}/widget`, { key: s.key })).json;
  t.equal(saved.identity_verification, true);
  t.same(saved.display_rules.proactive, [{ match: '/pricing', delay_seconds: 5, message: 'Questions about our plans?', translations: {} }], 'a rule made in the editor, with no translations');
  t.same(saved.privacy, { storage: 'after_interaction' });
  t.type(saved.identity_secret_created_at, 'string');

  // The visitor asks for their conversation's deletion: the inbox says so.
  const token = started.json.token as string;
  t.equal((await s.api.request('POST', `/widget/v1/${s.chatbot.id}/conversations/${conversationId}/messages`, { headers: { authorization: `Bearer ${token}` }, payload: { content: 'Hello' } })).statusCode, 201);
  t.equal((await s.api.request('POST', `/widget/v1/${s.chatbot.id}/conversations/${conversationId}/deletion-request`, { headers: { authorization: `Bearer ${token}` }, payload: {} })).statusCode, 202);
  await page.goto(`${s.base}/dashboard#/inbox/${s.chatbot.id}/${conversationId}`);
  await page.getByTestId('conversation-deletion-request').waitFor();
  t.match(await page.getByTestId('conversation-deletion-request').textContent(), /asked for this conversation to be deleted/);
  t.same(refused, []);
  t.same(recorded.unexpectedErrors(), [], 'no errors in the console but the answers the harness declares');
});
