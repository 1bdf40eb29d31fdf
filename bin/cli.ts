// The command line: serve, migrate, and account bootstrap for self-hosters.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/index.js';
import { PLAN_NAMES, type PlanName } from '../config/plans.js';
import { createAccountWithKeys } from '../core/auth/bootstrap.js';
import { createPlatform } from '../core/platform.js';
import { createServer } from '../core/server.js';
import { openStore } from '../core/store/open.js';

const USAGE = `Usage: chatbot-platform <command> [options]

Commands:
  serve                               Run the API server (configuration from the environment; see README)
  migrate                             Create or upgrade the store's tables and indexes, then exit
  accounts create --name <name> --plan <${PLAN_NAMES.join('|')}> [--json]
                                      Create an account and print its id and first live and test keys
  help                                Show this text
`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(loadConfig());
    case 'migrate':
      return migrate(loadConfig());
    case 'accounts':
      if (rest[0] !== 'create') throw new UsageError(`Unknown accounts command: ${rest[0] ?? '(none)'}`);
      return createAccount(loadConfig(), rest.slice(1));
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}

async function serve(config: Config): Promise<number> {
  const { server, platform } = await createServer(config);
  await server.start();
  platform.logger.info({ uri: server.info.uri, store: platform.store.engine }, 'chatbot platform listening');
  warnIfReadableByOthers(config, platform.logger);

  // Graceful shutdown: stop accepting, let in-flight requests finish (up to the timeout), close
  // the store (onPostStop). A second signal exits at once.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    platform.logger.info({ signal }, 'shutting down');
    // Background work gets the same deadline (and is aborted at it), but a stop step that still
    // hangs must not keep the process: the timeout is a promise to the operator.
    const deadline = config.server.shutdown_timeout_ms + 2_000;
    setTimeout(() => {
      platform.logger.error({ timeout_ms: config.server.shutdown_timeout_ms }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, deadline).unref();
    server
      .stop({ timeout: config.server.shutdown_timeout_ms })
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        platform.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return new Promise<number>(() => undefined); // runs until a signal
}

/**
 * New databases are made 0600; one made before keeps its mode (an operator may have chosen it), so
 * say so when others on the machine can read every tenant's data.
 */
function warnIfReadableByOthers(config: Config, logger: { warn(object: object, message: string): void }): void {
  if (!config.database.url.startsWith('sqlite:')) return;
  const file = config.database.url.slice('sqlite:'.length);
  try {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) logger.warn({ file, mode: mode.toString(8) }, `the database is readable by other users: chmod 600 ${file}`);
  } catch {
    // not there (":memory:") or not readable: nothing to say
  }
}

async function migrate(config: Config): Promise<number> {
  // Building the server declares every plugin's collections; initialising it applies them.
  const { server, platform } = await createServer(config);
  await server.stop();
  platform.logger.info({ store: platform.store.engine }, 'store is up to date');
  return 0;
}

async function createAccount(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  const name = values.name?.trim();
  if (!name || name.length > 100) throw new UsageError('--name is required (1 to 100 characters)');
  const plan = (values.plan ?? 'free') as PlanName;
  if (!PLAN_NAMES.includes(plan)) throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(', ')}`);

  // Logs go to stderr so that --json leaves stdout to the JSON alone.
  const logger = pino({ level: config.log.level === 'info' ? 'warn' : config.log.level }, pino.destination(2));
  const store = openStore(config.database.url);
  try {
    const platform = createPlatform(config, store, logger, () => new Date());
    await store.init();
    const created = await createAccountWithKeys(platform, { name, plan });
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ account_id: created.account.id, live_key: created.liveKey, test_key: created.testKey })}\n`,
      );
    } else {
      process.stdout.write(
        `Account ${created.account.id} (${name}, plan ${plan})\n` +
          `  live key: ${created.liveKey}\n` +
          `  test key: ${created.testKey}\n` +
          'Keep these keys safe: they are not shown again.\n',
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
