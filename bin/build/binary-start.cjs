// The script the single binary runs (bin/build/binary.ts). Everything else is an asset of the
// binary: the server build (dist/server/, every package bundled in), the better-sqlite3 addon, the
// widget script and the docs page. They are unpacked once per build into the user's cache folder,
// laid out like a checkout, and the server is imported from there: worker threads and the addon need
// real files, and the split build loads only what a run needs. core/paths.ts finds the rest from
// its own location.
//
// SEA runs this file as CommonJS whose require() reaches Node's own modules only, and it cannot
// import(); a require made for a file on disk can, and that file can import() the ES modules.
const assetsDir = (function unpackAssets() {
  const sea = require('node:sea');
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const manifest = JSON.parse(sea.getAsset('manifest.json', 'utf8'));
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const base = process.env.CHATBOT_PLATFORM_ASSETS_DIR || path.join(cacheHome, 'chatbot-platform');
  const dir = path.join(base, `binary-${manifest.version}-${manifest.hash}`);

  // Only a folder of this user's that nobody else can write to, reached through no symbolic link,
  // is trusted (the folder and the one holding it): the addon in it is loaded as code. Anything
  // else is unpacked afresh into a private temporary folder.
  const trusted = (folder) => {
    try {
      const stat = fs.lstatSync(folder);
      return stat.isDirectory() && stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
    } catch {
      return false;
    }
  };
  const unpackInto = (target) => {
    for (const name of manifest.files) {
      const file = path.join(target, name);
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, new Uint8Array(sea.getAsset(name)), { mode: 0o600 });
    }
    fs.writeFileSync(path.join(target, '.complete'), manifest.hash, { mode: 0o600 });
  };

  if (trusted(base) && trusted(dir) && fs.existsSync(path.join(dir, '.complete'))) return dir;
  try {
    fs.mkdirSync(base, { recursive: true, mode: 0o700 });
    if (trusted(base)) {
      // Unpacked beside, then renamed into place: two processes starting at once each unpack,
      // one rename wins, and nobody ever reads a half-written folder.
      const staging = fs.mkdtempSync(`${dir}.tmp-`);
      unpackInto(staging);
      try {
        fs.renameSync(staging, dir);
      } catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        if (!(trusted(dir) && fs.existsSync(path.join(dir, '.complete')))) throw error;
      }
      return dir;
    }
  } catch {
    // the cache folder cannot be written (a read-only home): fall through to a temporary one
  }
  // mkdtemp makes it 0700; it goes when the process exits, as nothing else will reuse it.
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'chatbot-platform-'));
  process.on('exit', () => fs.rmSync(temporary, { recursive: true, force: true }));
  unpackInto(temporary);
  return temporary;
})();

const boot = require('node:path').join(assetsDir, 'dist', 'server', 'boot.cjs'); // import('./cli.mjs')
require('node:module')
  .createRequire(boot)(boot)
  .catch((error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  });
