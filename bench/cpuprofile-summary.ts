// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by file or package, the
// top N of each, as percentages of the busy time (the samples that were not idle: a server under
// load from another process waits for it too). `npx tsx bench/cpuprofile-summary.ts FILE [N]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-summary.ts FILE [N]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

// Self time of each node: the time deltas of the samples that landed in it.
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((sum, value) => sum + value, 0);
const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
const idle = [...self].filter(([id]) => idleIds.has(id)).reduce((sum, [, value]) => sum + value, 0);
const busy = total - idle;

/** node_modules/<package> (scoped too), our own file relative to the checkout, or node's internals. */
function where(url: string): string {
  if (!url) return '(native / V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return `npm:${modules[1]}`;
  if (url.startsWith('node:')) return url;
  const ours = /\/work\/[^/]+\/(.*)$/.exec(url.replace('file://', ''));
  return ours ? ours[1]! : url;
}

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, time] of self) {
  if (idleIds.has(id)) continue;
  const { callFrame } = byId.get(id)!;
  const place = where(callFrame.url);
  const name = `${callFrame.functionName || '(anonymous)'} ${place}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  byFile.set(place, (byFile.get(place) ?? 0) + time);
}

const table = (title: string, rows: Map<string, number>) => {
  const sorted = [...rows].sort((a, b) => b[1] - a[1]).slice(0, top);
  process.stdout.write(
    `\nBy ${title}: self time, % of ${(busy / 1e6).toFixed(1)} s busy (${(total / 1e6).toFixed(1)} s profiled, ${(idle / 1e6).toFixed(1)} s idle)\n\n| % busy | ms | ${title} |\n|---|---|---|\n`,
  );
  for (const [name, time] of sorted) process.stdout.write(`| ${((100 * time) / busy).toFixed(1)} | ${(time / 1000).toFixed(0)} | ${name} |\n`);
};
table('function', byFunction);
table('file', byFile);
