// Files in the inbox, in a real browser: a visitor's conversation (through the widget's routes, as
// the widget makes them) with a question and an image, handed off. An agent, invited and signed in
// through the page, takes it: the image is drawn (loaded from the API's file route with the
// session cookie, its name as the alt text, as text and nothing else), a click opens it in a new
// tab. The agent attaches a PDF through the real file chooser (opened from the keyboard): it shows
// as a download link with its name and size, the download is the same bytes, and the visitor's
// side has it. An HTML page named .png is refused with the server's message where the composer
// shows errors, and nothing is sent. A second image from the visitor arrives live. axe-core and
// screenshots at 1280 and 375 px. No request is intercepted.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { HTML_PAGE, PDF_MINIMAL, PNG_1PX } from '../helpers/files.js';
import { visit } from '../helpers/widget-visit.js';

const QUESTION = 'Here is the photo of the damaged parcel.';
/** An entity in the name: drawn as HTML it would read `&`, as text it reads as sent. */
const IMAGE_NAME = 'parcel &amp; label.png';
const AGENT_REPLY = 'Thank you, a refund is on its way.';
const UNSUPPORTED = 'The file’s bytes are not an image (PNG, JPEG, GIF or WebP) or a PDF: the type is read from the bytes, not the name';

t.test('an agent sees a visitor’s image, sends a PDF, and is told why an HTML page named .png is refused', async (t) => {
  const d = await dailyFixture(t);
  const widgetBase = `/widget/v1/${d.chatbot.id}/conversations`;

  // The visitor's side, through the widget's routes: a conversation, a question, an image.
  const started = await visit(d.api, 'POST', widgetBase, { payload: {} });
  t.equal(started.statusCode, 201, 'the widget started a conversation');
  const { conversation, token } = started.json as { conversation: { id: string }; token: string };
  const apiBase = `/api/v1/chatbots/${d.chatbot.id}/conversations/${conversation.id}`;
  t.equal((await visit(d.api, 'POST', `${widgetBase}/${conversation.id}/messages`, { token, payload: { content: QUESTION } })).statusCode, 201);
  const sent = await visit(d.api, 'POST', `${widgetBase}/${conversation.id}/attachments`, { token, payload: { name: IMAGE_NAME, content_base64: PNG_1PX.toString('base64') } });
  t.equal(sent.statusCode, 201, 'the visitor’s image was taken');
  const image = sent.json.message.attachment as { id: string; name: string; size: number };
  t.equal(image.name, IMAGE_NAME, 'kept under the name it was sent with');
  await d.call('POST', `${apiBase}/handoff`);

  // An agent joins and takes it.
  const link = await d.invite('andy@example.com', 'agent');
  const agent = await d.dashboard({ hash: new URL(link).hash });
  const { page } = agent;
  await d.acceptInvitation(page, 'Andy Agent', 'agent password 1');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const article = page.getByRole('article');
  const transcript = article.getByRole('list', { name: 'Messages' });
  await transcript.getByText(QUESTION).waitFor();
  await article.getByRole('button', { name: 'Take conversation' }).click();
  await article.getByText('With you', { exact: true }).waitFor();

  // The visitor's image, drawn from the file route with the session cookie.
  const picture = transcript.getByRole('img', { name: IMAGE_NAME, exact: true });
  await picture.waitFor();
  await picture.scrollIntoViewIfNeeded();
  await page.waitForFunction((element) => (element as { complete?: boolean } | null)?.complete === true, await picture.elementHandle());
  t.equal(await picture.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), 1, 'the image loaded (naturalWidth 1, the 1×1 PNG)');
  t.equal(await picture.getAttribute('alt'), IMAGE_NAME, 'its alt text is the file’s name, as text');
  t.equal(await picture.getAttribute('src'), `${apiBase}/attachments/${image.id}`, 'from the API’s file route, same origin');
  const box = await picture.boundingBox();
  t.ok(box && box.width >= 40 && box.width <= 330 && box.height <= 250, `drawn within bounds (${box?.width}×${box?.height})`);
  // (`has` is looked for inside each message: a locator of its own, not one under the transcript.)
  const visitorMessage = transcript.locator('.message.user').filter({ has: page.getByRole('img', { name: IMAGE_NAME, exact: true }) });
  t.equal(await visitorMessage.count(), 1, 'the image is the visitor’s message');
  t.equal(await visitorMessage.locator('.message-text').count(), 0, 'a file sent alone has no empty text paragraph');
  t.equal(await visitorMessage.locator('figcaption').innerText(), `${IMAGE_NAME} · ${PNG_1PX.length} bytes`, 'its name and size below it, as text');
  const imageLink = transcript.getByRole('link', { name: new RegExp(`^${IMAGE_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  t.equal(await imageLink.getAttribute('target'), '_blank', 'the image opens in a new tab');
  t.match(await imageLink.getAttribute('rel'), /noopener/, 'without a handle on the dashboard');
  const [opened] = await Promise.all([agent.context.waitForEvent('page'), imageLink.click()]);
  await opened.waitForLoadState();
  t.equal(new URL(opened.url()).pathname, `${apiBase}/attachments/${image.id}`, 'the new tab shows the file');
  await opened.close();
  await page.bringToFront();

  // The agent attaches a PDF: the button, from the keyboard, opens the real file chooser. Listened
  // for well before the key: Playwright asks the browser to hand choosers over without waiting for
  // it, and a key pressed at once could open the chooser before (seen: no event, 2 runs in 4).
  const choosing = page.waitForEvent('filechooser');
  const before = (await d.call('GET', `${apiBase}/messages`)).data.length;
  t.equal(await transcript.locator('.message').count(), before, `the transcript shows the ${before} messages so far`);
  const attach = article.getByRole('button', { name: 'Attach a file' });
  t.notOk(await attach.isDisabled(), 'the agent may attach while they have the conversation');
  await attach.focus();
  await page.keyboard.press('Enter');
  const chooser = await choosing;
  t.equal(await chooser.element().getAttribute('accept'), 'image/png,image/jpeg,image/gif,image/webp,application/pdf', 'the chooser offers images and PDFs');
  t.notOk(chooser.isMultiple(), 'one file at a time');
  await chooser.setFiles({ name: 'Returns guide.pdf', mimeType: 'application/pdf', buffer: PDF_MINIMAL });
  const pdfLink = transcript.getByRole('link', { name: 'Returns guide.pdf', exact: true });
  await pdfLink.waitFor();
  const pdfMessage = transcript.locator('.message.agent').filter({ has: page.getByRole('link', { name: 'Returns guide.pdf', exact: true }) });
  t.match(await pdfMessage.innerText(), new RegExp(`Agent · Andy Agent[\\s\\S]*Returns guide\\.pdf \\(PDF, ${PDF_MINIMAL.length} bytes\\)`), 'the PDF’s message: who sent it, its name and size');
  t.equal(await transcript.locator('.message').count(), before + 1, 'the PDF is one new message');
  await page.getByRole('status').filter({ hasText: 'File sent: Returns guide.pdf.' }).waitFor();
  t.pass('the file’s sending was announced');
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.textContent?.trim() === 'Attach a file');
  t.pass('focus is back on Attach a file');

  const stored = (await d.call('GET', `${apiBase}/messages?role=agent`)).data;
  t.match(stored, [{ content: '', author: { name: 'Andy Agent' }, attachment: { name: 'Returns guide.pdf', content_type: 'application/pdf', size: PDF_MINIMAL.length } }], 'the API has the agent’s file');
  const pdf = stored[0].attachment as { id: string };
  t.equal(await pdfLink.getAttribute('href'), `${apiBase}/attachments/${pdf.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  t.equal(download.suggestedFilename(), 'Returns guide.pdf', 'the link downloads the file under its name');
  t.same(await readFile((await download.path())!), PDF_MINIMAL, 'the same bytes');
  const polled = (await visit(d.api, 'GET', `${widgetBase}/${conversation.id}`, { token })).json.messages as Array<{ role: string; attachment: { id: string } | null }>;
  t.same(
    polled.filter((message) => message.attachment).map((message) => [message.role, message.attachment!.id]),
    [
      ['user', image.id],
      ['agent', pdf.id],
    ],
    'the visitor’s side has both files',
  );

  // An HTML page named .png: the server's 415, its message where the composer shows errors, nothing sent.
  agent.expectHttpError(`415 POST ${apiBase}/attachments`, 'an HTML page named .png, refused by its bytes');
  await article.locator('input[type="file"]').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: HTML_PAGE });
  const refused = article.locator('.reply-form').getByRole('alert');
  await refused.waitFor();
  t.equal(await refused.innerText(), UNSUPPORTED, 'the server’s message, under the reply box');
  t.equal(await transcript.locator('.message').count(), before + 1, 'nothing new in the transcript');
  t.equal((await d.call('GET', `${apiBase}/messages`)).data.length, before + 1, 'nothing sent');
  t.equal(await transcript.getByText('invoice.png').count(), 0, 'the refused file is nowhere');

  // Accessibility and screenshots with both files and the error on screen, desktop and phone.
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await picture.scrollIntoViewIfNeeded();
    t.same(describeViolations(await seriousViolations(page)), '', `conversation with files, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(page), `conversation with files, ${device}: no sideways scrolling`);
    await screenshot(page, `dashboard-attachments-${device}`);
  }
  await page.setViewportSize(DESKTOP);

  // A reply sent next clears the file's error.
  await article.getByLabel('Your reply').fill(AGENT_REPLY);
  await article.getByRole('button', { name: 'Send reply' }).click();
  await transcript.getByText(AGENT_REPLY).waitFor();
  await refused.waitFor({ state: 'detached' });
  t.pass('the error went with the next reply');

  // Another image from the visitor, while the agent looks: it arrives live, drawn, and announced by its name.
  const again = await visit(d.api, 'POST', `${widgetBase}/${conversation.id}/attachments`, { token, payload: { name: 'second photo.png', content_base64: PNG_1PX.toString('base64') } });
  t.equal(again.statusCode, 201);
  const live = transcript.getByRole('img', { name: 'second photo.png', exact: true });
  await live.waitFor();
  await live.scrollIntoViewIfNeeded();
  await page.waitForFunction((element) => (element as { complete?: boolean } | null)?.complete === true, await live.elementHandle());
  t.equal(await live.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), 1, 'the image sent meanwhile arrived without a reload, and loaded');
  await page.getByRole('status').filter({ hasText: /New message from Visitor \w+: sent a file, second photo\.png/ }).waitFor();
  t.pass('the notice names the file (the message has no words)');

  t.same(agent.unexpectedErrors(), [], 'no console errors in the agent’s dashboard but the declared 415');
});
