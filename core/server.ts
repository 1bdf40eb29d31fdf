// The hapi assembly: core extensions first, then one plugin per area. What it is assembled from
// (the store, the built-in and external plugins) is chosen by the composition root, app/server.ts.
import Hapi, { type Request, type ResponseObject, type Server } from '@hapi/hapi';
import Boom from '@hapi/boom';
import Joi from 'joi';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config/index.js';
import { registerAccessRules } from './access.js';
import { DEFAULT_ROUTE_AUTH, registerAuthStrategies } from './auth/strategy.js';
import { apiError, formatErrorResponse, toBoom, toOAuthErrorBody, validationFailAction } from './errors.js';
import type { ScheduledTask } from 'node-cron';
import { finishIdempotentRequest } from './idempotency.js';
import './string-lengths.js'; // joi counts code points, as the OpenAPI document's JSON Schema does
import { scheduleMaintenance } from './maintenance.js';
import { ScheduledBackups } from './scheduled-backups.js';
import { createMetrics } from './metrics/index.js';
import { newId } from './ids.js';
import { createPlatform, type Platform } from './platform.js';
import { asPluginError, registerBuiltIns, registerPlugins, type LoadedPlugin } from './plugin-api/loader.js';
import type { BuiltInPlugin } from './plugin-api/privileged.js';
import { rateLimitHeaders } from './rate-limit.js';
import { registerRequestLogging } from './request-log.js';
import { checkRouteContractAtStart } from './route-contract.js';
import type { Store } from './store/types.js';

export interface ServerParts {
  store: Store;
  /** The built-in areas, registered in this order. */
  plugins: readonly BuiltInPlugin[];
  /** External plugins (core/plugin-api), their manifests already checked: registered after the feature plugins. */
  externalPlugins: readonly LoadedPlugin[];
  logger?: Logger;
  /** The clock for rate-limit windows, expiries and timestamps. */
  now?: () => Date;
  /** False: build without initializing (the store untouched: `migrate --dry-run` asks it what init would change). */
  initialize?: boolean;
}

export interface PlatformServer {
  server: Server;
  platform: Platform;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** What a worker-only instance serves. */
const OPERATIONS_PATHS = new Set(['/health', '/ready', '/metrics']);

/** The log format in use: the configured one, else pretty on a terminal and JSON otherwise. */
export function logFormatOf(config: Config, stdoutIsTerminal = Boolean(process.stdout.isTTY)): 'pretty' | 'json' {
  return config.log.format ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/**
 * Readable lines for a person at a terminal: time, level, message, and the fields of anything but
 * an access line (whose message says it all: `[response] GET /path 200 (3ms)`).
 */
function prettyDestination(): pino.DestinationStream {
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime,request_id',
    sync: false,
  });
}

