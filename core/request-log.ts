// Access logs: one line a response (but /health's), and the server's start and stop. This replaced
// hapi-pino, which made a child logger for every request (its bindings serialized and redacted
// each time, for log lines only an error path writes) and ran the logger's wildcard redaction
// (`*.secret`, …) over every access line: ~15% of a keyed GET's CPU. Here there is no per-request
// logger, and the access lines go through one child logger whose redaction is the three header
// paths an access line can carry. Lines keep hapi-pino's shape: `req`, `res`, `responseTime`, and
// the message `[response] GET /path 200 (3ms)`, with the request id as `request_id`.
import type { Request, Server } from '@hapi/hapi';
import type { Logger } from 'pino';

const NOT_LOGGED = new Set(['/health']);

export function registerRequestLogging(server: Server, logger: Logger): void {
  const accessLog = logger.child(
    {},
    { redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-admin-token"]'], censor: '[redacted]' } },
  );
  server.events.on('response', (request) => {
    if (NOT_LOGGED.has(request.path) || !accessLog.isLevelEnabled('info')) return;
    const statusCode = statusOf(request);
    const { received, responded, completed } = request.info;
    const responseTime = (completed || responded) - received;
    accessLog.info(
      {
        request_id: request.app.requestId,
        req: { method: request.method.toUpperCase(), url: request.raw.req.url, headers: request.headers, remoteAddress: request.info.remoteAddress },
        res: { statusCode },
        responseTime,
      },
      `[response] ${request.method} ${request.path} ${statusCode ?? '-'} (${responseTime}ms)`,
    );
  });
  server.ext('onPostStart', () => logger.info(server.info, 'server started'));
  server.ext('onPostStop', () => logger.info(server.info, 'server stopped'));
}

/** The status sent, or null when the connection closed before a response went out. */
function statusOf(request: Request): number | null {
  return request.raw.res.headersSent ? request.raw.res.statusCode : null;
}
