#!/usr/bin/env node
// Entry of `npm start` and `npx chatbot-platform`: the production build in dist/server/ (plain JavaScript,
// which `npm ci` builds; `npm run build` builds it again after a change to the sources). Without a
// build, the TypeScript sources through tsx, as `npm run dev` runs them: slower to start.
import { existsSync } from 'node:fs';

const build = new URL('../dist/server/cli.mjs', import.meta.url);
if (existsSync(build)) {
  await import(build.href);
} else {
  process.emitWarning('No build in dist/server/: running the TypeScript sources through tsx (npm run build makes one)');
  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
}
