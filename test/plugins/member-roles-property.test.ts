// Issue 29: for any sequence of invitations, promotions, demotions, removals, key creations and
// rotations, no credential acts with another role than the current one of the member who made it
// (none once they are gone), and the account always keeps an owner, also when two owners demote
// each other at once on two instances of one store. Both stores.
import pino from 'pino';
import fc from 'fast-check';
import t from 'tap';

// Under load (two shared cores) the FerretDB run has taken over the 120 s a file gets by default.
t.setTimeout(300_000);
import type { MemberRole } from '../../core/auth/members.js';
import { injectRequest } from '../../app/testing.js';
import { createServer } from '../../app/server.js';
import { buildTestServer, TEST_STORE, type TestServer } from '../helpers/server.js';
import { accountWithOwner, addMember, asMember, cookieOf, ORIGIN, signIn } from '../helpers/members.js';

type Level = MemberRole | 'none';

async function findAsync<T>(list: T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of list) if (await test(item)) return item;
  return undefined;
}

/**
 * A credential the test holds: a session cookie, or a key's secret and id with the maker the test
 * expects it to have (the operator, or a member id), tracked here rather than read from the store.
 */
type Credential = { kind: 'session'; cookie: string; memberId: string } | { kind: 'key'; secret: string; id: string; maker: string };

const makerOf = (credential: Credential) => (credential.kind === 'session' ? credential.memberId : credential.maker);

async function secondInstance(t: Parameters<typeof buildTestServer>[0], api: TestServer) {
  const other = await createServer(api.config, { logger: pino({ level: 'silent' }), now: api.clock.now });
  t.teardown(() => other.server.stop());
  return (method: string, url: string, options?: Parameters<typeof injectRequest>[3]) => injectRequest(other.server, method, url, options);
}

async function activeOwners(api: TestServer, accountId: string): Promise<number> {
  return api.platform.members.global().count({ account: accountId, role: 'owner', status: 'active' });
}

t.test('two owners demoting each other at once, on two instances: one of them stays owner', async (t) => {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const elsewhere = await secondInstance(t, api);
  // Warm the second instance (its first request compiles routes), so both requests are in flight together.
  await elsewhere('GET', '/health');
  for (let round = 0; round < 6; round++) {
    const owner = await accountWithOwner(api, 'starter', `first-${round}@example.com`);
    const second = await addMember(api, { key: owner.live }, `second-${round}@example.com`, 'owner');
    // Each owner's own key (made in their session), so each request acts as its maker.
    const firstKey = (await asMember(api, await signIn(api, owner.email))('POST', '/api/v1/api-keys', { name: 'first owner' })).json.secret;
    const secondKey = (await asMember(api, second.cookie)('POST', '/api/v1/api-keys', { name: 'second owner' })).json.secret;
    // Exactly two owners, each demoting the other, one request on each instance.
    const [a, b] = await Promise.all([
      api.request('PATCH', `/api/v1/members/${second.id}`, { key: firstKey, payload: { role: 'admin' } }),
      elsewhere('PATCH', `/api/v1/members/${owner.ownerId}`, { key: secondKey, payload: { role: 'agent' } }),
    ]);
    const statuses = [a.statusCode, b.statusCode];
    t.ok(statuses.every((status) => [200, 403, 409].includes(status)), `round ${round}: answers ${statuses.join(', ')}`);
    t.ok((await activeOwners(api, owner.accountId)) >= 1, `round ${round}: the account keeps an owner (answers ${statuses.join(', ')})`);
  }
});

// ---- the property over sequences ------------------------------------------------------------

type Command =
  | { op: 'invite'; actor: number; role: MemberRole }
  | { op: 'role'; actor: number; target: number; role: MemberRole }
  | { op: 'remove'; actor: number; target: number }
  | { op: 'key'; actor: number }
  | { op: 'rotate'; actor: number; key: number }
  | { op: 'race'; role: MemberRole };

