// The command line: serve, migrate, account bootstrap and analytics rebuilds for self-hosters.
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig, type Config } from '../config/index.js';
import { PLAN_NAMES, type PlanName } from '../config/plans.js';
import Joi from 'joi';
import { createAccountWithKeys } from '../core/auth/bootstrap.js';
import { normaliseEmail } from '../core/auth/members.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../core/auth/passwords.js';
import { recordsInPages } from '../core/export.js';
import { builtInPluginNames, createServer, startServer } from '../app/server.js';
import { logFormatOf } from '../core/server.js';
import { banner, productVersion, startupFacts } from './banner.js';
import { STORE_SCHEMA_VERSION } from '../core/store/schema-version.js';
import { manageAccounts, withPlatform } from './accounts.js';
import { backup, restore } from './backup.js';
import { manageMembers } from './members.js';
import { CommandError, UsageError } from './command-errors.js';
import { EX_CONFIG, startupFailure } from './startup-errors.js';
import type { TenantScope } from '../core/store/types.js';

const USAGE = `Usage: chatbot-platform <command> [options]

Commands:
  serve                               Run the API server (configuration from the environment; see docs/configuration.md)
  migrate [--dry-run]                 Create or upgrade the store's tables and indexes, then exit;
                                      --dry-run lists what it would change and changes nothing
  accounts create --name <name> --plan <${PLAN_NAMES.join('|')}> [--json]
                  [--owner-email <email> [--owner-password <password>] [--owner-name <name>]]
                                      Create an account and print its id and first live and test keys;
                                      with --owner-email, also its first member, an owner who signs in
                                      to the dashboard at /dashboard (asked for the password when it is
                                      not given and stdin is a terminal)
  accounts list [--json]              List the accounts (id, plan, status, name; --json: one object a line)
  accounts show <id>                  Show an account (JSON, as the operator API shows it)
  accounts update <id> [--plan <${PLAN_NAMES.join('|')}>] [--name <name>] [--disable|--enable] [--json]
                                      Change an account; running servers see it within 5 s
                                      (keys.cache_seconds); a disabled account's keys stop working
  members reset-password --email <email> [--account <id>] [--json]
                                      Print a one-time link (valid 24 hours) that sets a new password for
                                      this member and signs out their other sessions; --account when the
                                      address is a member of several accounts
  analytics rebuild --from <ISO time> --to <ISO time> [--account <id>] [--mode live|test] [--json]
                                      Roll the hours of the range up again from the raw records (every
                                      account and both modes unless given); hours not rolled up yet
                                      are left to the roll-up job
  backup --to <file> [--passphrase-file <file>] [--json]
                                      Copy the SQLite store while the server runs (SQLite's online backup),
                                      with the server key beside it as <file>.key; with a passphrase
                                      (its file's first line; else BACKUP_PASSPHRASE_FILE) the key is sealed
  restore --from <file> [--passphrase-file <file>]
                                      Put a backup (and its <file>.key, opened with the passphrase when
                                      sealed) into a data directory that has no database yet
  help                                Show this text
`;

