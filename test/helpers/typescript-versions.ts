// The TypeScript versions the client package says it supports (5.0 to 7), each installed once from
// the npm registry into the cache beside @types/node, under aliased names so each keeps its own
// `tsc`: a consumer's project is type-checked with each, as a developer on that version would.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Alias → version; 6.0 is the repository's own (node_modules/typescript). */
export const SUPPORTED_TYPESCRIPT = { 'typescript-5.0': '5.0.4', 'typescript-7.0': '7.0.2' } as const;
const TYPES_NODE = '20.19.25';

export function typescriptToolchainDir(): string {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(cache, 'chatbot-platform', `typescript-${Object.values(SUPPORTED_TYPESCRIPT).join('-')}`);
}

/** The toolchains' folder, installed unless it is there; `tsc` of an alias is `tscOf(alias)`. */
export function installTypescriptToolchains(): string {
  const dir = typescriptToolchainDir();
  const stamp = path.join(dir, 'installed');
  if (existsSync(stamp)) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'typescript-toolchains', private: true }));
  const packages = [...Object.entries(SUPPORTED_TYPESCRIPT).map(([alias, version]) => `${alias}@npm:typescript@${version}`), `@types/node@${TYPES_NODE}`];
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', ...packages], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(stamp, `${packages.join('\n')}\n`);
  return dir;
}

export function tscOf(toolchains: string, alias: keyof typeof SUPPORTED_TYPESCRIPT): string {
  return path.join(toolchains, 'node_modules', alias, 'bin', 'tsc');
}
