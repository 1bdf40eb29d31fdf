// A server that cannot start says why in one line and exits 78 (EX_CONFIG), never with a stack
// trace (issue 32): a port taken, a data directory that cannot be used, a file that is no
// database, a store that cannot be reached, an address of no interface. Real processes.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { childCoverageEnv } from '../helpers/child-coverage.js';
import { checkoutCli } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const { run } = checkoutCli(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), childCoverageEnv());

/** `serve` run to its end: the exit code and its one line. */
async function failedStart(t: Test, env: Record<string, string>, line: RegExp, why: string) {
  const result = await run(['serve'], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  t.equal(result.code, 78, `${why}: exit 78`);
  const printed = result.stderr.trim();
  t.match(printed, line, why);
  t.equal(printed.split('\n').length, 1, `${why}: one line`);
  t.notMatch(result.stderr + result.stdout, /\n\s+at /, `${why}: no stack trace`);
  return printed;
}

t.test('a port another program listens on', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const taken = createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  t.teardown(() => taken.close());
  const port = (taken.address() as { port: number }).port;
  await failedStart(t, { DATA_DIR: dir, PORT: String(port) }, new RegExp(`^Cannot listen on 127\\.0\\.0\\.1:${port}: another program listens there .*PORT`), 'port taken');
});

t.test('an address no interface of this machine has', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  // TEST-NET-1 (RFC 5737): documentation only, never assigned to an interface.
  await failedStart(t, { DATA_DIR: dir, HOST: '192.0.2.1' }, /^Cannot listen on 192\.0\.2\.1:0: no network interface .*HOST/, 'foreign address');
});

t.test('a data directory that cannot be used', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'a-file');
  writeFileSync(file, 'not a directory');
  await failedStart(t, { DATA_DIR: file }, /^The data directory cannot be used: a file is in the way .*a-file; DATA_DIR/, 'a file where the directory should be');
  await failedStart(t, { DATA_DIR: path.join(file, 'inside') }, /^The data directory cannot be used: a part of the path is a file/, 'a path through a file');
});

t.test('a database file that is no database', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'notes.sqlite');
  writeFileSync(file, 'These are my notes, not a database. '.repeat(200));
  await failedStart(t, { DATABASE_URL: `sqlite:${file}` }, /^The SQLite database .*notes\.sqlite cannot be opened: file is not a database \(SQLITE_NOTADB\)$/, 'not a database');
});

t.test('a MongoDB that cannot be reached, its password never printed', async (t) => {
  // Nothing listens on port 1 of loopback: the driver gives up after its server selection timeout.
  const printed = await failedStart(
    t,
    { DATABASE_URL: 'mongodb://operator:hunter2-secret@127.0.0.1:1/chatbots' },
    /^The store at mongodb:\/\/\*\*\*@127\.0\.0\.1:1\/chatbots cannot be reached \(MongoDB is unavailable/,
    'unreachable MongoDB',
  );
  t.notMatch(printed, /hunter2|operator/, 'no credentials');
});

t.test('a bad configuration: one line for one problem, a list for several', async (t) => {
  await failedStart(t, { PORT: 'eighty' }, /^Invalid configuration: PORT \(server\.port\): "server\.port" must be a number$/, 'bad PORT');
  const several = await run(['serve'], { PORT: 'eighty', LOG_LEVEL: 'loud' });
  t.equal(several.code, 78);
  t.match(several.stderr, /^Invalid configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL .*\n$/, 'one line each under the heading');
});
