// An external plugin as a user installs it: the example packed with `npm pack`, installed into an
// empty project with `npm install <tarball>` (no registry: it has no dependencies), named by
// PLUGINS, and used over HTTP by a served platform. And plugins that must stop the start.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { runCommand, serveCommand } from '../helpers/cli-process.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/chatbot-platform.js');
const example = path.join(root, 'examples/canned-responses');

/** Children report no coverage (tap's preload off, no NODE_V8_COVERAGE): cli-*.test.ts measures the CLI. */
const childEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH!, HOME: process.env.HOME!, _TAPJS_PROCESSINFO_COVERAGE_: '0', ...env });
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });

t.setTimeout(180_000);

t.test('the example, packed and installed as a package, serves its routes under /api/v1', async (t) => {
  const { dir, remove } = temporaryDirectory('cbp-plugin-install-');
  t.teardown(remove);
  const tarball = npm(['pack', '--json', '--pack-destination', dir], example);
  const [{ filename, files }] = JSON.parse(tarball) as Array<{ filename: string; files: Array<{ path: string }> }>;
  t.same(files.map((file) => file.path).sort(), ['README.md', 'index.js', 'package.json', 'routes.js', 'store.js'], 'the package holds the plugin, not its tests');

  const project = path.join(dir, 'site');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-chatbot-site', private: true }));
  npm(['install', '--offline', path.join(dir, filename)], project);

  const env = childEnv({ DATA_DIR: path.join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', PLUGINS: 'chatbot-platform-canned-responses' });
  const created = await runCommand([process.execPath, bin], ['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json'], { env, cwd: project });
  t.equal(created.code, 0, created.stderr);
  const { live_key: key } = JSON.parse(created.stdout) as { live_key: string };
  const { uri } = await serveCommand(t, [process.execPath, bin], { env, cwd: project });

  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const response = await fetch(`${uri}/api/v1/canned-responses`, { method: 'POST', headers, body: JSON.stringify({ title: 'Hours', body: 'We open at 9.', shortcut: 'hours' }) });
  t.equal(response.status, 201);
  const made = (await response.json()) as { id: string };
  t.match(made.id, /^cr_/);
  const listed = (await (await fetch(`${uri}/api/v1/canned-responses`, { headers })).json()) as { data: Array<{ id: string }> };
  t.same(listed.data.map((item) => item.id), [made.id]);
  const unauthenticated = await fetch(`${uri}/api/v1/canned-responses`);
  t.equal(unauthenticated.status, 401, 'behind the platform’s credentials');
  const document = (await (await fetch(`${uri}/api/v1/openapi.json`)).json()) as any;
  t.ok(document.paths['/api/v1/canned-responses/{responseId}'], 'in the OpenAPI document');
  t.ok(document.components.schemas.CreateWebhook.properties.events.items.enum.includes('canned_response.created'), 'its events in the webhook list');
  const webhook = await fetch(`${uri}/api/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: 'https://hooks.example.com/in', events: ['canned_response.deleted'] }) });
  t.equal(webhook.status, 201, 'a webhook subscribes to them');
  const events = (await (await fetch(`${uri}/api/v1/events?type=canned_response.created`, { headers })).json()) as { data: unknown[] };
  t.equal(events.data.length, 1, 'its event was published');
});

t.test('a plugin that cannot run stops the start with a message naming it', async (t) => {
  const { dir, remove } = temporaryDirectory('cbp-plugin-bad-');
  t.teardown(remove);
  const plugins: Record<string, string> = {
    'newer-api.mjs': "export default { name: 'from-the-future', version: '1.0.0', platformApi: '^2.0.0', register() {} };",
    'no-manifest.mjs': 'export default function register() {}',
    'bad-manifest.mjs': "export default { name: 'Bad Name', version: 'one', platformApi: '^1.0.0', register() {} };",
    'throws.mjs': "export default { name: 'thrower', version: '1.0.0', platformApi: '^1.0.0', register() { throw new Error('no database password given'); } };",
    'bad-route.mjs':
      "export default { name: 'bad-route', version: '1.0.0', platformApi: '^1.0.0', register(api) { api.route({ method: 'GET', path: '/things', options: { handler: () => [] } }); } };",
    'stolen-event.mjs': "export default { name: 'thief', version: '1.0.0', platformApi: '^1.0.0', events: [{ type: 'lead.captured', description: 'x' }], register() {} };",
  };
  for (const [file, source] of Object.entries(plugins)) writeFileSync(path.join(dir, file), source);
  const expected: Array<[string, RegExp]> = [
    ['./newer-api.mjs', /Plugin from-the-future@1\.0\.0 \(\.\/newer-api\.mjs\) needs the platform plugin API \^2\.0\.0; this server has 1\.2\.0/],
    ['./no-manifest.mjs', /Plugin \.\/no-manifest\.mjs: its default export must be an object with name, version, platformApi and register/],
    ['./bad-manifest.mjs', /Plugin Bad Name \(\.\/bad-manifest\.mjs\): its default export is not a platform plugin: "name" .*pattern.*"version" .*not a semver version/],
    ['./throws.mjs', /Plugin thrower@1\.0\.0 \(\.\/throws\.mjs\): its register failed: no database password given/],
    ['./bad-route.mjs', /Plugin bad-route@1\.0\.0 \(\.\/bad-route\.mjs\): GET \/things: needs a description/],
    ['./stolen-event.mjs', /Plugin thief@1\.0\.0 \(\.\/stolen-event\.mjs\): the event type lead\.captured is already taken/],
    ['./missing.mjs', /Plugin \.\/missing\.mjs: cannot be loaded: .*missing\.mjs does not exist/],
    ['not-installed-package', /Plugin not-installed-package: cannot be loaded: Cannot find module 'not-installed-package'/],
  ];
  for (const [entry, message] of expected) {
    const result = await runCommand([process.execPath, bin], ['serve'], { env: childEnv({ DATA_DIR: path.join(dir, 'data'), PORT: '0', PLUGINS: entry }), cwd: dir });
    t.equal(result.code, 78, `${entry}: the configuration exit code`);
    t.match(result.stderr, message, entry);
    t.notMatch(result.stderr, /^\s+at /m, `${entry}: a message, not a stack trace`);
  }
});