/** The configuration the command runs with, kept for the line a start-up failure prints. */
let loaded: Config | null = null;
function configuration(): Config {
  loaded = loadConfig();
  return loaded;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(configuration());
    case 'migrate':
      return migrate(configuration(), rest);
    case 'accounts':
      if (rest[0] === 'create') return createAccount(configuration(), rest.slice(1));
      if (rest[0] === undefined) throw new UsageError('Unknown accounts command: (none)');
      return manageAccounts(configuration(), rest[0], rest.slice(1));
    case 'members':
      return manageMembers(configuration(), rest[0], rest.slice(1));
    case 'backup':
      return backup(configuration(), rest);
    case 'restore':
      return restore(configuration(), rest);
    case 'analytics':
      if (rest[0] !== 'rebuild') throw new UsageError(`Unknown analytics command: ${rest[0] ?? '(none)'}`);
      return rebuildAnalytics(configuration(), rest.slice(1));
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
  const { server, platform } = await startServer(config);
  warnIfReadableByOthers(config, platform.logger);
  const facts = await startupFacts(config, server, platform);
  if (logFormatOf(config) === 'pretty') process.stdout.write(banner(config, server, facts, await builtInPluginNames()));

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

async function migrate(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean', default: false } }, strict: true });
  if (values['dry-run']) return migrateDryRun(config);
  // Building the server declares every plugin's collections; initialising it applies them.
  const { server, platform } = await createServer(config);
  await server.stop();
  platform.logger.info({ store: platform.store.engine }, 'store is up to date');
  return 0;
}

/** What `migrate` (and so a start of this version) would change in the store, changing nothing. */
async function migrateDryRun(config: Config): Promise<number> {
  // No SQLite file yet: opening one would create it (and its data directory), so say so unopened.
  const file = config.database.url.startsWith('sqlite:') ? config.database.url.slice('sqlite:'.length) : null;
  if (file !== null && file !== ':memory:' && !existsSync(file)) {
    process.stdout.write(`No store at ${file} yet: migrate (or the first start) creates it at schema version ${STORE_SCHEMA_VERSION}. Nothing was changed.\n`);
    return 0;
  }
  const { platform } = await createServer(config, { initialize: false });
  try {
    const changes = await platform.store.pendingChanges();
    process.stdout.write(
      changes.length === 0
        ? `The store is up to date for chatbot-platform ${productVersion()} (schema version ${STORE_SCHEMA_VERSION}): nothing to change.\n`
        : `chatbot-platform ${productVersion()} (schema version ${STORE_SCHEMA_VERSION}) would change the store:\n${changes.map((line) => `  - ${line}\n`).join('')}` +
            'Nothing was changed. Back up first (docs/backups.md), then run migrate or start the new version.\n',
    );
    return 0;
  } finally {
    await platform.store.close();
  }
}

async function createAccount(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      json: { type: 'boolean', default: false },
      'owner-email': { type: 'string' },
      'owner-password': { type: 'string' },
      'owner-name': { type: 'string' },
    },
    strict: true,
  });
  const name = values.name?.trim();
  if (!name || name.length > 100) throw new UsageError('--name is required (1 to 100 characters)');
  const plan = (values.plan ?? 'free') as PlanName;
  if (!PLAN_NAMES.includes(plan)) throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
  const owner = await ownerOf(values);

  return withPlatform(config, async (platform) => {
    // Members are unique per account, but the operator's command keeps refusing an address that
    // already signs in here: it would give that person a second password they did not choose. To
    // add them to the new account, create it without --owner-email and invite them with its key.
    if (owner && (await platform.members.global().findOne({ email: owner.email }))) {
      throw new UsageError(`${owner.email} is already a member on this server: create the account without --owner-email and invite them`);
    }
    const created = await createAccountWithKeys(platform, { name, plan, owner });
    if (values.json) {
      const json = { account_id: created.account.id, live_key: created.liveKey, test_key: created.testKey, ...(created.owner ? { owner_id: created.owner.id } : {}) };
      process.stdout.write(`${JSON.stringify(json)}\n`);
    } else {
      process.stdout.write(
        `Account ${created.account.id} (${name}, plan ${plan})\n` +
          `  live key: ${created.liveKey}\n` +
          `  test key: ${created.testKey}\n` +
          (created.owner ? `  owner: ${created.owner.email} (${created.owner.id}): sign in at /dashboard\n` : '') +
          'Keep these keys safe: they are not shown again.\n',
      );
    }
    return 0;
  });
}

