// Two processes capture the same new leads at the same moment, each through its own server on one
// store (the SQLite file, or the FerretDB database with TEST_STORE=ferretdb): every e-mail and phone
// number ends as one lead, created once, whichever notation and process won. Both processes are
// held until each has read "no lead yet" for everyone (test/fixtures/lead-capture-race.ts), so
// every capture races: the store's unique keys decide, not the read before the write.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { declareLeads } from '../../plugins/leads/collections.js';
import { buildTestServer } from '../helpers/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = path.join(root, 'test/fixtures/lead-capture-race.ts');

interface Answer {
  status: number;
  id: string | null;
  code: string | null;
}

/**
 * A capturing process; `ready` resolves once its server is up and waits for the go file, `held`
 * once every one of its lead inserts waits for the write file (see the fixture).
 */
function capturer(env: Record<string, string>) {
  // The children report no coverage (tap's preload off, no NODE_V8_COVERAGE): they are here for the race.
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: root,
    env: { PATH: process.env.PATH!, _TAPJS_PROCESSINFO_COVERAGE_: '0', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk)); // first, so the listeners below see the chunk
  const said = (word: string) => new Promise<void>((resolve) => child.stderr.on('data', () => stderr.includes(`${word}\n`) && resolve()));
  const [ready, held] = [said('ready'), said('held')];
  const answers = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`capturer exited ${code}: ${stderr}`);
    return JSON.parse(stdout) as Answer[];
  });
  // A process that dies early fails the test instead of leaving it waiting.
  const orExit = (step: Promise<void>) => Promise.race([step, answers.then(() => undefined)]);
  return { ready: orExit(ready), held: orExit(held), answers };
}

t.test('two processes capturing the same new e-mails and numbers make one lead each', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Laden', language: 'de' } })).json;

  // Sixty people: even ones by e-mail, odd ones by phone, each process writing them its own way.
  const people = Array.from({ length: 60 }, (_, i) => i);
  const number = (i: number) => `5550${String(i).padStart(3, '0')}`;
  const asFirst = (i: number) => (i % 2 === 0 ? { email: `racer${i}@example.com` } : { phone: `+49 30 ${number(i)}` });
  const asSecond = (i: number) => (i % 2 === 0 ? { email: `RACER${i}@Example.COM` } : { phone: `030 ${number(i)}` });
  // One process goes up the list and the other down, so each wins some.
  const first = people.map((i) => ({ chatbot_id: bot.id, ...asFirst(i) }));
  const second = [...people].reverse().map((i) => ({ chatbot_id: bot.id, ...asSecond(i) }));

  const goFile = path.join(api.dataDir, 'go');
  const writeFile = path.join(api.dataDir, 'write');
  const env = { DATABASE_URL: api.config.database.url, DATA_DIR: api.dataDir, KEY: acme.live, GO_FILE: goFile, WRITE_FILE: writeFile };
  const processes = [capturer({ ...env, LEADS: JSON.stringify(first) }), capturer({ ...env, LEADS: JSON.stringify(second) })];
  await Promise.all(processes.map((p) => p.ready));
  writeFileSync(goFile, '');
  // Both processes have read "no lead yet" for all sixty and wait to insert: now both write.
  await Promise.all(processes.map((p) => p.held));
  writeFileSync(writeFile, '');
  const [answersOfFirst, answersOfSecond] = await Promise.all(processes.map((p) => p.answers));

  const refused = [...answersOfFirst!, ...answersOfSecond!].filter((a) => a.status !== 200 && a.status !== 201);
  t.same(refused, [], 'every capture answered 200 or 201');
  let mismatched = 0;
  let createdTwice = 0;
  for (const i of people) {
    const a = answersOfFirst![i]!;
    const b = answersOfSecond![people.length - 1 - i]!;
    if (a.id !== b.id) mismatched++;
    if ([a.status, b.status].filter((s) => s === 201).length !== 1) createdTwice++;
  }
  t.equal(mismatched, 0, 'both processes got the same lead for each person');
  t.equal(createdTwice, 0, 'each lead was created exactly once (one 201, one 200)');
  const wins = [answersOfFirst!, answersOfSecond!].map((answers) => answers.filter((a) => a.status === 201).length);
  t.ok(wins.every((n) => n > 0), `both processes created leads: ${wins.join(' / ')}`);

  const tenant = { accountId: acme.id, mode: 'live' as const };
  t.equal(await declareLeads(api.platform.store).forTenant(tenant).count({ chatbot_id: bot.id }), people.length, 'sixty leads in the store');
  t.equal(
    await api.platform.events.collection.forTenant(tenant).count({ type: 'lead.captured', chatbot_id: bot.id }),
    people.length,
    'lead.captured once per lead',
  );
  const listed = await api.request('GET', `/api/v1/leads?chatbot_id=${bot.id}&q=030%205550031`, { key: acme.live });
  t.equal(listed.json.data.length, 1);
  t.equal(listed.json.data[0].phone, '+49305550031', 'in E.164, whoever wrote it first');
});
