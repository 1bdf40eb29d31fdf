// The shared part of every collection (core/store/handle.ts) and the metrics wrapper around it:
// repositories are kept per tenant scope and shared, so they must hold nothing but their scope. On
// the store of the pass (TEST_STORE): every adapter builds its collections on the same handle.
import t from 'tap';
import { createMetrics } from '../../core/metrics/index.js';
import { openTestStoreHarness } from '../helpers/server.js';

interface Thing {
  name: string;
}

const acme = { accountId: 'acct_acme', mode: 'live' as const };
const acmeTest = { accountId: 'acct_acme', mode: 'test' as const };
const globex = { accountId: 'acct_globex', mode: 'live' as const };

for (const timed of [false, true]) {
  t.test(`one repository per tenant scope, shared and frozen${timed ? ' (metrics on)' : ''}`, async (t) => {
    const harness = await openTestStoreHarness();
    t.teardown(() => harness.close());
    const store = timed ? createMetrics({ enabled: true }).instrumentStore(harness.store) : harness.store;
    const things = store.collection<Thing>({ name: 'things', scope: 'tenant', indexes: [] });
    const settings = store.collection<Thing>({ name: 'settings', scope: 'global', indexes: [] });
    await store.init();

    const first = things.forTenant(acme);
    t.equal(things.forTenant({ ...acme }), first, 'an equal scope (another object) gets the same repository');
    t.not(things.forTenant(acmeTest), first, 'the other mode of the account is another repository');
    t.not(things.forTenant(globex), first, 'another account is another repository');
    t.equal(settings.global(), settings.global(), 'a global collection has one repository');
    t.ok(Object.isFrozen(first) && Object.isFrozen(first.ops), 'a shared repository cannot be changed by one caller for all');

    // Sharing does not mix tenants: each repository reads and writes its own scope only.
    await first.insert({ id: 'thing_1', name: 'acme live' });
    await things.forTenant(globex).insert({ id: 'thing_2', name: 'globex' });
    t.equal((await things.forTenant(acme).get('thing_1'))?.name, 'acme live');
    t.equal((await things.forTenant(globex).get('thing_2'))?.name, 'globex');
    t.equal(await things.forTenant(globex).get('thing_1'), null, 'another account sees nothing of acme');
    t.equal(await things.forTenant(acme).get('thing_2'), null, 'nor acme of it');
    t.equal(await things.forTenant(acmeTest).get('thing_1'), null, 'the test mode sees nothing of live');
    t.same(first.ops.update('thing_1', { name: 'x' }).scope, acme, 'ops carry the repository scope');

    // Past the bound, the least recently used repositories are dropped and made again: still correct.
    for (let i = 0; i < 150; i++) {
      things.forTenant({ accountId: `acct_${i}`, mode: 'live' });
      if (i === 120) t.equal(things.forTenant(globex), things.forTenant(globex), 'a scope in use keeps its repository');
    }
    const again = things.forTenant(acme);
    t.not(again, first, 'acme’s was the least recently used: made again');
    t.equal((await again.get('thing_1'))?.name, 'acme live', 'a repository made again reads the same records');

    // A mode that is not one of the two is refused before any lookup: no two scopes share a key.
    t.throws(() => things.forTenant({ accountId: 'y', mode: 'live:x' } as never), /mode is live or test/);
  });
}