export function createLogger(config: Config): Logger {
  const options: pino.LoggerOptions = {
    level: config.log.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-admin-token"]',
        '*.secret',
        '*.api_key',
        '*.live_key',
        '*.test_key',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
  };
  // Asynchronous writes: lines logged while a write is under way go out together in the next one
  // (one synchronous write a line was ~15% of a keyed GET's CPU). pino flushes the rest at exit.
  if (logFormatOf(config) === 'pretty') return pino(options, prettyDestination());
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

export async function assembleServer(config: Config, parts: ServerParts): Promise<PlatformServer> {
  // The store is timed here, once, for every adapter (and not at all with metrics off).
  const metrics = createMetrics(config.metrics);
  const store = metrics.instrumentStore(parts.store);
  const logger = parts.logger ?? createLogger(config);
  const platform = createPlatform(config, store, logger, parts.now ?? (() => new Date()), metrics);

  const server = Hapi.server({
    host: config.server.host,
    port: config.server.port,
    router: { stripTrailingSlash: true },
    routes: {
      // Routes without query parameters refuse unknown ones; routes with some declare them.
      validate: { failAction: validationFailAction, options: { abortEarly: false }, query: noQueryParameters() },
      response: { sample: config.server.response_validation_percent, failAction: responseValidationFailed(config.server.response_validation_percent, logger) },
      payload: { maxBytes: config.server.body_limit_bytes, allow: ['application/json'] },
    },
  });

  // Request id first, so the request's log lines and its error body carry it.
  server.ext('onRequest', (request, h) => {
    const incoming = request.headers['x-request-id'] as string | undefined;
    request.app.requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : newId('req');
    return h.continue;
  });
  registerRequestLogging(server, logger, { headers: config.log.request_headers });

  // A worker-only instance (config/roles.ts) answers the operations routes alone: an API call that
  // reaches it was routed wrong, and a 503 tells a load balancer to try another instance. Before
  // authentication and the body: a worker reads neither.
  if (!config.server.roles.includes('api')) {
    server.ext('onPreAuth', (request, h) => {
      if (OPERATIONS_PATHS.has(request.path)) return h.continue;
      throw apiError(503, 'unavailable', 'This instance runs background work only (ROLES=worker): send API requests to an API instance');
    });
  }
  await registerAuthStrategies(server, platform);
  // An API key or OAuth token, else the dashboard's session cookie (docs/ARCHITECTURE.md A6), for every route
  // that names no strategy of its own.
  server.auth.default(DEFAULT_ROUTE_AUTH);
  registerAccessRules(server, platform);
  server.ext('onPreResponse', (request, h) => finishResponse(platform, request, h));

  // Every route keeps the route contract, checked once all are added and before the store is touched
  // (it runs at initialize, when `external` below is known: an external plugin's route is its error).
  checkRouteContractAtStart(server, (error) => asPluginError(error, parts.externalPlugins));
  // First of the other onPreStart steps (collections are declared when plugins register, before it),
  // so plugins' own onPreStart steps find the store ready.
  server.ext('onPreStart', () => store.init());
  // The event types external plugins publish must be known when the webhooks area builds its schemas.
  for (const { plugin } of parts.externalPlugins) platform.eventTypes.push(...(plugin.events ?? []).map((event) => event.type));
  await registerBuiltIns(server, platform, parts.plugins);
  await registerPlugins(server, platform, parts.externalPlugins);
  registerFallbackRoute(server);

  // Scheduled work runs only in a started (serving) server, never in tests' initialized ones.
  let maintenance: ScheduledTask | null = null;
  // Only when configured, so /ready lists the loop only where it runs.
  const backups = config.backups.cron ? new ScheduledBackups(config, platform.logger, () => platform.now(), platform.loopOptions) : null;
  server.ext('onPostStart', async () => {
    // A serving instance with another server key than the store's refuses to start, rather than
    // fail every webhook delivery and idempotent replay.
    await platform.secrets();
    if (platform.loopOptions.enabled) maintenance = scheduleMaintenance(platform);
    platform.events.reactions.startSchedule();
    backups?.start(); // BACKUP_CRON, on worker instances (docs/backups.md)
  });
  // Every background loop stops at once, with one deadline: a third of the shutdown time to finish
  // what it holds, a third to wind down once aborted, and the last third is left for requests.
  platform.background.add(platform.events.reactions);
  platform.background.add(platform.eventFeed);
  if (backups) platform.background.add(backups);
  server.ext('onPreStop', async () => {
    await maintenance?.stop();
    const third = config.server.shutdown_timeout_ms / 3;
    await Promise.all([...platform.background].map((loop) => loop.stop(third)));
  });
  server.ext('onPostStop', () => store.close());
  if (parts.initialize !== false) await server.initialize();
  return { server, platform };
}

/**
 * The query rule of routes that declare none: no parameters, so an unknown one is a 400 in joi's
 * words. Most requests send no query, and joi's validation of an empty object was ~2% of a keyed
 * GET's CPU (issue 17), so an empty query passes without it; any other goes through joi as before.
 * It stays a joi schema, so the OpenAPI document and the documented 400 read it as before.
 */
function noQueryParameters(): Joi.ObjectSchema {
  const schema = Joi.object({});
  const validateAsync = schema.validateAsync.bind(schema);
  return Object.assign(schema, {
    validateAsync: (value: object, options?: Joi.AsyncValidationOptions) => (isEmpty(value) ? Promise.resolve(value) : validateAsync(value, options)),
  });
}

function isEmpty(value: object): boolean {
  for (const _ in value) return false;
  return true;
}

/**
 * A response that does not match its route's schema is our bug: a log line naming the fields that
 * failed (never their values: a response may carry secrets) and, where every response is checked,
 * a 500 for the caller. A sampled check is a canary: failing one caller in twenty would only hide
 * the bug behind sporadic errors, so it sends the response.
 */
function responseValidationFailed(percent: number, logger: Logger) {
  return (request: Request, h: Hapi.ResponseToolkit, error?: Error): symbol => {
    const details = ((error as Joi.ValidationError | undefined)?.details ?? []).map((detail) => ({
      path: detail.path.join('.'),
      type: detail.type,
    }));
    logger.error({ request_id: request.app.requestId, route: request.route.path, method: request.method, details }, 'response failed its schema');
    if (percent >= 100) throw Boom.badImplementation('Response failed its schema');
    return h.continue;
  };
}

/** Shapes errors, adds X-Request-Id and rate-limit headers, and stores idempotent responses. */
async function finishResponse(platform: Platform, request: Request, h: Hapi.ResponseToolkit) {
  const response = request.response as ResponseObject | Boom.Boom;
  const headers: Record<string, string> = { 'X-Request-Id': request.app.requestId };
  if (request.app.rateLimit) Object.assign(headers, rateLimitHeaders(request.app.rateLimit, platform.now()));

  if ('isBoom' in response && response.isBoom) {
    const boom = toBoom(response);
    if (boom.output.statusCode >= 500) platform.logger.error({ request_id: request.app.requestId, err: response }, 'request failed');
    formatErrorResponse(boom, request.app.requestId);
    if (request.route.settings.plugins?.platform?.errorBody === 'oauth') toOAuthErrorBody(boom);
    for (const [name, value] of Object.entries(headers)) boom.output.headers[name] ??= value;
    request.response = boom as never;
  } else {
    for (const [name, value] of Object.entries(headers)) (response as ResponseObject).header(name, value);
  }
  if (request.app.idempotency) await finishIdempotentRequest(request);
  return h.continue;
}

/** Unknown paths are 404 route_not_found; a known path with another method is 405 with Allow. */
function registerFallbackRoute(server: Server): void {
  const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
  server.route({
    method: '*',
    path: '/{any*}',
    options: {
      auth: false,
      plugins: { platform: { access: 'read' } },
      validate: { query: true },
      // Any body, of any type: an unknown route or method is a 404 or 405 before a 415 or 400.
      payload: { parse: false, failAction: 'ignore' },
      description: 'Fallback for unknown routes',
      handler: (request) => {
        // A path can match several templates (`…/conversations/export` and `…/conversations/{convId}`):
        // Allow lists the methods of the template hapi prefers for it, literal segments before
        // parameters, which is the operation the document has for this path.
        const byTemplate = new Map<string, string[]>();
        for (const method of methods) {
          const match = server.match(method, request.path);
          if (match && match.path !== '/{any*}') byTemplate.set(match.path, [...(byTemplate.get(match.path) ?? []), method]);
        }
        const best = [...byTemplate.keys()].sort(compareSpecificity)[0];
        const allowed = best ? byTemplate.get(best)! : [];
        if (allowed.length > 0 && !(allowed as readonly string[]).includes(request.method)) {
          throw apiError(405, 'method_not_allowed', `${request.method.toUpperCase()} is not allowed on ${request.path}`, {
            headers: { Allow: allowed.map((m) => m.toUpperCase()).join(', ') },
          });
        }
        throw apiError(404, 'route_not_found', `No route ${request.method.toUpperCase()} ${request.path}`);
      },
    },
  });
}

/** Orders route templates most specific first: segment by segment, a literal beats a parameter, which beats a wildcard. */
export function compareSpecificity(a: string, b: string): number {
  const rank = (segment: string | undefined) => (segment === undefined ? -1 : /^\{[^}]*\*[^}]*\}$/.test(segment) ? 0 : segment.includes('{') ? 1 : 2);
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = rank(right[i]) - rank(left[i]);
    if (difference !== 0) return difference;
  }
  return a.localeCompare(b);
}
