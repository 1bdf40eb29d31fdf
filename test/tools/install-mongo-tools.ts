// Builds mongodump and mongorestore into the cache (test/helpers/mongo-tools.ts), for the test of
// the MongoDB backup steps (test/bin/mongo-backup.test.ts); reuses them afterwards. If they cannot
// be built it says so, loudly, with what to set instead, and lets the run go on: the Go module
// proxy of some machines refuses the tools' module, and that one test is then skipped with the
// reason (its skip is counted in tap's summary), while every other test still runs.
import { ensureMongoTools, mongoToolsDirectory } from '../helpers/mongo-tools.js';

try {
  const tools = ensureMongoTools((line) => process.stderr.write(`${line}\n`));
  process.stderr.write(`mongodump and mongorestore ready: ${tools.mongodump}, ${tools.mongorestore}\n`);
} catch (error) {
  process.stderr.write(
    `\n*** mongodump and mongorestore could not be built, so the MongoDB backup steps cannot be tested. ***\n` +
      `${(error as Error).message}\n` +
      `Expected in ${mongoToolsDirectory()}. test/bin/mongo-backup.test.ts will be skipped.\n\n`,
  );
}
