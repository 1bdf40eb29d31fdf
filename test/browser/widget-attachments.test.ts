// Files both ways in a real browser, host page on another origin, no request interception (issue
// 33, "Attachments"): the visitor picks an image with the file button (the browser's own file
// chooser) and sees it drawn from the bytes the server serves back; an agent's PDF arrives and is
// saved by the browser as the same bytes; an HTML page named .png is refused with a notice and
// nothing is sent; a file over the plan's size is stopped before it leaves the page; a GIF that is
// also an HTML page, opened on our origin, runs nothing; a widget that takes no files shows no
// button. axe finds nothing serious with the files shown.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { describeViolations, seriousViolations } from '../helpers/dashboard-daily.js';
import { HTML_PAGE, PDF_MINIMAL, PNG_1PX, pngOfSize } from '../helpers/files.js';
import { until, widgetFixture } from '../helpers/widget-site.js';

t.test('an image and a PDF both ways; a lying file refused; a big one stopped; none when off', async (t) => {
  const w = await widgetFixture(t, { config: { plans: { starter: { attachments: { kinds: ['image', 'pdf'], max_bytes: 4096 } } } } });
  const key = w.account.live;
  const visitor = await w.open('/support');
  const { page, launcher, refused } = visitor;
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const log = dialog.getByRole('log');
  const attach = dialog.getByRole('button', { name: 'Attach a file' });

  // The visitor's image, through the browser's file chooser.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), attach.click()]);
  t.equal(await dialog.locator('input[type=file]').getAttribute('accept'), 'image/png,image/jpeg,image/gif,image/webp,application/pdf', 'the chooser offers what the plan takes');
  await chooser.setFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG_1PX });
  const image = log.locator('.msg.user img');
  await image.waitFor();
  t.equal(await image.getAttribute('alt'), 'screenshot.png');
  t.match(await image.getAttribute('src'), /^blob:/, 'drawn from the bytes read with the token, no token in a URL');
  await until(async () => (await image.evaluate((element: any) => element.naturalWidth)) === 1, 'the browser decodes the served image');
  const [conversation] = await w.conversations();
  const stored = await w.messages(conversation!.id);
  t.match(stored, [{ role: 'user', content: '', attachment: { name: 'screenshot.png', content_type: 'image/png', size: PNG_1PX.length } }]);
  t.equal(stored.length, 1, 'the chatbot does not answer a file');

  // An HTML page named .png: the server reads the bytes and refuses; the visitor is told.
  visitor.expectHttpError(new RegExp(`^415 POST /widget/v1/${w.chatbot.id}/conversations/${conversation!.id}/attachments$`), 'an HTML page named .png');
  await attach.click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: HTML_PAGE });
  await dialog.getByText('Images and PDFs only.').waitFor();
  t.equal((await w.messages(conversation!.id)).length, 1, 'nothing sent');
  t.equal(await page.evaluate(() => (globalThis as any).pwned), undefined);

  // Over the plan's 4 KB: stopped in the page.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: pngOfSize(5000) });
  await dialog.getByText('Files up to 4 KB only.').waitFor();
  t.equal((await w.messages(conversation!.id)).length, 1, 'nothing sent');

  // The agent's PDF: shown by name and size, saved by the browser as the same bytes.
  const base = `/api/v1/chatbots/${w.chatbot.id}/conversations/${conversation!.id}`;
  t.equal((await w.api.request('POST', `${base}/handoff`, { key, payload: {} })).statusCode, 200);
  const sent = await w.api.request('POST', `${base}/attachments`, { key, payload: { name: 'Returns guide.pdf', content_base64: PDF_MINIMAL.toString('base64') } });
  t.equal(sent.statusCode, 201);
  const pdf = log.getByRole('button', { name: 'Returns guide.pdf (1 KB)' });
  await pdf.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  t.equal(download.suggestedFilename(), 'Returns guide.pdf');
  t.same(readFileSync((await download.path())!), PDF_MINIMAL, 'the same bytes saved');

  const [transcript] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the conversation' }).click()]);
  t.match(readFileSync((await transcript.path())!, 'utf8'), /You: \[screenshot\.png\]\n\nTeam: \[Returns guide\.pdf\]/, 'the transcript names the files');

  t.same(describeViolations(await seriousViolations(page)), '', 'panel open with an image and a file: no serious or critical axe violations');
  t.same(refused, [], 'the page reached only the host site and the server');
  t.same(visitor.unexpectedErrors(), [], 'the console: nothing but the declared 415');

  // A GIF that is also an HTML page, opened on our origin as a page: shown as an image, nothing runs.
  const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><body><script>window.pwned = 1</script></body></html>')]);
  const sentPolyglot = await w.api.request('POST', `${base}/attachments`, { key, payload: { name: 'trick.html', content_base64: polyglot.toString('base64') } });
  t.equal(sentPolyglot.statusCode, 201, 'its bytes open as a GIF');
  const opener = await w.browser.page({ extraHTTPHeaders: { authorization: `Bearer ${key}` } }, [w.base]);
  const opened = await opener.page.goto(`${w.base}${base}/attachments/${sentPolyglot.json.message.attachment.id}`);
  t.equal(opened!.headers()['content-type'], 'image/gif');
  t.equal(await opener.page.evaluate(() => (globalThis as any).pwned), undefined, 'no script of the file ran on our origin');
  t.equal(await opener.page.evaluate(() => (globalThis as any).document.querySelectorAll('script').length), 0, 'no element of the file became the page');

  // A widget that takes no files: no button.
  await w.putWidget({ attachments: false });
  const later = await w.open('/support');
  await later.launcher().click();
  const laterDialog = later.page.getByRole('dialog', { name: 'Acme Help' });
  await laterDialog.getByRole('textbox', { name: 'Type your message…' }).waitFor();
  t.equal(await laterDialog.getByRole('button', { name: 'Attach a file' }).count(), 0);
});

t.test('a host page whose policy allows no blob: images: the file is a button that saves it', async (t) => {
  const w = await widgetFixture(t);
  const policy = `default-src 'none'; script-src ${w.base}; connect-src ${w.base}; style-src 'none'; img-src 'none'`;
  w.site.set('/strict', {
    body: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"><title>Strict</title></head>
<body><h1>Strict page</h1><script src="${w.base}/widget.js" data-chatbot-id="${w.chatbot.id}" async></script></body></html>`,
  });
  const visitor = await w.open('/');
  const { page, launcher } = visitor;
  await page.goto(w.site.url('/strict'));
  await launcher().click();
  const dialog = page.getByRole('dialog', { name: 'Acme Help' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Attach a file' }).click()]);
  await chooser.setFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG_1PX });
  const button = dialog.getByRole('log').getByRole('button', { name: 'screenshot.png (1 KB)' });
  await button.waitFor();
  t.equal(await dialog.locator('.msg.user img').count(), 0, 'no broken image');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  t.same(readFileSync((await download.path())!), PNG_1PX, 'saved as the same bytes');
  await until(async () => visitor.cspViolations.length > 0, 'the browser reports the blocked image');
  t.ok(visitor.cspViolations.every((violation) => /^img-src blob\b/.test(violation)), `only the blob: image was refused: ${visitor.cspViolations.join('; ')}`);
  // Declared here, so the page's end check (no violation) looks at nothing else.
  visitor.cspViolations.length = 0;
  t.same(visitor.unexpectedErrors().filter((line) => !/Content Security Policy/.test(line)), [], 'no other console error');
});

