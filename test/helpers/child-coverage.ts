// What a child process needs in its environment to report coverage to the tap run that started
// its test: Node's own V8 coverage (NODE_V8_COVERAGE), written into the run's coverage directory
// when the child exits. Not tap's preload: it drops a bundle that has any node_modules code in it
// (all of dist/server) and made every CLI start seven times slower. test/tools/coverage.ts maps
// what the child ran (the CLI from the build in dist/server) to the sources through the build's
// source maps. Empty when tap measures nothing. A child ended by SIGKILL writes nothing: only
// those that exit, or stop on a signal they handle, count.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Inside tap's .tap/coverage, so a new run clears it and a kept pass keeps it; in a folder of its
 * own, which tap's report of the pass (the files of .tap/coverage only) leaves out, as before.
 */
const CHILD_COVERAGE_DIRECTORY = 'children';

export function childCoverageEnv(): Record<string, string> {
  if (process.env._TAPJS_PROCESSINFO_COVERAGE_ !== '1') return {};
  return { NODE_V8_COVERAGE: path.join(process.env._TAPJS_PROCESSINFO_CWD_ ?? ROOT, '.tap/coverage', CHILD_COVERAGE_DIRECTORY) };
}
