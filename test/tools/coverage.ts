// Coverage of the product code over every pass of `npm test`, merged: the SQLite pass and the
// store passes (FerretDB, MongoDB when MONGODB_URL is set), with what the test processes, their
// child processes (the CLI, servers), their worker threads and the browser pages ran. What counts
// and the floors are in .c8rc.json; the report is c8's, the one tap prints.
//
//   tsx test/tools/coverage.ts save NAME [--first]   after a tap run: keep its .tap/coverage as pass
//                                                     NAME (--first: forget earlier passes)
//   tsx test/tools/coverage.ts report                 merge the kept passes, print the report and
//                                                     fail below a floor
//
// Why not c8 (or `tap report`) on the files as they are: it merges V8 coverage by file name, and
// one source file is compiled differently by different processes: by TypeScript (tap's ts-node
// loader) in the test processes, by esbuild through tsx in the parser worker threads
// (plugins/knowledge/parsing/worker-entry.mjs registers tsx; the worker still gets tap's coverage
// preload from NODE_OPTIONS, although Piscina starts it with no execArgv) and in the `--import tsx`
// children, by esbuild into one bundle in dist/server (the CLI's children). c8 adds up the byte
// ranges of all of them as if they were one script, then reads the sum through whichever source
// map it read last: with the worker's file read first, core/text/term-counts.ts read 72% (its
// comment lines "uncovered") and the functions floor failed; read last, it read 100%, right by
// luck. (The reverted attempt to stop coverage in the workers did nothing: it called
// v8.stopCoverage() when NODE_V8_COVERAGE was set, and tap does not set it; tap measures through
// the inspector.) Here each compilation gets its own name (the hash of its source map), so ranges
// only add up within one compilation; each is mapped to the TypeScript source through its own map,
// and the results are merged by source location (istanbul), as c8 merges different files.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { BROWSER_BUNDLES } from '../helpers/browser-coverage.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TAP_COVERAGE = path.join(ROOT, '.tap/coverage');
const PASSES = path.join(ROOT, '.tap/coverage-passes');
const MERGED = path.join(ROOT, '.tap/coverage-merged');
const REPORT = path.join(ROOT, '.tap/report');

// c8 comes with tap (its coverage report is c8's); test-exclude is c8's own include/exclude matcher.
const requireHere = createRequire(import.meta.url);
const requireFromC8 = createRequire(requireHere.resolve('c8'));
const { Report } = requireHere('c8') as { Report: new (options: object) => C8Report };
const TestExclude = requireFromC8('test-exclude') as new (options: object) => { shouldInstrument(file: string): boolean; globSync(cwd: string): string[] };

interface C8Report {
  run(): Promise<void>;
  getCoverageMapFromAllCoverageFiles(): Promise<{ getCoverageSummary(): Summary }>;
}
type Metric = 'statements' | 'branches' | 'functions' | 'lines';
type Summary = Record<Metric, { total: number; covered: number; pct: number }>;
const METRICS: Metric[] = ['statements', 'branches', 'functions', 'lines'];

interface CoverageConfig extends Record<Metric, number> {
  include: string[];
  exclude: string[];
  extension: string[];
}

interface SourceMapEntry {
  lineLengths: number[];
  data: { sources: string[]; mappings: string; [key: string]: unknown };
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: unknown[];
}
interface ProcessCoverage {
  result: ScriptCoverage[];
  'source-map-cache'?: Record<string, SourceMapEntry>;
}

function readConfig(): CoverageConfig {
  return JSON.parse(readFileSync(path.join(ROOT, '.c8rc.json'), 'utf8')) as CoverageConfig;
}

/** Moves the coverage of the tap run that just ended aside, as one pass of the merged report. */
export function savePass(name: string, { first }: { first: boolean }): void {
  if (first) rmSync(PASSES, { recursive: true, force: true });
  const target = path.join(PASSES, name);
  rmSync(target, { recursive: true, force: true });
  if (!existsSync(TAP_COVERAGE)) throw new Error(`${path.relative(ROOT, TAP_COVERAGE)} is missing: the ${name} pass measured no coverage`);
  mkdirSync(PASSES, { recursive: true });
  renameSync(TAP_COVERAGE, target);
}

/** A name per compilation: the script's own path with the hash of its source map. */
function compilationUrl(url: string, sourceMap: SourceMapEntry): string {
  const hash = createHash('sha256').update(sourceMap.data.mappings).update(sourceMap.data.sources.join('\n')).digest('hex').slice(0, 12);
  return `${url}.compiled-${hash}.js`;
}

