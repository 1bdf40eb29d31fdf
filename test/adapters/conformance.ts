// The repository-interface conformance suite. Every adapter runs exactly these cases; an adapter's
// own test file only supplies a harness (see sqlite.test.ts). Groups switch on by the capabilities
// the store declares, never by which adapter runs; each adapter's test file pins the set it must
// declare, so one that stops declaring a capability fails here instead of skipping its group. Writes are checked through a side channel (the
// raw stored row or document), so an adapter cannot pass by being consistently wrong.
import type { Test } from 'tap';
import {
  RecordNotFoundError,
  StoreUsageError,
  UniqueConstraintError,
  VersionConflictError,
} from '../../core/store/errors.js';
import type { Capability, Store, TenantScope } from '../../core/store/types.js';

/** The record as the engine holds it, read without the adapter's repository code. */
export interface RawRecord {
  id: string;
  accountId: string | null;
  mode: string | null;
  version: number;
  doc: Record<string, unknown>;
  /** What the store holds in its binary type for the record (SQLite's bytes column, MongoDB's BinData), apart from the document. */
  bytes?: Buffer;
}

export interface StoreHarness {
  store: Store;
  /** Another independent connection to the same data (a second server instance). */
  openPeer(): Promise<Store>;
  raw(collection: string, id: string): Promise<RawRecord | null>;
  close(): Promise<void>;
}

export type HarnessFactory = () => Promise<StoreHarness>;

interface Item {
  title: string;
  rank: number;
  status: string;
  flag?: boolean;
  tag?: string | null;
  meta?: { color: string };
  created_at: string;
}

interface Job {
  run_at: string | null;
  payload: number;
  result?: string;
}

interface Passage {
  group: string;
  terms: string[];
}

interface KeyRecord {
  hash: string;
  label: string;
}

const ALICE_LIVE: TenantScope = { accountId: 'acct_alice', mode: 'live' };
const ALICE_TEST: TenantScope = { accountId: 'acct_alice', mode: 'test' };
const BOB_LIVE: TenantScope = { accountId: 'acct_bob', mode: 'live' };

function declare(store: Store) {
  return {
    items: store.collection<Item>({
      name: 'items',
      scope: 'tenant',
      indexes: [{ fields: ['status', 'rank'] }, { fields: ['title'], unique: true }],
    }),
    keys: store.collection<KeyRecord>({
      name: 'keys',
      scope: 'tenant',
      indexes: [{ fields: ['hash'], unique: true, acrossTenants: true }],
    }),
    jobs: store.collection<Job>({ name: 'jobs', scope: 'tenant', claims: { dueField: 'run_at' } }),
    passages: store.collection<Passage>({
      name: 'passages',
      scope: 'tenant',
      indexes: [{ fields: ['group'] }],
      search: { field: 'terms' },
    }),
    globals: store.collection<{ name: string }>({
      name: 'globals',
      scope: 'global',
      indexes: [{ fields: ['name'], unique: true }],
    }),
  };
}

type Collections = ReturnType<typeof declare>;

function item(n: number, extra: Partial<Item> = {}): Item & { id: string } {
  return {
    id: `item_${String(n).padStart(4, '0')}`,
    title: `title ${n}`,
    rank: n % 5,
    status: n % 2 ? 'odd' : 'even',
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...extra,
  };
}

