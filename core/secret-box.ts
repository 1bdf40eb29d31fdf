// Secrets the server must be able to read back cannot be hashed: webhook signing secrets (to sign)
// and idempotent responses that carry a new key or secret (to replay them). They are encrypted at
// rest with AES-256-GCM under the server key from config (`WEBHOOK_SECRET_KEY`, named for its first
// use), or, when none is set, a key generated into DATA_DIR (mode 0600) on first start. The store
// keeps the key's fingerprint, so an instance started with another key refuses to start instead of
// failing every delivery and replay.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { UniqueConstraintError } from './store/errors.js';
import type { Collection, CollectionDefinition, Store } from './store/types.js';

/** The server key's file in DATA_DIR (when WEBHOOK_SECRET_KEY does not give it). */
export const KEY_FILE = 'webhook-secret.key';
const FINGERPRINT_ID = 'webhook_secret_key';

interface MetaDoc {
  fingerprint: string;
  created_at: string;
}

export class KeyMismatchError extends Error {
  override name = 'KeyMismatchError';
}

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The key from config, else from DATA_DIR (created there the first time), checked against the store. */
  static async open(config: Config, meta: Collection<MetaDoc>, now: Date): Promise<SecretBox> {
    const key = serverKey(config);
    const fingerprint = createHmac('sha256', key).update('chatbot-platform webhook secret key').digest('base64url');
    const repository = meta.global();
    let stored = await repository.get(FINGERPRINT_ID);
    if (!stored) {
      try {
        stored = await repository.insert({ id: FINGERPRINT_ID, fingerprint, created_at: now.toISOString() });
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
        stored = await repository.get(FINGERPRINT_ID); // another instance wrote it first
      }
    }
    if (stored!.fingerprint !== fingerprint) {
      throw new KeyMismatchError(
        'The server secret key differs from the one this store was set up with: every instance sharing a store ' +
          'needs the same WEBHOOK_SECRET_KEY (or the same DATA_DIR/webhook-secret.key)',
      );
    }
    return new SecretBox(key);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}`;
  }

  unseal(sealed: string): string {
    const raw = Buffer.from(sealed.slice('v1:'.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** The store's own records (one per id: the key's fingerprint, the first-run marker), global. */
export const META_COLLECTION: CollectionDefinition = { name: 'platform_meta', scope: 'global' };

export function declareMeta(store: Store): Collection<MetaDoc> {
  return store.collection<MetaDoc>(META_COLLECTION);
}

/** The server key: from config, else from DATA_DIR (created there the first time). */
export function serverKey(config: Config): Buffer {
  return config.webhooks.secret_key ? Buffer.from(config.webhooks.secret_key, 'base64') : keyFromDataDir(config.data_dir);
}

/**
 * A key for one other purpose, derived from the server key (HKDF-SHA256), so one secret to keep
 * serves every use and a key found for one use tells nothing of the others.
 */
export function derivedKey(config: Config, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey(config), Buffer.alloc(0), `chatbot-platform ${purpose}`, 32));
}

/** The key in DATA_DIR, made there on first use. Exported for tests of processes starting at once. */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written whole under a temporary name, then linked into place: two processes starting at once
    // cannot both create it (link fails with EEXIST), and neither ever reads a half-written file.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new KeyMismatchError(`${file} does not hold a 32-byte base64 key`);
  return key;
}
