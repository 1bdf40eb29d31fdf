// store-independent: the dashboard's static routes read built files from disk only, never the store.
// GET /dashboard and /dashboard/assets/{file} (issue 18): the page and its two assets, their
// security and cache headers, and nothing else of the disk reachable through them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Hapi from '@hapi/hapi';
import t, { type Test } from 'tap';
import { buildDashboard, contentHash, DASHBOARD_DIST, DASHBOARD_FILES } from '../../web/dashboard/build.js';
import { CONTENT_SECURITY_POLICY, DASHBOARD_DIST as SERVED_DIST, serveDashboardFiles } from '../../plugins/dashboard/index.js';

async function dashboardServer(t: Test) {
  // The router option of core/server.ts: /dashboard/ is /dashboard.
  const server = Hapi.server({ router: { stripTrailingSlash: true } });
  // What the dashboard area registers on its server (a built-in area's register needs a whole platform).
  await server.register({ name: 'dashboard', register: serveDashboardFiles });
  await server.initialize();
  t.teardown(() => server.stop());
  return server;
}

function assertSecurityHeaders(t: Test, headers: Record<string, unknown>) {
  t.equal(headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  t.match(headers['content-security-policy'], /default-src 'self'/);
  t.match(headers['content-security-policy'], /frame-ancestors 'none'/);
  t.notMatch(headers['content-security-policy'], /unsafe-inline|unsafe-eval/, 'no inline script or style, no eval');
  t.equal(headers['x-frame-options'], 'DENY');
  t.equal(headers['referrer-policy'], 'same-origin');
  t.equal(headers['x-content-type-options'], 'nosniff');
}

t.before(async () => {
  await buildDashboard();
});

t.test('the build writes the three files the server serves, the page naming the assets by content hash', async (t) => {
  t.equal(SERVED_DIST, DASHBOARD_DIST, 'the plugin serves what the build writes');
  t.same([...DASHBOARD_FILES], ['index.html', 'app.js', 'app.css']);
  const page = readFileSync(path.join(DASHBOARD_DIST, 'index.html'), 'utf8');
  for (const asset of ['app.js', 'app.css']) {
    const hash = contentHash(readFileSync(path.join(DASHBOARD_DIST, asset)));
    t.ok(page.includes(`/dashboard/assets/${asset}?v=${hash}`), `index.html names ${asset} with its hash`);
  }
  t.notMatch(page, /<script>|<style>|style=/, 'no inline script or style (the policy would block them)');
  const code = readFileSync(path.join(DASHBOARD_DIST, 'app.js'), 'utf8') + readFileSync(path.join(DASHBOARD_DIST, 'app.css'), 'utf8');
  const urls = (code.match(/https?:\/\/[a-z0-9.-]+/gi) ?? []).filter((url) => !/^http:\/\/www\.w3\.org$/.test(url));
  t.same(urls.filter((url) => !/example\.com$/.test(url)), [], 'no other host named (no CDN, no web fonts)');
});

t.test('GET /dashboard and /dashboard/ answer the page, revalidated on every load', async (t) => {
  const server = await dashboardServer(t);
  for (const url of ['/dashboard', '/dashboard/']) {
    const response = await server.inject(url);
    t.equal(response.statusCode, 200, url);
    t.match(response.headers['content-type'], /^text\/html; charset=utf-8/);
    t.equal(response.headers['cache-control'], 'no-cache');
    assertSecurityHeaders(t, response.headers);
    t.match(response.payload, /<div id="app">/);
  }
  const head = await server.inject({ method: 'HEAD', url: '/dashboard' });
  t.equal(head.statusCode, 200, 'HEAD too');
});

t.test('GET / is a 302 to the dashboard: the server’s address in a browser lands on the sign-in', async (t) => {
  const server = await dashboardServer(t);
  for (const method of ['GET', 'HEAD']) {
    const response = await server.inject({ method, url: '/' });
    t.equal(response.statusCode, 302, method);
    t.equal(response.headers.location, '/dashboard');
    t.equal(response.payload, '', 'no body');
  }
});

t.test('the assets: long-cached under their current hash, revalidated otherwise', async (t) => {
  const server = await dashboardServer(t);
  for (const [asset, type] of [
    ['app.js', /^text\/javascript; charset=utf-8/],
    ['app.css', /^text\/css; charset=utf-8/],
  ] as const) {
    const content = readFileSync(path.join(DASHBOARD_DIST, asset));
    const hashed = await server.inject(`/dashboard/assets/${asset}?v=${contentHash(content)}`);
    t.equal(hashed.statusCode, 200, asset);
    t.match(hashed.headers['content-type'], type);
    t.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.equal(hashed.rawPayload.length, content.length, 'the whole file');
    t.ok(hashed.headers.etag, 'with an ETag');
    assertSecurityHeaders(t, hashed.headers);

    const bare = await server.inject(`/dashboard/assets/${asset}`);
    t.equal(bare.statusCode, 200);
    t.equal(bare.headers['cache-control'], 'no-cache', 'no hash: revalidated');
    const stale = await server.inject(`/dashboard/assets/${asset}?v=0123456789abcdef`);
    t.equal(stale.headers['cache-control'], 'no-cache', 'another hash (an older page): revalidated, never cached for a year');
  }
  const badVersion = await server.inject('/dashboard/assets/app.js?v=not-hex');
  t.equal(badVersion.statusCode, 400, 'v must be a hash');
  const unknownQuery = await server.inject('/dashboard/assets/app.js?x=1');
  t.equal(unknownQuery.statusCode, 400, 'unknown query parameters are refused');
});

t.test('unknown names and traversal attempts are 404, never another file', async (t) => {
  const server = await dashboardServer(t);
  const secret = readFileSync('package.json', 'utf8');
  for (const url of [
    '/dashboard/assets/index.html',
    '/dashboard/assets/app.js.map',
    '/dashboard/assets/widget.js',
    '/dashboard/assets/..%2F..%2F..%2Fpackage.json',
    '/dashboard/assets/..%5C..%5Cpackage.json',
    '/dashboard/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/dashboard/assets/app.js%00.css',
    '/dashboard/assets/../../../package.json',
    '/dashboard/assets/./app.js/../../package.json',
    '/dashboard/assets/app.js/extra',
  ]) {
    const response = await server.inject(url);
    t.equal(response.statusCode, 404, url);
    t.notOk(response.payload.includes('"name": "chatbot-platform"') || response.payload === secret, `${url} does not leak package.json`);
  }
  const post = await server.inject({ method: 'POST', url: '/dashboard', payload: {} });
  t.not(post.statusCode, 200, 'GET only');
});
