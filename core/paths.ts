// Where the files that ship beside the code are, however the server runs:
// - from the TypeScript sources (tsx: `npm run dev`, the tests): this file is core/paths.ts, so the
//   project root is one folder up;
// - from the production build (`npm start`): esbuild bundled this file into dist/server/*.mjs, two
//   folders below the root;
// - from the single binary: the same layout, dist/server/ two folders below the folder the binary
//   unpacked its assets into (bin/build/binary-start.cjs), laid out like the checkout.
// Code that reads a shipped file or starts a worker resolves it here, never against its own
// import.meta.url, which a bundle moves.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare global {
  interface ImportMeta {
    /** Set by the build (bin/build/): 'dist' in dist/server/, 'binary' in the single binary; absent in the sources. */
    chatbotPlatformBuild?: 'dist' | 'binary';
  }
}

/** How this process runs: 'sources', 'dist' or 'binary'. */
export const BUILD_KIND: 'sources' | 'dist' | 'binary' = import.meta.chatbotPlatformBuild ?? 'sources';

const ROOT_URL = new URL(BUILD_KIND === 'sources' ? '..' : '../..', import.meta.url);

export const PROJECT_ROOT = fileURLToPath(ROOT_URL);

/** A shipped file or folder, given relative to the project root (`web/widget/dist/widget.js`). */
export function projectPath(relative: string): string {
  return path.join(PROJECT_ROOT, relative);
}

/**
 * A worker thread's entry: the plain-module entry beside the sources (which registers tsx), or the
 * bundle bin/build/server.ts writes into dist/server/ for it.
 */
export function workerEntry(sourceEntry: string, builtName: string): URL {
  return new URL(BUILD_KIND === 'sources' ? sourceEntry : `dist/server/${builtName}`, ROOT_URL);
}

/** Where the binary unpacked the better-sqlite3 addon; undefined elsewhere (the driver finds its own build). */
export function sqliteAddonPath(): string | undefined {
  return BUILD_KIND === 'binary' ? projectPath('native/better_sqlite3.node') : undefined;
}

let sqliteAddon: object | undefined;

/**
 * better-sqlite3's `nativeBinding` option: undefined lets the driver load its build from
 * node_modules; in the binary, the unpacked addon, loaded here because the binary's require()
 * reaches Node's own modules only.
 */
export function sqliteNativeBinding(): object | undefined {
  const file = sqliteAddonPath();
  if (!file) return undefined;
  if (!sqliteAddon) {
    const addon = { exports: {} };
    process.dlopen(addon, file);
    sqliteAddon = addon.exports;
  }
  return sqliteAddon;
}