/** The first owner from --owner-email and --owner-password (asked for on a terminal when not given). */
async function ownerOf(values: { 'owner-email'?: string; 'owner-password'?: string; 'owner-name'?: string }) {
  const email = values['owner-email'];
  if (email === undefined) {
    if (values['owner-password'] !== undefined) throw new UsageError('--owner-password needs --owner-email');
    return undefined;
  }
  const normalised = normaliseEmail(email);
  if (Joi.string().email({ tlds: false }).max(254).validate(normalised).error) throw new UsageError('--owner-email must be an e-mail address');
  let password = values['owner-password'];
  if (password === undefined) {
    if (!process.stdin.isTTY) throw new UsageError('--owner-password is required when stdin is not a terminal');
    password = await promptHidden('Password for the owner: ');
    if ((await promptHidden('Again: ')) !== password) throw new UsageError('The two passwords differ');
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(`The owner's password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  const ownerName = values['owner-name']?.trim() ?? '';
  if (ownerName.length > 100) throw new UsageError('--owner-name is at most 100 characters');
  return { email: normalised, password, name: ownerName };
}

/** Reads a line from the terminal without echoing it (a password). */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let value = '';
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new UsageError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

function parseTime(name: string, value: string | undefined): number {
  const ms = value === undefined ? NaN : Date.parse(value);
  if (!value || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) throw new UsageError(`--${name} is required: an ISO 8601 time (2030-01-31T00:00:00Z)`);
  return ms;
}

async function rebuildAnalytics(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      account: { type: 'string' },
      mode: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const fromMs = parseTime('from', values.from);
  const toMs = parseTime('to', values.to);
  if (fromMs >= toMs) throw new UsageError('--from must be before --to');
  if (values.mode !== undefined && values.mode !== 'live' && values.mode !== 'test') throw new UsageError('--mode must be live or test');
  // New leads are counted from `lead.captured` events, which are kept retention.events_days: a
  // rebuild of older hours would count none. Every other figure is read from the records.
  const keptFrom = Date.now() - config.retention.events_days * 86_400_000;
  if (fromMs < keptFrom) {
    throw new UsageError(
      `--from is older than the events kept (retention.events_days = ${config.retention.events_days}, so from ${new Date(keptFrom).toISOString()} on): ` +
        'rebuilt hours would lose their new leads. Rebuild a later range, or raise EVENT_RETENTION_DAYS for the future.',
    );
  }

  const logger = pino({ level: config.log.level === 'info' ? 'warn' : config.log.level }, pino.destination(2));
  // Building the server declares every collection and initialises the store; it does not serve.
  const { server, platform } = await createServer(config, { logger });
  try {
    const rollup = server.plugins.analytics.rollup;
    const accountIds: string[] = [];
    if (values.account) {
      if (!(await platform.accounts.global().get(values.account))) {
        process.stderr.write(`No account ${values.account}\n`);
        return 1;
      }
      accountIds.push(values.account);
    } else {
      for await (const account of recordsInPages(platform.accounts.global(), {})) accountIds.push(account.id);
    }
    const modes: Array<TenantScope['mode']> = values.mode ? [values.mode as TenantScope['mode']] : ['live', 'test'];
    const tenants = [];
    for (const accountId of accountIds) {
      for (const mode of modes) {
        const tenant = { accountId, mode };
        const hours = await rollup.rebuild(tenant, fromMs, toMs);
        const rolledUpTo = (await rollup.cursor(tenant)).rolled_up_to;
        tenants.push({ account_id: accountId, mode, hours, rolled_up_to: rolledUpTo });
        if (!values.json) process.stdout.write(`${accountId} ${mode}: ${hours} hours rebuilt (rolled up to ${rolledUpTo})\n`);
      }
    }
    const hours = tenants.reduce((sum, tenant) => sum + tenant.hours, 0);
    if (values.json) process.stdout.write(`${JSON.stringify({ from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString(), hours, tenants })}\n`);
    else process.stdout.write(`${hours} hours rebuilt in all\n`);
    return 0;
  } finally {
    await server.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof CommandError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    const failure = startupFailure(error, loaded);
    if (failure !== null) {
      process.stderr.write(`${failure}\n`);
      process.exit(EX_CONFIG);
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
