// Builds the dashboard (issue 18): src/main.ts and what it imports into dist/app.js, its
// stylesheet into dist/app.css, and dist/index.html naming both with a content hash
// (`app.js?v=<hash>`), so the server may let browsers cache them for a year. The server serves
// them at GET /dashboard and /dashboard/assets/{file} (plugins/dashboard).
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

export const DASHBOARD_SOURCE = path.join(here, 'src/main.ts');
export const DASHBOARD_DIST = path.join(here, 'dist');
/** What the build writes, and all the server serves: ship these three files. */
export const DASHBOARD_FILES = ['index.html', 'app.js', 'app.css'] as const;

export interface DashboardBuild {
  files: Record<(typeof DASHBOARD_FILES)[number], string>;
  /** Bytes of each file. */
  sizes: Record<string, number>;
}

/** The hash the server compares with `?v=` (plugins/dashboard/assets.ts computes the same). */
export function contentHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

function indexHtml(scriptHash: string, styleHash: string): string {
  // No inline script or style: the page's Content-Security-Policy allows neither.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>Dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/app.css?v=${styleHash}">
<script src="/dashboard/assets/app.js?v=${scriptHash}" defer></script>
</head>
<body>
<div id="app"><p class="boot">Loading the dashboard…</p></div>
<noscript><p class="boot">The dashboard needs JavaScript.</p></noscript>
</body>
</html>
`;
}

/** Write then rename: a server reading meanwhile sees the old file or the new one, never half of one. */
function writeAtomically(file: string, content: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** The esbuild options of the dashboard (test/tools/coverage.ts builds the same with a source map). */
export function dashboardBuildOptions(): BuildOptions & { write: false } {
  return {
    entryPoints: { app: DASHBOARD_SOURCE },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    outdir: DASHBOARD_DIST,
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  };
}

export async function buildDashboard(): Promise<DashboardBuild> {
  const result = await build(dashboardBuildOptions());
  const output = (extension: string) => {
    const file = result.outputFiles.find((candidate) => candidate.path.endsWith(extension));
    if (!file) throw new Error(`The dashboard build wrote no ${extension} file`);
    return file.text;
  };
  const script = output('.js');
  const style = output('.css');
  const html = indexHtml(contentHash(script), contentHash(style));

  mkdirSync(DASHBOARD_DIST, { recursive: true });
  // The assets first, the page that names them last: a page never names a file not yet written.
  writeAtomically(path.join(DASHBOARD_DIST, 'app.js'), script);
  writeAtomically(path.join(DASHBOARD_DIST, 'app.css'), style);
  writeAtomically(path.join(DASHBOARD_DIST, 'index.html'), html);
  const files = Object.fromEntries(DASHBOARD_FILES.map((name) => [name, path.join(DASHBOARD_DIST, name)])) as DashboardBuild['files'];
  return {
    files,
    sizes: { 'index.html': Buffer.byteLength(html), 'app.js': Buffer.byteLength(script), 'app.css': Buffer.byteLength(style) },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const built = await buildDashboard();
  const sizes = Object.entries(built.sizes).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`);
  console.log(`dashboard: ${path.relative(process.cwd(), DASHBOARD_DIST)}/ ${sizes.join(', ')}`);
}
