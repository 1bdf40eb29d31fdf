// What test/helpers/browser.ts promises every browser test, checked in the browser: outside hosts
// cannot be reached (and are listed as refused) while the loopback servers can, with no request
// interception; and the end-of-test check fails a test on an answer of status 400 or more it did
// not declare, on a declared one that never came, and on a Content-Security-Policy violation.
import { isDeepStrictEqual } from 'node:util';
import t, { type Test } from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import { startSite, type SitePage } from '../helpers/site.js';
import { until } from '../helpers/widget-site.js';

/** A page with its own icon: no favicon request, whose 404 would be an answer to declare. */
function page(head: string, body: string): SitePage {
  return { body: `<!doctype html><html><head>${head}<link rel="icon" href="data:,"><title>Test</title></head><body>${body}</body></html>` };
}

t.test('outside hosts fail in the browser’s resolver and are listed as refused; 127.0.0.1 answers', async (t) => {
  const site = await startSite(t, { '/': page('', '<h1>Home</h1>'), '/data': { type: 'application/json', body: '{"ok":true}' } });
  const session = await launchBrowser(t);
  const { page: tab, refused, requests } = await session.page({}, [site.origin]);
  await tab.goto(site.url('/'));
  const outside = ['https://example.com/x', 'http://93.184.216.34/pixel.png', 'http://localhost:9/'];
  const failures = await tab.evaluate(
    (urls) => Promise.all(urls.map((url) => fetch(url).then((response) => `answered ${response.status}`, (error) => String(error)))),
    outside,
  );
  t.same(failures, outside.map(() => 'TypeError: Failed to fetch'), 'a name, an outside address and another loopback name: none answers');
  await until(async () => refused.length === outside.length, 'the failures are recorded');
  t.same([...refused].sort(), [...outside].sort(), 'each is listed as refused');
  t.same(await tab.evaluate(() => fetch('/data').then((response) => response.json())), { ok: true }, 'the site on 127.0.0.1 answers');
  t.ok(requests.includes(site.url('/data')), 'its request was recorded, not refused');
  const [failed] = await Promise.all([tab.waitForEvent('requestfailed'), tab.evaluate(() => fetch('https://example.com/y').catch(() => null))]);
  t.equal(failed.failure()?.errorText, 'net::ERR_NAME_NOT_RESOLVED', 'refused by the host resolver rules: no connection was tried');
});

t.test('the end-of-test check: undeclared answers >= 400, declared ones that never came, CSP violations', async (t) => {
  const site = await startSite(t, {
    '/': page('', '<h1>Home</h1>'),
    '/strict': page(`<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`, `<script>document.title = 'ran';</script>`),
  });
  // A stand-in for the test the helper checks: it records what the check asserts.
  const asserted: Array<{ found: unknown; wanted: unknown; message: string }> = [];
  const closers: Array<() => unknown> = [];
  const probe = {
    onbeforeend: () => undefined,
    teardown: (close: () => unknown) => closers.push(close),
    same: (found: unknown, wanted: unknown, message: string) => asserted.push({ found, wanted, message }),
  };
  t.teardown(async () => {
    for (const close of closers) await close();
  });
  const session = await launchBrowser(probe as unknown as Test);
  const visitor = await session.page({}, [site.origin]);
  visitor.expectHttpError('404 GET /missing', 'asked for below');
  visitor.expectHttpError('410 GET /gone', 'never asked for');
  await visitor.page.goto(site.url('/'));
  const statuses = await visitor.page.evaluate(() => Promise.all(['/missing', '/other?x=1'].map((path) => fetch(path).then((response) => response.status))));
  t.same(statuses, [404, 404], 'two answers of 404');
  await visitor.page.goto(site.url('/strict'));
  t.equal(await visitor.page.title(), 'Test', 'the inline script was refused by the page’s policy');
  await until(async () => visitor.cspViolations.length > 0, 'the violation is reported');

  t.same(
    visitor.unexpectedErrors().filter((error) => error.startsWith('Failed to load resource')),
    ['Failed to load resource: the server responded with a status of 404 (Not Found)'],
    'the console line of the undeclared 404 is an error; the declared one is not',
  );
  probe.onbeforeend();
  const failed = asserted.filter((check) => !isDeepStrictEqual(check.found, check.wanted));
  t.same(
    failed.map((check) => check.found),
    [['404 GET /other?x=1'], ['410 GET /gone (never asked for)'], failed[2]?.found],
    'the check fails on the undeclared 404, the declared 410 that never came, and the policy violation',
  );
  t.match(failed[2]?.found, [/^script-src-elem inline/], 'the violation names the directive');
  t.equal(asserted.length, 3, 'and asserts three things for the one context');
});
