// mongodump and mongorestore (MongoDB Database Tools), for the test of the MongoDB backup steps in
// docs/backups.md: built once from source into the same cache as FerretDB (test/helpers/ferretdb.ts),
// reused afterwards. No package of them can be installed on these machines.
//
// The tools' release tags (100.18.0) are not Go semantic versions, so `go install …@100.18.0` does
// not apply; the source comes from MONGO_TOOLS_SRC (a checkout of the tag), else from the Go module
// proxy by the tag's name (`go mod download`, which resolves it to a pseudo-version where the proxy
// allows it). A checkout carries the tools' vendor folder, so the build needs no network; a module
// download fetches the dependencies from the proxy. cgo is off: no Kerberos (GSSAPI) support, which
// the tests do not use.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { acquireBuildLock } from './ferretdb.js';

export const MONGO_TOOLS_VERSION = '100.18.0';
const MODULE = 'github.com/mongodb/mongo-tools';
const TOOLS = ['mongodump', 'mongorestore'] as const;

/** The folder holding the tools: MONGO_TOOLS_BIN, else the cache. */
export function mongoToolsDirectory(): string {
  if (process.env.MONGO_TOOLS_BIN) return process.env.MONGO_TOOLS_BIN;
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(cache, 'chatbot-platform', `mongo-tools-${MONGO_TOOLS_VERSION}`);
}

export interface MongoTools {
  mongodump: string;
  mongorestore: string;
}

const toolPaths = (directory: string): MongoTools => ({ mongodump: path.join(directory, 'mongodump'), mongorestore: path.join(directory, 'mongorestore') });

/** Builds the tools into the cache unless they are there. Throws, loudly, when it cannot. */
export function ensureMongoTools(log: (line: string) => void = () => undefined): MongoTools {
  const directory = mongoToolsDirectory();
  const tools = toolPaths(directory);
  if (TOOLS.every((tool) => existsSync(tools[tool]))) return tools;
  if (process.env.MONGO_TOOLS_BIN) throw new Error(`MONGO_TOOLS_BIN (${directory}) has no mongodump and mongorestore`);
  mkdirSync(directory, { recursive: true });
  const lock = `${directory}.lock`;
  if (!acquireBuildLock(lock, () => TOOLS.every((tool) => existsSync(tools[tool])))) {
    if (TOOLS.every((tool) => existsSync(tools[tool]))) return tools;
    throw new Error(`mongo-tools build lock ${lock} is stale or held too long; remove it and retry`);
  }
  try {
    log(`Building mongodump and mongorestore ${MONGO_TOOLS_VERSION} into ${directory} (once; about a minute)…`);
    const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '', CGO_ENABLED: '0' };
    const go = (args: string[], cwd?: string) =>
      execFileSync('go', args, { env, cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    let source = process.env.MONGO_TOOLS_SRC;
    if (!source) {
      try {
        source = (JSON.parse(go(['mod', 'download', '-json', `${MODULE}@${MONGO_TOOLS_VERSION}`])) as { Dir: string }).Dir;
      } catch (error) {
        throw new Error(
          `Cannot download ${MODULE}@${MONGO_TOOLS_VERSION} from the Go module proxy: ${describe(error)}\n` +
            `Set MONGO_TOOLS_SRC to a checkout of the tag (git clone --branch ${MONGO_TOOLS_VERSION} https://${MODULE}), ` +
            `or MONGO_TOOLS_BIN to a folder holding mongodump and mongorestore.`,
        );
      }
    }
    const work = mkdtempSync(path.join(tmpdir(), 'mongo-tools-src-'));
    try {
      cpSync(source, work, { recursive: true });
      execFileSync('chmod', ['-R', 'u+w', work]); // the module cache's copy is read-only
      chmodSync(work, 0o755);
      for (const tool of TOOLS) {
        const partial = `${tools[tool]}.partial`;
        go(['build', '-trimpath', '-ldflags', `-X main.VersionStr=${MONGO_TOOLS_VERSION}`, '-o', partial, `./${tool}/main`], work);
        renameSync(partial, tools[tool]);
      }
    } catch (error) {
      throw new Error(`Building mongodump and mongorestore failed: ${describe(error)}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    log('mongodump and mongorestore built.');
    return tools;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The tools when they are built (the cache, or MONGO_TOOLS_BIN), else null: building is the install step's work. */
export function builtMongoTools(): MongoTools | null {
  const tools = toolPaths(mongoToolsDirectory());
  return TOOLS.every((tool) => existsSync(tools[tool])) ? tools : null;
}

function describe(error: unknown): string {
  // `go mod download -json` reports its error in the JSON on stdout.
  const { stdout, stderr } = error as { stdout?: string; stderr?: string };
  return [(error as Error).message, stdout, stderr].filter(Boolean).join('\n');
}
