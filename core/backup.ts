// One backup of the embedded SQLite store and its server key, taken while the server runs: the
// copy `chatbot-platform backup` makes and the one the scheduled backups make (core/scheduled-backups.ts).
//
// SQLite's online backup API copies the database as it was when the copy's read transaction began
// (a file copy of a WAL database is not consistent: the -wal file holds the latest commits). It
// copies in one step: an online backup taken in steps starts over whenever another connection
// writes between two steps, so on a busy server a large store would never finish; in one step the
// read transaction holds its snapshot and WAL lets the server's writers go on meanwhile. The copy
// is written under a temporary name, made private (0600) before its first byte, and linked into
// place, so the backup is whole or absent and never replaces a file. The server key
// (DATA_DIR/webhook-secret.key, which seals webhook secrets and provider keys) goes beside it as
// FILE.key, plain or sealed with a passphrase (core/sealed-key.ts): a backup without it restores a
// store whose sealed secrets nobody can open. When WEBHOOK_SECRET_KEY gives the key, nothing is
// written for it: the operator keeps that value.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config/index.js';
import { sqliteNativeBinding } from './paths.js';
import { KEY_FILE } from './secret-box.js';
import { sealKey } from './sealed-key.js';

/** A backup or restore refused, in one line (the command line prints it; the scheduled job logs it). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  /** FILE.key, or null when WEBHOOK_SECRET_KEY gives the key (or none was made yet). */
  key_file: string | null;
  /** The key file is sealed with a passphrase. */
  key_sealed: boolean;
}

/** The SQLite store's file, or null on MongoDB. */
export function sqliteFileOf(config: Config): string | null {
  return config.database.url.startsWith('sqlite:') ? path.resolve(config.database.url.slice('sqlite:'.length)) : null;
}

/** The server key's file, or null when WEBHOOK_SECRET_KEY gives the key. */
export function keyFileOf(config: Config): string | null {
  return config.webhooks.secret_key ? null : path.join(path.resolve(config.data_dir), KEY_FILE);
}

/** A passphrase from its file: the first line, which must not be empty (never on a command line, where `ps` shows it). */
export function readPassphrase(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BackupError(`Cannot read the passphrase file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const passphrase = text.split(/\r?\n/)[0] ?? '';
  if (passphrase.length === 0) throw new BackupError(`The passphrase file ${file} is empty: its first line is the passphrase`);
  return passphrase;
}

export const openDatabase = (file: string, options: Database.Options) =>
  new Database(file, { ...options, nativeBinding: sqliteNativeBinding() as string | undefined });

/** SQLite's own failures, named after the file they are about (one line). */
export function sqliteFailure(error: unknown, file: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new BackupError(`${file} is not a SQLite database`);
  if (code?.startsWith('SQLITE_')) return new BackupError(`${file}: ${(error as Error).message} (${code})`);
  return error;
}

/** `temporary` put in place as `target`, unless something is there already (link, unlike rename, never replaces). */
export function putInPlace(temporary: string, target: string): void {
  try {
    linkSync(temporary, target);
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw new BackupError(`${target} appeared meanwhile: nothing was replaced`);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

export interface BackupOptions {
  /** The live database. */
  source: string;
  /** The backup's file; its key goes beside it as `${target}.key`. */
  target: string;
  /** The server key's file (keyFileOf), or null. */
  keyFile: string | null;
  /** Seal the key with this passphrase instead of copying it as it is. */
  passphrase: string | null;
}

export async function backupSqlite({ source, target, keyFile, passphrase }: BackupOptions): Promise<BackupResult> {
  const keyCopy = keyFile && existsSync(keyFile) ? `${target}.key` : null;
  if (!existsSync(source)) throw new BackupError(`There is no database to back up at ${source}`);
  for (const file of [target, keyCopy]) if (file && existsSync(file)) throw new BackupError(`${file} exists: a backup never overwrites a file`);
  // Sealed before the copy: a key that cannot be read fails the backup before it writes anything.
  const sealed = keyCopy && passphrase ? await sealKey(readServerKey(keyFile!), passphrase) : null;
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });

  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`; // never one a crashed run left
  let pages = 0;
  try {
    // Every tenant's data: the file is the owner's alone before SQLite writes to it (an empty file is an empty database).
    writeFileSync(temporary, '', { mode: 0o600, flag: 'wx' });
    const db = openDatabase(source, { readonly: true, fileMustExist: true });
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
  putInPlace(temporary, target);
  if (keyCopy && sealed) writeFileSync(keyCopy, sealed, { mode: 0o600, flag: 'wx' });
  // Written, not copied: a copy keeps the source's mode, and this may run in the server, whose umask is the system's.
  else if (keyCopy) writeFileSync(keyCopy, readFileSync(keyFile!), { mode: 0o600, flag: 'wx' });
  return { file: target, bytes: statSync(target).size, pages, key_file: keyCopy, key_sealed: !!sealed };
}

/** The 32-byte key in a key file (base64, as core/secret-box.ts writes it). */
export function readServerKey(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new BackupError(`${file} does not hold a 32-byte base64 key`);
  return key;
}
