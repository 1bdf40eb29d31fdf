// The server key sealed with a passphrase, for a backup kept where a plain key file beside the
// database would hand both to whoever reads the backup (docs/backups.md). The passphrase gives a
// key through scrypt (memory-hard, so guessing costs memory as well as time); AES-256-GCM seals
// the server key's 32 bytes under it.
//
// The format is small and versioned, so a later build still opens an earlier file:
//   magic "CBPSEAL" | version 1 | log2(N) | r | p | salt (16) | nonce (12) | tag (16) | sealed key (32)
// The header (magic to salt) is authenticated with the key, so parameters cannot be changed
// unnoticed: a changed byte anywhere is "does not open", as a wrong passphrase is.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

const MAGIC = Buffer.from('CBPSEAL', 'ascii');
const VERSION = 1;
/** scrypt N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s a try (RFC 7914's interactive figures, doubled). */
const COST = { log2N: 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HEADER_BYTES = MAGIC.length + 4 + SALT_BYTES;

/** The passphrase does not open the file (or the file was changed): the caller's one line. */
export class SealedKeyError extends Error {
  override name = 'SealedKeyError';
}

/** True when `content` is a sealed key (rather than a plain key file). */
export function isSealedKey(content: Buffer): boolean {
  return content.length >= MAGIC.length && content.subarray(0, MAGIC.length).equals(MAGIC);
}

export async function sealKey(key: Buffer, passphrase: string): Promise<Buffer> {
  if (key.length !== KEY_BYTES) throw new Error(`a server key is ${KEY_BYTES} bytes`);
  const salt = randomBytes(SALT_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, COST.log2N, COST.r, COST.p]), salt]);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await derive(passphrase, salt, COST), nonce);
  cipher.setAAD(header);
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([header, nonce, cipher.getAuthTag(), sealed]);
}

export async function openSealedKey(content: Buffer, passphrase: string): Promise<Buffer> {
  if (!isSealedKey(content)) throw new SealedKeyError('not a sealed key');
  const version = content[MAGIC.length];
  if (version !== VERSION) throw new SealedKeyError(`a sealed key of version ${version}, which this build does not know`);
  if (content.length !== HEADER_BYTES + NONCE_BYTES + TAG_BYTES + KEY_BYTES) throw new SealedKeyError('a sealed key of the wrong length (damaged)');
  const [log2N, r, p] = [content[MAGIC.length + 1]!, content[MAGIC.length + 2]!, content[MAGIC.length + 3]!];
  // Bounds, so a damaged or hostile file cannot ask for gigabytes before the tag is checked.
  // scrypt needs 128·N·r bytes (p runs one after another): at most 64 MiB (COST takes 32).
  if (log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16 || 128 * 2 ** log2N * r > MAX_SCRYPT_BYTES) {
    throw new SealedKeyError('a sealed key with unusable parameters (damaged)');
  }
  const header = content.subarray(0, HEADER_BYTES);
  const salt = header.subarray(MAGIC.length + 4);
  const nonce = content.subarray(HEADER_BYTES, HEADER_BYTES + NONCE_BYTES);
  const tag = content.subarray(HEADER_BYTES + NONCE_BYTES, HEADER_BYTES + NONCE_BYTES + TAG_BYTES);
  let derived: Buffer;
  try {
    derived = await derive(passphrase, salt, { log2N, r, p });
  } catch (error) {
    throw new SealedKeyError(`the key cannot be derived from the passphrase (${(error as Error).message})`);
  }
  const decipher = createDecipheriv('aes-256-gcm', derived, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(content.subarray(HEADER_BYTES + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedKeyError('the passphrase does not open it (a wrong passphrase, or a changed file)');
  }
}

const MAX_SCRYPT_BYTES = 64 * 1024 * 1024;

function derive(passphrase: string, salt: Buffer, cost: { log2N: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  // Asynchronous: a scheduled backup derives inside the serving process, off its event loop.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 2 * MAX_SCRYPT_BYTES };
  return new Promise((resolve, reject) => scrypt(passphrase.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}
