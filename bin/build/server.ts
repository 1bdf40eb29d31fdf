// The production build (`npm run build`, run by `npm ci` through `prepare`): the server and its
// worker threads as plain JavaScript bundles in dist/server/, so `npm start` runs without a TypeScript
// loader (tsx compiles every module at each start: ~1 s and ~50 MB more). One bundle also reads
// far fewer files at start than node_modules' thousands of modules.
//
// dist/server/ must stay two folders below the project root: core/paths.ts finds the shipped files
// (the widget script, the docs page) from there. The single binary (binary.ts) carries a build of
// the same layout, with every package bundled in.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const SERVER_BUILD = path.join(DIST, 'server');

/** The parse worker's bundle exports the task runner as Piscina expects (the default export). */
const PARSE_WORKER_SOURCE = "export { runParseTask as default } from './plugins/knowledge/parsing/tasks.ts';";

/**
 * Left to node_modules in dist/server/: better-sqlite3 loads its compiled addon relative to its own
 * files, and Piscina starts its worker script from beside its own; both need their package folder.
 * The binary has no node_modules: it bundles both (see piscinaWorkerBesideBuild and core/paths.ts).
 */
const KEPT_IN_NODE_MODULES = ['better-sqlite3', 'piscina'];

/** The MongoDB driver's optional companions: required inside try/catch, and installed nowhere here. */
const MONGODB_OPTIONAL = ['kerberos', '@mongodb-js/zstd', 'snappy', 'mongodb-client-encryption', 'socks', 'aws4', 'gcp-metadata', '@aws-sdk/credential-providers', '@napi-rs/nice'];

/** Piscina's worker script, bundled beside the build's own scripts (the binary's build only). */
const PISCINA_WORKER = 'piscina-worker.cjs';

/**
 * Piscina starts its worker thread from `worker.js` beside its own file; in the binary's build,
 * from the bundled copy beside the build's scripts. The pattern is checked: a Piscina release that
 * changes the line fails the build instead of making a binary that cannot read documents.
 */
const piscinaWorkerBesideBuild: Plugin = {
  name: 'piscina-worker-beside-build',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]piscina[\\/]dist[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const pattern = "(0, node_path_1.resolve)(__dirname, 'worker.js')";
      if (source.split(pattern).length !== 2) throw new Error(`piscina/dist/index.js no longer has ${pattern}: update bin/build/server.ts`);
      // require is the chunk's own (the banner's createRequire(import.meta.url)), so this resolves
      // beside the chunk; import.meta itself would make esbuild take the file for an ES module.
      const beside = `require.resolve('./${PISCINA_WORKER}')`;
      return { contents: source.replace(pattern, beside), loader: 'js' };
    });
  },
};

/**
 * What every bundle of ours shares: Node 20, ES modules, and a `require` for the CommonJS
 * dependencies that esbuild bundles (they require Node's own modules at run time).
 */
export function nodeBundleOptions(kind: BuildKind): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: kind === 'dist' ? 'linked' : false,
    minify: kind === 'binary',
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: ROOT,
    metafile: true,
    define: { 'import.meta.chatbotPlatformBuild': JSON.stringify(kind) },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    ...(kind === 'dist' ? { external: KEPT_IN_NODE_MODULES } : { external: MONGODB_OPTIONAL, plugins: [piscinaWorkerBesideBuild] }),
  };
}

/** 'dist': dist/server/ of a checkout, beside node_modules; 'binary': everything bundled, for the single binary. */
export type BuildKind = 'dist' | 'binary';

export interface ServerBuild {
  outdir: string;
  /** The files written, relative to outdir. */
  files: string[];
}

/**
 * Writes the build into a fresh folder, then swaps it in: a server starting meanwhile runs the old
 * build or the new one, never half of each.
 */
export async function buildServer(outdir: string = SERVER_BUILD, kind: BuildKind = 'dist'): Promise<ServerBuild> {
  const staging = `${outdir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const common = nodeBundleOptions(kind);
  const builds = [
    // The server: code split, so what only some runs need (the MongoDB driver, the OpenAPI
    // generator) loads when first used.
    build({
      ...common,
      entryPoints: { cli: 'bin/cli.ts' },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunk-[hash]',
    }),
    build({
      ...common,
      stdin: { contents: PARSE_WORKER_SOURCE, resolveDir: ROOT, sourcefile: 'parse-worker.ts', loader: 'ts' },
      outfile: path.join(staging, 'parse-worker.mjs'),
    }),
    build({ ...common, entryPoints: ['adapters/sqlite/checkpoint-worker.mjs'], outfile: path.join(staging, 'checkpoint-worker.mjs') }),
    build({ ...common, entryPoints: ['plugins/knowledge/semantic/scan-worker.mjs'], outfile: path.join(staging, 'scan-worker.mjs') }),
  ];
  if (kind === 'binary') {
    builds.push(
      build({ ...common, format: 'cjs', banner: {}, plugins: [], entryPoints: ['node_modules/piscina/dist/worker.js'], outfile: path.join(staging, PISCINA_WORKER) }),
    );
  }
  const results = await Promise.all(builds);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  const files = results.flatMap((result) => Object.keys(result.metafile!.outputs)).map((file) => path.relative(path.relative(ROOT, staging), file));
  return { outdir, files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const built = await buildServer();
  const scripts = built.files.filter((file) => file.endsWith('.mjs'));
  console.log(`server: ${path.relative(process.cwd(), built.outdir)}/ (${scripts.length} scripts) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
