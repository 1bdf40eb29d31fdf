// `backup --to FILE` and `restore --from FILE` for the embedded SQLite store (issue 32).
//
// A backup is a consistent copy taken while the server runs: SQLite's online backup API copies the
// database as it was when the copy's read transaction began (a file copy of a WAL database is not
// consistent: the -wal file holds the latest commits). It copies in one step: an online backup
// taken in steps starts over whenever another connection writes between two steps, so on a busy
// server a large store would never finish; in one step the read transaction holds its snapshot and
// WAL lets the server's writers go on meanwhile. The copy is written under a temporary name,
// private from its first byte (umask 077), and linked into place, so FILE is whole or absent and
// never replaces a file. The server key (DATA_DIR/webhook-secret.key, which seals webhook secrets
// and provider keys) goes beside it as FILE.key: a backup without it restores a store whose sealed
// secrets nobody can open. When the key comes from WEBHOOK_SECRET_KEY instead, nothing is written
// for it and the output says to keep that value.
//
// A restore goes into a data directory without a database (nor a -wal or -shm file left by one,
// which SQLite would replay onto the copy), checks the copy (SQLite's integrity check) before it
// takes its place, and puts the key beside it first.
import { chmodSync, constants, copyFileSync, existsSync, linkSync, mkdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Config } from '../config/index.js';
import { sqliteNativeBinding } from '../core/paths.js';
import { KEY_FILE } from '../core/secret-box.js';
import { CommandError, UsageError } from './command-errors.js';

function sqliteFile(config: Config, command: string): string {
  if (!config.database.url.startsWith('sqlite:')) {
    throw new CommandError(
      `${command} copies the embedded SQLite store; for MongoDB use mongodump and mongorestore (README, "Backups") and keep the server key with the dump`,
    );
  }
  return path.resolve(config.database.url.slice('sqlite:'.length));
}

const open = (file: string, options: Database.Options) => new Database(file, { ...options, nativeBinding: sqliteNativeBinding() as string | undefined });

/** The server key's file, or null when WEBHOOK_SECRET_KEY gives the key. */
const keyFileOf = (config: Config) => (config.webhooks.secret_key ? null : path.join(path.resolve(config.data_dir), KEY_FILE));

/** SQLite's own failures, named after the file they are about (the command's one line). */
function sqliteFailure(error: unknown, file: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new CommandError(`${file} is not a SQLite database`);
  if (code?.startsWith('SQLITE_')) return new CommandError(`${file}: ${(error as Error).message} (${code})`);
  return error;
}

/** `temporary` put in place as `target`, unless something is there already (link, unlike rename, never replaces). */
function putInPlace(temporary: string, target: string): void {
  try {
    linkSync(temporary, target);
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw new CommandError(`${target} appeared meanwhile: nothing was replaced`);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

export async function backup(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  if (!values.to) throw new UsageError('--to <file> is required');
  const source = sqliteFile(config, 'backup');
  const target = path.resolve(values.to);
  const key = keyFileOf(config);
  const keyCopy = key && existsSync(key) ? `${target}.key` : null;
  if (!existsSync(source)) throw new CommandError(`There is no database to back up at ${source}`);
  for (const file of [target, keyCopy]) if (file && existsSync(file)) throw new CommandError(`${file} exists: a backup never overwrites a file`);
  process.umask(0o077); // every tenant's data: the copy, its folder and the key are the owner's alone
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });

  const temporary = `${target}.${process.pid}.partial`;
  let pages = 0;
  try {
    const db = open(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(temporary, {
        progress: ({ totalPages }) => {
          pages = totalPages;
          return 2 ** 31 - 1; // the rest in one step (see the top of this file)
        },
      });
    } finally {
      db.close();
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    throw sqliteFailure(error, source);
  }
  chmodSync(temporary, 0o600);
  putInPlace(temporary, target);
  if (key && keyCopy) copyFileSync(key, keyCopy, constants.COPYFILE_EXCL);

  const report = { file: target, bytes: statSync(target).size, pages, key_file: keyCopy };
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    process.stdout.write(`Backed up ${source} to ${target} (${report.bytes} bytes)\n`);
    process.stdout.write(
      keyCopy
        ? `The server key is in ${keyCopy}: keep it with the backup, and as secret as the data\n`
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
  for (const leftOver of [target, `${target}-wal`, `${target}-shm`]) {
    if (existsSync(leftOver)) throw new CommandError(`${leftOver} exists: restore into a data directory without a database (DATA_DIR)`);
  }
  const key = keyFileOf(config);
  const keyBeside = `${source}.key`;
  if (key && existsSync(key) && existsSync(keyBeside)) {
    throw new CommandError(`${key} exists: restore into a data directory without a server key, or remove it`);
  }

  process.umask(0o077);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.partial`;
  try {
    copyFileSync(source, temporary);
    chmodSync(temporary, 0o600); // copyFileSync gives the copy the backup's own mode
    const db = open(temporary, { fileMustExist: true });
    try {
      const [verdict] = db.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
      if (verdict?.integrity_check !== 'ok') throw new CommandError(`${source} is damaged: ${verdict?.integrity_check ?? 'no answer'}`);
    } finally {
      db.close();
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    throw sqliteFailure(error, source);
  }
  // The key first: a database in place without its key would refuse to start, and refuse a second restore.
  if (key && existsSync(keyBeside)) {
    mkdirSync(path.dirname(key), { recursive: true, mode: 0o700 });
    copyFileSync(keyBeside, key, constants.COPYFILE_EXCL);
    chmodSync(key, 0o600);
  }
  putInPlace(temporary, target);
  process.stdout.write(`Restored ${source} to ${target}\n`);
  if (key && !existsSync(keyBeside)) {
    process.stdout.write(`No server key beside the backup (${keyBeside}): set WEBHOOK_SECRET_KEY to the one it was made with\n`);
  }
  return 0;
}
