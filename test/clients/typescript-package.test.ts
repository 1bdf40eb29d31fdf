// store-independent: the package's build and install (the SQLite pass runs it once); typescript.test.ts runs the scenario on each store.
// The TypeScript client as a developer gets it: built, packed, installed into a project of its own
// from the tarball, type-checked there with each TypeScript version the package supports (5.0, the
// repository's 6.0, 7.0), and its quickstart (the README's example) run against a live server.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ROOT } from '../../bin/build/server.js';
import { temporaryDirectory } from '../helpers/sqlite.js';
import { SUPPORTED_TYPESCRIPT, installTypescriptToolchains, tscOf } from '../helpers/typescript-versions.js';
import { startClientScenario } from '../helpers/client-scenario.js';

// A first run installs the TypeScript versions from the registry; each tsc reads the whole schema.
t.setTimeout(600_000);

const PACKAGE_DIR = path.join(ROOT, 'clients/typescript');
const ROOT_TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * A command as a developer's shell runs it: without the loaders tap gives every child process
 * through NODE_OPTIONS (it sets them again on whatever env a spawn passes), which would compile
 * TypeScript's own code and break TypeScript 7's ES module entry.
 */
const UNSET_LOADERS = ['-c', 'unset NODE_OPTIONS; exec "$0" "$@"'];

function developerSpawn(command: string, args: string[], cwd: string) {
  return spawnSync('sh', [...UNSET_LOADERS, command, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
}

/** The same, without blocking: the server the command talks to runs in this process. */
function developerRun(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', [...UNSET_LOADERS, command, ...args], { cwd, env: { ...process.env, ...env }, timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function run(command: string, args: string[], cwd: string) {
  const result = developerSpawn(command, args, cwd);
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

t.test('installed from its tarball, the package type-checks on TypeScript 5.0, 6.0 and 7.0 and its quickstart runs', async (t) => {
  const toolchains = installTypescriptToolchains();
  const { dir, remove } = temporaryDirectory('cbp-ts-client-');
  t.teardown(remove);

  // Built and packed as `npm install && npm pack` in clients/typescript would (its `prepare` is tsc).
  const pkg = path.join(dir, 'package');
  mkdirSync(pkg);
  for (const name of ['package.json', 'tsconfig.json', 'README.md']) copyFileSync(path.join(PACKAGE_DIR, name), path.join(pkg, name));
  cpSync(path.join(PACKAGE_DIR, 'src'), path.join(pkg, 'src'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'));
  const built = run('node', [ROOT_TSC, '-p', pkg], pkg);
  t.equal(built.code, 0, `the package builds: ${built.output}`);
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], pkg);
  t.equal(packed.code, 0, packed.output);
  const [{ filename, files }] = JSON.parse(packed.output.slice(packed.output.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const shipped = files.map((file) => file.path);
  for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts', 'package.json', 'README.md']) t.ok(shipped.includes(file), `the tarball holds ${file}`);
  t.notOk(shipped.some((file) => file.startsWith('node_modules')), 'and no node_modules');

  // A developer's project: the tarball installed (no dependency to fetch), the quickstart copied in.
  const app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const installed = run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, filename)], app);
  t.equal(installed.code, 0, `installed: ${installed.output}`);
  t.same(readdirSync(path.join(app, 'node_modules')).sort(), ['.package-lock.json', '@chatbot-platform'], 'with no dependency of its own');
  copyFileSync(path.join(PACKAGE_DIR, 'examples/quickstart.ts'), path.join(app, 'quickstart.ts'));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    outDir: 'out',
    typeRoots: [path.join(toolchains, 'node_modules/@types')],
    types: ['node'],
  };
  writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['quickstart.ts'] }));
  // Proof the types are read, not `any`: a misspelt field and a wrong type are errors.
  writeFileSync(
    path.join(app, 'wrong.ts'),
    `import { ChatbotPlatform } from '@chatbot-platform/client';
const client = new ChatbotPlatform({ apiKey: 'sk_test_x' });
await client.chatbots.create({ nmae: 'Support' });
const turn = await client.conversations.send('cb_1', 'conv_1', { content: 'Hi' });
const length: number = turn.reply;
`,
  );
  writeFileSync(path.join(app, 'tsconfig.wrong.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, files: ['wrong.ts'] }));

  const compilers: Array<[string, string]> = [
    ...Object.entries(SUPPORTED_TYPESCRIPT).map(([alias, version]): [string, string] => [version, tscOf(toolchains, alias as keyof typeof SUPPORTED_TYPESCRIPT)]),
    [developerSpawn('node', [ROOT_TSC, '--version'], ROOT).stdout.trim().replace('Version ', ''), ROOT_TSC],
  ];
  for (const [version, tsc] of compilers) {
    const checked = run('node', [tsc, '-p', app, '--noEmit'], app);
    t.equal(checked.code, 0, `TypeScript ${version}: the quickstart type-checks with no cast: ${checked.output}`);
    const wrong = run('node', [tsc, '-p', path.join(app, 'tsconfig.wrong.json')], app);
    t.not(wrong.code, 0, `TypeScript ${version}: a wrong call does not`);
    t.match(wrong.output, /nmae/, `TypeScript ${version}: the misspelt field is named`);
    t.match(wrong.output, /wrong\.ts\(5,/, `TypeScript ${version}: the reply is not a number`);
  }

  // Compiled and run as the developer would run it, against a live server.
  const emitted = run('node', [ROOT_TSC, '-p', app], app);
  t.equal(emitted.code, 0, emitted.output);
  const scenario = await startClientScenario(t);
  const quickstart = await developerRun('node', ['out/quickstart.js'], app, {
    CHATBOT_PLATFORM_API_KEY: scenario.apiKey,
    CHATBOT_PLATFORM_BASE_URL: scenario.baseUrl,
  });
  t.equal(quickstart.code, 0, `the quickstart runs: ${quickstart.stderr}`);
  const lines = quickstart.stdout.trimEnd().split('\n');
  t.equal(lines[0], 'Monday to Friday, 9:00 to 17:00.', 'the answer');
  t.equal(lines[1], 'Monday to Friday, 9:00 to 17:00.', 'streamed, the same answer');
  t.match(lines[2], /^conv_\S+ 4$/, 'the conversation, listed with its four messages');
  t.match(lines[3], /^chatbot_not_found req_\S+$/, 'a typed error with its code and request id');
  t.equal(lines.length, 4, quickstart.stdout);
  t.equal(readFileSync(path.join(PACKAGE_DIR, 'README.md'), 'utf8').includes(readFileSync(path.join(PACKAGE_DIR, 'examples/quickstart.ts'), 'utf8').trim()), true, 'the README shows the quickstart as it is run here');
});
