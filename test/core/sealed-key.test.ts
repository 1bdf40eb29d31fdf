// The passphrase-sealed server key of backups (core/sealed-key.ts): it opens with its passphrase
// only, and a damaged or hostile file is a SealedKeyError, never a stack trace or gigabytes of
// scrypt memory asked for before the tag is checked.
import { randomBytes } from 'node:crypto';
import t from 'tap';
import { isSealedKey, openSealedKey, sealKey, SealedKeyError } from '../../core/sealed-key.js';

const KEY = randomBytes(32);

t.test('a sealed key opens with its passphrase, and only with it', async (t) => {
  const sealed = await sealKey(KEY, 'correct horse');
  t.ok(isSealedKey(sealed));
  t.notOk(isSealedKey(Buffer.from(`${KEY.toString('base64')}\n`)), 'a plain key file is not one');
  t.ok((await openSealedKey(sealed, 'correct horse')).equals(KEY));
  await t.rejects(openSealedKey(sealed, 'wrong horse'), SealedKeyError);
  const flipped = Buffer.from(sealed);
  flipped[flipped.length - 1]! ^= 1;
  await t.rejects(openSealedKey(flipped, 'correct horse'), SealedKeyError, 'a changed byte');
  await t.rejects(openSealedKey(sealed.subarray(0, sealed.length - 1), 'correct horse'), /wrong length/, 'a cut file');
});

t.test('costs a file asks for are bounded before any work', async (t) => {
  const sealed = await sealKey(KEY, 'correct horse');
  const costAt = sealed.indexOf(Buffer.from([15, 8, 1]));
  t.ok(costAt > 0, 'the cost bytes (log2 N, r, p) are in the header');
  for (const [log2N, r, p] of [
    [20, 32, 1], // 4 GiB
    [20, 1, 1], // 128 MiB
    [9, 8, 1],
    [15, 0, 1],
    [15, 8, 0],
    [15, 8, 17],
  ]) {
    const hostile = Buffer.from(sealed);
    hostile.set([log2N!, r!, p!], costAt);
    await t.rejects(openSealedKey(hostile, 'correct horse'), /unusable parameters/, `N=2^${log2N}, r=${r}, p=${p}`);
  }
  const cheaper = Buffer.from(sealed);
  cheaper.set([14, 8, 1], costAt);
  await t.rejects(openSealedKey(cheaper, 'correct horse'), /does not open it/, 'an allowed but changed cost fails the tag (the header is authenticated)');
});
