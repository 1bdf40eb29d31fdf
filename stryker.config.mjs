// Mutation testing (StrykerJS with its tap runner): `npm run mutate` runs both scopes below side by
// side; `npm run mutate:core` or `npm run mutate:webhooks` runs one. Not part of `npm test` or CI:
// each mutant reruns the test files that reach it, tens of minutes on two shared cores. The scripts
// set TAP_TIMEOUT=120: a test file run without tap's runner otherwise gives up after 30 s, which a
// loaded machine reaches, and that failure would count as a kill.
//
// A scope is a set of source files and the test files written for them, run on their own: with
// every test file, each mutant of core/rate-limit.ts (which every request passes) would rerun the
// whole suite. Coverage is per test file (the finest the tap runner reports): a mutant runs only
// the files of its scope that reach it.
const scopes = {
  // Ids (prefix, time-ordered ulid from a pooled random source, the lowest id of an instant) and
  // the text helpers every search uses (term maps without a prototype, accent and case folding).
  // Their test files open no store and start no server: on two shared cores a test file that
  // starts a server costs ~45 s a mutant, which made core/idempotency.ts (~170 mutants) too long.
  core: {
    mutate: ['core/ids.ts', 'core/text/term-counts.ts', 'core/text/fold.ts'],
    testFiles: [
      'test/core/ids.test.ts',
      'test/core/term-counts.test.ts',
      'test/core/text-analysis.test.ts',
      'test/core/text-fold.test.ts',
    ],
  },
  // The webhooks plugin's outcome batches: how the outcomes of finished sends end their delivery
  // leases, in batches of at most 128, in order, and what a lost lease or a failed write means.
  webhooks: {
    mutate: ['plugins/webhooks/outcomes.ts'],
    testFiles: ['test/plugins/webhooks-outcomes.test.ts', 'test/plugins/webhooks-dispatch.test.ts'],
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
  // Two cores shared with other work: `npm run mutate` runs the two scopes side by side, one test
  // process each.
  concurrency: 1,
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
