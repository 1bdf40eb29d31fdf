// Access logs: one line a response (but /health's), and the server's start and stop. This replaced
// hapi-pino, which made a child logger for every request (its bindings serialized and redacted
// each time, for log lines only an error path writes) and ran the logger's wildcard redaction
// (`*.secret`, …) over every access line: ~15% of a keyed GET's CPU. Here there is no per-request
// logger, and the access lines go through one child logger without redaction: the three secret
// headers an access line can carry are censored here, on the copy of the headers the line logs
// (pino's redaction of even those three paths cloned and restored the request object each time,
// ~3% of a keyed GET). Lines keep hapi-pino's shape: `req`, `res`, `responseTime`, and the message
// `[response] GET /path 200 (3ms)`, with the request id as `request_id`. The request's headers only
// when the operator asks (LOG_REQUEST_HEADERS): with them a line was up to 1.2 KB (issue 32).
import type { Request, Server } from '@hapi/hapi';
import type { Logger } from 'pino';

const NOT_LOGGED = new Set(['/health']);
/** Headers that carry secrets: logged as CENSORED (createLogger's censor), never their value. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-admin-token']);
const CENSORED = '[redacted]';

export function registerRequestLogging(server: Server, logger: Logger, options: { headers: boolean }): void {
  // An empty redact list replaces the logger's wildcard paths: access lines hold no payloads.
  const accessLog = logger.child({}, { redact: [] });
  server.events.on('response', (request) => {
    if (NOT_LOGGED.has(request.path) || !accessLog.isLevelEnabled('info')) return;
    const statusCode = statusOf(request);
    const { received, responded, completed } = request.info;
    const responseTime = (completed || responded) - received;
    accessLog.info(
      {
        request_id: request.app.requestId,
        req: {
          method: request.method.toUpperCase(),
          url: request.raw.req.url,
          ...(options.headers ? { headers: loggedHeaders(request.headers) } : {}),
          remoteAddress: request.info.remoteAddress,
        },
        res: { statusCode },
        responseTime,
      },
      `[response] ${request.method} ${request.path} ${statusCode ?? '-'} (${responseTime}ms)`,
    );
  });
  // The address only: hapi's whole server.info (created, started, id, …) made a pretty log's line ten long.
  server.ext('onPostStart', () => logger.info({ uri: server.info.uri }, 'server started'));
  server.ext('onPostStop', () => logger.info({ uri: server.info.uri }, 'server stopped'));
}

/** The status sent, or null when the connection closed before a response went out. */
function statusOf(request: Request): number | null {
  return request.raw.res.headersSent ? request.raw.res.statusCode : null;
}

/** The request's headers as logged: a copy, with the secret ones censored. */
function loggedHeaders(headers: Request['headers']): Record<string, unknown> {
  const logged: Record<string, unknown> = {};
  for (const name in headers) logged[name] = SECRET_HEADERS.has(name) ? CENSORED : headers[name];
  return logged;
}