const role = fc.constantFrom<MemberRole>('owner', 'admin', 'agent');
const index = fc.nat({ max: 7 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('invite' as const), actor: index, role }),
  fc.record({ op: fc.constant('role' as const), actor: index, target: index, role }),
  fc.record({ op: fc.constant('remove' as const), actor: index, target: index }),
  fc.record({ op: fc.constant('key' as const), actor: index }),
  fc.record({ op: fc.constant('rotate' as const), actor: index, key: index }),
  fc.record({ op: fc.constant('race' as const), role: fc.constantFrom<MemberRole>('admin', 'agent') }),
);

// Bounded so that a store's run stays well under a minute: each accepted invitation hashes a password.
const RUNS = TEST_STORE === 'sqlite' ? 20 : 8;

t.test('any sequence of role changes: credentials act with their maker’s current role, and an owner remains', async (t) => {
  const api = await buildTestServer(t, { config: { server: { public_url: ORIGIN } } });
  const elsewhere = await secondInstance(t, api);
  let runNumber = 0;
  let steps = 0;
  let raced = 0;

  /** The current role of a maker, by the store: the operator is an owner; a member gone is none. */
  async function roleOfMaker(accountId: string, maker: string): Promise<Level> {
    if (maker === 'operator') return 'owner';
    const member = await api.platform.members.global().get(maker);
    return member && member.account === accountId && member.status === 'active' ? member.role : 'none';
  }

  /** What a credential may do now: its maker's (or its member's) current role; none once revoked or expired. */
  async function expectedLevel(accountId: string, credential: Credential): Promise<Level> {
    if (credential.kind === 'key') {
      const key = await api.platform.apiKeys.forTenant({ accountId, mode: 'live' }).get(credential.id);
      if (!key || key.revoked_at || (key.expires_at && key.expires_at <= api.clock.now().toISOString())) return 'none';
    }
    return roleOfMaker(accountId, makerOf(credential));
  }

  function send(credential: Credential, method: string, url: string, payload?: unknown) {
    return credential.kind === 'key' ? api.request(method, url, { key: credential.secret, payload }) : asMember(api, credential.cookie)(method, url, payload);
  }

  /** What a credential does, seen through the API: refused, agent, admin or owner. */
  async function observedLevel(accountId: string, credential: Credential): Promise<Level> {
    const keys = await send(credential, 'GET', '/api/v1/api-keys?limit=1');
    if (keys.statusCode === 401) return 'none';
    if (keys.statusCode === 403 && keys.json.code === 'insufficient_role') return 'agent';
    if (keys.statusCode !== 200) throw new Error(`probe answered ${keys.statusCode}: ${keys.payload}`);
    // Only an owner may change an owner: renaming one to its own name tells owner from admin.
    const owner = await api.platform.members.global().findOne({ account: accountId, role: 'owner', status: 'active' });
    const renamed = await send(credential, 'PATCH', `/api/v1/members/${owner!.id}`, { name: owner!.name });
    if (renamed.statusCode === 200) return 'owner';
    if (renamed.statusCode === 403) return 'admin';
    throw new Error(`probe answered ${renamed.statusCode}: ${renamed.payload}`);
  }

  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
      const run = runNumber++;
      const owner = await accountWithOwner(api, 'starter', `owner-${run}@example.com`);
      // The CLI's key and the first owner's session; every invited member accepts and holds a session.
      const cliKeyId = (await api.request('GET', '/api/v1/api-keys?limit=100', { key: owner.live })).json.data.find((k: { name: string }) => k.name === 'Default live key').id;
      const members: Array<{ id: string; cookie: string }> = [{ id: owner.ownerId, cookie: await signIn(api, owner.email) }];
      const credentials: Credential[] = [
        { kind: 'key', secret: owner.live, id: cliKeyId, maker: 'operator' },
        { kind: 'session', cookie: members[0]!.cookie, memberId: owner.ownerId },
      ];
      const memberIds = () => members.map((member) => member.id);
      const pick = <T>(list: T[], i: number) => list[i % list.length]!;
      let invited = 0;

      /** Invites through the API as `actor`; the invited member accepts, and so holds a session. */
      async function invite(actor: Credential, role: MemberRole) {
        const email = `m${run}-${invited++}@example.com`;
        const response = await send(actor, 'POST', '/api/v1/members', { email, role });
        if (response.statusCode !== 201) return;
        const token = decodeURIComponent(response.json.invitation.url.split('token=')[1]);
        const accepted = await api.request('POST', '/dashboard/invitations/accept', { payload: { token, password: 'a member password' }, headers: { origin: ORIGIN } });
        const cookie = cookieOf(accepted);
        members.push({ id: response.json.id, cookie });
        credentials.push({ kind: 'session', cookie, memberId: response.json.id });
      }

      for (const step of commands) {
        steps++;
        if (step.op === 'race') {
          // Two owners with sessions demote each other, one request on each instance: a second
          // owner is invited first (by whichever credential acts as an owner now) when there is none.
          const ownerSessions = async () => {
            const owners = await api.platform.members.global().list({ filter: { account: owner.accountId, role: 'owner', status: 'active' }, limit: 10 });
            return owners.map((found) => members.find((member) => member.id === found.id)).filter((member) => member !== undefined);
          };
          if ((await ownerSessions()).length < 2) {
            const inviter = await findAsync(credentials, async (credential) => (await expectedLevel(owner.accountId, credential)) === 'owner');
            if (inviter) await invite(inviter, 'owner');
          }
          const sessions = await ownerSessions();
          if (sessions.length >= 2) {
            raced++;
            const [x, y] = sessions as Array<{ id: string; cookie: string }>;
            await Promise.all([
              asMember(api, x!.cookie)('PATCH', `/api/v1/members/${y!.id}`, { role: step.role }),
              elsewhere('PATCH', `/api/v1/members/${x!.id}`, { payload: { role: step.role }, headers: { cookie: y!.cookie, origin: ORIGIN, 'content-type': 'application/json' } }),
            ]);
          }
        } else {
          const actor = pick(credentials, step.actor);
          if (step.op === 'invite') {
            await invite(actor, step.role);
          } else if (step.op === 'role') {
            await send(actor, 'PATCH', `/api/v1/members/${pick(memberIds(), step.target)}`, { role: step.role });
          } else if (step.op === 'remove') {
            await send(actor, 'DELETE', `/api/v1/members/${pick(memberIds(), step.target)}`);
          } else if (step.op === 'key') {
            const made = await send(actor, 'POST', '/api/v1/api-keys', { name: 'made in the sequence' });
            if (made.statusCode === 201) credentials.push({ kind: 'key', secret: made.json.secret, id: made.json.id, maker: makerOf(actor) });
          } else {
            const keys = credentials.filter((credential) => credential.kind === 'key');
            const target = pick(keys, step.key);
            // The successor keeps the maker; a key whose maker left becomes the rotator's.
            const makerGone = (await roleOfMaker(owner.accountId, target.maker)) === 'none';
            const rotated = await send(actor, 'POST', `/api/v1/api-keys/${target.id}/rotate`, { grace_period_seconds: 0 });
            if (rotated.statusCode === 201) credentials.push({ kind: 'key', secret: rotated.json.new_key.secret, id: rotated.json.new_key.id, maker: makerGone ? makerOf(actor) : target.maker });
          }
        }
        if ((await activeOwners(api, owner.accountId)) < 1) throw new Error(`no owner left after ${JSON.stringify(step)}`);
        for (const credential of credentials) {
          const [expected, observed] = [await expectedLevel(owner.accountId, credential), await observedLevel(owner.accountId, credential)];
          if (expected !== observed) throw new Error(`after ${JSON.stringify(step)}: a ${credential.kind} acts as ${observed}, its maker is ${expected}`);
        }
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  t.pass(`${RUNS} sequences, ${steps} steps, ${raced} concurrent demotions of two owners`);
});
