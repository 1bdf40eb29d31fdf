// Mutation testing (StrykerJS with its tap runner): `npm run mutate` runs both scopes below, one
// after the other; `npm run mutate:core` or `npm run mutate:webhooks` runs one. Not part of
// `npm test` or CI: each mutant reruns the test files that reach it, tens of minutes on two cores.
//
// A scope is a set of source files and the test files written for them, run on their own: with
// every test file, each mutant of core/rate-limit.ts (which every request passes) would rerun the
// whole suite. Coverage is per test file (the finest the tap runner reports): a mutant runs only
// the files of its scope that reach it.
const scopes = {
  // Idempotency-Key handling (parse, take, replay, take over, keep or free) and the id generator.
  core: {
    mutate: ['core/idempotency.ts', 'core/ids.ts'],
    testFiles: ['test/core/idempotency.test.ts', 'test/core/ids.test.ts'],
  },
  // The webhooks plugin's sending rules: per-endpoint and total sending slots, and the outcome
  // batches that end delivery leases.
  webhooks: {
    mutate: ['plugins/webhooks/send-slots.ts', 'plugins/webhooks/outcomes.ts'],
    testFiles: ['test/plugins/webhooks-dispatch.test.ts'],
  },
};

const scopeName = process.env.MUTATE_SCOPE ?? 'core';
const scope = scopes[scopeName];
if (!scope) throw new Error(`MUTATE_SCOPE must be one of ${Object.keys(scopes).join(', ')}`);

export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  tap: {
    testFiles: scope.testFiles,
    // Each test file runs as `node -r <stryker hook> --import tsx <file>`, as tap runs TypeScript.
    nodeArgs: ['--import', 'tsx'],
    forceBail: true,
  },
  mutate: scope.mutate,
  coverageAnalysis: 'perTest',
  // Two cores shared with other work: at most two test processes at once.
  concurrency: 2,
  // A mutant that hangs a test (a promise never settled) is cut at 1.5 × the file's normal time + 20 s.
  timeoutFactor: 1.5,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scopeName}.html` },
  jsonReporter: { fileName: `reports/mutation/${scopeName}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  incrementalFile: `reports/mutation/${scopeName}-incremental.json`,
  tempDirName: '.stryker-tmp',
  // What the tests never read: not copied into each sandbox.
  ignorePatterns: ['.tap', 'coverage', 'data', 'reports', 'test/.screenshots', 'bench', '*.sqlite*'],
  thresholds: { high: 90, low: 75, break: null },
};
