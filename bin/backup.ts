// `backup --to FILE` and `restore --from FILE` for the embedded SQLite store (issue 32).
//
// A backup is a consistent copy taken while the server runs: SQLite's online backup API reads the
// database page by page under its own read transactions and starts over when a writer changes a
// page it already copied, so the copy is the database at one instant (a file copy of a WAL
// database is not: the -wal file holds the latest commits). It is written under a temporary name and
// renamed into place, so FILE is whole or absent. The server key (DATA_DIR/webhook-secret.key,
// which seals webhook secrets and provider keys) goes beside it as FILE.key, 0600: a backup without
// it restores a store whose sealed secrets nobody can open. When the key comes from
// WEBHOOK_SECRET_KEY instead, nothing is written for it and the output says to keep that value.
//
// A restore goes into a data directory without a database (never over one), checks the copy
// (SQLite's integrity check) before it takes its place, and puts the key beside it.
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Config } from '../config/index.js';
import { sqliteNativeBinding } from '../core/paths.js';
import { CommandError, UsageError } from './command-errors.js';

const KEY_FILE = 'webhook-secret.key';

function copyPrivately(from: string, to: string): void {
  copyFileSync(from, to);
  chmodSync(to, 0o600);
}

function sqliteFile(config: Config, command: string): string {
  if (!config.database.url.startsWith('sqlite:')) {
    throw new CommandError(
      `${command} copies the embedded SQLite store; for MongoDB use mongodump and mongorestore (README, "Backups") and keep the server key with the dump`,
    );
  }
  return path.resolve(config.database.url.slice('sqlite:'.length));
}

const open = (file: string, options: Database.Options) => new Database(file, { ...options, nativeBinding: sqliteNativeBinding() as string | undefined });

export async function backup(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  if (!values.to) throw new UsageError('--to <file> is required');
  const source = sqliteFile(config, 'backup');
  const target = path.resolve(values.to);
  if (!existsSync(source)) throw new CommandError(`There is no database to back up at ${source}`);
  if (existsSync(target)) throw new CommandError(`${target} exists: a backup never overwrites a file`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });

  const temporary = `${target}.${process.pid}.partial`;
  const db = open(source, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  let pages = 0;
  try {
    // 256 pages (1 MiB) a step, then the event loop: a running server in this process (none here)
    // or a large store would otherwise be held for the whole copy.
    await db.backup(temporary, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return 256;
      },
    });
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    db.close();
  }
  chmodSync(temporary, 0o600); // every tenant's data, as the database itself
  renameSync(temporary, target);

  const key = config.webhooks.secret_key ? null : path.join(path.resolve(config.data_dir), KEY_FILE);
  if (key && existsSync(key)) copyPrivately(key, `${target}.key`);
  const report = {
    file: target,
    bytes: statSync(target).size,
    pages,
    key_file: key && existsSync(key) ? `${target}.key` : null,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    process.stdout.write(`Backed up ${source} to ${target} (${report.bytes} bytes)\n`);
    process.stdout.write(
      report.key_file
        ? `The server key is in ${report.key_file}: keep it with the backup, and as secret as the data\n`
        : 'The server key is WEBHOOK_SECRET_KEY: keep its value with the backup, a restore needs it\n',
    );
  }
  return 0;
}

export async function restore(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } }, strict: true });
  if (!values.from) throw new UsageError('--from <file> is required');
  const target = sqliteFile(config, 'restore');
  const source = path.resolve(values.from);
  if (!existsSync(source)) throw new CommandError(`There is no backup at ${source}`);
  if (existsSync(target)) throw new CommandError(`${target} exists: restore into a data directory without a database (DATA_DIR)`);
  const dataDir = path.resolve(config.data_dir);
  const key = path.join(dataDir, KEY_FILE);
  const keyBeside = `${source}.key`;
  if (!config.webhooks.secret_key && existsSync(key) && existsSync(keyBeside)) {
    throw new CommandError(`${key} exists: restore into a data directory without a server key, or remove it`);
  }

  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.partial`;
  copyFileSync(source, temporary);
  try {
    const db = open(temporary, { fileMustExist: true });
    try {
      const [verdict] = db.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
      if (verdict?.integrity_check !== 'ok') throw new CommandError(`${source} is damaged: ${verdict?.integrity_check ?? 'no answer'}`);
    } finally {
      db.close();
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new CommandError(`${source} is not a SQLite database`);
    throw error;
  }
  chmodSync(temporary, 0o600);
  renameSync(temporary, target);
  if (!config.webhooks.secret_key && existsSync(keyBeside)) copyPrivately(keyBeside, key);
  process.stdout.write(`Restored ${source} to ${target}\n`);
  if (!config.webhooks.secret_key && !existsSync(keyBeside)) {
    process.stdout.write(`No server key beside the backup (${keyBeside}): set WEBHOOK_SECRET_KEY to the one it was made with\n`);
  }
  return 0;
}
