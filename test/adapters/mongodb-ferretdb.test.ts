import t from 'tap';
import { FERRETDB_VERSION } from '../helpers/ferretdb.js';
import { freshMongoUrl, openMongoTestHarness } from '../helpers/mongodb.js';
import { runStoreConformance } from './conformance.js';

await runStoreConformance(t, `mongodb on FerretDB ${FERRETDB_VERSION}`, async () =>
  openMongoTestHarness(await freshMongoUrl(false)),
);
