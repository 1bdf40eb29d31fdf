// The server key in DATA_DIR: made once, 0600, and the same for processes that start at once
// (before, one could read the file while another was still writing it, and refuse to start).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { temporaryDirectory } from '../helpers/sqlite.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

t.test('eight processes making the key at once all read the same complete key', async (t) => {
  const { dir, remove } = temporaryDirectory('cbp-key-');
  t.teardown(remove);
  const script = `import('${path.join(root, 'core/secret-box.ts')}').then(({ keyFromDataDir }) => process.stdout.write(keyFromDataDir(process.argv[1]).toString('base64')))`;
  const runs = Array.from({ length: 8 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
      cwd: root,
      env: { PATH: process.env.PATH!, _TAPJS_PROCESSINFO_COVERAGE_: '0' },
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, output, errors };
  });
  const results = await Promise.all(runs);
  for (const result of results) t.equal(result.code, 0, result.errors);
  const keys = new Set(results.map((result) => result.output));
  t.equal(keys.size, 1, 'one key for all');
  t.equal(Buffer.from([...keys][0]!, 'base64').length, 32, 'a whole 32-byte key');
  t.same(readdirSync(dir), ['webhook-secret.key'], 'no temporary file left behind');
  t.equal(statSync(path.join(dir, 'webhook-secret.key')).mode & 0o777, 0o600);
});
