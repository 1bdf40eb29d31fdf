// Issue 28 in a real browser, host page on another origin, no request interception: outside the
// chatbot's business hours a visitor who asks for a person is told nobody is there, in their
// language, and asked for an e-mail address; the address becomes a `handoff_offline` lead linked to
// the conversation, which waits in the inbox.
import t from 'tap';
import { phrasesFor } from '../../plugins/conversations/answer/phrases.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { widgetFixture } from '../helpers/widget-site.js';

/** Monday to Friday, 09:00 to 17:30 in Berlin. */
const OFFICE_HOURS = {
  enabled: true,
  time_zone: 'Europe/Berlin',
  weekly: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, from: '09:00', to: '17:30' })),
};

const VISITORS = [
  { language: 'en', locale: 'en-GB', message: 'Can I speak to a human please?', email: 'sam@visitor.example' },
  { language: 'fr', locale: 'fr-FR', message: 'Je voudrais parler à un conseiller', email: 'claire@visiteur.example' },
] as const;

t.test('outside business hours the visitor is asked for an e-mail and the lead appears', async (t) => {
  const w = await widgetFixture(t);
  w.api.clock.set('2026-11-21T20:00:00.000Z'); // Saturday, 21:00 in Berlin
  const settings = await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, {
    key: w.account.live,
    payload: { handoff: { business_hours: OFFICE_HOURS } },
  });
  t.equal(settings.statusCode, 200);
  // A French translation: French visitors' conversations are in French, so is the bot's reply.
  await w.putWidget({ translations: { fr: { subtitle: 'Nous répondons en français' } } });

  for (const { language, locale, message, email } of VISITORS) {
    const ui = WIDGET_UI[language]!;
    const { page, launcher, refused, errors } = await w.open(`/${language}/contact`, { locale });
    await launcher().click();
    const dialog = page.getByRole('dialog', { name: 'Acme Help' });
    const log = dialog.getByRole('log');
    const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
    await messageBox.fill(message);
    await messageBox.press('Enter');
    await log.getByText(phrasesFor(language, 'friendly').handoffOffline).waitFor();
    t.pass(`${language}: told nobody is there, in the visitor’s language`);
    t.equal(await log.getByText(ui.agentJoined).count(), 0, `${language}: no "an agent has joined"`);

    const form = dialog.getByRole('form', { name: ui.offlineEmailTitle });
    await form.waitFor();
    const field = form.getByLabel(ui.email);
    t.equal(await messageBox.count(), 0, `${language}: the e-mail request takes the composer’s place`);
    await field.fill('not an address');
    await form.getByRole('button', { name: ui.submit }).click();
    await form.getByText(ui.invalidEmail).waitFor();
    t.pass(`${language}: a wrong address is pointed out before sending`);
    if (language === 'en') await w.browser.screenshot(page, 'widget-offline-handoff-email');
    await field.fill(email);
    await form.getByRole('button', { name: ui.submit }).click();
    await log.getByText(ui.offlineThanks).waitFor();
    t.equal(await form.count(), 0, `${language}: the request is gone once answered`);
    await dialog.getByRole('textbox', { name: 'Type your message…' }).waitFor();

    const [conversation] = await w.conversations();
    const lead = (await w.leads()).find((found) => found.email === email);
    t.match(lead, { source: 'handoff_offline', conversation_id: conversation!.id }, `${language}: the lead appears, linked to the conversation`);
    t.match(conversation, { status: 'handoff', lead_id: lead?.id }, `${language}: the conversation waits in the inbox with its lead`);
    t.same(refused, [], `${language}: no request left the two local servers`);
    t.same(errors, [], `${language}: no console errors`);
    await page.context().close();
  }
});
