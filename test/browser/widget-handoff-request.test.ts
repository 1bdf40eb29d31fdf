// Handoff without configuration, in a real browser on a host page of another origin: a visitor who
// asks for a person in their language is handed off with no rule written, and the agent's reply
// reaches the widget; after a reply that did not know, "Talk to a person" does the same in one press.
import t from 'tap';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { widgetFixture } from '../helpers/widget-site.js';

const REQUESTS: Record<string, { locale: string; message: string }> = {
  en: { locale: 'en-GB', message: 'Can I speak to a human please?' },
  de: { locale: 'de-DE', message: 'Ich möchte mit einem Mitarbeiter sprechen' },
  fr: { locale: 'fr-FR', message: 'Je voudrais parler à un conseiller' },
  ro: { locale: 'ro-RO', message: 'Vreau să vorbesc cu un om' },
};

t.test('a visitor asks for a person in each language and gets the agent’s reply', async (t) => {
  const w = await widgetFixture(t);
  const key = w.account.live;
  // The agent answers through the API, with no dashboard open: the promise of a person, not "nobody is there".
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key, payload: { handoff: { require_available_member: false } } })).statusCode, 200);
  for (const [language, { locale, message }] of Object.entries(REQUESTS)) {
    const ui = WIDGET_UI[language]!;
    const { page, launcher, refused, errors } = await w.open(`/${language}/help`, { locale });
    await launcher().click();
    const dialog = page.getByRole('dialog', { name: 'Acme Help' });
    const log = dialog.getByRole('log');
    const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
    await messageBox.fill(message);
    await messageBox.press('Enter');
    await log.getByText(ui.agentJoined).waitFor();
    const [conversation] = await w.conversations();
    t.match(conversation, { status: 'handoff', channel: 'widget' }, `${language}: handed off by "${message}", no rule written`);

    const agentSays = `(${language}) Hello, Dana here.`;
    const reply = await w.api.request('POST', `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}/messages`, {
      key,
      payload: { role: 'agent', content: agentSays },
    });
    t.equal(reply.statusCode, 201, `${language}: the agent writes`);
    await log.getByText(agentSays).waitFor();
    t.pass(`${language}: the agent’s reply reached the visitor’s widget on the other origin`);
    t.same(refused, [], `${language}: no request left the two local servers`);
    t.same(errors, [], `${language}: no console errors (a refused preflight would show here)`);
    await page.context().close();
  }
});

t.test('after a reply that did not know, “Talk to a person” hands off in one press', async (t) => {
  const w = await widgetFixture(t);
  const settings = { handoff: { require_available_member: false } };
  t.equal((await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, { key: w.account.live, payload: settings })).statusCode, 200);
  const { page, launcher, refused, errors } = await w.open('/kayaks', { locale: 'de-DE' });
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const log = dialog.getByRole('log');
  const talk = dialog.getByRole('button', { name: WIDGET_UI.de!.talkToPerson });
  t.equal(await talk.count(), 0, 'not offered before anything was asked');

  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('Verkaufen Sie Kajaks?');
  await messageBox.press('Enter');
  await talk.waitFor();
  t.pass('offered under the fallback, in the browser’s language');
  await w.browser.screenshot(page, 'widget-talk-to-person');
  await talk.click();
  await log.getByText(WIDGET_UI.de!.agentJoined).waitFor();
  t.equal(await log.getByText(WIDGET_UI.de!.talkToPersonMessage).count(), 1, 'the press sent the request as the visitor’s message');
  t.equal(await talk.count(), 0, 'no longer offered once a person has the conversation');
  const [conversation] = await w.conversations();
  t.equal(conversation!.status, 'handoff', 'handed off');
  t.same(refused, []);
  t.same(errors, []);
});

t.test('turned off, neither words nor the button hand off', async (t) => {
  const w = await widgetFixture(t);
  const settings = await w.api.request('PUT', `/api/v1/chatbots/${w.chatbot.id}/settings`, {
    key: w.account.live,
    payload: { handoff: { on_visitor_request: false } },
  });
  t.equal(settings.statusCode, 200);
  const { page, launcher } = await w.open('/off');
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const messageBox = dialog.getByRole('textbox', { name: 'Type your message…' });
  await messageBox.fill('I want to talk to a person');
  await messageBox.press('Enter');
  await dialog.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  t.equal(await dialog.getByRole('button', { name: 'Talk to a person' }).count(), 0, 'no button');
  const [conversation] = await w.conversations();
  t.equal(conversation!.status, 'open', 'still with the bot');
});
