// common/api-types.ts is committed: it must be what bin/build/api-types.ts makes from the routes as
// they are now, and common/ (shared by the server and both browser bundles) must stand on its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { API_TYPES_FILE, generateApiTypes } from '../../bin/build/api-types.js';
import { ROOT } from '../../bin/build/server.js';

t.test('the committed API types are those the current routes generate', async (t) => {
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  const generated = await generateApiTypes();
  // One assertion on the whole text (a diff on failure), then what a stale file usually misses.
  t.equal(committed, generated, 'common/api-types.ts is current: run `npm run build:api-types` after changing a route');
  t.match(generated, /export interface paths \{/);
  t.match(generated, /"\/widget\/v1\/\{id\}\/config": \{/, 'the public widget routes are in');
  t.match(generated, /"\/dashboard\/session": \{/, 'the dashboard routes are in');
});

t.test('common/ imports only its own files and npm packages', async (t) => {
  const dir = path.join(ROOT, 'common');
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
  t.ok(files.includes('public-config.ts') && files.includes('event-types.ts'), 'the shared modules live here');
  for (const name of files) {
    const source = readFileSync(path.join(dir, name), 'utf8');
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const local = specifier.startsWith('.');
      t.ok(!local || path.dirname(path.resolve(dir, specifier)) === dir, `${name} imports ${specifier}`);
      t.notOk(specifier.startsWith('node:'), `${name} imports ${specifier}: browsers have no Node modules`);
    }
  }
});
