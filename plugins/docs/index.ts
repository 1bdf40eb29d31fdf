// The API's own description: GET /api/v1/openapi.json (OpenAPI 3.1, generated from the route
// table once, on first request) and GET /docs, a Swagger UI page served entirely from this server.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RequestRoute, ResponseToolkit } from '@hapi/hapi';
import inert from '@hapi/inert';
import Joi from 'joi';
import { PLUGIN_API_VERSION, projectPath, type BuiltInPlugin } from '../../core/index.js';
import type { OpenApiDocument } from './openapi.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const STATIC_DIR = projectPath('plugins/docs/static');
const SWAGGER_UI_DIR = path.dirname(createRequire(projectPath('package.json')).resolve('swagger-ui-dist/package.json'));

/**
 * The files of the docs page: ours, then the few of swagger-ui-dist it loads. No source maps: the
 * page does not need them, and a JSON file among documented scripts was a body no schema describes.
 */
const ASSETS: Record<string, string> = {
  'init.js': path.join(STATIC_DIR, 'init.js'),
  ...Object.fromEntries(
    [
      'swagger-ui.css',
      'swagger-ui-bundle.js',
      'favicon-16x16.png',
      'favicon-32x32.png',
    ].map((name) => [name, path.join(SWAGGER_UI_DIR, name)]),
  ),
};

/** The page may load from this server only: no CDN, fonts, validator badge or telemetry. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes from script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const openApiResponse = Joi.object({
  openapi: Joi.string().valid('3.1.0').required(),
  info: Joi.object().required(),
  paths: Joi.object().required(),
  components: Joi.object().required(),
})
  .unknown()
  .label('OpenApiDocument');

declare module '@hapi/hapi' {
  interface PluginProperties {
    docs: { document(): Promise<OpenApiDocument> };
  }
}

/** The fallback route of core/server.ts answers 404/405 for every other path: not an operation. */
function isFallback(route: RequestRoute): boolean {
  return route.path === '/{any*}';
}

export const docsPlugin: BuiltInPlugin = {
  name: 'docs',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  async register(api) {
    const { server } = api.privileged;
    await server.register(inert);

    let document: Promise<OpenApiDocument> | null = null;
    // Generated once, after every plugin registered its routes (the first request comes later).
    // The generator and its JSON Schema converter (joi-to-json, lodash) load then too: most
    // processes never serve the document, and loading them at start cost ~5 MB of memory.
    const generate = async (): Promise<OpenApiDocument> =>
      (await import('./openapi.js')).buildOpenApiDocument(server.table(), {
        title: 'Chatbot platform API',
        version: '1',
        description:
          'The REST API of the self-hosted chatbot platform: chatbots, knowledge, conversations, webhooks and ' +
          'accounts. Generated from the server’s own route validation. Errors share one body (`Error`).',
        exclude: isFallback,
      });
    const documentOf = (): Promise<OpenApiDocument> => {
      if (!document) {
        document = generate();
        document.catch(() => (document = null)); // a failed generation is tried again by the next request
      }
      return document;
    };
    api.privileged.provide('document', documentOf);

    const page = (h: ResponseToolkit, file: string) =>
      h.file(file, { confine: false }).header('Content-Security-Policy', CONTENT_SECURITY_POLICY).header('X-Content-Type-Options', 'nosniff');

    server.route([
      {
        method: 'GET',
        path: OPENAPI_PATH,
        options: {
          auth: false,
          description: 'The OpenAPI 3.1 document of this API',
          notes: 'Generated from the routes’ own validation and response schemas. No credentials needed.',
          tags: ['api', 'docs'],
          response: { schema: openApiResponse },
          handler: async (_request, h) => h.response(await documentOf()).header('Cache-Control', 'no-cache'),
        },
      },
      {
        method: 'GET',
        path: '/docs',
        options: {
          auth: false,
          description: 'The API reference page',
          notes: 'A text/html page (Swagger UI) showing this server’s OpenAPI document; it loads nothing from other hosts.',
          tags: ['api', 'docs'],
          response: { status: { 200: true } },
          handler: (_request, h) => page(h, path.join(STATIC_DIR, 'index.html')),
        },
      },
      {
        method: 'GET',
        path: '/docs/{file}',
        options: {
          auth: false,
          description: 'A file of the API reference page',
          notes: 'Scripts (text/javascript), styles (text/css) and icons (image/png).',
          tags: ['api', 'docs'],
          validate: {
            params: Joi.object({ file: Joi.string().valid(...Object.keys(ASSETS)).required() }),
          },
          response: { status: { 200: true } },
          handler: (request, h) => page(h, ASSETS[(request.params as { file: string }).file]!),
        },
      },
    ]);
  },
};
