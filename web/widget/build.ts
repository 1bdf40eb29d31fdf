// Builds the website widget (issue 12): src/index.ts and what it imports, as one minified IIFE in
// dist/widget.js, which the server serves at GET /widget.js. Runs at `npm ci` (prepare) and from
// `npm run build:widget`; tests call buildWidget() before they start a server.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform, type BuildOptions, type Plugin } from 'esbuild';
import { RTL_WIDGET_UI } from './src/ui-strings-rtl.js';
import { LOADED_LTR_WIDGET_UI } from './src/ui-strings.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export const WIDGET_SOURCE = path.join(here, 'src/index.ts');
export const WIDGET_OUTPUT = path.join(here, 'dist/widget.js');
/** The widget's words in the languages it loads on demand: dist/ui/<language>.json (GET /widget/ui/<language>.json). */
export const WIDGET_UI_OUTPUT = path.join(here, 'dist/ui');
/** docs/ARCHITECTURE.md A6: "one small file (≤ 30 KB gzipped)". */
export const WIDGET_GZIP_BUDGET = 30 * 1024;

export interface WidgetBuild {
  file: string;
  code: string;
  bytes: number;
  /** gzip level 9, as the budget is measured. */
  gzipBytes: number;
}

/** `import css from './widget.css'` gives the stylesheet's minified text. */
const cssAsText: Plugin = {
  name: 'css-as-text',
  setup(builder) {
    builder.onLoad({ filter: /\.css$/ }, async (args) => {
      const minified = await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true, target: 'chrome80' });
      return { contents: `export default ${JSON.stringify(minified.code.trim())};`, loader: 'js' };
    });
  },
};

/** The esbuild options of the widget (test/tools/coverage.ts builds the same with a source map). */
export function widgetBuildOptions(): BuildOptions & { write: false } {
  return {
    entryPoints: [WIDGET_SOURCE],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    // ASCII only: a page served in another charset still reads the widget's strings right.
    charset: 'ascii',
    write: false,
    logLevel: 'silent',
    plugins: [cssAsText],
    define: { 'process.env.NODE_ENV': '"production"' },
  };
}

export async function buildWidget(): Promise<WidgetBuild> {
  const result = await build(widgetBuildOptions());
  const code = result.outputFiles[0]!.text;
  // Write then rename: a server starting meanwhile reads the old file or the new one, never half of one.
  mkdirSync(path.dirname(WIDGET_OUTPUT), { recursive: true });
  const temporary = `${WIDGET_OUTPUT}.${process.pid}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, WIDGET_OUTPUT);
  writeUiStrings();
  const bytes = Buffer.byteLength(code);
  return { file: WIDGET_OUTPUT, code, bytes, gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** The on-demand languages' words, one JSON file each (UTF-8: only the script itself is ASCII). */
function writeUiStrings(): void {
  mkdirSync(WIDGET_UI_OUTPUT, { recursive: true });
  for (const [language, strings] of Object.entries({ ...LOADED_LTR_WIDGET_UI, ...RTL_WIDGET_UI })) {
    const file = path.join(WIDGET_UI_OUTPUT, `${language}.json`);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(strings));
    renameSync(temporary, file);
  }
}

/** Builds and prints the size against the budget (what `npm run build:widget` shows); false when over it. */
export async function buildAndReport(print: (line: string) => void = console.log): Promise<boolean> {
  const built = await buildWidget();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const within = built.gzipBytes <= WIDGET_GZIP_BUDGET;
  print(
    `widget: ${path.relative(process.cwd(), built.file)} ${kb(built.bytes)}, ${kb(built.gzipBytes)} gzipped (budget ${kb(WIDGET_GZIP_BUDGET)})` +
      (within ? '' : ': over budget'),
  );
  return within;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!(await buildAndReport())) process.exitCode = 1;
}
