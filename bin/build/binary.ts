// `npm run build:binary`: dist/chatbot-platform, one executable that needs nothing else on the
// machine: a copy of this Node with the server injected as a single executable application (SEA,
// https://nodejs.org/api/single-executable-applications.html).
//
// The blob holds binary-start.cjs as the script SEA runs, and as assets a server build laid out like
// a checkout: dist/server/ with every package bundled in (the worker threads' scripts included),
// the better-sqlite3 addon (loaded through its `nativeBinding` option, core/paths.ts), and the
// files the server serves (the widget script, the docs page). binary-start.cjs unpacks them once per
// build and imports dist/server/cli.mjs from there: real files, so worker threads start from them and
// the split build loads lazily what only some runs need, as `npm start` does. The PDF reader is
// JavaScript inside the parse worker's script; nothing uses WebAssembly.
//
// The binary runs on machines like the one that built it (same OS, CPU and C library).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDashboard } from '../../web/dashboard/build.js';
import { buildWidget, WIDGET_OUTPUT, WIDGET_UI_OUTPUT } from '../../web/widget/build.js';
import { buildServer, DIST, ROOT } from './server.js';

export const BINARY_PATH = path.join(DIST, 'chatbot-platform');
/** The fuse Node's own binaries carry for SEA (postject flips it). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Where npm installed a package (not every package exports its package.json to resolve). */
const packageDir = (name: string) => path.join(ROOT, 'node_modules', name);

export interface BinaryBuild {
  file: string;
  bytes: number;
  assets: number;
}

export async function buildBinary(output: string = BINARY_PATH): Promise<BinaryBuild> {
  const work = path.join(DIST, `binary.${process.pid}.tmp`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await buildWidget();
    const dashboard = await buildDashboard();
    const server = await buildServer(path.join(work, 'server'), 'binary');

    // What binary-start.cjs requires to import the server (SEA's own script cannot import()).
    writeFileSync(path.join(work, 'boot.cjs'), "module.exports = import('./cli.mjs');\n");
    const swaggerUi = packageDir('swagger-ui-dist');
    const assets: Record<string, string> = {
      'dist/server/boot.cjs': path.join(work, 'boot.cjs'),
      ...Object.fromEntries(server.files.map((file) => [`dist/server/${file}`, path.join(server.outdir, file)])),
      'native/better_sqlite3.node': path.join(packageDir('better-sqlite3'), 'build/Release/better_sqlite3.node'),
      'web/widget/dist/widget.js': WIDGET_OUTPUT,
      ...Object.fromEntries(readdirSync(WIDGET_UI_OUTPUT).map((name) => [`web/widget/dist/ui/${name}`, path.join(WIDGET_UI_OUTPUT, name)])),
      ...Object.fromEntries(Object.entries(dashboard.files).map(([name, file]) => [`web/dashboard/dist/${name}`, file])),
      'plugins/docs/static/index.html': path.join(ROOT, 'plugins/docs/static/index.html'),
      'plugins/docs/static/init.js': path.join(ROOT, 'plugins/docs/static/init.js'),
      ...Object.fromEntries(
        ['package.json', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-16x16.png', 'favicon-32x32.png'].map((name) => [
          `node_modules/swagger-ui-dist/${name}`,
          path.join(swaggerUi, name),
        ]),
      ),
    };

    // The unpacked folder is named after a hash of everything in it, so a new build never runs
    // with an old build's scripts or addon.
    const hash = createHash('sha256');
    for (const name of Object.keys(assets).sort()) hash.update(name).update(readFileSync(assets[name]!));
    const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const manifest = { version, hash: hash.digest('hex').slice(0, 16), files: Object.keys(assets).sort() };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest));

    writeFileSync(
      path.join(work, 'sea-config.json'),
      JSON.stringify({
        main: path.join(ROOT, 'bin/build/binary-start.cjs'),
        output: path.join(work, 'sea-prep.blob'),
        disableExperimentalSEAWarning: true,
        assets: { 'manifest.json': path.join(work, 'manifest.json'), ...assets },
      }),
    );
    execFileSync(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')], { stdio: 'ignore' });

    const staging = `${output}.${process.pid}.tmp`;
    copyFileSync(process.execPath, staging);
    chmodSync(staging, 0o755);
    // postject's ELF reader (LIEF) prints warnings about Node's note sections; nothing is wrong, so
    // its output is dropped unless it fails.
    const postject = path.join(packageDir('postject'), 'dist/cli.js');
    const blob = path.join(work, 'sea-prep.blob');
    try {
      execFileSync(process.execPath, [postject, staging, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE], { stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`postject failed: ${stderr?.toString() ?? ''}${stdout?.toString() ?? ''}`);
    }
    renameSync(staging, output);
    return { file: output, bytes: statSync(output).size, assets: manifest.files.length };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const built = await buildBinary();
  console.log(
    `binary: ${path.relative(process.cwd(), built.file)} (${(built.bytes / 2 ** 20).toFixed(0)} MB, ${built.assets} assets) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
