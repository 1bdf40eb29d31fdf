// A job whose result cannot be stored must not keep a background loop busy: it is retried with
// backoff, then marked failed with a message a user can read (issue 10, row 1). And data too deep
// for the store is refused at the door with a 400, never a 500.
import t from 'tap';
import { JOB_RETRY, retryAfterFailure } from '../../core/background.js';
import { toBoom } from '../../core/errors.js';
import { declareKnowledge } from '../../plugins/knowledge/collections.js';
import { assertError, buildTestServer, type TestServer } from '../helpers/server.js';

/** `{"n":{"n":…}}` nested `depth` levels deep (built without recursion). */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}

/**
 * The deepest metadata an item can hold in this store: an item holding it can be written, but its
 * event (one level deeper) cannot. SQLite's JSON functions stop at 1,000 levels, MongoDB's BSON at
 * 100, FerretDB's storage at about 330; found by bisection rather than written down per store.
 */
async function deepestStorableMetadata(api: TestServer): Promise<number> {
  const scratch = declareKnowledge(api.platform.store).items.forTenant({ accountId: 'acct_scratch', mode: 'test' });
  let [fits, fails] = [1, 2048];
  while (fails - fits > 1) {
    const depth = Math.floor((fits + fails) / 2);
    const id = `doc_scratch_${depth}`;
    const stored = await scratch.insert({ id, metadata: { deep: nested(depth) } } as never).then(() => true, () => false);
    if (stored) await scratch.delete(id);
    [fits, fails] = stored ? [depth, fails] : [fits, depth];
  }
  return fits;
}

async function chatbotOf(api: TestServer, key: string): Promise<string> {
  return (await api.request('POST', '/api/v1/chatbots', { key, payload: { name: 'Poison' } })).json.id;
}

/** Each retry's delay from `now`, for a job that had failed `previous` times, with Math.random fixed at `random`. */
function delayWith(random: number, previous: number, policy: typeof JOB_RETRY = JOB_RETRY): number | null {
  const now = new Date('2026-11-21T10:00:00.000Z');
  const realRandom = Math.random;
  Math.random = () => random;
  try {
    const { failures, retryAt } = retryAfterFailure(now, previous, policy);
    if (failures !== previous + 1) throw new Error(`failures ${failures} after ${previous}`);
    return retryAt ? retryAt.getTime() - now.getTime() : null;
  } finally {
    Math.random = realRandom;
  }
}

/** The documented schedule: doubling from the first delay, capped, nothing once the last try failed. */
function expectedDelays(policy: typeof JOB_RETRY): Array<number | null> {
  return Array.from({ length: policy.maxFailures + 2 }, (_, previous) =>
    previous + 1 >= policy.maxFailures ? null : Math.min(policy.firstDelayMs * 2 ** previous, policy.maxDelayMs),
  );
}

t.test('retryAfterFailure: every step of the backoff, its jitter, the cap and the give-up', async (t) => {
  // The default policy never reaches its cap (30 s doubling over 7 retries ends at 32 min), so a
  // smaller one checks the cap; both go through the same function.
  const capped = { firstDelayMs: 1_000, maxDelayMs: 10_000, maxFailures: 9 } as unknown as typeof JOB_RETRY;
  t.same(expectedDelays(JOB_RETRY).slice(0, 7), [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000], 'the documented schedule');
  t.same(expectedDelays(capped).slice(0, 8), [1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000, 10_000], 'up to and at the cap');
  for (const [name, policy] of [['default', JOB_RETRY], ['capped', capped]] as const) {
    expectedDelays(policy).forEach((expected, previous) => {
      const label = `${name} policy, after ${previous} failure(s)`;
      if (expected === null) {
        t.equal(delayWith(0.5, previous, policy), null, `${label}: given up`);
        return;
      }
      // Date keeps whole milliseconds: the jittered delay is truncated.
      t.equal(delayWith(0, previous, policy), Math.floor(expected * 0.9), `${label}: -10% at the lowest jitter`);
      t.equal(delayWith(0.5, previous, policy), expected, `${label}: the step itself without jitter`);
      const highest = delayWith(1 - Number.EPSILON, previous, policy)!;
      t.ok(highest > expected * 1.0999 && highest <= expected * 1.1, `${label}: just under +10% at the highest jitter (${highest} ms)`);
      const random = retryAfterFailure(new Date(0), previous, policy).retryAt!.getTime();
      t.ok(random >= Math.floor(expected * 0.9) && random <= expected * 1.1, `${label}: a random jitter stays within ±10% (${random} ms)`);
    });
  }
});

