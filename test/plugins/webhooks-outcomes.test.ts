// The webhook outcome writer (plugins/webhooks/outcomes.ts) on the real store's claim queue: outcomes
// written close together share one completeAll, 128 at most, an empty batch is never written, and
// flush() has written what was pending when it resolves. The mutation run (npm run mutate:webhooks)
// found none of these checked: the dispatcher tests passed with every outcome in a commit of its
// own, with no cap on a batch, with empty batches written and with a flush() that wrote nothing.
// Beside them, what a lost lease means (the dispatcher tests never lose one): the outcome resolves
// false and the delivery is left to the instance that holds it now.
import pino from 'pino';
import t, { type Test } from 'tap';
import { newId } from '../../core/ids.js';
import type { ClaimQueue } from '../../core/store/types.js';
import { newDelivery } from '../../plugins/webhooks/dispatcher.js';
import { OutcomeWriter } from '../../plugins/webhooks/outcomes.js';
import { declareWebhooks, type DeliveryDoc } from '../../plugins/webhooks/collections.js';
import { buildTestServer } from '../helpers/server.js';

const LEASE_MS = 60_000;

// On a store without atomic commits (FerretDB) completeAll writes 129 outcomes one by one: on two
// busy cores that passed tap's 120 s.
t.setTimeout(300_000);

/** An API-only instance (no dispatcher of its own claims what these tests lease) on the test store. */
async function setup(t: Test) {
  const api = await buildTestServer(t, { config: { server: { roles: ['api'] } } });
  const tenant = { accountId: (await api.account('professional')).id, mode: 'live' as const };
  const declared = declareWebhooks(api.platform.store);
  const repository = declared.deliveries.forTenant(tenant);
  const claims = declared.deliveries.claims!;

  /** `count` new deliveries leased by this instance, and a writer for them that notes every batch's size. */
  async function leased(count: number) {
    const now = api.clock.now().toISOString();
    const ids = Array.from({ length: count }, () => newId('whd'));
    await api.platform.store.commit(
      ids.map((id) => repository.ops.insert(newDelivery(id, 'wh_outcomes', { id: newId('evt'), type: 'conversation.started', chatbot_id: null }, now))),
    );
    const claimed = await claims.claimDue({ now: api.clock.now(), owner: 'this-instance', leaseMs: LEASE_MS, limit: count });
    if (claimed.length !== count) throw new Error(`claimed ${claimed.length} of ${count}`);
    // The real claim queue, with the size of every completeAll it is asked for noted down.
    const batches: number[] = [];
    const counted: ClaimQueue<DeliveryDoc> = {
      ...claims,
      completeAll: (args) => {
        batches.push(args.completions.length);
        return claims.completeAll(args);
      },
    };
    return { ids, batches, writer: new OutcomeWriter(counted, 'this-instance', api.clock.now, pino({ level: 'silent' })) };
  }
  return { api, claims, repository, leased };
}

const succeeded = (at: string): Partial<DeliveryDoc> => ({ status: 'succeeded', attempt_count: 1, next_attempt_at: null, completed_at: at });

// One server for every case (a server on FerretDB is the slow part); each case leases its own deliveries.
t.test('outcome batches', async (t) => {
  const { api, claims, repository, leased } = await setup(t);

  t.test('outcomes written together share one commit, at most 128 to a commit', async (t) => {
    const { ids, batches, writer } = await leased(129);
    const at = api.clock.now().toISOString();
    const written = await Promise.all(ids.map((id) => writer.write(id, succeeded(at))));
    t.ok(written.every(Boolean), 'every outcome written');
    t.same(batches, [128, 1], 'the 128th outcome sent a full batch; the last went on its own after the short wait');
    for (const id of [ids[0]!, ids[127]!, ids[128]!]) t.match(await repository.get(id), { status: 'succeeded', next_attempt_at: null });

    await writer.flush();
    t.same(batches, [128, 1], 'a flush with nothing pending writes nothing');
  });

  t.test('flush() resolves once what was pending is written, without waiting for the batch delay', async (t) => {
    const { ids, batches, writer } = await leased(1);
    let resolved: boolean | null = null;
    const write = writer.write(ids[0]!, succeeded(api.clock.now().toISOString())).then((written) => (resolved = written));
    await writer.flush();
    t.same(batches, [1], 'the pending outcome went to the store in the flush');
    t.match(await repository.get(ids[0]!), { status: 'succeeded' }, 'and is there when flush() resolves');
    await write;
    t.equal(resolved, true);
  });

  t.test('an outcome whose lease ran out and was taken by another instance resolves false', async (t) => {
    const { ids, writer } = await leased(2);
    const [lost, kept] = ids as [string, string];
    t.ok(await claims.extendLease({ id: kept, owner: 'this-instance', now: api.clock.now(), leaseMs: 3 * LEASE_MS }), 'one lease extended');
    api.clock.advance(LEASE_MS + 1);
    const retaken = await claims.claimDue({ now: api.clock.now(), owner: 'another-instance', leaseMs: LEASE_MS, limit: 10 });
    t.same(retaken.map(({ record }) => record.id), [lost], 'the other instance holds the one whose lease ran out');

    const at = api.clock.now().toISOString();
    const [lostWritten, keptWritten] = await Promise.all([writer.write(lost, succeeded(at)), writer.write(kept, succeeded(at))]);
    t.equal(lostWritten, false, 'the lost lease: not written (the other instance sends it again)');
    t.equal(keptWritten, true, 'the lease still held: written');
    t.match(await repository.get(lost), { status: 'pending' }, 'the lost one left as it was');
    t.match(await repository.get(kept), { status: 'succeeded' });
  });
});
