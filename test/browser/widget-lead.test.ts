// The widget's lead form: checked in the page before anything is sent, then stored as a lead of the
// chatbot (source widget_form) and linked with the visitor's conversation; once sent, not asked again.
import t from 'tap';
import { hasFocus, until, widgetFixture } from '../helpers/widget-site.js';

interface CapturedLead {
  id: string;
  name: string | null;
  email: string | null;
  source: string;
  conversation_id: string | null;
}

t.test('after the first reply the form asks, checks the e-mail, and the lead is stored with the conversation', async (t) => {
  const w = await widgetFixture(t);
  const captured: CapturedLead[] = [];
  w.api.platform.events.subscribe('lead.captured', (event) => {
    captured.push(event.data as unknown as CapturedLead);
  });
  await w.putWidget({
    lead_form: {
      enabled: true,
      when: 'after_first_reply',
      title: 'Can we follow up?',
      fields: [
        { name: 'name', required: false },
        { name: 'email', required: true },
      ],
    },
  });
  const { page, launcher, requests, refused, errors } = await w.open('/pricing');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('How much is the premium plan?');
  await messageBox.press('Enter');

  const form = dialog.getByRole('form', { name: 'Can we follow up?' });
  await form.waitFor();
  t.equal(await messageBox.count(), 0, 'the form takes the message box’s place');
  await form.getByLabel('Name').fill('Ada Lovelace');
  const email = form.getByLabel('E-mail');
  await email.fill('ada-at-example');
  await form.getByRole('button', { name: 'Send details' }).click();
  await form.getByText('Enter a valid e-mail address.').waitFor();
  t.equal(await email.getAttribute('aria-invalid'), 'true', 'the field is marked invalid');
  t.ok(await hasFocus(email), 'and has focus');
  t.notOk(requests.some((url) => url.endsWith('/leads')), 'nothing was sent');

  await email.fill('ada@example.com');
  await form.getByRole('button', { name: 'Send details' }).click();
  await dialog.getByRole('log').getByText('Thanks! We will be in touch.').waitFor();
  await until(async () => captured.length === 1, 'the lead is captured');
  const [conversation] = await w.conversations();
  t.match(captured[0], { name: 'Ada Lovelace', email: 'ada@example.com', source: 'widget_form', conversation_id: conversation!.id }, 'lead.captured');
  const leads = await w.leads();
  t.equal(leads.length, 1, 'one lead in GET /api/v1/leads');
  t.match(leads[0], { id: captured[0]!.id, name: 'Ada Lovelace', email: 'ada@example.com', source: 'widget_form', conversation_id: conversation!.id });
  t.equal(conversation!.lead_id, captured[0]!.id, 'and it is the conversation’s lead');
  t.equal(await messageBox.count(), 1, 'the message box is back');
  t.equal(await dialog.getByRole('button', { name: 'Leave your details' }).count(), 0, 'no offer to leave details again');

  // A reload: the visitor already left their details, so the form does not come back.
  await page.reload();
  await launcher().click();
  await dialog.getByRole('log').getByText('How much is the premium plan?').waitFor();
  await messageBox.fill('And the basic plan?');
  await messageBox.press('Enter');
  await dialog.getByRole('log').getByText('And the basic plan?').waitFor();
  await dialog.getByRole('log').getByText('Typing…').waitFor({ state: 'detached' });
  // "Typing…" goes at the reply's first piece; a form would come only once the turn is stored, when
  // the reply gets its rating buttons: wait for those, or "no form" proves nothing.
  await dialog.getByRole('log').getByRole('button', { name: 'Helpful', exact: true }).nth(1).waitFor();
  t.equal(await form.count(), 0, 'no form after the reload');
  t.equal(await dialog.getByRole('button', { name: 'Leave your details' }).count(), 0, 'nor the offer to leave details');

  t.same(refused, []);
  t.same(errors, []);
});

t.test('before_chat: the form comes first and cannot be skipped while it requires the e-mail', async (t) => {
  const w = await widgetFixture(t);
  const captured: CapturedLead[] = [];
  w.api.platform.events.subscribe('lead.captured', (event) => {
    captured.push(event.data as unknown as CapturedLead);
  });
  await w.putWidget({ lead_form: { enabled: true, when: 'before_chat', fields: [{ name: 'email', required: true }] } });
  const { page, launcher, refused, errors } = await w.open('/');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const form = dialog.getByRole('form', { name: 'Leave your details' });
  await form.waitFor();
  await until(() => hasFocus(form.getByLabel('E-mail')), 'focus is in the form’s first field');
  t.equal(await dialog.getByRole('textbox', { name: 'Type your message…' }).count(), 0, 'no message box yet');
  t.equal(await form.getByRole('button', { name: 'Not now' }).count(), 0, 'no way around it');

  await form.getByRole('button', { name: 'Send details' }).click();
  await form.getByText('This field is required.').waitFor();
  await form.getByLabel('E-mail').fill('grace@example.com');
  await form.getByRole('button', { name: 'Send details' }).click();
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.waitFor();
  await until(async () => captured.length === 1, 'the lead is captured');
  t.match(captured[0], { email: 'grace@example.com', source: 'widget_form', conversation_id: null }, 'a lead before any conversation');
  t.match(await w.leads(), [{ id: captured[0]!.id, email: 'grace@example.com', conversation_id: null }], 'in GET /api/v1/leads');

  await messageBox.fill('Hello');
  await messageBox.press('Enter');
  await dialog.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  t.pass('then the visitor chats');

  t.same(refused, []);
  t.same(errors, []);
});

t.test('on_request: a “Leave your details” link opens the form, which can be put aside', async (t) => {
  const w = await widgetFixture(t);
  await w.putWidget({ lead_form: { enabled: true, when: 'on_request', fields: [{ name: 'email', required: true }, { name: 'phone', required: false }] } });
  const { page, launcher, requests, refused, errors } = await w.open('/');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const offer = dialog.getByRole('button', { name: 'Leave your details' });
  await offer.waitFor();
  t.equal(await dialog.getByRole('form').count(), 0, 'no form until asked for');
  await offer.click();
  const form = dialog.getByRole('form', { name: 'Leave your details' });
  await form.getByLabel('E-mail').fill('lin@example.com');
  await form.getByLabel('Phone').fill('call me maybe');
  await form.getByRole('button', { name: 'Send details' }).click();
  await form.getByText('Enter a valid phone number.').waitFor();
  t.notOk(requests.some((url) => url.endsWith('/leads')), 'a phone number the server would refuse is not sent');
  await form.getByRole('button', { name: 'Not now' }).click();
  await form.waitFor({ state: 'detached' });
  t.equal(await offer.count(), 1, 'the offer stays');
  t.equal(await dialog.getByRole('textbox', { name: 'Type your message…' }).count(), 1, 'and the visitor chats on');

  t.same(refused, []);
  t.same(errors, []);
});
