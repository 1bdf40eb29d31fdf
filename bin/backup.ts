// `backup --to FILE` and `restore --from FILE` for the embedded SQLite store (issue 32); the copy
// itself is core/backup.ts, shared with the scheduled backups (docs/backups.md).
//
// With a passphrase (--passphrase-file, else BACKUP_PASSPHRASE_FILE) the server key beside the
// backup is sealed with it (core/sealed-key.ts) instead of copied as it is; never a passphrase on
// the command line itself, where `ps` shows it.
//
// A restore goes into a data directory without a database (nor a -wal or -shm file left by one,
// which SQLite would replay onto the copy), checks the copy (SQLite's integrity check) before it
// takes its place, and puts the key beside it first (opened with the passphrase when sealed).
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config/index.js';
import { BackupError, backupSqlite, keyFileOf, openDatabase, putInPlace, readPassphrase, sqliteFailure, sqliteFileOf } from '../core/backup.js';
import { isSealedKey, openSealedKey, SealedKeyError } from '../core/sealed-key.js';
import { CommandError, UsageError } from './command-errors.js';

function sqliteFile(config: Config, command: string): string {
  const file = sqliteFileOf(config);
  if (!file) {
    throw new CommandError(
      `${command} copies the embedded SQLite store; for MongoDB use mongodump and mongorestore (docs/backups.md) and keep the server key with the dump`,
    );
  }
  return file;
}

/** core/backup.ts's refusals are this command's one-line errors. */
async function oneLine<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

/** The passphrase file the command line names, else the configured one, else none. */
function passphraseFrom(config: Config, option: string | undefined): Promise<string | null> {
  const file = option ?? config.backups.passphrase_file;
  return oneLine(() => (file ? readPassphrase(file) : null));
}

export async function backup(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { to: { type: 'string' }, 'passphrase-file': { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.to) throw new UsageError('--to <file> is required');
  const source = sqliteFile(config, 'backup');
  const key = keyFileOf(config);
  if (values['passphrase-file'] && !key) {
    throw new CommandError('The server key is WEBHOOK_SECRET_KEY, so there is no key file to seal: keep that value with the backup instead');
  }
  // BACKUP_PASSPHRASE_FILE alone, with the key in WEBHOOK_SECRET_KEY: nothing to seal, as for the schedule.
  const passphrase = key ? await passphraseFrom(config, values['passphrase-file']) : null;
  process.umask(0o077); // every tenant's data: the copy, its folder and the key are the owner's alone
  const report = await oneLine(() => backupSqlite({ source, target: path.resolve(values.to!), keyFile: key, passphrase }));

  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    process.stdout.write(`Backed up ${source} to ${report.file} (${report.bytes} bytes)\n`);
    process.stdout.write(
      report.key_sealed
        ? `The server key is in ${report.key_file}, sealed with the passphrase: keep it with the backup; a restore needs the passphrase\n`
        : report.key_file
          ? `The server key is in ${report.key_file}: keep it with the backup, and as secret as the data\n`
          : 'The server key is WEBHOOK_SECRET_KEY: keep its value with the backup, a restore needs it\n',
    );
  }
  return 0;
}

export async function restore(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, 'passphrase-file': { type: 'string' } }, strict: true });
  if (!values.from) throw new UsageError('--from <file> is required');
  const target = sqliteFile(config, 'restore');
  const source = path.resolve(values.from);
  if (!existsSync(source)) throw new CommandError(`There is no backup at ${source}`);
  for (const leftOver of [target, `${target}-wal`, `${target}-shm`]) {
    if (existsSync(leftOver)) throw new CommandError(`${leftOver} exists: restore into a data directory without a database (DATA_DIR)`);
  }
  const key = keyFileOf(config);
  const keyBeside = `${source}.key`;
  const besideContent = key && existsSync(keyBeside) ? readFileSync(keyBeside) : null;
  if (key && existsSync(key) && besideContent) {
    throw new CommandError(`${key} exists: restore into a data directory without a server key, or remove it`);
  }
  // A sealed key is opened before anything is written: a wrong passphrase leaves the directory as it was.
  let keyContent: Buffer | null = null;
  if (besideContent && isSealedKey(besideContent)) {
    const passphrase = await passphraseFrom(config, values['passphrase-file']);
    if (!passphrase) throw new CommandError(`${keyBeside} is sealed with a passphrase: give its file with --passphrase-file (or BACKUP_PASSPHRASE_FILE)`);
    try {
      keyContent = Buffer.from(`${(await openSealedKey(besideContent, passphrase)).toString('base64')}\n`);
    } catch (error) {
      if (error instanceof SealedKeyError) throw new CommandError(`${keyBeside}: ${error.message}`);
      throw error;
    }
  } else if (besideContent) keyContent = besideContent;

  process.umask(0o077);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`; // never one a crashed run left
  await oneLine(() => {
    try {
      copyFileSync(source, temporary);
      chmodSync(temporary, 0o600); // copyFileSync gives the copy the backup's own mode
      const db = openDatabase(temporary, { fileMustExist: true });
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
  });
  // The key first: a database in place without its key would refuse to start, and refuse a second restore.
  if (key && keyContent) {
    mkdirSync(path.dirname(key), { recursive: true, mode: 0o700 });
    writeFileSync(key, keyContent, { mode: 0o600, flag: 'wx' });
  }
  await oneLine(() => putInPlace(temporary, target));
  process.stdout.write(`Restored ${source} to ${target}\n`);
  if (key && !keyContent) {
    process.stdout.write(`No server key beside the backup (${keyBeside}): set WEBHOOK_SECRET_KEY to the one it was made with\n`);
  }
  return 0;
}
