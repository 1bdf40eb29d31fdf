// GET /widget.js: the embeddable script, built by esbuild from web/widget (browser code lives in
// web/, as docs/ARCHITECTURE.md lays out) when the package is installed (npm ci runs `prepare`), read
// once at start and served with an ETag.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { apiError, LOADABLE_WIDGET_LANGUAGES, projectPath } from '../../core/index.js';

export const WIDGET_SCRIPT_PATH = projectPath('web/widget/dist/widget.js');
export const WIDGET_UI_DIRECTORY = projectPath('web/widget/dist/ui');

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

/**
 * GET /widget/ui/{language}.json: the widget's own words in a language it does not carry (all
 * but English: web/widget/src/ui-strings.ts and ui-strings-rtl.ts), read once at start. Public and the same
 * for every chatbot, like the script: any origin may read them, without credentials.
 */
export function uiStringsRoute(directory = WIDGET_UI_DIRECTORY): ServerRoute {
  const files = new Map<string, { words: Record<string, string>; etag: string }>();
  if (existsSync(directory)) {
    for (const name of readdirSync(directory)) {
      const match = /^([a-z]{2})\.json$/.exec(name);
      if (!match || !(LOADABLE_WIDGET_LANGUAGES as readonly string[]).includes(match[1]!)) continue;
      const body = readFileSync(path.join(directory, name));
      // Parsed once: the response is validated (and documented) as the object it is.
      files.set(match[1]!, { words: JSON.parse(body.toString('utf8')), etag: createHash('sha256').update(body).digest('hex').slice(0, 32) });
    }
  }
  return {
    method: 'GET',
    path: '/widget/ui/{language}.json',
    options: {
      auth: false,
      description: 'The widget’s own words in a language it loads on demand',
      notes: `The languages: ${LOADABLE_WIDGET_LANGUAGES.join(', ')}. An object of strings (send, close, the lead form, errors…); 404 \`language_not_found\` for any other language.`,
      tags: ['api', 'widget'],
      plugins: { platform: { errors: { 404: ['language_not_found'] } } },
      validate: {
        params: Joi.object({ language: Joi.string().pattern(/^[a-z]{2}$/).required().description('ISO 639-1, lower case') }),
      },
      response: { status: { 200: Joi.object().pattern(Joi.string(), Joi.string()).label('WidgetUiStrings') } },
      handler: (request, h) => {
        const file = files.get(request.params.language as string);
        if (!file) throw apiError(404, 'language_not_found', `The widget has no words in "${request.params.language}" to load`);
        return h
          .response(file.words)
          .etag(file.etag)
          .header('Cache-Control', 'public, max-age=300')
          .header('Access-Control-Allow-Origin', '*')
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .header('X-Content-Type-Options', 'nosniff');
      },
    },
  };
}
