// URL items against a real local website: fetch, crawl, sitemap, refresh, and the SSRF guard.
import t, { type Test } from 'tap';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';
import { htmlPage, startSite } from '../helpers/site.js';

const article = (topic: string, sentence: string, links = '') =>
  htmlPage(
    `${topic} | Help`,
    `<article><h1>${topic}</h1><p>${sentence} This paragraph is long enough for Readability to treat the page as an article worth reading, with more than one sentence.</p>${links}</article>`,
  );

async function setup(t: Test, allowed: string[]) {
  const api = await buildTestServer(t, { config: { fetch: { allowed_cidrs: allowed, timeout_ms: 2000 } } });
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Web' } })).json as { id: string };
  const add = async (payload: Record<string, unknown>) => {
    const response = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload: { type: 'url', ...payload } });
    t.equal(response.statusCode, 201, `added ${String(payload.url)}`);
    return response.json as { id: string; status: string };
  };
  const item = async (id: string) => (await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge/${id}`, { key: acme.live })).json;
  const search = async (query: string) =>
    (await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/search`, { key: acme.live, payload: { query } })).json.data as Array<{
      url: string;
      text: string;
      document_id: string;
    }>;
  const drain = () => api.server.plugins.knowledge.worker.drain();
  return { api, acme, bot, add, item, search, drain };
}

t.test('a page is fetched in the background, never inside the request', async (t) => {
  const { add, item, search, drain } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, { '/returns': article('Returns', 'Returns are free within thirty days.') });
  const added = await add({ url: site.url('/returns') });
  t.equal(added.status, 'pending');
  t.equal(site.hits('/returns'), 0, 'not fetched during the request');
  await drain();
  t.equal(site.hits('/returns'), 1);
  const ready = await item(added.id);
  t.match(ready, { status: 'ready', title: 'Returns', pages: [{ url: site.url('/returns'), title: 'Returns' }] });
  const [best] = await search('are returns free?');
  t.match(best, { document_id: added.id, url: site.url('/returns'), text: /free within thirty days/ });
});

t.test('same-site crawl up to max_pages, following links; other sites are not followed', async (t) => {
  const { add, item, search, drain } = await setup(t, ['127.0.0.1/32']);
  const other = await startSite(t, { '/elsewhere': article('Elsewhere', 'Foreign content about volcanoes.') });
  const site = await startSite(t, {
    '/': article('Home', 'Welcome to the help centre.', '<a href="/a">A</a> <a href="/b#part">B</a> <a href="/c">C</a>'),
    '/a': article('Alpha', 'Alpha explains invoices and billing.'),
    '/b': article('Beta', 'Beta explains passwords and logins.', `<a href="${other.url('/elsewhere')}">out</a>`),
    '/c': article('Gamma', 'Gamma explains shipping labels.'),
  });
  const added = await add({ url: site.url('/'), max_pages: 3 });
  await drain();
  const ready = await item(added.id);
  t.equal(ready.status, 'ready');
  t.same(ready.pages.map((p: { url: string }) => p.url), [site.url('/'), site.url('/a'), site.url('/b')], 'three pages, fragments dropped');
  t.equal(other.hits('/elsewhere'), 0, 'no other site');
  t.equal(site.hits('/c'), 0, 'max_pages respected');
  t.equal((await search('invoices billing'))[0]?.url, site.url('/a'), 'each passage keeps its page URL');
});

t.test('the crawl obeys robots.txt; the page the user named is always read', async (t) => {
  const { add, item, drain } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\nDisallow: /start\n' },
    '/start': article('Start', 'Links to everything.', '<a href="/public">p</a> <a href="/private/secret">s</a>'),
    '/public': article('Public', 'Public page about delivery.'),
    '/private/secret': article('Secret', 'Nobody should crawl this.'),
  });
  const added = await add({ url: site.url('/start'), max_pages: 10 });
  await drain();
  t.same((await item(added.id)).pages.map((p: { url: string }) => p.url), [site.url('/start'), site.url('/public')]);
  t.equal(site.hits('/private/secret'), 0, 'a disallowed page is never fetched');
  t.equal(site.hits('/robots.txt'), 1);
});

t.test('sitemap discovery: robots.txt names the sitemap, its pages are read', async (t) => {
  const { add, item, drain } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, {
    '/': article('Home', 'The home page links nowhere.'),
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nSitemap: /will-be-replaced' },
    '/maps/index.xml': { type: 'application/xml', body: '' },
    '/maps/pages.xml': { type: 'application/xml', body: '' },
    '/hidden': article('Hidden', 'Only the sitemap knows this page about warranties.'),
  });
  site.set('/robots.txt', { type: 'text/plain', body: `User-agent: *\nSitemap: ${site.url('/maps/index.xml')}\n` });
  site.set('/maps/index.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.url('/maps/pages.xml')}</loc></sitemap></sitemapindex>`,
  });
  site.set('/maps/pages.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.url('/hidden')}</loc></url></urlset>`,
  });
  const added = await add({ url: site.url('/'), max_pages: 5, sitemap: true });
  await drain();
  const ready = await item(added.id);
  t.same(ready.pages.map((p: { url: string }) => p.url), [site.url('/'), site.url('/hidden')]);
});

