// `npm test` runs this first (pretest): builds FerretDB into the cache on a fresh machine, reuses
// it afterwards. If it cannot be built the test run fails here, loudly: the MongoDB adapter's
// suites must never be skipped silently.
import { ensureFerretDb, ferretDbBinaryPath } from '../helpers/ferretdb.js';

try {
  const binary = ensureFerretDb((line) => process.stderr.write(`${line}\n`));
  process.stderr.write(`FerretDB ready: ${binary}\n`);
} catch (error) {
  process.stderr.write(
    `\n*** FerretDB could not be built, so the MongoDB adapter cannot be tested. ***\n` +
      `${(error as Error).message}\n` +
      `Install Go (https://go.dev) with access to the Go module proxy, or set FERRETDB_BIN to a FerretDB ` +
      `1.24 binary (expected at ${ferretDbBinaryPath()}).\n\n`,
  );
  process.exit(1);
}
