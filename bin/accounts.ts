// `accounts list|show|update`: what the operator API (`/admin/v1/accounts`) does, from the command
// line, so a self-hoster changes a plan or disables an account without ADMIN_TOKEN and curl
// (issue 32). Running servers see a change within keys.cache_seconds (5 s), as with the API.
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config/index.js';
import { PLAN_NAMES, type PlanName } from '../config/plans.js';
import { presentAccount, type Account, type AccountDoc } from '../core/auth/accounts.js';
import { recordsInPages } from '../core/export.js';
import { createPlatform, type Platform } from '../core/platform.js';
import { openStore } from '../app/store.js';
import { CommandError, UsageError } from './command-errors.js';

export async function manageAccounts(config: Config, command: string, args: string[]): Promise<number> {
  // The command line is read whole before the store is opened: a usage error touches nothing.
  switch (command) {
    case 'list': {
      const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, strict: true });
      return withPlatform(config, (platform) => listAccounts(platform, values.json));
    }
    case 'show': {
      const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
      const id = accountIdOf(positionals);
      return withPlatform(config, (platform) => showAccount(platform, id));
    }
    case 'update': {
      const update = updateOf(args);
      return withPlatform(config, (platform) => updateAccount(platform, update));
    }
    default:
      throw new UsageError(`Unknown accounts command: ${command}`);
  }
}

function accountIdOf(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('One account id is required (accounts list shows them)');
  return positionals[0]!;
}

/** `run` on the platform over the configured store, opened for this command and closed after it. */
export async function withPlatform(config: Config, run: (platform: Platform) => Promise<number>): Promise<number> {
  // Logs to stderr, so that --json leaves stdout to the JSON alone.
  const logger = pino({ level: config.log.level === 'info' ? 'warn' : config.log.level }, pino.destination(2));
  const store = await openStore(config.database.url);
  try {
    const platform = createPlatform(config, store, logger, () => new Date());
    await store.init();
    return await run(platform);
  } finally {
    await store.close();
  }
}

async function listAccounts(platform: Platform, json: boolean): Promise<number> {
  const accounts: Account[] = [];
  for await (const account of recordsInPages(platform.accounts.global(), {})) accounts.push(account);
  if (json) {
    for (const account of accounts) process.stdout.write(`${JSON.stringify(presentAccount(platform.config, account))}\n`);
  } else if (accounts.length === 0) {
    process.stdout.write('No accounts yet: accounts create --name <name> --plan <plan>\n');
  } else {
    for (const account of accounts) process.stdout.write(`${account.id}  ${account.plan.padEnd(12)} ${account.status.padEnd(8)} ${account.name}\n`);
  }
  return 0;
}

async function accountNamed(platform: Platform, id: string): Promise<Account> {
  const account = await platform.accounts.global().get(id);
  if (!account) throw new CommandError(`No account ${id}`);
  return account;
}

async function showAccount(platform: Platform, id: string): Promise<number> {
  const account = await accountNamed(platform, id);
  process.stdout.write(`${JSON.stringify(presentAccount(platform.config, account), null, 2)}\n`);
  return 0;
}

interface AccountUpdate {
  id: string;
  changes: Partial<AccountDoc>;
  json: boolean;
}

function updateOf(args: string[]): AccountUpdate {
  const { values, positionals } = parseArgs({
    args,
    options: {
      plan: { type: 'string' },
      name: { type: 'string' },
      disable: { type: 'boolean', default: false },
      enable: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const id = accountIdOf(positionals);
  const changes: Partial<AccountDoc> = {};
  if (values.plan !== undefined) {
    if (!PLAN_NAMES.includes(values.plan as PlanName)) throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
    changes.plan = values.plan as PlanName;
  }
  if (values.name !== undefined) {
    const name = values.name.trim();
    if (!name || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
    changes.name = name;
  }
  if (values.disable && values.enable) throw new UsageError('--disable and --enable together');
  if (values.disable) changes.status = 'disabled';
  if (values.enable) changes.status = 'active';
  if (Object.keys(changes).length === 0) throw new UsageError('Nothing to change: give --plan, --name, --disable or --enable');
  return { id, changes, json: values.json };
}

async function updateAccount(platform: Platform, { id, changes, json }: AccountUpdate): Promise<number> {
  await accountNamed(platform, id);
  const updated = await platform.accounts.global().update(id, { ...changes, updated_at: new Date().toISOString() });
  if (!updated) throw new CommandError(`No account ${id}`);
  if (json) process.stdout.write(`${JSON.stringify(presentAccount(platform.config, updated))}\n`);
  else process.stdout.write(`${updated.id}  ${updated.plan}  ${updated.status}  ${updated.name}\n`);
  return 0;
}