function sourcePaths(scriptPath: string, sourceMap: SourceMapEntry): string[] {
  return sourceMap.data.sources.map((source) => (source.startsWith('file://') ? fileURLToPath(source) : path.resolve(path.dirname(scriptPath), source)));
}

/**
 * The browser bundles' source maps: each bundle built again with the same options and a map, used
 * only if the code is the bundle on disk byte for byte (what the pages ran).
 */
async function bundleSourceMaps(): Promise<Map<string, SourceMapEntry>> {
  const maps = new Map<string, SourceMapEntry>();
  for (const [file, options] of Object.entries(BROWSER_BUNDLES)) {
    const absolute = path.join(ROOT, file);
    if (!existsSync(absolute)) continue;
    const result = await build({ ...options(), sourcemap: 'external', outdir: path.dirname(absolute), outfile: undefined });
    const code = result.outputFiles.find((output) => output.path.endsWith('.js'))!;
    const map = result.outputFiles.find((output) => output.path.endsWith('.js.map'))!;
    if (code.text !== readFileSync(absolute, 'utf8')) {
      throw new Error(`${file} is not what web/*/build.ts builds from the sources now: rebuild it (npm run build) and run the browser tests again`);
    }
    const data = JSON.parse(map.text) as SourceMapEntry['data'];
    data.sources = data.sources.map((source) => pathToFileURL(path.resolve(path.dirname(absolute), source)).href);
    maps.set(pathToFileURL(absolute).href, { lineLengths: code.text.split('\n').map((line) => line.length), data });
  }
  return maps;
}

/**
 * The source map a script names in its last line (`//# sourceMappingURL=`, as the build in
 * dist/server has): Node writes it into NODE_V8_COVERAGE's files only with --enable-source-maps.
 */
const linkedMaps = new Map<string, SourceMapEntry | undefined>();
function linkedSourceMap(scriptPath: string): SourceMapEntry | undefined {
  if (!linkedMaps.has(scriptPath)) {
    let entry: SourceMapEntry | undefined;
    const code = existsSync(scriptPath) ? readFileSync(scriptPath, 'utf8') : '';
    const link = /\/\/# sourceMappingURL=([^\s]+)\s*$/.exec(code)?.[1];
    if (link && !link.startsWith('data:') && existsSync(path.resolve(path.dirname(scriptPath), link))) {
      const data = JSON.parse(readFileSync(path.resolve(path.dirname(scriptPath), link), 'utf8')) as SourceMapEntry['data'];
      entry = { lineLengths: code.split('\n').map((line) => line.length), data };
    }
    linkedMaps.set(scriptPath, entry);
  }
  return linkedMaps.get(scriptPath);
}

/** Every coverage file of a pass: tap's, the browser's, and the child processes' in their folder. */
function coverageFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    return entry.isDirectory() ? coverageFiles(file) : [file];
  });
}

/**
 * Rewrites every pass's coverage files into MERGED with one name per compilation, keeping only
 * scripts that are, or map to, product code. Returns the product files that some process loaded.
 */
async function normalizePasses(isProduct: (file: string) => boolean): Promise<Set<string>> {
  const bundles = await bundleSourceMaps();
  const loaded = new Set<string>();
  const passes = existsSync(PASSES) ? readdirSync(PASSES) : [];
  if (passes.length === 0) throw new Error('no coverage kept: run tap, then `tsx test/tools/coverage.ts save sqlite --first`');
  let written = 0;
  // c8 keeps one source map per script name, from whichever file names it: each is written once.
  const mapsWritten = new Set<string>();
  for (const pass of passes) {
    for (const file of coverageFiles(path.join(PASSES, pass))) {
      const coverage = JSON.parse(readFileSync(file, 'utf8')) as ProcessCoverage;
      const cache = coverage['source-map-cache'] ?? {};
      const result: ScriptCoverage[] = [];
      const sourceMaps: Record<string, SourceMapEntry> = {};
      for (const script of coverage.result) {
        if (!script.url.startsWith('file://')) continue;
        const scriptPath = fileURLToPath(script.url);
        // Only the checkout's own files (a child may run npm or another project's copy).
        if (!scriptPath.startsWith(ROOT + path.sep) || scriptPath.startsWith(path.join(ROOT, 'node_modules') + path.sep)) continue;
        const sourceMap = cache[script.url] ?? bundles.get(script.url) ?? linkedSourceMap(scriptPath);
        if (!sourceMap?.data) {
          if (!isProduct(scriptPath)) continue;
          loaded.add(scriptPath);
          result.push(script);
          continue;
        }
        const sources = sourcePaths(scriptPath, sourceMap).filter(isProduct);
        if (sources.length === 0) continue;
        for (const source of sources) loaded.add(source);
        const url = compilationUrl(script.url, sourceMap);
        result.push({ ...script, url });
        // Sources as absolute paths: v8-to-istanbul hands a many-source map's sources as they are
        // to c8's include/exclude check, which takes a URL or a relative path for no product file.
        if (!mapsWritten.has(url)) sourceMaps[url] = { ...sourceMap, data: { ...sourceMap.data, sourceRoot: undefined, sources: sourcePaths(scriptPath, sourceMap) } };
        mapsWritten.add(url);
      }
      if (result.length > 0) writeFileSync(path.join(MERGED, `${written++}.json`), JSON.stringify({ result, 'source-map-cache': sourceMaps }));
    }
  }
  return loaded;
}

