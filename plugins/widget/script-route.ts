// GET /widget.js: the embeddable script, built by esbuild from web/widget (browser code lives in
// web/, as docs/ARCHITECTURE.md lays out) when the package is installed (npm ci runs `prepare`), read
// once at start and served with an ETag.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerRoute } from '@hapi/hapi';
import { apiError, projectPath } from '../../core/index.js';

export const WIDGET_SCRIPT_PATH = projectPath('web/widget/dist/widget.js');

export function scriptRoute(file = WIDGET_SCRIPT_PATH): ServerRoute {
  const script = existsSync(file) ? readFileSync(file) : null;
  const etag = script ? createHash('sha256').update(script).digest('hex').slice(0, 32) : '';
  return {
    method: 'GET',
    path: '/widget.js',
    options: {
      auth: false,
      description: 'The embeddable widget script',
      notes:
        'text/javascript. Paste `<script src="https://<host>/widget.js" data-chatbot-id="cb_…" async></script>` into a page. ' +
        '503 `unavailable` when the script was not built (run `npm run build:widget`).',
      tags: ['api', 'widget'],
      response: { status: { 200: true } },
      handler: (_request, h) => {
        if (!script) throw apiError(503, 'unavailable', 'The widget script is not built on this server: run npm run build:widget');
        return h
          .response(script)
          .type('text/javascript; charset=utf-8')
          .etag(etag)
          .header('Cache-Control', 'public, max-age=300')
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .header('X-Content-Type-Options', 'nosniff');
      },
    },
  };
}
