// Entry of the parser worker threads. A worker thread does not inherit a TypeScript loader that
// the main thread registered in-process (bin/chatbot-platform.js calls tsx's register()), so this
// plain ES module registers tsx itself, then loads the TypeScript implementation.
import { stopCoverage } from 'node:v8';
import { register } from 'tsx/esm/api';

// A test run's V8 coverage (NODE_V8_COVERAGE) reaches worker threads too; their copy of the sources
// is compiled by this loader, not the runner's, and merged it corrupts the shared files' numbers.
// The task code is covered by tests that run it in-process.
if (process.env.NODE_V8_COVERAGE) stopCoverage();
register();
const { runParseTask } = await import('./tasks.ts');

export default runParseTask;
