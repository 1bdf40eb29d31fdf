// The layering of the source tree, read from the modules themselves: core is assembled by the
// composition root (app/) and knows no plugin, adapter or entry point; config is read by everyone
// and reads nothing of them; adapters implement core's store interface and nothing above it; and
// no module reaches itself again through its imports, type-only ones included (a circle makes the
// order modules are evaluated in matter, and no part of one can move alone).
//
// store-independent: reads source files only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders of product code; `web/<bundle>/src` is found per bundle. */
const SOURCE_FOLDERS = ['app', 'adapters', 'bin', 'common', 'config', 'core', 'plugins'];
const MODULE_FILE = /\.(?:ts|tsx|mts|js|mjs|cjs)$/;
const RESOLVABLE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'];

/** What each layer must not import (by top-level folder; `web` is every bundle's sources). */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['plugins', 'adapters', 'bin', 'web', 'app'],
  config: ['core', 'plugins', 'adapters', 'app', 'bin', 'web'],
  adapters: ['plugins', 'app', 'bin', 'web'],
};

function sourceFolders(): string[] {
  const web = readdirSync(path.join(ROOT, 'web'))
    .map((bundle) => path.join('web', bundle, 'src'))
    .filter((folder) => existsSync(path.join(ROOT, folder)));
  return [...SOURCE_FOLDERS.filter((folder) => existsSync(path.join(ROOT, folder))), ...web];
}

function modulesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = path.join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path.join(ROOT, file)).isDirectory()) return modulesUnder(file);
    return MODULE_FILE.test(name) && !/\.test\.[cm]?[jt]sx?$/.test(name) ? [file] : [];
  });
}

/** The module a relative specifier names, as TypeScript's nodenext resolution finds it (`./x.js` is `./x.ts`). */
function resolveRelative(from: string, specifier: string): string | null {
  const target = path.join(path.dirname(from), specifier);
  const stem = target.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [target, ...RESOLVABLE_EXTENSIONS.map((extension) => stem + extension), ...RESOLVABLE_EXTENSIONS.map((extension) => path.join(target, `index${extension}`))];
  return candidates.find((candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile()) ?? null;
}

interface Edge {
  from: string;
  to: string;
}

/** Static imports, `export … from`, `import type` and `import('…')` (in code and in type positions). */
function importsOf(file: string): { edges: Edge[]; unresolved: string[] } {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const { fileName: specifier } of importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const to = resolveRelative(file, specifier);
    if (to) edges.push({ from: file, to });
    else unresolved.push(`${file} → ${specifier}`);
  }
  return { edges, unresolved };
}

function layerOf(file: string): string {
  return file.split(path.sep)[0]!;
}

/** Strongly connected components of two or more modules (or one importing itself): each holds a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One circle through the component's first module, as a path: a → b → … → a. */
function circlePath(graph: Map<string, string[]>, component: readonly string[]): string {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  // Breadth-first from the start back to it, inside the component: the shortest circle through it.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const between: string[] = [];
        for (let step = node; step !== start; step = cameFrom.get(step)!) between.unshift(step);
        return [start, ...between, start].join(' → ');
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return component.join(', ');
}

const modules = sourceFolders().flatMap(modulesUnder).sort();
const parsed = modules.map(importsOf);
const edges = parsed.flatMap((result) => result.edges);
const graph = new Map<string, string[]>(modules.map((file) => [file, []]));
for (const { from, to } of edges) if (graph.has(to) && !graph.get(from)!.includes(to)) graph.get(from)!.push(to);

t.test('the graph is read: every module of every layer, every relative import resolved', async (t) => {
  for (const layer of ['core', 'config', 'plugins', 'adapters', 'bin', 'web']) {
    t.ok(modules.some((file) => layerOf(file) === layer), `modules found under ${layer}/`);
  }
  // The reader must see each kind of import, or the rules below would pass on a blind graph.
  const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
  t.ok(has(path.join('core', 'plugin-api', 'index.ts'), path.join('core', 'store', 'types.ts')), 'import type and import(…) in a type position are read');
  t.ok(has(path.join('config', 'defaults.ts'), path.join('config', 'types.ts')), 'import type is read');
  t.same(parsed.flatMap((result) => result.unresolved), [], 'every relative import names a module that exists');
});

for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
  t.test(`${layer}/ imports nothing of ${forbidden.join(', ')}`, async (t) => {
    const offending = edges.filter((edge) => layerOf(edge.from) === layer && forbidden.includes(layerOf(edge.to)));
    t.same(
      offending.map((edge) => `${edge.from} → ${edge.to}`),
      [],
      'imports that climb',
    );
  });
}

t.test('no import circle, type-only imports included', async (t) => {
  const found = circles(graph).map((component) => `${circlePath(graph, component)} (all ${component.length} in one circle: ${[...component].sort().join(', ')})`);
  t.same(found, [], 'circles (each with one path through it)');
});
