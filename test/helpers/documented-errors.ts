// Holds every error a test server answers to the route's document: a (status, code) the OpenAPI
// document does not list for that route (derived, or declared in `plugins.platform.errors`) fails
// the test whose request provoked it. The whole suite provokes thousands of errors, so a code a
// handler (or what it calls) can answer but its route does not declare is found here.
import type { Request, RequestRoute, Server } from '@hapi/hapi';
import { documentedResponses } from '../../plugins/docs/responses.js';

/** The catch-all of core/server.ts (404 route_not_found, 405): not an operation of the document. */
const FALLBACK_PATH = '/{any*}';

/** Calls `fail` for each error response whose (status, code) the route's document does not list. */
export function reportUndocumentedErrors(server: Server, fail: (message: string) => void): void {
  const documented = new Map<RequestRoute['settings'], Map<number, string[]>>();
  const codesOf = (route: RequestRoute): Map<number, string[]> => {
    let codes = documented.get(route.settings);
    if (!codes) {
      codes = new Map(documentedResponses(route).errors.map((error) => [error.status, error.codes]));
      documented.set(route.settings, codes);
    }
    return codes;
  };
  server.events.on('response', (request: Request) => {
    const route = request.route as unknown as RequestRoute;
    const response = request.response as { statusCode?: number; source?: unknown } | null;
    const status = response?.statusCode ?? 0;
    if (status < 400 || route.path === FALLBACK_PATH || !route.settings.handler) return;
    // The API's error shape carries `code`; the OAuth endpoints' RFC 6749 body carries `error`.
    const body = (response?.source ?? {}) as { code?: unknown; error?: unknown };
    const code = typeof body.code === 'string' ? body.code : body.error;
    let codes: Map<number, string[]>;
    try {
      codes = codesOf(route);
    } catch (error) {
      // Thrown here, in hapi's response event, it would end the whole test file without naming the test.
      fail(`${route.method.toUpperCase()} ${route.path} answered ${status}, but has no document to check it against: ${(error as Error).message}`);
      return;
    }
    const listed = codes.get(status) ?? [];
    if (typeof code === 'string' && listed.includes(code)) return;
    fail(
      `${route.method.toUpperCase()} ${route.path} answered ${status} ${String(code)}, which its document does not list ` +
        `(listed for ${status}: ${listed.join(', ') || 'none'}): declare it in the route's plugins.platform.errors`,
    );
  });
}
