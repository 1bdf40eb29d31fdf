// The dashboard's files (issue 18): GET /dashboard, the single page, and GET /dashboard/assets/{file},
// its script and stylesheet, built by web/dashboard/build.ts into web/dashboard/dist. The page
// talks to the public API with the session cookie (plugins/members owns /dashboard/session,
// /dashboard/password and /dashboard/invitations/*; nothing here is registered on them).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ResponseObject, ResponseToolkit, Server } from '@hapi/hapi';
import inert from '@hapi/inert';
import Joi from 'joi';
import { apiError, PLUGIN_API_VERSION, projectPath, type BuiltInPlugin } from '../../core/index.js';

export const DASHBOARD_DIST = projectPath('web/dashboard/dist');

/** Every file the page loads; any other name (or path) is a 404, so nothing else in dist/ is reachable. */
export const DASHBOARD_ASSETS: readonly string[] = ['app.js', 'app.css'];

/**
 * The page loads from this server only. The widget preview is an iframe with `srcdoc` (same origin,
 * this policy inherited) loading /widget.js; its avatar may be an image on any https host the
 * owner chose, hence `img-src https:`.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A year: a URL whose `v` is the file's content hash never names other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The content hash of a built file, as web/dashboard/build.ts puts it in index.html; read again
 * only when the file changed, so a rebuild needs no restart.
 */
const hashes = new Map<string, { mtimeMs: number; hash: string }>();
function currentHash(file: string, mtimeMs: number): string {
  const known = hashes.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.hash;
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  hashes.set(file, { mtimeMs, hash });
  return hash;
}

function builtFile(name: string): { file: string; mtimeMs: number } {
  const file = path.join(DASHBOARD_DIST, name);
  try {
    return { file, mtimeMs: statSync(file).mtimeMs };
  } catch {
    throw apiError(503, 'unavailable', 'The dashboard is not built on this server: run npm run build');
  }
}

function withHeaders(response: ResponseObject, cacheControl: string): ResponseObject {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.header(name, value);
  return response.header('Cache-Control', cacheControl);
}

function servePage(h: ResponseToolkit): ResponseObject {
  const { file } = builtFile('index.html');
  // no-cache: the page names the current assets' hashes, so it is revalidated on every load.
  return withHeaders(h.file(file, { confine: false }).type('text/html; charset=utf-8'), 'no-cache');
}

function serveAsset(h: ResponseToolkit, name: string, version: string | undefined): ResponseObject {
  const { file, mtimeMs } = builtFile(name);
  const current = version !== undefined && version === currentHash(file, mtimeMs);
  const type = name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return withHeaders(h.file(file, { confine: false }).type(type), current ? IMMUTABLE : 'no-cache');
}

export const dashboardPlugin: BuiltInPlugin = {
  name: 'dashboard',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register: (api) => serveDashboardFiles(api.privileged.server),
};

/** The page and its assets on `server`: files only, no store, so a test serves them from a bare hapi server. */
export async function serveDashboardFiles(server: Server): Promise<void> {
  // The docs plugin registers inert too: inert declares `once`, so the second time is a no-op.
  await server.register(inert);
  server.route([
    {
      method: 'GET',
      path: '/',
      options: {
        auth: false,
        description: 'The server’s front door: to the dashboard',
        notes: 'A 302 to `/dashboard`, so a self-hoster who opens the server’s address in a browser lands where they sign in.',
        tags: ['api', 'dashboard'],
        response: { status: { 302: true } },
        handler: (_request, h) => h.redirect('/dashboard'),
      },
    },
    {
      method: 'GET',
      path: '/dashboard',
      options: {
        auth: false,
        description: 'The dashboard page',
        notes:
          'A text/html single-page app: sign in with a member’s e-mail and password, then manage chatbots, knowledge, the widget, ' +
          'webhooks, API keys and members. It loads nothing from other hosts. 503 `unavailable` when it was not built.',
        tags: ['api', 'dashboard'],
        response: { status: { 200: true } },
        handler: (_request, h) => servePage(h),
      },
    },
    {
      method: 'GET',
      path: '/dashboard/assets/{file}',
      options: {
        auth: false,
        description: 'A file of the dashboard page',
        notes: 'The script (text/javascript) and stylesheet (text/css). With `v` the file’s content hash, cached for a year.',
        tags: ['api', 'dashboard'],
        plugins: { platform: { errors: { 404: ['route_not_found'] } } },
        validate: {
          params: Joi.object({ file: Joi.string().max(100).required().description(`One of ${DASHBOARD_ASSETS.join(', ')}`) }),
          query: Joi.object({ v: Joi.string().hex().max(64).description('The content hash index.html names the file with') }),
        },
        response: { status: { 200: true } },
        handler: (request, h) => {
          const { file } = request.params as { file: string };
          if (!DASHBOARD_ASSETS.includes(file)) throw apiError(404, 'route_not_found', `The dashboard has no file ${file.slice(0, 100)}`);
          return serveAsset(h, file, (request.query as { v?: string }).v);
        },
      },
    },
  ]);
}
