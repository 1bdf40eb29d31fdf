// store-independent: scheduled backups copy the SQLite file (a MongoDB store refuses BACKUP_CRON at load).
// Scheduled backups when they fail: the loop is reported failing (GET /ready's source), nothing is
// deleted, and the next tick that can write makes a backup and clears the failure. The names are
// the ones the pruning recognises and no other.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import t from 'tap';
import { loadConfig } from '../../config/index.js';
import type { BackgroundLoop } from '../../core/background.js';
import { ScheduledBackups, scheduledBackupName, scheduledBackups } from '../../core/scheduled-backups.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

t.test('names: sortable by time, and only this job’s are recognised', async (t) => {
  t.equal(scheduledBackupName(new Date('2026-01-02T03:04:05.678Z')), 'chatbot-platform-20260102T030405Z.sqlite');
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  for (const name of ['chatbot-platform-20260102T030405Z.sqlite', 'chatbot-platform-20251231T235959Z.sqlite', 'chatbot-platform-20260102T030405Z.sqlite.key', 'chatbot-platform-manual.sqlite', 'x-chatbot-platform-20260102T030405Z.sqlite']) {
    writeFileSync(path.join(dir, name), '');
  }
  t.same(scheduledBackups(dir), ['chatbot-platform-20251231T235959Z.sqlite', 'chatbot-platform-20260102T030405Z.sqlite']);
  t.same(scheduledBackups(path.join(dir, 'absent')), [], 'no folder yet: none');
});

t.test('a failing backup is reported, deletes nothing, and the next tick that can write succeeds', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const db = new Database(path.join(dir, 'chatbot-platform.sqlite'));
  db.exec('CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (\'kept\')');
  db.close();
  const backupDir = path.join(dir, 'backups');
  mkdirSync(backupDir);
  const old = path.join(backupDir, 'chatbot-platform-20200101T000000Z.sqlite');
  writeFileSync(old, 'an earlier backup');
  // The passphrase file is missing: every backup fails until it is there.
  const passphraseFile = path.join(dir, 'passphrase');
  const config = loadConfig({
    env: { DATA_DIR: dir, BACKUP_CRON: '* * * * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: '1', BACKUP_PASSPHRASE_FILE: passphraseFile },
    file: null,
  });
  writeFileSync(path.join(dir, 'webhook-secret.key'), `${Buffer.alloc(32, 9).toString('base64')}\n`, { mode: 0o600 });
  const registry = new Set<BackgroundLoop>();
  const logged: Array<{ msg: string }> = [];
  const backups = new ScheduledBackups(config, pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) }), () => new Date(), { registry });
  t.teardown(() => backups.stop(5000));
  const [loop] = [...registry];
  t.match(loop!.health, { name: 'scheduled backups', enabled: true, failing: false });
  backups.start();

  await until(() => loop!.health.failing, 'a failed backup');
  t.ok(logged.some((line) => line.msg === 'scheduled backups failed; the next tick retries'), 'logged');
  t.same(readdirSync(backupDir), [path.basename(old)], 'nothing written, and the earlier backup kept');

  writeFileSync(passphraseFile, 'now there is one\n');
  await until(() => !loop!.health.failing && scheduledBackups(backupDir).length === 1 && !scheduledBackups(backupDir).includes(path.basename(old)), 'a backup');
  const [made] = scheduledBackups(backupDir);
  t.not(made, path.basename(old), 'a new backup, and the earlier one deleted past BACKUP_KEEP=1');
  const copy = new Database(path.join(backupDir, made!), { readonly: true });
  t.same(copy.prepare('SELECT body FROM notes').all(), [{ body: 'kept' }]);
  copy.close();
});
