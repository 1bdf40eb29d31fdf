// The built-in plugins reach the platform through one door, core/index.ts, and otherwise import only
// their own files and packages: no other module of core or config, no other plugin, nothing of web/,
// bin/ or adapters/. Code that runs in a worker thread is the one exception, and the opposite rule:
// it imports core's modules directly and never core/index.ts, which would load the whole platform
// into a thread whose start counts against the time limit of the task it runs.
// Imports are read from the sources with TypeScript's preProcessFile (static, dynamic, type-only
// and `export … from`), so the test needs no build and no store.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = 'core/index.ts';
const MODULE_FILE = /\.(ts|mts|mjs|js)$/;
/** Our own package by name (package.json `exports`): a second door into core. */
const SELF_REFERENCE = /^chatbot-platform(\/|$)/;

interface Import {
  from: string;
  specifier: string;
  /** The repository file a relative specifier names; null for packages and Node's modules. */
  target: string | null;
}

function moduleFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return moduleFiles(file);
    return MODULE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** `./x.js` names `./x.ts` in these sources (nodenext resolution of TypeScript files). */
function resolveSource(from: string, specifier: string): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const typescript = target.replace(/\.js$/, '.ts');
  return target !== typescript && existsSync(path.join(ROOT, typescript)) ? typescript : target;
}

function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => ({
    from: file,
    specifier: fileName,
    target: fileName.startsWith('.') ? resolveSource(file, fileName) : null,
  }));
}

/**
 * The relative modules `file` loads when it runs: type-only imports and re-exports are erased, and
 * `declare module` names a module without loading it (preProcessFile lists all of them).
 */
function runtimeImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolveSource(file, specifier));
}

const arrow = (found: Import) => `${found.from} -> ${found.target ?? found.specifier}`;

/** The area a plugin file belongs to (`plugins/knowledge/…` → `plugins/knowledge/`); null for the plugin list itself. */
function areaOf(file: string): string | null {
  const [, area, ...rest] = file.split('/');
  return rest.length > 0 ? `plugins/${area}/` : null;
}

/** Worker-thread entries, found as the code declares them: `workerEntry('plugins/…', …)`. */
function workerEntries(files: readonly string[]): string[] {
  return files.flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/workerEntry\(\s*'(plugins\/[^']+)'/g)].map((match) => match[1]!));
}

/** Every file a worker thread loads from `entries`, following relative imports within plugins/. */
function workerClosure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of runtimeImportsOf(file)) if (target.startsWith('plugins/')) pending.push(target);
  }
  return seen;
}

const pluginFiles = moduleFiles('plugins');
const pluginImports = pluginFiles.flatMap(importsOf);
const inWorker = workerClosure(workerEntries(pluginFiles));

/** Why an import breaks the rule, or null when it keeps it. */
function refusal(found: Import): string | null {
  if (SELF_REFERENCE.test(found.specifier)) return 'imports the package by name';
  if (found.target === null) return null;
  const area = areaOf(found.from);
  if (area === null) return /^plugins\/[^/]+\/index\.ts$/.test(found.target) || found.target === 'core/index.ts' ? null : 'the plugin list imports only the plugins’ index modules and core/index.ts';
  if (found.target.startsWith(area)) return null;
  if (inWorker.has(found.from)) {
    if (found.target === ENTRY) return `runs in a worker thread: import core's modules directly, not ${ENTRY}`;
    return found.target.startsWith('core/') ? null : 'runs in a worker thread: imports only its own files and core';
  }
  return found.target === ENTRY ? null : `imports only ${ENTRY} and its own plugin's files`;
}

t.test('the built-in plugins import only core/index.ts and their own files', async (t) => {
  t.ok(pluginFiles.includes('plugins/index.ts') && pluginFiles.length > 100, `${pluginFiles.length} files read`);
  t.ok(pluginImports.filter((found) => found.target === ENTRY).length > 50, 'the entry module is found as an import');
  const offending = pluginImports
    .flatMap((found) => {
      const reason = refusal(found);
      return reason ? [`${arrow(found)} ('${found.specifier}'): ${reason}`] : [];
    });
  t.same(offending, [], offending.length > 0 ? `imports that break the rule:\n${offending.join('\n')}` : 'no import breaks the rule');
});

t.test('code run in a worker thread stays off core/index.ts', async (t) => {
  t.ok(inWorker.has('plugins/knowledge/parsing/worker-entry.mjs'), 'the parser worker entry is found from its workerEntry() call');
  t.ok(inWorker.has('plugins/knowledge/parsing/tasks.ts'), 'and the tasks it loads');
  t.ok(inWorker.has('plugins/knowledge/text/documents.ts'), 'and what they import on first use');
  t.notOk(inWorker.has('plugins/knowledge/parsing/pool.ts'), 'but not the pool, which runs on the main thread');
  t.notOk(inWorker.has('plugins/knowledge/collections.ts'), 'nor a module the tasks import types of only');
  const intoEntry = pluginImports.filter((found) => inWorker.has(found.from) && found.target === ENTRY).map(arrow);
  t.same(intoEntry, [], 'no file a worker thread loads imports the entry module');
});

t.test('nothing inside core imports core/index.ts (it would close import circles)', async (t) => {
  const coreFiles = moduleFiles('core');
  t.ok(coreFiles.includes(ENTRY), 'the entry module exists');
  const intoEntry = coreFiles.flatMap(importsOf).filter((found) => found.target === ENTRY).map(arrow);
  t.same(intoEntry, [], intoEntry.length > 0 ? `core modules importing the entry:\n${intoEntry.join('\n')}` : 'none');
});

t.test('the rule is checked: a plugin file importing another core module or another plugin is refused', async (t) => {
  const refused = (from: string, specifier: string) => refusal({ from, specifier, target: specifier.startsWith('.') ? resolveSource(from, specifier) : null });
  t.equal(refused('plugins/leads/service.ts', '../../core/index.js'), null, 'the entry module');
  t.equal(refused('plugins/leads/service.ts', './schemas.js'), null, 'its own files');
  t.equal(refused('plugins/leads/service.ts', 'joi'), null, 'a package');
  t.match(refused('plugins/leads/service.ts', '../../core/errors.js'), /imports only core\/index\.ts/, 'another module of core');
  t.match(refused('plugins/leads/service.ts', '../../config/plans.js'), /imports only core\/index\.ts/, 'config');
  t.match(refused('plugins/leads/service.ts', '../chatbots/store.js'), /imports only core\/index\.ts/, 'another plugin');
  t.match(refused('plugins/leads/service.ts', 'chatbot-platform/plugin'), /by name/, 'the package by name');
  t.equal(refused('plugins/knowledge/parsing/tasks.ts', '../../../core/text/analysis.js'), null, 'a worker file: a core module');
  t.match(refused('plugins/knowledge/parsing/tasks.ts', '../../../core/index.js'), /worker thread/, 'a worker file: the entry');
  t.equal(refused('plugins/index.ts', '../core/index.js'), null, 'the plugin list: the entry module (the type of the list)');
  t.match(refused('plugins/index.ts', '../core/errors.js'), /plugin list/, 'the plugin list: anything but a plugin or the entry module');
});