/**
 * Product files no process loaded count as wholly uncovered, as with c8's --all: every line of
 * the source, comments included (the conservative count), except files of types alone, which
 * compile to nothing.
 */
async function writeUnloaded(files: string[]): Promise<string[]> {
  const counted: string[] = [];
  const result: ScriptCoverage[] = [];
  const sourceMaps: Record<string, SourceMapEntry> = {};
  for (const file of files) {
    const compiled = await transform(readFileSync(file, 'utf8'), {
      loader: file.endsWith('.ts') ? 'ts' : 'js',
      format: file.endsWith('.cjs') ? 'cjs' : 'esm',
      sourcemap: 'external',
      sourcefile: pathToFileURL(file).href,
    });
    if (/^\s*(export\s*\{\s*\};?)?\s*(\/\/# sourceMappingURL=\S*)?\s*$/.test(compiled.code)) continue;
    counted.push(file);
    const url = `${pathToFileURL(file).href}.unloaded.js`;
    result.push({
      scriptId: '0',
      url,
      functions: [{ functionName: '(empty-report)', ranges: [{ startOffset: 0, endOffset: compiled.code.length, count: 0 }], isBlockCoverage: true }],
    });
    const data = JSON.parse(compiled.map) as SourceMapEntry['data'];
    sourceMaps[url] = { lineLengths: compiled.code.split('\n').map((line) => line.length), data: { ...data, sources: [file] } };
  }
  writeFileSync(path.join(MERGED, 'unloaded.json'), JSON.stringify({ result, 'source-map-cache': sourceMaps }));
  return counted;
}

/** Prints the merged report; false when a figure is below its floor in .c8rc.json. */
export async function reportPasses(reporters: string[] = ['text', 'json-summary']): Promise<boolean> {
  const config = readConfig();
  const selection = { include: config.include, exclude: config.exclude, extension: config.extension, excludeNodeModules: true };
  const matcher = new TestExclude({ ...selection, relativePath: true, cwd: ROOT });
  const isProduct = (file: string) => file.startsWith(`${ROOT}${path.sep}`) && matcher.shouldInstrument(file);
  rmSync(MERGED, { recursive: true, force: true });
  mkdirSync(MERGED, { recursive: true });
  const loaded = await normalizePasses(isProduct);
  const unloaded = await writeUnloaded(matcher.globSync(ROOT).map((file) => path.resolve(ROOT, file)).filter((file) => !loaded.has(file)));

  const report = new Report({
    ...selection,
    excludeAfterRemap: true,
    reporter: reporters,
    reportsDirectory: REPORT,
    tempDirectory: MERGED,
    skipFull: true,
    src: [ROOT],
  });
  await report.run();
  const summary = (await report.getCoverageMapFromAllCoverageFiles()).getCoverageSummary();
  const passes = readdirSync(PASSES).join(', ');
  process.stdout.write(`# coverage of the product code over ${passes}: ${METRICS.map((metric) => `${metric} ${summary[metric].pct}%`).join(', ')}\n`);
  if (unloaded.length > 0) process.stdout.write(`# loaded by no test (counted as uncovered): ${unloaded.map((file) => path.relative(ROOT, file)).join(', ')}\n`);
  const below = METRICS.filter((metric) => summary[metric].pct < config[metric]);
  for (const metric of below) process.stdout.write(`# ERROR: ${metric} coverage ${summary[metric].pct}% is below the floor of ${config[metric]}% (.c8rc.json)\n`);
  return below.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, name] = process.argv.slice(2);
  if (command === 'save' && name) {
    savePass(name, { first: process.argv.includes('--first') });
  } else if (command === 'report') {
    if (!(await reportPasses())) process.exitCode = 1;
  } else {
    process.stderr.write('usage: tsx test/tools/coverage.ts save NAME [--first] | report\n');
    process.exitCode = 2;
  }
}