t.test('refresh: on request, and on the daily schedule', async (t) => {
  const { api, acme, bot, add, item, search, drain } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, { '/news': article('News', 'The spring sale starts in March.') });
  const added = await add({ url: site.url('/news'), refresh_interval: 'daily' });
  await drain();
  const first = await item(added.id);
  t.equal(first.next_refresh_at, new Date(api.clock.now().getTime() + 86_400_000).toISOString());

  site.set('/news', article('News', 'The summer sale starts in July.'));
  const refreshed = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge/${added.id}/refresh`, { key: acme.live });
  t.equal(refreshed.statusCode, 202);
  t.equal(refreshed.json.status, 'pending');
  await drain();
  t.match((await search('summer sale'))[0]?.text, /summer sale starts in July/);
  t.same(await search('spring'), [], 'the old text is gone');

  site.set('/news', article('News', 'The autumn sale starts in October.'));
  await drain();
  t.equal(site.hits('/news'), 2, 'not due before the day is over');
  api.clock.advance(86_400_000);
  await drain();
  t.equal(site.hits('/news'), 3, 'due after a day');
  t.match((await search('autumn sale'))[0]?.text, /October/);
});

t.test('failures: the item says why', async (t) => {
  const { add, item, drain } = await setup(t, ['127.0.0.1/32']);
  const site = await startSite(t, {
    '/gone': { status: 404, body: 'no' },
    '/image': { type: 'image/png', body: Buffer.from([137, 80, 78, 71]) },
    '/huge': { type: 'text/plain', body: Buffer.alloc(11 * 1024 * 1024, 97) },
    '/loop': { body: '', redirect: '/loop' },
  });
  const cases: Array<[string, RegExp]> = [
    ['/gone', /answered 404/],
    ['/image', /image\/png, not one of/],
    ['/huge', /larger than/],
    ['/loop', /redirects more than 5 times/],
  ];
  const ids = [];
  for (const [path] of cases) ids.push((await add({ url: site.url(path) })).id);
  await drain();
  for (const [i, [path, error]] of cases.entries()) {
    const failed = await item(ids[i]!);
    t.equal(failed.status, 'failed', path);
    t.match(failed.error, error, path);
  }
});

t.test('SSRF guard: loopback refused unless allowed, redirects included', async (t) => {
  const { add, item, drain } = await setup(t, ['127.0.0.2/32']);
  // 127.0.0.1 is not allowed; 127.0.0.2 (also loopback) is, standing in for a public site.
  const internal = await startSite(t, { '/admin': article('Admin', 'Internal secrets about the database password.') });
  const allowed = await startSite(t, { '/jump': { body: '', redirect: internal.url('/admin') }, '/ok': article('Fine', 'A public page.') }, '127.0.0.2');
  const direct = await add({ url: internal.url('/admin') });
  const redirected = await add({ url: allowed.url('/jump') });
  const metadata = await add({ url: 'http://169.254.169.254/latest/meta-data/' });
  const fine = await add({ url: allowed.url('/ok') });
  await drain();
  for (const id of [direct.id, redirected.id, metadata.id]) {
    const refused = await item(id);
    t.equal(refused.status, 'failed');
    t.match(refused.error, /its address is private, loopback, link-local or reserved/);
  }
  t.equal(internal.hits('/admin'), 0, 'the internal service was never reached, not even through the redirect');
  t.equal(allowed.hits('/jump'), 1);
  t.equal((await item(fine.id)).status, 'ready', 'an allowed address works');
});

t.test('the guard is on by default: no allowed ranges, loopback refused', async (t) => {
  const api: TestServer = await buildTestServer(t);
  t.same(api.config.fetch.allowed_cidrs, []);
  const acme = await api.account('professional');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'x' } })).json;
  const site = await startSite(t, { '/': article('Local', 'Local page.') });
  const added = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload: { type: 'url', url: site.url('/') } });
  await api.server.plugins.knowledge.worker.drain();
  const failed = await api.request('GET', `/api/v1/chatbots/${bot.id}/knowledge/${added.json.id}`, { key: acme.live });
  t.equal(failed.json.status, 'failed');
  t.equal(site.hits('/'), 0);
  assertError(t, await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload: { type: 'url', url: 'file:///etc/passwd' } }), 400, 'validation_failed', 'only http(s)');
});
