// Version claims (adapters/mongodb/collection.ts, versioned writes): on FerretDB, whose updates are
// not atomic, a versioned write first wins a claim document by a unique insert. The race itself is
// in the conformance suite (writers holding one version at once); here: that FerretDB is detected,
// that a claim blocks writers from its version only while it lives, that one left by a stopped
// process is taken over, and that claims do not pile up.
import t, { type Test } from 'tap';
import { MongoClient, type Collection } from 'mongodb';
import { openMongoStore } from '../../adapters/mongodb/index.js';
import { VERSION_CLAIMS_COLLECTION, VERSION_CLAIM_MS } from '../../adapters/mongodb/collection.js';
import { VersionConflictError } from '../../core/store/errors.js';
import type { Store, TenantScope } from '../../core/store/types.js';
import { freshMongoUrl } from '../helpers/mongodb.js';

const TENANT: TenantScope = { accountId: 'acct_claims', mode: 'live' };

/** The claims left, once the deletes a landed write sends without waiting have arrived (5 s at most). */
async function claimsLeft(claims: Collection<{ _id: string; until: number }>, expected: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = (await claims.find({}).sort({ _id: 1 }).toArray()).map((claim) => claim._id);
    if (left.length <= expected || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function openStore(t: Test, url: string, versionClaims?: boolean) {
  const store: Store = openMongoStore(url, { serverSelectionTimeoutMs: 5000, ...(versionClaims === undefined ? {} : { versionClaims }) });
  t.teardown(() => store.close());
  const notes = store.collection<{ text: string }>({ name: 'notes', scope: 'tenant' });
  await store.init();
  return notes.forTenant(TENANT);
}

/** A new database on FerretDB: its URL, the claims read with a client of their own, and a store's collection of notes. */
async function freshDatabase(t: Test) {
  const url = await freshMongoUrl(false);
  const side = new MongoClient(url);
  t.teardown(async () => {
    await side.db().dropDatabase().catch(() => undefined);
    await side.close();
  });
  const claims = side.db().collection<{ _id: string; until: number }>(VERSION_CLAIMS_COLLECTION);
  return { url, claims, notes: await openStore(t, url) };
}

t.test('on FerretDB a live claim holds writers from its version back; writers from others, and unversioned ones, pass', async (t) => {
  const { url, claims, notes } = await freshDatabase(t);
  await notes.insert({ id: 'note_1', text: 'first' });

  // Another instance is between its claim and its write for version 1.
  await claims.insertOne({ _id: 'notes|note_1|1', until: Date.now() + VERSION_CLAIM_MS });
  await t.rejects(notes.update('note_1', { text: 'mine' }, { ifVersion: 1 }), VersionConflictError, 'a versioned update from the claimed version');
  await t.rejects(notes.delete('note_1', { ifVersion: 1 }), VersionConflictError, 'a versioned delete from it');
  t.equal((await notes.get('note_1'))?.text, 'first', 'neither landed');
  t.equal((await notes.update('note_1', { text: 'unversioned' }))?.version, 2, 'an unversioned update takes no claim');
  t.equal((await notes.update('note_1', { text: 'from 2' }, { ifVersion: 2 }))?.version, 3, 'a versioned update from another version passes');

  // With claims off (as on MongoDB, where the filter makes the update conditional) the claim is not looked at.
  const unclaimed = await openStore(t, url, false);
  t.equal((await unclaimed.update('note_1', { text: 'off' }, { ifVersion: 3 }))?.version, 4);
  await claims.insertOne({ _id: 'notes|note_1|4', until: Date.now() + VERSION_CLAIM_MS });
  t.equal((await unclaimed.update('note_1', { text: 'still off' }, { ifVersion: 4 }))?.version, 5, 'claims off: a live claim is not in the way');

  t.same(await claimsLeft(claims, 2), ['notes|note_1|1', 'notes|note_1|4'], 'only the claims planted here are left: every write removed its own');
});

t.test('a claim left by a process that stopped before its write is taken over once it lapses', async (t) => {
  const { claims, notes } = await freshDatabase(t);
  await notes.insert({ id: 'note_2', text: 'first' });
  await claims.insertOne({ _id: 'notes|note_2|1', until: Date.now() - 1 });
  t.equal((await notes.update('note_2', { text: 'after the lapse' }, { ifVersion: 1 }))?.text, 'after the lapse', 'the write lands');
  t.same(await claimsLeft(claims, 0), [], 'and the lapsed claim is gone with its own (removed after the write, not waited for)');
  await t.rejects(notes.update('note_2', { text: 'stale' }, { ifVersion: 1 }), VersionConflictError, 'a stale writer after it still fails, on the filter');
  t.equal(await claims.countDocuments({}), 0, 'a write that did not land removes its claim before it returns');
});