export async function runStoreConformance(
  t: Test,
  adapterName: string,
  open: HarnessFactory,
  expectedCapabilities: readonly Capability[],
): Promise<void> {
  const probe = await open();
  const capabilities = new Set(probe.store.capabilities);
  await probe.close();
  const lacks = (capability: string) => !capabilities.has(capability as never);

  t.test(`${adapterName}: declares the capabilities its test file pins`, async (t) => {
    const missing = expectedCapabilities.filter((capability) => !capabilities.has(capability));
    const unexpected = [...capabilities].filter((capability) => !expectedCapabilities.includes(capability));
    t.same(missing, [], `no longer declared, so their conformance groups would be skipped: ${missing.join(', ') || 'none'}`);
    t.same(unexpected, [], `declared but not pinned in the adapter's test file: ${unexpected.join(', ') || 'none'}`);
  });

  /** A fresh store per test, with the suite's collections declared and initialised. */
  async function fresh(t: Test): Promise<{ harness: StoreHarness; c: Collections }> {
    const harness = await open();
    t.teardown(() => harness.close());
    const c = declare(harness.store);
    await harness.store.init();
    return { harness, c };
  }

  t.test(`${adapterName}: documents stored before a field existed are upgraded before its unique index`, async (t) => {
    // Two documents of one chatbot without `key`: on MongoDB a unique (chatbot, key) index counts
    // both as null and could not be created, so the store would not start.
    const harness = await open();
    t.teardown(() => harness.close());
    const before = harness.store.collection<{ chatbot: string; key?: string }>({ name: 'upgraded', scope: 'tenant', indexes: [{ fields: ['chatbot'] }] });
    await harness.store.init();
    const old = before.forTenant(ALICE_LIVE);
    await old.insert({ id: 'up_1', chatbot: 'cb_1' });
    await old.insert({ id: 'up_2', chatbot: 'cb_1' });
    await old.insert({ id: 'up_3', chatbot: 'cb_1', key: 'phone:1' });
    const peer = await harness.openPeer();
    t.teardown(() => peer.close());
    const after = peer.collection<{ chatbot: string; key: string; note?: string }>({
      name: 'upgraded',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot', 'key'], unique: true }],
      upgrade: { missing: 'key', fill: (doc) => ({ key: `none:${doc.id}`, note: `was ${String(doc.chatbot)}` }) },
    });
    await peer.init();
    t.same((await harness.raw('upgraded', 'up_1'))?.doc, { chatbot: 'cb_1', key: 'none:up_1', note: 'was cb_1' }, 'filled from the document');
    t.same((await harness.raw('upgraded', 'up_3'))?.doc, { chatbot: 'cb_1', key: 'phone:1' }, 'a document with the field is left alone');
    await t.rejects(after.forTenant(ALICE_LIVE).insert({ id: 'up_4', chatbot: 'cb_1', key: 'phone:1' }), UniqueConstraintError, 'and the unique index exists');
    // An upgrade that does not set its field would find the same documents for ever: refused.
    const broken = await harness.openPeer();
    t.teardown(() => broken.close());
    broken.collection({ name: 'upgraded', scope: 'tenant', indexes: [{ fields: ['chatbot'] }], upgrade: { missing: 'tag', fill: () => ({ other: 1 }) } });
    await t.rejects(broken.init(), StoreUsageError, 'a fill that leaves the field missing');
  });

  t.test(`${adapterName}: a binary field is stored in the store's binary type and read back as the same bytes`, async (t) => {
    const harness = await open();
    t.teardown(() => harness.close());
    // Declared first without the field (a table or collection from before), then with it.
    const before = harness.store.collection<{ name: string; data?: string[] | null }>({ name: 'blobs', scope: 'tenant' });
    await harness.store.init();
    await before.forTenant(ALICE_LIVE).insert({ id: 'blob_old', name: 'from before' });
    await before.forTenant(ALICE_LIVE).insert({ id: 'blob_older', name: 'text then', data: ['AAAAPw=='] });
    await before.forTenant(ALICE_LIVE).insert({ id: 'blob_nulled', name: 'null then', data: null });
    const peer = await harness.openPeer();
    t.teardown(() => peer.close());
    const blobs = peer.collection<{ name: string; data?: Uint8Array | string[] | null }>({ name: 'blobs', scope: 'tenant', binary: { field: 'data' } });
    await peer.init();
    const alice = blobs.forTenant(ALICE_LIVE);
    const numbers = Float32Array.from([0.5, -1.25, 3e-8, Math.PI]);
    const bytes = new Uint8Array(numbers.buffer);
    const inserted = await alice.insert({ id: 'blob_1', name: 'numbers', data: bytes });
    t.ok(Buffer.isBuffer(inserted.data) && Buffer.from(bytes).equals(inserted.data), 'insert returns the bytes');
    const read = await alice.get('blob_1');
    t.ok(Buffer.isBuffer(read?.data), 'read back as a Buffer');
    t.same([...new Float32Array(new Uint8Array(read!.data as Buffer).buffer)], [...numbers], 'the same numbers, to the bit');
    const raw = await harness.raw('blobs', 'blob_1');
    t.same(raw?.doc, { name: 'numbers' }, 'not in the JSON document');
    t.ok(raw?.bytes && Buffer.from(bytes).equals(raw.bytes), 'but in the binary type');
    t.same(await alice.get('blob_old'), { id: 'blob_old', version: 1, name: 'from before' }, 'a record from before has none');
    t.same(await alice.get('blob_older'), { id: 'blob_older', version: 1, name: 'text then', data: ['AAAAPw=='] }, 'what the field held before it was declared binary is read as it was');
    await alice.update('blob_older', { data: null });
    t.same(await alice.get('blob_older'), { id: 'blob_older', version: 2, name: 'text then' }, 'setting the field replaces what it held before, even with none');
    await alice.update('blob_older', { data: Buffer.from([1]) });
    t.same(await alice.get('blob_nulled'), { id: 'blob_nulled', version: 1, name: 'null then' }, 'a null stored before is none, as a null stored since');
    await alice.delete('blob_nulled');
    const listed = Object.fromEntries((await alice.list({ limit: 10 })).map((record) => [record.id, record.data?.length ?? null]));
    t.same(listed, { blob_1: 16, blob_old: null, blob_older: 1 }, 'list reads them too');

    const longer = new Uint8Array(100_000).map((_, i) => i % 251);
    const updated = await alice.update('blob_1', { data: longer });
    t.ok(Buffer.isBuffer(updated?.data) && Buffer.from(longer).equals(updated.data), 'update replaces them');
    t.ok(Buffer.from(longer).equals((await alice.get('blob_1'))!.data as Buffer), 'and they stay replaced');
    await alice.update('blob_1', { name: 'renamed' });
    t.equal((await alice.get('blob_1'))!.data?.length, 100_000, 'an update of other fields keeps them');
    const cleared = await alice.update('blob_1', { data: null });
    t.notOk(cleared && 'data' in cleared, 'null stores none');
    t.notOk('data' in (await alice.get('blob_1'))!, 'and none is read back');
    await alice.insert({ id: 'blob_2', name: 'none', data: null });
    t.notOk('data' in (await alice.get('blob_2'))!, 'inserted with null: none');
    await peer.commit([alice.ops.insert({ id: 'blob_3', name: 'committed', data: bytes })]);
    t.ok(Buffer.from(bytes).equals((await alice.get('blob_3'))!.data as Buffer), 'a commit stores them too');
    t.equal(await blobs.forTenant(BOB_LIVE).get('blob_3'), null, 'per tenant, as every record');

    await t.rejects(alice.insert({ id: 'blob_4', name: 'text', data: 'not bytes' as never }), StoreUsageError, 'the field takes bytes only');
    await t.rejects(alice.update('blob_1', { name: new Uint8Array(2) as never }), StoreUsageError, 'bytes in another field are refused');
    // The bytes are kept apart from the document, where SQLite's queries do not look: a query there is refused on every store.
    await t.rejects(alice.list({ filter: { data: null }, limit: 10 }), StoreUsageError, 'no filter on the binary field');
    await t.rejects(alice.list({ limit: 10, sort: { field: 'data', direction: 'asc' } }), StoreUsageError, 'no sort on it');
    await t.rejects(alice.count({ 'data.x': 1 }), StoreUsageError, 'nor on a path into it');
    await t.rejects(alice.countBy('data'), StoreUsageError, 'no grouped count of it');
    await t.rejects(alice.findOne({ data: null }), StoreUsageError);
    await t.rejects(alice.deleteMany({ data: null }), StoreUsageError);
    t.throws(() => alice.ops.deleteMany({ data: null }), StoreUsageError, 'nor in a commit');
    t.equal(await alice.count(), 5, 'nothing was deleted');
    const store = await harness.openPeer();
    t.teardown(() => store.close());
    t.throws(() => store.collection({ name: 'blobs_nested', scope: 'tenant', binary: { field: 'data.inner' } }), StoreUsageError, 'a nested binary field is refused');
    t.throws(() => store.collection({ name: 'blobs_indexed', scope: 'tenant', indexes: [{ fields: ['data'] }], binary: { field: 'data' } }), StoreUsageError, 'an index on it is refused');
  });

  t.test(`${adapterName}: records`, async (t) => {
    t.test('insert then get returns the document with id and version 1, stored as given', async (t) => {
      const { harness, c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      const doc = item(1, { meta: { color: 'blue' }, flag: true, tag: null });
      const inserted = await repo.insert(doc);
      t.same(inserted, { ...doc, version: 1 });
      t.same(await repo.get(doc.id), { ...doc, version: 1 });
      const raw = await harness.raw('items', doc.id);
      t.equal(raw?.id, doc.id, 'the id is stored as given');
      t.equal(raw?.accountId, 'acct_alice');
      t.equal(raw?.mode, 'live');
      t.equal(raw?.version, 1);
      t.equal(raw?.doc.created_at, doc.created_at, 'dates stay ISO strings');
      t.equal(raw?.doc.flag, true, 'booleans stay booleans');
      t.same(raw?.doc.meta, { color: 'blue' });
    });

    t.test('get of a missing id is null', async (t) => {
      const { c } = await fresh(t);
      t.equal(await c.items.forTenant(ALICE_LIVE).get('item_nope'), null);
    });

    t.test('a duplicate id is a UniqueConstraintError on id', async (t) => {
      const { c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1));
      const error = await repo.insert(item(1, { title: 'other' })).catch((e: unknown) => e);
      t.ok(error instanceof UniqueConstraintError);
      t.same((error as UniqueConstraintError).fields, ['id']);
    });

    t.test('unique indexes hold per tenant, names the fields, and acrossTenants holds store-wide', async (t) => {
      const { c } = await fresh(t);
      await c.items.forTenant(ALICE_LIVE).insert(item(1, { title: 'same' }));
      await c.items.forTenant(ALICE_TEST).insert(item(2, { title: 'same' }));
      await c.items.forTenant(BOB_LIVE).insert(item(3, { title: 'same' }));
      const error = await c.items
        .forTenant(ALICE_LIVE)
        .insert(item(4, { title: 'same' }))
        .catch((e: unknown) => e);
      t.ok(error instanceof UniqueConstraintError, 'same tenant, same value');
      t.same((error as UniqueConstraintError).fields, ['title']);

      await c.keys.forTenant(ALICE_LIVE).insert({ id: 'key_1', hash: 'h1', label: 'a' });
      const across = await c.keys
        .forTenant(BOB_LIVE)
        .insert({ id: 'key_2', hash: 'h1', label: 'b' })
        .catch((e: unknown) => e);
      t.ok(across instanceof UniqueConstraintError, 'acrossTenants is unique across tenants');
    });

    t.test('an update taking a value a unique index holds is a UniqueConstraintError naming the fields', async (t) => {
      const { harness, c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1, { title: 'one' }));
      await repo.insert(item(2, { title: 'two' }));
      for (const [how, attempt] of [
        ['update', () => repo.update('item_0002', { title: 'one' }, { ifVersion: 1 })],
        ['commit', () => harness.store.commit([repo.ops.update('item_0002', { title: 'one' })])],
      ] as const) {
        const error = await attempt().catch((e: unknown) => e);
        t.ok(error instanceof UniqueConstraintError, `${how}: ${String(error)}`);
        t.same((error as UniqueConstraintError).fields, ['title']);
      }
      t.equal((await repo.get('item_0002'))?.title, 'two', 'nothing changed');
    });

    t.test('findUniqueAcrossTenants finds the record and its tenant', async (t) => {
      const { c } = await fresh(t);
      await c.keys.forTenant(ALICE_TEST).insert({ id: 'key_1', hash: 'h1', label: 'a' });
      await c.keys.forTenant(BOB_LIVE).insert({ id: 'key_2', hash: 'h2', label: 'b' });
      const found = await c.keys.findUniqueAcrossTenants('hash', 'h2');
      t.same(found?.scope, BOB_LIVE);
      t.equal(found?.record.id, 'key_2');
      t.equal(found?.record.label, 'b');
      t.equal(await c.keys.findUniqueAcrossTenants('hash', 'h3'), null);
      await t.rejects(c.keys.findUniqueAcrossTenants('label', 'a'), StoreUsageError, 'only on declared fields');
    });

    t.test('global collections have no tenant; tenant collections demand one', async (t) => {
      const { c } = await fresh(t);
      const globals = c.globals.global();
      await globals.insert({ id: 'g_1', name: 'one' });
      t.equal((await globals.get('g_1'))?.name, 'one');
      await t.rejects(globals.insert({ id: 'g_2', name: 'one' }), UniqueConstraintError);
      t.throws(() => c.items.global(), StoreUsageError);
      t.throws(() => c.globals.forTenant(ALICE_LIVE), StoreUsageError);
      t.throws(() => c.items.forTenant({ accountId: '', mode: 'live' }), StoreUsageError);
    });

    t.test('malformed collection definitions are refused', async (t) => {
      const harness = await open();
      t.teardown(() => harness.close());
      const { store } = harness;
      t.throws(() => store.collection({ name: 'Bad-Name', scope: 'tenant' }), StoreUsageError);
      t.throws(() => store.collection({ name: 'x', scope: 'tenant', indexes: [{ fields: [] }] }), StoreUsageError);
      t.throws(() => store.collection({ name: 'x', scope: 'tenant', indexes: [{ fields: ["a'b"] }] }), StoreUsageError);
      t.throws(
        () => store.collection({ name: 'x', scope: 'global', indexes: [{ fields: ['a'], acrossTenants: true }] }),
        StoreUsageError,
      );
      t.throws(() => store.collection({ name: 'x', scope: 'tenant', claims: { dueField: 'due at' } }), StoreUsageError);
    });

    t.test('reserved and malformed field names are refused before they reach the engine', async (t) => {
      const { c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await t.rejects(repo.insert({ ...item(1), version: 3 } as never), StoreUsageError);
      await t.rejects(repo.insert({ ...item(1), account_id: 'x' } as never), StoreUsageError);
      await t.rejects(repo.insert({ ...item(1), "bad'name": 1 } as never), StoreUsageError);
      await t.rejects(repo.list({ filter: { "x') OR 1=1 --": 1 }, limit: 5 }), StoreUsageError);
      await t.rejects(repo.list({ filter: { status: { like: 'x' } as never }, limit: 5 }), StoreUsageError);
    });
  });

  t.test(`${adapterName}: tenant isolation`, async (t) => {
    const { c } = await fresh(t);
    const alice = c.items.forTenant(ALICE_LIVE);
    const aliceTest = c.items.forTenant(ALICE_TEST);
    const bob = c.items.forTenant(BOB_LIVE);
    await alice.insert(item(1));
    for (const other of [aliceTest, bob]) {
      t.equal(await other.get('item_0001'), null, 'cannot read');
      t.equal(await other.update('item_0001', { title: 'x' }), null, 'cannot update');
      t.equal(await other.delete('item_0001'), false, 'cannot delete');
      t.equal(await other.deleteMany({}), 0, 'deleteMany sees nothing');
      t.equal(await other.count(), 0, 'cannot count');
      t.same(await other.list({ limit: 10 }), [], 'cannot list');
      t.equal(await other.update('item_0001', { title: 'x' }, { ifVersion: 1 }), null, 'nor with a version');
      t.equal(await other.delete('item_0001', { ifVersion: 1 }), false, 'nor delete with a version');
    }
    t.equal((await alice.get('item_0001'))?.title, 'title 1', 'untouched');
    t.equal((await alice.get('item_0001'))?.version, 1);
  });

  t.test(`${adapterName}: updates and deletes`, async (t) => {
    t.test('update sets only the given fields, stores null, replaces nested objects, bumps the version', async (t) => {
      const { harness, c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1, { tag: 'x', meta: { color: 'red' } }));
      const updated = await repo.update('item_0001', { title: 'renamed', tag: null, meta: { color: 'green' } });
      t.equal(updated?.title, 'renamed');
      t.equal(updated?.tag, null);
      t.same(updated?.meta, { color: 'green' });
      t.equal(updated?.rank, 1, 'other fields kept');
      t.equal(updated?.version, 2);
      const raw = await harness.raw('items', 'item_0001');
      t.equal(raw?.version, 2);
      t.equal(raw?.doc.title, 'renamed');
      t.equal(raw?.doc.tag, null);
      t.equal(raw?.doc.status, 'odd');
    });

    t.test('optimistic update: the right version applies, a stale one throws, a missing record is null', async (t) => {
      const { c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1));
      t.equal((await repo.update('item_0001', { rank: 9 }, { ifVersion: 1 }))?.version, 2);
      await t.rejects(repo.update('item_0001', { rank: 10 }, { ifVersion: 1 }), VersionConflictError);
      t.equal((await repo.get('item_0001'))?.rank, 9, 'the stale write did not land');
      t.equal(await repo.update('item_nope', { rank: 1 }, { ifVersion: 1 }), null);
      t.equal(await repo.update('item_nope', { rank: 1 }), null);
    });

    t.test('delete, optimistic delete and deleteMany', async (t) => {
      const { harness, c } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      for (let n = 1; n <= 6; n++) await repo.insert(item(n));
      await t.rejects(repo.delete('item_0001', { ifVersion: 7 }), VersionConflictError);
      t.equal(await repo.delete('item_0001', { ifVersion: 1 }), true);
      t.equal(await repo.delete('item_0001'), false, 'already gone');
      t.equal(await harness.raw('items', 'item_0001'), null);
      t.equal(await repo.deleteMany({ status: 'even' }), 3);
      t.equal(await repo.count(), 2);
    });

    t.test('writers holding one version at once, from two connections: exactly one lands', async (t) => {
      // Two server instances, each with a few writes in flight, all read version 1 (two handoffs
      // assigning one member, two agents editing one record). FerretDB let two or more through in
      // nearly every round before versioned writes claimed their version.
      const { harness, c } = await fresh(t);
      const peer = await harness.openPeer();
      t.teardown(() => peer.close());
      const peerItems = declare(peer).items;
      await peer.init();
      const repos = [c.items.forTenant(ALICE_LIVE), peerItems.forTenant(ALICE_LIVE)];
      const rounds = 20;
      const outcomes: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const id = `item_${String(round + 1).padStart(4, '0')}`;
        await repos[0]!.insert(item(round + 1));
        // Six writers: four updates and, every other round, two deletes among them.
        const writers = Array.from({ length: 6 }, (_, writer) => {
          const repo = repos[writer % 2]!;
          const deletes = round % 2 === 1 && writer >= 4;
          const write = deletes
            ? repo.delete(id, { ifVersion: 1 }).then((gone) => (gone ? 'deleted' : 'missing'))
            : repo.update(id, { tag: `writer ${writer}` }, { ifVersion: 1 }).then((updated) => (updated ? `writer ${writer}` : 'missing'));
          return write.catch((error: unknown) => (error instanceof VersionConflictError ? 'conflict' : `error ${String(error)}`));
        });
        const results = await Promise.all(writers);
        // A writer that comes after a delete finds nothing, as a stale one does after any delete.
        const landed = results.filter((result) => result !== 'conflict' && result !== 'missing');
        const raw = await harness.raw('items', id);
        const held = raw ? String(raw.doc.tag) : 'deleted';
        outcomes.push(landed.length === 1 && landed[0] === held && (raw === null || raw.version === 2) ? 'one' : `${results.join(', ')}; held ${held} v${raw?.version}`);
      }
      t.same(outcomes, Array.from({ length: rounds }, () => 'one'), 'every round: one write landed, the others conflicted, and the record is the one that landed');
    });
  });

  t.test(`${adapterName}: filters`, async (t) => {
    const { c } = await fresh(t);
    const repo = c.items.forTenant(ALICE_LIVE);
    for (let n = 1; n <= 10; n++) {
      await repo.insert(item(n, { flag: n <= 3, ...(n <= 5 ? { tag: n === 5 ? null : `t${n}` } : {}), meta: { color: n % 2 ? 'red' : 'blue' } }));
    }
    const ids = async (filter: Parameters<typeof repo.list>[0]['filter']) =>
      (await repo.list({ filter, limit: 100, sort: { field: 'id', direction: 'asc' } })).map((r) => Number(r.id.slice(5)));
    t.same(await ids({ status: 'even' }), [2, 4, 6, 8, 10], 'equality');
    t.same(await ids({ flag: true }), [1, 2, 3], 'boolean equality');
    t.same(await ids({ flag: false }), [4, 5, 6, 7, 8, 9, 10]);
    t.same(await ids({ tag: null }), [5, 6, 7, 8, 9, 10], 'null matches null and missing');
    t.same(await ids({ tag: { ne: null } }), [1, 2, 3, 4]);
    t.same(await ids({ tag: { ne: 't1' } }), [2, 3, 4, 5, 6, 7, 8, 9, 10], 'ne matches missing too');
    t.same(await ids({ rank: { in: [0, 4] } }), [4, 5, 9, 10], 'in');
    t.same(await ids({ rank: { in: [] } }), [], 'empty in matches nothing');
    t.same(await ids({ rank: { nin: [0, 4] } }), [1, 2, 3, 6, 7, 8], 'nin');
    t.same(await ids({ tag: { nin: ['t1', 't2'] } }), [3, 4, 5, 6, 7, 8, 9, 10], 'nin matches null and missing too');
    t.same(await ids({ rank: { nin: [] } }), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'empty nin matches everything');
    // Outside the types (null is no Scalar), as a caller building a filter from data could send it.
    await t.rejects(ids({ tag: { nin: ['t1', null as unknown as string] } }), StoreUsageError, 'nin refuses null (the stores would disagree on it)');
    t.same(await ids({ rank: { gte: 2, lt: 4 } }), [2, 3, 7, 8], 'numeric range');
    t.same(await ids({ created_at: { gt: item(8).created_at } }), [9, 10], 'ISO string range');
    t.same(await ids({ created_at: { lte: item(2).created_at } }), [1, 2]);
    t.same(await ids({ title: { contains: 'itle 1' } }), [1, 10], 'substring');
    t.same(await ids({ title: { contains: 'TITLE' } }), [], 'contains is case-sensitive');
    t.same(await ids({ 'meta.color': 'blue' }), [2, 4, 6, 8, 10], 'dotted path');
    t.same(await ids({ status: 'odd', rank: { gt: 2 } }), [3, 9], 'conditions combine with AND');
    t.same(await ids({ id: { in: ['item_0003', 'item_0007'] } }), [3, 7], 'filter on id');
    t.equal(await repo.count({ status: 'odd' }), 5);
    t.equal((await repo.findOne({ rank: 3, status: 'even' }))?.id, 'item_0008');
    t.equal(await repo.findOne({ rank: 42 }), null);
  });

  t.test(`${adapterName}: listing and keyset pages`, async (t) => {
    const { c } = await fresh(t);
    const repo = c.items.forTenant(ALICE_LIVE);
    const order = [7, 3, 10, 1, 5, 9, 2, 8, 4, 6];
    for (const n of order) await repo.insert(item(n));
    t.same(
      (await repo.list({ limit: 3 })).map((r) => r.id),
      ['item_0010', 'item_0009', 'item_0008'],
      'default: id descending',
    );

    for (const direction of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let after: { value: string | number | boolean | null; id: string } | undefined;
      for (;;) {
        const page = await repo.list({ sort: { field: 'rank', direction }, limit: 3, after });
        if (page.length === 0) break;
        seen.push(...page.map((r) => r.id));
        const last = page[page.length - 1]!;
        after = { value: last.rank, id: last.id };
      }
      const expected = [...Array(10).keys()]
        .map((i) => item(i + 1))
        .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id))
        .map((r) => r.id);
      if (direction === 'desc') expected.reverse();
      t.same(seen, expected, `walking pages by rank ${direction} (with ties) yields every record once, in order`);
    }
  });

  t.test(`${adapterName}: grouped counts`, { skip: lacks('grouped_counts') && 'the store does not declare grouped_counts' }, async (t) => {
    const { c } = await fresh(t);
    const repo = c.items.forTenant(ALICE_LIVE);
    for (let n = 1; n <= 7; n++) await repo.insert(item(n, { flag: n <= 2, ...(n === 7 ? {} : { tag: n <= 3 ? 'a' : 'b' }) }));
    await c.items.forTenant(BOB_LIVE).insert(item(8, { tag: 'a' }));
    const sortGroups = (groups: { value: unknown; count: number }[]) =>
      [...groups].sort((a, b) => String(a.value).localeCompare(String(b.value)));
    t.same(sortGroups(await repo.countBy('status')), [
      { value: 'even', count: 3 },
      { value: 'odd', count: 4 },
    ]);
    t.same(sortGroups(await repo.countBy('flag')), [
      { value: false, count: 5 },
      { value: true, count: 2 },
    ], 'booleans come back as booleans');
    t.same(sortGroups(await repo.countBy('tag')), [
      { value: 'a', count: 3 },
      { value: 'b', count: 3 },
      { value: null, count: 1 },
    ], 'missing groups as null; other tenants not counted');
    t.same(await repo.countBy('status', { rank: 0 }), [{ value: 'odd', count: 1 }], 'with a filter (item 5)');
  });

  t.test(`${adapterName}: commit`, async (t) => {
    t.test('applies every write', async (t) => {
      const { c, harness } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1));
      await repo.insert(item(2));
      await harness.store.commit([
        repo.ops.insert(item(3)),
        repo.ops.update('item_0001', { title: 'one' }, { ifVersion: 1 }),
        repo.ops.delete('item_0002'),
        c.keys.forTenant(ALICE_LIVE).ops.insert({ id: 'key_1', hash: 'h', label: 'l' }),
      ]);
      t.equal((await repo.get('item_0001'))?.title, 'one');
      t.equal(await repo.get('item_0002'), null);
      t.ok(await repo.get('item_0003'));
      t.ok(await harness.raw('keys', 'key_1'));
    });

    t.test('a write on a missing record fails the commit', async (t) => {
      const { c, harness } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await t.rejects(harness.store.commit([repo.ops.update('item_nope', { title: 'x' })]), RecordNotFoundError);
      await t.rejects(harness.store.commit([repo.ops.delete('item_nope')]), RecordNotFoundError);
    });

    t.test('all or nothing', { skip: lacks('atomic_commit') && 'the store does not declare atomic_commit' }, async (t) => {
      const { c, harness } = await fresh(t);
      const repo = c.items.forTenant(ALICE_LIVE);
      await repo.insert(item(1));
      await t.rejects(
        harness.store.commit([
          repo.ops.insert(item(2)),
          repo.ops.update('item_0001', { title: 'changed' }),
          repo.ops.insert(item(3, { title: 'title 2' })), // the title item 2 took in this commit
        ]),
        UniqueConstraintError,
      );
      t.equal(await harness.raw('items', 'item_0002'), null, 'the earlier insert was rolled back');
      t.equal((await repo.get('item_0001'))?.title, 'title 1', 'the earlier update was rolled back');
      await t.rejects(
        harness.store.commit([repo.ops.insert(item(4)), repo.ops.update('item_0001', { rank: 1 }, { ifVersion: 99 })]),
        VersionConflictError,
      );
      t.equal(await repo.get('item_0004'), null);
    });
  });

  t.test(`${adapterName}: counters`, { skip: lacks('counters') && 'the store does not declare counters' }, async (t) => {
    t.test('increment returns the new value, per scope and name', async (t) => {
      const { harness } = await fresh(t);
      const counters = harness.store.counters;
      const later = new Date(Date.now() + 60_000);
      t.equal(await counters.increment(ALICE_LIVE, 'requests', later), 1);
      t.equal(await counters.increment(ALICE_LIVE, 'requests', later), 2);
      t.equal(await counters.increment(ALICE_LIVE, 'other', later), 1, 'another name counts apart');
      t.equal(await counters.increment(ALICE_TEST, 'requests', later), 1, 'another mode counts apart');
      t.equal(await counters.increment(null, 'requests', later), 1, 'global counters count apart');
      t.equal(await counters.get(ALICE_LIVE, 'requests'), 2);
      t.equal(await counters.get(BOB_LIVE, 'requests'), 0);
    });

    t.test('expired counters are swept', async (t) => {
      const { harness } = await fresh(t);
      const counters = harness.store.counters;
      const now = new Date('2026-06-01T00:00:00.000Z');
      await counters.increment(ALICE_LIVE, 'old', new Date(now.getTime() - 1));
      await counters.increment(ALICE_LIVE, 'new', new Date(now.getTime() + 1000));
      t.ok((await counters.sweepExpired(now)) >= 1, 'something was swept');
      t.equal(await counters.get(ALICE_LIVE, 'old'), 0);
      t.equal(await counters.get(ALICE_LIVE, 'new'), 1);
    });

    t.test('two connections incrementing at once lose no count', async (t) => {
      // Two server instances, each with a few requests in flight, counting one window.
      const { harness } = await fresh(t);
      const peer = await harness.openPeer();
      t.teardown(() => peer.close());
      const later = new Date(Date.now() + 60_000);
      const worker = async (store: Store) => {
        const seen: number[] = [];
        for (let i = 0; i < 50; i++) {
          seen.push(...(await Promise.all([1, 2, 3, 4].map(() => store.counters.increment(ALICE_LIVE, 'race', later)))));
        }
        return seen;
      };
      const returned = (await Promise.all([worker(harness.store), worker(peer)])).flat();
      t.equal(await harness.store.counters.get(ALICE_LIVE, 'race'), 400);
      t.same(
        [...returned].sort((a, b) => a - b),
        Array.from({ length: 400 }, (_, i) => i + 1),
        'every increment saw a distinct value',
      );
    });

    t.test('increments by many racing increments by one count every unit once', async (t) => {
      // An instance flushing batched request counts (core/rate-limit.ts) while another counts
      // request by request: the ranges the increments return tile 1…total with no gap or overlap.
      const { harness } = await fresh(t);
      const peer = await harness.openPeer();
      t.teardown(() => peer.close());
      const later = new Date(Date.now() + 60_000);
      const ranges: Array<[number, number]> = [];
      const add = async (store: Store, by: number) => {
        const last = await store.counters.increment(ALICE_LIVE, 'batched', later, by);
        ranges.push([last - by + 1, last]);
      };
      const batches = async () => {
        for (let i = 0; i < 4; i++) await Promise.all([add(harness.store, 250), add(harness.store, 137)]);
      };
      const singles = async () => {
        for (let i = 0; i < 25; i++) await Promise.all([1, 2, 3, 4].map(() => add(peer, 1)));
      };
      await Promise.all([batches(), singles()]);
      const total = 4 * (250 + 137) + 100;
      t.equal(await harness.store.counters.get(ALICE_LIVE, 'batched'), total);
      ranges.sort((a, b) => a[0] - b[0]);
      t.equal(ranges[0]![0], 1, 'the first range starts at 1');
      t.ok(
        ranges.every((range, i) => i === 0 || range[0] === ranges[i - 1]![1] + 1),
        'each range starts right after the one before',
      );
      t.equal(ranges.at(-1)![1], total, 'the last ends at the total');
    });
  });

  t.test(`${adapterName}: claims`, { skip: lacks('claims') && 'the store does not declare claims' }, async (t) => {
    const base = new Date('2026-06-01T12:00:00.000Z');
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);

    async function queue(t: Test, jobs: Array<{ id: string; run_at: string | null; scope?: TenantScope }>) {
      const setup = await fresh(t);
      for (const job of jobs) {
        await setup.c.jobs.forTenant(job.scope ?? ALICE_LIVE).insert({ id: job.id, run_at: job.run_at, payload: 1 });
      }
      return { ...setup, claims: setup.c.jobs.claims! };
    }

    t.test('claims only due records, oldest first, across tenants, counting attempts', async (t) => {
      const { claims } = await queue(t, [
        { id: 'job_late', run_at: at(10).toISOString() },
        { id: 'job_b', run_at: at(-5).toISOString(), scope: BOB_LIVE },
        { id: 'job_a', run_at: at(-10).toISOString() },
        { id: 'job_never', run_at: null },
      ]);
      const claimed = await claims.claimDue({ now: base, owner: 'w1', leaseMs: 30_000, limit: 10 });
      t.same(claimed.map((c) => c.record.id), ['job_a', 'job_b']);
      t.same(claimed.map((c) => c.scope), [ALICE_LIVE, BOB_LIVE]);
      t.same(claimed.map((c) => c.attempts), [1, 1]);
      t.equal(claimed[0]!.leaseExpiresAt.getTime(), base.getTime() + 30_000);
      t.same(await claims.claimDue({ now: base, owner: 'w2', leaseMs: 30_000, limit: 10 }), [], 'leased: nobody else gets them');
    });

    t.test('countDue: what a claim could take now, across tenants, up to the limit', async (t) => {
      const { claims } = await queue(t, [
        { id: 'job_1', run_at: at(-3).toISOString() },
        { id: 'job_2', run_at: at(-2).toISOString(), scope: BOB_LIVE },
        { id: 'job_3', run_at: at(-1).toISOString() },
        { id: 'job_late', run_at: at(10).toISOString() },
        { id: 'job_never', run_at: null },
      ]);
      t.equal(await claims.countDue({ now: base, limit: 100 }), 3);
      t.equal(await claims.countDue({ now: base, limit: 2 }), 2, 'counted up to the limit');
      await claims.claimDue({ now: base, owner: 'w', leaseMs: 1000, limit: 1 });
      t.equal(await claims.countDue({ now: base, limit: 100 }), 2, 'a leased record is not waiting');
      t.equal(await claims.countDue({ now: at(20), limit: 100 }), 4, 'the lease ran out and the late one is due');
    });

    t.test('respects limit and filter', async (t) => {
      const { claims } = await queue(t, [
        { id: 'job_1', run_at: at(-3).toISOString() },
        { id: 'job_2', run_at: at(-2).toISOString(), scope: BOB_LIVE },
        { id: 'job_3', run_at: at(-1).toISOString() },
      ]);
      t.same((await claims.claimDue({ now: base, owner: 'w', leaseMs: 1000, limit: 1 })).map((c) => c.record.id), ['job_1']);
      const filtered = await claims.claimDue({ now: base, owner: 'w', leaseMs: 1000, limit: 5, filter: { id: 'job_3' } });
      t.same(filtered.map((c) => c.record.id), ['job_3']);
    });

    t.test('an expired lease can be claimed again; then the old owner can no longer finish', async (t) => {
      const { claims, c } = await queue(t, [{ id: 'job_1', run_at: at(-1).toISOString() }]);
      await claims.claimDue({ now: base, owner: 'slow', leaseMs: 1000, limit: 1 });
      const again = await claims.claimDue({ now: at(2), owner: 'fast', leaseMs: 1000, limit: 1 });
      t.equal(again[0]?.attempts, 2);
      t.equal(await claims.complete({ id: 'job_1', owner: 'slow', now: at(2), changes: { result: 'slow' } }), false);
      t.equal(await claims.complete({ id: 'job_1', owner: 'fast', now: at(2), changes: { result: 'fast', run_at: null } }), true);
      const stored = await c.jobs.forTenant(ALICE_LIVE).get('job_1');
      t.equal(stored?.result, 'fast');
      t.equal(stored?.version, 2, 'completing is a write');
      t.same(await claims.claimDue({ now: at(100), owner: 'x', leaseMs: 1000, limit: 1 }), [], 'done: never due again');
    });

    t.test('the owner cannot finish after its own lease ran out', async (t) => {
      const { claims } = await queue(t, [{ id: 'job_1', run_at: at(-1).toISOString() }]);
      await claims.claimDue({ now: base, owner: 'w', leaseMs: 1000, limit: 1 });
      t.equal(await claims.complete({ id: 'job_1', owner: 'w', now: at(5), changes: {} }), false);
      t.equal(await claims.extendLease({ id: 'job_1', owner: 'w', now: at(5), leaseMs: 1000 }), false);
    });

    t.test('complete with a retry time makes it due then; release frees it at once; extend keeps it', async (t) => {
      const { claims } = await queue(t, [
        { id: 'job_1', run_at: at(-1).toISOString() },
        { id: 'job_2', run_at: at(-1).toISOString() },
      ]);
      await claims.claimDue({ now: base, owner: 'w', leaseMs: 10_000, limit: 2 });
      t.equal(await claims.complete({ id: 'job_1', owner: 'w', now: base, changes: { run_at: at(60).toISOString() } }), true);
      t.equal(await claims.release({ id: 'job_2', owner: 'other', now: base }), false, 'only the owner releases');
      t.equal(await claims.release({ id: 'job_2', owner: 'w', now: base }), true);
      const next = await claims.claimDue({ now: at(1), owner: 'w2', leaseMs: 10_000, limit: 5 });
      t.same(next.map((c) => c.record.id), ['job_2']);
      t.equal(await claims.extendLease({ id: 'job_2', owner: 'w2', now: at(5), leaseMs: 60_000 }), true);
      t.same(await claims.claimDue({ now: at(30), owner: 'w3', leaseMs: 1000, limit: 5 }), [], 'extended lease holds');
      t.same((await claims.claimDue({ now: at(61), owner: 'w3', leaseMs: 1000, limit: 5 })).map((c) => c.record.id), ['job_1']);
    });

    t.test('completeAll completes what the owner still holds, each with its changes, and nothing else', async (t) => {
      const { claims, c } = await queue(t, [
        { id: 'job_1', run_at: at(-3).toISOString() },
        { id: 'job_2', run_at: at(-2).toISOString(), scope: BOB_LIVE },
        { id: 'job_3', run_at: at(-1).toISOString() },
        { id: 'job_4', run_at: at(-1).toISOString() },
      ]);
      await claims.claimDue({ now: base, owner: 'w', leaseMs: 1000, limit: 3, filter: { id: { ne: 'job_4' } } });
      await claims.claimDue({ now: base, owner: 'other', leaseMs: 1000, limit: 1 }); // job_4
      await claims.release({ id: 'job_3', owner: 'w', now: base }); // no longer w's
      const completed = await claims.completeAll({
        owner: 'w',
        now: base,
        completions: [
          { id: 'job_1', changes: { run_at: null, result: 'one' } },
          { id: 'job_2', changes: { run_at: at(60).toISOString() } },
          { id: 'job_3', changes: { run_at: null, result: 'not mine' } },
          { id: 'job_4', changes: { run_at: null, result: 'not mine' } },
          { id: 'job_missing', changes: { run_at: null } },
        ],
      });
      t.same(completed, ['job_1', 'job_2'], 'only the live leases of the owner');
      const [one, two, three, four] = await Promise.all([
        c.jobs.forTenant(ALICE_LIVE).get('job_1'),
        c.jobs.forTenant(BOB_LIVE).get('job_2'),
        c.jobs.forTenant(ALICE_LIVE).get('job_3'),
        c.jobs.forTenant(ALICE_LIVE).get('job_4'),
      ]);
      t.match(one, { run_at: null, result: 'one', version: 2 });
      t.match(two, { run_at: at(60).toISOString(), version: 2 }, 'across tenants');
      t.notOk(three?.result, 'a released record is untouched');
      t.notOk(four?.result, 'another owner’s record is untouched');
      t.same((await claims.claimDue({ now: at(2), owner: 'x', leaseMs: 1000, limit: 5 })).map((claimed) => claimed.record.id), ['job_3', 'job_4'], 'completed records end their lease; the others stay due');
      t.same(await claims.completeAll({ owner: 'w', now: base, completions: [] }), [], 'nothing to complete');
    });

    t.test('two workers on two connections racing never claim the same record', async (t) => {
      const total = 300;
      const { harness, c } = await fresh(t);
      const repo = c.jobs.forTenant(ALICE_LIVE);
      for (let i = 0; i < total; i++) {
        await repo.insert({ id: `job_${String(i).padStart(4, '0')}`, run_at: at(-1 - (i % 7)).toISOString(), payload: i });
      }
      const peer = await harness.openPeer();
      t.teardown(() => peer.close());
      const peerClaims = declare(peer).jobs.claims!;
      await peer.init();

      const worker = async (claims: typeof peerClaims, owner: string) => {
        const mine: string[] = [];
        for (;;) {
          const batch = await claims.claimDue({ now: base, owner, leaseMs: 60_000, limit: 7 });
          if (batch.length === 0) return mine;
          mine.push(...batch.map((b) => b.record.id));
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const [one, two] = await Promise.all([worker(c.jobs.claims!, 'one'), worker(peerClaims, 'two')]);
      const all = [...one, ...two];
      t.equal(new Set(all).size, all.length, 'no record claimed twice');
      t.equal(all.length, total, 'every record claimed');
      t.ok(one.length > 0 && two.length > 0, `both workers got work (${one.length} / ${two.length})`);
    });
  });

  t.test(`${adapterName}: term search`, { skip: lacks('term_search') && 'the store does not declare term_search' }, async (t) => {
    async function corpus(t: Test) {
      const setup = await fresh(t);
      const repo = setup.c.passages.forTenant(ALICE_LIVE);
      const rows: Array<[string, string, string[]]> = [
        ['p_01', 'faq', ['ship', 'cost', 'europ']],
        ['p_02', 'faq', ['ship', 'day']],
        ['p_03', 'docs', ['refund', 'cost']],
        ['p_04', 'docs', ['ship', 'cost', 'day']],
        ['p_05', 'faq', ['warranti']],
        ['p_06', 'docs', ['42', 'größe']],
      ];
      for (const [id, group, terms] of rows) await repo.insert({ id, group, terms });
      await setup.c.passages.forTenant(BOB_LIVE).insert({ id: 'p_bob', group: 'faq', terms: ['ship', 'cost'] });
      await setup.c.passages.forTenant(ALICE_TEST).insert({ id: 'p_test', group: 'faq', terms: ['ship'] });
      return { ...setup, repo };
    }

    t.test('finds records holding any term, most matched first, then by id; counts document frequency', async (t) => {
      const { repo } = await corpus(t);
      const result = await repo.searchTerms({ terms: ['ship', 'cost', 'day'], limit: 10 });
      t.same(result.hits.map((hit) => [hit.record.id, hit.matched]), [
        ['p_04', 3],
        ['p_01', 2],
        ['p_02', 2],
        ['p_03', 1],
      ]);
      t.same(result.hits[0]!.record, { id: 'p_04', version: 1, group: 'docs', terms: ['ship', 'cost', 'day'] });
      t.same(result.documentFrequency, { ship: 3, cost: 3, day: 2 }, 'only this tenant’s records count');
      t.equal(result.total, 6);
    });

    t.test('limit, filter, repeated terms, unknown terms', async (t) => {
      const { repo } = await corpus(t);
      t.same((await repo.searchTerms({ terms: ['ship', 'cost'], limit: 2 })).hits.map((h) => h.record.id), ['p_01', 'p_04']);
      const docs = await repo.searchTerms({ terms: ['cost', 'cost', 'ship'], filter: { group: 'docs' }, limit: 10 });
      t.same(docs.hits.map((h) => [h.record.id, h.matched]), [['p_04', 2], ['p_03', 1]], 'a repeated term counts once');
      t.same(docs.documentFrequency, { cost: 2, ship: 1 });
      t.equal(docs.total, 3, 'the filter bounds the total too');
      const none = await repo.searchTerms({ terms: ['nothing'], limit: 10 });
      t.same(none.hits, []);
      t.same(none.documentFrequency, { nothing: 0 });
      t.same(await repo.searchTerms({ terms: [], limit: 10 }), { hits: [], documentFrequency: {}, total: 0 });
      t.same((await repo.searchTerms({ terms: ['42'], limit: 10 })).hits.map((h) => h.record.id), ['p_06'], 'numbers');
      t.same((await repo.searchTerms({ terms: ['größe'], limit: 10 })).hits.map((h) => h.record.id), ['p_06'], 'non-ASCII letters');
    });

    t.test('follows updates and deletes', async (t) => {
      const { repo } = await corpus(t);
      await repo.update('p_05', { terms: ['ship', 'warranti'] });
      await repo.delete('p_04');
      const result = await repo.searchTerms({ terms: ['ship'], limit: 10 });
      t.same(result.hits.map((h) => h.record.id), ['p_01', 'p_02', 'p_05']);
      t.same((await repo.searchTerms({ terms: ['warranti'], limit: 10 })).hits.map((h) => h.record.id), ['p_05']);
      await repo.deleteMany({ group: 'faq' });
      t.same((await repo.searchTerms({ terms: ['ship'], limit: 10 })).hits, []);
    });

    t.test('another connection finds what this one wrote', async (t) => {
      const { harness } = await corpus(t);
      const peer = await harness.openPeer();
      t.teardown(() => peer.close());
      const peerPassages = declare(peer).passages;
      await peer.init();
      t.equal((await peerPassages.forTenant(ALICE_LIVE).searchTerms({ terms: ['refund'], limit: 5 })).hits.length, 1);
    });

    t.test('only analysed terms; only on collections that declare search', async (t) => {
      const { repo, c } = await corpus(t);
      for (const bad of ['two words', 'Ship', '"ship"', 'ship*', 'a OR b', '', 'x'.repeat(65)]) {
        t.throws(() => repo.searchTerms({ terms: [bad], limit: 5 }), StoreUsageError, JSON.stringify(bad));
      }
      t.throws(() => c.items.forTenant(ALICE_LIVE).searchTerms({ terms: ['x'], limit: 5 }), StoreUsageError);
    });
  });

  t.test(`${adapterName}: deleting expired records across tenants`, async (t) => {
    const { c, harness } = await fresh(t);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    for (const [id, scope, minute] of [
      ['item_0001', ALICE_LIVE, 1],
      ['item_0002', BOB_LIVE, 2],
      ['item_0003', ALICE_TEST, 3],
      ['item_0004', ALICE_LIVE, 30],
    ] as const) {
      await c.items.forTenant(scope).insert({ ...item(Number(id.slice(-1))), id, created_at: at(minute) });
    }
    const before = new Date(at(10));
    t.equal(await c.items.deleteExpired({ field: 'created_at', before, limit: 2 }), 2, 'oldest first, up to the limit');
    t.equal(await harness.raw('items', 'item_0001'), null);
    t.equal(await harness.raw('items', 'item_0002'), null, 'whatever the tenant');
    t.ok(await harness.raw('items', 'item_0003'), 'the limit left this one');
    t.equal(await c.items.deleteExpired({ field: 'created_at', before, limit: 100 }), 1);
    t.ok(await harness.raw('items', 'item_0004'), 'not expired');
    t.equal(await c.items.deleteExpired({ field: 'created_at', before, limit: 100 }), 0);
    t.throws(() => c.items.deleteExpired({ field: "x') OR 1=1 --", before, limit: 1 }), StoreUsageError);
  });

  t.test(`${adapterName}: init is idempotent and data survives reopening`, async (t) => {
    const { harness, c } = await fresh(t);
    await c.items.forTenant(ALICE_LIVE).insert(item(1));
    await harness.store.init();
    const peer = await harness.openPeer();
    t.teardown(() => peer.close());
    const again = declare(peer);
    await peer.init();
    t.equal((await again.items.forTenant(ALICE_LIVE).get('item_0001'))?.title, 'title 1');
    t.throws(
      () => peer.collection({ name: 'items', scope: 'global' }),
      StoreUsageError,
      'a second, different definition of a collection is refused',
    );
  });
}