t.test('a knowledge item whose result the store refuses is retried with backoff, then failed; the loop stays free', async (t) => {
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const botId = await chatbotOf(api, account.live);
  const created = await api.request('POST', `/api/v1/chatbots/${botId}/knowledge`, {
    key: account.live,
    payload: { type: 'qa', question: 'Poisoned?', answer: 'Yes.', metadata: { note: 'fine for now' } },
  });
  t.equal(created.statusCode, 201);
  const worker = api.server.plugins.knowledge.worker;
  await worker.drain();

  // Written around the API (as data stored before the limits were): the item can be stored, its
  // knowledge.ready event (one level deeper) cannot.
  const tenant = { accountId: account.id, mode: 'live' as const };
  const { items } = knowledgeCollections(api);
  await items.forTenant(tenant).update(created.json.id, {
    metadata: { deep: nested(await deepestStorableMetadata(api)) } as Record<string, unknown>,
    process_at: api.clock.now().toISOString(),
  });

  const health = async () => (await api.request('GET', '/health')).statusCode;
  for (let failure = 1; failure < JOB_RETRY.maxFailures; failure++) {
    // Before the fix this drain never returned: the item stayed due and was claimed again at once.
    await worker.drain();
    const item = await items.forTenant(tenant).get(created.json.id);
    t.equal(item!.processing_failures, failure, `failure ${failure} is counted`);
    t.equal(item!.status, 'pending', 'waiting for its retry');
    t.ok(item!.process_at! > api.clock.now().toISOString(), 'due later, not now');
    t.equal(await health(), 200, '/health answers between tries');
    api.clock.advance(JOB_RETRY.maxDelayMs * 1.2);
  }
  await worker.drain();
  const failed = (await api.request('GET', `/api/v1/chatbots/${botId}/knowledge/${created.json.id}`, { key: account.live })).json;
  t.equal(failed.status, 'failed', 'given up after the last try');
  t.match(failed.error, /could not be processed and saved after 8 tries/, 'with a message a user can read');
  const stored = await items.forTenant(tenant).get(created.json.id);
  t.equal(stored!.process_at, null, 'no longer due');

  // Changing the item (here: its metadata back to something sane) processes it again, and it works.
  const patched = await api.request('PATCH', `/api/v1/chatbots/${botId}/knowledge/${created.json.id}`, {
    key: account.live,
    payload: { metadata: { note: 'sane' }, answer: 'Yes, still.' },
  });
  t.equal(patched.statusCode, 200);
  await worker.drain();
  const ready = (await api.request('GET', `/api/v1/chatbots/${botId}/knowledge/${created.json.id}`, { key: account.live })).json;
  t.equal(ready.status, 'ready', 'a later change processes it again');
});

t.test('metadata is bounded in depth and size: 400 with details, never a 500', async (t) => {
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const botId = await chatbotOf(api, account.live);
  const tooDeep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
  const fine = { a: { b: { c: { d: { e: 1 } } } } };
  const cases: Array<[string, string, unknown]> = [
    ['POST', `/api/v1/chatbots/${botId}/knowledge`, { type: 'qa', question: 'Q?', answer: 'A.', metadata: tooDeep }],
    ['POST', `/api/v1/chatbots/${botId}/knowledge`, { type: 'qa', question: 'Q?', answer: 'A.', metadata: { deep: nested(1000) } }],
    ['POST', `/api/v1/chatbots/${botId}/knowledge`, { type: 'qa', question: 'Q?', answer: 'A.', metadata: { big: 'x'.repeat(9000) } }],
    ['POST', `/api/v1/chatbots/${botId}/conversations`, { metadata: { deep: nested(1000) } }],
    ['POST', `/api/v1/chatbots/${botId}/conversations`, { metadata: tooDeep }],
  ];
  for (const [method, url, payload] of cases) {
    const body = assertError(t, await api.request(method, url, { key: account.live, payload }), 400, 'validation_failed', `${url} ${JSON.stringify(payload).slice(0, 60)}`);
    t.match(body.details?.[0]?.message ?? '', /metadata/, 'details name the field');
  }
  const conversation = await api.request('POST', `/api/v1/chatbots/${botId}/conversations`, { key: account.live, payload: { metadata: fine } });
  t.equal(conversation.statusCode, 201, 'five levels are fine');
  const deepPatch = await api.request('PATCH', `/api/v1/chatbots/${botId}/conversations/${conversation.json.id}`, {
    key: account.live,
    payload: { metadata: { deep: nested(900) } },
  });
  assertError(t, deepPatch, 400, 'validation_failed', 'PATCH too');
  const item = await api.request('POST', `/api/v1/chatbots/${botId}/knowledge`, { key: account.live, payload: { type: 'qa', question: 'Q?', answer: 'A.', metadata: fine } });
  t.equal(item.statusCode, 201);
});

t.test('a document the store refuses inside a request is a 400, not a 500', async (t) => {
  // The backstop behind request validation: an update written with data the store cannot hold.
  const api = await buildTestServer(t);
  const account = await api.account('starter');
  const botId = await chatbotOf(api, account.live);
  const tenant = { accountId: account.id, mode: 'live' as const };
  const repository = knowledgeCollections(api).items.forTenant(tenant);
  const error = await repository
    .insert({ id: 'doc_poison', chatbot_id: botId, metadata: { deep: nested(2048) } } as never)
    .then(() => null, (caught: Error) => caught);
  t.ok(error, 'the store refuses it');
  t.equal(error!.name, 'DocumentRejectedError', 'as a typed store error');
  t.equal(toBoom(error!).output.statusCode, 400, 'which the API answers with a 400');
});

/** The knowledge plugin's collections, declared again: the same definitions return the same handles. */
function knowledgeCollections(api: TestServer) {
  return declareKnowledge(api.platform.store);
}
