// Links this checkout into each example plugin's node_modules as `chatbot-platform`, as
// `npm install` of the example's `file:../..` devDependency would (a symlink), without npm: the
// examples' tests import `chatbot-platform/testing` like a plugin outside this repository does.
import { existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const examples = path.join(root, 'examples');

export function linkExamples(): string[] {
  const linked: string[] = [];
  for (const name of readdirSync(examples)) {
    const folder = path.join(examples, name);
    if (!existsSync(path.join(folder, 'package.json'))) continue;
    const link = path.join(folder, 'node_modules', 'chatbot-platform');
    if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false })) continue;
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.relative(path.dirname(link), root), link, 'dir');
    linked.push(path.relative(root, link));
  }
  return linked;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const link of linkExamples()) process.stdout.write(`linked ${link}\n`);
}
